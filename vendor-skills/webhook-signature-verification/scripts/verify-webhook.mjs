#!/usr/bin/env node
/**
 * Verify Cloud Agents webhook deliveries. No dependencies (Node 18+).
 *
 * An endpoint signs in one of two schemes (its `signing_scheme`):
 *   webhook_signature (default)  Webhook-Signature: t=<unix seconds>,v1=<hex>
 *       hex HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret (`whsec_` included) of `<t>.<raw body>`
 *   standard_webhooks           webhook-id, webhook-timestamp, webhook-signature: v1,<base64>
 *       base64 HMAC-SHA256 keyed with base64-decode(secret after `whsec_`) of `<id>.<timestamp>.<raw body>`
 * During a secret rotation a delivery carries two signatures (new first): any match is enough.
 * Use it as a module:
 *
 *   import { verifyWebhook } from "./verify-webhook.mjs";
 *   const envelope = verifyWebhook(rawBodyBuffer, req.headers, process.env.WEBHOOK_SECRET);
 *
 * or from the command line:
 *
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --header 't=...,v1=...' --body-file body.json
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --scheme standard_webhooks --id evt_... \
 *     --timestamp 1795264496 --header 'v1,...' --body-file body.json
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --sign --body-file body.json   # prints a header
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --sign --scheme standard_webhooks --id evt_x --body-file body.json
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** The recommended replay window, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 600;

/** A delivery that must be rejected. `code` is stable; `message` says what to fix. */
export class WebhookVerificationError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "WebhookVerificationError";
    this.code = code;
  }
}

function toBytes(rawBody) {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  if (rawBody instanceof ArrayBuffer) return Buffer.from(rawBody);
  throw new WebhookVerificationError(
    "parsed_body",
    "The body is not raw bytes: it was probably parsed already (express.json(), bodyParser, a framework's " +
      "JSON body). Verify the exact bytes received, e.g. with express.raw({ type: 'application/json' }) " +
      "or `await request.arrayBuffer()`, and parse the JSON only after verifying.",
  );
}

function checkSecret(secret) {
  if (typeof secret !== "string" || !secret.startsWith("whsec_")) {
    throw new WebhookVerificationError(
      "bad_secret",
      "The signing secret must be the whole string returned when the endpoint was created (or its secret " +
        "rotated), including its `whsec_` prefix.",
    );
  }
}

/** The standard_webhooks key: the base64-decoded part of the secret after `whsec_`. */
function standardKey(secret) {
  checkSecret(secret);
  const encoded = secret.slice("whsec_".length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new WebhookVerificationError(
      "bad_secret",
      "With standard_webhooks the key is the base64-decoded part of the secret after `whsec_`, and this secret " +
        "is not standard base64. Use the secret exactly as returned; an endpoint created before secrets were " +
        "standard base64 must rotate its secret before switching to standard_webhooks.",
    );
  }
  return Buffer.from(encoded, "base64");
}

