/**
 * Environment packages end to end (docs/packages.md): the real service in-process with the real
 * sandbox, the model a scripted stand-in on loopback. A pip package from a pip index the test
 * serves (a wheel it builds) and an npm package from an npm registry it serves are built into one
 * layer and used by `bash`; two sessions of the environment build it once; the layer is
 * read-only; an install script that tries to write outside its layer cannot (and did run); a
 * package that does not exist ends the turn with `packages_failed` and the manager's words.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { buildWheel, type LocalRegistry, startNpmRegistry, startPipIndex } from "./registries.ts";

const skip = requireSandboxPrograms() ?? requireProgram("npm", "npm") ?? requireProgram("python3", "python3-pip");
let s: TestServer;
let model: FakeModel;
let pip: LocalRegistry;
let npm: LocalRegistry;
let agentId = "";
const marker = `escape-probe-${process.pid}-${Date.now()}`;

/** What the probe's install script tries: the host's system folders and the host's /tmp, then its own folder. */
const PROBE = `
const fs = require("fs");
const tries = { usr: "/usr/local/lib/${marker}", etc: "/etc/${marker}", tmp: "/tmp/${marker}", layerRoot: "/mnt/packages/${marker}" };
const out = {};
for (const [k, p] of Object.entries(tries)) { try { fs.writeFileSync(p, "x"); out[k] = "written"; } catch (e) { out[k] = e.code; } }
fs.writeFileSync(__dirname + "/ran.json", JSON.stringify(out));
`;

beforeAll(async () => {
  if (skip) return;
  model = await startFakeModel();
  pip = await startPipIndex([
    { project: "tinypkg", ...buildWheel("tinypkg", "1.0", "GREETING = 'hello from tinypkg'\n") },
  ]);
  npm = await startNpmRegistry([
    { name: "tiny-npm", version: "1.0.0", files: { "index.js": "module.exports = () => 'hello from tiny-npm';\n" } },
    {
      name: "escape-probe",
      version: "1.0.0",
      packageJson: { scripts: { postinstall: "node probe.js" } },
      files: { "probe.js": PROBE },
    },
  ]);
  s = await inProcess({
    env: {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-test",
      SANDBOX: "bubblewrap",
      // The registries are on loopback.
      SANDBOX_ALLOW_PRIVATE_TARGETS: "true",
      PACKAGES_PIP_INDEX_URL: pip.url,
      PACKAGES_NPM_REGISTRY: npm.url,
      PACKAGES_WAIT_POLL_MS: "50",
    },
  });
  agentId = (
    await createAgent(s, { name: "worker", model: "openai/llama3.2", tools: [{ type: "agent_toolset_20260401" }] })
  ).id;
});
afterAll(async () => {
  if (skip) return;
  await s?.stop();
  await model?.close();
  await pip?.close();
  await npm?.close();
  for (const p of [`/usr/local/lib/${marker}`, `/etc/${marker}`, `/tmp/${marker}`]) rmSync(p, { force: true });
});

