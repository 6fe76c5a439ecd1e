/**
 * A server killed (SIGKILL, no shutdown code runs) while a built-in `bash` call runs in the real
 * sandbox, then started again on the same database and data folder: the command dies with the
 * server (its sandbox is bound to the server's life), the new process takes the run over once the
 * killed one's lease expired, records the call's result once, as an error (the command's fate is
 * unknown, so it is not run again), and the turn goes on to the model's answer. On PostgreSQL, a
 * second replica (its own data folder) takes the turn over after the SIGKILL and starts from the
 * workspace of the last finished turn. The model is a scripted OpenAI-compatible server on loopback.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import {
  killAllServers,
  processClient,
  type ServerProcess,
  serverProcess,
  waitFor,
} from "../helpers/servers/server.ts";
import { queryRows, testDatabaseUrl } from "../helpers/servers/testDatabase.ts";

const skip = requireSandboxPrograms();
const dirs: string[] = [];
let model: FakeModel;

beforeAll(async () => {
  model = await startFakeModel();
});
afterEach(async () => {
  await killAllServers();
});
afterAll(async () => {
  await model?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startServer(dataDir: string, token: string, database: Record<string, string> = {}): Promise<ServerProcess> {
  return serverProcess({
    crashable: true,
    dbPath: join(dataDir, "db.sqlite"),
    token,
    env: {
      ...database,
      DATA_DIR: dataDir,
      SANDBOX: "bubblewrap",
      OPENAI_BASE_URL: model.url,
      RUN_POLL_INTERVAL_MS: "50",
      // A killed server's runs are taken over once their lease expired: 2 s after its last renewal.
      RUN_LEASE_MS: "2000",
    },
  });
}

/** Whether a process whose command line holds `needle` (NUL-separated words) is alive. */
function processAlive(needle: string): boolean {
  return readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .some((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, "utf8").includes(needle);
      } catch {
        return false;
      }
    });
}

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "cas-tool-crash-"));
  dirs.push(dir);
  return dir;
}

/** The session's events once it is idle again. */
function idleEvents(server: ServerProcess, token: string, sessionId: string, turns: number): Promise<any[]> {
  const api = processClient(server, token);
  return waitFor(
    async () => {
      const s = await api("GET", `/sessions/${sessionId}`);
      if (s.status !== "idle") return null;
      const events = (await api("GET", `/sessions/${sessionId}/events?limit=100`)).data as any[];
      return events.filter((e) => e.type === "session.status_idled").length === turns ? events : null;
    },
    { timeoutMs: 60_000, what: `the session to be idle after turn ${turns}` },
  );
}

