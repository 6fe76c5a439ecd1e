/** Storage contract: Idempotency-Key records, on every adapter. */
import { describe, expect, it } from "vitest";
import type { IdempotentRequest } from "../../server/storage/port/idempotency.ts";
import { adapters } from "./adapters.ts";
import { useStorage } from "./suite.ts";

describe.each(adapters)("idempotency keys on $name", (adapter) => {
  const s = useStorage(adapter);
  const DAY = 24 * 3600_000;
  const request = (key: string, over: Partial<IdempotentRequest> = {}): IdempotentRequest => ({
    accountId: s.accountId,
    key,
    method: "POST",
    path: "/agents",
    fingerprint: "f1",
    ...over,
  });
  const options = (leaseMs = 60_000) => ({
    expiredBefore: new Date(s.clock.now().getTime() - DAY).toISOString(),
    lockedUntil: new Date(s.clock.now().getTime() + leaseMs).toISOString(),
  });

  it("claims a new key, is in flight until completed, then replays the response", async () => {
    expect(await s.storage.idempotency.claim(request("k1"), options())).toEqual({ outcome: "claimed" });
    expect(await s.storage.idempotency.claim(request("k1"), options())).toEqual({ outcome: "in_flight" });
    await s.storage.idempotency.complete(s.accountId, "k1", {
      status: 201,
      contentType: "application/json",
      bodySealed: "sealed",
    });
    expect(await s.storage.idempotency.claim(request("k1"), options())).toEqual({
      outcome: "completed",
      response: { status: 201, contentType: "application/json", bodySealed: "sealed" },
    });
    // Completing again changes nothing.
    await s.storage.idempotency.complete(s.accountId, "k1", { status: 500, contentType: null, bodySealed: "x" });
    expect(await s.storage.idempotency.claim(request("k1"), options())).toMatchObject({
      response: { status: 201 },
    });
  });

  it("lists the kept responses of given paths and replaces one only while it holds the body read", async () => {
    const kept = { status: 200, contentType: "application/json", bodySealed: "kept-body" };
    await s.storage.idempotency.claim(request("kr1", { path: "/memory_stores/a/memories" }), options());
    await s.storage.idempotency.complete(s.accountId, "kr1", kept);
    await s.storage.idempotency.claim(request("kr2", { path: "/memory_stores/a/memories/m" }), options());
    await s.storage.idempotency.complete(s.accountId, "kr2", { ...kept, bodySealed: "other-body" });
    // Running (not completed) and other paths are not listed.
    await s.storage.idempotency.claim(request("kr3", { path: "/memory_stores/a/memories" }), options());
    await s.storage.idempotency.claim(request("kr4", { path: "/vaults" }), options());
    await s.storage.idempotency.complete(s.accountId, "kr4", kept);
    const listed = await s.storage.idempotency.keptResponses(s.accountId, [
      "/memory_stores/a/memories",
      "/memory_stores/a/memories/m",
    ]);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "kr1", path: "/memory_stores/a/memories", bodySealed: "kept-body" },
      { key: "kr2", path: "/memory_stores/a/memories/m", bodySealed: "other-body" },
    ]);
    expect(await s.storage.idempotency.keptResponses(s.accountId, [])).toEqual([]);
    const other = await s.storage.accounts.ensureAccount("idempotency-other");
    expect(await s.storage.idempotency.keptResponses(other.id, ["/memory_stores/a/memories"])).toEqual([]);

    const replacement = { status: 409, contentType: "application/json", bodySealed: "replacement" };
    expect(await s.storage.idempotency.replaceResponse(s.accountId, "kr1", "stale-body", replacement)).toBe(false);
    expect(await s.storage.idempotency.replaceResponse(s.accountId, "kr1", "kept-body", replacement)).toBe(true);
    expect(await s.storage.idempotency.claim(request("kr1", { path: "/memory_stores/a/memories" }), options())).toEqual(
      { outcome: "completed", response: replacement },
    );
  });

  it("says what differs when a key is reused for another request", async () => {
    await s.storage.idempotency.claim(request("k2"), options());
    expect(await s.storage.idempotency.claim(request("k2", { method: "PUT" }), options())).toEqual({
      outcome: "mismatch",
      differs: "method",
    });
    expect(await s.storage.idempotency.claim(request("k2", { path: "/vaults" }), options())).toEqual({
      outcome: "mismatch",
      differs: "path",
    });
    expect(await s.storage.idempotency.claim(request("k2", { fingerprint: "f2" }), options())).toEqual({
      outcome: "mismatch",
      differs: "body",
    });
  });

  it("release frees an unfinished key; a completed one stays", async () => {
    await s.storage.idempotency.claim(request("k3"), options());
    await s.storage.idempotency.release(s.accountId, "k3");
    expect(await s.storage.idempotency.claim(request("k3", { fingerprint: "other" }), options())).toEqual({
      outcome: "claimed",
    });
    await s.storage.idempotency.complete(s.accountId, "k3", { status: 200, contentType: null, bodySealed: "b" });
    await s.storage.idempotency.release(s.accountId, "k3");
    expect(await s.storage.idempotency.claim(request("k3", { fingerprint: "other" }), options())).toMatchObject({
      outcome: "completed",
    });
  });

  it("takes over a key whose first request's lease ended, and replaces an expired record", async () => {
    await s.storage.idempotency.claim(request("k4"), options(1000));
    s.clock.advance(1001);
    expect(await s.storage.idempotency.claim(request("k4", { fingerprint: "new" }), options())).toEqual({
      outcome: "claimed",
    });
    await s.storage.idempotency.complete(s.accountId, "k4", { status: 200, contentType: null, bodySealed: "b" });
    s.clock.advance(DAY + 1);
    expect(await s.storage.idempotency.claim(request("k4", { method: "DELETE" }), options())).toEqual({
      outcome: "claimed",
    });
  });

  it("of many callers claiming one key at once, exactly one gets it", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => s.storage.idempotency.claim(request("k5"), options())),
    );
    expect(results.filter((r) => r.outcome === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "in_flight")).toHaveLength(7);
  });

  it("deletes expired records in batches, oldest first", async () => {
    const start = s.clock.now().getTime();
    for (let i = 0; i < 5; i++) {
      await s.storage.idempotency.claim(request(`old-${i}`), options());
      s.clock.advance(1000);
    }
    const cutoff = new Date(start + 2500).toISOString();
    // Every record created before the cut-off (those of the tests above too) goes, two at a time.
    let total = 0;
    for (let batch = 2; batch === 2; total += batch) {
      batch = await s.storage.idempotency.deleteExpiredIdempotencyKeys(cutoff, 2);
      expect(batch).toBeLessThanOrEqual(2);
    }
    expect(total).toBeGreaterThanOrEqual(3);
    expect(await s.storage.idempotency.deleteExpiredIdempotencyKeys(cutoff, 2)).toBe(0);
    // old-3 and old-4 were created after the cut-off: still in flight.
    expect(await s.storage.idempotency.claim(request("old-3"), options())).toEqual({ outcome: "in_flight" });
    expect(await s.storage.idempotency.claim(request("old-0"), options())).toEqual({ outcome: "claimed" });
  });
});
