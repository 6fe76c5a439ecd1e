/**
 * Package layers on PostgreSQL replicas (docs/packages.md, "Replicas"): two servers, each with its
 * own data folder, on one database. Sessions of one environment start on both at once: one
 * replica builds the layer, the other waits for the build's row and then unpacks the archive the
 * builder stored in it; a later session on the second replica finds the layer at once. The layer
 * is built once across the replicas (the test counts the builds of both and the row's attempts).
 * Either replica may run either session (runs are claimed from the database); each runs one at a
 * time, so the two sessions run on different replicas.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { buildWheel, type LocalRegistry, startPipIndex } from "./registries.ts";

const skip = requirePostgres() ?? requireSandboxPrograms();
const folders: string[] = [];
const running: TestServer[] = [];
let model: FakeModel | undefined;
let pip: LocalRegistry;

beforeAll(async () => {
  if (skip) return;
  pip = await startPipIndex([{ project: "replpkg", ...buildWheel("replpkg", "2.0", "WHO = 'replicated'\n") }]);
});
afterAll(async () => {
  for (const s of running.splice(0)) await s.stop();
  await model?.close();
  await pip?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function replica(env: Record<string, string>, model: FakeModel, token?: string): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "cas-replica-pkg-"));
  folders.push(dataDir);
  const s = await inProcess({
    dataDir,
    env: {
      ...env,
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-test",
      SANDBOX: "bubblewrap",
      SANDBOX_ALLOW_PRIVATE_TARGETS: "true",
      PACKAGES_PIP_INDEX_URL: pip.url,
      PACKAGES_WAIT_POLL_MS: "50",
      // One run at a time per replica: while one replica's run builds (or waits), the second
      // session's run can only be claimed by the other one (any replica claims any queued run).
      RUN_CONCURRENCY: "1",
      RUN_POLL_INTERVAL_MS: "50",
    },
  });
  running.push(s);
  if (!token) return s;
  return { ...s, token, request: (method, path, options = {}) => s.request(method, path, { token, ...options }) };
}

const COMMAND = "python3 -c 'import replpkg; print(replpkg.WHO)'";

/**
 * The replicas' one model: any replica may claim a session's run (runs are rows), so the answer
 * depends on the conversation, not on an order: run the command, then say "done" after its result.
 */
function answerByConversation(m: FakeModel): void {
  let calls = 0;
  m.respond((body) => {
    const last = body.messages.at(-1);
    if (last?.role === "tool") return { text: "done" };
    calls++;
    return { tool_calls: [{ id: `c${calls}`, name: "bash", input: { command: COMMAND } }] };
  });
}

async function turn(s: TestServer, sessionId: string) {
  await say(s, sessionId, "go");
  const events = await waitForTurns(s, sessionId, 1, 180_000);
  const result = events.filter((e) => e.type === "agent.tool_result").at(-1);
  const output = result ? result.content.map((b: { text: string }) => b.text).join("") : "";
  // What the turn did, for the message of a failed expectation.
  const story = events.map((e) => `${e.type}${e.error ? `: ${JSON.stringify(e.error)}` : ""}`).join("\n");
  return { events, output, story };
}

describe.skipIf(skip !== null)("package layers on PostgreSQL replicas", () => {
  it("two replicas build a layer once: one builds, the other waits and unpacks it", { timeout: 300_000 }, async () => {
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    model = await startFakeModel();
    answerByConversation(model);
    const a = await replica(env, model);
    const b = await replica(env, model, a.token);
    const agent = await createAgent(a, {
      name: "worker",
      model: "openai/llama3.2",
      tools: [{ type: "agent_toolset_20260401" }],
    });
    const created = await a.request("POST", "/environments", {
      body: { name: "pip", config: { type: "cloud", packages: { pip: ["replpkg==2.0"] } } },
    });
    expect(created.status, created.text).toBe(200);
    const s1 = await createSession(a, agent.id, created.body.id);
    const s2 = await createSession(a, agent.id, created.body.id);

    // Both replicas start a session of the environment at once.
    const [one, two] = await Promise.all([turn(a, s1.id), turn(b, s2.id)]);
    expect(one.output, one.story).toContain("replicated");
    expect(two.output, two.story).toContain("replicated");
    const actions = [one, two].map((t) => t.events.find((e) => e.type === "session.status_prepared")?.packages.action);
    // One replica built the layer, the other (which runs one session at a time) unpacked it.
    expect([...actions].sort()).toEqual(["build", "unpack"]);
    const builds = a.service.deps.packageLayers.builds + b.service.deps.packageLayers.builds;
    expect(builds).toBe(1);
    const digest = one.events.find((e) => e.type === "session.status_prepared")?.packages.digest as string;
    const row = await a.service.deps.storage.packageLayers.get(digest);
    expect(row).toMatchObject({ state: "ready", attempts: 1, has_archive: true });
    expect(row?.size_bytes).toBeGreaterThan(0);

    // A third session, on the replica that did not build (the builder is stopped), finds the layer at once.
    const builderIsA = a.service.deps.packageLayers.builds === 1;
    const [builder, other] = builderIsA ? [a, b] : [b, a];
    await builder.service.stop();
    running.splice(
      running.findIndex((r) => r.url === builder.url),
      1,
    );
    const s3 = await createSession(other, agent.id, created.body.id);
    const three = await turn(other, s3.id);
    expect(three.output, three.story).toContain("replicated");
    expect(three.events.some((e) => e.type === "session.status_preparing")).toBe(false);
    expect(a.service.deps.packageLayers.builds + b.service.deps.packageLayers.builds).toBe(1);
    expect((await other.service.deps.storage.packageLayers.get(digest))?.attempts).toBe(1);
    console.log(
      `[packages] replicas: build ${one.events.concat(two.events).find((e) => e.type === "session.status_prepared" && e.packages.action === "build")?.packages.duration_ms} ms; the other replica waited ${[one, two].map((t) => t.events.find((e) => e.type === "session.status_prepared")).find((e) => e.packages.action !== "build")?.packages.duration_ms} ms (${actions.join(", ")})`,
    );
  });
});
