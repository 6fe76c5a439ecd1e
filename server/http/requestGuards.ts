/**
 * Checks every request gets before the schema validator, driven by the spec's route table so
 * that they hold for every operation, including ones added later:
 *
 * - `bodyLimit`: a request whose declared Content-Length exceeds what its operation accepts is
 *   refused at once with 413, before the body is parsed; the body is then read and thrown away
 *   (up to `DRAIN_MAX_BYTES` or `DRAIN_MAX_MS`) before the connection is closed, so that a client
 *   still sending it receives the 413 (closing a socket with unread data resets the connection,
 *   and a reset discards the answer the client has not read yet).
 * - `strictRequestTarget`: a path segment that is not valid percent-encoding is a 400 naming the
 *   path parameter (the router would throw URIError on it); a numeric query parameter must be a
 *   plain finite decimal within its schema's bounds (the validator's type coercion lets
 *   `Infinity` and `1e1000` through).
 */
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../config/sections.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { type NumericParam, rawSegments, type SpecRoutes } from "./specRoutes.ts";

/**
 * Room for the multipart framing and the text fields on top of the files themselves (skill
 * uploads): a request declaring more than this over the file limit is refused before it is read.
 */
export const MULTIPART_OVERHEAD_BYTES = 2 * 1024 * 1024;

/** The most body bytes an operation with these media types (and `x-upload-limit`) accepts. */
export function bodyLimitFor(
  config: Pick<Config, "maxBodyBytes" | "maxUploadBytes"> & {
    files?: Pick<Config["files"], "maxBytes">;
    sandbox?: Pick<Config["sandbox"], "snapshotMaxBytes">;
  },
  media: string[],
  uploadLimit?: "files",
): number {
  // File uploads (POST /files on both surfaces): one file of FILES_MAX_BYTES and its framing.
  if (uploadLimit === "files" && config.files) return config.files.maxBytes + MULTIPART_OVERHEAD_BYTES;
  if (media.includes("multipart/form-data")) return config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  // A worker's workspace archive: as large as a saved workspace may be.
  if (media.includes("application/zip") && config.sandbox) return config.sandbox.snapshotMaxBytes;
  // A file's bytes as they are (session file uploads): the upload limit itself.
  if (media.includes("application/octet-stream")) return config.maxUploadBytes;
  return config.maxBodyBytes;
}

/** How much of a refused body is read (and thrown away) before the connection is closed. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** How long a refused body is read (and thrown away) before the connection is closed. */
export const DRAIN_MAX_MS = 5000;

/**
 * Answers with `Connection: close`, then keeps reading the request body after the answer is
 * written, discarding it, until it is complete or a bound is reached; only then is the socket
 * closed. Node would end and destroy the socket as soon as the answer is flushed (destroySoon):
 * with body bytes still unread, the kernel resets the connection instead of closing it, and the
 * reset discards the 413 on the client's side if it has not read it yet.
 */
function drainThenClose(req: Request, res: Response): void {
  res.set("Connection", "close");
  const socket = req.socket as Socket & { destroySoon?: () => void };
  let drained = 0;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(timer);
    if (socket.writableFinished || !socket.writable) socket.destroy();
    else socket.once("finish", () => socket.destroy());
  };
  // Read the body from now on (so that Node does not dump it, which would stop its events), and
  // count it; the socket is closed once it is complete, or too much of it came.
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (answered && drained > DRAIN_MAX_BYTES) close();
  });
  // Called by Node once the answer is written: end our side (the FIN after the answer), read on.
  socket.destroySoon = () => {
    answered = true;
    if (socket.writable) socket.end();
    if (req.complete || drained > DRAIN_MAX_BYTES) return close();
    timer = setTimeout(close, DRAIN_MAX_MS);
    timer.unref();
    req.once("end", close);
  };
  socket.once("close", () => clearTimeout(timer));
}

/** A surface's route table and the path its templates are relative to (`/api/v1/cloud`; `` for /v1). */
export interface SurfaceRoutes {
  base: string;
  routes: SpecRoutes;
}

/**
 * For requests of every surface: refuses a declared body over the operation's limit with 413,
 * drained. A request of no operation is held to the JSON limit.
 */
export function bodyLimit(
  surfaces: SurfaceRoutes[],
  config: Pick<Config, "maxBodyBytes" | "maxUploadBytes"> & {
    files?: Pick<Config["files"], "maxBytes">;
    sandbox?: Pick<Config["sandbox"], "snapshotMaxBytes">;
  },
) {
  const operationOf = (req: Request) => {
    for (const { base, routes } of surfaces) {
      if (!req.path.startsWith(`${base}/`)) continue;
      const op = routes.match(rawSegments(req.path.slice(base.length)), req.method)[0];
      if (op) return op;
    }
    return undefined;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.get("content-length");
    if (declared === undefined) return next();
    const length = Number(declared);
    const op = operationOf(req);
    const limit = bodyLimitFor(config, op?.bodyMedia ?? [], op?.uploadLimit);
    if (!(length > limit)) return next();
    drainThenClose(req, res);
    next(
      new ApiError(
        "request_too_large",
        `The request declares a body of ${length} bytes; this operation accepts at most ${limit} bytes.`,
      ),
    );
  };
}

function decodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const INTEGER = /^-?[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

function numericProblem(p: NumericParam, raw: string): string | null {
  const bounds =
    p.minimum !== undefined && p.maximum !== undefined
      ? ` from ${p.minimum} to ${p.maximum}`
      : p.minimum !== undefined
        ? ` of at least ${p.minimum}`
        : p.maximum !== undefined
          ? ` of at most ${p.maximum}`
          : "";
  const expected = `must be ${p.integer ? "an integer" : "a number"}${bounds}`;
  const value = Number(raw);
  const ok =
    (p.integer ? INTEGER : DECIMAL).test(raw) &&
    Number.isFinite(value) &&
    (!p.integer || Number.isSafeInteger(value)) &&
    (p.minimum === undefined || value >= p.minimum) &&
    (p.maximum === undefined || value <= p.maximum);
  return ok ? null : `${p.name}: ${expected}, got ${JSON.stringify(raw.slice(0, 40))}.`;
}

/** For a router mounted at the API base: path encoding and numeric query parameters. */
export function strictRequestTarget(routes: SpecRoutes) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const segments = rawSegments(req.path);
    const bad = segments.findIndex((s) => !decodable(s));
    if (bad >= 0) {
      const template = routes.match(segments)[0];
      const name = template?.segments[bad]?.match(/^\{(.+)\}$/)?.[1];
      const shown = JSON.stringify((segments[bad] ?? "").slice(0, 64));
      if (!name) return next(notFound(`No route ${req.method} with the path segment ${shown}.`));
      return next(invalidRequest(`${name}: ${shown} is not valid percent-encoding (RFC 3986).`, name));
    }
    const op = routes.match(segments, req.method)[0];
    if (op && op.numericQuery.length > 0) {
      const query = req.query as Record<string, unknown>;
      for (const p of op.numericQuery) {
        const raw = query[p.name];
        // Repeated or bracketed values are not strings: the validator names those.
        if (typeof raw !== "string") continue;
        const problem = numericProblem(p, raw);
        if (problem) return next(invalidRequest(problem, p.name));
      }
    }
    next();
  };
}
