/**
 * Run recovery by lease, with real processes on one database file: a second server (started as a
 * user would, on another port or on the busy one) never takes over a run the live server is
 * executing; once the live server is SIGKILLed, the other one takes the run over, but only after
 * its lease expired.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { killAllServers, processClient, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { queryRows, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const LEASE_MS = 2000;

const dirs: string[] = [];
afterEach(() => killAllServers());
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface RunRow {
  id: string;
  status: string;
  attempts: number;
  owner: string | null;
  lease_expires_at: string | null;
}

/** The session's runs and outbox kinds, read straight from the database (a second connection). */
async function readDb(dbPath: string, sessionId: string): Promise<{ runs: RunRow[]; kinds: string[] }> {
  const url = (await testDatabaseEnv(dbPath)).DATABASE_URL as string;
  const runs = await queryRows<RunRow>(
    url,
    "SELECT id, status, attempts, owner, lease_expires_at FROM runs WHERE session_id = ? ORDER BY id",
    sessionId,
  );
  const kinds = (
    await queryRows<{ kind: string }>(url, "SELECT kind FROM events WHERE resource_id = ? ORDER BY seq", sessionId)
  ).map((r) => r.kind);
  return { runs, kinds };
}

describe("a second server on the same database", () => {
  it("never takes over the live server's run; after a SIGKILL of the owner it takes the run over once the lease expired", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cas-lease-"));
    dirs.push(dir);
    const dbPath = join(dir, "db.sqlite");
    const token = `lease_${randomBytes(16).toString("hex")}`;
    const common = { RUN_LEASE_MS: String(LEASE_MS), RUN_POLL_INTERVAL_MS: "50" };
    const first = await serverProcess({
      crashable: true,
      dbPath,
      token,
      env: { ...common, ECHO_RUNTIME_DELAY_MS: "600000" },
    });
    const api = processClient(first, token);
    const env = await api("POST", "/environments", { name: "lease" });
    const agent = await api("POST", "/agents", { name: "echo", model: "echo" });
    const session = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
    await api("POST", `/sessions/${session.id}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "keep going" }] }],
    });
    const claimed = await waitFor(
      async () => {
        const run = (await readDb(dbPath, session.id)).runs[0];
        return run?.status === "running" ? run : null;
      },
      { timeoutMs: 20_000, what: "the run to start" },
    );

    // A second `serve` on the busy port exits without listening (and without touching the run);
    // one on another port runs beside the first, polling for work every 50 ms.
    await expect(
      serverProcess({
        crashable: true,
        dbPath,
        token,
        env: { ...common, PORT: new URL(first.url).port, ECHO_RUNTIME_DELAY_MS: "0" },
      }),
    ).rejects.toThrow(/already in use/);
    const { lease_expires_at: _, ...untouched } = claimed;
    expect((await readDb(dbPath, session.id)).runs).toEqual([expect.objectContaining(untouched)]);
    const second = await serverProcess({
      crashable: true,
      dbPath,
      token,
      env: { ...common, ECHO_RUNTIME_DELAY_MS: "0" },
    });
    const api2 = processClient(second, token);

    // Wait until more than two lease periods have passed since the claim, the first server renewing
    // the lease all along while the second one passed every 50 ms.
    const claimedAt = Date.parse(claimed.lease_expires_at ?? "") - LEASE_MS;
    const renewed = await waitFor(
      async () => {
        const run = (await readDb(dbPath, session.id)).runs[0];
        if (!run) return null;
        // (A run taken from the first server ends the wait at once: the assertions below fail.)
        const taken = run.status !== "running" || run.owner !== claimed.owner;
        return taken || Date.parse(run.lease_expires_at ?? "") > claimedAt + 3 * LEASE_MS ? run : null;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: "the first server to renew its lease past two lease periods" },
    );
    expect(renewed).toMatchObject({ id: claimed.id, status: "running", attempts: 1, owner: claimed.owner });
    expect((await api2("GET", `/sessions/${session.id}`)).status).toBe("running");
    const during = (await api2("GET", `/sessions/${session.id}/events?limit=100`)).data as any[];
    expect(during.map((e) => e.type)).toEqual(["user.message", "session.status_run_started"]);
    expect(second.output()).not.toMatch(/recovered interrupted runs/);

    // The owner dies: its lease is no longer renewed, and the second server takes the run over
    // once it expired (never before), answering it.
    const lastLease = (await readDb(dbPath, session.id)).runs[0]?.lease_expires_at ?? "";
    await first.kill("SIGKILL");
    const events = await waitFor(
      async () => {
        if ((await api2("GET", `/sessions/${session.id}`)).status !== "idle") return null;
        return (await api2("GET", `/sessions/${session.id}/events?limit=100`)).data as any[];
      },
      { timeoutMs: 20_000, what: "the second server to take the run over and answer it" },
    );
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      // Queued again once the owner's lease ran out: the session says so, then runs it.
      "session.status_rescheduled",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[4].content).toEqual([{ type: "text", text: "Echo: keep going" }]);
    expect(Date.parse(events[3].created_at)).toBeGreaterThanOrEqual(Date.parse(lastLease));
    expect(events.some((e) => e.type === "session.error")).toBe(false);
    const after = await readDb(dbPath, session.id);
    expect(after.runs).toEqual([
      { id: claimed.id, status: "completed", attempts: 2, owner: null, lease_expires_at: null },
    ]);
    expect(after.kinds).toEqual([
      "session.created",
      "session.status_run_started",
      "session.status_rescheduled",
      "session.status_run_started",
      "session.status_idled",
    ]);
    await second.kill("SIGTERM");
  });
});
