import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as environments from "../domain/environments.ts";
import { accountOf, pageQuery, pathParam, queryFlag } from "../http/context.ts";

/** Routes of the Environments tag. */
export const environmentRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/environments", async (req, res) => {
      res.json(
        await environments.listEnvironments(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "env"),
        }),
      );
    });
    r.post("/environments", async (req, res) => {
      res.json(
        await environments.createEnvironment(deps, accountOf(res), req.body as Schema<"CreateEnvironmentRequest">),
      );
    });
    r.get("/environments/:environment_id", async (req, res) => {
      res.json(await environments.getEnvironment(deps, accountOf(res), pathParam(req, "environment_id")));
    });
    r.post("/environments/:environment_id", async (req, res) => {
      res.json(
        await environments.updateEnvironment(
          deps,
          accountOf(res),
          pathParam(req, "environment_id"),
          req.body as Schema<"UpdateEnvironmentRequest">,
        ),
      );
    });
    r.delete("/environments/:environment_id", async (req, res) => {
      res.json(await environments.deleteEnvironment(deps, accountOf(res), pathParam(req, "environment_id")));
    });
    r.post("/environments/:environment_id/archive", async (req, res) => {
      res.json(await environments.archiveEnvironment(deps, accountOf(res), pathParam(req, "environment_id")));
    });
    return r;
  },
};
