import type { NextFunction, Request, Response } from "express";
import { newId } from "../ids.ts";

/** Gives every request an id, sent back as the `Request-Id` header and in error envelopes. */
export function assignRequestId(_req: Request, res: Response, next: NextFunction) {
  const id = newId("req");
  res.locals.requestId = id;
  res.setHeader("Request-Id", id);
  next();
}
