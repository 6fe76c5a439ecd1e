import { createHash, timingSafeEqual } from "node:crypto";
import { Router as createRouter, type Request, type Response, type Router } from "express";
import type { AppDeps } from "../appDeps.ts";
import { ApiError, errorEnvelope } from "../errors.ts";
import { checkReadiness } from "../health.ts";
import { requestId } from "../http/context.ts";
import { PrecompressedBody } from "../http/precompressed.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** `METRICS_TOKEN`: when set, /metrics wants it as a bearer token (compared in constant time). */
function metricsAuthorized(req: Request, token: string | null): boolean {
  if (token === null) return true;
  const presented = /^Bearer[ ]+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * The unauthenticated operator endpoints: liveness, readiness, health, metrics, the spec and its
 * rendered docs (sent compressed as the client accepts: br or gzip), and `/`, which redirects to
 * the docs. None of them is under the API base path or in the OpenAPI description, which
 * describes the API that clients (and the SDK) call.
 */
export function publicRoutes(deps: AppDeps): Router {
  const r = createRouter();
  /** The process answers: nothing else is checked (a restart would not fix a missing database). */
  r.get("/livez", (_req, res) => {
    res.json({ status: "ok" });
  });
  /** Ready for traffic: database, migrations, background loops; 503 naming the failed checks. */
  r.get("/readyz", async (_req, res) => {
    const report = await checkReadiness(deps.storage, deps.workers);
    // The sandbox is reported, not judged: a server without one is ready (it runs no `bash`).
    res.status(report.status === "ready" ? 200 : 503).json({ ...report, sandbox: deps.sandbox.status });
  });
  /** The readiness verdict in its short form (kept for existing monitors); details on /readyz. */
  r.get("/healthz", async (_req, res) => {
    const report = await checkReadiness(deps.storage, deps.workers);
    if (report.status === "ready") res.json({ status: "ok" });
    else res.status(503).json({ status: "fail", failed: report.failed });
  });
  r.get("/metrics", async (req: Request, res: Response) => {
    if (!metricsAuthorized(req, deps.config.metricsToken)) {
      const err = new ApiError("TOKEN_INVALID", "GET /metrics requires Authorization: Bearer <METRICS_TOKEN>.");
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .json(errorEnvelope(err, requestId(res)));
      return;
    }
    const text = await deps.metrics.render();
    res.type(deps.metrics.contentType).send(text);
  });
  const documents = {
    "/openapi.json": new PrecompressedBody(deps.spec.jsonBytes, "application/json; charset=utf-8"),
    "/openapi.yaml": new PrecompressedBody(() => deps.spec.yaml, "application/yaml; charset=utf-8"),
    "/docs": new PrecompressedBody(() => deps.spec.docsHtml, "text/html; charset=utf-8"),
  };
  for (const [path, document] of Object.entries(documents)) {
    r.get(path, (req, res, next) => {
      document.send(req, res).catch(next);
    });
  }
  /** The server's root: a person who opens it in a browser lands on the API reference. */
  r.get("/", (_req, res) => {
    res.redirect(302, "/docs");
  });
  return r;
}
