#!/usr/bin/env node
/**
 * Verify Cloud Agents webhook deliveries. No dependencies (Node 18+).
 *
 * Every delivery carries `Webhook-Signature: t=<unix seconds>,v1=<hex>`: the hex is the
 * HMAC-SHA256, keyed with the UTF-8 bytes of the whole signing secret (including `whsec_`),
 * of `<t>.<raw body>`. Use it as a module:
 *
 *   import { verifyWebhook } from "./verify-webhook.mjs";
 *   const envelope = verifyWebhook(rawBodyBuffer, req.headers["webhook-signature"], process.env.WEBHOOK_SECRET);
 *
 * or from the command line:
 *
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --header 't=...,v1=...' --body-file body.json
 *   WEBHOOK_SECRET=whsec_... node verify-webhook.mjs --sign --body-file body.json   # prints a header
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
      "The signing secret must be the whole string returned when the endpoint was created, " +
        "including its `whsec_` prefix (it is used as is, not base64-decoded).",
    );
  }
}

/** The v1 signature (hex) of a body, as the service computes it. */
export function sign(secret, timestamp, rawBody) {
  checkSecret(secret);
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${timestamp}.`, "utf8")
    .update(toBytes(rawBody))
    .digest("hex");
}

/** A complete `Webhook-Signature` header value, for tests and local replays. */
export function signatureHeader(secret, rawBody, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${sign(secret, timestamp, rawBody)}`;
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
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookVerificationError(
      "malformed_header",
      `Webhook-Signature must look like t=<unix seconds>,v1=<64 hex digits>; got ${JSON.stringify(header.slice(0, 200))}.`,
    );
  }
  return { timestamp, signatures };
}

/**
 * Verifies a delivery and returns the parsed envelope `{ id, created_at, type: "event", data }`.
 *
 * @param rawBody  the exact request body bytes (Buffer, Uint8Array, ArrayBuffer or the body string)
 * @param header   the Webhook-Signature header value
 * @param secrets  the endpoint's signing secret, or several while rotating (any may match)
 * @param options  { toleranceSeconds = 600, now = Date.now() }
 * @throws WebhookVerificationError
 */
export function verifyWebhook(rawBody, header, secrets, options = {}) {
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const body = toBytes(rawBody);
  const list = Array.isArray(secrets) ? secrets : [secrets];
  if (list.length === 0) throw new WebhookVerificationError("bad_secret", "No signing secret was given.");
  list.forEach(checkSecret);
  const { timestamp, signatures } = parseSignatureHeader(header);

  // Replay protection: an old (or far-future) timestamp is refused even with a valid signature.
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The signature timestamp ${timestamp} is ${nowSeconds - timestamp} s from now (tolerance ${tolerance} s): ` +
        "a replayed delivery, or a wrong clock on this machine (check NTP).",
    );
  }

  const received = signatures.map((hex) => Buffer.from(hex, "hex"));
  for (const secret of list) {
    const expected = Buffer.from(sign(secret, timestamp, body), "hex");
    // Constant-time comparison: never compare signatures with === or startsWith.
    if (received.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))) {
      try {
        return JSON.parse(body.toString("utf8"));
      } catch {
        throw new WebhookVerificationError("invalid_json", "The signature is valid but the body is not JSON.");
      }
    }
  }
  throw new WebhookVerificationError(
    "signature_mismatch",
    "No v1 signature matches. Check that the secret belongs to this endpoint (each endpoint has its own) " +
      "and that the body is the exact bytes received: not re-serialized JSON, not re-encoded, no trimmed newline.",
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
  if (args.includes("--sign")) {
    process.stdout.write(`${signatureHeader(secrets[0], body)}\n`);
    return 0;
  }
  const header = cliOption(args, "--header");
  const tolerance = Number(cliOption(args, "--tolerance") ?? DEFAULT_TOLERANCE_SECONDS);
  try {
    const envelope = verifyWebhook(body, header, secrets, { toleranceSeconds: tolerance });
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
