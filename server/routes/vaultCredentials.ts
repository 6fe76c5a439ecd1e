import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../app.ts";
import * as vaults from "../domain/vaults.ts";
import { accountOf, pageQuery, pathParam, queryFlag } from "../http/context.ts";

const BASE = "/vaults/:vault_id/credentials";

/** Routes of the Vault credentials tag. */
export const vaultCredentialRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get(BASE, (req, res) => {
      res.json(
        vaults.listCredentials(deps, accountOf(res), pathParam(req, "vault_id"), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "vcred"),
        }),
      );
    });
    r.post(BASE, (req, res) => {
      res.json(
        vaults.createCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          req.body as Schema<"CreateVaultCredentialRequest">,
        ),
      );
    });
    r.get(`${BASE}/:credential_id`, (req, res) => {
      res.json(vaults.getCredential(deps, accountOf(res), pathParam(req, "vault_id"), pathParam(req, "credential_id")));
    });
    r.post(`${BASE}/:credential_id`, (req, res) => {
      res.json(
        vaults.updateCredential(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          pathParam(req, "credential_id"),
          req.body as Schema<"UpdateVaultCredentialRequest">,
        ),
      );
    });
    r.post(`${BASE}/:credential_id/archive`, (req, res) => {
      res.json(
        vaults.archiveCredential(deps, accountOf(res), pathParam(req, "vault_id"), pathParam(req, "credential_id")),
      );
    });
    r.delete(`${BASE}/:credential_id`, (req, res) => {
      res.json(
        vaults.deleteCredential(deps, accountOf(res), pathParam(req, "vault_id"), pathParam(req, "credential_id")),
      );
    });
    return r;
  },
};
