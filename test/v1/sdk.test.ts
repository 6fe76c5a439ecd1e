/**
 * The official SDK (@anthropic-ai/sdk, `client.beta.*`) against a real in-process server on /v1:
 * the life of every served family, each response checked against the generated /v1 document
 * (test/helpers/spec/v1SpecValidator.ts), any SDK exception failing the test; objects made on one
 * surface read on the other; the SDK operations not served answer 404 naming the method.
 */
import { createHash } from "node:crypto";
import Anthropic, { toFile } from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { missingPrograms } from "../../server/sandbox/programs.ts";
import { UNSERVED_OPERATIONS } from "../../server/surfaces/anthropic/unserved.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();

beforeAll(async () => {
  server = await inProcess();
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

/** The i-th item, which the test made. */
function nth<T>(items: T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

/** Every item of a list, through the SDK's auto-pagination. */
async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

const beta = "managed-agents-2026-04-01";

async function setup() {
  const agent = await client.beta.agents.create({ name: "Echo helper", model: { id: "echo" }, system: "Be brief." });
  const environment = await client.beta.environments.create({ name: "Sandbox" });
  return { agent, environment };
}

describe("/v1 through the official SDK", () => {
  it("agents: create, retrieve, update, list across pages, versions, archive", async () => {
    const made = [];
    for (const name of ["a1", "a2", "a3"])
      made.push(await client.beta.agents.create({ name, model: "echo", metadata: { k: name } }));
    expect(made[0]?.model).toEqual({ id: "echo", speed: "standard" });
    // Runs act as the server itself: every agent has the SDK's default principal; a cloud role is refused.
    expect(made[0]?.execution_identity).toEqual({ type: "service_account" });
    const explicit = await client.beta.agents.create({
      name: "explicit identity",
      model: "echo",
      execution_identity: { type: "service_account" },
    });
    expect(explicit.execution_identity).toEqual({ type: "service_account" });
    const role = await client.beta.agents
      .update(explicit.id, { execution_identity: { type: "aws_role", role_arn: "arn:aws:iam::1:role/x" } })
      .catch((e: unknown) => e);
    expect(role).toBeInstanceOf(Anthropic.BadRequestError);
    expect((role as Error).message).toContain("execution_identity");
    const first = nth(made, 0);
    expect((await client.beta.agents.retrieve(first.id)).name).toBe("a1");
    const updated = await client.beta.agents.update(first.id, { name: "a1-renamed", metadata: { k: null, x: "y" } });
    expect(updated).toMatchObject({ name: "a1-renamed", version: 2, metadata: { x: "y" } });
    const pinned = await client.beta.agents.update(first.id, { version: 2, system: "New prompt" });
    expect(pinned.version).toBe(3);
    expect((await client.beta.agents.retrieve(first.id, { version: 1 })).name).toBe("a1");
    const listed = await all(client.beta.agents.list({ limit: 2 }));
    expect(listed.map((a) => a.id)).toEqual(expect.arrayContaining(made.map((a) => a.id)));
    expect(new Set(listed.map((a) => a.id)).size).toBe(listed.length);
    const versions = await all(client.beta.agents.versions.list(first.id, { limit: 1 }));
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    const archived = await client.beta.agents.archive(nth(made, 2).id);
    expect(archived.archived_at).not.toBeNull();
    const active = await all(client.beta.agents.list({ limit: 100 }));
    expect(active.map((a) => a.id)).not.toContain(nth(made, 2).id);
    const withArchived = await all(client.beta.agents.list({ limit: 100, include_archived: true }));
    expect(withArchived.map((a) => a.id)).toContain(nth(made, 2).id);

    // The built-in toolset, as the SDK types it, is accepted and returned. A server without the
    // sandbox's programs refuses bash (a 400 of its own tests), so the toolset goes without it there.
    const configs = [
      { name: "web_fetch" as const, enabled: false },
      ...(missingPrograms().length > 0 ? [{ name: "bash" as const, enabled: false }] : []),
    ];
    const toolAgent = await client.beta.agents.create({
      name: "with-tools",
      model: "echo",
      tools: [{ type: "agent_toolset_20260401", configs }],
    });
    expect(toolAgent.tools).toEqual([expect.objectContaining({ type: "agent_toolset_20260401", configs })]);
  });

  it("environments: create, retrieve, update, list across pages, archive, delete", async () => {
    const made = [];
    for (const name of ["e1", "e2", "e3"]) made.push(await client.beta.environments.create({ name, betas: [beta] }));
    expect(made[0]?.config).toMatchObject({
      type: "cloud",
      networking: { type: "unrestricted" },
      packages: { pip: [] },
    });
    const limited = await client.beta.environments.update(nth(made, 0).id, {
      description: "locked down",
      config: { type: "cloud", networking: { type: "limited", allowed_hosts: ["api.github.com"] } },
    });
    expect(limited.description).toBe("locked down");
    const config = (await client.beta.environments.retrieve(nth(made, 0).id)).config;
    expect(config.type === "cloud" && config.networking.type).toBe("limited");
    const listed = await all(client.beta.environments.list({ limit: 2 }));
    expect(listed.map((e) => e.id)).toEqual(expect.arrayContaining(made.map((e) => e.id)));
    expect((await client.beta.environments.archive(nth(made, 1).id)).archived_at).not.toBeNull();
    expect(await client.beta.environments.delete(nth(made, 2).id)).toEqual({
      id: nth(made, 2).id,
      type: "environment_deleted",
    });
    await expect(client.beta.environments.retrieve(nth(made, 2).id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });

  it("vaults and credentials: the whole life, secrets never returned", async () => {
    const vaults = [];
    for (const n of [1, 2, 3]) vaults.push(await client.beta.vaults.create({ display_name: `v${n}` }));
    const vault = nth(vaults, 0);
    expect((await client.beta.vaults.update(vault.id, { display_name: "Prod" })).display_name).toBe("Prod");
    expect((await client.beta.vaults.retrieve(vault.id)).display_name).toBe("Prod");
    const listed = await all(client.beta.vaults.list({ limit: 2 }));
    expect(listed.map((v) => v.id)).toEqual(expect.arrayContaining(vaults.map((v) => v.id)));

    const creds = [];
    for (const n of [1, 2, 3]) {
      creds.push(
        await client.beta.vaults.credentials.create(vault.id, {
          display_name: `GitHub ${n}`,
          auth: { type: "static_bearer", mcp_server_url: `https://mcp${n}.example.com/sse`, token: "ghp_secret_value" },
        }),
      );
    }
    const cred = nth(creds, 0);
    expect(JSON.stringify(creds)).not.toContain("ghp_secret_value");
    expect((await client.beta.vaults.credentials.retrieve(cred.id, { vault_id: vault.id })).auth.type).toBe(
      "static_bearer",
    );
    const updated = await client.beta.vaults.credentials.update(cred.id, {
      vault_id: vault.id,
      display_name: "GitHub",
    });
    expect(updated.display_name).toBe("GitHub");
    const credList = await all(client.beta.vaults.credentials.list(vault.id, { limit: 2 }));
    expect(credList.map((c) => c.id).sort()).toEqual(creds.map((c) => c.id).sort());
    expect(
      (await client.beta.vaults.credentials.archive(nth(creds, 1).id, { vault_id: vault.id })).archived_at,
    ).not.toBeNull();
    expect(await client.beta.vaults.credentials.delete(nth(creds, 2).id, { vault_id: vault.id })).toEqual({
      id: nth(creds, 2).id,
      type: "vault_credential_deleted",
    });
    expect((await client.beta.vaults.archive(nth(vaults, 1).id)).archived_at).not.toBeNull();
    expect(await client.beta.vaults.delete(nth(vaults, 2).id)).toEqual({
      id: nth(vaults, 2).id,
      type: "vault_deleted",
    });
  });

  it("sessions: create, send a message, stream the answer, list events across pages, threads, update, archive, delete", async () => {
    const { agent, environment } = await setup();
    const session = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id, title: "t" });
    expect(session).toMatchObject({
      status: "idle",
      agent: { id: agent.id, version: 1, model: { id: "echo" }, execution_identity: { type: "service_account" } },
    });

    const stream = await client.beta.sessions.events.stream(session.id);
    const sent = await client.beta.sessions.events.send(session.id, {
      events: [{ type: "user.message", content: [{ type: "text", text: "hello" }] }],
    });
    expect(sent.data?.[0]).toMatchObject({ type: "user.message" });
    const seen: string[] = [];
    let answer = "";
    for await (const event of stream) {
      validator.event(event);
      seen.push(event.type);
      if (event.type === "agent.message") answer = event.content.map((b) => ("text" in b ? b.text : "")).join("");
      if (event.type === "session.status_idle") break;
    }
    expect(answer).toBe("Echo: hello");
    expect(seen).toEqual(["user.message", "session.status_running", "agent.message", "session.status_idle"]);

    const events = await all(client.beta.sessions.events.list(session.id, { limit: 1 }));
    expect(events.map((e) => e.type)).toEqual(seen);
    const threads = await all(client.beta.sessions.threads.list(session.id));
    for (const thread of threads) {
      expect((await client.beta.sessions.threads.retrieve(thread.id, { session_id: session.id })).id).toBe(thread.id);
    }

    const more = [];
    for (const title of ["s2", "s3"])
      more.push(await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id, title }));
    const listed = await all(client.beta.sessions.list({ limit: 2 }));
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([session.id, ...more.map((s) => s.id)]));
    expect((await client.beta.sessions.update(session.id, { title: "renamed", metadata: { a: "b" } })).title).toBe(
      "renamed",
    );
    const retrieved = await client.beta.sessions.retrieve(session.id);
    expect(retrieved.status).toBe("idle");
    // The usage the echo runtime counted (one token per word), as the cloud surface reports it.
    const ours = (await server.request("GET", `/sessions/${session.id}`)).body;
    expect(ours.usage.output_tokens).toBeGreaterThan(0);
    expect(retrieved.usage).toEqual({
      input_tokens: ours.usage.input_tokens,
      output_tokens: ours.usage.output_tokens,
      cache_read_input_tokens: ours.usage.cache_read_input_tokens,
      active_seconds: ours.stats.active_seconds,
      list_cost: ours.list_cost,
      server_tool_use: ours.server_tool_use,
    });
    expect(retrieved.stats.active_seconds).toBe(ours.stats.active_seconds);
    expect(retrieved.stats.duration_seconds).toBeGreaterThanOrEqual(retrieved.stats.active_seconds ?? 0);
    expect((await client.beta.sessions.archive(nth(more, 0).id)).archived_at).not.toBeNull();
    expect(await client.beta.sessions.delete(nth(more, 1).id)).toEqual({
      id: nth(more, 1).id,
      type: "session_deleted",
    });
  });

  it("threads: a coordinator's sub-agent threads, retrieved, their events listed and streamed", async () => {
    const { environment } = await setup();
    const researcher = await client.beta.agents.create({ name: "researcher", model: "echo" });
    const coordinator = await client.beta.agents.create({
      name: "coordinator",
      model: "echo",
      multiagent: { type: "coordinator", agents: [researcher.id] },
    });
    const session = await client.beta.sessions.create({ agent: coordinator.id, environment_id: environment.id });
    const stream = await client.beta.sessions.events.stream(session.id);
    await client.beta.sessions.events.send(session.id, {
      events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }],
    });
    const threadIds: string[] = [];
    for await (const event of stream) {
      validator.event(event);
      if (event.type === "session.thread_created") {
        expect(event.agent_name).toBe("researcher");
        threadIds.push(event.session_thread_id);
      }
      if (event.type === "session.status_idle") break;
    }
    expect(threadIds).toHaveLength(1);
    const threadId = nth(threadIds, 0);
    const threads = await all(client.beta.sessions.threads.list(session.id, { limit: 1 }));
    expect(threads.map((t) => t.id)).toContain(threadId);
    const thread = await client.beta.sessions.threads.retrieve(threadId, { session_id: session.id });
    expect(thread).toMatchObject({
      type: "session_thread",
      session_id: session.id,
      agent: { id: researcher.id, name: "researcher" },
    });
    const events = await all(client.beta.sessions.threads.events.list(threadId, { session_id: session.id, limit: 1 }));
    expect(events.map((e) => e.type)).toEqual([
      "session.thread_created",
      "agent.message",
      "session.thread_status_idle",
    ]);
    const threadStream = await client.beta.sessions.threads.events.stream(threadId, { session_id: session.id });
    const streamed: string[] = [];
    for await (const event of threadStream) {
      validator.event(event);
      streamed.push(event.type);
      if (event.type === "session.thread_status_idle") break;
    }
    expect(streamed).toEqual(events.map((e) => e.type));
  });

  it("deployments: create, update, pause, unpause, run, runs listed, archive", async () => {
    const { agent, environment } = await setup();
    const deployment = await client.beta.deployments.create({
      name: "digest",
      agent: agent.id,
      environment_id: environment.id,
      initial_events: [{ type: "user.message", content: [{ type: "text", text: "report" }] }],
    });
    expect(deployment).toMatchObject({ status: "active", agent: { id: agent.id, version: 1 } });
    expect((await client.beta.deployments.update(deployment.id, { description: "daily" })).description).toBe("daily");
    expect((await client.beta.deployments.pause(deployment.id)).status).toBe("paused");
    expect((await client.beta.deployments.unpause(deployment.id)).status).toBe("active");
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await client.beta.deployments.run(deployment.id));
    expect(runs[0]).toMatchObject({
      type: "deployment_run",
      deployment_id: deployment.id,
      trigger_context: { type: "manual" },
    });
    expect((await client.beta.deploymentRuns.retrieve(nth(runs, 0).id)).session_id).toBe(nth(runs, 0).session_id);
    const listed = await all(client.beta.deploymentRuns.list({ deployment_id: deployment.id, limit: 2 }));
    expect(listed.map((r) => r.id).sort()).toEqual(runs.map((r) => r.id).sort());
    expect((await all(client.beta.deployments.list({ limit: 1 }))).map((d) => d.id)).toContain(deployment.id);
    expect((await client.beta.deployments.archive(deployment.id)).archived_at).not.toBeNull();
  });

  it("skills: create from files, retrieve, list across pages, delete", async () => {
    const made = [];
    for (const n of [1, 2, 3]) {
      const md = `---\nname: sdk-skill-${n}\ndescription: Made through the SDK.\n---\n# Skill ${n}\n`;
      made.push(
        await client.beta.skills.create({
          display_name: `SDK skill ${n}`,
          files: [await toFile(Buffer.from(md), `sdk-skill-${n}/SKILL.md`)],
        }),
      );
    }
    expect(made[0]).toMatchObject({ type: "skill", display_name: "SDK skill 1", source: { type: "custom" } });
    expect((await client.beta.skills.retrieve(nth(made, 0).id)).latest_version_id).toBe(nth(made, 0).latest_version_id);
    const custom = await all(client.beta.skills.list({ source: "custom", limit: 2 }));
    expect(custom.map((s) => s.id).sort()).toEqual(made.map((s) => s.id).sort());
    expect(await client.beta.skills.delete(nth(made, 2).id)).toEqual({ id: nth(made, 2).id, type: "skill_deleted" });
    const tooBig = await client.beta.skills
      .create({ files: [await toFile(Buffer.alloc(11 * 1024 * 1024), "big/SKILL.md")] })
      .catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(Anthropic.APIError);
    expect((tooBig as InstanceType<typeof Anthropic.APIError>).status).toBe(413);
  });

  it("memory stores: the store's life, a memory written, read back, updated with a precondition, versions, redact, delete", async () => {
    const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const stores = [];
    for (const n of [1, 2, 3]) {
      stores.push(await client.beta.memoryStores.create({ name: `sdk-notes-${n}`, metadata: { n: String(n) } }));
    }
    const store = nth(stores, 0);
    expect(store).toMatchObject({ type: "memory_store", name: "sdk-notes-1", description: "", archived_at: null });
    expect((await client.beta.memoryStores.retrieve(store.id)).name).toBe("sdk-notes-1");
    const renamed = await client.beta.memoryStores.update(store.id, {
      description: "What the agent learns",
      name: null,
    });
    expect(renamed).toMatchObject({ name: "sdk-notes-1", description: "What the agent learns" });
    const listed = await all(client.beta.memoryStores.list({ limit: 2 }));
    expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining(stores.map((x) => x.id)));

    // A memory: written, read back with its content, listed without it (auto-pagination across pages).
    const text = "The customer prefers email.";
    const written = await client.beta.memoryStores.memories.create(store.id, {
      path: "/customers/acme.md",
      content: text,
    });
    expect(written).toMatchObject({
      type: "memory",
      memory_store_id: store.id,
      path: "/customers/acme.md",
      content: null,
      content_sha256: sha(text),
      content_size_bytes: Buffer.byteLength(text),
    });
    const read = await client.beta.memoryStores.memories.retrieve(written.id, { memory_store_id: store.id });
    expect(read).toEqual({ ...written, content: text });
    for (const path of ["/customers/globex.md", "/notes/todo.md"]) {
      await client.beta.memoryStores.memories.create(store.id, { path, content: path });
    }
    const memories = await all(client.beta.memoryStores.memories.list(store.id, { limit: 1 }));
    expect(memories.map((m) => m.path)).toEqual(["/customers/acme.md", "/customers/globex.md", "/notes/todo.md"]);
    const customers = await all(
      client.beta.memoryStores.memories.list(store.id, { path_prefix: "/customers/", view: "full" }),
    );
    expect(customers.map((m) => (m.type === "memory" ? m.content : null))).toEqual([text, "/customers/globex.md"]);
    const taken = await client.beta.memoryStores.memories
      .create(store.id, { path: "/customers/acme.md", content: "again" })
      .catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(Anthropic.ConflictError);

    // Updated with the hash read: applies once; the same stale hash then loses (409), nothing written.
    const next = `${text} Renews in March.`;
    const updated = await client.beta.memoryStores.memories.update(written.id, {
      memory_store_id: store.id,
      content: next,
      precondition: { type: "content_sha256", content_sha256: read.content_sha256 },
      view: "full",
    });
    expect(updated).toMatchObject({ content: next, content_sha256: sha(next) });
    expect(updated.memory_version_id).not.toBe(written.memory_version_id);
    const stale = await client.beta.memoryStores.memories
      .update(written.id, {
        memory_store_id: store.id,
        content: "lost update",
        precondition: { type: "content_sha256", content_sha256: read.content_sha256 },
      })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(Anthropic.ConflictError);
    expect((await client.beta.memoryStores.memories.retrieve(written.id, { memory_store_id: store.id })).content).toBe(
      next,
    );
    // Renames and depth=1 roll-ups: test/v1/sdkMethods.test.ts.

    // Versions: newest first, the SDK's operations and actors; the first one redacted.
    const versions = await all(
      client.beta.memoryStores.memoryVersions.list(store.id, { memory_id: written.id, limit: 1 }),
    );
    expect(versions.map((v) => v.operation)).toEqual(["modified", "created"]);
    expect(nth(versions, 0).id).toBe(updated.memory_version_id);
    expect(nth(versions, 1).created_by).toMatchObject({ type: "api_actor" });
    const first = await client.beta.memoryStores.memoryVersions.retrieve(nth(versions, 1).id, {
      memory_store_id: store.id,
    });
    expect(first).toMatchObject({ content: text, path: "/customers/acme.md", content_sha256: sha(text) });
    const redacted = await client.beta.memoryStores.memoryVersions.redact(first.id, { memory_store_id: store.id });
    expect(redacted).toMatchObject({ content: null, content_sha256: null, redacted_at: expect.any(String) });

    // Delete with the precondition: a stale hash deletes nothing; the current one deletes.
    const staleDelete = await client.beta.memoryStores.memories
      .delete(written.id, { memory_store_id: store.id, expected_content_sha256: sha(text) })
      .catch((e: unknown) => e);
    expect(staleDelete).toBeInstanceOf(Anthropic.ConflictError);
    expect(
      await client.beta.memoryStores.memories.delete(written.id, {
        memory_store_id: store.id,
        expected_content_sha256: sha(next),
      }),
    ).toEqual({ id: written.id, type: "memory_deleted" });
    await expect(
      client.beta.memoryStores.memories.retrieve(written.id, { memory_store_id: store.id }),
    ).rejects.toBeInstanceOf(Anthropic.NotFoundError);

    // A session that mounts the store (read-only): its resources say where; an archived store is refused.
    const { agent, environment } = await setup();
    const withMemory = await client.beta.sessions.create({
      agent: agent.id,
      environment_id: environment.id,
      resources: [{ type: "memory_store", memory_store_id: store.id, access: "read_only" }],
    });
    expect(withMemory.resources).toEqual([
      {
        type: "memory_store",
        memory_store_id: store.id,
        access: "read_only",
        name: "sdk-notes-1",
        description: "What the agent learns",
        mount_path: "/mnt/memory/sdk-notes-1",
        instructions: null,
      },
    ]);
    expect((await client.beta.sessions.retrieve(withMemory.id)).resources).toEqual(withMemory.resources);

    // The same store on /api/v1/cloud, with its memory paths without the leading /.
    const viaCloud = await server.request("GET", `/memory_stores/${store.id}/memories`);
    expect(viaCloud.body.data.map((m: { path: string }) => m.path)).toEqual(["customers/globex.md", "notes/todo.md"]);

    expect((await client.beta.memoryStores.archive(nth(stores, 1).id)).archived_at).not.toBeNull();
    expect(await client.beta.memoryStores.delete(nth(stores, 2).id)).toEqual({
      id: nth(stores, 2).id,
      type: "memory_store_deleted",
    });
    await expect(client.beta.memoryStores.retrieve(nth(stores, 2).id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const archivedAttach = await client.beta.sessions
      .create({
        agent: agent.id,
        environment_id: environment.id,
        resources: [{ type: "memory_store", memory_store_id: nth(stores, 1).id }],
      })
      .catch((e: unknown) => e);
    expect(archivedAttach).toBeInstanceOf(Anthropic.ConflictError);
    const depth = await client.beta.memoryStores.memories.list(store.id, { depth: 2 }).catch((e: unknown) => e);
    expect(depth).toBeInstanceOf(Anthropic.BadRequestError);
    expect((depth as Error).message).toContain("depth");
  });

  it("lists in either order and within created_at bounds, across pages, as the SDK's list params offer", async () => {
    const { agent, environment } = await setup();
    // Sessions made at three distinct times (each next one once the clock has moved on).
    const made: Awaited<ReturnType<typeof client.beta.sessions.create>>[] = [];
    while (made.length < 3) {
      const s = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id });
      const previous = made[made.length - 1];
      if (!previous || s.created_at > previous.created_at) made.push(s);
      else await client.beta.sessions.delete(s.id);
    }
    const ids = made.map((s) => s.id);
    const from = nth(made, 1).created_at;
    const to = nth(made, 2).created_at;
    const mine = (list: { id: string }[]) => list.map((s) => s.id).filter((id) => ids.includes(id));
    const desc = mine(await all(client.beta.sessions.list({ limit: 1, agent_id: agent.id })));
    const asc = mine(await all(client.beta.sessions.list({ limit: 1, agent_id: agent.id, order: "asc" })));
    expect(desc).toEqual([...ids].reverse());
    expect(asc).toEqual(ids);
    const since = await all(client.beta.sessions.list({ limit: 1, agent_id: agent.id, "created_at[gte]": from }));
    expect(mine(since)).toEqual([nth(ids, 2), nth(ids, 1)]);
    const between = await all(
      client.beta.sessions.list({
        agent_id: agent.id,
        order: "asc",
        "created_at[gt]": made[0]?.created_at,
        "created_at[lt]": to,
      }),
    );
    expect(mine(between)).toEqual([nth(ids, 1)]);
    const upTo = await all(client.beta.agents.list({ limit: 1, "created_at[lte]": agent.created_at }));
    expect(upTo.map((a) => a.id)).toContain(agent.id);
    expect(upTo.every((a) => a.created_at <= agent.created_at)).toBe(true);

    // Events newest first, and only those from a time on.
    await client.beta.sessions.events.send(nth(ids, 0), {
      events: [{ type: "user.message", content: [{ type: "text", text: "hello" }] }],
    });
    const types = await waitFor(
      async () => {
        const listed = (await all(client.beta.sessions.events.list(nth(ids, 0), { limit: 1 }))).map((e) => e.type);
        return listed.includes("session.status_idle") ? listed : null;
      },
      { what: "the turn to end" },
    );
    const newestFirst = await all(client.beta.sessions.events.list(nth(ids, 0), { limit: 1, order: "desc" }));
    expect(newestFirst.map((e) => e.type)).toEqual([...types].reverse());

    // Memory stores and their versions take created_at bounds too.
    const stores = [];
    while (stores.length < 2) {
      const store = await client.beta.memoryStores.create({ name: `ranged-${stores.length}-${Date.now()}` });
      const previous = stores[stores.length - 1];
      if (!previous || store.created_at > previous.created_at) stores.push(store);
      else await client.beta.memoryStores.delete(store.id);
    }
    const later = await all(client.beta.memoryStores.list({ "created_at[gte]": nth(stores, 1).created_at }));
    expect(later.map((x) => x.id)).toContain(nth(stores, 1).id);
    expect(later.map((x) => x.id)).not.toContain(nth(stores, 0).id);
    const earlier = await all(client.beta.memoryStores.list({ "created_at[lte]": nth(stores, 0).created_at }));
    expect(earlier.map((x) => x.id)).toContain(nth(stores, 0).id);
    expect(earlier.map((x) => x.id)).not.toContain(nth(stores, 1).id);
    const written = await client.beta.memoryStores.memories.create(nth(stores, 0).id, { path: "/a.md", content: "a" });
    const versions = await all(
      client.beta.memoryStores.memoryVersions.list(nth(stores, 0).id, { "created_at[gte]": written.created_at }),
    );
    expect(versions.map((v) => v.memory_id)).toEqual([written.id]);
    const none = await all(
      client.beta.memoryStores.memoryVersions.list(nth(stores, 0).id, { "created_at[lte]": "2000-01-01T00:00:00Z" }),
    );
    expect(none).toEqual([]);
  });

  it("answers errors in the Anthropic envelope, raised as the SDK's error classes", async () => {
    const stranger = new Anthropic({
      baseURL: server.url,
      apiKey: "not-a-token",
      maxRetries: 0,
      fetch: validator.fetch(),
    });
    await expect(stranger.beta.agents.list()).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const bearer = new Anthropic({
      baseURL: server.url,
      apiKey: null,
      authToken: server.token,
      maxRetries: 0,
      fetch: validator.fetch(),
    });
    expect(Array.isArray((await bearer.beta.vaults.list()).data)).toBe(true);
    await expect(client.beta.agents.retrieve("agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K")).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    );
    const bad = await client.beta.agents.create({ name: "", model: "echo" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect((bad as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error" },
    });
    await expect(client.beta.agents.list({ page: "nope" })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });

  it("validates requests against the /v1 document: unknown fields and parameters, bad values, methods and paths", async () => {
    const raw = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await validator.fetch()(`${server.url}${path}`, {
        method,
        headers: {
          "x-api-key": server.token,
          "anthropic-beta": beta,
          ...(body ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { error: { type: string; message: string } } };
    };
    const unknownField = await raw("POST", "/v1/vaults", { display_name: "x", colour: "red" });
    expect(unknownField).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error" } } });
    expect(unknownField.body.error.message).toContain("colour");
    const missing = await raw("POST", "/v1/agents", { name: "no model" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("model");
    const limit = await raw("GET", "/v1/agents?limit=1000");
    expect(limit.status).toBe(400);
    expect(limit.body.error.message).toContain("limit");
    const param = await raw("GET", "/v1/agents?colour=red");
    expect(param.body.error.message).toContain("colour");
    const order = await raw("GET", "/v1/sessions?order=sideways");
    expect(order.status).toBe(400);
    expect(order.body.error.message).toContain("order");
    const range = await raw("GET", "/v1/agents?created_at%5Bgte%5D=yesterday");
    expect(range.status).toBe(400);
    expect(range.body.error.message).toContain("created_at[gte]");
    // A bound the SDK does not offer on this list is refused, naming it.
    const gt = await raw("GET", "/v1/agents?created_at%5Bgt%5D=2026-01-01T00:00:00Z");
    expect(gt.status).toBe(400);
    expect(gt.body.error.message).toContain("created_at[gt]");
    expect((await raw("PUT", "/v1/agents")).status).toBe(405);
    expect(await raw("GET", "/v1/nothing-here")).toMatchObject({
      status: 404,
      body: { error: { type: "not_found_error" } },
    });
    expect(await raw("GET", "/v1/agents", undefined, { "x-api-key": "" })).toMatchObject({
      status: 401,
      body: { error: { type: "authentication_error" } },
    });
    const speed = await raw("POST", "/v1/agents", { name: "fast", model: { id: "echo", speed: "fast" } });
    expect(speed.body.error.message).toContain("model.speed");
    const packages = await raw("POST", "/v1/environments", {
      name: "p",
      config: { type: "cloud", packages: { pip: ["requests; rm -rf /"] } },
    });
    expect(packages.body.error.message).toContain("config.packages.pip[0]");
  });

  it("checks responses for real: an object in the /api/v1/cloud shape is not a /v1 agent", async () => {
    const ours = await server.request("POST", "/agents", { body: { name: "cloud-shaped", model: "echo" } });
    validator.response("GET", `/v1/agents/${ours.body.id}`, 200, ours.body);
    const caught = validator.failures.splice(0);
    expect(caught).toHaveLength(1);
    expect(caught[0]).toContain("model");
    validator.event({ id: "sevt_x", type: "session.status_idled", processed_at: null });
    expect(validator.failures.splice(0)).toHaveLength(1);
  });

  it("labels its requests by route template in the metrics", async () => {
    await client.beta.agents.list({ limit: 1 });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('route="/v1/agents"');
  });

  it("answers every SDK operation it does not serve with 404 naming it and why", async () => {
    const err = await client.beta.tunnels.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.NotFoundError);
    expect((err as Error).message).toContain("client.beta.tunnels.list");
    expect((err as Error).message).toContain("cannot apply to a self-hosted server");
    // No row of the table shadows a documented operation.
    const documented = Object.entries(validator.spec.paths as Record<string, Record<string, unknown>>).flatMap(
      ([template, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${template.replace(/\{[^}]+\}/g, "{id}")}`),
    );
    for (const [method, template] of UNSERVED_OPERATIONS) expect(documented).not.toContain(`${method} ${template}`);
  });

  it("one resource on both surfaces: made through /v1 and read through /api/v1/cloud, and back", async () => {
    const { agent, environment } = await setup();
    const viaCloud = await server.request("GET", `/agents/${agent.id}`);
    expect(viaCloud.status).toBe(200);
    expect(viaCloud.body).toMatchObject({ id: agent.id, name: agent.name, model: "echo", version: 1 });
    const session = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id });
    expect((await server.request("GET", `/sessions/${session.id}`)).body).toMatchObject({ agent: { id: agent.id } });

    const vault = await server.request("POST", "/vaults", { body: { display_name: "Made on cloud" } });
    expect((await client.beta.vaults.retrieve(vault.body.id)).display_name).toBe("Made on cloud");
    const env = await server.request("POST", "/environments", { body: { name: "cloud env" } });
    await client.beta.environments.update(env.body.id, { name: "renamed on v1" });
    expect((await server.request("GET", `/environments/${env.body.id}`)).body.name).toBe("renamed on v1");
    // Another account's token sees nothing of this one on /v1 either.
    const other = new Anthropic({
      baseURL: server.url,
      apiKey: await server.tokenFor("other"),
      maxRetries: 0,
      fetch: validator.fetch(),
    });
    await expect(other.beta.vaults.retrieve(vault.body.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });

  it("serves its own docs page and document", async () => {
    const docs = await fetch(`${server.url}/docs/v1`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("Anthropic-compatible");
    const spec = (await (await fetch(`${server.url}/docs/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(spec.paths)).toContain("/v1/sessions/{session_id}/events/stream");
  });
});
