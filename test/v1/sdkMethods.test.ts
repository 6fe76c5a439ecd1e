/**
 * The SDK methods /v1 answered 404 before: `skills.versions.*`, `sessions.threads.archive` and
 * `vaults.credentials.mcpOAuthValidate`, through the official SDK against a real in-process server,
 * every response checked against the /v1 document; the credential probes go to a real MCP server
 * and a real OAuth token endpoint on loopback. The native twins (`/validate`, thread archive) answer
 * the same objects on /api/v1/cloud.
 */
import Anthropic, { toFile } from "@anthropic-ai/sdk";
import { unzipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { startTokenEndpoint, type TestTokenEndpoint } from "../helpers/fakes/oauthServer.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let client: Anthropic;
let mcp: TestMcpServer;
let tokens: TestTokenEndpoint;
const validator = new V1SpecValidator();

beforeAll(async () => {
  mcp = await startMcpServer();
  tokens = await startTokenEndpoint();
  server = await inProcess();
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
  await mcp?.close();
  await tokens?.close();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
  tokens.requests.length = 0;
});

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

const skillMd = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

describe("skills.versions through the official SDK", () => {
  it("creates versions, lists them newest first across pages, retrieves, downloads and deletes one", async () => {
    const skill = await client.beta.skills.create({
      files: [await toFile(Buffer.from(skillMd("versioned", "First.")), "versioned/SKILL.md")],
    });
    const second = await client.beta.skills.versions.create(skill.id, {
      files: [
        await toFile(Buffer.from(skillMd("versioned", "Second.")), "versioned/SKILL.md"),
        await toFile(Buffer.from("echo hi\n"), "versioned/run.sh"),
      ],
    });
    expect(second).toMatchObject({
      type: "skill_version",
      skill_id: skill.id,
      name: "versioned",
      description: "Second.",
    });
    // The version's id is what the skill's latest_version_id names.
    expect((await client.beta.skills.retrieve(skill.id)).latest_version_id).toBe(second.id);
    const listed = await all(client.beta.skills.versions.list(skill.id, { limit: 1 }));
    expect(listed.map((v) => v.id)).toEqual([second.id, skill.latest_version_id]);
    expect(await client.beta.skills.versions.retrieve(skill.latest_version_id, { skill_id: skill.id })).toMatchObject({
      id: skill.latest_version_id,
      description: "First.",
    });
    expect((await client.beta.skills.versions.retrieve("latest", { skill_id: skill.id })).id).toBe(second.id);

    const download = await client.beta.skills.versions.download(second.id, { skill_id: skill.id });
    expect(download.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["versioned/SKILL.md", "versioned/run.sh"]);
    expect(new TextDecoder().decode(files["versioned/run.sh"])).toBe("echo hi\n");

    // A version whose SKILL.md names another skill is refused, naming the field.
    const other = await client.beta.skills.versions
      .create(skill.id, { files: [await toFile(Buffer.from(skillMd("another", "x")), "another/SKILL.md")] })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Anthropic.BadRequestError);
    expect((other as Error).message).toContain("files");

    expect(await client.beta.skills.versions.delete(skill.latest_version_id, { skill_id: skill.id })).toEqual({
      id: skill.latest_version_id,
      type: "skill_version_deleted",
    });
    const gone = await client.beta.skills.versions
      .retrieve(skill.latest_version_id, { skill_id: skill.id })
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(Anthropic.NotFoundError);
    // The only version left cannot go: delete the skill instead.
    const only = await client.beta.skills.versions.delete(second.id, { skill_id: skill.id }).catch((e: unknown) => e);
    expect(only).toBeInstanceOf(Anthropic.ConflictError);
    const missing = await client.beta.skills.versions.list("skill_01JD3Q6M2B7X9R4T8V0W5Y1Z3K").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
  });
});

