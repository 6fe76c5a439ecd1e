/**
 * The retry policy, as data (config.webhook) plus pure functions: what becomes of a record after
 * a failed attempt, and when it is tried again.
 */
import type { WebhookConfig } from "../config/sections.ts";

export type RetryPolicy = Pick<WebhookConfig, "retryBaseMs" | "retryFactor" | "retryJitter" | "maxAttempts">;

/**
 * The longest wait between two attempts, whatever the configuration or a receiver's
 * `Retry-After` asks for: 30 days (the retention of delivery records). Without it, an extreme
 * configuration (1 day × 1000^n) or Retry-After overflows the next attempt time: past year 9999
 * it no longer sorts as a timestamp (the record falls due at once), past ±8.64e15 ms it is no
 * date at all (the attempt cannot be recorded, and the record is sent again forever).
 */
export const MAX_RETRY_DELAY_MS = 30 * 24 * 60 * 60 * 1000;

/** The nominal wait after failed attempt `n` of a round (1-based): base × factor^(n-1), at most MAX_RETRY_DELAY_MS. */
export function nominalBackoffMs(policy: RetryPolicy, n: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, policy.retryBaseMs * policy.retryFactor ** (n - 1));
}

/** The wait after failed attempt `n`, with ±jitter (relative) so that retries of a burst spread out. */
export function backoffMs(policy: RetryPolicy, n: number, random: () => number = Math.random): number {
  const nominal = nominalBackoffMs(policy, n);
  const jittered = Math.round(nominal * (1 + policy.retryJitter * (2 * random() - 1)));
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, jittered));
}

/** `Retry-After` in milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(MAX_RETRY_DELAY_MS, Number(v) * 1000);
  // Otherwise an HTTP date ("Sat, 21 Nov 2026 12:02:00 GMT"): it names a day or month.
  if (!/[A-Za-z]{3}/.test(v)) return null;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, at - now.getTime()));
}

export type Decision = { type: "succeeded" } | { type: "retry"; delayMs: number } | { type: "dead" };

/**
 * Decides a record's fate after attempt `roundAttempt` (1 to maxAttempts) of its round.
 * Success is a 2xx; everything else fails. After the last attempt of the round the record is
 * dead. A `Retry-After` on 429/503 is honoured up to the next step: the wait becomes
 * max(backoff, min(Retry-After, the following step's nominal wait)), so a receiver can slow us
 * down a little but never park a record indefinitely, and never make us retry sooner.
 */
export function decide(
  policy: RetryPolicy,
  roundAttempt: number,
  response: { status: number | null; retryAfter?: string | undefined },
  now: Date,
  random: () => number = Math.random,
): Decision {
  const { status } = response;
  if (status !== null && status >= 200 && status < 300) return { type: "succeeded" };
  if (roundAttempt >= policy.maxAttempts) return { type: "dead" };
  let delayMs = backoffMs(policy, roundAttempt, random);
  if (status === 429 || status === 503) {
    const asked = parseRetryAfter(response.retryAfter, now);
    if (asked !== null) delayMs = Math.max(delayMs, Math.min(asked, nominalBackoffMs(policy, roundAttempt + 1)));
  }
  return { type: "retry", delayMs: Math.min(delayMs, MAX_RETRY_DELAY_MS) };
}
