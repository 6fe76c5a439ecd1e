/**
 * The sign stage of a delivery: the secrets that sign an attempt (decrypted once per sealed
 * value and cached per endpoint) and the headers it is sent with.
 */
import { readFileSync } from "node:fs";
import type { SecretBox } from "../../crypto/secretBox.ts";
import { signatureHeaders } from "../../domain/webhookSigning.ts";
import type { ClaimedDelivery } from "../../storage/port/deliveryQueue.ts";

const VERSION = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The User-Agent of every delivery. */
export const USER_AGENT = `CloudAgents-Webhook/${VERSION}`;

/** How many decrypted secrets are kept before the cache starts over. */
const MAX_CACHED = 10_000;

export class SigningSecrets {
  private readonly cache = new Map<string, { sealed: string; secret: string }>();

  constructor(private readonly secrets: SecretBox) {}

  /**
   * The secrets that sign an attempt, the current one first: during a rotation the previous one
   * too, until it expires (by the injected clock, at the attempt's start). Null when the current
   * secret cannot be decrypted; a previous one that cannot be is left out.
   */
  of(delivery: ClaimedDelivery, at: Date): string[] | null {
    const current = this.decrypt(delivery.endpoint_id, delivery.secret_sealed);
    if (current === null) return null;
    const previous = delivery.previous_secret;
    if (previous === null || Date.parse(previous.expires_at) <= at.getTime()) return [current];
    const old = this.decrypt(`${delivery.endpoint_id}:previous`, previous.sealed, delivery.endpoint_id);
    return old === null ? [current] : [current, old];
  }

  /** Whether a decrypted signing secret of the endpoint (current or previous) is cached. */
  has(endpointId: string): boolean {
    return this.cache.has(endpointId) || this.cache.has(`${endpointId}:previous`);
  }

  /** Forgets the endpoint's decrypted secrets (it was disabled or deleted). */
  forget(endpointId: string): void {
    this.cache.delete(endpointId);
    this.cache.delete(`${endpointId}:previous`);
  }

  /** A sealed secret in clear, decrypted once per sealed value (it only changes with a rotation). */
  private decrypt(cacheKey: string, sealed: string, endpointId: string = cacheKey): string | null {
    const cached = this.cache.get(cacheKey);
    if (cached && cached.sealed === sealed) return cached.secret;
    try {
      const secret = this.secrets.decrypt(sealed, endpointId);
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(cacheKey, { sealed, secret });
      return secret;
    } catch {
      return null;
    }
  }
}

/** The headers of an attempt signed with `secrets` at `startedAt`. */
export function deliveryHeaders(
  delivery: ClaimedDelivery,
  secrets: string[],
  startedAt: Date,
  body: Buffer,
): Record<string, string> {
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.event_id,
    "webhook-event-type": delivery.event_type,
    ...signatureHeaders(delivery.signing_scheme, secrets, delivery.event_id, timestamp, body),
  };
}
