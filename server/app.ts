import express, { type Express, type RequestHandler, type Router } from "express";
import type { AppDeps } from "./appDeps.ts";
import { notFound } from "./errors.ts";
import { allowedMethods } from "./http/allowedMethods.ts";
import { API_BASE } from "./http/apiBase.ts";
import { authenticate } from "./http/auth.ts";
import { retryWhenBusy } from "./http/busyRetry.ts";
import { requireContentType } from "./http/contentType.ts";
import { corsFor } from "./http/cors.ts";
import { errorHandler } from "./http/errorHandler.ts";
import { fairQueue } from "./http/fairQueue.ts";
import { idempotency } from "./http/idempotency.ts";
import { parseQueryOnce } from "./http/queryOnce.ts";
import { rateLimitPerToken } from "./http/rateLimit.ts";
import { jsonBody } from "./http/requestBodies.ts";
import { bodyLimit, strictRequestTarget } from "./http/requestGuards.ts";
import { accessLog, assignRequestId } from "./http/requestId.ts";
import { requestValidator } from "./http/requestValidator.ts";
import { routeMatcher, UNMATCHED } from "./http/routeTemplate.ts";
import { SpecRoutes } from "./http/specRoutes.ts";
import { apiRoutes } from "./routes/index.ts";
import { publicRoutes } from "./routes/public.ts";
import { loadV1Spec, v1RouteTemplates, v1Surface } from "./surfaces/v1/index.ts";

export { API_BASE };

/** The unauthenticated endpoints (routes/public.ts), as route templates. */
const PUBLIC_ROUTES = ["/", "/healthz", "/readyz", "/livez", "/metrics", "/docs", "/openapi.json", "/openapi.yaml"];

/** Every operation's path template under the API base, from the bundled spec. */
function apiTemplates(spec: Record<string, unknown>): string[] {
  return Object.keys((spec.paths ?? {}) as Record<string, unknown>).map((p) => `${API_BASE}${p}`);
}

/** The first path segment of a route path: `/skills/:skill_id/versions` → `skills`. */
const firstSegment = (path: string) => path.split("/")[1] ?? "";

/**
 * Hands a request to a route file's router (through `wrap`, if given) only when one of its
 * routes starts with the same first path segment: otherwise Express would try each of its
 * routes in turn, for every request meant for another route file (a tenth of the CPU of a
 * request, with nine route files), and every wrapper would run for nothing.
 */
function byFirstSegment(router: Router, wrap: (handler: RequestHandler) => RequestHandler = (h) => h): RequestHandler {
  const segments = new Set<string>();
  const handler = wrap(router);
  for (const layer of router.stack as { route?: { path?: unknown } }[]) {
    const path = layer.route?.path;
    // A router with anything but plain string routes is always consulted.
    if (typeof path !== "string") return handler;
    segments.add(firstSegment(path));
  }
  return (req, res, next) => (segments.has(firstSegment(req.path)) ? handler(req, res, next) : next());
}

/** Builds the Express application without listening. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "extended");
  parseQueryOnce(app);
  app.set("etag", false);

  // The documents are parsed by the first request that needs them, not here (see server/spec.ts).
  const routes = new SpecRoutes(() => deps.spec.json);
  app.use(assignRequestId);
  const v1Spec = loadV1Spec();
  // The operator endpoints first: /healthz and the like never need the documents parsed.
  const publicTemplate = routeMatcher(PUBLIC_ROUTES);
  const apiTemplate = routeMatcher(() => [...apiTemplates(deps.spec.json), ...v1RouteTemplates(v1Spec)]);
  const template = (path: string) => {
    const found = publicTemplate(path);
    return found === UNMATCHED ? apiTemplate(path) : found;
  };
  app.use(accessLog(deps.logger, deps.metrics, template));
  const v1Routes = new SpecRoutes(() => v1Spec.json);
  app.use(
    bodyLimit(
      [
        { base: API_BASE, routes },
        { base: "", routes: v1Routes },
      ],
      deps.config,
    ),
  );
  app.use(publicRoutes(deps));
  // The Anthropic-compatible surface (/v1 and /docs/v1): server/surfaces/v1/.
  app.use(v1Surface(deps, v1Spec));

  const cors = corsFor(deps.config.corsOrigins);
  if (cors) app.use(API_BASE, cors);
  app.use(API_BASE, allowedMethods(routes));
  const api = express.Router();
  api.use(authenticate(deps.storage));
  const limit = rateLimitPerToken(deps.config.rateLimitPerMinute, deps.logger);
  if (limit) api.use(limit);
  api.use(strictRequestTarget(routes));
  api.use(requireContentType);
  api.use(jsonBody(deps.config));
  // From here on (validation, the route, the response) requests are served in arrival order, a
  // few milliseconds at a time, so that the event loop keeps turning under load.
  if (deps.config.http.queueSliceMs > 0) api.use(fairQueue(deps.config.http.queueSliceMs));
  for (const mod of apiRoutes) if (mod.preValidation) api.use(byFirstSegment(mod.preValidation(deps)));
  api.use(
    requestValidator(() => deps.spec.json, {
      validateResponses: deps.validateResponses === true,
      maxUploadBytes: deps.config.maxUploadBytes,
    }),
  );
  // After authentication and validation, so that a refused request keeps nothing.
  api.use(idempotency(deps));
  for (const mod of apiRoutes) {
    api.use(
      byFirstSegment(mod.router(deps), (router) => retryWhenBusy(router, deps.storage, deps.config.sqlite.busyWaitMs)),
    );
  }
  app.use(API_BASE, api);

  app.use((req, _res, next) => next(notFound(`No route ${req.method} ${req.path}.`)));
  app.use(errorHandler(deps.logger));
  return app;
}
