/**
 * Two of Express's routers, without the router: a request to the API passed three of them (the
 * app's, the surface's mounted at its base, the route file's), and each `Router#handle` costs a
 * few microseconds and a few kilobytes of closures, match objects and saved request fields (in a
 * profile of `GET /skills`: 25 µs and 11 KiB a request, 4 % of its CPU and 14 % of what it
 * allocated). What they did is done here as they did it, from the same pieces:
 *
 * - `mountAt(base, handler, onError)`: `router.use(base, handler)` followed by
 *   `router.use(base, onError)` — the path's prefix matched without regard to case and only at a
 *   segment boundary, `req.url` trimmed of it, `req.baseUrl` extended and `req.params` emptied for
 *   each of the two, and all three restored when they pass the request on.
 * - `routeDispatch(router)`: a router whose layers are all routes, its routes tried in order
 *   with each route's own matcher (`Layer#match`: path-to-regexp, parameters decoded) and method
 *   check, the matching route's handlers run by Express's own `Layer#handleRequest` and
 *   `Route#dispatch`, `req.params` set for them and restored on leaving. A router it cannot
 *   stand in for exactly — middleware of its own, `router.param` callbacks — is returned as it is,
 *   and so is an OPTIONS request (Express answers those itself when no route has the method;
 *   the surfaces answer them earlier, in allowedMethods.ts).
 *
 * test/unit/routeDispatch.test.ts holds both to the routers' answers for the same requests.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response, Router } from "express";

/** The parts of Express's router layers used here (router/lib/layer.js and route.js). */
interface RouteLayer {
  route?: { _handlesMethod(method: string): boolean };
  match(path: string): { params: Record<string, string> } | false;
  handleRequest(req: Request, res: Response, next: NextFunction): void;
}

/** The scheme and host of an absolute-form request target (`GET http://host/path`), else "". */
function protohostOf(url: string): string {
  if (url.length === 0 || url[0] === "/") return "";
  const query = url.indexOf("?");
  const scheme = url.slice(0, query < 0 ? url.length : query).indexOf("://");
  return scheme < 0 ? "" : url.slice(0, url.indexOf("/", scheme + 3));
}

/** `handler` (then `onError` for what it passes on) for the paths under `base`, as `router.use(base, ...)` runs them. */
export function mountAt(base: string, handler: RequestHandler, onError: ErrorRequestHandler): RequestHandler {
  const lower = base.toLowerCase();
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const at = path.charCodeAt(base.length);
    if (!(path.length === base.length || at === 47) || path.slice(0, base.length).toLowerCase() !== lower) {
      return next();
    }
    const url = req.url;
    const baseUrl = req.baseUrl;
    const params = req.params;
    const protohost = protohostOf(url);
    let inner = url.slice(protohost.length + base.length);
    if (!protohost && inner[0] !== "/") inner = `/${inner}`;
    // Each of the router's two layers gave its handler parameters of its own (none: the base has none).
    const enter = () => {
      req.url = protohost + inner;
      req.baseUrl = baseUrl + path.slice(0, base.length);
      req.params = {};
    };
    const leave = () => {
      req.url = url;
      req.baseUrl = baseUrl;
      req.params = params;
    };
    const failed = (err: unknown) => {
      enter();
      try {
        onError(err, req, res, (passed?: unknown) => {
          leave();
          next(passed);
        });
      } catch (thrown) {
        leave();
        next(thrown);
      }
    };
    enter();
    try {
      handler(req, res, (err?: unknown) => {
        leave();
        if (err === "router" || !err || err === "route") next();
        else failed(err);
      });
    } catch (thrown) {
      leave();
      failed(thrown);
    }
  };
}

/** The router's routes as one handler (see the top of this file); the router itself when that would not be exact. */
export function routeDispatch(router: Router): RequestHandler {
  const stack = router.stack as unknown as RouteLayer[];
  const params = (router as unknown as { params?: Record<string, unknown> }).params ?? {};
  if (Object.keys(params).length > 0 || stack.some((layer) => !layer.route || typeof layer.match !== "function")) {
    return router;
  }
  return (req: Request, res: Response, done: NextFunction) => {
    if (req.method === "OPTIONS") return router(req, res, done);
    const parentParams = req.params;
    let index = 0;
    const next = (err?: unknown): void => {
      let pending = err === "route" ? undefined : err;
      if (pending === "router") {
        req.params = parentParams;
        done();
        return;
      }
      const path = req.path;
      while (index < stack.length) {
        const layer = stack[index++] as RouteLayer;
        let match: ReturnType<RouteLayer["match"]>;
        try {
          match = layer.match(path);
        } catch (thrown) {
          // A malformed parameter (bad percent-encoding): the router's error, as it reports it.
          pending ??= thrown;
          continue;
        }
        if (!match || pending) continue;
        if (!layer.route?._handlesMethod(req.method) && req.method !== "HEAD") continue;
        req.params = match.params;
        layer.handleRequest(req, res, next);
        return;
      }
      req.params = parentParams;
      done(pending);
    };
    next();
  };
}
