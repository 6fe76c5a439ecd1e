import type { NextFunction, Request, Response } from "express";
import { newId } from "../ids.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { RequestAuth } from "./context.ts";

/** Gives every request an id, sent back as the `Request-Id` header and in error envelopes. */
export function assignRequestId(_req: Request, res: Response, next: NextFunction) {
  const id = newId("req");
  res.locals.requestId = id;
  res.setHeader("Request-Id", id);
  next();
}

/**
 * Logs, once per request, that the client went away before its request arrived in full (an
 * upload it gave up on): not a server error, and nobody is left to answer.
 */
export function logClientAbort(logger: Logger, req: Request, res: Response): void {
  if (res.locals.clientAbortLogged) return;
  res.locals.clientAbortLogged = true;
  logger.info("client aborted the request", {
    request_id: res.locals.requestId,
    method: req.method,
    path: req.originalUrl.split("?")[0],
    bytes_received: req.socket.bytesRead,
  });
}

/** Probes and scrapes are logged at debug: at info they would drown the requests that matter. */
const QUIET_ROUTES = new Set(["/livez", "/readyz", "/healthz", "/metrics"]);

/**
 * One log line per request (info; probes at debug) with the method, route template, path
 * (never the query string, headers or body), status, duration, request id and the caller's
 * account and token id; and the request's duration in the metrics by route template and status.
 * Written when the response ends, or when the client goes away first (`aborted: true`).
 */
export function accessLog(logger: Logger, metrics: Metrics, routeOf: (path: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // Captured now: routers rewrite req.url on the way down.
    const path = req.path;
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(path);
      const status = res.statusCode;
      metrics.observeRequest(req.method, route, status, seconds);
      const auth = res.locals.auth as RequestAuth | undefined;
      const fields: Record<string, unknown> = {
        request_id: res.locals.requestId,
        method: req.method,
        route,
        path,
        status,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        account_id: auth?.accountId ?? null,
        token_id: auth?.tokenId ?? null,
      };
      if (!res.writableFinished) fields.aborted = true;
      // A client gone before its request arrived in full: said once, here or by the error handler,
      // whichever comes first (a body parser that had not started reading yet reports nothing).
      if (!req.complete) logClientAbort(logger, req, res);
      if (QUIET_ROUTES.has(route)) logger.debug("request", fields);
      else logger.info("request", fields);
    });
    next();
  };
}
