import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as work from "../domain/work.ts";
import { accountOf, pathParam } from "../http/context.ts";

/** Routes of the Environment keys tag. */
export const environmentKeyRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/environments/:environment_id/keys", async (req, res) => {
      res.json(await work.listEnvironmentKeys(deps, accountOf(res), pathParam(req, "environment_id")));
    });
    r.post("/environments/:environment_id/keys", async (req, res) => {
      res.json(
        await work.createEnvironmentKey(
          deps,
          accountOf(res),
          pathParam(req, "environment_id"),
          req.body as Schema<"CreateEnvironmentKeyRequest"> | undefined,
        ),
      );
    });
    r.post("/environments/:environment_id/keys/:key_id/revoke", async (req, res) => {
      res.json(
        await work.revokeEnvironmentKey(
          deps,
          accountOf(res),
          pathParam(req, "environment_id"),
          pathParam(req, "key_id"),
        ),
      );
    });
    return r;
  },
};
