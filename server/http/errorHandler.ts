import type { NextFunction, Request, Response } from "express";
import { ApiError, errorEnvelope } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { describeError } from "../logger.ts";
import { StorageBusyError, StorageConflictError, StorageInputError } from "../storage/port/index.ts";
import { serviceUnavailable } from "./busyRetry.ts";
import { requestId } from "./context.ts";
import { MALFORMED_MULTIPART, multipartApiError } from "./requestBodies.ts";
import { logClientAbort } from "./requestId.ts";

interface ValidatorErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
  params?: Record<string, unknown>;
}

interface HttpLikeError {
  errno?: number;
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  field?: string;
  message?: string;
  errors?: ValidatorErrorItem[];
  limit?: number;
}

/** Joins path segments the way every `param` is written: `mcp_servers[0].url`, `metadata.team`. */
function joinParam(parts: string[]): string {
  return parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

/** `/body/metadata/team` → `metadata.team`; `/body/agents/0/id` → `agents[0].id`; `/query/limit` → `limit`. */
function paramFromPath(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const parts = path.replace(/^\./, "").split(/[/.]/).filter(Boolean);
  const [where, ...rest] = parts;
  // Headers are named as documented: `Content-Type`, `Idempotency-Key`.
  if (where === "headers" && rest[0]) {
    return rest[0]
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
      .join("-");
  }
  if (where && ["body", "query", "params", "path", "headers"].includes(where)) {
    return rest.length ? joinParam(rest) : where === "body" ? undefined : where;
  }
  return joinParam(parts) || undefined;
}

function describeItem(item: ValidatorErrorItem): { message: string; param: string | undefined } {
  let param = paramFromPath(item.path);
  const extra = item.params?.additionalProperty;
  let message = item.message ?? "is invalid";
  if (typeof extra === "string") {
    param = param && !param.endsWith(extra) ? `${param}.${extra}` : (param ?? extra);
    message = `Unknown field '${param}'.`;
    return { message, param };
  }
  // A union selected by a tag (an OpenAPI discriminator): the tag is the offending field.
  const tag = item.errorCode === "discriminator.openapi.validation" ? /tag "([^"]+)"/.exec(message)?.[1] : undefined;
  if (tag) {
    param = param ? `${param}.${tag}` : tag;
    const kind = /must be string/.test(message) ? "must be a string" : "is not one of the kinds documented for it";
    return { message: `${param}: ${kind}.`, param };
  }
  if (item.errorCode === "type.openapi.validation" && item.params?.type) {
    message = `must be ${String(item.params.type)}`;
  }
  return { message: param ? `${param}: ${message}` : message, param };
}

/** Maps anything thrown on the way to a response onto the error envelope. */
export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (typeof err !== "object" || err === null) return null;
  // Met outside a retried route (http/busyRetry.ts answers those after waiting).
  if (err instanceof StorageBusyError) return serviceUnavailable(0);
  // A write that lost a race the storage detected (a version check, a unique key): nothing was written.
  if (err instanceof StorageConflictError) return new ApiError("conflict_error", err.message);
  // A value the database cannot store (PostgreSQL: a NUL character in text): nothing was written.
  if (err instanceof StorageInputError) return new ApiError("invalid_request_error", err.message);
  // The router decoding a path parameter (http/requestGuards.ts refuses these first).
  if (err instanceof URIError) return new ApiError("invalid_request_error", "The path is not valid percent-encoding.");
  const e = err as HttpLikeError;
  // body-parser
  if (e.type === "entity.too.large") {
    return new ApiError(
      "request_too_large",
      `The request body exceeds the limit of ${e.limit ?? "the configured"} bytes.`,
    );
  }
  if (e.type === "entity.parse.failed") {
    return new ApiError("invalid_request_error", `The request body is not valid JSON: ${e.message ?? "parse error"}.`);
  }
  if (e.type === "charset.unsupported" || e.type === "encoding.unsupported") {
    return new ApiError("invalid_request_error", e.message ?? "Unsupported body encoding.", "Content-Type");
  }
  // multer and busboy (skill uploads)
  const multipart = multipartApiError(err);
  if (multipart) return multipart;
  // express-openapi-validator
  const status = e.status ?? e.statusCode;
  if (typeof status === "number" && Array.isArray(e.errors)) {
    const first = e.errors[0] ?? {};
    const { message, param } = describeItem(first);
    switch (status) {
      case 400:
        return new ApiError("invalid_request_error", message, param);
      case 404:
        return new ApiError("not_found_error", "No such route.");
      case 405:
        return new ApiError("invalid_request_error", "Method not allowed on this route.", undefined, 405);
      case 413:
        return new ApiError("request_too_large", e.message ?? "The request body is too large.");
      case 415:
        return new ApiError(
          "invalid_request_error",
          "Unsupported Content-Type: send the body as application/json (skill uploads: multipart/form-data).",
          "Content-Type",
        );
      case 500:
        // The multipart parser's complaints about the body arrive wrapped as a 500 (skill uploads).
        if (MALFORMED_MULTIPART.test(e.message ?? "")) {
          return new ApiError("invalid_request_error", `Malformed multipart/form-data body: ${e.message}.`);
        }
        return null;
      default:
        return null;
    }
  }
  return null;
}

/**
 * A body that does not decompress as its Content-Encoding says (zlib's and brotli's errors, which
 * the body parser passes on as a 400 without a type of its own).
 */
function decodingError(err: unknown, req: Request): ApiError | null {
  const e = err as HttpLikeError | null;
  if (typeof e !== "object" || e === null || typeof e.errno !== "number" || typeof e.code !== "string") return null;
  if (!/^(Z_|ERR__|ERR_BROTLI)/.test(e.code)) return null;
  const encoding = (req.get("content-encoding") ?? "").slice(0, 40);
  return new ApiError(
    "invalid_request_error",
    `The request body does not decompress as its Content-Encoding (${encoding}) says: ${e.message ?? e.code}.`,
    "Content-Encoding",
  );
}

/** The client went away before its request arrived in full (an upload it gave up on). */
function clientAborted(err: unknown, req: Request): boolean {
  if ((err as HttpLikeError | null)?.type === "request.aborted") return true;
  return !req.complete && (req.destroyed || req.socket.destroyed);
}

/** Writes an error as the surface's envelope (the native one, or /v1's Anthropic one). */
export type EnvelopeOf = (err: ApiError, requestId: string) => unknown;

/**
 * The one error handler of both surfaces: client errors keep their message; anything else is
 * opaque and logged. `envelope` is the only thing a surface changes.
 */
export function errorHandler(logger: Logger, envelope: EnvelopeOf = errorEnvelope) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (clientAborted(err, req)) {
      // Nobody is left to answer: not a server error, and no response to write.
      logClientAbort(logger, req, res);
      if (!res.headersSent && !res.destroyed) res.destroy();
      return;
    }
    let apiError = toApiError(err) ?? decodingError(err, req);
    if (!apiError) {
      logger.error("unhandled error", {
        request_id: requestId(res),
        method: req.method,
        path: req.path,
        ...describeError(err),
      });
      apiError = new ApiError("api_error", "An unexpected error occurred. Quote the request id when reporting it.");
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    // Every 429 and 503 says when to come back (the rate limiter sets its own).
    if ((apiError.status === 503 || apiError.status === 429) && !res.get("Retry-After")) res.set("Retry-After", "1");
    res.status(apiError.status).json(envelope(apiError, requestId(res)));
  };
}
