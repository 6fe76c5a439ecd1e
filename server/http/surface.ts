/**
 * The one HTTP pipeline. Each surface (`/api/v1/cloud`, the native one; `/v1`, the
 * Anthropic-compatible one) is a description — where it is mounted, its document's route table,
 * its request validator and response validators (generated ahead of time), its route modules, its
 * error envelope — and `surfaceRouter` builds the same chain for each:
 *
 *   CORS (where configured) → OPTIONS/Allow → token (`Authorization: Bearer`, and `x-api-key`
 *   where the surface reads it) → rate limit → request target (path encoding, numeric query) →
 *   Content-Type → JSON body → an environment key's scope → fair queue → checks before validation → request validation →
 *   response validation (tests) → idempotency (where the document declares it) → the routes,
 *   retried while the database is busy → errors in the surface's envelope.
 *
 * Request ids, the access log and the body-size guard run before, for every request of the app.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import { allowedMethods } from "./allowedMethods.ts";
import { authenticate } from "./auth.ts";
import { retryWhenBusy } from "./busyRetry.ts";
import { byFirstSegment, chain } from "./chain.ts";
import { requireContentType } from "./contentType.ts";
import { corsFor } from "./cors.ts";
import { environmentKeyScope } from "./environmentKeyScope.ts";
import { type EnvelopeOf, errorHandler } from "./errorHandler.ts";
import { fairQueue } from "./fairQueue.ts";
import { idempotency } from "./idempotency.ts";
import { rateLimitPerToken } from "./rateLimit.ts";
import { jsonBody } from "./requestBodies.ts";
import { strictRequestTarget } from "./requestGuards.ts";
import { mountAt } from "./routeDispatch.ts";
import type { SpecRoutes } from "./specRoutes.ts";
import { type SurfaceName, validateResponses } from "./validation/validateResponse.ts";

/** What differs between the surfaces; everything else is the same chain. */
export interface Surface {
  /** Where it is mounted, e.g. `/api/v1/cloud`; its route table's templates are relative to it. */
  base: string;
  /** Its document's operations (allowed methods, request target checks). */
  routes: SpecRoutes;
  /** Its request validator, run by the validators generated from its document (the response ones: test/helpers/servers/server.ts). */
  validateRequests: RequestHandler;
  /** Which surface it is: the response validators of its document, in tests, are found by it. */
  name: SurfaceName;
  /** Its route files, mounted in order under `base`. */
  modules: readonly RouteModule[];
  /** Its error envelope. */
  envelope: EnvelopeOf;
  /** A header that carries the token as well as `Authorization: Bearer` (`x-api-key` on /v1). */
  apiKeyHeader?: string;
  /** Whether `Idempotency-Key` is honoured (its document declares it). */
  idempotency: boolean;
  /** Whether CORS_ORIGINS applies to it. */
  cors: boolean;
}

/** `<header>: <token>` is read as `Authorization: Bearer <token>` when no Authorization is sent. */
function tokenHeader(name: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const key = req.get(name);
    if (key !== undefined && req.get("authorization") === undefined) req.headers.authorization = `Bearer ${key}`;
    next();
  };
}

/**
 * A surface's handler, for `app.use(...)`: its whole chain under `surface.base` (http/chain.ts),
 * then its error handler, mounted as `router.use(base, ...)` would mount them (routeDispatch.ts).
 */
export function surfaceRouter(deps: AppDeps, surface: Surface): RequestHandler {
  const steps: RequestHandler[] = [];
  const cors = surface.cors ? corsFor(deps.config.corsOrigins) : null;
  if (cors) steps.push(cors);
  steps.push(allowedMethods(surface.routes));
  if (surface.apiKeyHeader) steps.push(tokenHeader(surface.apiKeyHeader));
  steps.push(authenticate(deps.storage));
  const limit = rateLimitPerToken(deps.config.rateLimitPerMinute, deps.logger);
  if (limit) steps.push(limit);
  steps.push(strictRequestTarget(surface.routes), requireContentType, jsonBody(deps.config));
  steps.push(environmentKeyScope(deps.storage));
  // From here on (validation, the route, the response) requests are served in arrival order, a
  // few milliseconds at a time, so that the event loop keeps turning under load.
  if (deps.config.http.queueSliceMs > 0) steps.push(fairQueue(deps.config.http.queueSliceMs));
  const checks = surface.modules.flatMap((mod) => (mod.preValidation ? [mod.preValidation(deps)] : []));
  if (checks.length > 0) steps.push(byFirstSegment(checks));
  steps.push(surface.validateRequests);
  const responseValidators = deps.validateResponses?.[surface.name];
  if (responseValidators) steps.push(validateResponses(responseValidators));
  // After authentication and validation, so that a refused request keeps nothing.
  if (surface.idempotency) steps.push(idempotency(deps));
  steps.push(
    byFirstSegment(
      surface.modules.map((mod) => mod.router(deps)),
      (routes) => retryWhenBusy(routes, deps.storage, deps.config.sqlite.busyWaitMs),
    ),
  );
  return mountAt(surface.base, chain(steps), errorHandler(deps.logger, surface.envelope));
}
