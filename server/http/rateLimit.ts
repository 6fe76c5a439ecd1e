import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { ApiError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { RequestAuth } from "./context.ts";

/**
 * The per-token rate limit (`RATE_LIMIT_PER_MINUTE`; null when 0 = off), mounted right after
 * authentication: a fixed one-minute window per token (express-rate-limit's memory store: one
 * server per database, so one counter per token). Every API response carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF draft 6, plus
 * `RateLimit-Policy`); beyond the limit the answer is 429 `rate_limit_error` with `Retry-After`.
 */
export function rateLimitPerToken(perMinute: number, logger: Logger): RequestHandler | null {
  if (perMinute <= 0) return null;
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-6",
    legacyHeaders: false,
    keyGenerator: (_req, res) => (res.locals.auth as RequestAuth).tokenId,
    // We key by token, never by IP: the IP-related checks do not apply.
    validate: false,
    logger: {
      error: (error, message) => logger.error(`rate limit: ${message ?? "store error"}`, { error: String(error) }),
      warn: (error, message) => logger.warn(`rate limit: ${message ?? "warning"}`, { error: String(error) }),
    },
    handler: (_req, res, next) => {
      const retryAfter = res.getHeader("Retry-After");
      next(
        new ApiError(
          "rate_limit_error",
          `Too many requests: this token may make ${perMinute} requests per minute. Retry after ${String(retryAfter)} s.`,
        ),
      );
    },
  });
}
