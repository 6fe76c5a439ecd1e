import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/loadConfig.ts";
import {
  backoffMs,
  decide,
  MAX_RETRY_DELAY_MS,
  nominalBackoffMs,
  parseRetryAfter,
} from "../../server/delivery/policy.ts";
import { signatureHeader } from "../../server/domain/webhookSigning.ts";

const defaults = loadConfig({}).webhook;
const now = new Date("2026-11-21T12:00:00.000Z");

describe("retry policy", () => {
  it("caps every wait at 30 days, so an extreme configuration or Retry-After never overflows the next attempt time", () => {
    const extreme = loadConfig({ WEBHOOK_RETRY_BASE_MS: "86400000", WEBHOOK_RETRY_FACTOR: "1000" }).webhook;
    const huge = "99999999999999999999";
    for (const random of [() => 0, () => 0.5, () => 1]) {
      for (const n of [1, 2, 3]) {
        for (const response of [
          { status: 500 },
          { status: 503, retryAfter: huge },
          { status: 429, retryAfter: huge },
        ]) {
          const decision = decide(extreme, n, response, now, random);
          if (decision.type !== "retry") throw new Error(`expected a retry, got ${decision.type}`);
          expect(decision.delayMs).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
          // A real timestamp that sorts as text against the others (no expanded +YYYYYY year).
          expect(new Date(now.getTime() + decision.delayMs).toISOString()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        }
      }
    }
    expect(nominalBackoffMs(extreme, 3)).toBe(MAX_RETRY_DELAY_MS);
    expect(parseRetryAfter(huge, now)).toBe(MAX_RETRY_DELAY_MS);
  });

  it("defaults to 4 attempts, waiting 1 min, 10 min and 100 min", () => {
    expect(defaults).toMatchObject({ maxAttempts: 4, retryBaseMs: 60_000, retryFactor: 10, retryJitter: 0.1 });
    expect([1, 2, 3].map((n) => nominalBackoffMs(defaults, n))).toEqual([60_000, 600_000, 6_000_000]);
  });

  it("applies ±10 % jitter", () => {
    expect(backoffMs(defaults, 1, () => 0)).toBe(54_000);
    expect(backoffMs(defaults, 1, () => 0.5)).toBe(60_000);
    expect(backoffMs(defaults, 1, () => 1)).toBe(66_000);
  });

  it("succeeds on 2xx only, retries other failures and is dead after the 4th attempt", () => {
    const mid = () => 0.5;
    expect(decide(defaults, 1, { status: 204 }, now, mid)).toEqual({ type: "succeeded" });
    expect(decide(defaults, 4, { status: 200 }, now, mid)).toEqual({ type: "succeeded" });
    for (const status of [null, 301, 302, 400, 404, 500]) {
      expect(decide(defaults, 1, { status }, now, mid)).toEqual({ type: "retry", delayMs: 60_000 });
      expect(decide(defaults, 3, { status }, now, mid)).toEqual({ type: "retry", delayMs: 6_000_000 });
      expect(decide(defaults, 4, { status }, now, mid)).toEqual({ type: "dead" });
    }
  });

  it("honours Retry-After on 429 and 503 up to the next step, and never retries sooner than the backoff", () => {
    const mid = () => 0.5;
    // Longer than the backoff, shorter than the next step: honoured.
    expect(decide(defaults, 1, { status: 429, retryAfter: "300" }, now, mid)).toEqual({
      type: "retry",
      delayMs: 300_000,
    });
    // Beyond the next step (10 min): capped there.
    expect(decide(defaults, 1, { status: 503, retryAfter: "86400" }, now, mid)).toEqual({
      type: "retry",
      delayMs: 600_000,
    });
    // Shorter than the backoff: the backoff stands.
    expect(decide(defaults, 1, { status: 503, retryAfter: "5" }, now, mid)).toEqual({ type: "retry", delayMs: 60_000 });
    // An HTTP date.
    expect(decide(defaults, 1, { status: 429, retryAfter: "Sat, 21 Nov 2026 12:02:00 GMT" }, now, mid)).toEqual({
      type: "retry",
      delayMs: 120_000,
    });
    // Ignored on other statuses and when unreadable.
    expect(decide(defaults, 1, { status: 500, retryAfter: "300" }, now, mid)).toEqual({
      type: "retry",
      delayMs: 60_000,
    });
    expect(decide(defaults, 1, { status: 429, retryAfter: "soon" }, now, mid)).toEqual({
      type: "retry",
      delayMs: 60_000,
    });
    // The last attempt is final whatever the receiver asks.
    expect(decide(defaults, 4, { status: 429, retryAfter: "1" }, now, mid)).toEqual({ type: "dead" });
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter("-1", now)).toBeNull();
  });
});

describe("signature header", () => {
  it("is t=<seconds>,v1=<hex HMAC-SHA256 keyed with the whole secret string over t.body>", () => {
    // A vector computed with openssl: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signatureHeader("whsec_test", 1_700_000_000, '{"a":1}')).toBe(
      "t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789",
    );
  });
});
