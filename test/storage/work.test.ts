/**
 * The work queue of self-hosted environments and their keys (storage/port/work.ts) on both
 * adapters: one live item per session; a poll hands an item to one poller at a time (many
 * concurrent polls: each item once), again after the reclaim window without an ack; the ack
 * leases it; heartbeats renew the lease only with the stored heartbeat (412 otherwise); an expired
 * lease puts the item back (a stopping one stops); stops, the session's stop, the stats; keys
 * authenticate by hash until revoked, within their environment.
 */
import { describe, expect, it } from "vitest";
import { adapters } from "./adapters.ts";
import { sessionFixtures } from "./sessionFixtures.ts";
import { useStorage } from "./suite.ts";

describe.each(adapters)("the work queue on $name", (adapter) => {
  const suite = useStorage(adapter);
  let n = 0;
  const fixtures = async () => {
    const f = await sessionFixtures(suite.storage, `work-${++n}`);
    const env = await suite.storage.environments.createEnvironment(f.account, {
      name: "farm",
      description: null,
      config: { type: "self_hosted" },
      metadata: {},
    });
    const session = async () => (await f.session({ environment_id: env.id })).session.id;
    return { ...f, env: env.id, session };
  };

  it("keeps one live item per session and leases it to the worker that acknowledges it", async () => {
    const { account, env, session } = await fixtures();
    const work = suite.storage.work;
    const s = await session();
    const first = await work.enqueueSession(account, env, s);
    expect(first).toMatchObject({ state: "queued", session_id: s, environment_id: env, metadata: {} });
    expect(first.id).toMatch(/^work_/);
    expect((await work.enqueueSession(account, env, s)).id).toBe(first.id);

    const polled = await work.poll(env, "w1", 5000);
    expect(polled?.id).toBe(first.id);
    // Handed out: another poll does not get it within the reclaim window...
    expect(await work.poll(env, "w2", 5000)).toBeNull();
    expect(await work.stats(env, 5000, suite.clock.now().toISOString())).toMatchObject({
      depth: 1,
      pending: 1,
      workers_polling: 2,
    });
    // ... but does after it, when nobody acknowledged it.
    suite.clock.advance(5001);
    expect((await work.poll(env, "w2", 5000))?.id).toBe(first.id);

    const acked = await work.ack(env, first.id, 90);
    expect(acked).toMatchObject({ state: "starting", latest_heartbeat_at: null, lease_ttl_seconds: 90 });
    expect(await work.ack(env, first.id, 90)).toBe("conflict");
    expect(await work.ack(env, "work_nope", 90)).toBeNull();
    expect(await work.poll(env, "w1", 0)).toBeNull();
    expect(await work.holdsSession(env, s)).toBe(true);
    expect(await work.holdsSession("env_other", s)).toBe(false);
    suite.clock.advance(91_000);
    // A lease that ran out holds nothing (the next poll puts the item back).
    expect(await work.holdsSession(env, s)).toBe(false);
    suite.clock.advance(-91_000);

    // The first heartbeat claims the lease with NO_HEARTBEAT; later ones echo the stored one.
    expect((await work.heartbeat(env, first.id, "2026-01-01T00:00:00.000Z", 90))?.outcome).toBe("precondition_failed");
    const beat = await work.heartbeat(env, first.id, "NO_HEARTBEAT", 60);
    expect(beat).toMatchObject({ outcome: "renewed", record: { state: "active", lease_ttl_seconds: 60 } });
    const last = beat?.record.latest_heartbeat_at ?? "";
    suite.clock.advance(1000);
    expect((await work.heartbeat(env, first.id, "NO_HEARTBEAT", 60))?.outcome).toBe("precondition_failed");
    const again = await work.heartbeat(env, first.id, last, 60);
    expect(again?.outcome).toBe("renewed");
    expect(again?.record.started_at).toBe(beat?.record.started_at);
  });

  it("puts an item back when its lease runs out, and the late worker's heartbeat is refused", async () => {
    const { account, env, session } = await fixtures();
    const work = suite.storage.work;
    const item = await work.enqueueSession(account, env, await session());
    await work.poll(env, "w1", 5000);
    await work.ack(env, item.id, 30);
    const beat = await work.heartbeat(env, item.id, "NO_HEARTBEAT", 30);
    suite.clock.advance(31_000);
    // The next poll (any worker's) puts it back first, and hands it out.
    const retaken = await work.poll(env, "w2", 5000);
    expect(retaken).toMatchObject({ id: item.id, state: "queued", leases_lost: 1, latest_heartbeat_at: null });
    const late = await work.heartbeat(env, item.id, beat?.record.latest_heartbeat_at ?? null, 30);
    expect(late).toMatchObject({ outcome: "precondition_failed", record: { state: "queued" } });
    await work.ack(env, item.id, 30);
    expect((await work.heartbeat(env, item.id, "NO_HEARTBEAT", 30))?.outcome).toBe("renewed");
    const totals = await work.totals("2000-01-01T00:00:00.000Z");
    expect(totals.leases_lost).toBeGreaterThanOrEqual(1);
    expect(totals.workers_polling).toBeGreaterThanOrEqual(2);
    expect(totals.leased).toBeGreaterThanOrEqual(1);
  });

  it("hands each item to exactly one of many concurrent polls", async () => {
    const { account, env, session } = await fixtures();
    const work = suite.storage.work;
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await work.enqueueSession(account, env, await session())).id);
    const polls = await Promise.all(Array.from({ length: 12 }, (_, i) => work.poll(env, `w${i}`, 60_000)));
    const got = polls.flatMap((p) => (p ? [p.id] : []));
    expect(got.sort()).toEqual([...ids].sort());
    expect((await work.stats(env, 60_000, suite.clock.now().toISOString())).workers_polling).toBe(12);
  });

  it("stops: a queued item at once, a leased one by its worker (or at its lease's end), the session's on interrupt", async () => {
    const { account, env, session } = await fixtures();
    const work = suite.storage.work;
    const queued = await work.enqueueSession(account, env, await session());
    expect(await work.stop(env, queued.id, false)).toMatchObject({ state: "stopped" });
    expect(await work.stop(env, queued.id, true)).toBe("stopped");

    const s = await session();
    const leased = await work.enqueueSession(account, env, s);
    await work.poll(env, "w", 5000);
    await work.ack(env, leased.id, 30);
    expect(await work.stop(env, leased.id, false)).toMatchObject({ state: "stopping" });
    // A stopping item keeps its lease without the comparison, so that its worker finishes.
    expect(await work.heartbeat(env, leased.id, "whatever", 30)).toMatchObject({
      outcome: "renewed",
      record: { state: "stopping" },
    });
    suite.clock.advance(31_000);
    expect(await work.expireLeases()).toBeGreaterThanOrEqual(1);
    expect(await work.get(env, leased.id)).toMatchObject({ state: "stopped" });
    expect(await work.heartbeat(env, leased.id, null, 30)).toMatchObject({ outcome: "not_extended" });

    // A stopped item frees the session for a new one; the session's stop stops that one too.
    const next = await work.enqueueSession(account, env, s);
    expect(next.id).not.toBe(leased.id);
    expect(await work.sessionWork(s)).toMatchObject({ id: next.id });
    expect(await work.stopSessionWork(s)).toBe(true);
    expect(await work.sessionWork(s)).toBeNull();
    expect(await work.stopSessionWork(s)).toBe(false);

    const page = await work.list(env, { limit: 2 });
    expect(page.data.map((w) => w.id)).toEqual([next.id, leased.id]);
    expect(page.has_more).toBe(true);
    const updated = await work.update(env, next.id, (m) => ({ ...m, host: "farm-1" }));
    expect(updated?.metadata).toEqual({ host: "farm-1" });
  });

  it("authenticates a key by its hash within its environment until it is revoked", async () => {
    const { account, env } = await fixtures();
    const work = suite.storage.work;
    const key = await work.createKey(account, env, { name: "farm-1", keyHash: "h".repeat(64), hint: "cak_env_abcd" });
    expect(key).toMatchObject({ environment_id: env, name: "farm-1", revoked_at: null, last_used_at: null });
    expect(key.id).toMatch(/^envkey_/);
    expect(await work.authenticateKey("h".repeat(64))).toEqual({
      accountId: account,
      environmentId: env,
      keyId: key.id,
    });
    expect(await work.authenticateKey("x".repeat(64))).toBeNull();
    expect((await work.listKeys(account, env)).map((k) => k.id)).toEqual([key.id]);
    expect((await work.listKeys(account, env))[0]?.last_used_at).not.toBeNull();
    expect(await work.revokeKey(account, "env_other", key.id)).toBeNull();
    const revoked = await work.revokeKey(account, env, key.id);
    expect(revoked?.revoked_at).not.toBeNull();
    expect((await work.revokeKey(account, env, key.id))?.revoked_at).toBe(revoked?.revoked_at);
    expect(await work.authenticateKey("h".repeat(64))).toBeNull();
  });
});
