/** Storage contract: memory stores, memories and versions, on every adapter (concurrency included). */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MemoryAuthor, MemoryContent } from "../../server/storage/port/memoryStores.ts";
import { adapters } from "./adapters.ts";
import { useStorage } from "./suite.ts";

const content = (text: string): MemoryContent => ({
  content: text,
  content_sha256: createHash("sha256").update(text).digest("hex"),
  size_bytes: Buffer.byteLength(text),
});
const author: MemoryAuthor = { type: "api_token", id: "tok_contract" };
let n = 0;

describe.each(adapters)("memory stores on $name", (adapter) => {
  const s = useStorage(adapter);
  const m = () => s.storage.memoryStores;
  const newStore = async (name = `store-${++n}`) => {
    const r = await m().createStore(s.accountId, { name, description: null, metadata: {} });
    if (!r.ok) throw new Error(`create store: ${r.reason}`);
    return r.store;
  };
  const newMemory = async (storeId: string, path: string, text: string, max = 2000) => {
    const r = await m().createMemory(s.accountId, storeId, { ...content(text), path, author }, max);
    if (!r.ok) throw new Error(`create memory: ${r.reason}`);
    return r;
  };

  it("creates, updates, archives and deletes stores with their events; names are unique per account", async () => {
    await s.newEvents();
    const store = await newStore("notes");
    expect(store).toEqual({
      id: store.id,
      account_id: s.accountId,
      name: "notes",
      description: null,
      metadata: {},
      archived_at: null,
      created_at: s.clock.now().toISOString(),
      updated_at: s.clock.now().toISOString(),
    });
    expect(await m().createStore(s.accountId, { name: "notes", description: null, metadata: {} })).toEqual({
      ok: false,
      reason: "name_taken",
    });
    const other = await s.storage.accounts.ensureAccount("memory-other");
    expect((await m().createStore(other.id, { name: "notes", description: null, metadata: {} })).ok).toBe(true);
    s.clock.advance(1000);
    const updated = await m().updateStore(s.accountId, store.id, () => ({ description: "d", metadata: { a: "1" } }));
    expect(updated).toEqual({
      ok: true,
      store: { ...store, description: "d", metadata: { a: "1" }, updated_at: s.clock.now().toISOString() },
    });
    const second = await newStore();
    expect(await m().updateStore(s.accountId, second.id, () => ({ name: "notes" }))).toEqual({
      ok: false,
      reason: "name_taken",
    });
    expect(await m().updateStore(s.accountId, "memstore_missing", () => ({}))).toEqual({
      ok: false,
      reason: "not_found",
    });
    const archived = await m().archiveStore(s.accountId, store.id);
    expect(archived?.archived_at).toBe(s.clock.now().toISOString());
    expect(await m().archiveStore(s.accountId, store.id)).toEqual(archived);
    expect(await m().updateStore(s.accountId, store.id, () => ({}))).toEqual({ ok: false, reason: "archived" });
    const listed = await m().listStores(s.accountId, { includeArchived: false, page: { limit: 10 } });
    expect(listed.data.map((x) => x.id)).toEqual([second.id]);
    expect(await m().deleteStore(s.accountId, store.id)).toBe(true);
    expect(await m().deleteStore(s.accountId, store.id)).toBe(false);
    expect(await m().getStore(s.accountId, store.id)).toBeNull();
    expect((await s.newEvents()).map((e) => `${e.type} ${e.id}`)).toEqual([
      `memory_store.created ${store.id}`,
      `memory_store.created ${second.id}`,
      `memory_store.archived ${store.id}`,
      `memory_store.deleted ${store.id}`,
    ]);
  });

  it("writes memories with a version per change, checks the path, the limit and the precondition", async () => {
    const store = await newStore();
    const created = await newMemory(store.id, "a/b.md", "one");
    expect(created.version).toMatchObject({
      operation: "created",
      content: "one",
      author,
      memory_id: created.memory.id,
    });
    expect(await m().createMemory(s.accountId, store.id, { ...content("x"), path: "a/b.md", author }, 2000)).toEqual({
      ok: false,
      reason: "path_taken",
    });
    await newMemory(store.id, "c.md", "two", 3);
    expect(await m().createMemory(s.accountId, store.id, { ...content("x"), path: "d", author }, 2)).toEqual({
      ok: false,
      reason: "too_many",
    });

    const id = created.memory.id;
    const stale = await m().updateMemory(s.accountId, store.id, id, {
      ...content("nope"),
      author,
      expectedSha256: content("other").content_sha256,
    });
    expect(stale).toEqual({ ok: false, reason: "precondition_failed" });
    const session: MemoryAuthor = { type: "session", id: "sess_x" };
    const updated = await m().updateMemory(s.accountId, store.id, id, {
      ...content("one, two"),
      author: session,
      expectedSha256: created.memory.content_sha256,
    });
    expect(updated).toMatchObject({
      ok: true,
      memory: { content: "one, two" },
      version: { operation: "updated", author: session },
    });
    // A delete with a stale precondition deletes nothing and records no version.
    const staleDelete = await m().deleteMemory(s.accountId, store.id, id, {
      author,
      expectedSha256: created.memory.content_sha256,
    });
    expect(staleDelete).toEqual({ ok: false, reason: "precondition_failed" });
    expect((await m().getMemory(s.accountId, store.id, id))?.content).toBe("one, two");
    const deleted = await m().deleteMemory(s.accountId, store.id, id, {
      author,
      expectedSha256: content("one, two").content_sha256,
    });
    expect(deleted).toMatchObject({ ok: true, version: { operation: "deleted", content: null, size_bytes: 0 } });
    expect(await m().getMemory(s.accountId, store.id, id)).toBeNull();

    const versions = await m().listVersions(s.accountId, store.id, { memoryId: id, page: { limit: 10 } });
    expect(versions?.data.map((v) => v.operation)).toEqual(["deleted", "updated", "created"]);
    expect(versions?.data[0]).not.toHaveProperty("content");
    const first = versions?.data[2]?.id ?? "";
    expect((await m().getVersion(s.accountId, store.id, first))?.content).toBe("one");
    const redacted = await m().redactVersion(s.accountId, store.id, first);
    expect(redacted).toMatchObject({
      content: null,
      content_sha256: null,
      size_bytes: 0,
      redacted_at: expect.any(String),
    });
    expect(await m().redactVersion(s.accountId, store.id, first)).toEqual(redacted);
    expect(await m().getVersion(s.accountId, store.id, first)).toEqual(redacted);

    const list = await m().listMemories(s.accountId, store.id, { pathPrefix: "c", page: { limit: 10 } });
    expect(list?.data.map((x) => x.path)).toEqual(["c.md"]);
    expect(list?.data[0]).not.toHaveProperty("content");
    expect(
      await m().listMemories(s.accountId, "memstore_missing", { pathPrefix: undefined, page: { limit: 1 } }),
    ).toBeNull();

    // Another account sees nothing of it.
    const other = await s.storage.accounts.ensureAccount("memory-stranger");
    expect(await m().getMemory(other.id, store.id, created.memory.id)).toBeNull();
    expect(await m().getVersion(other.id, store.id, first)).toBeNull();
    expect(await m().redactVersion(other.id, store.id, first)).toBeNull();
    expect(await m().deleteMemory(other.id, store.id, id, { author, expectedSha256: null })).toEqual({
      ok: false,
      reason: "store_not_found",
    });
  });

  it("two concurrent updates with the same precondition: exactly one wins, the other changes nothing", async () => {
    const store = await newStore();
    const { memory } = await newMemory(store.id, "counter", "0");
    for (let round = 0; round < 5; round++) {
      const current = await m().getMemory(s.accountId, store.id, memory.id);
      const expectedSha256 = current?.content_sha256 ?? "";
      const results = await Promise.all(
        ["a", "b"].map((who) =>
          m().updateMemory(s.accountId, store.id, memory.id, {
            ...content(`${current?.content} ${who}${round}`),
            author,
            expectedSha256,
          }),
        ),
      );
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "precondition_failed" }]);
      const after = await m().getMemory(s.accountId, store.id, memory.id);
      expect(after?.content).toBe(winners[0]?.ok ? winners[0].memory.content : "");
    }
    const versions = await m().listVersions(s.accountId, store.id, { memoryId: memory.id, page: { limit: 100 } });
    expect(versions?.data).toHaveLength(6);
  });

  it("an update and a delete with the same precondition at once: exactly one applies", async () => {
    for (let round = 0; round < 5; round++) {
      const store = await newStore();
      const { memory } = await newMemory(store.id, "doc", `v${round}`);
      const expectedSha256 = memory.content_sha256;
      const [updated, deleted] = await Promise.all([
        m().updateMemory(s.accountId, store.id, memory.id, { ...content("changed"), author, expectedSha256 }),
        m().deleteMemory(s.accountId, store.id, memory.id, { author, expectedSha256 }),
      ]);
      expect([updated.ok, deleted.ok].filter(Boolean)).toHaveLength(1);
      const after = await m().getMemory(s.accountId, store.id, memory.id);
      if (updated.ok) {
        expect(deleted).toEqual({ ok: false, reason: "precondition_failed" });
        expect(after?.content).toBe("changed");
      } else {
        expect(updated).toEqual({ ok: false, reason: "memory_not_found" });
        expect(after).toBeNull();
      }
    }
  });

  it("concurrent read-modify-write writers that retry on a failed precondition lose no update", async () => {
    const store = await newStore();
    const { memory } = await newMemory(store.id, "log", "");
    const writers = 6;
    const appends = 4;
    const writer = async (w: number) => {
      for (let i = 0; i < appends; i++) {
        for (;;) {
          const current = await m().getMemory(s.accountId, store.id, memory.id);
          const r = await m().updateMemory(s.accountId, store.id, memory.id, {
            ...content(`${current?.content}w${w}.${i};`),
            author,
            expectedSha256: current?.content_sha256 ?? "",
          });
          if (r.ok) break;
          expect(r.reason).toBe("precondition_failed");
        }
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const final = await m().getMemory(s.accountId, store.id, memory.id);
    const entries = (final?.content ?? "").split(";").filter(Boolean);
    expect(entries.sort()).toEqual(
      Array.from({ length: writers }, (_, w) => Array.from({ length: appends }, (_, i) => `w${w}.${i}`))
        .flat()
        .sort(),
    );
    const versions = await m().listVersions(s.accountId, store.id, { memoryId: memory.id, page: { limit: 100 } });
    expect(versions?.data).toHaveLength(writers * appends + 1);
  });

  it("concurrent creates never exceed the per-store limit nor share a path", async () => {
    const store = await newStore();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        m().createMemory(s.accountId, store.id, { ...content("x"), path: `p${i % 6}`, author }, 4),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    const list = await m().listMemories(s.accountId, store.id, { pathPrefix: undefined, page: { limit: 100 } });
    expect(new Set(list?.data.map((x) => x.path)).size).toBe(4);
  });

  it("deleting a store deletes its memories, their versions and its session attachments", async () => {
    const store = await newStore();
    const { memory, version } = await newMemory(store.id, "a", "x");
    expect(await m().deleteStore(s.accountId, store.id)).toBe(true);
    expect(await m().getMemory(s.accountId, store.id, memory.id)).toBeNull();
    expect(await m().getVersion(s.accountId, store.id, version.id)).toBeNull();
    // Recreated under the same name: nothing of the old one shows.
    const again = await newStore(store.name);
    expect(await m().listVersions(s.accountId, again.id, { memoryId: memory.id, page: { limit: 10 } })).toEqual(
      expect.objectContaining({ data: [] }),
    );
  });

  it("attaches only active stores of the account, in order", async () => {
    const a = await newStore();
    const b = await newStore();
    expect(await m().attachToSession(s.accountId, "sess_none", [])).toEqual({ ok: true });
    await m().archiveStore(s.accountId, b.id);
    expect(
      await m().attachToSession(s.accountId, "sess_none", [
        { memory_store_id: a.id, access: "read_write" },
        { memory_store_id: b.id, access: "read_only" },
      ]),
    ).toEqual({ ok: false, reason: "archived", index: 1 });
    expect(
      await m().attachToSession(s.accountId, "sess_none", [{ memory_store_id: "memstore_x", access: "read_only" }]),
    ).toEqual({ ok: false, reason: "not_found", index: 0 });
    expect(await m().sessionStores(s.accountId, "sess_none")).toEqual([]);
  });
});
