import { Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import { getAgent } from "../../domain/agents.ts";
import * as deployments from "../../domain/deployments.ts";
import { ApiError } from "../../errors.ts";
import { accountOf, pathParam, queryFlag, queryString } from "../../http/context.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type AgentRef = { type: "agent"; id: string; version: number | null };

/** The SDK's agent reference always has a version: an unpinned one shows the agent's latest (0 once it is gone). */
async function pinned(deps: AppDeps, accountId: string, agent: AgentRef) {
  if (agent.version !== null) return { ...agent, version: agent.version };
  try {
    return { ...agent, version: (await getAgent(deps, accountId, agent.id)).version };
  } catch (err) {
    if (err instanceof ApiError && err.type === "not_found_error") return { ...agent, version: 0 };
    throw err;
  }
}

async function sdkDeployment(deps: AppDeps, accountId: string, d: Schema<"Deployment">) {
  return { ...d, agent: await pinned(deps, accountId, d.agent as AgentRef) };
}

async function sdkRun(deps: AppDeps, accountId: string, run: Schema<"DeploymentRun">) {
  return { ...run, agent: await pinned(deps, accountId, run.agent as AgentRef) };
}

/** Deployments (`client.beta.deployments`) and their runs (`client.beta.deploymentRuns`). */
export const deploymentsFamily: AnthropicFamily = {
  name: "deployments",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/deployments", async (req, res) => {
      const body = await nativeBody(req, "CreateDeploymentRequest", bodyOf(req));
      const account = accountOf(res);
      res.json(await sdkDeployment(deps, account, await deployments.createDeployment(deps, account, body)));
    });
    r.get("/deployments", async (req, res) => {
      const account = accountOf(res);
      const page = await deployments.listDeployments(deps, account, {
        includeArchived: queryFlag(req, "include_archived"),
        agentId: undefined,
        status: undefined,
        page: sdkPageQuery(req, "dep"),
      });
      res.json(await sdkPage(page, (d) => sdkDeployment(deps, account, d)));
    });
    r.get("/deployments/:deployment_id", async (req, res) => {
      const account = accountOf(res);
      res.json(
        await sdkDeployment(
          deps,
          account,
          await deployments.getDeployment(deps, account, pathParam(req, "deployment_id")),
        ),
      );
    });
    r.post("/deployments/:deployment_id", async (req, res) => {
      const body = await nativeBody(req, "UpdateDeploymentRequest", bodyOf(req));
      const account = accountOf(res);
      const updated = await deployments.updateDeployment(deps, account, pathParam(req, "deployment_id"), body);
      res.json(await sdkDeployment(deps, account, updated));
    });
    const actions = {
      archive: deployments.archiveDeployment,
      pause: deployments.pauseDeployment,
      unpause: deployments.unpauseDeployment,
    } as const;
    for (const [action, run] of Object.entries(actions)) {
      r.post(`/deployments/:deployment_id/${action}`, async (req, res) => {
        const account = accountOf(res);
        res.json(await sdkDeployment(deps, account, await run(deps, account, pathParam(req, "deployment_id"))));
      });
    }
    r.post("/deployments/:deployment_id/run", async (req, res) => {
      const account = accountOf(res);
      res.json(
        await sdkRun(deps, account, await deployments.runDeployment(deps, account, pathParam(req, "deployment_id"))),
      );
    });
    r.get("/deployment_runs", async (req, res) => {
      const account = accountOf(res);
      const page = await deployments.listDeploymentRuns(deps, account, {
        deploymentId: queryString(req, "deployment_id"),
        triggerType: undefined,
        status: undefined,
        hasError: undefined,
        page: sdkPageQuery(req, "drun"),
      });
      res.json(await sdkPage(page, (run) => sdkRun(deps, account, run)));
    });
    r.get("/deployment_runs/:deployment_run_id", async (req, res) => {
      const account = accountOf(res);
      const run = await deployments.getDeploymentRun(deps, account, pathParam(req, "deployment_run_id"));
      res.json(await sdkRun(deps, account, run));
    });
    return r;
  },
};
