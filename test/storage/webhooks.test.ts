/**
 * The webhook store's contract on every adapter: endpoints (create, list, replace, enable/disable,
 * rotate, delete), delivery records (fan-out of test events, claims, outcomes, retries, health),
 * leases (no second claim while one is in force, takeover once it expired, a late outcome from a
 * lost lease only adds its attempt), and on PostgreSQL two replicas claiming from one database.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../../server/clock.ts";
import { newId } from "../../server/ids.ts";
import type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimOptions,
  HealthPolicy,
} from "../../server/storage/port/deliveryQueue.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { WebhookEndpointRecord } from "../../server/storage/port/webhooks.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { fanOut } from "../helpers/flows/fanOut.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";

const noPostgres = requirePostgres() !== null;

const POLICY: HealthPolicy = { degradedThreshold: 2, autoDisableAfterMs: 0 };
const LEASE_MS = 30_000;

const claimOptions = (token: string, overrides: Partial<ClaimOptions> = {}): ClaimOptions => ({
  limit: 100,
  endpointConcurrency: 100,
  leaseMs: LEASE_MS,
  leaseToken: token,
  ...overrides,
});

async function createEndpoint(
  storage: Storage,
  accountId: string,
  events: string[] = ["*"],
  url = "https://receiver.example/hook",
): Promise<WebhookEndpointRecord> {
  const endpoint = await storage.webhooks.createEndpoint(
    accountId,
    {
      id: newId("wep"),
      url,
      events,
      description: null,
      metadata: {},
      signing_scheme: "webhook_signature",
      secret_sealed: `sealed-${url}`,
    },
    100,
  );
  if (!endpoint) throw new Error("endpoint not created");
  return endpoint;
}

describe.each(adapters)("webhook store ($name)", (adapter) => {
  let clock: ManualClock;
  let storage: Storage;
  let account: string;

  const outcome = (
    claimed: ClaimedDelivery,
    result: AttemptOutcome["result"],
    overrides: Partial<AttemptOutcome> = {},
  ): AttemptOutcome => ({
    delivery_id: claimed.id,
    endpoint_id: claimed.endpoint_id,
    lease_token: claimed.lease_token,
    started_at: clock.now().toISOString(),
    duration_ms: 12,
    response_status: result.type === "succeeded" ? 200 : 500,
    error: result.type === "succeeded" ? null : "HTTP 500",
    result,
    gone: false,
    ...overrides,
  });

  beforeEach(async () => {
    clock = new ManualClock();
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    await storage.close();
  });

  it("creates, reads, lists, replaces and deletes endpoints; the per-account limit holds", async () => {
    const a = await createEndpoint(storage, account, ["session.created"]);
    const b = await createEndpoint(storage, account);
    const c = await createEndpoint(storage, account);
    expect(a).toMatchObject({
      account_id: account,
      events: ["session.created"],
      active: true,
      disabled_reason: null,
      consecutive_fail: 0,
      degraded: false,
      previous_secret_expires_at: null,
      created_at: clock.now().toISOString(),
    });
    expect(await storage.webhooks.getEndpoint(account, a.id)).toEqual(a);
    expect(await storage.webhooks.getEndpoint("acct_other", a.id)).toBeNull();

    const first = await storage.webhooks.listEndpoints(account, { limit: 2 });
    expect(first.data.map((e) => e.id)).toEqual([c.id, b.id]);
    expect(first).toMatchObject({ has_more: true, next_page: b.id, first_id: c.id, last_id: b.id });
    const second = await storage.webhooks.listEndpoints(account, {
      limit: 2,
      cursor: { direction: "after", id: b.id },
    });
    expect(second.data.map((e) => e.id)).toEqual([a.id]);
    expect(second.has_more).toBe(false);
    const back = await storage.webhooks.listEndpoints(account, {
      limit: 1,
      cursor: { direction: "before", id: a.id },
    });
    expect(back.data.map((e) => e.id)).toEqual([b.id]);
    expect(back).toMatchObject({ has_more: true, next_page: null });

    clock.advance(1000);
    const replaced = await storage.webhooks.replaceEndpoint(account, a.id, {
      url: "https://other.example/hook",
      events: ["*"],
      description: "all",
      metadata: { team: "ops" },
      signing_scheme: "standard_webhooks",
    });
    expect(replaced).toMatchObject({
      url: "https://other.example/hook",
      events: ["*"],
      description: "all",
      metadata: { team: "ops" },
      signing_scheme: "standard_webhooks",
      updated_at: clock.now().toISOString(),
    });
    expect(await storage.webhooks.getEndpoint(account, a.id)).toEqual(replaced);
    expect(await storage.webhooks.replaceEndpoint(account, "wep_missing", replaced as never)).toBeNull();

    // The limit counts the account's endpoints.
    expect(
      await storage.webhooks.createEndpoint(
        account,
        {
          id: newId("wep"),
          url: "https://x.example",
          events: ["*"],
          description: null,
          metadata: {},
          signing_scheme: "webhook_signature",
          secret_sealed: "s",
        },
        3,
      ),
    ).toBeNull();

    expect(await storage.webhooks.deleteEndpoint(account, a.id)).toBe(true);
    expect(await storage.webhooks.deleteEndpoint(account, a.id)).toBe(false);
    expect(await storage.webhooks.getEndpoint(account, a.id)).toBeNull();
  });

  it("disables by hand with an event for the other subscribers, and enables again", async () => {
    const watched = await createEndpoint(storage, account);
    const watcher = await createEndpoint(storage, account, ["webhook_endpoint.disabled"]);
    const disabled = await storage.webhooks.setEndpointActive(account, watched.id, false);
    expect(disabled).toMatchObject({ active: false, disabled_reason: "manual" });
    // No change, no event.
    await storage.webhooks.setEndpointActive(account, watched.id, false);
    const events = await storage.outbox.listEvents(account);
    expect(events.map((e) => e.envelope.data)).toEqual([
      { id: watched.id, type: "webhook_endpoint.disabled", consecutive_fail: 0, disabled_reason: { type: "manual" } },
    ]);
    // Fanned out to the watcher only, not to the disabled endpoint itself.
    await fanOut(storage);
    const records = await storage.webhooks.listDeliveries(account, { page: { limit: 10 } });
    expect(records.data.map((r) => r.endpoint_id)).toEqual([watcher.id]);
    expect(await storage.webhooks.setEndpointActive(account, watched.id, true)).toMatchObject({
      active: true,
      disabled_reason: null,
    });
    expect(await storage.webhooks.setEndpointActive(account, "wep_missing", true)).toBeNull();
  });

  it("rotates the secret, keeping the previous one until it expires", async () => {
    const endpoint = await createEndpoint(storage, account);
    const expires = new Date(clock.now().getTime() + 60_000).toISOString();
    const rotated = await storage.webhooks.rotateSecret(account, endpoint.id, "sealed-new", expires);
    expect(rotated).toMatchObject({ secret_sealed: "sealed-new", previous_secret_expires_at: expires });
    await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [claimed] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(claimed?.previous_secret).toEqual({ sealed: endpoint.secret_sealed, expires_at: expires });
    clock.advance(60_000);
    expect((await storage.webhooks.getEndpoint(account, endpoint.id))?.previous_secret_expires_at).toBeNull();
    const without = await storage.webhooks.rotateSecret(account, endpoint.id, "sealed-newer", null);
    expect(without).toMatchObject({ secret_sealed: "sealed-newer", previous_secret_expires_at: null });
    expect(await storage.webhooks.rotateSecret(account, "wep_missing", "x", null)).toBeNull();
  });

  it("stores an endpoint's surface and name, keeps the name on a replace, and claims with its payload format", async () => {
    const made = await storage.webhooks.createEndpoint(
      account,
      {
        id: newId("wep"),
        url: "https://receiver.example/sdk",
        events: ["*"],
        description: null,
        metadata: {},
        signing_scheme: "standard_webhooks",
        secret_sealed: "sealed-sdk",
        surface: "anthropic",
        name: "sdk",
      },
      100,
    );
    if (!made) throw new Error("endpoint not created");
    expect(made).toMatchObject({ surface: "anthropic", name: "sdk" });
    const config = {
      url: made.url,
      events: ["*"],
      description: "d",
      metadata: {},
      signing_scheme: made.signing_scheme,
    };
    expect(await storage.webhooks.replaceEndpoint(account, made.id, config)).toMatchObject({ name: "sdk" });
    expect(await storage.webhooks.replaceEndpoint(account, made.id, { ...config, name: "renamed" })).toMatchObject({
      name: "renamed",
    });
    expect(await storage.webhooks.getEndpoint(account, made.id)).toMatchObject({
      surface: "anthropic",
      name: "renamed",
    });
    await storage.webhooks.sendTestEvent(account, made.id);
    const [claimed] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(claimed?.payload_format).toEqual({ surface: "anthropic", account_id: account });
  });

  it("claims a due record with its bytes and target, records a success, and lists it", async () => {
    const endpoint = await createEndpoint(storage, account);
    const test = await storage.webhooks.sendTestEvent(account, endpoint.id);
    expect(test).not.toBeNull();
    const pending = await storage.webhooks.listDeliveries(account, { page: { limit: 10 } });
    expect(pending.data).toEqual([
      expect.objectContaining({
        id: test?.delivery_id,
        endpoint_id: endpoint.id,
        event_id: test?.event_id,
        event_type: "webhook.test",
        status: "pending",
        attempt_count: 0,
        next_attempt_at: clock.now().toISOString(),
      }),
    ]);
    expect(await storage.deliveryQueue.hasPending()).toBe(true);

    const claimed = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    const [event] = await storage.outbox.listEvents(account);
    expect(claimed).toEqual([
      {
        id: test?.delivery_id,
        endpoint_id: endpoint.id,
        event_id: test?.event_id,
        event_type: "webhook.test",
        number: 1,
        round_attempt: 1,
        lease_token: "w.1",
        payload: event?.payload,
        url: endpoint.url,
        signing_scheme: "webhook_signature",
        payload_format: { surface: "cloud" },
        secret_sealed: endpoint.secret_sealed,
        previous_secret: null,
      },
    ]);
    // Leased: nobody claims it again, and the next wake-up is the lease's end.
    expect(await storage.deliveryQueue.claimDue(claimOptions("w.2"))).toEqual([]);
    expect(await storage.deliveryQueue.nextWakeAt()).toBe(new Date(clock.now().getTime() + LEASE_MS).toISOString());

    clock.advance(50);
    const [record] = claimed;
    if (!record) throw new Error("nothing claimed");
    const result = await storage.deliveryQueue.settle([outcome(record, { type: "succeeded" })], POLICY, null);
    expect(result.health).toEqual([{ consecutive_fail: 0, degraded: null, disabled: null }]);
    const detail = await storage.webhooks.getDelivery(account, record.id);
    expect(detail).toMatchObject({
      status: "succeeded",
      attempt_count: 1,
      next_attempt_at: null,
      delivered_at: clock.now().toISOString(),
      last_response_status: 200,
      payload: event?.payload,
      attempts: [
        { number: 1, started_at: clock.now().toISOString(), duration_ms: 12, response_status: 200, error: null },
      ],
    });
    expect((await storage.webhooks.getEndpoint(account, endpoint.id))?.last_success_at).toBe(clock.now().toISOString());
    expect(await storage.deliveryQueue.hasPending()).toBe(false);
    expect(await storage.deliveryQueue.nextWakeAt()).toBeNull();
    expect(
      (await storage.webhooks.listDeliveries(account, { status: "succeeded", page: { limit: 10 } })).data.map(
        (r) => r.id,
      ),
    ).toEqual([record.id]);
    expect((await storage.webhooks.listDeliveries(account, { status: "pending", page: { limit: 10 } })).data).toEqual(
      [],
    );
    expect(await storage.webhooks.getDelivery("acct_other", record.id)).toBeNull();
  });

  it("retries later, goes dead, and a manual retry starts a new round", async () => {
    const endpoint = await createEndpoint(storage, account);
    const test = await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [first] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!first) throw new Error("nothing claimed");
    const later = new Date(clock.now().getTime() + 10_000).toISOString();
    await storage.deliveryQueue.recordAttempt(outcome(first, { type: "retry", next_attempt_at: later }), POLICY);
    expect(await storage.webhooks.getDelivery(account, first.id)).toMatchObject({
      status: "pending",
      attempt_count: 1,
      next_attempt_at: later,
      last_response_status: 500,
      last_error: "HTTP 500",
    });
    // Not due yet.
    expect(await storage.deliveryQueue.claimDue(claimOptions("w.1"))).toEqual([]);
    expect(await storage.deliveryQueue.nextWakeAt()).toBe(later);
    clock.advance(10_000);
    const [second] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(second).toMatchObject({ number: 2, round_attempt: 2 });
    if (!second) throw new Error("nothing claimed");
    await storage.deliveryQueue.recordAttempt(outcome(second, { type: "dead" }), POLICY);
    expect(await storage.webhooks.getDelivery(account, first.id)).toMatchObject({ status: "dead", attempt_count: 2 });
    expect(
      (await storage.webhooks.listDeliveries(account, { status: "dead", page: { limit: 10 } })).data.map((r) => r.id),
    ).toEqual([test?.delivery_id]);

    const pendingRecord = await createEndpoint(storage, account);
    const other = await storage.webhooks.sendTestEvent(account, pendingRecord.id);
    expect(await storage.webhooks.retryDelivery(account, other?.delivery_id ?? "")).toBe("not_dead");
    expect(await storage.webhooks.retryDelivery(account, "whev_missing")).toBeNull();
    const retried = await storage.webhooks.retryDelivery(account, first.id);
    expect(retried).toMatchObject({ status: "pending", next_attempt_at: clock.now().toISOString() });
    const claimedAgain = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(claimedAgain.find((c) => c.id === first.id)).toMatchObject({ number: 3, round_attempt: 1 });
  });

  it("recovers the dead records of a time window, and delete discards undelivered ones", async () => {
    const endpoint = await createEndpoint(storage, account);
    const since = clock.now().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await storage.webhooks.sendTestEvent(account, endpoint.id))?.delivery_id ?? "");
      clock.advance(1000);
    }
    for (const claimed of await storage.deliveryQueue.claimDue(claimOptions("w.1"))) {
      await storage.deliveryQueue.recordAttempt(outcome(claimed, { type: "dead" }), POLICY);
    }
    // The first two were created in [since, since + 2 s).
    const until = new Date(Date.parse(since) + 2000).toISOString();
    expect(await storage.webhooks.recoverDeliveries(account, endpoint.id, since, until)).toBe(2);
    expect(await storage.webhooks.recoverDeliveries(account, "wep_missing", since, until)).toBeNull();
    const statuses = await Promise.all(
      ids.map(async (id) => (await storage.webhooks.getDelivery(account, id))?.status),
    );
    expect(statuses).toEqual(["pending", "pending", "dead"]);

    expect(await storage.webhooks.deleteEndpoint(account, endpoint.id)).toBe(true);
    const after = await Promise.all(ids.map(async (id) => (await storage.webhooks.getDelivery(account, id))?.status));
    expect(after).toEqual(["discarded", "discarded", "discarded"]);
    // The endpoint's own webhook_endpoint.degraded event still waits for its fan-out: work for one
    // more pass, which creates no record for the deleted endpoint.
    expect(await storage.deliveryQueue.hasPending()).toBe(true);
    await fanOut(storage);
    expect(await storage.deliveryQueue.hasPending()).toBe(false);
    expect(
      await storage.webhooks.listDeliveries(account, {
        endpointId: endpoint.id,
        status: "pending",
        page: { limit: 10 },
      }),
    ).toMatchObject({ data: [] });
  });

  it("moves an endpoint's health: degraded past the threshold, recovered on success, disabled by 410", async () => {
    const endpoint = await createEndpoint(storage, account, ["webhook.test"]);
    const watcher = await createEndpoint(storage, account, ["webhook_endpoint.degraded", "webhook_endpoint.recovered"]);
    for (let i = 0; i < 4; i++) await storage.webhooks.sendTestEvent(account, endpoint.id);
    const claimed = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(claimed).toHaveLength(4);
    const [c1, c2, c3, c4] = claimed as [ClaimedDelivery, ClaimedDelivery, ClaimedDelivery, ClaimedDelivery];
    const retry = { type: "retry", next_attempt_at: "2099-01-01T00:00:00.000Z" } as const;
    const { health } = await storage.deliveryQueue.settle(
      [outcome(c1, retry), outcome(c2, retry), outcome(c3, retry), outcome(c4, { type: "succeeded" })],
      POLICY,
      null,
    );
    expect(health).toEqual([
      { consecutive_fail: 1, degraded: null, disabled: null },
      { consecutive_fail: 2, degraded: null, disabled: null },
      { consecutive_fail: 3, degraded: "raised", disabled: null },
      { consecutive_fail: 0, degraded: "cleared", disabled: null },
    ]);
    const kinds = (await storage.outbox.listEvents(account)).map((e) => e.envelope.data.type);
    expect(kinds.filter((k) => k !== "webhook.test")).toEqual([
      "webhook_endpoint.degraded",
      "webhook_endpoint.recovered",
    ]);
    await fanOut(storage);
    expect(
      (await storage.webhooks.listDeliveries(account, { endpointId: watcher.id, page: { limit: 10 } })).data,
    ).toHaveLength(2);

    await storage.webhooks.sendTestEvent(account, endpoint.id);
    // The watcher's two records are due too.
    const due = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    expect(due.map((c) => c.endpoint_id).sort()).toEqual([endpoint.id, watcher.id, watcher.id].sort());
    const gone = due.find((c) => c.endpoint_id === endpoint.id);
    if (!gone) throw new Error("nothing claimed");
    const moved = await storage.deliveryQueue.recordAttempt(
      outcome(gone, { type: "dead" }, { response_status: 410, gone: true }),
      POLICY,
    );
    expect(moved).toEqual({ consecutive_fail: 1, degraded: null, disabled: "gone" });
    expect(await storage.webhooks.getEndpoint(account, endpoint.id)).toMatchObject({
      active: false,
      disabled_reason: "gone",
    });
  });

  it("disables an endpoint whose failure streak outlasts autoDisableAfterMs", async () => {
    const endpoint = await createEndpoint(storage, account);
    const policy: HealthPolicy = { degradedThreshold: 100, autoDisableAfterMs: 60_000 };
    const retry = { type: "retry", next_attempt_at: clock.now().toISOString() } as const;
    await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [a] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!a) throw new Error("nothing claimed");
    expect((await storage.deliveryQueue.recordAttempt(outcome(a, retry), policy)).disabled).toBeNull();
    clock.advance(60_000);
    const [b] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!b) throw new Error("nothing claimed");
    expect(await storage.deliveryQueue.recordAttempt(outcome(b, retry), policy)).toEqual({
      consecutive_fail: 2,
      degraded: null,
      disabled: "failing",
    });
    // Held while disabled: nothing is claimable, the record stays pending.
    expect(await storage.deliveryQueue.claimDue(claimOptions("w.1"))).toEqual([]);
    expect(await storage.deliveryQueue.hasPending()).toBe(true);
  });

  it("bounds leases per endpoint, reports others' leases and targets, and rotates endpoints", async () => {
    const one = await createEndpoint(storage, account);
    const two = await createEndpoint(storage, account, ["*"], "https://two.example/hook");
    for (let i = 0; i < 3; i++) {
      await storage.webhooks.sendTestEvent(account, one.id);
      await storage.webhooks.sendTestEvent(account, two.id);
    }
    const first = await storage.deliveryQueue.settle(
      [],
      POLICY,
      claimOptions("a.1", { endpointConcurrency: 1, holder: "a", refresh: [one.id, "wep_gone"] }),
    );
    expect(first.claimed.map((c) => c.endpoint_id).sort()).toEqual([one.id, two.id].sort());
    expect(first.more).toBe(true);
    expect(first.othersLeases).toEqual({});
    expect(first.targets).toEqual({
      [one.id]: {
        url: one.url,
        signing_scheme: "webhook_signature",
        payload_format: { surface: "cloud" },
        secret_sealed: one.secret_sealed,
        previous_secret: null,
      },
      wep_gone: "deleted",
    });
    // Another holder sees a's leases, and the bound counts them.
    const second = await storage.deliveryQueue.settle(
      [],
      POLICY,
      claimOptions("b.1", { endpointConcurrency: 1, holder: "b" }),
    );
    expect(second.claimed).toEqual([]);
    expect(second.othersLeases).toEqual({ [one.id]: 1, [two.id]: 1 });
    // claimAhead lets a holder alone on an endpoint lease more than it runs at once.
    const third = await storage.deliveryQueue.settle(
      [],
      POLICY,
      claimOptions("a.2", { endpointConcurrency: 1, claimAhead: 3, holder: "a" }),
    );
    expect(third.claimed).toHaveLength(4);
    // The overall limit.
    clock.advance(LEASE_MS);
    const limited = await storage.deliveryQueue.claimDue(claimOptions("c.1", { limit: 2 }));
    expect(limited).toHaveLength(2);
  });

  it("reports the current target of refreshed endpoints, or that it was disabled or deleted", async () => {
    const kept = await createEndpoint(storage, account);
    const disabled = await createEndpoint(storage, account);
    const deleted = await createEndpoint(storage, account);
    const expires = new Date(clock.now().getTime() + 60_000).toISOString();
    await storage.webhooks.rotateSecret(account, kept.id, "sealed-rotated", expires);
    await storage.webhooks.setEndpointActive(account, disabled.id, false);
    await storage.webhooks.deleteEndpoint(account, deleted.id);
    const refresh = [kept.id, disabled.id, deleted.id];
    const alone = await storage.deliveryQueue.settle([], POLICY, claimOptions("w.1", { limit: 0, refresh }));
    expect(alone).toEqual({
      health: [],
      claimed: [],
      more: false,
      fanOutLeft: false,
      othersLeases: null,
      targets: {
        [kept.id]: {
          url: kept.url,
          signing_scheme: "webhook_signature",
          payload_format: { surface: "cloud" },
          secret_sealed: "sealed-rotated",
          previous_secret: { sealed: kept.secret_sealed, expires_at: expires },
        },
        [disabled.id]: "disabled",
        [deleted.id]: "deleted",
      },
    });
    // The same targets come with a claim.
    const withClaim = await storage.deliveryQueue.settle([], POLICY, claimOptions("w.1", { refresh }));
    expect(withClaim.targets).toEqual(alone.targets);
  });

  it("wakes the delivery loops when records become due: enable, retry, recover, release", async () => {
    const endpoint = await createEndpoint(storage, account);
    let woken = 0;
    storage.on("deliveries", () => woken++);
    const wakes = async (what: () => Promise<unknown>) => {
      const before = woken;
      await what();
      return woken - before;
    };
    await storage.webhooks.setEndpointActive(account, endpoint.id, false);
    // Held by the disabled endpoint: no wake-up.
    expect(await wakes(() => storage.webhooks.sendTestEvent(account, endpoint.id))).toBe(0);
    expect(await wakes(() => storage.webhooks.setEndpointActive(account, endpoint.id, true))).toBe(1);
    const [claimed] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!claimed) throw new Error("nothing claimed");
    expect(await wakes(() => storage.deliveryQueue.releaseLeases([claimed]))).toBe(1);
    const [again] = await storage.deliveryQueue.claimDue(claimOptions("w.2"));
    if (!again) throw new Error("nothing claimed");
    await storage.deliveryQueue.recordAttempt(outcome(again, { type: "dead" }), POLICY);
    expect(await wakes(() => storage.webhooks.retryDelivery(account, again.id))).toBe(1);
    const [third] = await storage.deliveryQueue.claimDue(claimOptions("w.3"));
    if (!third) throw new Error("nothing claimed");
    await storage.deliveryQueue.recordAttempt(outcome(third, { type: "dead" }), POLICY);
    const window = [new Date(0).toISOString(), "2100-01-01T00:00:00.000Z"] as const;
    expect(await wakes(() => storage.webhooks.recoverDeliveries(account, endpoint.id, ...window))).toBe(1);
    // Nothing to re-queue: no wake-up.
    expect(await wakes(() => storage.webhooks.recoverDeliveries(account, endpoint.id, ...window))).toBe(0);
  });

  it("releases leases: the records are due again at once", async () => {
    const endpoint = await createEndpoint(storage, account);
    await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [claimed] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!claimed) throw new Error("nothing claimed");
    // A wrong token releases nothing.
    await storage.deliveryQueue.releaseLeases([{ id: claimed.id, lease_token: "w.other" }]);
    expect(await storage.deliveryQueue.claimDue(claimOptions("w.2"))).toEqual([]);
    await storage.deliveryQueue.releaseLeases([{ id: claimed.id, lease_token: "w.1" }]);
    expect((await storage.deliveryQueue.claimDue(claimOptions("w.2"))).map((c) => c.id)).toEqual([claimed.id]);
  });

  it("takes over a record only once its lease expired; the late outcome only adds its attempt", async () => {
    const endpoint = await createEndpoint(storage, account);
    await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [lost] = await storage.deliveryQueue.claimDue(claimOptions("a.1", { holder: "a" }));
    if (!lost) throw new Error("nothing claimed");
    clock.advance(LEASE_MS - 1);
    expect(await storage.deliveryQueue.claimDue(claimOptions("b.1", { holder: "b" }))).toEqual([]);
    clock.advance(1);
    const [taken] = await storage.deliveryQueue.claimDue(claimOptions("b.1", { holder: "b" }));
    expect(taken).toMatchObject({ id: lost.id, lease_token: "b.1", number: 1 });
    if (!taken) throw new Error("nothing claimed");

    // a's attempt ends late with a failure: recorded in the history, nothing else moves.
    const late = await storage.deliveryQueue.recordAttempt(outcome(lost, { type: "dead" }), POLICY);
    expect(late).toEqual({ consecutive_fail: 0, degraded: null, disabled: null });
    expect(await storage.webhooks.getDelivery(account, lost.id)).toMatchObject({
      status: "pending",
      attempt_count: 0,
      last_attempt_at: null,
      last_error: null,
      attempts: [{ number: 1, response_status: 500, error: "HTTP 500" }],
    });
    expect((await storage.webhooks.getEndpoint(account, endpoint.id))?.consecutive_fail).toBe(0);
    // b still holds the lease: nobody else claims it.
    expect(await storage.deliveryQueue.claimDue(claimOptions("c.1"))).toEqual([]);

    // b's outcome decides.
    clock.advance(10);
    await storage.deliveryQueue.recordAttempt(outcome(taken, { type: "succeeded" }), POLICY);
    expect(await storage.webhooks.getDelivery(account, lost.id)).toMatchObject({
      status: "succeeded",
      attempt_count: 1,
      delivered_at: clock.now().toISOString(),
      // Both attempts were the record's first, each under its own claim.
      attempts: [
        { number: 1, error: "HTTP 500" },
        { number: 1, response_status: 200, error: null },
      ],
    });
  });

  it("records a late attempt on a record discarded with its endpoint without moving anything", async () => {
    const endpoint = await createEndpoint(storage, account);
    await storage.webhooks.sendTestEvent(account, endpoint.id);
    const [claimed] = await storage.deliveryQueue.claimDue(claimOptions("w.1"));
    if (!claimed) throw new Error("nothing claimed");
    await storage.webhooks.deleteEndpoint(account, endpoint.id);
    expect(await storage.deliveryQueue.recordAttempt(outcome(claimed, { type: "succeeded" }), POLICY)).toEqual({
      consecutive_fail: 0,
      degraded: null,
      disabled: null,
    });
    expect(await storage.webhooks.getDelivery(account, claimed.id)).toMatchObject({
      status: "discarded",
      attempt_count: 0,
      last_response_status: null,
      attempts: [{ number: 1, response_status: 200 }],
    });
  });
});

describe.skipIf(noPostgres)("webhook store on two replicas of one PostgreSQL database", () => {
  let storages: Storage[] = [];
  let account: string;

  beforeEach(async () => {
    const url = await freshPostgresDatabase();
    const clock = new ManualClock();
    storages = [
      await createPostgresStorage({ url, clock, poolSize: 4 }),
      await createPostgresStorage({ url, clock, poolSize: 4 }),
    ];
    account = (await (storages[0] as Storage).accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    for (const s of storages) await s.close();
  });

  it("never lease the same record twice when claiming at the same time", async () => {
    const [a, b] = storages as [Storage, Storage];
    const endpoints = [];
    for (let i = 0; i < 4; i++) endpoints.push(await createEndpoint(a, account, ["*"], `https://r${i}.example/`));
    for (let i = 0; i < 60; i++)
      await a.webhooks.sendTestEvent(account, (endpoints[i % 4] as WebhookEndpointRecord).id);
    const taken: string[][] = [[], []];
    const claimLoop = async (storage: Storage, holder: number) => {
      for (let turn = 0; turn < 40; turn++) {
        const claimed = await storage.deliveryQueue.claimDue(claimOptions(`${holder}.${turn}`, { limit: 4 }));
        taken[holder]?.push(...claimed.map((c) => c.id));
        if ((taken[0]?.length ?? 0) + (taken[1]?.length ?? 0) >= 60) return;
      }
    };
    await Promise.all([claimLoop(a, 0), claimLoop(b, 1)]);
    const all = [...(taken[0] ?? []), ...(taken[1] ?? [])];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(60);
    // Both replicas took part.
    expect(taken[0]?.length).toBeGreaterThan(0);
    expect(taken[1]?.length).toBeGreaterThan(0);
  });

  it("measure leases on the database's clock with the real clock", async () => {
    const url = await freshPostgresDatabase();
    const real = [
      await createPostgresStorage({ url, clock: systemClock, poolSize: 2 }),
      await createPostgresStorage({ url, clock: systemClock, poolSize: 2 }),
    ] as const;
    storages.push(...real);
    const owner = (await real[0].accounts.ensureAccount("acme")).id;
    const endpoint = await createEndpoint(real[0], owner);
    await real[0].webhooks.sendTestEvent(owner, endpoint.id);
    const [claimed] = await real[0].deliveryQueue.claimDue(claimOptions("a.1", { leaseMs: 2000 }));
    expect(claimed).toBeDefined();
    expect(await real[1].deliveryQueue.claimDue(claimOptions("b.1"))).toEqual([]);
    const wake = await real[1].deliveryQueue.nextWakeAt();
    expect(wake !== null && Math.abs(Date.parse(wake) - (Date.now() + 2000)) < 5000).toBe(true);
    // The other replica takes it over once the lease ran out on the database's clock.
    let taken: ClaimedDelivery[] = [];
    await waitFor(
      async () => {
        taken = await real[1].deliveryQueue.claimDue(claimOptions("b.1"));
        return taken.length > 0;
      },
      { intervalMs: 50, what: "the lease to expire and replica B to take the record over" },
    );
    expect(taken.map((c) => c.id)).toEqual([claimed?.id]);
  });

  it("together lease no more than endpointConcurrency per endpoint", async () => {
    const [a, b] = storages as [Storage, Storage];
    const endpoint = await createEndpoint(a, account);
    for (let i = 0; i < 20; i++) await a.webhooks.sendTestEvent(account, endpoint.id);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? a : b).deliveryQueue.claimDue(
          claimOptions(`h${i}.1`, { endpointConcurrency: 3, holder: `h${i}` }),
        ),
      ),
    );
    const all = rounds.flat().map((c) => c.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(3);
  });

  it("settle while the other replica disables, deletes and writes events: no deadlock, nothing lost", async () => {
    const [a, b] = storages as [Storage, Storage];
    const endpoints: WebhookEndpointRecord[] = [];
    for (let i = 0; i < 4; i++) endpoints.push(await createEndpoint(a, account, ["*"], `https://r${i}.example/`));
    const [kept, toggled, deleted, other] = endpoints as [
      WebhookEndpointRecord,
      WebhookEndpointRecord,
      WebhookEndpointRecord,
      WebhookEndpointRecord,
    ];
    for (let i = 0; i < 8; i++) for (const e of endpoints) await a.webhooks.sendTestEvent(account, e.id);
    let writing = true;
    const worker = async () => {
      let inFlight: ClaimedDelivery[] = [];
      for (let turn = 0; turn < 400; turn++) {
        if (!writing && inFlight.length === 0 && !(await a.deliveryQueue.hasPending())) return;
        const result = await a.deliveryQueue.settle(
          inFlight.map((c) => ({
            delivery_id: c.id,
            endpoint_id: c.endpoint_id,
            lease_token: c.lease_token,
            started_at: "2026-11-21T12:00:00.000Z",
            duration_ms: 1,
            response_status: 200,
            error: null,
            result: { type: "succeeded" as const },
            gone: false,
          })),
          POLICY,
          claimOptions(`a.${turn}`, { limit: 4, holder: "a" }),
        );
        inFlight = result.claimed;
      }
    };
    const writer = async () => {
      for (let i = 0; i < 6; i++) {
        await b.webhooks.setEndpointActive(account, toggled.id, i % 2 === 1);
        await b.webhooks.sendTestEvent(account, other.id);
        if (i === 2) await b.webhooks.deleteEndpoint(account, deleted.id);
      }
      writing = false;
    };
    await Promise.all([worker(), writer()]);
    const records = (await a.webhooks.listDeliveries(account, { page: { limit: 200 } })).data;
    const byEndpoint = (id: string) => records.filter((r) => r.endpoint_id === id);
    // The deleted endpoint's records were either delivered before the delete or discarded by it.
    expect(byEndpoint(deleted.id).every((r) => r.status === "succeeded" || r.status === "discarded")).toBe(true);
    expect(byEndpoint(kept.id).every((r) => r.status === "succeeded" && r.attempt_count === 1)).toBe(true);
    expect(byEndpoint(other.id).every((r) => r.status === "succeeded")).toBe(true);
    // Its 8 tests, the writer's 6, and the 3 webhook_endpoint.disabled events of the toggled one.
    expect(byEndpoint(other.id)).toHaveLength(17);
    // The toggled endpoint ended enabled: its held records went out too.
    expect(byEndpoint(toggled.id).filter((r) => r.status !== "succeeded")).toEqual([]);
  });

  it("settle outcomes and claims concurrently without deadlocks or lost attempts", async () => {
    const [a, b] = storages as [Storage, Storage];
    const endpoints = [];
    for (let i = 0; i < 3; i++) endpoints.push(await createEndpoint(a, account, ["*"], `https://r${i}.example/`));
    for (let i = 0; i < 30; i++)
      await a.webhooks.sendTestEvent(account, (endpoints[i % 3] as WebhookEndpointRecord).id);
    const worker = async (storage: Storage, holder: string) => {
      let inFlight: ClaimedDelivery[] = [];
      for (let turn = 0; turn < 50; turn++) {
        const outcomes: AttemptOutcome[] = inFlight.map((c) => ({
          delivery_id: c.id,
          endpoint_id: c.endpoint_id,
          lease_token: c.lease_token,
          started_at: "2026-11-21T12:00:00.000Z",
          duration_ms: 1,
          response_status: 200,
          error: null,
          result: { type: "succeeded" },
          gone: false,
        }));
        const result = await storage.deliveryQueue.settle(
          outcomes,
          POLICY,
          claimOptions(`${holder}.${turn}`, { limit: 3, holder }),
        );
        inFlight = result.claimed;
        if (inFlight.length === 0 && !(await storage.deliveryQueue.hasPending())) return;
      }
    };
    await Promise.all([worker(a, "a"), worker(b, "b")]);
    const succeeded = await a.webhooks.listDeliveries(account, { status: "succeeded", page: { limit: 100 } });
    expect(succeeded.data).toHaveLength(30);
    // Every record was attempted exactly once.
    for (const record of succeeded.data) expect(record.attempt_count).toBe(1);
  });
});
