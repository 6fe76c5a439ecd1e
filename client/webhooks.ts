/**
 * Verifying the webhooks the Cloud Agents Service sends, for receivers written in TypeScript.
 *
 * An endpoint signs its deliveries in one of two schemes (its `signing_scheme`):
 * - `webhook_signature` (the default): `Webhook-Signature: t=<unix seconds>,v1=<hex>`, where the hex
 *   is HMAC-SHA256 keyed with the UTF-8 bytes of the endpoint's whole `signing_secret` (`whsec_...`)
 *   over `<t>.<raw body>`.
 * - `standard_webhooks`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64>`, HMAC-SHA256 keyed with the base64-decoded part of the secret
 *   after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<raw body>`.
 * During a secret rotation a delivery carries several signatures (the new secret's first); any
 * match is enough. Verify the raw body - the bytes as received, before any JSON parsing.
 *
 * Import it from `cloud-agents-sdk/webhooks` (Node: it uses node:crypto).
 *
 * @example
 * app.post("/hooks", express.raw({ type: "application/json" }), (req, res) => {
 *   const event = verifyWebhook(req.body, req.headers, process.env.WEBHOOK_SECRET!);
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

/** How an endpoint signs its deliveries (its `signing_scheme`). */
export type WebhookSigningScheme = components["schemas"]["WebhookSigningScheme"];

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
  /** The endpoint's signing scheme. Default: recognised from the signature header's layout. */
  scheme?: WebhookSigningScheme;
  /**
   * `standard_webhooks` when only the `webhook-signature` value is passed (not the headers): the
   * request's `webhook-id` and `webhook-timestamp` header values.
   */
  id?: string;
  timestamp?: string | number;
}

type RawBody = string | Uint8Array | ArrayBuffer;

/** Request headers: a fetch `Headers`, or a plain object such as node's `req.headers`. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A secret, or several (any may match) while a receiver moves from an old secret to a new one. */
type Secrets = string | readonly string[];

const SECRET_PREFIX = "whsec_";

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

const toSeconds = (at: Date | number) => Math.floor((typeof at === "number" ? at : at.getTime()) / 1000);

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === "string" ? value : value?.join(",");
  }
  return undefined;
}

/** What one delivery presents: the scheme, the signed timestamp and the candidate signatures. */
interface Presented {
  scheme: WebhookSigningScheme;
  t: number;
  id: string;
  signatures: string[];
}

const HEADER_LAYOUTS =
  '"Webhook-Signature: t=<unix seconds>,v1=<hex>" (webhook_signature) or ' +
  '"webhook-signature: v1,<base64>" with webhook-id and webhook-timestamp (standard_webhooks)';

function readSignature(
  input: string | readonly string[] | WebhookHeaders | null | undefined,
  options: VerifyOptions,
): Presented {
  let value: string | undefined;
  let id = options.id;
  let timestamp = options.timestamp === undefined ? undefined : String(options.timestamp);
  if (typeof input === "string") value = input;
  else if (Array.isArray(input)) value = input.join(",");
  else if (input) {
    const headers = input as WebhookHeaders;
    value = headerValue(headers, "webhook-signature");
    id ??= headerValue(headers, "webhook-id");
    timestamp ??= headerValue(headers, "webhook-timestamp");
  }
  if (value === undefined || value.trim() === "") {
    throw new WebhookVerificationError(
      "missing_signature",
      "The webhook-signature header is missing: pass the request's headers (or the value of its Webhook-Signature header).",
    );
  }
  const scheme = options.scheme ?? (/(^|,)\s*t=/.test(value) ? "webhook_signature" : "standard_webhooks");
  if (scheme === "webhook_signature") {
    let t: number | null = null;
    const signatures: string[] = [];
    for (const part of value.split(",")) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      const key = part.slice(0, eq).trim();
      const val = part.slice(eq + 1).trim();
      if (key === "t" && /^\d{1,12}$/.test(val)) t = Number(val);
      else if (key === "v1" && val) signatures.push(val);
    }
    if (t === null || signatures.length === 0) {
      throw new WebhookVerificationError(
        "malformed_signature",
        `The Webhook-Signature header must look like "t=<unix seconds>,v1=<hex>", got "${value.slice(0, 120)}".`,
      );
    }
    return { scheme, t, id: id ?? "", signatures };
  }
  const signatures = value
    .trim()
    .split(/\s+/)
    .filter((s) => s.startsWith("v1,"))
    .map((s) => s.slice(3));
  if (signatures.length === 0) {
    throw new WebhookVerificationError(
      "malformed_signature",
      `The signature header must look like ${HEADER_LAYOUTS}; got "${value.slice(0, 120)}".`,
    );
  }
  if (!id || !timestamp) {
    throw new WebhookVerificationError(
      "missing_signature",
      `A standard_webhooks delivery is verified with three headers, and ${!id ? "webhook-id" : "webhook-timestamp"} ` +
        "is missing: pass the request's headers (req.headers or request.headers), not only webhook-signature.",
    );
  }
  if (!/^\d{1,12}$/.test(timestamp.trim())) {
    throw new WebhookVerificationError(
      "malformed_signature",
      `The webhook-timestamp header must be unix seconds, got "${timestamp.slice(0, 40)}".`,
    );
  }
  return { scheme, t: Number(timestamp.trim()), id, signatures };
}

