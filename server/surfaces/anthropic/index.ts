/**
 * The Anthropic-compatible surface: `/v1/...` as `@anthropic-ai/sdk`'s Managed Agents client
 * calls it (contract: openapi/v1/, generated/v1/), a thin layer over the same domain functions,
 * storage, events and runs as `/api/v1/cloud`, built by the same pipeline (server/http/surface.ts).
 * What differs is described here: the token may come as `x-api-key`, the Anthropic error envelope,
 * no `Idempotency-Key` (its document does not declare one). Its own docs page is `/docs/v1`.
 */
import { join } from "node:path";
import express, { type Router } from "express";
import { SpecRoutes } from "../../http/specRoutes.ts";
import type { Surface } from "../../http/surface.ts";
import { GENERATED, type LoadedSpec, loadSpec } from "../../spec.ts";
import { anthropicEnvelope } from "./errors.ts";
import { anthropicFamilies } from "./families.ts";
import { validateAnthropicRequests } from "./validation.ts";

/** Where the surface is mounted; its document's paths carry it (`/v1/agents`). */
export const ANTHROPIC_BASE = "/v1";
// Next to the main document (server/spec.ts), wherever the code runs from (server/ or the dist/ bundle).
const ANTHROPIC_GENERATED = join(GENERATED, "v1");

/** The documents of the surface: `/v1/openapi.json` is not an SDK path, so they live under `/docs/v1`. */
export function anthropicDocs(spec: LoadedSpec): Router {
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
export function loadAnthropicSpec(): LoadedSpec {
  return loadSpec(ANTHROPIC_GENERATED);
}

/** The surface's route templates (`/v1/agents/{agent_id}`, ...), for the access log and the metrics. */
export function anthropicRouteTemplates(spec: LoadedSpec): string[] {
  const paths = (spec.json.paths ?? {}) as Record<string, unknown>;
  return ["/docs/v1", "/docs/v1/openapi.json", "/docs/v1/openapi.yaml", ...Object.keys(paths)];
}

/** The document with its paths relative to the base (`/agents`), as the pipeline's route table reads them. */
function relativeToBase(spec: Record<string, unknown>): Record<string, unknown> {
  const paths = Object.entries((spec.paths ?? {}) as Record<string, unknown>).map(
    ([p, item]) => [p.startsWith(`${ANTHROPIC_BASE}/`) ? p.slice(ANTHROPIC_BASE.length) : p, item] as const,
  );
  return { ...spec, paths: Object.fromEntries(paths) };
}

/** The route table of the surface's operations, relative to `/v1`. */
export function anthropicRoutes(spec: LoadedSpec): SpecRoutes {
  return new SpecRoutes(() => relativeToBase(spec.json));
}

/** The surface's description, for `surfaceRouter`. */
export function anthropicSurface(routes: SpecRoutes): Surface {
  return {
    base: ANTHROPIC_BASE,
    routes,
    validateRequests: validateAnthropicRequests(),
    name: "anthropic",
    modules: anthropicFamilies,
    envelope: anthropicEnvelope,
    apiKeyHeader: "x-api-key",
    idempotency: false,
    cors: false,
  };
}
