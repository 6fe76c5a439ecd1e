import express, { type Express } from "express";
import type { AppDeps } from "./appDeps.ts";
import { notFound } from "./errors.ts";
import { API_BASE } from "./http/apiBase.ts";
import { byFirstSegment, chain } from "./http/chain.ts";
import { errorHandler } from "./http/errorHandler.ts";
import { parseQueryOnce } from "./http/queryOnce.ts";
import { bodyLimit } from "./http/requestGuards.ts";
import { accessLog, assignRequestId } from "./http/requestId.ts";
import { routeMatcher, UNMATCHED } from "./http/routeTemplate.ts";
import { SpecRoutes } from "./http/specRoutes.ts";
import { surfaceRouter } from "./http/surface.ts";
import { consoleRoutes } from "./routes/console.ts";
import { publicRoutes } from "./routes/public.ts";
import {
  ANTHROPIC_BASE,
  anthropicDocs,
  anthropicRoutes,
  anthropicRouteTemplates,
  anthropicSurface,
  loadAnthropicSpec,
} from "./surfaces/anthropic/index.ts";
import { CLOUD_BASE, cloudRouteTemplates, cloudSurface } from "./surfaces/cloud/index.ts";

export { API_BASE };

/** The unauthenticated endpoints (routes/public.ts), as route templates. */
const PUBLIC_ROUTES = [
  "/",
  "/healthz",
  "/readyz",
  "/livez",
  "/metrics",
  "/docs",
  "/openapi.json",
  "/openapi.yaml",
  "/console",
  "/console/{file}",
];

/**
 * Builds the Express application without listening: the operator endpoints, then the two
 * surfaces (`/api/v1/cloud` and the Anthropic-compatible `/v1`), each one chain built by the
 * same function (server/http/surface.ts) from its description (server/surfaces/).
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "extended");
  parseQueryOnce(app);
  app.set("etag", false);

  // The documents are parsed by the first request that needs them, not here (see server/spec.ts).
  const cloudRoutes = new SpecRoutes(() => deps.spec.json);
  const anthropicSpec = loadAnthropicSpec();
  const anthropic = anthropicRoutes(anthropicSpec);
  // The operator endpoints first: /healthz and the like never need the documents parsed.
  const publicTemplate = routeMatcher(PUBLIC_ROUTES);
  const apiTemplate = routeMatcher(() => [
    ...cloudRouteTemplates(deps.spec.json),
    ...anthropicRouteTemplates(anthropicSpec),
  ]);
  const template = (path: string) => {
    const found = publicTemplate(path);
    return found === UNMATCHED ? apiTemplate(path) : found;
  };
  app.use(
    chain([
      assignRequestId,
      accessLog(deps.logger, deps.metrics, template),
      bodyLimit(
        [
          { base: CLOUD_BASE, routes: cloudRoutes },
          { base: ANTHROPIC_BASE, routes: anthropic },
        ],
        deps.config,
      ),
    ]),
  );
  // Consulted only by the paths they serve (`/livez`, `/docs/v1`, ...), not by every API request.
  app.use(byFirstSegment([publicRoutes(deps), consoleRoutes(), anthropicDocs(anthropicSpec)]));
  app.use(surfaceRouter(deps, cloudSurface(deps, cloudRoutes)));
  app.use(surfaceRouter(deps, anthropicSurface(anthropic)));

  app.use((req, _res, next) => next(notFound(`No route ${req.method} ${req.path}.`)));
  app.use(errorHandler(deps.logger));
  return app;
}
