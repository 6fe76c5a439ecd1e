import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret: `whsec_` + 32 random bytes, base64url (API.md, Conventions). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * The `v1` signature: hex HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret string
 * (`whsec_` included, not base64-decoded), over `<t>.<raw body>` - the exact bytes sent.
 */
export function signPayload(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`, "utf8").update(body).digest("hex");
}

/** The `Webhook-Signature` header value: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, timestamp: number, body: string | Buffer): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
}
