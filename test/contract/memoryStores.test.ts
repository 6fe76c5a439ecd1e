/**
 * Memory stores over HTTP: stores, memories, versions and their rules (name, path, 100 KiB, 2,000 a
 * store, the content_sha256 precondition), cross-account isolation, session `resources`, and the
 * memory_store.* events delivered, signed, to a real receiver.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { MAX_MEMORIES_PER_STORE } from "../../server/domain/memoryStores.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { envelopesSince } from "../helpers/flows/events.ts";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { executeStatement, queryRows } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  server = await inProcess({ env: { WEBHOOK_POLL_INTERVAL_MS: "50" } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
let seq = 0;
const uniqueName = (base = "store") => `${base}-${++seq}`;

async function ok(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await server.request(method, path, { ...(body === undefined ? {} : { body }), token });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

const newStore = (body: Record<string, unknown> = {}) => ok("POST", "/memory_stores", { name: uniqueName(), ...body });

describe("memory stores", () => {
  it("creates, gets, lists, updates, archives and deletes a store", async () => {
    const store = await newStore({ description: "facts", metadata: { team: "support" } });
    expect(store).toEqual({
      id: expect.stringMatching(/^memstore_[0-9A-Z]{26}$/),
      type: "memory_store",
      name: store.name,
      description: "facts",
      metadata: { team: "support" },
      archived_at: null,
      created_at: expect.any(String),
      updated_at: store.created_at,
    });
    expect(await ok("GET", `/memory_stores/${store.id}`)).toEqual(store);
    const renamed = await ok("POST", `/memory_stores/${store.id}`, {
      name: `${store.name}-renamed`,
      description: null,
      metadata: { team: null, tier: "gold" },
    });
    expect(renamed).toMatchObject({ name: `${store.name}-renamed`, description: null, metadata: { tier: "gold" } });
    const list = await ok("GET", "/memory_stores?limit=100");
    expect(list.data.map((s: { id: string }) => s.id)).toContain(store.id);

    const archived = await ok("POST", `/memory_stores/${store.id}/archive`);
    expect(archived.archived_at).not.toBeNull();
    expect((await ok("POST", `/memory_stores/${store.id}/archive`)).archived_at).toBe(archived.archived_at);
    expectError(
      await server.request("POST", `/memory_stores/${store.id}`, { body: { description: "x" } }),
      409,
      "conflict_error",
    );
    const active = await ok("GET", "/memory_stores?limit=100");
    expect(active.data.map((s: { id: string }) => s.id)).not.toContain(store.id);
    const all = await ok("GET", "/memory_stores?limit=100&include_archived=true");
    expect(all.data.map((s: { id: string }) => s.id)).toContain(store.id);

    expect(await ok("DELETE", `/memory_stores/${store.id}`)).toEqual({ id: store.id, type: "memory_store_deleted" });
    expectError(await server.request("GET", `/memory_stores/${store.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/memory_stores/${store.id}`), 404, "not_found_error");
  });

  it.each([
    ["missing name", {}],
    ["an empty name", { name: "" }],
    ["a name with a space", { name: "my notes" }],
    ["a name with a slash", { name: "a/b" }],
    ["a name with a dot", { name: "notes.v1" }],
    ["a name over 64 characters", { name: "n".repeat(65) }],
    ["a description over 1024 characters", { name: "ok", description: "d".repeat(1025) }],
    ["an unknown field", { name: "ok", colour: "red" }],
  ])("refuses %s with 400 naming the field", async (_what, body) => {
    const err = expectError(await server.request("POST", "/memory_stores", { body }), 400, "invalid_request_error");
    expect(err.param).toMatch(/^(name|description|colour)/);
  });

  it("keeps names unique per account (archived stores included), not across accounts", async () => {
    const name = uniqueName("Team_notes");
    const first = await ok("POST", "/memory_stores", { name });
    const dup = expectError(await server.request("POST", "/memory_stores", { body: { name } }), 409, "conflict_error");
    expect(dup.param).toBe("name");
    await ok("POST", `/memory_stores/${first.id}/archive`);
    expectError(await server.request("POST", "/memory_stores", { body: { name } }), 409, "conflict_error");
    const other = await newStore();
    expectError(await server.request("POST", `/memory_stores/${other.id}`, { body: { name } }), 409, "conflict_error");
    const token = await server.tokenFor("memory-other-account");
    expect((await ok("POST", "/memory_stores", { name }, token)).name).toBe(name);
  });
});

describe("memories", () => {
  it("creates, lists without contents, gets, updates with and without the precondition, and deletes", async () => {
    const store = await newStore();
    const base = `/memory_stores/${store.id}/memories`;
    const created = await ok("POST", base, { path: "customers/acme.md", content: "Acme prefers email." });
    expect(created).toEqual({
      id: expect.stringMatching(/^mem_[0-9A-Z]{26}$/),
      type: "memory",
      memory_store_id: store.id,
      path: "customers/acme.md",
      content: "Acme prefers email.",
      content_sha256: sha("Acme prefers email."),
      size_bytes: 19,
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    const conflict = expectError(
      await server.request("POST", base, { body: { path: "customers/acme.md", content: "again" } }),
      409,
      "conflict_error",
    );
    expect(conflict.param).toBe("path");
    await ok("POST", base, { path: "customers/globex.md", content: "Globex: phone." });
    await ok("POST", base, { path: "notes/todo.md", content: "call back" });

    const all = await ok("GET", base);
    expect(all.data.map((m: { path: string }) => m.path)).toEqual([
      "customers/acme.md",
      "customers/globex.md",
      "notes/todo.md",
    ]);
    for (const m of all.data) expect(m).not.toHaveProperty("content");
    const customers = await ok("GET", `${base}?path_prefix=customers/`);
    expect(customers.data.map((m: { path: string }) => m.path)).toEqual(["customers/acme.md", "customers/globex.md"]);
    // The prefix is literal text: LIKE wildcards match nothing, and case matters.
    expect((await ok("GET", `${base}?path_prefix=${encodeURIComponent("%")}`)).data).toEqual([]);
    expect((await ok("GET", `${base}?path_prefix=Customers/`)).data).toEqual([]);
    const paged = await ok("GET", `${base}?limit=2`);
    expect(paged).toMatchObject({ has_more: true });
    const rest = await ok("GET", `${base}?page=${paged.next_page}`);
    expect(rest.data.map((m: { path: string }) => m.path)).toEqual(["notes/todo.md"]);

    expect(await ok("GET", `${base}/${created.id}`)).toEqual(created);
    const updated = await ok("POST", `${base}/${created.id}`, {
      content: "Acme prefers email. Renews in March.",
      content_sha256: created.content_sha256,
    });
    expect(updated).toMatchObject({ content: "Acme prefers email. Renews in March.", size_bytes: 36 });
    expect(updated.content_sha256).toBe(sha(updated.content));
    // The hash read before the update no longer matches: 409, nothing written.
    const stale = expectError(
      await server.request("POST", `${base}/${created.id}`, {
        body: { content: "lost update", content_sha256: created.content_sha256 },
      }),
      409,
      "conflict_error",
    );
    expect(stale.param).toBe("content_sha256");
    expect((await ok("GET", `${base}/${created.id}`)).content).toBe(updated.content);
    const unconditional = await ok("POST", `${base}/${created.id}`, { content: "overwritten" });
    expect(unconditional.content).toBe("overwritten");
    expectError(
      await server.request("POST", `${base}/${created.id}`, { body: { content: "x", content_sha256: "abc" } }),
      400,
      "invalid_request_error",
    );

    // A delete with a precondition: the stale hash deletes nothing (409 naming it), the current one deletes.
    const staleDelete = expectError(
      await server.request("DELETE", `${base}/${created.id}?expected_content_sha256=${updated.content_sha256}`),
      409,
      "conflict_error",
    );
    expect(staleDelete.param).toBe("expected_content_sha256");
    expect((await ok("GET", `${base}/${created.id}`)).content).toBe("overwritten");
    expectError(
      await server.request("DELETE", `${base}/${created.id}?expected_content_sha256=nothex`),
      400,
      "invalid_request_error",
    );
    expect(await ok("DELETE", `${base}/${created.id}?expected_content_sha256=${sha("overwritten")}`)).toEqual({
      id: created.id,
      type: "memory_deleted",
    });
    expectError(await server.request("GET", `${base}/${created.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `${base}/${created.id}`), 404, "not_found_error");
    // The path is free again.
    await ok("POST", base, { path: "customers/acme.md", content: "new" });
  });

  it.each([
    ["a leading slash", "/etc/passwd"],
    ["a .. segment", "notes/../secret"],
    ["a . segment", "./notes"],
    ["an empty segment", "notes//a"],
    ["a trailing slash", "notes/"],
    ["a backslash", "notes\\a"],
    ["a control character", "notes\na"],
    ["an empty path", ""],
    ["a path over 1024 characters", "p".repeat(1025)],
  ])("refuses a path with %s (400 naming path)", async (_what, path) => {
    const store = await newStore();
    const err = expectError(
      await server.request("POST", `/memory_stores/${store.id}/memories`, { body: { path, content: "x" } }),
      400,
      "invalid_request_error",
    );
    expect(err.param).toBe("path");
  });

  it("takes exactly 100 KiB of UTF-8 and answers 413 beyond, on create and update", async () => {
    const store = await newStore();
    const base = `/memory_stores/${store.id}/memories`;
    const full = await ok("POST", base, { path: "full.txt", content: "a".repeat(102_400) });
    expect(full.size_bytes).toBe(102_400);
    const over = expectError(
      await server.request("POST", base, { body: { path: "over.txt", content: "a".repeat(102_401) } }),
      413,
      "request_too_large",
    );
    expect(over.param).toBe("content");
    // Bytes, not characters: 34,134 three-byte characters are 102,402 bytes.
    expectError(
      await server.request("POST", base, { body: { path: "wide.txt", content: "€".repeat(34_134) } }),
      413,
      "request_too_large",
    );
    expectError(
      await server.request("POST", `${base}/${full.id}`, { body: { content: "b".repeat(102_401) } }),
      413,
      "request_too_large",
    );
    expect((await ok("GET", `${base}?path_prefix=over`)).data).toEqual([]);
  });

  it(`holds at most ${MAX_MEMORIES_PER_STORE} memories a store`, async () => {
    const store = await newStore();
    // Fill to one below the limit with one statement (both dialects read it the same way), then
    // cross it over HTTP.
    await executeStatement(
      server.databaseUrl,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO memories (id, store_id, path, content, content_sha256, size_bytes, created_at, updated_at)
       SELECT 'mem_bulk' || i, ?, 'bulk/' || i, 'x', ?, 1, '2026-11-21T12:00:00.000Z', '2026-11-21T12:00:00.000Z' FROM n`,
      MAX_MEMORIES_PER_STORE - 1,
      store.id,
      sha("x"),
    );
    const base = `/memory_stores/${store.id}/memories`;
    const last = await ok("POST", base, { path: "last", content: "x" });
    const err = expectError(
      await server.request("POST", base, { body: { path: "one-too-many", content: "x" } }),
      409,
      "conflict_error",
    );
    expect(err.message).toContain(String(MAX_MEMORIES_PER_STORE));
    // A delete frees a place.
    await ok("DELETE", `${base}/${last.id}`);
    await ok("POST", base, { path: "one-too-many", content: "x" });
  });

  it("refuses changes to the memories of an archived store (409) but keeps them readable", async () => {
    const store = await newStore();
    const base = `/memory_stores/${store.id}/memories`;
    const m = await ok("POST", base, { path: "a", content: "x" });
    await ok("POST", `/memory_stores/${store.id}/archive`);
    expectError(await server.request("POST", base, { body: { path: "b", content: "y" } }), 409, "conflict_error");
    expectError(await server.request("POST", `${base}/${m.id}`, { body: { content: "y" } }), 409, "conflict_error");
    expectError(await server.request("DELETE", `${base}/${m.id}`), 409, "conflict_error");
    expect((await ok("GET", `${base}/${m.id}`)).content).toBe("x");
  });
});

describe("memory versions", () => {
  it("records every change with its author, lists by memory, gets and redacts", async () => {
    const store = await newStore();
    const base = `/memory_stores/${store.id}`;
    const m = await ok("POST", `${base}/memories`, { path: "facts.md", content: "v1" });
    await ok("POST", `${base}/memories/${m.id}`, { content: "v2" });
    const other = await ok("POST", `${base}/memories`, { path: "other.md", content: "o1" });
    await ok("DELETE", `${base}/memories/${m.id}`);

    const versions = await ok("GET", `${base}/memory_versions?memory_id=${m.id}`);
    expect(versions.data.map((v: { operation: string }) => v.operation)).toEqual(["deleted", "updated", "created"]);
    for (const v of versions.data) {
      expect(v).not.toHaveProperty("content");
      expect(v.author).toEqual({ type: "api_token", id: expect.stringMatching(/^tok_/) });
      expect(v).toMatchObject({ memory_id: m.id, memory_store_id: store.id, path: "facts.md", redacted_at: null });
    }
    const [deleted, second, first] = versions.data;
    expect(deleted).toMatchObject({ content_sha256: null, size_bytes: 0 });
    expect(await ok("GET", `${base}/memory_versions/${first.id}`)).toEqual({ ...first, content: "v1" });
    expect((await ok("GET", `${base}/memory_versions/${second.id}`)).content).toBe("v2");
    expect((await ok("GET", `${base}/memory_versions/${deleted.id}`)).content).toBeNull();
    const everything = await ok("GET", `${base}/memory_versions`);
    expect(everything.data).toHaveLength(4);
    expect(everything.data.map((v: { memory_id: string }) => v.memory_id)).toContain(other.id);

    const redacted = await ok("POST", `${base}/memory_versions/${first.id}/redact`);
    expect(redacted).toMatchObject({ id: first.id, content: null, content_sha256: null, size_bytes: 0 });
    expect(redacted.redacted_at).toEqual(expect.any(String));
    expect(await ok("GET", `${base}/memory_versions/${first.id}`)).toEqual(redacted);
    expect(await ok("POST", `${base}/memory_versions/${first.id}/redact`)).toEqual(redacted);
    expectError(
      await server.request("GET", `${base}/memory_versions/memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B`),
      404,
      "not_found_error",
    );
  });

  it("names the token that made each change", async () => {
    const token = await server.tokenFor("memory-authors");
    const store = await ok("POST", "/memory_stores", { name: "authors" }, token);
    await ok("POST", `/memory_stores/${store.id}/memories`, { path: "a", content: "x" }, token);
    const [version] = (await ok("GET", `/memory_stores/${store.id}/memory_versions`, undefined, token)).data;
    const tokens = server.service.deps.storage.accounts;
    const account = await tokens.findAccountByName("memory-authors");
    const mine = (await tokens.listTokens()).filter((t) => t.account_id === account?.id).map((t) => t.id);
    expect(mine).toContain(version.author.id);
  });

  it("deleting a store deletes its memories and all their versions", async () => {
    const store = await newStore();
    const m = await ok("POST", `/memory_stores/${store.id}/memories`, { path: "a", content: "x" });
    await ok("POST", `/memory_stores/${store.id}/memories/${m.id}`, { content: "y" });
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          server.databaseUrl,
          "SELECT (SELECT count(*) FROM memories WHERE store_id = ?) + (SELECT count(*) FROM memory_versions WHERE store_id = ?) AS n",
          store.id,
          store.id,
        )
      )[0]?.n;
    expect(Number(await count())).toBe(3);
    await ok("DELETE", `/memory_stores/${store.id}`);
    expect(Number(await count())).toBe(0);
  });
});

describe("isolation between accounts", () => {
  it("answers 404 to another account for every operation", async () => {
    const store = await newStore();
    const m = await ok("POST", `/memory_stores/${store.id}/memories`, { path: "a", content: "x" });
    const [v] = (await ok("GET", `/memory_stores/${store.id}/memory_versions`)).data;
    const token = await server.tokenFor("memory-stranger");
    const s = `/memory_stores/${store.id}`;
    const calls: [string, string, unknown?][] = [
      ["GET", s],
      ["POST", s, { description: "x" }],
      ["POST", `${s}/archive`],
      ["DELETE", s],
      ["GET", `${s}/memories`],
      ["POST", `${s}/memories`, { path: "b", content: "y" }],
      ["GET", `${s}/memories/${m.id}`],
      ["POST", `${s}/memories/${m.id}`, { content: "y" }],
      ["DELETE", `${s}/memories/${m.id}`],
      ["GET", `${s}/memory_versions`],
      ["GET", `${s}/memory_versions/${v.id}`],
      ["POST", `${s}/memory_versions/${v.id}/redact`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request(method, path, { ...(body === undefined ? {} : { body }), token });
      const err = expectError(res, 404, "not_found_error");
      expect(err.message).toContain(store.id);
    }
    // Nothing changed.
    expect((await ok("GET", `${s}/memories/${m.id}`)).content).toBe("x");
    expect((await ok("GET", `${s}/memory_versions/${v.id}`)).content).toBe("x");
    expect((await ok("GET", s)).archived_at).toBeNull();
    const listed = await ok("GET", "/memory_stores?limit=100", undefined, token);
    expect(listed.data.map((x: { id: string }) => x.id)).not.toContain(store.id);
  });
});

describe("session resources", () => {
  const sessionCount = async () =>
    Number(
      (await queryRows<{ n: number }>(server.databaseUrl, "SELECT count(*) AS n FROM sessions"))[0]?.n ?? Number.NaN,
    );

  it("attaches active stores in order; refuses archived (409), unknown (404), repeated and over 8 (400) without creating the session", async () => {
    const agent = await createAgent(server);
    const environmentId = await createEnvironment(server);
    const a = await newStore();
    const b = await newStore();
    const session = await ok("POST", "/sessions", {
      agent: agent.id,
      environment_id: environmentId,
      resources: [
        { type: "memory_store", memory_store_id: a.id, access: "read_only" },
        { type: "memory_store", memory_store_id: b.id },
      ],
    });
    const storage = server.service.deps.storage;
    const account = await storage.accounts.findAccountByName("default");
    expect(await storage.memoryStores.sessionStores(account?.id ?? "", session.id)).toEqual([
      { memory_store_id: a.id, access: "read_only" },
      { memory_store_id: b.id, access: "read_write" },
    ]);

    const before = await sessionCount();
    const archived = await newStore();
    await ok("POST", `/memory_stores/${archived.id}/archive`);
    const body = (resources: unknown[]) => ({ body: { agent: agent.id, environment_id: environmentId, resources } });
    const ref = (id: string) => ({ type: "memory_store", memory_store_id: id });
    const refused = expectError(
      await server.request("POST", "/sessions", body([ref(a.id), ref(archived.id)])),
      409,
      "conflict_error",
    );
    expect(refused.param).toBe("resources[1].memory_store_id");
    const unknown = expectError(
      await server.request("POST", "/sessions", body([ref("memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1")])),
      404,
      "not_found_error",
    );
    expect(unknown.param).toBe("resources[0].memory_store_id");
    const stranger = await ok("POST", "/memory_stores", { name: uniqueName() }, await server.tokenFor("memory-s2"));
    expectError(await server.request("POST", "/sessions", body([ref(stranger.id)])), 404, "not_found_error");
    const repeated = expectError(
      await server.request("POST", "/sessions", body([ref(a.id), ref(a.id)])),
      400,
      "invalid_request_error",
    );
    expect(repeated.param).toBe("resources[1].memory_store_id");
    const nine = await Promise.all(Array.from({ length: 9 }, () => newStore()));
    const tooMany = expectError(
      await server.request("POST", "/sessions", body(nine.map((s) => ref(s.id)))),
      400,
      "invalid_request_error",
    );
    expect(tooMany.param).toMatch(/^resources/);
    expectError(
      await server.request("POST", "/sessions", body([{ type: "vault", memory_store_id: a.id }])),
      400,
      "invalid_request_error",
    );
    expect(await sessionCount()).toBe(before);
    // Eight are fine.
    await ok("POST", "/sessions", body(nine.slice(0, 8).map((s) => ref(s.id))).body);
  });
});

describe("memory_store events", () => {
  it("writes created, archived (once) and deleted, and delivers them signed with data {id, type}", async () => {
    const kinds = ["memory_store.created", "memory_store.archived", "memory_store.deleted"];
    const endpoint = await server.request("POST", "/webhook_endpoints", {
      body: { url: `${receiver.url}/memory`, events: kinds },
    });
    expect(endpoint.status).toBe(201);
    const secret: string = endpoint.body.signing_secret;
    const events = await envelopesSince(server);
    const store = await newStore();
    await ok("POST", `/memory_stores/${store.id}`, { description: "no event" });
    const m = await ok("POST", `/memory_stores/${store.id}/memories`, { path: "a", content: "x" });
    await ok("POST", `/memory_stores/${store.id}/memories/${m.id}`, { content: "y" });
    await ok("POST", `/memory_stores/${store.id}/archive`);
    await ok("POST", `/memory_stores/${store.id}/archive`);
    expectError(await server.request("POST", "/memory_stores", { body: { name: store.name } }), 409, "conflict_error");
    await ok("DELETE", `/memory_stores/${store.id}`);

    const expected = kinds.map((type) => ({ id: store.id, type }));
    const written = await events();
    expect(written.map((e) => e.data)).toEqual(expected);
    const received = await receiver.waitForRequests(expected.length, { path: "/memory" });
    const delivered = received.map((r) => {
      const event = verifyWebhook(r.body, r.headers, secret);
      expect(r.headers["webhook-event-type"]).toBe(event.data.type);
      return event;
    });
    expect(delivered.map((e) => e.data).sort((x, y) => x.type.localeCompare(y.type))).toEqual(
      [...expected].sort((x, y) => x.type.localeCompare(y.type)),
    );
    const records = await waitFor(async () => {
      const list = await server.request("GET", `/webhook_events?endpoint_id=${endpoint.body.id}&limit=100`);
      return list.body.data.length === 3 && list.body.data.every((r: { status: string }) => r.status === "succeeded")
        ? list.body.data
        : null;
    });
    expect(records).toHaveLength(3);
  });
});