describe.skipIf(skip !== null)("a server killed during a bash call", () => {
  it("records the call once, with an error result, after the restart, and the turn goes on", async () => {
    const dataDir = dataFolder();
    const token = `crash_${randomBytes(16).toString("hex")}`;
    const seconds = 3000 + (process.pid % 997);
    const command = `echo started >> started.log; sleep ${seconds}; echo finished > finished.txt`;
    model.script([{ tool_calls: [{ id: "call_1", name: "bash", input: { command } }] }]);

    const first = await startServer(dataDir, token);
    const api = processClient(first, token);
    const env = await api("POST", "/environments", { name: "crash" });
    const agent = await api("POST", "/agents", {
      name: "worker",
      model: "openai/m",
      tools: [{ type: "agent_toolset_20260401" }],
    });
    const session = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
    await api("POST", `/sessions/${session.id}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "Run it." }] }],
    });
    // The command runs in the sandbox: its sleep is a live process.
    await waitFor(() => processAlive(`sleep\0${seconds}`), { timeoutMs: 30_000, what: "the command to run" });
    const during = (await api("GET", `/sessions/${session.id}/events?limit=100`)).data as any[];
    expect(during.filter((e) => e.type === "agent.tool_use").map((e) => e.tool_use_id)).toEqual(["call_1"]);
    expect(during.some((e) => e.type === "agent.tool_result")).toBe(false);

    await first.kill("SIGKILL");
    // The sandbox dies with the server: nothing of the command is left running.
    await waitFor(() => !processAlive(`sleep\0${seconds}`), { timeoutMs: 10_000, what: "the command to be killed" });

    model.script([{ text: "The command was cut off; I will check the workspace." }]);
    const second = await startServer(dataDir, token);
    const events = await idleEvents(second, token, session.id, 1);
    expect(events.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.tool_use",
      // The run was queued again after the crash: the session says so, then runs it.
      "session.status_rescheduled",
      "session.status_run_started",
      "agent.tool_result",
      "agent.message",
      "session.status_idled",
    ]);
    const result = events.find((e) => e.type === "agent.tool_result");
    expect(result.tool_use_id).toBe("call_1");
    expect(result.is_error).toBe(true);
    expect(result.content[0].text).toMatch(/interrupted.*not run again/s);
    expect(events.at(-2).content).toEqual([
      { type: "text", text: "The command was cut off; I will check the workspace." },
    ]);
    // The command ran once (the first server's) and never finished; it was not run again.
    const workspace = join(dataDir, "workspaces", session.id);
    expect(readFileSync(join(workspace, "started.log"), "utf8")).toBe("started\n");
    expect(existsSync(join(workspace, "finished.txt"))).toBe(false);
    // The model was asked once more, with the call and its error result in the conversation.
    expect(model.requests).toHaveLength(2);
    const tool = model.requests[1].messages.find((m: any) => m.role === "tool");
    expect(tool).toMatchObject({ tool_call_id: "call_1" });
    expect(String(tool.content)).toMatch(/interrupted/);
    // One result row in the database, whatever the API shows.
    const rows = await queryRows<{ n: number }>(
      await testDatabaseUrl(join(dataDir, "db.sqlite")),
      "SELECT COUNT(*) AS n FROM session_events WHERE session_id = ? AND type = 'agent.tool_result'",
      session.id,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    await second.kill("SIGTERM");
  }, 120_000);
});

describe.skipIf(skip !== null || requirePostgres() !== null)("a PostgreSQL replica killed during a bash call", () => {
  it("another replica takes the turn over from the last finished turn's workspace; the call is answered once", async () => {
    const database = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const token = `crash_${randomBytes(16).toString("hex")}`;
    const seconds = 3000 + ((process.pid + 1) % 997);
    const dirA = dataFolder();
    const dirB = dataFolder();

    // Turn 1 on replica A finishes: its workspace is saved to the database.
    model.script([
      { tool_calls: [{ id: "keep", name: "bash", input: { command: "echo turn 1 > keep.txt" } }] },
      { text: "Kept." },
    ]);
    const a = await startServer(dirA, token, database);
    const api = processClient(a, token);
    const env = await api("POST", "/environments", { name: "crash" });
    const agent = await api("POST", "/agents", {
      name: "worker",
      model: "openai/m",
      tools: [{ type: "agent_toolset_20260401" }],
    });
    const session = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
    const say = (text: string) =>
      api("POST", `/sessions/${session.id}/events`, {
        events: [{ type: "user.message", content: [{ type: "text", text }] }],
      });
    await say("Keep this.");
    await idleEvents(a, token, session.id, 1);

    // Turn 2 on A: a command writes a file and sleeps; A is killed while it runs.
    model.script([
      {
        tool_calls: [{ id: "cut", name: "bash", input: { command: `echo partial > partial.txt; sleep ${seconds}` } }],
      },
    ]);
    await say("Start something.");
    await waitFor(() => processAlive(`sleep\0${seconds}`), { timeoutMs: 30_000, what: "the command to run" });
    await a.kill("SIGKILL");
    await waitFor(() => !processAlive(`sleep\0${seconds}`), { timeoutMs: 10_000, what: "the command to be killed" });

    // B (a data folder of its own) takes the turn over once A's lease expired.
    model.script([
      {
        tool_calls: [
          { id: "r1", name: "read", input: { path: "keep.txt" } },
          { id: "r2", name: "read", input: { path: "partial.txt" } },
        ],
      },
      { text: "Taken over." },
    ]);
    const b = await startServer(dirB, token, database);
    const events = await idleEvents(b, token, session.id, 2);
    const turn2 = events.slice(
      events.findIndex((e) => e.type === "user.message" && e.content[0].text === "Start something."),
    );
    expect(turn2.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.tool_use",
      // The run was queued again after the crash: the session says so, then runs it.
      "session.status_rescheduled",
      "session.status_run_started",
      "agent.tool_result",
      "agent.tool_use",
      "agent.tool_use",
      "agent.tool_result",
      "agent.tool_result",
      "agent.message",
      "session.status_idled",
    ]);
    const results = Object.fromEntries(
      turn2.filter((e) => e.type === "agent.tool_result").map((e) => [e.tool_use_id, e]),
    );
    expect(Object.keys(results)).toEqual(["cut", "r1", "r2"]);
    expect(results.cut.is_error).toBe(true);
    expect(results.cut.content[0].text).toMatch(/interrupted.*not run again/s);
    // The workspace of turn 1, without what the unfinished turn wrote.
    expect(results.r1).toMatchObject({ is_error: false, content: [{ text: expect.stringContaining("turn 1") }] });
    expect(results.r2.is_error).toBe(true);
    expect(existsSync(join(dirB, "workspaces", session.id, "partial.txt"))).toBe(false);
    expect(turn2.at(-2).content).toEqual([{ type: "text", text: "Taken over." }]);
    await b.kill("SIGTERM");
  }, 180_000);
});
