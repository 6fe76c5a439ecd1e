/**
 * Request bodies on both surfaces: JSON (decompressed as its Content-Encoding says, UTF-8, within
 * MAX_BODY_BYTES) and multipart skill uploads (one reader, multer, loaded by the first upload
 * rather than at start, with one set of limits, and one reading of what it says of a bad body).
 * What either refuses is answered by http/errorHandler.ts in the surface's envelope.
 */
import express, { type RequestHandler } from "express";
import type { Config } from "../config/sections.ts";
import { ApiError, invalidRequest } from "../errors.ts";
import { loadOnce } from "../loadOnce.ts";
import { uploadLimits } from "./validation/options.ts";

/** JSON bodies: `application/json` only, objects and arrays only (`strict`), at most `maxBodyBytes`. */
export function jsonBody(config: Pick<Config, "maxBodyBytes">): RequestHandler {
  return express.json({ limit: config.maxBodyBytes, type: "application/json", strict: true });
}

/** What busboy (multer's parser) and multer say of a body that is not the multipart it declares. */
export const MALFORMED_MULTIPART =
  /^(Malformed|Unexpected end of|Multipart: Boundary not found|Missing Content-Type|Unsupported content type)/;

/** multer's and busboy's errors as the envelope's: over a limit 413, anything else about the body 400. */
export function multipartApiError(err: unknown): ApiError | null {
  if (typeof err !== "object" || err === null) return null;
  const e = err as { code?: unknown; message?: unknown; field?: unknown; status?: unknown };
  const message = typeof e.message === "string" ? e.message : "";
  const field = typeof e.field === "string" ? e.field.slice(0, 64) : undefined;
  if (typeof e.code === "string" && e.code.startsWith("LIMIT_")) {
    if (e.code === "LIMIT_FILE_SIZE" || e.code === "LIMIT_FIELD_VALUE") {
      return new ApiError("request_too_large", `Upload too large: ${message || e.code}.`, field);
    }
    return new ApiError("invalid_request_error", `Invalid upload: ${message || e.code}.`, field);
  }
  if (e.status === undefined && err instanceof Error && MALFORMED_MULTIPART.test(message)) {
    return new ApiError("invalid_request_error", `Malformed multipart/form-data body: ${message}.`);
  }
  return null;
}

/**
 * Reads every part of a multipart body into `req.files` (in memory) and its text fields into
 * `req.body`, within `uploadLimits`. A failed load of multer fails the uploads that waited for it
 * and is tried again by the next one; a bad body is the envelope's 400 or 413.
 */
export function readMultipartParts(maxUploadBytes: number): RequestHandler {
  const loading = loadOnce(async () => {
    const { default: multer } = await import("multer");
    return multer(uploadLimits(maxUploadBytes)).any();
  });
  return (req, res, next) =>
    loading().then(
      (upload) => upload(req, res, (err?: unknown) => next(err ? (multipartApiError(err) ?? err) : undefined)),
      next,
    );
}

/**
 * Refuses an upload that declares no Content-Length: the parser would otherwise buffer up to
 * 1,000 files of the upload limit each before the total could be checked. One that declares too
 * much is refused by the body-limit guard (requestGuards.ts) before anything is read.
 */
export const requireDeclaredLength: RequestHandler = (req, _res, next) => {
  if (req.get("content-length") !== undefined) return next();
  next(
    invalidRequest(
      "Skill uploads must declare Content-Length (curl -F and fetch with FormData do); chunked uploads are not accepted.",
      "Content-Length",
    ),
  );
};
