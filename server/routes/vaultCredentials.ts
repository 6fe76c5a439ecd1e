import { Router } from "express";
import { validateVaultCredential } from "../agents/mcp/validateCredential.ts";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as vaults from "../domain/vaults.ts";
import { accountOf, pageQuery, pathParam, queryFlag } from "../http/context.ts";

const BASE = "/vaults/:vault_id/credentials";

/** Routes of the Vault credentials tag. */
export const vaultCredentialRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get(BASE, async (req, res) => {
      res.json(
        await vaults.listCredentials(deps, accountOf(res), pathParam(req, "vault_id"), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "vcred"),
        }),
      );
    });
    r.post(BASE, async (req, res) => {
      res.json(
        await vaults.createCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          req.body as Schema<"CreateVaultCredentialRequest">,
        ),
      );
    });
    r.get(`${BASE}/:credential_id`, async (req, res) => {
      res.json(
        await vaults.getCredential(deps, accountOf(res), pathParam(req, "vault_id"), pathParam(req, "credential_id")),
      );
    });
    r.post(`${BASE}/:credential_id`, async (req, res) => {
      res.json(
        await vaults.updateCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          pathParam(req, "credential_id"),
          req.body as Schema<"UpdateVaultCredentialRequest">,
        ),
      );
    });
    r.post(`${BASE}/:credential_id/archive`, async (req, res) => {
      res.json(
        await vaults.archiveCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          pathParam(req, "credential_id"),
        ),
      );
    });
    r.delete(`${BASE}/:credential_id`, async (req, res) => {
      res.json(
        await vaults.deleteCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          pathParam(req, "credential_id"),
        ),
      );
    });
    r.post(`${BASE}/:credential_id/validate`, async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      res.json(await validateVaultCredential(deps, accountOf(res), vault, credential));
    });
    return r;
  },
};
