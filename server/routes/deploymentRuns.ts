import { type Request, Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as deployments from "../domain/deployments.ts";
import { accountOf, pageQuery, pathParam, queryString } from "../http/context.ts";
import type { DeploymentRunStatus } from "../storage/port/deployments.ts";

/** A boolean filter: undefined when absent (the spec has checked the value). */
function optionalFlag(req: Request, name: string): boolean | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return value === true || value === "true";
}

/** Routes of the Deployment runs tag. */
export const deploymentRunRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/deployment_runs", async (req, res) => {
      res.json(
        await deployments.listDeploymentRuns(deps, accountOf(res), {
          deploymentId: queryString(req, "deployment_id"),
          triggerType: queryString(req, "trigger_type") as "schedule" | "manual" | undefined,
          status: queryString(req, "status") as DeploymentRunStatus | undefined,
          hasError: optionalFlag(req, "has_error"),
          page: pageQuery(req, "drun"),
        }),
      );
    });
    r.get("/deployment_runs/:deployment_run_id", async (req, res) => {
      res.json(await deployments.getDeploymentRun(deps, accountOf(res), pathParam(req, "deployment_run_id")));
    });
    return r;
  },
};
