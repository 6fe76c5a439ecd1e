import { Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as deployments from "../../domain/deployments.ts";
import { accountOf, pathParam, queryFlag, queryString } from "../../http/context.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type AgentRef = { type: "agent"; id: string; version: number | null };

/**
 * The SDK's agent reference always has a version: an unpinned one shows the agent's latest (0 once
 * it is gone). The latest versions of a page's unpinned agents are read at once (one query).
 */
async function pinner(deps: AppDeps, accountId: string, refs: readonly AgentRef[]) {
  const unpinned = [...new Set(refs.filter((r) => r.version === null).map((r) => r.id))];
  const latest = new Map(
    (
      await deps.storage.agents.getAgentVersions(
        accountId,
        unpinned.map((id) => ({ id })),
      )
    ).map((a) => [a.id, a.version]),
  );
  return (agent: AgentRef) => ({ ...agent, version: agent.version ?? latest.get(agent.id) ?? 0 });
}

async function sdkDeployments(deps: AppDeps, accountId: string, list: readonly Schema<"Deployment">[]) {
  const pinned = await pinner(
    deps,
    accountId,
    list.map((d) => d.agent as AgentRef),
  );
  return list.map((d) => ({ ...d, agent: pinned(d.agent as AgentRef) }));
}

async function sdkRuns(deps: AppDeps, accountId: string, list: readonly Schema<"DeploymentRun">[]) {
  const pinned = await pinner(
    deps,
    accountId,
    list.map((r) => r.agent as AgentRef),
  );
  return list.map((r) => ({ ...r, agent: pinned(r.agent as AgentRef) }));
}

async function sdkDeployment(deps: AppDeps, accountId: string, d: Schema<"Deployment">) {
  const [shown] = await sdkDeployments(deps, accountId, [d]);
  if (!shown) throw new Error("sdkDeployments returned nothing for one deployment");
  return shown;
}

async function sdkRun(deps: AppDeps, accountId: string, run: Schema<"DeploymentRun">) {
  const [shown] = await sdkRuns(deps, accountId, [run]);
  if (!shown) throw new Error("sdkRuns returned nothing for one run");
  return shown;
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
      res.json({
        data: await sdkDeployments(deps, account, page.data),
        next_page: page.has_more ? page.next_page : null,
      });
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
      res.json({ data: await sdkRuns(deps, account, page.data), next_page: page.has_more ? page.next_page : null });
    });
    r.get("/deployment_runs/:deployment_run_id", async (req, res) => {
      const account = accountOf(res);
      const run = await deployments.getDeploymentRun(deps, account, pathParam(req, "deployment_run_id"));
      res.json(await sdkRun(deps, account, run));
    });
    return r;
  },
};
