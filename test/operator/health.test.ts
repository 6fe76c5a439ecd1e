import { chmodSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingPrograms } from "../../server/sandbox/programs.ts";
import { writableCgroups } from "../helpers/servers/requires.ts";
import { inProcess, serverProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { executeStatement, onPostgres, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const sandboxMissing = missingPrograms();

interface Readiness {
  status: string;
  failed: string[];
  checks: Record<string, string>;
}

async function probe(url: string, path: string): Promise<{ status: number; body: Readiness }> {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

describe("liveness and readiness", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await inProcess();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("answers /livez, /readyz and /healthz with every check passing when all is well", async () => {
    expect(await probe(server.url, "/livez")).toEqual({ status: 200, body: { status: "ok" } });
    const ready = await probe(server.url, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "ready",
      failed: [],
      checks: {
        database: "ok",
        migrations: "ok",
        "loop:event-loop-monitor": "ok",
        // The adapter's upkeep: SQLite checkpoints its WAL; PostgreSQL listens for other replicas' commits.
        ...(onPostgres ? { "loop:postgres-listen": "ok" } : { "loop:wal-checkpointer": "ok" }),
        "loop:webhook-delivery": "ok",
        "loop:runs": "ok",
        "loop:dreams": "ok",
        "loop:scheduler": "ok",
        "loop:streams": "ok",
        "loop:retention": "ok",
      },
      // The built-in bash tool's sandbox (SANDBOX=auto): bubblewrap when its programs are here, else
      // off; with the cgroup controllers that cap each command where the host allows them, and
      // who commands run as: per-session uids for a root server, its own user otherwise.
      sandbox:
        sandboxMissing.length === 0
          ? {
              kind: "bubblewrap",
              missing: [],
              cgroups: writableCgroups(),
              identity:
                process.getuid?.() === 0
                  ? { model: "session-uid", uid_base: 1_000_000_000, uid_count: 65_536 }
                  : { model: "user-namespace", uid: process.getuid?.() },
            }
          : { kind: "off", missing: sandboxMissing },
    });
    expect(await probe(server.url, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("turns /readyz 503 naming the loop while a background loop is stopped, and ready again once it runs", async () => {
    const delivery = server.service.workers.find((w) => w.name === "webhook-delivery");
    if (!delivery) throw new Error("no delivery worker");
    await delivery.stop();
    try {
      const res = await probe(server.url, "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("not_ready");
      expect(res.body.failed).toEqual(["loop:webhook-delivery"]);
      expect(res.body.checks["loop:webhook-delivery"]).toBe("stopped");
      expect(res.body.checks["loop:runs"]).toBe("ok");
      const health = await probe(server.url, "/healthz");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "fail", failed: ["loop:webhook-delivery"] });
      // Liveness does not depend on it: restarting the process would not help.
      expect((await probe(server.url, "/livez")).status).toBe(200);
    } finally {
      delivery.start();
    }
    expect((await probe(server.url, "/readyz")).status).toBe(200);
  });

  // The SQLite file itself (PostgreSQL has no file to move; its outage is a failed query, as below).
  it.skipIf(onPostgres)("turns /readyz 503 naming the database while the database file cannot be opened", async () => {
    const moved = `${server.dbPath}.away`;
    renameSync(server.dbPath, moved);
    try {
      const res = await probe(server.url, "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.failed).toContain("database");
      expect(res.body.checks.database).toMatch(/cannot open .*cloud-agents\.db/);
    } finally {
      renameSync(moved, server.dbPath);
    }
    expect((await probe(server.url, "/readyz")).status).toBe(200);
  });

  // SQLite's migration numbers (PostgreSQL has one consolidated migration; its status check is in test/storage/open.test.ts).
  it.skipIf(onPostgres)("turns /readyz 503 naming the migrations when one is missing from the database", async () => {
    const db = new Database(server.dbPath);
    const row = db.prepare("SELECT * FROM schema_migrations WHERE version = 9").get() as Record<string, unknown>;
    db.prepare("DELETE FROM schema_migrations WHERE version = 9").run();
    try {
      const res = await probe(server.url, "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.failed).toEqual(["migrations"]);
      expect(res.body.checks.migrations).toMatch(/migrations 9 are not applied: run "cloud-agents migrate"/);
    } finally {
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (@version, @name, @applied_at)").run(
        row,
      );
      db.close();
    }
    expect((await probe(server.url, "/readyz")).status).toBe(200);
  });
});

describe("readiness of a real server process", () => {
  // The SQLite file's permissions (on PostgreSQL: the test below, the database refusing connections).
  it.skipIf(onPostgres)(
    "turns /readyz 503 naming the database when its file is made unreadable (chmod 000), and back",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "cas-ready-"));
      // chmod means nothing to root: run the server as an unprivileged user when we are root.
      const asNobody = process.getuid?.() === 0;
      if (asNobody) chmodSync(dir, 0o777);
      const db = join(dir, "db.sqlite");
      const server = await serverProcess({
        env: { DATABASE_URL: `sqlite:${db}`, CLOUD_AGENTS_BOOTSTRAP_TOKEN: "readiness-token-0123456789" },
        timeoutMs: 20_000,
        ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
      });
      try {
        await waitFor(async () => (await probe(server.url, "/readyz")).status === 200, { what: "ready" });
        chmodSync(db, 0o000);
        const res = await probe(server.url, "/readyz");
        expect(res.status).toBe(503);
        expect(res.body.failed).toContain("database");
        expect(res.body.checks.database).toMatch(/cannot open .*db\.sqlite for reading and writing: EACCES/);
        chmodSync(db, 0o644);
        expect((await probe(server.url, "/readyz")).status).toBe(200);
      } finally {
        expect(await server.kill()).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(onPostgres)(
    "turns /readyz 503 naming the database while PostgreSQL refuses its connections, and back",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "cas-ready-"));
      const env = await testDatabaseEnv(join(dir, "db.sqlite"));
      const url = new URL(env.DATABASE_URL ?? "");
      const name = url.pathname.slice(1);
      // The statements run from the server's maintenance database, not the one they lock out.
      const admin = Object.assign(new URL(url), { pathname: "/postgres" }).href;
      const server = await serverProcess({
        env: { ...env, CLOUD_AGENTS_BOOTSTRAP_TOKEN: "readiness-token-0123456789" },
      });
      try {
        await waitFor(async () => (await probe(server.url, "/readyz")).status === 200, { what: "ready" });
        await executeStatement(admin, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        // Every connection the server holds is cut: the next check must open a new one.
        await executeStatement(
          admin,
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()",
          name,
        );
        // A check that was using a connection as it was cut reports the cut; every later one must
        // report the refusal of a new connection. Each 503 on the way names the database.
        const refused = new RegExp(
          `the database does not answer: .*database "${name}" is not currently accepting connections`,
        );
        const cut = /the database does not answer: terminating connection due to administrator command/;
        const res = await waitFor(
          async () => {
            const r = await probe(server.url, "/readyz");
            if (r.status !== 503) return null;
            expect(r.body.failed).toContain("database");
            if (refused.test(String(r.body.checks.database))) return r;
            expect(r.body.checks.database).toMatch(cut);
            return null;
          },
          { what: "/readyz to answer 503 naming the refused connection" },
        );
        expect(res.body.checks.database).toMatch(refused);
        // Liveness does not depend on it: restarting the process would not help.
        expect((await probe(server.url, "/livez")).status).toBe(200);
        await executeStatement(admin, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await waitFor(async () => (await probe(server.url, "/readyz")).status === 200, { what: "ready again" });
      } finally {
        await executeStatement(admin, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        expect(await server.kill()).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
