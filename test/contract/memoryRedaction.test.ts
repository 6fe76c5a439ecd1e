/**
 * Redaction removes a memory version's content from the database, not only from responses: the
 * SQLite file, its WAL and shared memory read as bytes (with TEST_DATABASE=postgres: every row of
 * every table as text) hold the redacted text before and nowhere after. Deleting a store does the
 * same for all its memories and versions.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText, onPostgres, queryRows } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await server.request(method, path, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * The database's bytes as they are on disk right now, without a checkpoint by the test (SQLite:
 * the file, the WAL and the shared memory), or every row as text (PostgreSQL).
 */
async function storedBytes(): Promise<string> {
  if (onPostgres) return databaseText(server.databaseUrl);
  return ["", "-wal", "-shm"]
    .map((suffix) => server.dbPath + suffix)
    .map((path) => (existsSync(path) ? readFileSync(path).toString("latin1") : ""))
    .join("");
}

/** A marker no other test data contains. */
const marker = () => `SECRET-${randomBytes(12).toString("hex")}`;

describe("redaction", () => {
  it("leaves the redacted text nowhere in the database files, for a small and a 60 KB content", async () => {
    const store = await ok("POST", "/memory_stores", { name: "redaction" });
    const base = `/memory_stores/${store.id}`;
    const small = marker();
    const big = marker();
    const bigContent = `${big} `.repeat(2_000); // about 62 KB: overflow pages
    const m1 = await ok("POST", `${base}/memories`, { path: "small.md", content: `The code is ${small}.` });
    const m2 = await ok("POST", `${base}/memories`, { path: "big.md", content: bigContent });
    // The memories move on; their first versions still hold the secrets.
    await ok("POST", `${base}/memories/${m1.id}`, {
      content: "The code was rotated.",
      content_sha256: m1.content_sha256,
    });
    await ok("POST", `${base}/memories/${m2.id}`, { content: "Nothing secret here." });
    const versions = (await ok("GET", `${base}/memory_versions`)).data as { id: string; operation: string }[];
    const created = versions.filter((v) => v.operation === "created");
    expect(created).toHaveLength(2);

    // The search finds them while they are stored (else the check below would prove nothing).
    const before = await storedBytes();
    expect({ small: before.includes(small), big: before.includes(big) }).toEqual({ small: true, big: true });

    for (const v of created) {
      const redacted = await ok("POST", `${base}/memory_versions/${v.id}/redact`);
      expect(redacted.content).toBeNull();
    }
    // (Booleans: a failure must not print the whole database.)
    const after = await storedBytes();
    expect({ small: after.includes(small), big: after.includes(big) }).toEqual({ small: false, big: false });
    // Nor after a checkpoint (the main file alone then holds every page).
    const checkpointed = await databaseText(server.databaseUrl);
    expect({ small: checkpointed.includes(small), big: checkpointed.includes(big) }).toEqual({
      small: false,
      big: false,
    });
    // The records stay.
    expect((await ok("GET", `${base}/memory_versions`)).data).toHaveLength(4);
  });

  it("redacting also replaces the Idempotency-Key replays that held the content: a retry is told, never shown it", async () => {
    const store = await ok("POST", "/memory_stores", { name: "redaction-replays" });
    const base = `/memory_stores/${store.id}/memories`;
    const first = marker();
    const second = marker();
    const send = (path: string, key: string, body: unknown) =>
      server.request("POST", path, { body, headers: { "Idempotency-Key": key } });
    const createBody = { path: "keyed.md", content: `first ${first}` };
    const created = await send(base, `create-${first}`, createBody);
    expect(created.status).toBe(200);
    const updateBody = { content: `second ${second}` };
    const updated = await send(`${base}/${created.body.id}`, `update-${second}`, updateBody);
    expect(updated.status).toBe(200);
    // The replays hold the contents (else the check below would prove nothing).
    const replayed = await send(base, `create-${first}`, createBody);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.text.includes(first)).toBe(true);
    const keptBefore = await queryRows<{ key: string; body_sealed: string }>(
      server.databaseUrl,
      "SELECT key, body_sealed FROM idempotency_keys WHERE key = ?",
      `create-${first}`,
    );
    expect(keptBefore).toHaveLength(1);

    const versions = (await ok("GET", `/memory_stores/${store.id}/memory_versions?memory_id=${created.body.id}`))
      .data as { id: string; operation: string }[];
    const createdVersion = versions.find((v) => v.operation === "created");
    await ok("POST", `/memory_stores/${store.id}/memory_versions/${createdVersion?.id}/redact`);

    // The create's retry: a 409 saying why, without the text, and the request not run again.
    const retried = await send(base, `create-${first}`, createBody);
    expect(retried.status).toBe(409);
    expect(retried.body.error).toMatchObject({ type: "conflict_error", message: expect.stringContaining("redacted") });
    expect(retried.text.includes(first)).toBe(false);
    expect((await ok("GET", base)).data).toHaveLength(1);
    // The old sealed body is gone from the database; the update's replay (not redacted) is kept.
    const databaseNow = await databaseText(server.databaseUrl);
    expect(databaseNow.includes(String(keptBefore[0]?.body_sealed))).toBe(false);
    const updateReplay = await send(`${base}/${created.body.id}`, `update-${second}`, updateBody);
    expect(updateReplay.headers.get("idempotent-replayed")).toBe("true");
    expect(updateReplay.text.includes(second)).toBe(true);
  });

  it("deleting a store removes its memories' and versions' text from the database files", async () => {
    const store = await ok("POST", "/memory_stores", { name: "deleted-store" });
    const secret = marker();
    const m = await ok("POST", `/memory_stores/${store.id}/memories`, {
      path: "a.md",
      content: `${secret} `.repeat(500),
    });
    await ok("POST", `/memory_stores/${store.id}/memories/${m.id}`, { content: `again ${secret}` });
    expect((await databaseText(server.databaseUrl)).includes(secret)).toBe(true);
    await ok("DELETE", `/memory_stores/${store.id}`);
    expect((await databaseText(server.databaseUrl)).includes(secret)).toBe(false);
  });
});
