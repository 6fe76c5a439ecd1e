/** Storage contract: agents and their versions, on every adapter. */
import { describe, expect, it } from "vitest";
import type { AgentConfig } from "../../server/storage/port/agents.ts";
import { adapters } from "./adapters.ts";
import { outcomes, useStorage } from "./suite.ts";

const config = (over: Partial<AgentConfig> = {}): AgentConfig => ({
  name: "helper",
  model: "claude-sonnet-4-5",
  system: null,
  description: null,
  tools: [],
  mcp_servers: [],
  skills: [],
  multiagent: null,
  metadata: {},
  ...over,
});

describe.each(adapters)("agents on $name", (adapter) => {
  const s = useStorage(adapter);

  it("creates an agent at version 1 with agent.created, and reads it back", async () => {
    await s.newEvents();
    const agent = await s.storage.agents.createAgent(s.accountId, config({ system: "Be brief." }));
    expect(agent).toMatchObject({ version: 1, latest_version: 1, archived_at: null, account_id: s.accountId });
    expect(agent.id).toMatch(/^agent_/);
    expect(await s.newEvents()).toEqual([
      { type: "agent.created", id: agent.id, data: { type: "agent.created", id: agent.id, version: 1 } },
    ]);
    expect(await s.storage.agents.getAgent(s.accountId, agent.id)).toEqual(agent);
    expect(await s.storage.agents.getAgent(s.accountId, agent.id, 1)).toEqual(agent);
    expect(await s.storage.agents.getAgent(s.accountId, agent.id, 2)).toBeNull();
    expect(await s.storage.agents.getAgent("acct_other", agent.id)).toBeNull();
  });

  it("updates write a new version only when the configuration changed", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    await s.newEvents();
    const same = await s.storage.agents.updateAgent(s.accountId, agent.id, 1, (current) => ({ ...current.config }));
    expect(same).toEqual({ ok: true, agent, changed: false });
    expect(await s.newEvents()).toEqual([]);
    s.clock.advance(1000);
    const updated = await s.storage.agents.updateAgent(s.accountId, agent.id, 1, (current) => ({
      ...current.config,
      name: "renamed",
    }));
    expect(updated).toMatchObject({ ok: true, changed: true, agent: { version: 2, latest_version: 2 } });
    expect(await s.newEvents()).toEqual([
      { type: "agent.updated", id: agent.id, data: { type: "agent.updated", id: agent.id, version: 2 } },
    ]);
    const v1 = await s.storage.agents.getAgent(s.accountId, agent.id, 1);
    expect(v1).toMatchObject({
      version: 1,
      latest_version: 2,
      config: { name: "helper" },
      updated_at: agent.created_at,
    });
    const latest = await s.storage.agents.getAgent(s.accountId, agent.id);
    expect(latest).toMatchObject({ version: 2, config: { name: "renamed" }, updated_at: s.clock.now().toISOString() });
    expect(await s.storage.agents.updateAgent(s.accountId, agent.id, 1, (c) => c.config)).toEqual({
      ok: false,
      reason: "version_mismatch",
      current_version: 2,
    });
    expect(await s.storage.agents.updateAgent(s.accountId, "agent_missing", 1, (c) => c.config)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("of concurrent updates from the same version, one wins and the others get version_mismatch", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    const { values, errors } = await outcomes(
      Array.from({ length: 6 }, (_, i) =>
        s.storage.agents.updateAgent(s.accountId, agent.id, 1, (current) => ({ ...current.config, name: `n${i}` })),
      ),
    );
    expect(errors).toEqual([]);
    const won = values.filter((v) => v.ok);
    expect(won).toHaveLength(1);
    expect(values.filter((v) => !v.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, reason: "version_mismatch", current_version: 2 })),
    );
    const latest = await s.storage.agents.getAgent(s.accountId, agent.id);
    expect(latest?.config.name).toBe(won[0]?.ok ? won[0].agent.config.name : "?");
    expect(latest?.version).toBe(2);
  });

  it("lists newest first with keyset pages both ways, hiding archived agents unless asked", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await s.storage.agents.createAgent(s.accountId, config({ name: `l${i}` }))).id);
    const all = await s.storage.agents.listAgents(s.accountId, { includeArchived: true, page: { limit: 100 } });
    const newest = [...ids].reverse();
    expect(all.data.slice(0, 5).map((a) => a.id)).toEqual(newest);
    const first = await s.storage.agents.listAgents(s.accountId, { includeArchived: false, page: { limit: 2 } });
    expect(first.data.map((a) => a.id)).toEqual(newest.slice(0, 2));
    expect(first).toMatchObject({ has_more: true, next_page: newest[1], first_id: newest[0], last_id: newest[1] });
    const second = await s.storage.agents.listAgents(s.accountId, {
      includeArchived: false,
      page: { limit: 2, cursor: { direction: "after", id: first.next_page as string } },
    });
    expect(second.data.map((a) => a.id)).toEqual(newest.slice(2, 4));
    const back = await s.storage.agents.listAgents(s.accountId, {
      includeArchived: false,
      page: { limit: 1, cursor: { direction: "before", id: second.first_id as string } },
    });
    expect(back.data.map((a) => a.id)).toEqual([newest[1]]);
    expect(back).toMatchObject({ has_more: true, next_page: null });
    await s.storage.agents.archiveAgent(s.accountId, newest[0] as string);
    const active = await s.storage.agents.listAgents(s.accountId, { includeArchived: false, page: { limit: 100 } });
    expect(active.data.map((a) => a.id)).not.toContain(newest[0]);
    const withArchived = await s.storage.agents.listAgents(s.accountId, {
      includeArchived: true,
      page: { limit: 100 },
    });
    expect(withArchived.data.map((a) => a.id)).toContain(newest[0]);
    expect(
      (await s.storage.agents.listAgents("acct_nobody", { includeArchived: true, page: { limit: 10 } })).data,
    ).toEqual([]);
  });

  it("lists versions newest first, with version numbers as cursors (10 after 9)", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    for (let v = 1; v < 12; v++) {
      await s.storage.agents.updateAgent(s.accountId, agent.id, v, (c) => ({ ...c.config, name: `v${v + 1}` }));
    }
    const page = await s.storage.agents.listAgentVersions(s.accountId, agent.id, { limit: 3 });
    expect(page?.data.map((a) => a.version)).toEqual([12, 11, 10]);
    expect(page?.next_page).toBe("10");
    const next = await s.storage.agents.listAgentVersions(s.accountId, agent.id, {
      limit: 3,
      cursor: { direction: "after", id: "10" },
    });
    expect(next?.data.map((a) => a.version)).toEqual([9, 8, 7]);
    expect(next?.data[0]).toMatchObject({ latest_version: 12, config: { name: "v9" } });
    expect(await s.storage.agents.listAgentVersions(s.accountId, "agent_missing", { limit: 3 })).toBeNull();
  });

  it("archives once (one agent.archived), refuses updates after, and deletes with agent.deleted", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    await s.newEvents();
    s.clock.advance(1000);
    const archived = await Promise.all([
      s.storage.agents.archiveAgent(s.accountId, agent.id),
      s.storage.agents.archiveAgent(s.accountId, agent.id),
    ]);
    expect(archived.map((a) => a?.archived_at)).toEqual([s.clock.now().toISOString(), s.clock.now().toISOString()]);
    expect(await s.newEvents()).toEqual([
      { type: "agent.archived", id: agent.id, data: { type: "agent.archived", id: agent.id, version: 1 } },
    ]);
    expect(await s.storage.agents.updateAgent(s.accountId, agent.id, 1, (c) => ({ ...c.config, name: "x" }))).toEqual({
      ok: false,
      reason: "archived",
    });
    expect(await s.storage.agents.archiveAgent(s.accountId, "agent_missing")).toBeNull();
    const deleted = await Promise.all([
      s.storage.agents.deleteAgent(s.accountId, agent.id),
      s.storage.agents.deleteAgent(s.accountId, agent.id),
    ]);
    expect(deleted.sort()).toEqual([false, true]);
    expect(await s.newEvents()).toEqual([
      { type: "agent.deleted", id: agent.id, data: { type: "agent.deleted", id: agent.id, version: 1 } },
    ]);
    expect(await s.storage.agents.getAgent(s.accountId, agent.id)).toBeNull();
    expect(await s.storage.agents.getAgent(s.accountId, agent.id, 1)).toBeNull();
  });

  it("an update racing a delete answers not_found or succeeds before it, never fails otherwise", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    const [update, deleted] = await Promise.all([
      s.storage.agents.updateAgent(s.accountId, agent.id, 1, (c) => ({ ...c.config, name: "late" })),
      s.storage.agents.deleteAgent(s.accountId, agent.id),
    ]);
    expect(deleted).toBe(true);
    expect(update.ok || update.reason === "not_found").toBe(true);
    expect(await s.storage.agents.getAgent(s.accountId, agent.id)).toBeNull();
  });

  it("writes nothing when the update callback throws", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    await s.newEvents();
    await expect(
      s.storage.agents.updateAgent(s.accountId, agent.id, 1, () => {
        throw new Error("invalid");
      }),
    ).rejects.toThrow("invalid");
    expect(await s.storage.agents.getAgent(s.accountId, agent.id)).toEqual(agent);
    expect(await s.newEvents()).toEqual([]);
  });

  it("deleting an agent ends its sessions' work: queued runs failed, sessions terminated", async () => {
    const agent = await s.storage.agents.createAgent(s.accountId, config());
    const env = await s.storage.environments.createEnvironment(s.accountId, {
      name: "e",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: {},
    });
    const session = await s.storage.sessions.createSession(s.accountId, {
      agent: { id: agent.id },
      environment_id: env.id,
      title: null,
      metadata: {},
      vault_ids: [],
      environment_variables: "",
      initial_events: [{ type: "user.message", content: [{ type: "text", text: "hello" }] }],
    });
    if (!session.ok) throw new Error(`createSession refused: ${session.reason}`);
    const idle = await s.storage.sessions.createSession(s.accountId, {
      agent: { id: agent.id },
      environment_id: env.id,
      title: null,
      metadata: {},
      vault_ids: [],
      environment_variables: "",
      initial_events: [],
    });
    if (!idle.ok) throw new Error(`createSession refused: ${idle.reason}`);
    await s.newEvents();
    const runs: string[] = [];
    const off = s.storage.on("runs", () => runs.push("runs"));
    expect(await s.storage.agents.deleteAgent(s.accountId, agent.id)).toBe(true);
    off();
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect((await s.storage.sessions.getSession(s.accountId, session.session.id))?.status).toBe("terminated");
    expect((await s.storage.sessions.getSession(s.accountId, idle.session.id))?.status).toBe("terminated");
    expect((await s.newEvents()).map((e) => e.type).at(-1)).toBe("agent.deleted");
  });
});
