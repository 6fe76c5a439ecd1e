/**
 * Environment packages from the public registries the operator leaves as the managers' defaults:
 * an npm package from the npm registry and a Debian package from the host's configured mirror
 * (unpacked with `dpkg-deb -x`, no maintainer script, nothing installed on the host), both in
 * one layer and used by `bash`; and a manager whose client this server lacks fails with a
 * message naming it. Skips with the reason when a registry cannot be reached (fails under CI=true).
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { requireRegistry } from "./registries.ts";

const skip =
  requireSandboxPrograms() ??
  requireProgram("npm", "npm") ??
  requireProgram("apt-get", "apt") ??
  (await requireRegistry("the npm registry", "https://registry.npmjs.org/is-number")) ??
  (await requireRegistry("the Debian mirror", "http://deb.debian.org/debian/dists/"));
let s: TestServer;
let model: FakeModel;
let agentId = "";

/** Whether the host has a Debian package installed (then apt would have nothing to fetch). */
function installed(pkg: string): boolean {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format field
    return execFileSync("dpkg-query", ["-W", "-f=${Status}", pkg], { encoding: "utf8" }).includes("installed");
  } catch {
    return false;
  }
}

beforeAll(async () => {
  if (skip) return;
  model = await startFakeModel();
  s = await inProcess({
    env: {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-test",
      SANDBOX: "bubblewrap",
      PACKAGES_WAIT_POLL_MS: "50",
      // A machine whose egress has a CA of its own (as the test's own fetch trusts it) gives it to the builds.
      ...(process.env.NODE_EXTRA_CA_CERTS ? { PACKAGES_CA_FILE: process.env.NODE_EXTRA_CA_CERTS } : {}),
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
});

async function turn(packages: Record<string, string[]>, command: string) {
  const env = await s.request("POST", "/environments", {
    body: {
      name: "public",
      config: {
        type: "cloud",
        networking: { type: "limited", allowed_hosts: ["example.com"], allow_package_managers: true },
        packages,
      },
    },
  });
  expect(env.status, env.text).toBe(200);
  const session = await createSession(s, agentId, env.body.id);
  model.script([{ tool_calls: [{ id: "c1", name: "bash", input: { command } }] }, { text: "done" }]);
  await say(s, session.id, "go");
  const events = await waitForTurns(s, session.id, 1, 300_000);
  const result = events.find((e) => e.type === "agent.tool_result");
  return { events, output: result ? result.content.map((b: { text: string }) => b.text).join("") : "" };
}

describe.skipIf(skip !== null)("packages from the public registries", () => {
  it("installs is-number from the npm registry and hello from the Debian mirror into one layer", {
    timeout: 300_000,
  }, async () => {
    expect(installed("hello")).toBe(false);
    const { events, output } = await turn(
      { npm: ["is-number@7.0.0"], apt: ["hello"] },
      `node -e 'console.log("is-number:", require("is-number")(5))' && hello && command -v hello`,
    );
    expect(events.find((e) => e.type === "session.error")).toBeUndefined();
    expect(output).toContain("is-number: true");
    expect(output).toContain("Hello, world!");
    expect(output).toContain("/mnt/packages/apt/usr/bin/hello");
    const prepared = events.find((e) => e.type === "session.status_prepared");
    console.log(
      `[packages] layer build (npm is-number + apt hello from the public registries): ${prepared?.packages.duration_ms} ms`,
    );
    // Nothing was installed on the host.
    expect(installed("hello")).toBe(false);
  });

  it("installs from the mirror PACKAGES_APT_MIRROR names, with the build's own apt-get update", {
    timeout: 300_000,
  }, async () => {
    const mirrored = await inProcess({
      env: {
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: "sk-test",
        SANDBOX: "bubblewrap",
        PACKAGES_APT_MIRROR: "http://deb.debian.org/debian",
        PACKAGES_WAIT_POLL_MS: "50",
      },
    });
    try {
      const agent = await createAgent(mirrored, {
        name: "worker",
        model: "openai/llama3.2",
        tools: [{ type: "agent_toolset_20260401" }],
      });
      const env = await mirrored.request("POST", "/environments", {
        body: { name: "mirror", config: { type: "cloud", packages: { apt: ["hello"] } } },
      });
      const session = await createSession(mirrored, agent.id, env.body.id);
      model.script([
        { tool_calls: [{ id: "m1", name: "bash", input: { command: "hello -g mirrored" } }] },
        { text: "ok" },
      ]);
      await say(mirrored, session.id, "go");
      const events = await waitForTurns(mirrored, session.id, 1, 300_000);
      expect(events.find((e) => e.type === "session.error")).toBeUndefined();
      const result = events.find((e) => e.type === "agent.tool_result");
      expect(result?.content.map((b: { text: string }) => b.text).join("")).toContain("mirrored");
    } finally {
      await mirrored.stop();
    }
  });

  it("a manager whose client the server lacks fails naming the client", { timeout: 120_000 }, async () => {
    const { events } = await turn({ gem: ["rake"] }, "true");
    const error = events.find((e) => e.type === "session.error");
    if (requireGemMissing()) {
      expect(error?.error.type).toBe("packages_failed");
      expect(error?.error.message).toContain("gem is not installed on this server");
    } else {
      // This host has gem: the install ran through it (and succeeded or said why not).
      expect(error === undefined || /gem/.test(error.error.message)).toBe(true);
    }
  });
});

/** Whether the sandbox's PATH lacks `gem` (the system folders only: /usr/bin, /bin, ...). */
function requireGemMissing(): boolean {
  return !["/usr/local/bin/gem", "/usr/bin/gem", "/bin/gem"].some((p) => {
    try {
      execFileSync("test", ["-x", p]);
      return true;
    } catch {
      return false;
    }
  });
}
