/**
 * Start-up that fails safe and shutdown in order, with real processes: a second server on a busy
 * port exits 1 naming the address, before any of its loops could touch the first one's work.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";
import {
  executeStatement,
  onPostgres,
  queryRows,
  testDatabaseEnv,
  testDatabaseUrl,
} from "../helpers/servers/testDatabase.ts";

const TOKEN = "startup-test-token-0123456789";
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.kill("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cas-startup-"));
  dirs.push(dir);
  return dir;
}

/** The data folder's database: its SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database. */
const databaseEnv = (dir: string) => testDatabaseEnv(join(dir, "db.sqlite"));

async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}/api/v1/cloud${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { level: string; msg: string; [k: string]: unknown });

describe("start-up", () => {
  it("a second server on a busy port exits 1 naming the address, and the first one's run is untouched", async () => {
    const dir = dataDir();
    const database = await databaseEnv(dir);
    // The echo runtime answers after 60 s: the run stays in flight for the whole test.
    const env = { ...database, CLOUD_AGENTS_BOOTSTRAP_TOKEN: TOKEN, ECHO_RUNTIME_DELAY_MS: "60000" };
    const first = await serverProcess({ env: env });
    servers.push(first);
    const port = new URL(first.url).port;

    const environment = await call(first.url, "POST", "/environments", { name: "e" });
    const agent = await call(first.url, "POST", "/agents", { name: "a", model: "echo" });
    const session = await call(first.url, "POST", "/sessions", { agent: agent.id, environment_id: environment.id });
    await call(first.url, "POST", `/sessions/${session.id}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "hold on" }] }],
    });
    const databaseUrl = await testDatabaseUrl(join(dir, "db.sqlite"));
    const readRun = () =>
      queryRows<{ status: string }>(databaseUrl, "SELECT id, status, attempts, owner, lease_expires_at FROM runs");
    const running = await waitFor(async () => {
      const runs = await readRun();
      return runs.length === 1 && runs[0]?.status === "running" ? runs : null;
    });

    const second = await runCli(["serve"], { ...env, PORT: port, LOG_LEVEL: "info" });
    expect(second.code).toBe(1);
    const lines = jsonLines(second.stdout);
    const fatal = lines.at(-1);
    expect(fatal?.level).toBe("error");
    expect(fatal?.msg).toContain(`127.0.0.1:${port} is already in use`);
    expect(fatal?.address).toBe(`127.0.0.1:${port}`);
    expect(fatal?.code).toBe("EADDRINUSE");
    // It never listened, so it never started a loop: no recovery, no claim, nothing logged by one.
    expect(second.stdout).not.toMatch(/recovered interrupted runs|listening on/);

    // The first server's run: same owner, same attempt, still running; its session still busy.
    expect(await readRun()).toEqual(running);
    const now = await call(first.url, "GET", `/sessions/${session.id}`);
    expect(now.status).toBe("running");
    const events = await call(first.url, "GET", `/sessions/${session.id}/events`);
    expect(events.data.map((e: { type: string }) => e.type)).toEqual(["user.message", "session.status_run_started"]);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it("HOST that does not resolve exits 1 naming the host, with no loop started", async () => {
    const dir = dataDir();
    const res = await runCli(["serve"], { ...(await databaseEnv(dir)), HOST: "not-a-host", PORT: "0" });
    expect(res.code).toBe(1);
    const fatal = jsonLines(res.stdout).at(-1);
    expect(fatal?.msg).toMatch(/cannot listen on not-a-host:0: the host name "not-a-host" does not resolve/);
    expect(res.stdout).not.toContain("Cannot read properties");
  });

  it("refuses a database a newer version migrated: serve and the operator commands exit 1 saying so", async () => {
    const dir = dataDir();
    const env = await databaseEnv(dir);
    expect((await runCli(["migrate"], env)).code).toBe(0);
    await executeStatement(
      await testDatabaseUrl(join(dir, "db.sqlite")),
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from_the_future', ?)",
      new Date().toISOString(),
    );
    const serve = await runCli(["serve"], { ...env, PORT: "0" });
    expect(serve.code).toBe(1);
    expect(jsonLines(serve.stdout).at(-1)?.msg).toMatch(/has migrations this version does not know \(999\)/);
    expect(serve.stdout).not.toContain("listening on");
    const list = await runCli(["token", "list"], env);
    expect(list.code).toBe(1);
    expect(list.stderr).toMatch(/is not at this version's schema: .*\(999\)/);
  });

  it("shuts down in order on SIGTERM, logging each step", async () => {
    const dir = dataDir();
    const server = await serverProcess({ env: { ...(await databaseEnv(dir)), LOG_LEVEL: "info" } });
    servers.push(server);
    expect(await server.kill("SIGTERM")).toBe(0);
    const messages = jsonLines(server.stdout()).map((l) => (l.worker ? `${l.msg} ${String(l.worker)}` : l.msg));
    const shutdown = messages.slice(messages.indexOf("shutdown: signal received"));
    expect(shutdown).toEqual([
      "shutdown: signal received",
      "shutdown: stopped accepting connections",
      "shutdown: HTTP drained",
      "shutdown: stopped background worker retention",
      "shutdown: stopped background worker streams",
      "shutdown: stopped background worker scheduler",
      "shutdown: stopped background worker dreams",
      "shutdown: stopped background worker runs",
      "shutdown: stopped background worker webhook-delivery",
      // The storage's upkeep: SQLite checkpoints its WAL, PostgreSQL listens for other replicas' notifications.
      `shutdown: stopped background worker ${onPostgres ? "postgres-listen" : "wal-checkpointer"}`,
      "shutdown: stopped background worker event-loop-monitor",
      "shutdown: storage closed",
      "shutdown complete",
    ]);
  });
});