async function environment(packages: Record<string, string[]>, networking?: Record<string, unknown>): Promise<string> {
  const res = await s.request("POST", "/environments", {
    body: { name: "with packages", config: { type: "cloud", packages, ...(networking ? { networking } : {}) } },
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.body.id;
}

/** Runs one `bash` command in a new turn of the session; answers the turn's events and the command's output. */
async function bash(sessionId: string, command: string, turns: number) {
  model.script([{ tool_calls: [{ id: `c${turns}`, name: "bash", input: { command } }] }, { text: "done" }]);
  await say(s, sessionId, "run it");
  const events = await waitForTurns(s, sessionId, turns, 180_000);
  const result = events.filter((e) => e.type === "agent.tool_result").at(-1);
  return { events, output: result ? result.content.map((b: { text: string }) => b.text).join("") : null };
}

describe.skipIf(skip !== null)("environment packages", () => {
  it("builds one layer with a pip and an npm package for two sessions, once, and bash uses it", {
    timeout: 240_000,
  }, async () => {
    const env = await environment({ pip: ["tinypkg==1.0"], npm: ["tiny-npm@1.0.0"] });
    const first = await createSession(s, agentId, env);
    const layers = s.service.deps.packageLayers;
    const buildsBefore = layers.builds;
    const started = Date.now();
    const one = await bash(
      first.id,
      `python3 -c 'import tinypkg; print(tinypkg.GREETING)' && node -e 'console.log(require("tiny-npm")())' && echo "PYTHONPATH=$PYTHONPATH NODE_PATH=$NODE_PATH"`,
      1,
    );
    expect(one.output).toContain("hello from tinypkg");
    expect(one.output).toContain("hello from tiny-npm");
    expect(one.output).toContain("PYTHONPATH=/mnt/packages/pip NODE_PATH=/mnt/packages/npm/node_modules");
    const preparing = one.events.filter((e) => e.type === "session.status_preparing");
    const prepared = one.events.filter((e) => e.type === "session.status_prepared");
    expect(preparing).toHaveLength(1);
    expect(preparing[0].packages).toMatchObject({
      action: "build",
      digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0].packages.duration_ms).toBeGreaterThan(0);
    // Before the turn's first tool call.
    expect(one.events.findIndex((e) => e.type === "session.status_prepared")).toBeLessThan(
      one.events.findIndex((e) => e.type === "agent.tool_use"),
    );
    const digest = prepared[0].packages.digest;
    console.log(
      `[packages] layer build (pip + npm from local registries): ${prepared[0].packages.duration_ms} ms; turn ${Date.now() - started} ms`,
    );

    // A second session of the environment (and an environment with the same set in another order) builds nothing.
    const twin = await environment({ npm: ["tiny-npm@1.0.0"], pip: ["tinypkg==1.0", "tinypkg==1.0"] });
    const second = await createSession(s, agentId, twin);
    const two = await bash(second.id, "python3 -c 'import tinypkg; print(tinypkg.GREETING)'", 1);
    expect(two.output).toContain("hello from tinypkg");
    expect(two.events.some((e) => e.type === "session.status_preparing")).toBe(false);
    expect(layers.builds - buildsBefore).toBe(1);
    const row = await s.service.deps.storage.packageLayers.get(digest);
    expect(row).toMatchObject({ state: "ready", attempts: 1, error: null });

    // The wait of a session for a layer that is built already.
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const ready = await layers.acquire(
        { apt: [], cargo: [], gem: [], go: [], npm: ["tiny-npm@1.0.0"], pip: ["tinypkg==1.0"] },
        new AbortController().signal,
        async () => {
          throw new Error("an already-built layer is not waited for");
        },
      );
      times.push(performance.now() - t0);
      expect(ready.action).toBeNull();
    }
    times.sort((a, b) => a - b);
    console.log(
      `[packages] wait for an already-built layer: p50 ${times[10]?.toFixed(3)} ms, max ${times.at(-1)?.toFixed(3)} ms`,
    );

    // The layer is read-only to commands.
    const write = await bash(
      first.id,
      "touch /mnt/packages/pip/x 2>&1; echo rc=$?; touch /mnt/packages/x 2>&1; echo rc=$?",
      2,
    );
    expect(write.output).toMatch(/Read-only file system[\s\S]*rc=1[\s\S]*rc=1/);
  });

  it("an install script runs inside the sandbox only: nothing outside its layer is written", {
    timeout: 240_000,
  }, async () => {
    const env = await environment({ npm: ["escape-probe"] });
    const session = await createSession(s, agentId, env);
    const run = await bash(session.id, "cat /mnt/packages/npm/node_modules/escape-probe/ran.json", 1);
    expect(run.events.some((e) => e.type === "session.error")).toBe(false);
    const ran = JSON.parse(run.output?.trim() ?? "{}");
    // It ran, and every write outside its layer's folder was refused; its /tmp was the sandbox's own.
    expect(ran.usr).toMatch(/EROFS|EACCES/);
    expect(ran.etc).toMatch(/EROFS|EACCES/);
    expect(["written", "EACCES", "EROFS"]).toContain(ran.tmp);
    expect(existsSync(`/usr/local/lib/${marker}`)).toBe(false);
    expect(existsSync(`/etc/${marker}`)).toBe(false);
    expect(existsSync(`/tmp/${marker}`)).toBe(false);
    // The host's system folders and the data folder outside the layers hold nothing new of it.
    const stray = readdirSync(s.dataDir).filter((n) => n.includes(marker));
    expect(stray).toEqual([]);
  });

  it("a package that does not exist ends the turn with packages_failed and pip's own words", {
    timeout: 120_000,
  }, async () => {
    const env = await environment({ pip: ["no-such-package-zz==9.9"] });
    const session = await createSession(s, agentId, env);
    model.script([{ tool_calls: [{ id: "f1", name: "bash", input: { command: "true" } }] }, { text: "done" }]);
    await say(s, session.id, "go");
    const events = await waitForTurns(s, session.id, 1, 120_000);
    const error = events.find((e) => e.type === "session.error");
    expect(error?.error.type).toBe("packages_failed");
    expect(error?.error.message).toContain("pip");
    expect(error?.error.message).toMatch(/No matching distribution found for no-such-package-zz/);
    // No command ran, and no half-built layer is left.
    expect(events.some((e) => e.type === "agent.tool_result")).toBe(false);
    const layersDir = join(s.dataDir, "packages", "layers");
    const digest = events.find((e) => e.type === "session.status_preparing")?.packages.digest as string;
    expect(existsSync(join(layersDir, digest.slice(7)))).toBe(false);
    expect(readdirSync(join(s.dataDir, "packages", "tmp"))).toEqual([]);
    expect(await s.service.deps.storage.packageLayers.get(digest)).toMatchObject({ state: "failed" });
  });
});
