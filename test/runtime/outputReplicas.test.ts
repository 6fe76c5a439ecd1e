/**
 * Outputs across PostgreSQL replicas (docs/files.md, Outputs): in-process servers, each with its
 * own data folder, on one database. What a turn on replica A left under /mnt/session/outputs/ is a
 * file B serves, and B's next turn of the session finds the folder filled from the collected files
 * (an unchanged output is not collected again; one B rewrites replaces its file). The file tools run
 * for real (SANDBOX=off leaves them on); the model is the scripted stand-in.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

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
  const dir = mkdtempSync(join(tmpdir(), "cas-replica-out-"));
  folders.push(dir);
  return dir;
}

async function replica(env: Record<string, string>, token?: string): Promise<TestServer> {
  const s = await inProcess({ dataDir: dataFolder(), env: { ...providerEnv, SANDBOX: "off", ...env } });
  running.push(s);
  if (!token) return s;
  return { ...s, token, request: (method, path, options = {}) => s.request(method, path, { token, ...options }) };
}

const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });
const toolset = { type: "agent_toolset_20260401", configs: [{ name: "bash", enabled: false }] };

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

describe.skipIf(skip !== null)("outputs on PostgreSQL replicas", () => {
  it("a turn on another replica finds the outputs of the last one, and B serves A's output", {
    timeout: 120_000,
  }, async () => {
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const a = await replica(env);
    const agent = await createAgent(a, { name: "reporter", model: "openai/llama3.2", tools: [toolset] });
    const session = await createSession(a, agent.id, await createEnvironment(a));
    providers.script("openai", [
      { tool_calls: [call("w1", "write", { path: "/mnt/session/outputs/report.md", content: "# Made on A\n" })] },
      { tool_calls: [call("w2", "write", { path: "/mnt/session/outputs/keep.txt", content: "kept\n" })] },
      { text: "Reported." },
    ]);
    await say(a, session.id, "Report.");
    const one = results(await waitForTurns(a, session.id, 1));
    expect(one.w1?.error, one.w1?.text).toBe(false);
    const listedOnA = (await a.request("GET", `/files?scope_id=${session.id}`)).body.data as any[];
    const keep = listedOnA.find((f) => f.filename === "keep.txt");
    const report = listedOnA.find((f) => f.filename === "report.md");
    expect(report).toMatchObject({ scope: { type: "session", id: session.id } });
    await a.service.stop();
    running.splice(running.indexOf(a), 1);

    const b = await replica(env, a.token);
    const down = await fetch(`${b.url}/api/v1/cloud/files/${report.id}/content`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(await down.text()).toBe("# Made on A\n");
    expect(existsSync(join(b.dataDir, "session-outputs", session.id))).toBe(false);
    providers.script("openai", [
      { tool_calls: [call("r1", "read", { path: "/mnt/session/outputs/report.md" })] },
      {
        tool_calls: [
          call("e1", "edit", {
            path: "/mnt/session/outputs/report.md",
            old_string: "on A",
            new_string: "on A, then B",
          }),
        ],
      },
      { text: "Edited." },
    ]);
    await say(b, session.id, "Edit the report.");
    const two = results(await waitForTurns(b, session.id, 2));
    expect(two.r1).toEqual({ text: expect.stringContaining("# Made on A"), error: false });
    expect(two.e1?.error, two.e1?.text).toBe(false);
    const listedOnB = (await b.request("GET", `/files?scope_id=${session.id}`)).body.data as any[];
    expect(listedOnB.find((f) => f.filename === "keep.txt")?.id).toBe(keep.id);
    const edited = listedOnB.find((f) => f.filename === "report.md");
    expect(edited.id).not.toBe(report.id);
    const res = await fetch(`${b.url}/api/v1/cloud/files/${edited.id}/content`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(await res.text()).toBe("# Made on A, then B\n");
    expect(listedOnB).toHaveLength(2);
  });
});
