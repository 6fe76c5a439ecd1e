import { type Request, Router } from "express";
import { validateVaultCredential } from "../../agents/mcp/validateCredential.ts";
import type { Schemas } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as vaults from "../../domain/vaults.ts";
import { accountOf, pathParam, queryFlag } from "../../http/context.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

/** Vaults and their credentials: the objects are `BetaManagedAgentsVault` and `...Credential` as they are. */
export const vaultsFamily: AnthropicFamily = {
  name: "vaults",
  router(deps: AppDeps) {
    const r = Router();
    const own = <K extends keyof Schemas>(req: Request, name: K) => nativeBody(req, name, bodyOf(req));
    r.post("/vaults", async (req, res) => {
      res.json(await vaults.createVault(deps, accountOf(res), await own(req, "CreateVaultRequest")));
    });
    r.get("/vaults", async (req, res) => {
      const page = await vaults.listVaults(deps, accountOf(res), {
        includeArchived: queryFlag(req, "include_archived"),
        page: sdkPageQuery(req, "vault"),
      });
      res.json(await sdkPage(page, (v) => v));
    });
    r.get("/vaults/:vault_id", async (req, res) => {
      res.json(await vaults.getVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });
    r.post("/vaults/:vault_id", async (req, res) => {
      const body = await own(req, "UpdateVaultRequest");
      res.json(await vaults.updateVault(deps, accountOf(res), pathParam(req, "vault_id"), body));
    });
    r.delete("/vaults/:vault_id", async (req, res) => {
      res.json(await vaults.deleteVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });
    r.post("/vaults/:vault_id/archive", async (req, res) => {
      res.json(await vaults.archiveVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });

    r.post("/vaults/:vault_id/credentials", async (req, res) => {
      const body = await own(req, "CreateVaultCredentialRequest");
      res.json(await vaults.createCredential(deps, accountOf(res), pathParam(req, "vault_id"), body));
    });
    r.get("/vaults/:vault_id/credentials", async (req, res) => {
      const page = await vaults.listCredentials(deps, accountOf(res), pathParam(req, "vault_id"), {
        includeArchived: queryFlag(req, "include_archived"),
        page: sdkPageQuery(req, "vcred"),
      });
      res.json(await sdkPage(page, (c) => c));
    });
    r.get("/vaults/:vault_id/credentials/:credential_id", async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      res.json(await vaults.getCredential(deps, accountOf(res), vault, credential));
    });
    r.post("/vaults/:vault_id/credentials/:credential_id", async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      const body = await own(req, "UpdateVaultCredentialRequest");
      res.json(await vaults.updateCredential(deps, accountOf(res), vault, credential, body));
    });
    r.delete("/vaults/:vault_id/credentials/:credential_id", async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      res.json(await vaults.deleteCredential(deps, accountOf(res), vault, credential));
    });
    r.post("/vaults/:vault_id/credentials/:credential_id/archive", async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      res.json(await vaults.archiveCredential(deps, accountOf(res), vault, credential));
    });
    r.post("/vaults/:vault_id/credentials/:credential_id/mcp_oauth_validate", async (req, res) => {
      const [vault, credential] = [pathParam(req, "vault_id"), pathParam(req, "credential_id")];
      res.json(await validateVaultCredential(deps, accountOf(res), vault, credential));
    });
    return r;
  },
};