/** The webhook_signature v1 value (hex) of a body, as the service computes it. */
export function sign(secret, timestamp, rawBody) {
  checkSecret(secret);
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${timestamp}.`, "utf8")
    .update(toBytes(rawBody))
    .digest("hex");
}

/** The standard_webhooks v1 value (base64) of a body, as the service computes it. */
export function signStandard(secret, id, timestamp, rawBody) {
  return createHmac("sha256", standardKey(secret))
    .update(`${id}.${timestamp}.`, "utf8")
    .update(toBytes(rawBody))
    .digest("base64");
}

/**
 * A complete `Webhook-Signature` header value (webhook_signature), for tests and local replays.
 * Several secrets give several v1 values, like a delivery during a rotation (new secret first).
 */
export function signatureHeader(secrets, rawBody, timestamp = Math.floor(Date.now() / 1000)) {
  const list = Array.isArray(secrets) ? secrets : [secrets];
  return [`t=${timestamp}`, ...list.map((s) => `v1=${sign(s, timestamp, rawBody)}`)].join(",");
}

/** The three standard_webhooks headers of a body, for tests and local replays. */
export function standardHeaders(secrets, id, rawBody, timestamp = Math.floor(Date.now() / 1000)) {
  const list = Array.isArray(secrets) ? secrets : [secrets];
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": list.map((s) => `v1,${signStandard(s, id, timestamp, rawBody)}`).join(" "),
  };
}

/**
 * Parses `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`. Unknown keys are ignored so that new
 * signature schemes can be added without breaking receivers.
 */
export function parseSignatureHeader(header) {
  if (Array.isArray(header)) header = header.join(",");
  if (typeof header !== "string" || header.trim() === "") {
    throw new WebhookVerificationError("missing_header", "The request has no Webhook-Signature header.");
  }
  let timestamp = null;
  const signatures = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookVerificationError(
      "malformed_header",
      `Webhook-Signature must look like t=<unix seconds>,v1=<64 hex digits>; got ${JSON.stringify(header.slice(0, 200))}.`,
    );
  }
  return { timestamp, signatures };
}

/** Parses the standard_webhooks `webhook-signature` value `v1,<base64>[ v1,<base64>...]`. */
export function parseStandardSignature(value) {
  const signatures = String(value ?? "")
    .trim()
    .split(/\s+/)
    .filter((s) => /^v1,[A-Za-z0-9+/]{43}=$/.test(s))
    .map((s) => Buffer.from(s.slice(3), "base64"));
  if (signatures.length === 0) {
    throw new WebhookVerificationError(
      "malformed_header",
      `webhook-signature must look like v1,<base64 of 32 bytes>; got ${JSON.stringify(String(value).slice(0, 200))}.`,
    );
  }
  return signatures;
}

function headerOf(headers, name) {
  if (typeof headers?.get === "function") return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(",") : value;
  }
  return undefined;
}

/** What a delivery presents, whatever its scheme: the timestamp, the signatures and how to compute one. */
function presented(headers, options) {
  let value = headers;
  let id = options.id;
  let timestamp = options.timestamp === undefined ? undefined : String(options.timestamp);
  if (headers !== null && typeof headers === "object" && !Array.isArray(headers)) {
    value = headerOf(headers, "webhook-signature");
    id ??= headerOf(headers, "webhook-id");
    timestamp ??= headerOf(headers, "webhook-timestamp");
  }
  if (Array.isArray(value)) value = value.join(",");
  if (typeof value !== "string" || value.trim() === "") {
    throw new WebhookVerificationError("missing_header", "The request has no webhook-signature header.");
  }
  const scheme = options.scheme ?? (/(^|,)\s*t=/.test(value) ? "webhook_signature" : "standard_webhooks");
  if (scheme === "webhook_signature") {
    const { timestamp: t, signatures } = parseSignatureHeader(value);
    return { t, signatures, compute: (secret, body) => Buffer.from(sign(secret, t, body), "hex") };
  }
  const signatures = parseStandardSignature(value);
  if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError(
      "missing_header",
      "A standard_webhooks delivery is verified with its webhook-id and webhook-timestamp headers too: pass the " +
        "request's headers (req.headers), not only webhook-signature.",
    );
  }
  const t = Number(timestamp);
  return {
    t,
    signatures,
    compute: (secret, body) => Buffer.from(signStandard(secret, id, t, body), "base64"),
  };
}

/**
 * Verifies a delivery and returns the parsed envelope `{ id, created_at, type: "event", data }`.
 *
 * @param rawBody  the exact request body bytes (Buffer, Uint8Array, ArrayBuffer or the body string)
 * @param headers  the request headers (node's req.headers or a fetch Headers: both schemes), or the
 *                 Webhook-Signature value alone (webhook_signature)
 * @param secrets  the endpoint's signing secret, or several while rotating (any may match)
 * @param options  { toleranceSeconds = 600, now = Date.now(), scheme?, id?, timestamp? }
 * @throws WebhookVerificationError
 */
export function verifyWebhook(rawBody, headers, secrets, options = {}) {
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const body = toBytes(rawBody);
  const list = Array.isArray(secrets) ? secrets : [secrets];
  if (list.length === 0) throw new WebhookVerificationError("bad_secret", "No signing secret was given.");
  list.forEach(checkSecret);
  const { t, signatures, compute } = presented(headers, options);

  // Replay protection: an old (or far-future) timestamp is refused even with a valid signature.
  if (Math.abs(nowSeconds - t) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The signature timestamp ${t} is ${nowSeconds - t} s from now (tolerance ${tolerance} s): ` +
        "a replayed delivery, or a wrong clock on this machine (check NTP).",
    );
  }

  for (const secret of list) {
    const expected = compute(secret, body);
    // Constant-time comparison: never compare signatures with === or startsWith.
    if (signatures.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))) {
      try {
        return JSON.parse(body.toString("utf8"));
      } catch {
        throw new WebhookVerificationError("invalid_json", "The signature is valid but the body is not JSON.");
      }
    }
  }
  throw new WebhookVerificationError(
    "signature_mismatch",
    "No v1 signature matches. Check that the secret belongs to this endpoint (each endpoint has its own, and a " +
      "rotation gives a new one) and that the body is the exact bytes received: not re-serialized JSON, not " +
      "re-encoded, no trimmed newline.",
  );
}

// ---- command line ----------------------------------------------------------------------------

function cliOption(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function main(args) {
  const secrets = (cliOption(args, "--secret") ?? process.env.WEBHOOK_SECRET ?? "").split(",").filter(Boolean);
  const bodyFile = cliOption(args, "--body-file");
  const body = bodyFile ? readFileSync(bodyFile) : readFileSync(0);
  const scheme = cliOption(args, "--scheme");
  const id = cliOption(args, "--id");
  const timestamp = cliOption(args, "--timestamp");
  try {
    if (args.includes("--sign")) {
      const t = timestamp === undefined ? undefined : Number(timestamp);
      if (scheme === "standard_webhooks") {
        if (!id) throw new WebhookVerificationError("missing_header", "--sign --scheme standard_webhooks needs --id.");
        const headers = standardHeaders(secrets, id, body, t);
        for (const [name, value] of Object.entries(headers)) process.stdout.write(`${name}: ${value}\n`);
      } else {
        process.stdout.write(`${signatureHeader(secrets, body, t)}\n`);
      }
      return 0;
    }
    const header = cliOption(args, "--header");
    const tolerance = Number(cliOption(args, "--tolerance") ?? DEFAULT_TOLERANCE_SECONDS);
    const envelope = verifyWebhook(body, header, secrets, {
      toleranceSeconds: tolerance,
      ...(scheme ? { scheme } : {}),
      ...(id ? { id } : {}),
      ...(timestamp ? { timestamp } : {}),
    });
    process.stdout.write(`valid: ${envelope.id} ${envelope.data?.type ?? ""}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`invalid (${err.code ?? "error"}): ${err.message}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
