import express, { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as work from "../domain/work.ts";
import { downloadWorkWorkspace, uploadWorkWorkspace } from "../domain/workWorkspace.ts";
import { accountOf, pageQuery, pathParam } from "../http/context.ts";
import { heartbeatOptions, pollOptions } from "../surfaces/workRequests.ts";

/**
 * Routes of the Environment work tag: the operations of /v1's client.beta.environments.work, and
 * this surface's own for cloud-agents worker (release, the session's workspace).
 */
export const environmentWorkRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    const env = (req: Parameters<typeof pathParam>[0]) => pathParam(req, "environment_id");
    r.get("/environments/:environment_id/work", async (req, res) => {
      res.json(await work.listWork(deps, accountOf(res), env(req), pageQuery(req, "work")));
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
      const body = req.body as Schema<"UpdateWorkRequest">;
      res.json(await work.updateWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), body.metadata ?? {}));
    });
    r.post("/environments/:environment_id/work/:work_id/ack", async (req, res) => {
      res.json(await work.ackWork(deps, accountOf(res), env(req), pathParam(req, "work_id")));
    });
    r.post("/environments/:environment_id/work/:work_id/heartbeat", async (req, res) => {
      res.json(
        await work.heartbeatWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), heartbeatOptions(req)),
      );
    });
    r.post("/environments/:environment_id/work/:work_id/release", async (req, res) => {
      res.json(await work.releaseWork(deps, accountOf(res), env(req), pathParam(req, "work_id")));
    });
    r.get("/environments/:environment_id/work/:work_id/workspace", async (req, res) => {
      const archive = await downloadWorkWorkspace(deps, accountOf(res), env(req), pathParam(req, "work_id"));
      if (archive)
        res.type("application/zip").send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
      else res.status(204).end();
    });
    r.put(
      "/environments/:environment_id/work/:work_id/workspace",
      express.raw({ type: "application/zip", limit: deps.config.sandbox.snapshotMaxBytes }),
      async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        res.json(await uploadWorkWorkspace(deps, accountOf(res), env(req), pathParam(req, "work_id"), body));
      },
    );
    r.post("/environments/:environment_id/work/:work_id/stop", async (req, res) => {
      const body = req.body as Schema<"StopWorkRequest"> | undefined;
      res.json(await work.stopWork(deps, accountOf(res), env(req), pathParam(req, "work_id"), body?.force ?? false));
    });
    return r;
  },
};
