import { Router as createRouter, type Router } from "express";
import type { AppDeps } from "../app.ts";

/** The unauthenticated operator endpoints: health, the spec and its rendered docs. */
export function publicRoutes(deps: AppDeps): Router {
  const r = createRouter();
  r.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  r.get("/openapi.json", (_req, res) => {
    res.json(deps.spec.json);
  });
  r.get("/openapi.yaml", (_req, res) => {
    res.type("application/yaml").send(deps.spec.yaml);
  });
  r.get("/docs", (_req, res) => {
    res.type("html").send(deps.spec.docsHtml);
  });
  return r;
}
