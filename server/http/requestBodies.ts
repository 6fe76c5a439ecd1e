/**
 * Request bodies on both surfaces: JSON (decompressed as its Content-Encoding says, UTF-8, within
 * MAX_BODY_BYTES), multipart skill uploads (one reader, multer, loaded by the first upload
 * rather than at start, with one set of limits, and one reading of what it says of a bad body) and
 * file uploads (the same reader, streaming the one `file` part to a temporary file instead of
 * memory). What either refuses is answered by http/errorHandler.ts in the surface's envelope.
 */
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { StorageEngine } from "multer";
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

/** The `file` part of a file upload, as the reader left it on disk (removed when the response ends). */
export interface ReceivedFile {
  /** The temporary file holding its bytes. */
  path: string;
  /** The part's filename, as sent (not yet reduced to its last component). */
  filename: string;
  /** The part's Content-Type. */
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes (also what Idempotency-Key compares). */
  sha256: string;
}

const receivedFiles = new WeakMap<Request, ReceivedFile>();
const partsRead = new WeakSet<Request>();

/** The `file` part a file upload brought, or undefined. */
export const receivedFile = (req: Request): ReceivedFile | undefined => receivedFiles.get(req);

/** Whether the multipart body was read already (the request validator then reads only `req.body`). */
export const multipartWasRead = (req: Request): boolean => partsRead.has(req);

/** How large the upload of this request may be, and what to say when it is larger. */
export interface UploadLimit {
  bytes: number;
  message: string;
}

/** A multer storage engine writing each part to a new file of `folder`, counting and hashing it. */
function temporaryFiles(folder: string): StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      const path = join(folder, `upload-${randomBytes(12).toString("hex")}`);
      const hash = createHash("sha256");
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      mkdir(folder, { recursive: true, mode: 0o700 })
        .then(() => pipeline(file.stream, counter, createWriteStream(path, { flags: "wx", mode: 0o600 })))
        .then(
          () => cb(null, { path, size, destination: hash.digest("hex") }),
          (err: unknown) => {
            void rm(path, { force: true });
            cb(err as Error);
          },
        );
    },
    _removeFile(_req, file, cb) {
      rm(file.path, { force: true }).then(() => cb(null), cb);
    },
  };
}

/**
 * Reads a file upload (`multipart/form-data` with one `file` part and a few text fields) with
 * multer, streaming the part to a temporary file in `folder` (never the whole file in memory),
 * within the bytes `limit` gives for the request: over it 413 with its message, a bad body 400.
 * The text fields go to `req.body` (with `file: ""` when the part came, for the validator); the
 * temporary file is removed when the response ends, whatever the route did with it.
 */
export function receiveFileUpload(
  folder: string,
  limit: (req: Request, res: Response) => Promise<UploadLimit>,
): RequestHandler {
  const loading = loadOnce(async () => (await import("multer")).default);
  return (req, res, next) => {
    if (!(req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return next();
    Promise.all([loading(), limit(req, res)]).then(([multer, max]) => {
      const upload = multer({
        storage: temporaryFiles(folder),
        limits: { fileSize: max.bytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      }).single("file");
      res.once("close", () => {
        const file = receivedFiles.get(req);
        if (file) void rm(file.path, { force: true });
      });
      upload(req, res, (err?: unknown) => {
        partsRead.add(req);
        const part = (
          req as { file?: { path: string; originalname: string; mimetype: string; size: number; destination: string } }
        ).file;
        if (part) {
          receivedFiles.set(req, {
            path: part.path,
            filename: part.originalname,
            mimeType: part.mimetype,
            size: part.size,
            sha256: part.destination,
          });
          req.body = { ...(req.body as Record<string, unknown>), file: "" };
        }
        if (!err) return next();
        const code = (err as { code?: unknown }).code;
        if (code === "LIMIT_FILE_SIZE") return next(new ApiError("request_too_large", max.message, "file"));
        next(multipartApiError(err) ?? err);
      });
    }, next);
  };
}
