import { createHmac, randomBytes } from "node:crypto";
import type { SigningScheme } from "../storage/port/webhooks.ts";

const SECRET_PREFIX = "whsec_";

/**
 * A new signing secret: `whsec_` + 32 random bytes in standard base64 (with its `=` padding), the
 * form Standard Webhooks libraries decode. Secrets made before were base64url; they keep working
 * with `webhook_signature`, which keys the HMAC with the string itself.
 */
export function generateSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** True for a secret in the current form (`whsec_` + standard base64 of 32 bytes). */
export function isStandardBase64Secret(secret: string): boolean {
  return /^whsec_[A-Za-z0-9+/]{43}=$/.test(secret);
}

/**
 * The `webhook_signature` `v1` value: hex HMAC-SHA256 keyed with the UTF-8 bytes of the whole
 * secret string (`whsec_` included, not base64-decoded), over `<t>.<raw body>` - the exact bytes sent.
 */
export function signPayload(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`, "utf8").update(body).digest("hex");
}

/** The `Webhook-Signature` header value of the `webhook_signature` scheme for one secret: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, timestamp: number, body: string | Buffer): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
}

/**
 * The Standard Webhooks `v1` value: base64 HMAC-SHA256 keyed with the base64-decoded part of the
 * secret after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<raw body>`. (Node's base64
 * decoder also reads the url-safe alphabet, so secrets made before standard base64 still sign.)
 */
export function signStandardPayload(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return createHmac("sha256", key).update(`${id}.${timestamp}.`, "utf8").update(body).digest("base64");
}

/**
 * The signature headers of one delivery in the endpoint's scheme. `secrets` are the secrets that
 * sign it, the current one first (during a rotation the previous one follows, so receivers that
 * take the first match verify with the new secret as soon as they have it).
 */
export function signatureHeaders(
  scheme: SigningScheme,
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string | Buffer,
): Record<string, string> {
  if (scheme === "standard_webhooks") {
    return {
      "webhook-timestamp": String(timestamp),
      "webhook-signature": secrets.map((s) => `v1,${signStandardPayload(s, id, timestamp, body)}`).join(" "),
    };
  }
  return {
    "webhook-signature": [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(","),
  };
}
