import { type Request, Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as sessions from "../domain/sessions.ts";
import { accountOf, pageQuery, pathParam, queryFlag, queryInt, queryString } from "../http/context.ts";
import type { SessionStatus } from "../storage/port/sessions.ts";

/** `statuses[]=idle&statuses[]=running` (the spec has checked the values). */
function statusesOf(req: Request): SessionStatus[] | undefined {
  const value = (req.query as Record<string, unknown>).statuses;
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String) as SessionStatus[];
}

/** Routes of the Sessions tag (sessions and their event history). */
export const sessionRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/sessions", async (req, res) => {
      res.json(
        await sessions.listSessions(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          statuses: statusesOf(req),
          agentId: queryString(req, "agent_id"),
          agentVersion: queryInt(req, "agent_version"),
          deploymentId: queryString(req, "deployment_id"),
          memoryStoreId: queryString(req, "memory_store_id"),
          page: pageQuery(req, "sess"),
        }),
      );
    });
    r.post("/sessions", async (req, res) => {
      res.json(await sessions.createSession(deps, accountOf(res), req.body as Schema<"CreateSessionRequest">));
    });
    r.get("/sessions/:session_id", async (req, res) => {
      res.json(await sessions.getSession(deps, accountOf(res), pathParam(req, "session_id")));
    });
    r.post("/sessions/:session_id", async (req, res) => {
      res.json(
        await sessions.updateSession(
          deps,
          accountOf(res),
          pathParam(req, "session_id"),
          req.body as Schema<"UpdateSessionRequest">,
        ),
      );
    });
    r.delete("/sessions/:session_id", async (req, res) => {
      res.json(await sessions.deleteSession(deps, accountOf(res), pathParam(req, "session_id")));
    });
    r.post("/sessions/:session_id/archive", async (req, res) => {
      res.json(await sessions.archiveSession(deps, accountOf(res), pathParam(req, "session_id")));
    });
    r.get("/sessions/:session_id/events", async (req, res) => {
      res.json(
        await sessions.listEvents(deps, accountOf(res), pathParam(req, "session_id"), { page: pageQuery(req, "sevt") }),
      );
    });
    r.post("/sessions/:session_id/events", async (req, res) => {
      // 202: the events are stored; the run they start proceeds in the background.
      res
        .status(202)
        .json(
          await sessions.sendEvents(
            deps,
            accountOf(res),
            pathParam(req, "session_id"),
            req.body as Schema<"SendSessionEventsRequest">,
          ),
        );
    });
    return r;
  },
};
