import { createRequire } from "node:module";
import type { RequestHandler } from "express";

const require = createRequire(import.meta.url);
let installed = false;

interface RouteDetails {
  basePath: string;
}

/** The parts of express-openapi-validator's OpenApiContext the route lookup reads. */
interface OpenApiContext {
  basePaths: string[];
  expressRouteMap: Record<string, RouteDetails>;
}

type MetadataFactory = (this: unknown, context: OpenApiContext, responseApiDoc: unknown) => RequestHandler;

/** The first path segment after the base path: `/api/v1/cloud/skills/x` → `skills`; null off the base. */
function segmentOf(path: string, basePaths: string[]): string | null {
  for (const base of basePaths) {
    if (path.startsWith(`${base}/`)) {
      const rest = path.slice(base.length + 1);
      const slash = rest.indexOf("/");
      return slash < 0 ? rest : rest.slice(0, slash);
    }
  }
  return null;
}

/**
 * express-openapi-validator 5.6 finds a request's operation by trying every route of the spec in
 * turn (`lookupRoute` in middlewares/openapi.metadata.js: a regexp per route, plus copying the
 * route table on every request), a few per cent of a request's CPU. Here its metadata middleware
 * is built once per first path segment over a view of its context that holds only the routes
 * starting with that segment (and any starting with a parameter, which could match anything),
 * in their original order. A route starting with another literal segment cannot match the
 * request, so the route found, the 404/405 answers and everything else are unchanged; a path
 * outside the base path gets the middleware over every route.
 */
export function lookupRoutesBySegment(): void {
  if (installed) return;
  installed = true;
  const mod = require("express-openapi-validator/dist/openapi.validator.js") as {
    OpenApiValidator: { prototype: { metadataMiddleware: MetadataFactory } };
  };
  const proto = mod.OpenApiValidator.prototype;
  const original = proto.metadataMiddleware;
  proto.metadataMiddleware = function (this: unknown, context: OpenApiContext, responseApiDoc: unknown) {
    const everyRoute = original.call(this, context, responseApiDoc);
    const bySegment = new Map<string, RequestHandler>();
    const forSegment = (segment: string): RequestHandler => {
      let handler = bySegment.get(segment);
      if (!handler) {
        const subset: Record<string, RouteDetails> = {};
        for (const [route, details] of Object.entries(context.expressRouteMap)) {
          const first = route.slice(details.basePath.length + 1).split("/")[0] ?? "";
          if (first === segment || first.startsWith(":") || first.includes("*")) subset[route] = details;
        }
        const view = Object.create(context) as OpenApiContext;
        view.expressRouteMap = subset;
        handler = original.call(this, view, responseApiDoc);
        // One entry per segment the spec knows; unknown segments share the full lookup.
        bySegment.set(segment, handler);
      }
      return handler;
    };
    const known = new Set(
      Object.entries(context.expressRouteMap).map(
        ([route, details]) => route.slice(details.basePath.length + 1).split("/")[0] ?? "",
      ),
    );
    return (req, res, next) => {
      const segment = segmentOf(req.originalUrl.split("?")[0] ?? "", context.basePaths);
      const handler = segment !== null && known.has(segment) ? forSegment(segment) : everyRoute;
      return handler(req, res, next);
    };
  };
}
