/**
 * The native surface, `/api/v1/cloud` (contract: openapi/, generated/): its route files
 * (server/routes/), the request validators generated from its document, its error envelope, and
 * `Idempotency-Key` on every POST. Built by the one pipeline (server/http/surface.ts).
 */
import type { AppDeps } from "../../appDeps.ts";
import { errorEnvelope } from "../../errors.ts";
import { API_BASE } from "../../http/apiBase.ts";
import type { SpecRoutes } from "../../http/specRoutes.ts";
import type { Surface } from "../../http/surface.ts";
import { validateRequests } from "../../http/validation/validateRequest.ts";
import { apiRoutes } from "../../routes/index.ts";

export const CLOUD_BASE = API_BASE;

/** Every operation's path template under the base, from the bundled document (access log, metrics). */
export function cloudRouteTemplates(spec: Record<string, unknown>): string[] {
  return Object.keys((spec.paths ?? {}) as Record<string, unknown>).map((p) => `${CLOUD_BASE}${p}`);
}

/** The native surface's description, for `surfaceRouter`. */
export function cloudSurface(deps: AppDeps, routes: SpecRoutes): Surface {
  return {
    base: CLOUD_BASE,
    routes,
    validateRequests: validateRequests(deps.config.maxUploadBytes),
    name: "cloud",
    modules: apiRoutes,
    envelope: errorEnvelope,
    idempotency: true,
    cors: true,
  };
}
