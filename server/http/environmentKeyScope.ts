/**
 * What a self-hosted environment's key may do (docs/self-hosted.md, the trust model): the work
 * operations of its own environment (another environment's: 403), and, for a session that an item
 * of its environment holds leased (acked, not stopped), read the session, list and stream its
 * events, and post `user.tool_result` events to it (another session: 403). Any other operation
 * does not take an environment key (401). Account tokens pass untouched. The paths are the same on
 * both surfaces, relative to their base.
 */
import type { NextFunction, Request, Response } from "express";
import { forbidden, tokenInvalid } from "../errors.ts";
import type { Storage } from "../storage/port/index.ts";
import type { RequestAuth } from "./context.ts";

const WORK = /^\/environments\/([^/]+)\/work(?:\/[^/]+(?:\/(?:ack|heartbeat|stop|release|workspace))?)?$/;
const SESSION_READ = /^\/sessions\/([^/]+)(?:\/events(?:\/stream)?)?$/;
const SESSION_EVENTS = /^\/sessions\/([^/]+)\/events$/;

/** The event types a worker posts: the results of the built-in tool calls it ran. */
const WORKER_EVENT_TYPES = new Set(["user.tool_result"]);

function postsOnlyToolResults(body: unknown): boolean {
  const events = (body as { events?: unknown } | null)?.events;
  return (
    Array.isArray(events) &&
    events.every((e) => WORKER_EVENT_TYPES.has(String((e as { type?: unknown } | null)?.type ?? "")))
  );
}

/** After authentication and the JSON body, before validation: an environment key's request stays in its scope. */
export function environmentKeyScope(storage: Storage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = (res.locals.auth as RequestAuth | undefined)?.environmentKey;
    if (!key) return next();
    const work = WORK.exec(req.path);
    if (work) {
      if (decodeURIComponent(work[1] ?? "") !== key.environmentId) {
        return next(forbidden("This environment key belongs to another environment."));
      }
      return next();
    }
    const read = req.method === "GET" || req.method === "HEAD" ? SESSION_READ.exec(req.path) : null;
    const post = req.method === "POST" ? SESSION_EVENTS.exec(req.path) : null;
    const sessionId = (read ?? post)?.[1];
    if (sessionId !== undefined) {
      if (!(await storage.work.holdsSession(key.environmentId, decodeURIComponent(sessionId)))) {
        return next(forbidden("No work item this environment key's workers hold names this session."));
      }
      if (post && !postsOnlyToolResults(req.body)) {
        return next(forbidden("An environment key posts only user.tool_result events."));
      }
      return next();
    }
    next(
      tokenInvalid(
        "An environment key authenticates only its environment's work operations and the sessions its workers hold; use an account token.",
      ),
    );
  };
}
