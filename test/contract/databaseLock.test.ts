/**
 * Another process (the CLI, a backup tool) holding the database's write lock must not stall the
 * server: requests that only read are answered meanwhile, a write waits for the lock without
 * blocking the event loop, and one that cannot get it in time is answered 503 with nothing
 * written. The lock is held here by a second connection to the same file, as the CLI would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { expectError, inProcess, serverProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
let other: Database.Database | null = null;

beforeAll(async () => {
  server = await inProcess({ env: { SQLITE_BUSY_WAIT_MS: "2000" } });
});
afterEach(() => {
  if (other?.inTransaction) other.exec("ROLLBACK");
  other?.close();
  other = null;
});
afterAll(async () => {
  await server.stop();
});

/** Takes the write lock from another connection, as `cloud-agents token create` does while it writes. */
function lockDatabase(): Database.Database {
  other = new Database(server.dbPath);
  other.exec("BEGIN IMMEDIATE");
  return other;
}

// SQLite's single write lock held by another connection; PostgreSQL has no database-wide write lock
// (its row locks and SKIP LOCKED claims are covered by test/storage/*, two replicas at once).
describe.skipIf(onPostgres)("while another process holds the write lock", () => {
  it("answers reads at once, and a write as soon as the lock is released", async () => {
    const before = (await server.request("GET", "/vaults?limit=100")).body.data.length;
    const lock = lockDatabase();
    const order: string[] = [];
    const write = server.request("POST", "/vaults", { body: { display_name: "waits for the lock" } }).then((res) => {
      order.push("write");
      return res;
    });
    // Reads are served while the write waits: the event loop is not blocked by the lock.
    for (let i = 0; i < 3; i++) {
      const read = await server.request("GET", "/vaults?limit=100");
      expect(read.status).toBe(200);
      expect(read.body.data).toHaveLength(before);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      order.push("read");
    }
    expect(order).toEqual(["read", "read", "read"]);
    // The lock is released a moment later (by the same thread as the server: had the server's
    // write blocked the event loop waiting for it, this timer could not even run).
    setTimeout(() => lock.exec("COMMIT"), 200);
    const res = await write;
    expect(res.status, res.text).toBe(200);
    expect(order).toEqual(["read", "read", "read", "write"]);
    expect((await server.request("GET", "/vaults?limit=100")).body.data).toHaveLength(before + 1);
  });

  it("answers 503 with Retry-After when the lock is not released in time, having written nothing", async () => {
    const before = (await server.request("GET", "/vaults?limit=100")).body.data.length;
    const lock = lockDatabase();
    const res = await server.request("POST", "/vaults", { body: { display_name: "gives up" } });
    const error = expectError(res, 503, "api_error");
    expect(error.message).toMatch(/locked by another process/);
    expect(res.headers.get("retry-after")).toBe("1");
    lock.exec("ROLLBACK");
    expect((await server.request("GET", "/vaults?limit=100")).body.data).toHaveLength(before);
  });

  it("keeps a run's answer: the worker waits for the lock to write it", async () => {
    const env = await server.request("POST", "/environments", { body: { name: "locked" } });
    const agent = await server.request("POST", "/agents", { body: { name: "echo", model: "echo" } });
    const session = await server.request("POST", "/sessions", {
      body: { agent: agent.body.id, environment_id: env.body.id },
    });
    const lock = lockDatabase();
    const sent = server.request("POST", `/sessions/${session.body.id}/events`, {
      body: { events: [{ type: "user.message", content: [{ type: "text", text: "after the lock" }] }] },
    });
    setTimeout(() => lock.exec("COMMIT"), 300);
    expect((await sent).status).toBe(202);
    await waitFor(async () => (await server.request("GET", `/sessions/${session.body.id}`)).body.status === "idle", {
      what: "the session to be idle",
    });
    const events = (await server.request("GET", `/sessions/${session.body.id}/events?limit=100`)).body.data;
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(server.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});

// A replica restarted next to one that writes all the time (test/replicas/sqlite.test.ts) found the
// lock taken by its first write and refused to start.
describe.skipIf(onPostgres)("a server starting while another process holds the write lock", () => {
  it("waits for the lock instead of refusing to start, then serves", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cas-startlock-"));
    const dbPath = join(dir, "db.sqlite");
    const token = "start-lock-token-0123456789";
    // A database at this schema that already has its secrets, as a restarted replica finds it.
    const first = await serverProcess({ dbPath, token });
    expect(await first.kill()).toBe(0);
    const lock = new Database(dbPath);
    lock.exec("BEGIN IMMEDIATE");
    let released = 0;
    const release = setTimeout(() => {
      lock.exec("COMMIT");
      released = Date.now();
    }, 1000);
    try {
      const server = await serverProcess({ dbPath, token });
      try {
        // It was listening only once the lock was released: its start-up writes had waited for it.
        expect(released).toBeGreaterThan(0);
        const res = await fetch(`${server.url}/api/v1/cloud/vaults`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
      } finally {
        expect(await server.kill()).toBe(0);
      }
    } finally {
      clearTimeout(release);
      if (lock.inTransaction) lock.exec("ROLLBACK");
      lock.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
