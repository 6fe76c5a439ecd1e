import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { AppDeps } from "../appDeps.ts";
import { whenNotBusy } from "../busy.ts";
import { ApiError, conflict, errorEnvelope, invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { describeError } from "../logger.ts";
import { accountOf } from "./context.ts";
import { receivedFile } from "./requestBodies.ts";

/** How long a completed response is kept for replay (API.md, "Idempotency and limits"). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How long the first request may hold its key before a retry takes it over: far longer than any
 * handler runs (the slowest waits on a DNS lookup bounded at 3 s), so only a process that died
 * mid-request ever lets it lapse.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** 1–255 printable ASCII characters (the spec's IdempotencyKey parameter). */
const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

/** JSON with object keys sorted, so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

interface UploadedPart {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
}

/**
 * A digest of the request body as parsed: JSON by value (key order and whitespace do not matter),
 * multipart by its fields and each file's name and bytes (the boundary differs on every retry).
 */
export function requestFingerprint(req: Request): string {
  const mediaType = (req.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const parts = (Array.isArray(req.files) ? req.files : []) as UploadedPart[];
  const files = parts.map((f) => ({ field: f.fieldname, name: f.originalname, sha256: sha256(f.buffer) }));
  // A file upload's part is on disk, hashed as it was read (http/requestBodies.ts).
  const received = receivedFile(req);
  if (received) files.push({ field: "file", name: received.filename, sha256: received.sha256 });
  return sha256(canonicalJson({ mediaType, body: req.body ?? null, files }));
}

const quoted = (key: string) => JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}...` : key);

/**
 * `Idempotency-Key` on POST: runs after authentication and validation (a refused request keeps
 * nothing), claims the key, then either replays the kept response, refuses a different request
 * with the same key (422) or one while the first still runs (409), or lets the request run and
 * keeps the response it ends with. Responses are sealed at rest: some show a secret once.
 */
export function idempotency(deps: AppDeps) {
  const { storage, clock, secrets, logger } = deps;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    const key = req.get("idempotency-key");
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      return next(invalidRequest("Idempotency-Key must be 1 to 255 printable ASCII characters.", "Idempotency-Key"));
    }
    const accountId = accountOf(res);
    const path = req.originalUrl.split("?")[0] ?? req.originalUrl;
    const now = clock.now().getTime();
    const claim = await storage.idempotency.claim(
      { accountId, key, method: req.method, path, fingerprint: requestFingerprint(req) },
      {
        expiredBefore: new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString(),
        lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString(),
      },
    );
    const aad = `idempotency:${accountId}:${key}`;
    switch (claim.outcome) {
      case "in_flight":
        return next(
          conflict(
            `A request with Idempotency-Key ${quoted(key)} is still running: retry once it has completed.`,
            "Idempotency-Key",
          ),
        );
      case "mismatch":
        return next(
          new ApiError(
            "idempotency_error",
            `Idempotency-Key ${quoted(key)} was already used for a request with another ${claim.differs}: ` +
              "use a new key for a new request.",
            "Idempotency-Key",
          ),
        );
      case "completed": {
        const { status, contentType, bodySealed } = claim.response;
        res.status(status);
        if (contentType) res.setHeader("Content-Type", contentType);
        res.setHeader("Idempotent-Replayed", "true");
        res.end(Buffer.from(secrets.decrypt(bodySealed, aad), "base64"));
        return;
      }
      case "claimed":
        keepResponse(res, (body) => {
          // Kept before the response goes out, so a client that retries the moment it has the
          // answer is replayed it (never told "still running"); a lock another process holds is
          // waited out (asynchronously), so a retry never runs the request a second time.
          const type = res.getHeader("content-type");
          const keep =
            // A validation failure found while running created nothing: the key stays free for the
            // corrected request, as for one the validator refused.
            res.statusCode === 400
              ? () => storage.idempotency.release(accountId, key)
              : () =>
                  storage.idempotency.complete(accountId, key, {
                    status: res.statusCode,
                    contentType: typeof type === "string" ? type : null,
                    bodySealed: secrets.encrypt(body.toString("base64"), aad),
                  });
          return whenNotBusy(keep).catch((err: unknown) => {
            logger.error("could not keep the response of an idempotent request", {
              request_id: res.locals.requestId,
              ...describeError(err),
            });
          });
        });
        return next();
    }
  };
}

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding: unknown): Buffer {
  return typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk);
}

/**
 * Calls `onEnd` with the whole body when the handler ends the response, and ends it only once
 * `onEnd` has settled: the response is kept before its last bytes leave, even if the client has
 * gone away meanwhile.
 */
function keepResponse(res: Response, onEnd: (body: Buffer) => Promise<void>): void {
  const chunks: Buffer[] = [];
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => Response;
  let ended = false;
  res.write = function (this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(toBuffer(chunk, encoding));
    return write.apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(toBuffer(chunk, encoding));
    if (ended) return end.apply(this, args);
    ended = true;
    void onEnd(Buffer.concat(chunks)).finally(() => end.apply(this, args));
    return this;
  } as Response["end"];
}

/**
 * Replaces the kept responses (of completed requests on these paths) whose JSON body `holds`
 * picks with `replacement` (an error, sealed like any kept response): a redaction calls it so that
 * no replay of a create or update returns the content it removed. The key stays used, so a retry
 * is answered the replacement and never runs again. Bodies that are not JSON are left alone.
 * Returns how many it replaced.
 */
export async function replaceKeptResponses(
  deps: Pick<AppDeps, "storage" | "secrets">,
  accountId: string,
  paths: string[],
  holds: (body: unknown) => boolean,
  replacement: ApiError,
): Promise<number> {
  let replaced = 0;
  for (const kept of await deps.storage.idempotency.keptResponses(accountId, paths)) {
    const aad = `idempotency:${accountId}:${kept.key}`;
    const text = Buffer.from(deps.secrets.decrypt(kept.bodySealed, aad), "base64").toString("utf8");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      continue;
    }
    if (!holds(body)) continue;
    const envelope = JSON.stringify(errorEnvelope(replacement, newId("req")));
    const response = {
      status: replacement.status,
      contentType: "application/json; charset=utf-8",
      bodySealed: deps.secrets.encrypt(Buffer.from(envelope).toString("base64"), aad),
    };
    if (await deps.storage.idempotency.replaceResponse(accountId, kept.key, kept.bodySealed, response)) replaced++;
  }
  return replaced;
}
