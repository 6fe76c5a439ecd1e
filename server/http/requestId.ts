import type { NextFunction, Request, Response } from "express";
import { newId } from "../ids.ts";
import type { Logger } from "../logger.ts";

/** Gives every request an id, sent back as the `Request-Id` header and in error envelopes. */
export function assignRequestId(_req: Request, res: Response, next: NextFunction) {
  const id = newId("req");
  res.locals.requestId = id;
  res.setHeader("Request-Id", id);
  next();
}

/** One debug log line per request: method, path (never the query or body), status and duration. */
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      logger.debug("request", {
        request_id: res.locals.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    next();
  };
}