describe("sessions.threads.archive", () => {
  it("archives an idle sub-agent thread, which is not run again on later turns", async () => {
    const researcher = await client.beta.agents.create({ name: "researcher", model: "echo" });
    const coordinator = await client.beta.agents.create({
      name: "coordinator",
      model: "echo",
      multiagent: { type: "coordinator", agents: [researcher.id] },
    });
    const environment = await client.beta.environments.create({ name: "threads" });
    const session = await client.beta.sessions.create({ agent: coordinator.id, environment_id: environment.id });
    const turn = async (text: string) => {
      const stream = await client.beta.sessions.events.stream(session.id);
      await client.beta.sessions.events.send(session.id, {
        events: [{ type: "user.message", content: [{ type: "text", text }] }],
      });
      for await (const event of stream) {
        validator.event(event);
        if (event.type === "session.status_idle") break;
      }
    };
    await turn("first");
    const [thread] = await all(client.beta.sessions.threads.list(session.id));
    if (!thread) throw new Error("no thread");
    expect(thread.archived_at).toBeNull();
    const before = (await all(client.beta.sessions.threads.events.list(thread.id, { session_id: session.id }))).length;

    const archived = await client.beta.sessions.threads.archive(thread.id, { session_id: session.id });
    expect(archived).toMatchObject({ id: thread.id, type: "session_thread", status: "idle" });
    expect(archived.archived_at).not.toBeNull();
    // Again: nothing changes. And the native surface shows the same thread archived.
    expect((await client.beta.sessions.threads.archive(thread.id, { session_id: session.id })).archived_at).toBe(
      archived.archived_at,
    );
    const native = await server.request("GET", `/sessions/${session.id}/threads/${thread.id}`);
    expect(native.body).toMatchObject({ id: thread.id, archived_at: archived.archived_at });

    await turn("second");
    const events = await all(client.beta.sessions.events.list(session.id));
    expect(events.filter((e) => e.type === "agent.message").length).toBeGreaterThanOrEqual(2);
    const after = await all(client.beta.sessions.threads.events.list(thread.id, { session_id: session.id }));
    expect(after).toHaveLength(before);
    expect((await client.beta.sessions.threads.retrieve(thread.id, { session_id: session.id })).archived_at).toBe(
      archived.archived_at,
    );

    const unknown = await client.beta.sessions.threads
      .archive("sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z", { session_id: session.id })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
    const nativeArchive = await server.request("POST", `/sessions/${session.id}/threads/${thread.id}/archive`);
    expect(nativeArchive.status).toBe(200);
    expect(nativeArchive.body.archived_at).toBe(archived.archived_at);
  });
});