function secretList(secret: Secrets): string[] {
  const list = typeof secret === "string" ? [secret] : [...secret];
  if (list.length === 0 || list.some((s) => typeof s !== "string" || s.length === 0)) {
    throw new WebhookVerificationError(
      "invalid_secret",
      "The secret is empty: pass the endpoint's signing_secret (whsec_...), shown once when the endpoint was created or its secret rotated.",
    );
  }
  return list;
}

/** The HMAC key of the standard_webhooks scheme: the base64-decoded part of the secret after `whsec_`. */
function standardKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, "base64") : Buffer.alloc(0);
  if (key.length === 0) {
    throw new WebhookVerificationError(
      "invalid_secret",
      "With standard_webhooks the key is the base64-decoded part of the secret after whsec_, and this secret is not " +
        "standard base64. Pass the signing_secret exactly as returned; an endpoint created before secrets were " +
        "standard base64 must rotate its secret (POST /webhook_endpoints/{id}/rotate_secret) to use standard_webhooks.",
    );
  }
  return key;
}

/** The signature one secret makes for a delivery, in the scheme's encoding. */
function computeSignature(scheme: WebhookSigningScheme, secret: string, id: string, t: number, body: Buffer): Buffer {
  if (scheme === "standard_webhooks") {
    return createHmac("sha256", standardKey(secret)).update(`${id}.${t}.`, "utf8").update(body).digest();
  }
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.`, "utf8").update(body).digest();
}

const encode = (scheme: WebhookSigningScheme, mac: Buffer) =>
  scheme === "standard_webhooks" ? mac.toString("base64") : mac.toString("hex");

function decodeCandidate(scheme: WebhookSigningScheme, candidate: string): Buffer | null {
  if (scheme === "standard_webhooks") {
    return /^[A-Za-z0-9+/]{43}=$/.test(candidate) ? Buffer.from(candidate, "base64") : null;
  }
  return /^[0-9a-fA-F]{64}$/.test(candidate) ? Buffer.from(candidate, "hex") : null;
}

export interface SignOptions {
  /** The signing time, a Date or unix seconds (default now). */
  timestamp?: Date | number;
  /** The scheme to sign in (default `webhook_signature`). */
  scheme?: WebhookSigningScheme;
  /** `standard_webhooks`: the delivery id (the envelope id) that `webhook-id` carries. */
  id?: string;
}

/** The signing time in unix seconds: `timestamp` is a Date or unix seconds (not milliseconds). */
function signingTime(options: SignOptions): number {
  const { timestamp } = options;
  if (timestamp === undefined) return toSeconds(Date.now());
  return typeof timestamp === "number" ? Math.floor(timestamp) : toSeconds(timestamp);
}

function signatureValue(rawBody: RawBody, secret: Secrets, options: SignOptions, t: number): string {
  const scheme = options.scheme ?? "webhook_signature";
  const body = rawBytes(rawBody);
  const secrets = secretList(secret);
  if (scheme === "standard_webhooks") {
    if (!options.id) throw new TypeError("signWebhook: standard_webhooks signs the delivery id; pass options.id.");
    const id = options.id;
    return secrets.map((s) => `v1,${encode(scheme, computeSignature(scheme, s, id, t, body))}`).join(" ");
  }
  return [`t=${t}`, ...secrets.map((s) => `v1=${encode(scheme, computeSignature(scheme, s, "", t, body))}`)].join(",");
}

/**
 * Computes the signature header value for a body, exactly as the service does - for a receiver's
 * own tests (sign a fixture, then feed it to your handler). Several secrets give several
 * signatures, like a delivery during a rotation (new secret first). With `standard_webhooks` it is
 * the `webhook-signature` value; `signWebhookHeaders` gives every header.
 */
export function signWebhook(rawBody: RawBody, secret: Secrets, options: SignOptions = {}): string {
  return signatureValue(rawBody, secret, options, signingTime(options));
}

/** Every signature header of a delivery in the scheme (`webhook-id` and `webhook-timestamp` too with `standard_webhooks`). */
export function signWebhookHeaders(
  rawBody: RawBody,
  secret: Secrets,
  options: SignOptions = {},
): Record<string, string> {
  const t = signingTime(options);
  const signature = signatureValue(rawBody, secret, options, t);
  if ((options.scheme ?? "webhook_signature") === "webhook_signature") {
    return { ...(options.id ? { "webhook-id": options.id } : {}), "webhook-signature": signature };
  }
  return { "webhook-id": options.id ?? "", "webhook-timestamp": String(t), "webhook-signature": signature };
}

/**
 * Verifies a delivery and returns its event. `headers` is the request's headers (recommended: both
 * schemes are recognised) or the value of its Webhook-Signature header; `secret` the endpoint's
 * signing secret, or several while you move to a rotated one. Checks, in order: the body is raw
 * bytes, the signature header is well formed, one of its signatures (several are accepted, e.g.
 * during a secret rotation) matches one of the secrets, compared in constant time, and the signed
 * timestamp is within `toleranceSeconds` of now (replay protection). Throws
 * WebhookVerificationError otherwise, with a message naming the likely mistake.
 */
export function verifyWebhook(
  rawBody: RawBody,
  headers: string | readonly string[] | WebhookHeaders | null | undefined,
  secret: Secrets,
  options: VerifyOptions = {},
): WebhookEvent {
  const body = rawBytes(rawBody);
  const presented = readSignature(headers, options);
  const { scheme, t, id } = presented;
  const secrets = secretList(secret);
  const candidates = presented.signatures.map((c) => decodeCandidate(scheme, c)).filter((c): c is Buffer => c !== null);
  let matched = false;
  for (const s of secrets) {
    const expected = computeSignature(scheme, s, id, t, body);
    // Constant time; keep looping over every candidate so timing does not tell which matched.
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  if (!matched) {
    const hints = [
      secrets.every((s) => s.startsWith(SECRET_PREFIX))
        ? "the secret is this endpoint's signing_secret (each endpoint has its own; a re-created endpoint or a rotation gives a new one)"
        : "the secret is the whole signing_secret string, including its whsec_ prefix",
      "the body is the raw request body, byte for byte (not parsed and re-serialized JSON, not re-encoded, no whitespace added or trimmed)",
    ];
    if (scheme === "standard_webhooks") hints.push("webhook-id and webhook-timestamp are this request's own headers");
    // The service sends compact JSON: line breaks mean the body was re-serialized on the way.
    const reserialized = body.includes(0x0a)
      ? " The body contains line breaks, which deliveries never do: it was re-serialized (pretty-printed) after arrival."
      : "";
    throw new WebhookVerificationError(
      "signature_mismatch",
      `No v1 signature matches (${scheme}). Check that ${hints.join(", and that ")}.${reserialized}`,
    );
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = toSeconds(options.now ?? Date.now()) - t;
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
