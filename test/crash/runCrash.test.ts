/**
 * Crash safety of agent runs: a real server process is killed (SIGKILL, no shutdown code runs)
 * while a run is in flight, then a new process is started on the same database; it takes the run
 * over once the killed one's lease expired (test/crash/runLease.test.ts). The session must
 * end idle (answered by a re-run, or with an error event once its attempts are used up), never
 * running forever.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  killAllServers,
  processClient,
  type ServerProcess,
  serverProcess,
  waitFor,
} from "../helpers/servers/server.ts";
import { queryRows, testDatabaseUrl } from "../helpers/servers/testDatabase.ts";

/** `cloud-agents serve` on the database kept at `dbPath` (its SQLite file, or with TEST_DATABASE=postgres its PostgreSQL database). */
function startServer(dbPath: string, token: string, env: Record<string, string>): Promise<ServerProcess> {
  return serverProcess({
    crashable: true,
    dbPath,
    token,
    env: {
      RUN_POLL_INTERVAL_MS: "50",
      // A killed server's runs are taken over once their lease expired: 2 s after its last renewal.
      RUN_LEASE_MS: "2000",
      ...env,
    },
  });
}

/** The outbox rows of a session, read straight from the database. */
async function outboxKinds(dbPath: string, sessionId: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    await testDatabaseUrl(dbPath),
    "SELECT kind FROM events WHERE resource_id = ? ORDER BY seq",
    sessionId,
  );
  return rows.map((r) => r.kind);
}

const dirs: string[] = [];
function database(): string {
  const dir = mkdtempSync(join(tmpdir(), "cas-crash-"));
  dirs.push(dir);
  return join(dir, "db.sqlite");
}

