/**
 * Middleware run in sequence as one Express layer. Express's router spends a few microseconds on
 * every layer a request passes (its path match, prefix trim, parameter merge and restore), and a
 * request to the API passed two dozen of them: about a tenth of its CPU, most of it in layers
 * mounted at `/` whose path match can only succeed. `chain` calls each handler as the router's
 * layer does — what it throws and the promise it rejects become `next(err)` — and leaves the
 * chain on the first error (there are no error handlers in it: they stay Express layers).
 * `next("route")` goes on to the next handler and `next("router")` leaves the router the chain is
 * mounted in, as they did between layers of that router.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import { routeDispatch } from "./routeDispatch.ts";

/** The handlers in order, as one handler. */
export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  for (const h of handlers) {
    // A four-argument function is an error handler to Express: it would be skipped here.
    if (h.length > 3) throw new Error(`chain: ${h.name || "a handler"} takes ${h.length} arguments (an error handler)`);
  }
  if (handlers.length === 1) return handlers[0] as RequestHandler;
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err === "router" || (err && err !== "route")) {
        done(err);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        done();
        return;
      }
      try {
        const returned = handler(req, res, next) as unknown;
        if (returned instanceof Promise)
          returned.then(undefined, (e: unknown) => next(e || new Error("Rejected promise")));
      } catch (e) {
        next(e);
      }
    };
    next();
  };
}

/** The first segment of a path, in lower case (Express matches paths without regard to case): `/Skills/x` → `skills`. */
export function firstSegment(path: string): string {
  const end = path.indexOf("/", 1);
  return (end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/**
 * Routers (route files, the operator endpoints) as one handler, each consulted only by the paths
 * whose first segment one of its routes has (a router with anything but plain string routes, or
 * with middleware of its own, by every path): a request passes through the routers of its first
 * segment in their order, through `wrap` (busyRetry around the route files), and skips the
 * others without calling them (they would have declined it after trying each of their routes).
 * A router of plain string routes is run by routeDispatch.ts, without `Router#handle`.
 */
export function byFirstSegment(
  routers: readonly Router[],
  wrap: (handler: RequestHandler) => RequestHandler = (handler) => handler,
): RequestHandler {
  const entries = routers.map((router) => {
    const segments = routeSegments(router);
    return { segments, handler: wrap(segments ? routeDispatch(router) : router) };
  });
  const forSegment = (segment: string | null) =>
    chain(
      entries.filter((e) => e.segments === null || (segment !== null && e.segments.has(segment))).map((e) => e.handler),
    );
  const bySegment = new Map<string, RequestHandler>();
  for (const e of entries)
    for (const segment of e.segments ?? []) if (!bySegment.has(segment)) bySegment.set(segment, forSegment(segment));
  const rest = forSegment(null);
  return (req: Request, res: Response, next: NextFunction) =>
    (bySegment.get(firstSegment(req.path)) ?? rest)(req, res, next);
}

/**
 * The first path segments of a router's routes (`/skills/:skill_id/versions` → `skills`); null
 * when it has anything but plain string routes. Without this, Express would try each route of
 * every route file in turn for every request (a tenth of a request's CPU with nine route files).
 */
export function routeSegments(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack as { route?: { path?: unknown } }[]) {
    const path = layer.route?.path;
    if (typeof path !== "string") return null;
    segments.add(firstSegment(path));
  }
  return segments;
}
