/**
 * Workspaces across replicas (API.md, "Environments that run", Replicas): in-process servers, each
 * with its own data folder, on one PostgreSQL database. A file a tool wrote in one replica's turn is
 * read by the next turn on another replica, whose changes the first replica (its folder now older)
 * restores in turn; the session's DELETE removes the saved workspace, and a replica's retention run
 * the folder it still had. A workspace over SANDBOX_SNAPSHOT_MAX_BYTES ends its turn with
 * `workspace_too_large`. The model is the scripted OpenAI-compatible stand-in; the file tools run
 * for real (SANDBOX=off leaves them on, confined, without bash).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RetentionJob } from "../../server/housekeeping/retention.ts";
import { listen, mockProviders, OPENAI_BASE_URL, providerEnv } from "../helpers/fakes/providers.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

const skip = requirePostgres();
const providers = mockProviders();
const folders: string[] = [];
const running: TestServer[] = [];

beforeAll(() => {
  if (!skip) listen(providers);
});
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  providers.openai.length = 0;
});
afterAll(() => {
  if (!skip) providers.server.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "cas-replica-ws-"));
  folders.push(dir);
  return dir;
}

/** A replica on the shared database with its own data folder, answering with the first replica's token. */
async function replica(env: Record<string, string>, dataDir: string, token?: string): Promise<TestServer> {
  const s = await inProcess({ dataDir, env: { ...providerEnv, SANDBOX: "off", ...env } });
  running.push(s);
  if (!token) return s;
  return { ...s, token, request: (method, path, options = {}) => s.request(method, path, { token, ...options }) };
}

async function stop(s: TestServer): Promise<void> {
  running.splice(running.indexOf(running.find((r) => r.url === s.url) as TestServer), 1);
  await s.service.stop();
}

const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });
const toolset = { type: "agent_toolset_20260401", configs: [{ name: "bash", enabled: false }] };

/** The text of each tool result of the session, by tool_use_id. */
function results(events: any[]): Record<string, { text: string; error: boolean }> {
  return Object.fromEntries(
    events
      .filter((e) => e.type === "agent.tool_result")
      .map((e) => [
        e.tool_use_id,
        { text: e.content.map((b: { text: string }) => b.text).join(""), error: e.is_error },
      ]),
  );
}

