import { Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as sessions from "../domain/sessions.ts";
import { accountOf, pageQuery, pathParam } from "../http/context.ts";

/** Routes of the Session threads tag. */
export const sessionThreadRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/sessions/:session_id/threads", async (req, res) => {
      res.json(await sessions.listThreads(deps, accountOf(res), pathParam(req, "session_id"), pageQuery(req, "sthr")));
    });
    r.get("/sessions/:session_id/threads/:thread_id", async (req, res) => {
      res.json(
        await sessions.getThread(deps, accountOf(res), pathParam(req, "session_id"), pathParam(req, "thread_id")),
      );
    });
    r.post("/sessions/:session_id/threads/:thread_id/archive", async (req, res) => {
      res.json(
        await sessions.archiveThread(deps, accountOf(res), pathParam(req, "session_id"), pathParam(req, "thread_id")),
      );
    });
    r.get("/sessions/:session_id/threads/:thread_id/events", async (req, res) => {
      res.json(
        await sessions.listEvents(deps, accountOf(res), pathParam(req, "session_id"), {
          threadId: pathParam(req, "thread_id"),
          page: pageQuery(req, "sevt"),
        }),
      );
    });
    return r;
  },
};
