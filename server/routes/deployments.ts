import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as deployments from "../domain/deployments.ts";
import { accountOf, pageQuery, pathParam, queryFlag, queryString } from "../http/context.ts";
import type { DeploymentStatus } from "../storage/port/deployments.ts";

/** Routes of the Deployments tag. */
export const deploymentRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/deployments", async (req, res) => {
      res.json(
        await deployments.listDeployments(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          agentId: queryString(req, "agent_id"),
          // The spec has checked the value.
          status: queryString(req, "status") as DeploymentStatus | undefined,
          page: pageQuery(req, "dep"),
        }),
      );
    });
    r.post("/deployments", async (req, res) => {
      res.json(await deployments.createDeployment(deps, accountOf(res), req.body as Schema<"CreateDeploymentRequest">));
    });
    r.get("/deployments/:deployment_id", async (req, res) => {
      res.json(await deployments.getDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    r.post("/deployments/:deployment_id", async (req, res) => {
      res.json(
        await deployments.updateDeployment(
          deps,
          accountOf(res),
          pathParam(req, "deployment_id"),
          req.body as Schema<"UpdateDeploymentRequest">,
        ),
      );
    });
    r.delete("/deployments/:deployment_id", async (req, res) => {
      res.json(await deployments.deleteDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    r.post("/deployments/:deployment_id/pause", async (req, res) => {
      res.json(await deployments.pauseDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    r.post("/deployments/:deployment_id/unpause", async (req, res) => {
      res.json(await deployments.unpauseDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    r.post("/deployments/:deployment_id/archive", async (req, res) => {
      res.json(await deployments.archiveDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    r.post("/deployments/:deployment_id/run", async (req, res) => {
      res.json(await deployments.runDeployment(deps, accountOf(res), pathParam(req, "deployment_id")));
    });
    return r;
  },
};
