/**
 * The rows of package layer builds (storage/port/packageLayers.ts) on both adapters: one claim
 * wins; a live lease keeps others waiting; an expired lease or a failed build is taken over (one
 * more attempt); only the builder settles its build; a ready row keeps its archive when given one,
 * and a ready row without one is taken again only when asked (SQLite: its folder was removed).
 */
import { describe, expect, it } from "vitest";
import { adapters } from "./adapters.ts";
import { useStorage } from "./suite.ts";

describe.each(adapters)("package layer builds on $name", (adapter) => {
  const suite = useStorage(adapter);
  const at = (ms: number) => new Date(suite.clock.now().getTime() + ms).toISOString();
  let n = 0;
  const digest = () => `sha256:${(++n).toString(16).padStart(64, "0")}`;

  it("lets one builder claim, keeps the others waiting while its lease holds, and hands over after", async () => {
    const store = suite.storage.packageLayers;
    const d = digest();
    const first = await store.claim(d, '{"pip":["a"]}', "a", at(60_000), false);
    expect(first).toMatchObject({ claimed: true, record: { state: "building", attempts: 1, builder: "a" } });
    const second = await store.claim(d, '{"pip":["a"]}', "b", at(60_000), false);
    expect(second).toMatchObject({ claimed: false, record: { state: "building", builder: "a" } });
    expect(await store.renew(d, "b", at(60_000))).toBe(false);
    expect(await store.renew(d, "a", at(120_000))).toBe(true);
    suite.clock.advance(121_000);
    const takeover = await store.claim(d, '{"pip":["a"]}', "b", at(60_000), false);
    expect(takeover).toMatchObject({ claimed: true, record: { builder: "b", attempts: 2 } });
    // The first builder, too late, settles nothing.
    expect(await store.complete(d, "a", { build_ms: 5, archive: null })).toBe(false);
    expect(await store.fail(d, "a", "late")).toBe(false);
    expect(await store.complete(d, "b", { build_ms: 7, archive: new Uint8Array([1, 2, 3]) })).toBe(true);
    expect(await store.get(d)).toMatchObject({
      state: "ready",
      builder: "b",
      lease_expires_at: null,
      build_ms: 7,
      size_bytes: 3,
      has_archive: true,
    });
    expect([...((await store.archive(d)) ?? [])]).toEqual([1, 2, 3]);
    // Ready with an archive: never claimed again.
    expect((await store.claim(d, "{}", "c", at(60_000), true)).claimed).toBe(false);
  });

  it("records a failure with its words, and the next claim retries it", async () => {
    const store = suite.storage.packageLayers;
    const d = digest();
    await store.claim(d, "{}", "a", at(60_000), false);
    expect(await store.fail(d, "a", "ERROR: No matching distribution found for x")).toBe(true);
    expect(await store.get(d)).toMatchObject({ state: "failed", error: "ERROR: No matching distribution found for x" });
    expect(await store.archive(d)).toBeNull();
    const retry = await store.claim(d, "{}", "b", at(60_000), false);
    expect(retry).toMatchObject({ claimed: true, record: { state: "building", attempts: 2, error: null } });
  });

  it("takes a ready row without an archive again only when asked", async () => {
    const store = suite.storage.packageLayers;
    const d = digest();
    await store.claim(d, "{}", "a", at(60_000), false);
    await store.complete(d, "a", { build_ms: 1, archive: null });
    expect((await store.claim(d, "{}", "b", at(60_000), false)).claimed).toBe(false);
    expect(await store.claim(d, "{}", "b", at(60_000), true)).toMatchObject({ claimed: true, record: { attempts: 2 } });
    expect(await store.get("sha256:unknown")).toBeNull();
  });

  it("gives a build to exactly one of many claims at once", async () => {
    const store = suite.storage.packageLayers;
    const d = digest();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.claim(d, "{}", `builder-${i}`, at(60_000), false)),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    expect((await store.get(d))?.attempts).toBe(1);
  });
});
