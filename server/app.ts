import express, { type Express, type Router } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { SecretBox } from "./crypto/secretBox.ts";
import { notFound } from "./errors.ts";
import { authenticate } from "./http/auth.ts";
import { requireContentType } from "./http/contentType.ts";
import { corsFor } from "./http/cors.ts";
import { errorHandler } from "./http/errorHandler.ts";
import { idempotency } from "./http/idempotency.ts";
import { rateLimitPerToken } from "./http/rateLimit.ts";
import { accessLog, assignRequestId } from "./http/requestId.ts";
import { routeMatcher } from "./http/routeTemplate.ts";
import type { Logger } from "./logger.ts";
import type { BackgroundWorker } from "./loops.ts";
import type { Metrics } from "./metrics.ts";
import { apiRoutes } from "./routes/index.ts";
import { publicRoutes } from "./routes/public.ts";
import type { Storage } from "./storage/port.ts";

/** Everything the HTTP layer needs, built by `main.ts` (or a test) and passed in. */
export interface AppDeps {
  config: Config;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  /** The Prometheus registry every component records into (GET /metrics). */
  metrics: Metrics;
  /** The background workers once started (empty before): `/readyz` and `/metrics` read their health. */
  workers: BackgroundWorker[];
  /** The bundled OpenAPI document (generated/openapi.json) and its YAML text. */
  spec: { json: Record<string, unknown>; yaml: string; docsHtml: string };
  /** Validate every response against the spec too (on in tests). */
  validateResponses?: boolean;
}

/** A route file: one per API tag. */
export interface RouteModule {
  /** Mounted under the API base path after authentication and validation. */
  router(deps: AppDeps): Router;
  /** Checks that must run before schema validation (for messages the interface fixes verbatim). */
  preValidation?(deps: AppDeps): Router;
}

export const API_BASE = "/api/v1/cloud";

/** The unauthenticated endpoints (routes/public.ts), as route templates. */
const PUBLIC_ROUTES = ["/healthz", "/readyz", "/livez", "/metrics", "/docs", "/openapi.json", "/openapi.yaml"];

/** Every operation's path template under the API base, from the bundled spec. */
function apiTemplates(spec: Record<string, unknown>): string[] {
  return Object.keys((spec.paths ?? {}) as Record<string, unknown>).map((p) => `${API_BASE}${p}`);
}

/** Builds the Express application without listening. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "extended");
  app.set("etag", false);

  app.use(assignRequestId);
  app.use(accessLog(deps.logger, deps.metrics, routeMatcher([...PUBLIC_ROUTES, ...apiTemplates(deps.spec.json)])));
  app.use(publicRoutes(deps));

  const cors = corsFor(deps.config.corsOrigins);
  if (cors) app.use(API_BASE, cors);
  const api = express.Router();
  api.use(authenticate(deps.storage));
  const limit = rateLimitPerToken(deps.config.rateLimitPerMinute, deps.logger);
  if (limit) api.use(limit);
  api.use(requireContentType);
  api.use(express.json({ limit: deps.config.maxBodyBytes, type: "application/json", strict: true }));
  for (const mod of apiRoutes) if (mod.preValidation) api.use(mod.preValidation(deps));
  api.use(
    OpenApiValidator.middleware({
      // The validator annotates the document it is given: hand it a private copy.
      apiSpec: structuredClone(deps.spec.json) as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: false },
      validateResponses: deps.validateResponses ? { allErrors: true } : false,
      validateSecurity: false,
      validateFormats: true,
      ignoreUndocumented: false,
      fileUploader: {
        preservePath: true,
        limits: { fileSize: deps.config.maxUploadBytes, files: 1000, fields: 20, fieldSize: 64 * 1024 },
      },
      $refParser: { mode: "bundle" },
    }),
  );
  // After authentication and validation, so that a refused request keeps nothing.
  api.use(idempotency(deps));
  for (const mod of apiRoutes) api.use(mod.router(deps));
  app.use(API_BASE, api);

  app.use((req, _res, next) => next(notFound(`No route ${req.method} ${req.path}.`)));
  app.use(errorHandler(deps.logger));
  return app;
}
