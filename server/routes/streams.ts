import { type Request, type Response, Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import { accountOf, pathParam, queryString, type RequestAuth } from "../http/context.ts";
import { type DeltaHub, deltaMessage } from "../streams/deltas.ts";
import type { EventStream } from "../streams/eventStream.ts";
import { accountSource, type StreamRequest, sessionSource } from "../streams/sources.ts";

/** `types[]=a&types[]=b` (the spec has checked the values). */
function typesOf(req: Request): string[] | undefined {
  const value = (req.query as Record<string, unknown>).types;
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** `event_deltas[]=agent.message` (the spec has checked the values). */
function deltasOf(req: Request): string[] {
  const value = (req.query as Record<string, unknown>).event_deltas;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** Writes the session's live deltas to the stream until it ends. */
function followDeltas(hub: DeltaHub, sessionId: string, stream: EventStream, res: Response): void {
  if (stream.isEnded) return;
  const unsubscribe = hub.subscribe(sessionId, (delta) => stream.sendLive(deltaMessage(delta)));
  res.on("close", unsubscribe);
}

/** Who asks, and the filter and resume point of the request. */
function streamRequest(req: Request, res: Response): StreamRequest {
  const auth = res.locals.auth as RequestAuth;
  // A reconnecting client sends Last-Event-ID while its URL may still carry the first after_id:
  // the header is the later position.
  const header = req.get("last-event-id");
  const afterId = queryString(req, "after_id");
  return {
    accountId: accountOf(res),
    tokenId: auth.tokenId,
    types: typesOf(req),
    resume:
      header !== undefined && header !== ""
        ? { param: "Last-Event-ID", id: header }
        : afterId !== undefined
          ? { param: "after_id", id: afterId }
          : undefined,
  };
}

/**
 * Routes of the Streams tag: Server-Sent Events of a session, a thread and the account. Every
 * check (the session, the thread, the resume point, the account's stream limit) runs before the
 * headers go out, so bad input gets a 4xx in the error envelope, never a stream.
 */
export const streamRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/sessions/:session_id/events/stream", async (req, res) => {
      const sessionId = pathParam(req, "session_id");
      const stream = deps.streams.open(await sessionSource(deps, streamRequest(req, res), sessionId), res);
      if (deltasOf(req).includes("agent.message")) followDeltas(deps.streams.deltas, sessionId, stream, res);
    });
    r.get("/sessions/:session_id/threads/:thread_id/events/stream", async (req, res) => {
      const source = await sessionSource(
        deps,
        streamRequest(req, res),
        pathParam(req, "session_id"),
        pathParam(req, "thread_id"),
      );
      deps.streams.open(source, res);
    });
    r.get("/events/stream", async (req, res) => {
      deps.streams.open(await accountSource(deps, streamRequest(req, res)), res);
    });
    return r;
  },
};
