/**
 * Delivery leases at the storage level, on the injectable clock: only the holder of a record's
 * claim decides its fate. An attempt whose lease expired and whose record another holder took
 * records its late result as one more attempt in the history, and changes nothing else: not the
 * record's status, counters or last response, not the endpoint's failure streak.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { newId } from "../../server/ids.ts";
import type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimOptions,
  HealthPolicy,
} from "../../server/storage/port/deliveryQueue.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";

const LEASE_MS = 30_000;
const POLICY: HealthPolicy = { degradedThreshold: 20, autoDisableAfterMs: 5 * 86_400_000 };

let dir: string;
let clock: ManualClock;
let storage: Storage;
let accountId: string;
let endpointId: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "cas-leases-"));
  clock = new ManualClock("2026-11-21T12:00:00.000Z");
  storage = createSqliteStorage({ path: join(dir, "db.sqlite"), clock });
  accountId = (await storage.accounts.ensureAccount("leases")).id;
  const endpoint = await storage.webhooks.createEndpoint(
    accountId,
    {
      id: newId("wep"),
      url: "http://127.0.0.1:9/hook",
      events: ["*"],
      description: null,
      metadata: {},
      signing_scheme: "webhook_signature",
      secret_sealed: "sealed",
    },
    10,
  );
  if (!endpoint) throw new Error("endpoint not created");
  endpointId = endpoint.id;
});

afterEach(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const claim = (holder: string): Promise<ClaimedDelivery[]> =>
  storage.deliveryQueue.claimDue({
    limit: 10,
    endpointConcurrency: 8,
    leaseMs: LEASE_MS,
    leaseToken: `${holder}.1`,
    holder,
  } satisfies ClaimOptions);

/** What an attempt of a claimed record produced, started `startedAt`. */
function outcome(
  claimed: ClaimedDelivery,
  startedAt: Date,
  status: number,
  result: AttemptOutcome["result"],
): AttemptOutcome {
  return {
    delivery_id: claimed.id,
    endpoint_id: claimed.endpoint_id,
    lease_token: claimed.lease_token,
    started_at: startedAt.toISOString(),
    duration_ms: 25,
    response_status: status,
    error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
    result,
    gone: false,
  };
}

describe("an attempt whose lease expired", () => {
  it("records its late failure in the history only: the record another holder delivered stays succeeded", async () => {
    const sent = await storage.webhooks.sendTestEvent(accountId, endpointId);
    if (!sent) throw new Error("test event not sent");

    // Holder A claims the record and its attempt hangs past the lease.
    const [a] = await claim("a");
    expect(a?.id).toBe(sent.delivery_id);
    if (!a) return;
    const aStarted = clock.now();
    clock.advance(LEASE_MS + 1);

    // Holder B claims it again (A's lease expired) and delivers it.
    const [b] = await claim("b");
    expect(b?.id).toBe(a.id);
    if (!b) return;
    const bStarted = clock.now();
    clock.advance(40);
    await storage.deliveryQueue.recordAttempt(outcome(b, bStarted, 200, { type: "succeeded" }), POLICY);
    const delivered = await storage.webhooks.getDelivery(accountId, a.id);
    expect(delivered).toMatchObject({ status: "succeeded", attempt_count: 1, last_response_status: 200 });

    // A's late failure arrives.
    clock.advance(1000);
    const retryAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const health = await storage.deliveryQueue.recordAttempt(
      outcome(a, aStarted, 500, { type: "retry", next_attempt_at: retryAt }),
      POLICY,
    );
    expect(health).toEqual({ consecutive_fail: 0, degraded: null, disabled: null });

    const after = await storage.webhooks.getDelivery(accountId, a.id);
    if (!after || !delivered) throw new Error("delivery missing");
    const { attempts, ...record } = after;
    const { attempts: before, ...recordBefore } = delivered;
    // Nothing of the record changed: status, counters, last response, times.
    expect(record).toEqual(recordBefore);
    expect(record).toMatchObject({
      status: "succeeded",
      attempt_count: 1,
      last_response_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    // One more attempt in the history: A's, with its own start, status and error.
    expect(before).toHaveLength(1);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ started_at: bStarted.toISOString(), response_status: 200, error: null });
    expect(attempts[1]).toMatchObject({ started_at: aStarted.toISOString(), response_status: 500, error: "HTTP 500" });
    // The endpoint's health is untouched: A's failure does not count against it.
    expect(await storage.webhooks.getEndpoint(accountId, endpointId)).toMatchObject({
      consecutive_fail: 0,
      degraded: false,
      last_failure_at: null,
      active: true,
    });
    // And nothing is due again.
    clock.advance(120_000);
    expect(await claim("c")).toEqual([]);
  });

  it("is still recorded in full while nobody else took the record (the claim is still held)", async () => {
    const sent = await storage.webhooks.sendTestEvent(accountId, endpointId);
    if (!sent) throw new Error("test event not sent");
    const [a] = await claim("a");
    if (!a) throw new Error("nothing claimed");
    const started = clock.now();
    clock.advance(LEASE_MS + 1);
    const retryAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const health = await storage.deliveryQueue.recordAttempt(
      outcome(a, started, 500, { type: "retry", next_attempt_at: retryAt }),
      POLICY,
    );
    expect(health.consecutive_fail).toBe(1);
    expect(await storage.webhooks.getDelivery(accountId, a.id)).toMatchObject({
      status: "pending",
      attempt_count: 1,
      last_response_status: 500,
      next_attempt_at: retryAt,
    });
    expect((await storage.webhooks.getEndpoint(accountId, endpointId))?.consecutive_fail).toBe(1);
  });

  it("of a record whose endpoint was deleted meanwhile only adds its attempt: the record stays discarded", async () => {
    const sent = await storage.webhooks.sendTestEvent(accountId, endpointId);
    if (!sent) throw new Error("test event not sent");
    const [a] = await claim("a");
    if (!a) throw new Error("nothing claimed");
    const started = clock.now();
    expect(await storage.webhooks.deleteEndpoint(accountId, endpointId)).toBe(true);
    const discarded = await storage.webhooks.getDelivery(accountId, a.id);
    clock.advance(500);
    await storage.deliveryQueue.recordAttempt(outcome(a, started, 503, { type: "dead" }), POLICY);
    const after = await storage.webhooks.getDelivery(accountId, a.id);
    if (!after || !discarded) throw new Error("delivery missing");
    const { attempts, ...record } = after;
    const { attempts: _, ...recordBefore } = discarded;
    expect(record).toEqual(recordBefore);
    expect(record).toMatchObject({ status: "discarded", attempt_count: 0 });
    expect(attempts).toEqual([
      { number: 1, started_at: started.toISOString(), duration_ms: 25, response_status: 503, error: "HTTP 503" },
    ]);
  });
});