describe("vaults.credentials.mcpOAuthValidate against a real MCP server", () => {
  let n = 0;
  async function credential(auth: Record<string, unknown>) {
    const vault = await client.beta.vaults.create({ display_name: `validate ${++n}` });
    const made = await server.request("POST", `/vaults/${vault.id}/credentials`, { body: { auth } });
    expect(made.status).toBe(200);
    return { vault_id: vault.id, id: made.body.id as string };
  }
  const validate = (c: { vault_id: string; id: string }) =>
    client.beta.vaults.credentials.mcpOAuthValidate(c.id, { vault_id: c.vault_id });

  it("finds a static bearer token the server accepts valid, and one it rejects invalid", async () => {
    mcp.accept(["good-static-41f2"]);
    const good = await credential({ type: "static_bearer", mcp_server_url: mcp.url, token: "good-static-41f2" });
    const verdict = await validate(good);
    expect(verdict).toMatchObject({
      type: "vault_credential_validation",
      credential_id: good.id,
      vault_id: good.vault_id,
      status: "valid",
      has_refresh_token: false,
      mcp_probe: null,
      refresh: null,
    });
    expect(mcp.authorizations).toContain("Bearer good-static-41f2");
    const bad = await credential({ type: "static_bearer", mcp_server_url: mcp.url, token: "wrong-static-77aa" });
    const rejected = await validate(bad);
    expect(rejected).toMatchObject({
      status: "invalid",
      mcp_probe: { method: "initialize", http_response: { status_code: 401, content_type: "application/json" } },
      refresh: { status: "no_refresh_token", http_response: null },
    });
    expect(rejected.mcp_probe?.http_response?.body).toContain("invalid_token");
    // The native surface answers the same verdict.
    const native = await server.request("POST", `/vaults/${bad.vault_id}/credentials/${bad.id}/validate`);
    expect(native.status).toBe(200);
    expect(native.body).toMatchObject({ type: "vault_credential_validation", status: "invalid" });
  });

  it("refreshes a rejected OAuth token once and finds the credential valid with the new one", async () => {
    mcp.accept(["fresh-access-5c1d"]);
    tokens.grant({ access_token: "fresh-access-5c1d", refresh_token: "next-refresh-9e0b", expires_in: 3600 });
    const c = await credential({
      type: "mcp_oauth",
      mcp_server_url: mcp.url,
      access_token: "stale-access-2b7e",
      refresh: {
        client_id: "client-v",
        refresh_token: "refresh-v-33c1",
        token_endpoint: tokens.url,
        token_endpoint_auth: { type: "none" },
      },
    });
    const verdict = await validate(c);
    expect(verdict).toMatchObject({
      status: "valid",
      has_refresh_token: true,
      mcp_probe: null,
      refresh: { status: "succeeded", http_response: null },
    });
    expect(tokens.requests).toHaveLength(1);
    expect(tokens.requests[0]?.form).toMatchObject({ grant_type: "refresh_token", refresh_token: "refresh-v-33c1" });
    // The new token was stored: the next validation needs no refresh.
    const again = await validate(c);
    expect(again).toMatchObject({ status: "valid", refresh: null });
    expect(tokens.requests).toHaveLength(1);
    expect(JSON.stringify([verdict, again])).not.toMatch(/fresh-access|refresh-v-33c1|next-refresh/);
  });

  it("reports a refresh the token endpoint refuses, with its answer, as invalid", async () => {
    mcp.accept(["never-this-one"]);
    tokens.fail("invalid_grant");
    const c = await credential({
      type: "mcp_oauth",
      mcp_server_url: mcp.url,
      access_token: "stale-access-8d2a",
      refresh: {
        client_id: "client-f",
        refresh_token: "refresh-f-61aa",
        token_endpoint: tokens.url,
        token_endpoint_auth: { type: "none" },
      },
    });
    const verdict = await validate(c);
    expect(verdict).toMatchObject({
      status: "invalid",
      has_refresh_token: true,
      refresh: { status: "failed", http_response: { status_code: 400, body_truncated: false } },
    });
    expect(verdict.refresh?.http_response?.body).toContain("invalid_grant");
    expect(JSON.stringify(verdict)).not.toContain("refresh-f-61aa");
  });

  it("cannot tell when the MCP server is unreachable, and refuses credentials that are not MCP ones", async () => {
    const closed = await startMcpServer();
    const url = closed.url;
    await closed.close();
    const c = await credential({ type: "static_bearer", mcp_server_url: url, token: "t-unreachable-1" });
    expect(await validate(c)).toMatchObject({
      status: "unknown",
      mcp_probe: { method: "initialize", http_response: null },
      refresh: null,
    });
    const env = await credential({ type: "environment_variable", secret_name: "API_KEY", secret_value: "v" });
    const refused = await validate(env).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    await client.beta.vaults.credentials.archive(c.id, { vault_id: c.vault_id });
    expect(await validate(c).catch((e: unknown) => e)).toBeInstanceOf(Anthropic.ConflictError);
  });
});

