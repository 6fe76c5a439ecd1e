import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createEnvironment,
  createSession,
  outboxSince,
  sendMessage,
  waitForIdle,
} from "../helpers/flows/lifecycle.ts";
import { type ApiResponse, expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
let envId: string;
beforeAll(async () => {
  server = await inProcess();
  envId = await createEnvironment(server);
});
afterAll(async () => {
  await server.stop();
});

describe("create an agent", () => {
  it("returns version 1 with defaults filled in and emits agent.created {id, type, version}", async () => {
    const since = await outboxSince(server);
    const res = await server.request("POST", "/agents", { body: { name: "Triage", model: "echo" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "agent",
      name: "Triage",
      model: "echo",
      system: null,
      description: null,
      tools: [],
      mcp_servers: [],
      skills: [],
      multiagent: null,
      metadata: {},
      version: 1,
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^agent_[0-9A-Z]{26}$/);
    expect(await since()).toEqual([{ id: res.body.id, type: "agent.created", version: 1 }]);
  });

  it("keeps the whole configuration: tools, MCP servers, system prompt, metadata", async () => {
    const body = {
      name: "Full",
      model: "echo",
      system: "Be brief.",
      description: "All fields",
      tools: [
        { type: "custom", name: "lookup", description: "Looks up", input_schema: { type: "object", properties: {} } },
        { type: "mcp_toolset", mcp_server_name: "github" },
      ],
      mcp_servers: [{ type: "url", name: "github", url: "https://mcp.example.com/gh" }],
      metadata: { team: "a" },
    };
    const res = await server.request("POST", "/agents", { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(body);
    expect((await server.request("GET", `/agents/${res.body.id}`)).body).toEqual(res.body);
  });

  it.each([
    ["an unknown model", { model: "gpt-nonexistent" }, "model", 400],
    [
      "two MCP servers with one name",
      {
        mcp_servers: [
          { type: "url", name: "a", url: "https://a.example.com" },
          { type: "url", name: "a", url: "https://b.example.com" },
        ],
      },
      "mcp_servers[1].name",
      400,
    ],
    [
      "an mcp_toolset naming no MCP server",
      { tools: [{ type: "mcp_toolset", mcp_server_name: "nope" }] },
      "tools[0].mcp_server_name",
      400,
    ],
    [
      "two custom tools with one name",
      {
        tools: [
          { type: "custom", name: "t", input_schema: {} },
          { type: "custom", name: "t", input_schema: {} },
        ],
      },
      "tools[1]",
      400,
    ],
    [
      "an unknown skill",
      { skills: [{ type: "skill", skill_id: "skill_01JD3Q7A4C9E2G6J8K0N3P5R7T" }] },
      "skills[0].skill_id",
      404,
    ],
    [
      "an unknown sub-agent",
      { multiagent: { type: "coordinator", agents: ["agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K"] } },
      "multiagent.agents[0]",
      404,
    ],
    ["a missing name", { name: undefined }, "name", 400],
    ["a name over 255 characters", { name: "x".repeat(256) }, "name", 400],
    [
      "an MCP server URL that is not http(s)",
      { mcp_servers: [{ type: "url", name: "a", url: "ftp://x" }] },
      "mcp_servers[0].url",
      400,
    ],
    ["an unknown field", { temperature: 0.5 }, "temperature", 400],
  ])("rejects %s, naming the field, and emits nothing", async (_what, patch, param, status) => {
    const since = await outboxSince(server);
    const res = await server.request("POST", "/agents", { body: { name: "x", model: "echo", ...patch } });
    const err = expectError(res, status, status === 404 ? "not_found_error" : "invalid_request_error");
    expect(err.param).toBe(param);
    expect(await since()).toEqual([]);
  });

  it("validates sub-agents: active, not coordinators, listed once, existing versions", async () => {
    const sub = await createAgent(server, { name: "sub" });
    const archived = await createAgent(server, { name: "archived sub" });
    await server.request("POST", `/agents/${archived.id}/archive`);
    const coordinator = await createAgent(server, { multiagent: { type: "coordinator", agents: [sub.id] } });
    const attempt = (agents: unknown[]) =>
      server.request("POST", "/agents", {
        body: { name: "c", model: "echo", multiagent: { type: "coordinator", agents } },
      });

    expect(expectError(await attempt([archived.id]), 409, "conflict_error").param).toBe("multiagent.agents[0]");
    expect(expectError(await attempt([sub.id, coordinator.id]), 400, "invalid_request_error").param).toBe(
      "multiagent.agents[1]",
    );
    expect(
      expectError(await attempt([sub.id, { type: "agent", id: sub.id }]), 400, "invalid_request_error").param,
    ).toBe("multiagent.agents[1]");
    expect(expectError(await attempt([{ type: "agent", id: sub.id, version: 2 }]), 404, "not_found_error").param).toBe(
      "multiagent.agents[0]",
    );
    expectError(await attempt([]), 400, "invalid_request_error");
    const ok = await attempt([{ type: "agent", id: sub.id, version: 1 }]);
    expect(ok.status).toBe(200);
    // An agent cannot coordinate itself.
    const self = await server.request("POST", `/agents/${sub.id}`, {
      body: { version: 1, multiagent: { type: "coordinator", agents: [sub.id] } },
    });
    expect(expectError(self, 400, "invalid_request_error").param).toBe("multiagent.agents[0]");
  });
});

describe("skills on agents", () => {
  it("attaches a skill at its latest or a pinned version, and refuses an unknown version", async () => {
    const skills = await server.request("GET", "/skills?source=vendor&limit=1");
    expect(skills.status).toBe(200);
    const skill = skills.body.data[0];
    expect(skill, "the vendor skills are loaded at start-up").toBeDefined();
    const agent = await createAgent(server, {
      skills: [{ type: "skill", skill_id: skill.id, version: skill.latest_version }],
    });
    expect(agent.skills).toEqual([{ type: "skill", skill_id: skill.id, version: skill.latest_version }]);
    const latest = await createAgent(server, { skills: [{ type: "skill", skill_id: skill.id }] });
    expect(latest.skills).toEqual([{ type: "skill", skill_id: skill.id }]);
    const unknown = await server.request("POST", "/agents", {
      body: { name: "x", model: "echo", skills: [{ type: "skill", skill_id: skill.id, version: "1" }] },
    });
    expect(expectError(unknown, 404, "not_found_error").param).toBe("skills[0].version");
    const twice = await server.request("POST", "/agents", {
      body: {
        name: "x",
        model: "echo",
        skills: [
          { type: "skill", skill_id: skill.id },
          { type: "skill", skill_id: skill.id },
        ],
      },
    });
    expect(expectError(twice, 400, "invalid_request_error").param).toBe("skills[1].skill_id");
  });
});

describe("agent versions", () => {
  it("bumps the version only when something changes, and keeps every version readable", async () => {
    const agent = await createAgent(server, { name: "v1", system: "one", metadata: { a: "1" } });
    const since = await outboxSince(server);

    const same = await server.request("POST", `/agents/${agent.id}`, {
      body: { version: 1, name: "v1", system: "one", metadata: { a: "1" } },
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(agent);
    expect(await since()).toEqual([]);

    const v2 = await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "v2", system: null } });
    expect(v2.status).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, name: "v2", system: null, metadata: { a: "1" } });
    const v3 = await server.request("POST", `/agents/${agent.id}`, {
      body: { version: 2, metadata: { a: null, b: "2" } },
    });
    expect(v3.body).toMatchObject({ version: 3, name: "v2", metadata: { b: "2" } });
    expect(await since()).toEqual([
      { id: agent.id, type: "agent.updated", version: 2 },
      { id: agent.id, type: "agent.updated", version: 3 },
    ]);

    const old = await server.request("GET", `/agents/${agent.id}?version=1`);
    expect(old.body).toMatchObject({ version: 1, name: "v1", system: "one", metadata: { a: "1" } });
    expect((await server.request("GET", `/agents/${agent.id}`)).body).toEqual(v3.body);
    expectError(await server.request("GET", `/agents/${agent.id}?version=4`), 404, "not_found_error");
    expectError(await server.request("GET", `/agents/${agent.id}?version=0`), 400, "invalid_request_error");

    const versions = await server.request("GET", `/agents/${agent.id}/versions`);
    expect(versions.body.data.map((a: { version: number }) => a.version)).toEqual([3, 2, 1]);
    expect(versions.body).toMatchObject({ first_version: 3, last_version: 1, has_more: false, next_page: null });
  });

  it("refuses an update with a stale version (409 naming version) and writes nothing", async () => {
    const agent = await createAgent(server);
    await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "changed" } });
    const since = await outboxSince(server);
    const stale = await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "lost update" } });
    const err = expectError(stale, 409, "conflict_error");
    expect(err.param).toBe("version");
    expect(err.message).toContain("(2)");
    expectError(
      await server.request("POST", `/agents/${agent.id}`, { body: { name: "x" } }),
      400,
      "invalid_request_error",
    );
    const invalid = await server.request("POST", `/agents/${agent.id}`, { body: { version: 2, model: "unknown" } });
    expectError(invalid, 400, "invalid_request_error");
    expect(await since()).toEqual([]);
    expect((await server.request("GET", `/agents/${agent.id}`)).body).toMatchObject({ version: 2, name: "changed" });
  });

  it("pages through versions with page, after_version and before_version", async () => {
    const agent = await createAgent(server, { name: "n0" });
    for (let v = 1; v <= 11; v++) {
      const res = await server.request("POST", `/agents/${agent.id}`, { body: { version: v, name: `n${v}` } });
      expect(res.body.version).toBe(v + 1);
    }
    const seen: number[] = [];
    let page: string | null = null;
    for (;;) {
      const res: ApiResponse = await server.request(
        "GET",
        `/agents/${agent.id}/versions?limit=5${page ? `&page=${page}` : ""}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((a: { version: number }) => a.version));
      if (!res.body.has_more) break;
      page = res.body.next_page;
    }
    expect(seen).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const after = await server.request("GET", `/agents/${agent.id}/versions?limit=2&after_version=10`);
    expect(after.body.data.map((a: { version: number }) => a.version)).toEqual([9, 8]);
    const before = await server.request("GET", `/agents/${agent.id}/versions?limit=2&before_version=10`);
    expect(before.body.data.map((a: { version: number }) => a.version)).toEqual([12, 11]);
    expect(before.body.has_more).toBe(false);
    expectError(
      await server.request("GET", `/agents/${agent.id}/versions?page=3&after_version=2`),
      400,
      "invalid_request_error",
    );
    expectError(await server.request("GET", `/agents/${agent.id}/versions?page=abc`), 400, "invalid_request_error");
  });
});

describe("archive and delete", () => {
  it("archives once (agent.archived with the current version), then refuses updates and new sessions", async () => {
    const agent = await createAgent(server);
    await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "v2" } });
    const session = await createSession(server, agent.id, envId);
    const since = await outboxSince(server);
    const archived = await server.request("POST", `/agents/${agent.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).not.toBeNull();
    expect(archived.body.version).toBe(2);
    const again = await server.request("POST", `/agents/${agent.id}/archive`);
    expect(again.body.archived_at).toBe(archived.body.archived_at);
    expect(await since()).toEqual([{ id: agent.id, type: "agent.archived", version: 2 }]);

    const refused = await server.request("POST", "/sessions", { body: { agent: agent.id, environment_id: envId } });
    expect(expectError(refused, 409, "conflict_error").param).toBe("agent");
    expectError(
      await server.request("POST", `/agents/${agent.id}`, { body: { version: 2, name: "v3" } }),
      409,
      "conflict_error",
    );
    // Existing sessions keep working.
    await sendMessage(server, session.id, "still here");
    const events = await waitForIdle(server, session.id);
    expect(events.find((e) => e.type === "agent.message").content[0].text).toBe("Echo: still here");

    expect((await server.request("GET", "/agents?limit=100")).body.data.map((a: { id: string }) => a.id)).not.toContain(
      agent.id,
    );
    const all = await server.request("GET", "/agents?limit=100&include_archived=true");
    expect(all.body.data.map((a: { id: string }) => a.id)).toContain(agent.id);
  });

  it("deletes (200, agent.deleted with the version) and answers 404 afterwards; its sessions become terminated", async () => {
    const agent = await createAgent(server);
    const session = await createSession(server, agent.id, envId);
    await sendMessage(server, session.id, "before");
    await waitForIdle(server, session.id);
    const since = await outboxSince(server);
    const deleted = await server.request("DELETE", `/agents/${agent.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: agent.id, type: "agent_deleted" });
    expect(await since()).toEqual([
      { id: session.id, type: "session.status_terminated" },
      { id: agent.id, type: "agent.deleted", version: 1 },
    ]);

    for (const path of [`/agents/${agent.id}`, `/agents/${agent.id}?version=1`, `/agents/${agent.id}/versions`]) {
      expectError(await server.request("GET", path), 404, "not_found_error");
    }
    expectError(await server.request("DELETE", `/agents/${agent.id}`), 404, "not_found_error");
    expectError(await server.request("POST", `/agents/${agent.id}/archive`), 404, "not_found_error");
    expectError(
      await server.request("POST", `/agents/${agent.id}`, { body: { version: 1, name: "x" } }),
      404,
      "not_found_error",
    );
    const refused = await server.request("POST", "/sessions", { body: { agent: agent.id, environment_id: envId } });
    expect(expectError(refused, 404, "not_found_error").param).toBe("agent");

    const after = await server.request("GET", `/sessions/${session.id}`);
    expect(after.body.status).toBe("terminated");
    expect((await server.request("GET", `/sessions/${session.id}/events`)).body.data.length).toBeGreaterThan(0);
    expectError(
      await server.request("POST", `/sessions/${session.id}/events`, {
        body: { events: [{ type: "user.message", content: [{ type: "text", text: "x" }] }] },
      }),
      409,
      "conflict_error",
    );
  });
});

describe("listing and isolation", () => {
  it("lists newest first with keyset pagination", async () => {
    const other = await server.tokenFor("agents-list");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createAgent(server, { name: `a${i}` }, other)).id);
    const first = await server.request("GET", "/agents?limit=2", { token: other });
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.has_more).toBe(true);
    const second = await server.request("GET", `/agents?limit=2&page=${first.body.next_page}`, { token: other });
    expect(second.body.data.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    expectError(await server.request("GET", `/agents?page=${envId}`, { token: other }), 400, "invalid_request_error");
  });

  it("answers 404 for another account's agent exactly as for an unknown id", async () => {
    const agent = await createAgent(server);
    const other = await server.tokenFor("agents-other");
    for (const [method, path, body] of [
      ["GET", `/agents/${agent.id}`, undefined],
      ["GET", `/agents/${agent.id}/versions`, undefined],
      ["POST", `/agents/${agent.id}`, { version: 1, name: "x" }],
      ["POST", `/agents/${agent.id}/archive`, undefined],
      ["DELETE", `/agents/${agent.id}`, undefined],
    ] as const) {
      expectError(await server.request(method, path, { token: other, body }), 404, "not_found_error");
    }
    const otherEnv = await createEnvironment(server, other);
    const refused = await server.request("POST", "/sessions", {
      token: other,
      body: { agent: agent.id, environment_id: otherEnv },
    });
    expect(expectError(refused, 404, "not_found_error").param).toBe("agent");
    const coord = await server.request("POST", "/agents", {
      token: other,
      body: { name: "c", model: "echo", multiagent: { type: "coordinator", agents: [agent.id] } },
    });
    expectError(coord, 404, "not_found_error");
    expect((await server.request("GET", `/agents/${agent.id}`)).body.version).toBe(1);
  });
});