describe.skipIf(skip !== null)("workspaces on PostgreSQL replicas", () => {
  it("the next turn on another replica sees the files of the last one, both ways", { timeout: 120_000 }, async () => {
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const dirA = dataFolder();
    const dirB = dataFolder();

    // Turn 1 on replica A writes a file.
    const a = await replica(env, dirA);
    const token = a.token;
    const agent = await createAgent(a, { name: "worker", model: "openai/llama3.2", tools: [toolset] });
    const session = await createSession(a, agent.id, await createEnvironment(a));
    providers.script("openai", [
      { tool_calls: [call("t1", "write", { path: "notes/plan.txt", content: "written on A\n" })] },
      { text: "Saved." },
    ]);
    await say(a, session.id, "Write the plan.");
    expect(results(await waitForTurns(a, session.id, 1)).t1?.error).toBe(false);
    const saved = await queryRows<{ generation: number }>(
      env.DATABASE_URL,
      "SELECT generation FROM workspace_snapshots WHERE session_id = ?",
      session.id,
    );
    expect(saved).toEqual([{ generation: 1 }]);
    await stop(a);

    // Turn 2 on replica B (no folder of its own) reads it, and changes it.
    const b = await replica(env, dirB, token);
    expect(existsSync(join(dirB, "workspaces", session.id))).toBe(false);
    providers.script("openai", [
      { tool_calls: [call("t2", "read", { path: "/workspace/notes/plan.txt" })] },
      {
        tool_calls: [
          call("t3", "edit", { path: "notes/plan.txt", old_string: "on A", new_string: "on A, edited on B" }),
        ],
      },
      { text: "Edited." },
    ]);
    await say(b, session.id, "Read and edit the plan.");
    const turn2 = results(await waitForTurns(b, session.id, 2));
    expect(turn2.t2).toEqual({ text: expect.stringContaining("written on A"), error: false });
    expect(turn2.t3?.error).toBe(false);
    // A file uploaded between turns on B is saved too.
    const put = await b.request("PUT", `/sessions/${session.id}/files/content?path=data/in.csv`, {
      raw: Buffer.from("a,b\n1,2\n"),
      contentType: "application/octet-stream",
    });
    expect(put.status, put.text).toBe(200);
    await stop(b);

    // Back on A, whose folder holds turn 1: the files API and turn 3 see turn 2's and the upload.
    const a2 = await replica(env, dirA, token);
    const listed = await a2.request("GET", `/sessions/${session.id}/files?path=data`);
    expect(listed.body.data.map((f: { path: string }) => f.path)).toEqual(["data/in.csv"]);
    providers.script("openai", [
      { tool_calls: [call("t4", "read", { path: "notes/plan.txt" }), call("t5", "read", { path: "data/in.csv" })] },
      { text: "Read." },
    ]);
    await say(a2, session.id, "Read the plan again.");
    const turn3 = await waitForTurns(a2, session.id, 3);
    expect(results(turn3).t4).toEqual({ text: expect.stringContaining("written on A, edited on B"), error: false });
    expect(results(turn3).t5).toEqual({ text: expect.stringContaining("1,2"), error: false });
    expect(turn3.some((e) => e.type === "session.error")).toBe(false);
    const download = await a2.request("GET", `/sessions/${session.id}/files/content?path=notes/plan.txt`);
    expect(download.text).toBe("written on A, edited on B\n");

    // DELETE removes A's folder and the saved workspace; B's retention run removes B's folder.
    expect((await a2.request("DELETE", `/sessions/${session.id}`)).status).toBe(200);
    expect(existsSync(join(dirA, "workspaces", session.id))).toBe(false);
    expect(
      await queryRows(env.DATABASE_URL, "SELECT session_id FROM workspace_snapshots WHERE session_id = ?", session.id),
    ).toEqual([]);
    await stop(a2);
    const b2 = await replica(env, dirB, token);
    expect(existsSync(join(dirB, "workspaces", session.id))).toBe(true);
    const retention = b2.service.workers.find((w) => w.name === "retention") as unknown as RetentionJob;
    expect((await retention.runOnce())?.workspacesRemoved).toBe(1);
    expect(existsSync(join(dirB, "workspaces", session.id))).toBe(false);
  });

  it("a replica that takes over a turn cut short starts from the last finished turn's workspace", {
    timeout: 120_000,
  }, async () => {
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const a = await replica(env, dataFolder());
    const agent = await createAgent(a, { name: "worker", model: "openai/llama3.2", tools: [toolset] });
    const session = await createSession(a, agent.id, await createEnvironment(a));
    providers.script("openai", [
      { tool_calls: [call("k1", "write", { path: "keep.txt", content: "turn 1\n" })] },
      { text: "Kept." },
    ]);
    await say(a, session.id, "Keep this.");
    await waitForTurns(a, session.id, 1);

    // Turn 2 writes a file, then A stops while the model is thinking: the run is given back.
    let hangAfter = -1;
    let reached = false;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    providers.server.use(
      http.post(`${OPENAI_BASE_URL}/chat/completions`, async () => {
        if (providers.openai.length !== hangAfter) return undefined;
        hangAfter = -1;
        reached = true;
        await gate;
        return HttpResponse.json({ error: { message: "the replica went away" } }, { status: 500 });
      }),
    );
    hangAfter = providers.openai.length + 1;
    providers.script("openai", [{ tool_calls: [call("p1", "write", { path: "partial.txt", content: "cut short" })] }]);
    await say(a, session.id, "Start something.");
    await waitFor(() => reached, { what: "turn 2 waiting on the model" });
    const stopping = stop(a);
    release();
    await stopping;

    // B takes the turn over: the workspace of turn 1, without what the unfinished turn wrote.
    const b = await replica(env, dataFolder(), a.token);
    providers.script("openai", [
      { tool_calls: [call("r1", "read", { path: "keep.txt" }), call("r2", "read", { path: "partial.txt" })] },
      { text: "Taken over." },
    ]);
    const events = await waitForTurns(b, session.id, 2, 60_000);
    const taken = results(events);
    expect(taken.p1?.error).toBe(false);
    expect(taken.r1).toEqual({ text: expect.stringContaining("turn 1"), error: false });
    expect(taken.r2?.error).toBe(true);
    expect(events.at(-2)).toMatchObject({ type: "agent.message", content: [{ type: "text", text: "Taken over." }] });
  });

  it("a workspace larger than SANDBOX_SNAPSHOT_MAX_BYTES ends the turn with workspace_too_large", {
    timeout: 60_000,
  }, async () => {
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
      SANDBOX_SNAPSHOT_MAX_BYTES: "4096",
    };
    const s = await replica(env, dataFolder());
    const agent = await createAgent(s, { name: "hoarder", model: "openai/llama3.2", tools: [toolset] });
    const session = await createSession(s, agent.id, await createEnvironment(s));
    // Random text compresses to about three quarters of its size: over 4 KiB.
    providers.script("openai", [
      { tool_calls: [call("w1", "write", { path: "noise.txt", content: randomBytes(12_000).toString("base64") })] },
      { text: "Done." },
    ]);
    await say(s, session.id, "Fill it.");
    const events = await waitForTurns(s, session.id, 1);
    expect(results(events).w1?.error).toBe(false);
    const error = events.find((e) => e.type === "session.error");
    expect(error?.error).toMatchObject({ type: "workspace_too_large" });
    expect(error?.error.message).toContain("SANDBOX_SNAPSHOT_MAX_BYTES");
    expect(
      await queryRows(env.DATABASE_URL, "SELECT session_id FROM workspace_snapshots WHERE session_id = ?", session.id),
    ).toEqual([]);
  });
});
