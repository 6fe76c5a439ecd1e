import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as vaults from "../domain/vaults.ts";
import { invalidRequest } from "../errors.ts";
import { accountOf, pageQuery, pathParam, queryFlag } from "../http/context.ts";

/** Routes of the Vaults tag. */
export const vaultRoutes: RouteModule = {
  // The interface fixes this message word for word, so it is checked before schema validation
  // (which would otherwise report `credentials` as an unknown field).
  preValidation: () =>
    Router().post("/vaults", (req, _res, next) => {
      const body: unknown = req.body;
      if (body && typeof body === "object" && !Array.isArray(body) && "credentials" in body) {
        return next(invalidRequest("Field 'credentials' is not supported on vault create.", "credentials"));
      }
      next();
    }),

  router(deps: AppDeps) {
    const r = Router();
    r.get("/vaults", async (req, res) => {
      res.json(
        await vaults.listVaults(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "vault"),
        }),
      );
    });
    r.post("/vaults", async (req, res) => {
      res.json(await vaults.createVault(deps, accountOf(res), req.body as Schema<"CreateVaultRequest">));
    });
    r.get("/vaults/:vault_id", async (req, res) => {
      res.json(await vaults.getVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });
    r.post("/vaults/:vault_id", async (req, res) => {
      res.json(
        await vaults.updateVault(
          deps,
          accountOf(res),
          pathParam(req, "vault_id"),
          req.body as Schema<"UpdateVaultRequest">,
        ),
      );
    });
    r.post("/vaults/:vault_id/archive", async (req, res) => {
      res.json(await vaults.archiveVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });
    r.delete("/vaults/:vault_id", async (req, res) => {
      res.json(await vaults.deleteVault(deps, accountOf(res), pathParam(req, "vault_id")));
    });
    return r;
  },
};
