/**
 * The Anthropic-compatible surface: `/v1/...` as `@anthropic-ai/sdk`'s Managed Agents client
 * calls it (contract: openapi/v1/, generated/v1/), a thin layer over the same domain functions,
 * storage, events and runs as `/api/v1/cloud`. Its own docs page is `/docs/v1`.
 */
import { join } from "node:path";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { AppDeps } from "../../appDeps.ts";
import { authenticate } from "../../http/auth.ts";
import { retryWhenBusy } from "../../http/busyRetry.ts";
import { rateLimitPerToken } from "../../http/rateLimit.ts";
import { jsonBody } from "../../http/requestBodies.ts";
import { GENERATED, type LoadedSpec, loadSpec } from "../../spec.ts";
import { v1ErrorHandler } from "./errors.ts";
import { v1Families } from "./families.ts";
import { V1Validator } from "./validation.ts";

export const V1_BASE = "/v1";
// Next to the main document (server/spec.ts), wherever the code runs from (server/ or the dist/ bundle).
const V1_GENERATED = join(GENERATED, "v1");

/** `x-api-key: <token>` (what the SDK's `apiKey` sends) is read as `Authorization: Bearer <token>`. */
function apiKeyAsBearer(req: Request, _res: Response, next: NextFunction): void {
  const key = req.get("x-api-key");
  if (key !== undefined && req.get("authorization") === undefined) req.headers.authorization = `Bearer ${key}`;
  next();
}

/** The documents of the surface: `/v1/openapi.json` is not an SDK path, so they live under `/docs/v1`. */
function v1Docs(spec: LoadedSpec): Router {
  const r = express.Router();
  r.get("/docs/v1", (_req, res) => {
    res.type("html").send(spec.docsHtml);
  });
  r.get("/docs/v1/openapi.json", (_req, res) => {
    res.json(spec.json);
  });
  r.get("/docs/v1/openapi.yaml", (_req, res) => {
    res.type("application/yaml").send(spec.yaml);
  });
  return r;
}

/** The surface's contract (generated/v1/openapi.json), read once for the templates and the surface. */
export function loadV1Spec(): LoadedSpec {
  return loadSpec(V1_GENERATED);
}

/** The surface's route templates (`/v1/agents/{agent_id}`, ...), for the access log and the metrics. */
export function v1RouteTemplates(spec: LoadedSpec): string[] {
  const paths = (spec.json.paths ?? {}) as Record<string, unknown>;
  return ["/docs/v1", "/docs/v1/openapi.json", "/docs/v1/openapi.yaml", ...Object.keys(paths)];
}

/** The surface as one router for `app.use(...)`: its docs (no token) and `/v1` (a token). */
export function v1Surface(deps: AppDeps, spec: LoadedSpec): Router {
  const outer = express.Router();
  outer.use(v1Docs(spec));
  const validator = new V1Validator(
    () => spec.json,
    () => deps.spec.json,
  );
  const api = express.Router();
  api.use(apiKeyAsBearer);
  api.use(authenticate(deps.storage));
  const limit = rateLimitPerToken(deps.config.rateLimitPerMinute, deps.logger);
  if (limit) api.use(limit);
  api.use(jsonBody(deps.config));
  const check = (req: Request, next: NextFunction) => {
    try {
      validator.check(req);
    } catch (err) {
      return next(err);
    }
    next();
  };
  api.use((req, _res, next) => {
    (req as Request & { v1Validator?: V1Validator }).v1Validator = validator;
    // The first requests wait for Ajv (loaded on first use, not at start).
    if (validator.loaded) check(req, next);
    else validator.load().then(() => check(req, next), next);
  });
  for (const family of v1Families) {
    api.use(retryWhenBusy(family.router(deps), deps.storage, deps.config.sqlite.busyWaitMs));
  }
  outer.use(V1_BASE, api);
  outer.use(V1_BASE, v1ErrorHandler(deps.logger));
  return outer;
}
