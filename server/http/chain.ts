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
 * Handlers that each serve paths of some first segments only (null: any path), as one handler:
 * a request passes through the handlers of its own first segment, in their order, and skips the
 * others without calling them (each was consulted, and declined, before).
 */
export function byFirstSegment(entries: readonly { segments: ReadonlySet<string> | null; handler: RequestHandler }[]) {
  const always = entries.filter((e) => e.segments === null).map((e) => e.handler);
  const bySegment = new Map<string, RequestHandler>();
  for (const segment of new Set(entries.flatMap((e) => [...(e.segments ?? [])]))) {
    bySegment.set(
      segment,
      chain(entries.filter((e) => e.segments === null || e.segments.has(segment)).map((e) => e.handler)),
    );
  }
  const rest = always.length > 0 ? chain(always) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    const handler = bySegment.get(firstSegment(req.path)) ?? rest;
    if (handler) return handler(req, res, next);
    next();
  };
}

/**
 * The first path segments of a route file's routes (`/skills/:skill_id/versions` → `skills`), so
 * that a request is handed only to the route files that may serve it: otherwise Express would
 * try each of their routes in turn, for every request meant for another route file (a tenth of
 * the CPU of a request, with nine route files), and every wrapper would run for nothing. Null
 * when the router has anything but plain string routes (it is then always consulted).
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
