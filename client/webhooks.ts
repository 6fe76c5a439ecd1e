/**
 * Verifying the webhooks the Cloud Agents Service sends, for receivers written in TypeScript.
 *
 * Every delivery carries `Webhook-Signature: t=<unix seconds>,v1=<hex>`, where the hex is
 * HMAC-SHA256 keyed with the UTF-8 bytes of the endpoint's whole `signing_secret` (`whsec_...`)
 * over `<t>.<raw body>`. Verify the raw body - the bytes as received, before any JSON parsing.
 *
 * Import it from `cloud-agents-sdk/webhooks` (Node: it uses node:crypto).
 *
 * @example
 * app.post("/hooks", express.raw({ type: "application/json" }), (req, res) => {
 *   const event = verifyWebhook(req.body, req.get("webhook-signature"), process.env.WEBHOOK_SECRET!);
 *   res.sendStatus(200); // acknowledge promptly, then process (idempotently: deduplicate on event.id)
 * });
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { components, webhooks } from "../generated/api.js";

/** The envelope every delivery carries (generated from the OpenAPI description); narrow on `data.type`. */
export type WebhookEvent = components["schemas"]["EventEnvelope"];
/** Every event kind the service sends. */
export type WebhookEventType = WebhookEvent["data"]["type"];
/** The payload of one kind, as its webhook documents it: `WebhookPayload<"session.status_idled">`. */
export type WebhookPayload<K extends keyof webhooks> = webhooks[K] extends {
  post: { requestBody: { content: { "application/json": infer Payload } } };
}
  ? Payload
  : never;

/** The recommended tolerance between the signature timestamp and now, against replays. */
export const DEFAULT_TOLERANCE_SECONDS = 600;

export type WebhookVerificationErrorCode =
  | "missing_signature"
  | "malformed_signature"
  | "not_raw_body"
  | "invalid_secret"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch"
  | "invalid_payload";

/** Thrown when a delivery does not verify. `code` is stable; `message` explains the likely mistake. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyOptions {
  /** Maximum age (and clock skew) of the signature timestamp, in seconds. Default 600. */
  toleranceSeconds?: number;
  /** The current time (tests). Default: now. */
  now?: Date | number;
}

type RawBody = string | Uint8Array | ArrayBuffer;

function rawBytes(body: unknown): Buffer {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  const what =
    body === null ? "null" : body === undefined ? "undefined" : Array.isArray(body) ? "an array" : typeof body;
  const parsed = typeof body === "object" && body !== null;
  throw new WebhookVerificationError(
    "not_raw_body",
    parsed
      ? "verifyWebhook needs the raw request body (a string or Buffer, exactly as received), but got a parsed " +
          `object (${what}). A JSON body parser ran first: re-serializing it does not give back the signed bytes. ` +
          'With Express, use express.raw({ type: "application/json" }) on the webhook route.'
      : `verifyWebhook needs the raw request body as a string or Buffer, but got ${what}.`,
  );
}

function timestampOf(now: Date | number | undefined): number {
  if (now === undefined) return Math.floor(Date.now() / 1000);
  return Math.floor((typeof now === "number" ? now : now.getTime()) / 1000);
}

function parseHeader(header: string | string[] | null | undefined): { t: number; v1: string[] } {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value === undefined || value === null || value.trim() === "") {
    throw new WebhookVerificationError(
      "missing_signature",
      "The Webhook-Signature header is missing: pass the value of the request's Webhook-Signature header.",
    );
  }
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of value.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(val)) t = Number(val);
    else if (key === "v1" && val) v1.push(val);
  }
  if (t === null || v1.length === 0) {
    throw new WebhookVerificationError(
      "malformed_signature",
      `The Webhook-Signature header must look like "t=<unix seconds>,v1=<hex>", got "${value.slice(0, 120)}".`,
    );
  }
  return { t, v1 };
}

function hmacHex(secret: string, t: number, body: Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.`, "utf8").update(body).digest("hex");
}

/**
 * Computes a `Webhook-Signature` header value for a body, exactly as the service does - for a
 * receiver's own tests (sign a fixture, then feed it to your handler).
 */
export function signWebhook(rawBody: RawBody, secret: string, options: { timestamp?: Date | number } = {}): string {
  const t =
    options.timestamp === undefined
      ? Math.floor(Date.now() / 1000)
      : typeof options.timestamp === "number"
        ? Math.floor(options.timestamp)
        : Math.floor(options.timestamp.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBytes(rawBody))}`;
}

/**
 * Verifies a delivery and returns its event. Checks, in order: the body is raw bytes, the header
 * is well formed, one of the `v1` signatures (several are accepted, e.g. during a secret
 * rotation) matches, compared in constant time, and the signed timestamp is within
 * `toleranceSeconds` of now (replay protection). Throws WebhookVerificationError otherwise, with a message naming the likely
 * mistake.
 */
export function verifyWebhook(
  rawBody: RawBody,
  signatureHeader: string | string[] | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent {
  const body = rawBytes(rawBody);
  const { t, v1 } = parseHeader(signatureHeader);
  if (typeof secret !== "string" || secret.length === 0) {
    throw new WebhookVerificationError(
      "invalid_secret",
      "The secret is empty: pass the endpoint's signing_secret (whsec_...), shown once when the endpoint was created.",
    );
  }
  const expected = Buffer.from(hmacHex(secret, t, body), "hex");
  let matched = false;
  for (const candidate of v1) {
    if (!/^[0-9a-fA-F]+$/.test(candidate) || candidate.length !== expected.length * 2) continue;
    // Constant time; keep looping over every candidate so timing does not tell which matched.
    if (timingSafeEqual(Buffer.from(candidate, "hex"), expected)) matched = true;
  }
  if (!matched) {
    const hints = [
      secret.startsWith("whsec_")
        ? "the secret is this endpoint's signing_secret (each endpoint has its own; a re-created endpoint has a new one)"
        : "the secret is the whole signing_secret string, including its whsec_ prefix (it is not base64-decoded)",
      "the body is the raw request body, byte for byte (not parsed and re-serialized JSON, not re-encoded, no whitespace added or trimmed)",
    ];
    // The service sends compact JSON: line breaks mean the body was re-serialized on the way.
    const reserialized = body.includes(0x0a)
      ? " The body contains line breaks, which deliveries never do: it was re-serialized (pretty-printed) after arrival."
      : "";
    throw new WebhookVerificationError(
      "signature_mismatch",
      `No v1 signature matches. Check that ${hints.join(", and that ")}.${reserialized}`,
    );
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = timestampOf(options.now);
  const age = now - t;
  if (Math.abs(age) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      age > 0
        ? `The signature timestamp is ${age} s old, beyond the tolerance of ${tolerance} s: a replayed or long-delayed ` +
            "delivery, or this machine's clock is wrong. Check the clock (NTP) before widening toleranceSeconds."
        : `The signature timestamp is ${-age} s in the future, beyond the tolerance of ${tolerance} s: ` +
            "this machine's clock is probably behind. Check the clock (NTP).",
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(body.toString("utf8"));
  } catch {
    throw new WebhookVerificationError("invalid_payload", "The signature matches but the body is not valid JSON.");
  }
  if (typeof event !== "object" || event === null || (event as { type?: unknown }).type !== "event") {
    throw new WebhookVerificationError(
      "invalid_payload",
      'The signature matches but the body is not an event envelope (type "event").',
    );
  }
  return event as WebhookEvent;
}
