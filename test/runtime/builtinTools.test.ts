/**
 * The built-in toolset in both model runtimes end to end: the real service in-process with the
 * real sandbox, msw standing in for the providers' APIs. The model reads a skill through `read`,
 * writes, runs, edits, lists and searches files, and fetches a page; every call is recorded as
 * `agent.tool_use` (no `mcp_server_name`) and `agent.tool_result`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, shape, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

const skip = requireSandboxPrograms();
const providers = mockProviders();
let s: TestServer;
let page: Server;
let pageUrl = "";
let skillId = "";

const SKILL_MD = "---\nname: release-notes\ndescription: Writes release notes.\n---\n# Release notes\nGroup by area.\n";

beforeAll(async () => {
  if (skip) return;
  listen(providers);
  s = await inProcess({ env: { ...providerEnv, SANDBOX: "bubblewrap", SANDBOX_ALLOW_PRIVATE_TARGETS: "true" } });
  page = createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<html><body><h1>Changelog</h1><p>Version 2 is out.</p></body></html>");
  });
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/changelog`;
  const fd = new FormData();
  fd.append("files", new Blob([SKILL_MD]), "release-notes/SKILL.md");
  const created = await s.request("POST", "/skills", { raw: fd });
  if (created.status !== 200) throw new Error(created.text);
  skillId = created.body.id;
});
afterAll(async () => {
  if (skip) return;
  await s.stop();
  await new Promise((resolve) => page.close(resolve));
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
  providers.anthropic.length = 0;
});

const toolset = { type: "agent_toolset_20260401" };

describe.skipIf(skip !== null)("the built-in toolset", () => {
  for (const [provider, model] of [
    ["openai", "openai/llama3.2"],
    ["anthropic", "claude-sonnet-4-5"],
  ] as const) {
    it(`runs every built-in tool through the ${provider} runtime`, async () => {
      const agent = await createAgent(s, {
        name: "worker",
        model,
        system: "You work in a sandbox.",
        tools: [toolset],
        skills: [{ type: "skill", skill_id: skillId }],
      });
      const session = await createSession(s, agent.id, await createEnvironment(s), {
        environment_variables: { GREETING: "hi" },
      });
      const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });
      providers.script(provider, [
        { tool_calls: [call("c1", "read", { path: "/workspace/skills/release-notes/SKILL.md" })] },
        {
          tool_calls: [
            call("c2", "write", { path: "run.sh", content: 'echo "$GREETING from $(pwd)"\n' }),
            call("c3", "bash", { command: "bash run.sh > out.txt; cat out.txt" }),
          ],
        },
        {
          tool_calls: [
            call("c4", "edit", { path: "out.txt", old_string: "hi", new_string: "hello" }),
            call("c5", "glob", { pattern: "*.txt" }),
            call("c6", "grep", { pattern: "hello" }),
            call("c7", "web_fetch", { url: pageUrl }),
            call("c8", "write", { path: "skills/release-notes/SKILL.md", content: "changed" }),
          ],
        },
        { text: "Done." },
      ]);
      await say(s, session.id, "Work.");
      const events = shape(await waitForTurns(s, session.id));
      const uses = events.filter((e) => e.type === "agent.tool_use");
      expect(uses.map((u) => u.name)).toEqual(["read", "write", "bash", "edit", "glob", "grep", "web_fetch", "write"]);
      for (const u of uses) expect(u).not.toHaveProperty("mcp_server_name");
      const results = Object.fromEntries(
        events
          .filter((e) => e.type === "agent.tool_result")
          .map((e) => [
            e.tool_use_id,
            { text: e.content.map((b: { text: string }) => b.text).join(""), error: e.is_error },
          ]),
      );
      expect(results.c1).toEqual({ text: expect.stringContaining("Group by area."), error: false });
      expect(results.c3).toEqual({ text: "hi from /workspace\n", error: false });
      expect(results.c4?.error).toBe(false);
      expect(results.c5).toEqual({ text: "/workspace/out.txt", error: false });
      expect(results.c6).toEqual({ text: "/workspace/out.txt:1:hello from /workspace", error: false });
      expect(results.c7?.text).toContain("Version 2 is out.");
      expect(results.c8).toEqual({ text: expect.stringContaining("read-only"), error: true });
      expect(events.at(-2)).toEqual({ type: "agent.message", content: [{ type: "text", text: "Done." }] });

      // The model was offered the tools, and its system prompt lists the skill by path.
      const first = providers[provider][0]?.body;
      const names =
        provider === "openai"
          ? first.tools.map((t: { function: { name: string } }) => t.function.name)
          : first.tools.map((t: { name: string }) => t.name);
      expect(names).toEqual(["bash", "read", "write", "edit", "glob", "grep", "web_fetch"]);
      const system = provider === "openai" ? first.messages[0].content : first.system;
      expect(system).toContain("You work in a sandbox.");
      expect(system).toContain("/workspace/skills/release-notes/SKILL.md");
      expect(system).not.toContain("Group by area.");
    });
  }

  it("inlines the skill for an agent without read, and refuses unknown tool names", async () => {
    const agent = await createAgent(s, {
      name: "no-read",
      model: "openai/llama3.2",
      tools: [{ ...toolset, configs: [{ name: "read", enabled: false }] }],
      skills: [{ type: "skill", skill_id: skillId }],
    });
    const session = await createSession(s, agent.id, await createEnvironment(s));
    providers.script("openai", [{ text: "Ok." }]);
    await say(s, session.id, "Hi.");
    await waitForTurns(s, session.id);
    expect(providers.openai[0]?.body.messages[0].content).toContain("Group by area.");

    const unknown = await s.request("POST", "/agents", {
      body: { name: "x", model: "echo", tools: [{ ...toolset, configs: [{ name: "python" }] }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("tools");
    expect(unknown.body.error.message).toContain("python");

    // A tool set to ask for confirmation is accepted and kept (test/runtime/humanInTheLoop.test.ts runs it).
    for (const tool of [
      { ...toolset, default_config: { permission_policy: "always_ask" } },
      { ...toolset, configs: [{ name: "bash", permission_policy: "always_ask" }] },
    ]) {
      const asks = await s.request("POST", "/agents", { body: { name: "asks", model: "echo", tools: [tool] } });
      expect(asks.status, asks.text).toBe(200);
      expect(asks.body.tools[0]).toMatchObject(tool);
    }
  });

  it("uses a file uploaded through the API in bash, and a file a tool wrote is downloaded", async () => {
    const agent = await createAgent(s, { name: "files", model: "openai/llama3.2", tools: [toolset] });
    const session = await createSession(s, agent.id, await createEnvironment(s));
    const put = await s.request("PUT", `/sessions/${session.id}/files/content?path=data/in.csv`, {
      raw: Buffer.from("a,b\n1,2\n3,4\n"),
      contentType: "application/octet-stream",
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ path: "data/in.csv", type: "file", size_bytes: 12 });
    providers.script("openai", [
      {
        tool_calls: [{ id: "f1", name: "bash", input: { command: "tail -n +2 data/in.csv | wc -l > data/rows.txt" } }],
      },
      { text: "Counted." },
    ]);
    await say(s, session.id, "Count the rows.");
    const events = shape(await waitForTurns(s, session.id));
    expect(events.find((e) => e.type === "agent.tool_result")).toMatchObject({ is_error: false });
    const listed = await s.request("GET", `/sessions/${session.id}/files?path=data`);
    expect(listed.body.data.map((f: { path: string }) => f.path)).toEqual(["data/in.csv", "data/rows.txt"]);
    const download = await fetch(
      `${s.url}/api/v1/cloud/sessions/${session.id}/files/content?path=/workspace/data/rows.txt`,
      { headers: { authorization: `Bearer ${s.token}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="?rows\.txt"?$/);
    expect(await download.text()).toBe("2\n");

    const outside = await s.request("GET", `/sessions/${session.id}/files/content?path=../../secret.key`);
    expect(outside.status).toBe(400);
    expect(outside.body.error.param).toBe("path");
    const skills = await s.request("PUT", `/sessions/${session.id}/files/content?path=skills/x.md`, {
      raw: Buffer.from("x"),
      contentType: "application/octet-stream",
    });
    expect(skills.status).toBe(409);
    const missing = await s.request("GET", "/sessions/sess_01J00000000000000000000000/files");
    expect(missing.status).toBe(404);

    // The workspace goes with its session.
    expect((await s.request("DELETE", `/sessions/${session.id}`)).status).toBe(200);
    expect(await s.service.deps.workspaces.exists(session.id)).toBe(false);
  });

  it("refuses bash on a server without a sandbox, and takes the toolset without it", async () => {
    const off = await inProcess({ env: { SANDBOX: "off" } });
    try {
      const refused = await off.request("POST", "/agents", { body: { name: "x", model: "echo", tools: [toolset] } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe("tools");
      expect(refused.body.error.message).toContain("SANDBOX=off");
      const fileTools = await off.request("POST", "/agents", {
        body: { name: "x", model: "echo", tools: [{ ...toolset, configs: [{ name: "bash", enabled: false }] }] },
      });
      expect(fileTools.status, fileTools.text).toBe(200);
      const ready = await fetch(`${off.url}/readyz`);
      expect(((await ready.json()) as { sandbox: unknown }).sandbox).toEqual({ kind: "off", missing: [] });
    } finally {
      await off.stop();
    }
  });
});