afterEach(async () => {
  await killAllServers();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Sets up an echo agent and a session whose run is in flight, on a server with a very slow echo runtime. */
async function runInFlight(server: ServerProcess, token: string): Promise<string> {
  const api = processClient(server, token);
  const env = await api("POST", "/environments", { name: "crash" });
  const agent = await api("POST", "/agents", { name: "echo", model: "echo" });
  const session = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
  await api("POST", `/sessions/${session.id}/events`, {
    events: [{ type: "user.message", content: [{ type: "text", text: "survive" }] }],
  });
  await waitFor(async () => (await api("GET", `/sessions/${session.id}`)).status === "running", {
    timeoutMs: 20_000,
    what: "the run to start",
  });
  return session.id;
}

async function waitIdle(server: ServerProcess, token: string, sessionId: string): Promise<any[]> {
  const api = processClient(server, token);
  return waitFor(
    async () => {
      const session = await api("GET", `/sessions/${sessionId}`);
      if (session.status !== "idle") return null;
      return (await api("GET", `/sessions/${sessionId}/events?limit=100`)).data as any[];
    },
    { timeoutMs: 20_000, what: "the session to be idle" },
  );
}

describe("a server killed during a run", () => {
  it("re-runs the interrupted run after a restart on the same database: the session ends idle with the answer", async () => {
    const dbPath = database();
    const token = `crash_${randomBytes(16).toString("hex")}`;
    const first = await startServer(dbPath, token, { ECHO_RUNTIME_DELAY_MS: "600000" });
    const sessionId = await runInFlight(first, token);
    await first.kill("SIGKILL");

    const second = await startServer(dbPath, token, { ECHO_RUNTIME_DELAY_MS: "0" });
    const events = await waitIdle(second, token, sessionId);
    // Taken over after the crash, the run is rescheduled, then runs again.
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.status_rescheduled",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(events[4].content).toEqual([{ type: "text", text: "Echo: survive" }]);
    expect(await outboxKinds(dbPath, sessionId)).toEqual([
      "session.created",
      "session.status_run_started",
      "session.status_rescheduled",
      "session.status_run_started",
      "session.status_idled",
    ]);
    await second.kill("SIGTERM");
  });

  it("ends the run with a run_interrupted error event once its attempts are used up, and the session works again", async () => {
    const dbPath = database();
    const token = `crash_${randomBytes(16).toString("hex")}`;
    const slow = { ECHO_RUNTIME_DELAY_MS: "600000", RUN_MAX_ATTEMPTS: "2" };
    const first = await startServer(dbPath, token, slow);
    const sessionId = await runInFlight(first, token);
    await first.kill("SIGKILL");

    // The restart re-runs it (attempt 2) and is killed during that run too.
    const second = await startServer(dbPath, token, slow);
    const api2 = processClient(second, token);
    await waitFor(
      async () => {
        const events = (await api2("GET", `/sessions/${sessionId}/events?limit=100`)).data as any[];
        return events.filter((e) => e.type === "session.status_run_started").length === 2;
      },
      { timeoutMs: 20_000, what: "the second attempt to start" },
    );
    await second.kill("SIGKILL");

    const third = await startServer(dbPath, token, { ECHO_RUNTIME_DELAY_MS: "0", RUN_MAX_ATTEMPTS: "2" });
    const events = await waitIdle(third, token, sessionId);
    expect(events.map((e) => e.type)).toEqual([
      "user.message",
      "session.status_run_started",
      "session.status_rescheduled",
      "session.status_run_started",
      "session.error",
      "session.status_idled",
    ]);
    expect(events[4].error.type).toBe("run_interrupted");
    expect((await outboxKinds(dbPath, sessionId)).slice(-1)).toEqual(["session.status_idled"]);

    // Not stuck: the next message is answered.
    const api3 = processClient(third, token);
    await api3("POST", `/sessions/${sessionId}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "again" }] }],
    });
    const after = await waitFor(
      async () => {
        const all = (await api3("GET", `/sessions/${sessionId}/events?limit=100`)).data as any[];
        return all.at(-1)?.type === "session.status_idled" && all.length === 10 ? all : null;
      },
      { timeoutMs: 20_000, what: "the next turn" },
    );
    expect(after.at(-2).content[0].text).toBe("Echo: again");
    await third.kill("SIGTERM");
  });
});

describe("a server killed between the sub-agent threads of a run", () => {
  it("re-runs only the threads that had not finished: a finished thread's answer and thread_idled come once", async () => {
    const dbPath = database();
    const token = `crash_${randomBytes(16).toString("hex")}`;
    // Each runtime call takes 1.5 s: the first thread finishes at ~1.5 s, the second at ~3 s.
    const first = await startServer(dbPath, token, { ECHO_RUNTIME_DELAY_MS: "1500" });
    const api = processClient(first, token);
    const env = await api("POST", "/environments", { name: "crash" });
    const subA = await api("POST", "/agents", { name: "sub a", model: "echo" });
    const subB = await api("POST", "/agents", { name: "sub b", model: "echo" });
    const coordinator = await api("POST", "/agents", {
      name: "coordinator",
      model: "echo",
      multiagent: { type: "coordinator", agents: [subA.id, subB.id] },
    });
    const session = await api("POST", "/sessions", { agent: coordinator.id, environment_id: env.id });
    await api("POST", `/sessions/${session.id}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "split" }] }],
    });
    // Kill the moment the first thread has finished (committed), while the second one runs.
    const threadA = await waitFor(
      async () => {
        const events = (await api("GET", `/sessions/${session.id}/events?limit=100`)).data as any[];
        return events.find((e) => e.type === "session.thread_idled")?.session_thread_id as string | undefined;
      },
      { timeoutMs: 20_000, intervalMs: 20, what: "the first thread to finish" },
    );
    await first.kill("SIGKILL");

    const second = await startServer(dbPath, token, { ECHO_RUNTIME_DELAY_MS: "0" });
    const events = await waitIdle(second, token, session.id);
    const ofA = events.filter((e) => e.session_thread_id === threadA);
    expect(ofA.map((e) => e.type)).toEqual(["session.thread_created", "agent.message", "session.thread_idled"]);
    const threadB = events.find((e) => e.type === "session.thread_created" && e.session_thread_id !== threadA);
    const ofB = events.filter((e) => e.session_thread_id === threadB.session_thread_id);
    expect(ofB.map((e) => e.type)).toEqual(["session.thread_created", "agent.message", "session.thread_idled"]);
    expect(events.filter((e) => e.type === "agent.message" && e.session_thread_id === null)).toHaveLength(1);
    // The outbox agrees: one thread_idled per thread, two run starts (the crash), one idle.
    const kinds = await outboxKinds(dbPath, session.id);
    expect(kinds.filter((k) => k === "session.thread_idled")).toHaveLength(2);
    expect(kinds.filter((k) => k === "session.status_run_started")).toHaveLength(2);
    expect(kinds.filter((k) => k === "session.status_idled")).toHaveLength(1);
    await second.kill("SIGTERM");
  });
});
