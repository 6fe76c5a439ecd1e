import cors from "cors";
import type { RequestHandler } from "express";

/**
 * CORS for the API (`CORS_ORIGINS`; null when empty = off): allowed origins get the
 * `Access-Control-Allow-*` headers, and preflight requests (`OPTIONS` with
 * `Access-Control-Request-Method`) are answered 204 before authentication, since browsers send
 * them without credentials. Other origins get no CORS headers, so browsers refuse the response.
 */
export function corsFor(origins: readonly string[]): RequestHandler | null {
  if (origins.length === 0) return null;
  return cors({
    origin: origins.includes("*") ? "*" : [...origins],
    methods: ["GET", "POST", "PUT", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID"],
    exposedHeaders: [
      "Request-Id",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "RateLimit-Policy",
      "Retry-After",
      "Idempotent-Replayed",
    ],
    maxAge: 600,
  });
}