describe("memories: renames, depth=1 roll-ups, redacted versions", () => {
  it("renames a memory (same id, same content), refuses a taken path, and records the change", async () => {
    const store = await client.beta.memoryStores.create({ name: "rename-notes" });
    const memory = await client.beta.memoryStores.memories.create(store.id, {
      path: "/drafts/plan.md",
      content: "plan",
    });
    await client.beta.memoryStores.memories.create(store.id, { path: "/taken.md", content: "t" });
    const renamed = await client.beta.memoryStores.memories.update(memory.id, {
      memory_store_id: store.id,
      path: "/final/plan.md",
    });
    expect(renamed).toMatchObject({ id: memory.id, path: "/final/plan.md", content_sha256: memory.content_sha256 });
    const read = await client.beta.memoryStores.memories.retrieve(memory.id, { memory_store_id: store.id });
    expect(read).toMatchObject({ path: "/final/plan.md", content: "plan" });
    // A rename and a new content at once, under the precondition.
    const both = await client.beta.memoryStores.memories.update(memory.id, {
      memory_store_id: store.id,
      path: "/final/plan-v2.md",
      content: "plan, second draft",
      precondition: { type: "content_sha256", content_sha256: read.content_sha256 },
    });
    expect(both).toMatchObject({ path: "/final/plan-v2.md", content_size_bytes: 18 });
    const taken = await client.beta.memoryStores.memories
      .update(memory.id, { memory_store_id: store.id, path: "/taken.md" })
      .catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(Anthropic.ConflictError);
    const versions = await all(client.beta.memoryStores.memoryVersions.list(store.id, { memory_id: memory.id }));
    expect(versions.map((v) => [v.operation, v.path])).toEqual([
      ["modified", "/final/plan-v2.md"],
      ["modified", "/final/plan.md"],
      ["created", "/drafts/plan.md"],
    ]);
    // The native surface renames too (its paths have no leading slash).
    const native = await server.request("POST", `/memory_stores/${store.id}/memories/${memory.id}`, {
      body: { path: "archive/plan.md" },
    });
    expect(native.status).toBe(200);
    expect(native.body).toMatchObject({ path: "archive/plan.md", content: "plan, second draft" });
  });

  it("lists the direct children of a prefix with depth=1, deeper memories rolled up, across pages", async () => {
    const store = await client.beta.memoryStores.create({ name: "tree-notes" });
    for (const path of ["/a.md", "/notes/x.md", "/notes/deep/y.md", "/notes/deep/z.md", "/notes/z.md", "/other/q.md"]) {
      await client.beta.memoryStores.memories.create(store.id, { path, content: path });
    }
    const top = await all(client.beta.memoryStores.memories.list(store.id, { depth: 1, limit: 1 }));
    expect(top.map((i) => [i.type, i.path])).toEqual([
      ["memory", "/a.md"],
      ["memory_prefix", "/notes/"],
      ["memory_prefix", "/other/"],
    ]);
    const notes = await all(
      client.beta.memoryStores.memories.list(store.id, { depth: 1, path_prefix: "/notes/", limit: 2, view: "full" }),
    );
    expect(notes.map((i) => [i.type, i.path])).toEqual([
      ["memory_prefix", "/notes/deep/"],
      ["memory", "/notes/x.md"],
      ["memory", "/notes/z.md"],
    ]);
    const x = notes[1];
    expect(x?.type === "memory" && x.content).toBe("/notes/x.md");
    // depth 0 still lists everything below the prefix.
    expect(await all(client.beta.memoryStores.memories.list(store.id, { path_prefix: "/notes/" }))).toHaveLength(4);
  });

  it("shows nothing of a redacted version: content, path, size and digest are null", async () => {
    const store = await client.beta.memoryStores.create({ name: "redact-notes" });
    const memory = await client.beta.memoryStores.memories.create(store.id, {
      path: "/secret/plan.md",
      content: "s3cret",
    });
    const [version] = await all(client.beta.memoryStores.memoryVersions.list(store.id, { memory_id: memory.id }));
    if (!version) throw new Error("no version");
    expect(version.path).toBe("/secret/plan.md");
    const redacted = await client.beta.memoryStores.memoryVersions.redact(version.id, { memory_store_id: store.id });
    expect(redacted).toMatchObject({
      content: null,
      path: null,
      content_size_bytes: null,
      content_sha256: null,
      redacted_at: expect.any(String),
    });
    const again = await client.beta.memoryStores.memoryVersions.retrieve(version.id, {
      memory_store_id: store.id,
      view: "full",
    });
    expect(again).toMatchObject({ content: null, path: null, content_size_bytes: null, content_sha256: null });
  });
});
