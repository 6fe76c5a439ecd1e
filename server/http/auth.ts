import type { NextFunction, Request, Response } from "express";
import { hashToken } from "../crypto/secretBox.ts";
import { ENVIRONMENT_KEY_PREFIX } from "../domain/work.ts";
import { tokenInvalid } from "../errors.ts";
import type { Storage } from "../storage/port/index.ts";
import type { RequestAuth } from "./context.ts";

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

/**
 * Bearer authentication: the token's SHA-256 hash must belong to an active token, or to an active
 * key of a self-hosted environment (`cak_env_...`; what such a key may do: environmentKeyScope.ts).
 */
export function authenticate(storage: Storage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get("authorization");
    if (!header) {
      return next(tokenInvalid("Missing Authorization header: send Authorization: Bearer <token>."));
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) {
      return next(tokenInvalid("Malformed Authorization header: expected Authorization: Bearer <token>."));
    }
    const hash = hashToken(match[1]);
    if (match[1].startsWith(ENVIRONMENT_KEY_PREFIX)) {
      const key = await storage.work.authenticateKey(hash);
      if (!key) return next(tokenInvalid("The environment key is unknown or revoked."));
      res.locals.auth = {
        accountId: key.accountId,
        tokenId: key.keyId,
        environmentKey: { keyId: key.keyId, environmentId: key.environmentId },
      } satisfies RequestAuth;
      return next();
    }
    const found = await storage.accounts.authenticate(hash);
    if (!found) return next(tokenInvalid("The bearer token is unknown or revoked."));
    res.locals.auth = found satisfies RequestAuth;
    next();
  };
}
