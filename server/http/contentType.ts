import type { NextFunction, Request, Response } from "express";
import { invalidRequest } from "../errors.ts";

const ACCEPTED = ["application/json", "multipart/form-data", "application/octet-stream", "application/zip"];

function hasBody(req: Request): boolean {
  const length = req.get("content-length");
  if (length !== undefined) return Number(length) > 0;
  return req.get("transfer-encoding") !== undefined;
}

/**
 * A request that carries a body must say what it is: application/json (or multipart/form-data
 * for skill uploads; raw bytes for file uploads; a zip for a worker's workspace). Missing or other types are a 400 naming the header; which of the two an
 * operation takes is then checked against the spec by the validator.
 */
export function requireContentType(req: Request, _res: Response, next: NextFunction) {
  if (!hasBody(req)) return next();
  const raw = req.get("content-type");
  if (!raw) {
    return next(
      invalidRequest(
        "The request has a body but no Content-Type header: send Content-Type: application/json.",
        "Content-Type",
      ),
    );
  }
  const type = raw.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ACCEPTED.includes(type)) {
    return next(
      invalidRequest(
        `Unsupported Content-Type "${raw.slice(0, 100)}": send Content-Type: application/json.`,
        "Content-Type",
      ),
    );
  }
  next();
}
