import { Router } from "express";
import type { AppDeps } from "../../appDeps.ts";
import * as work from "../../domain/work.ts";
import { accountOf, pathParam } from "../../http/context.ts";
import { heartbeatOptions, pollOptions } from "../workRequests.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";

/**
 * `client.beta.environments.work`: the work queue of a self-hosted environment, as the SDK's
 * `WorkPoller` and `EnvironmentWorker` call it (our work item has the SDK's shape already).
 */
export const environmentWorkFamily: AnthropicFamily = {
  name: "environments.work",
  router(deps: AppDeps) {
    const r = Router();
    const env = (req: Parameters<typeof pathParam>[0]) => pathParam(req, "environment_id");
    r.get("/environments/:environment_id/work", async (req, res) => {
      const page = await work.listWork(deps, accountOf(res), env(req), sdkPageQuery(req, "work"));
      res.json(await sdkPage(page, (w) => w));
    });
    r.get("/environments/:environment_id/work/poll", async (req, res) => {
      const item = await work.pollWork(deps, accountOf(res), env(req), pollOptions(req, res));
      if (item) res.json(item);
      else res.status(204).end();
    });
    r.get("/environments/:environment_id/work/stats", async (req, res) => {
      res.json(await work.workStats(deps, accountOf(res), env(req)));
    });
    r.get("/environments/:environment_id/work/:work_id", async (req, res) => {
      res.json(await work.getWork(deps, accountOf(res), env(req), pathParam(req, "work_id")));
    });
    r.post("/environments/:environment_id/work/:work_id", async (req, res) => {
      const metadata = bodyOf(req).metadata as Record<string, string | null>;
      res.json(await work.updateWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), metadata));
    });
    r.post("/environments/:environment_id/work/:work_id/ack", async (req, res) => {
      res.json(await work.ackWork(deps, accountOf(res), env(req), pathParam(req, "work_id")));
    });
    r.post("/environments/:environment_id/work/:work_id/heartbeat", async (req, res) => {
      res.json(
        await work.heartbeatWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), heartbeatOptions(req)),
      );
    });
    r.post("/environments/:environment_id/work/:work_id/stop", async (req, res) => {
      const force = bodyOf(req).force === true;
      res.json(await work.stopWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), force));
    });
    return r;
  },
};
