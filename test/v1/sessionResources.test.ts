/**
 * `client.beta.sessions.resources` of the official SDK (@anthropic-ai/sdk 1.12) against a real
 * in-process server on /v1: add (a file; a repository on the native surface, whose SDK add takes
 * files only), list with auto-pagination and the memory stores given at create, retrieve, update
 * (a repository's token rotated, never returned, sealed at rest), delete; mount paths checked (a
 * file over /workspace/skills, `..`, overlapping paths, outside /workspace and /mnt: 400 naming
 * `mount_path`); 409 while a turn runs; the server's own read of a repository's token. Every
 * response is checked against the /v1 document.
 */
import Anthropic, { toFile } from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { repositoryResourcesForClone } from "../../server/domain/sessionResources.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { databaseText } from "../helpers/servers/testDatabase.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();
const TOKEN = "ghp_resource_token_0123456789_first";
const ROTATED = "ghp_resource_token_0123456789_second";

beforeAll(async () => {
  server = await inProcess({ env: { ECHO_RUNTIME_DELAY_MS: "1500" } });
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

async function session(resources: Anthropic.Beta.Sessions.SessionCreateParams["resources"] = []) {
  const agent = await client.beta.agents.create({ name: "resources", model: "echo" });
  const environment = await client.beta.environments.create({ name: "resources" });
  return await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id, resources });
}

async function upload(name: string) {
  return await client.beta.files.upload({ file: await toFile(Buffer.from(`content of ${name}`), name) });
}

/** The status and error of a refused call. */
async function refused(p: Promise<unknown>): Promise<{ status: number | undefined; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Anthropic.APIError);
  return { status: (err as InstanceType<typeof Anthropic.APIError>).status, message: (err as Error).message };
}

describe("client.beta.sessions.resources", () => {
  it("adds, lists across pages, retrieves and deletes file resources; the memory stores follow", async () => {
    const store = await client.beta.memoryStores.create({ name: "res-notes" });
    const s = await session([{ type: "memory_store", memory_store_id: store.id }]);
    const files = [await upload("a.csv"), await upload("b.csv"), await upload("c.csv")];
    const added = [];
    for (const [i, f] of files.entries()) {
      added.push(
        await client.beta.sessions.resources.add(s.id, {
          type: "file",
          file_id: f.id,
          mount_path: `/workspace/in/${i}.csv`,
        }),
      );
    }
    expect(added[0]).toMatchObject({ type: "file", file_id: files[0]?.id, mount_path: "/workspace/in/0.csv" });
    expect(added[0]?.id).toMatch(/^sres_/);
    // No mount_path: under /mnt/session/uploads/.
    const defaulted = await client.beta.sessions.resources.add(s.id, { type: "file", file_id: files[0]?.id as string });
    expect(defaulted.mount_path).toBe(`/mnt/session/uploads/${files[0]?.id}`);
    const listed = await all(client.beta.sessions.resources.list(s.id, { limit: 2 }));
    expect(listed.map((r) => ("id" in r ? r.id : r.type))).toEqual([
      ...added.map((r) => r.id),
      defaulted.id,
      "memory_store",
    ]);
    expect(listed[4]).toMatchObject({
      type: "memory_store",
      memory_store_id: store.id,
      mount_path: "/mnt/memory/res-notes",
    });
    const one = await client.beta.sessions.resources.retrieve(added[1]?.id as string, { session_id: s.id });
    expect(one).toEqual(added[1]);
    const deleted = await client.beta.sessions.resources.delete(added[1]?.id as string, { session_id: s.id });
    expect(deleted).toEqual({ id: added[1]?.id, type: "session_resource_deleted" });
    expect(
      (await refused(client.beta.sessions.resources.retrieve(added[1]?.id as string, { session_id: s.id }))).status,
    ).toBe(404);
    // Deleting a file removes the resources that mount it.
    await client.beta.files.delete(files[2]?.id as string);
    const left = await all(client.beta.sessions.resources.list(s.id));
    expect(left.map((r) => ("id" in r ? r.id : r.type))).toEqual([added[0]?.id, defaulted.id, "memory_store"]);
    // The same resources on the native surface.
    const native = await server.request("GET", `/sessions/${s.id}/resources`);
    expect(native.body.data.map((r: { id?: string; type: string }) => r.id ?? r.type)).toEqual([
      added[0]?.id,
      defaulted.id,
      "memory_store",
    ]);
    // A file of another account is not found.
    const other = await server.tokenFor("res-other");
    const theirs = await server.request("POST", "/files", {
      raw: (() => {
        const fd = new FormData();
        fd.append("file", new Blob(["x"]), "x.txt");
        return fd;
      })(),
      token: other,
    });
    const stranger = await refused(
      client.beta.sessions.resources.add(s.id, { type: "file", file_id: theirs.body.id, mount_path: "/mnt/x" }),
    );
    expect(stranger.status).toBe(404);
  });

  it("refuses mount paths over the server's mounts, with .., overlapping or outside /workspace and /mnt", async () => {
    const s = await session();
    const file = await upload("m.txt");
    const add = (mount_path: string) =>
      client.beta.sessions.resources.add(s.id, { type: "file", file_id: file.id, mount_path });
    for (const path of [
      "/workspace/skills",
      "/workspace/skills/demo/SKILL.md",
      "/workspace/../etc/passwd",
      "/mnt/data/../memory/x",
      "/mnt/memory/notes",
      "/mnt/session/outputs/report.txt",
      "/mnt/session",
      "/etc/passwd",
      "/workspace",
      "/mnt",
      "relative/path",
      "/mnt/a//b",
      "/mnt/Cafe\u0301",
    ]) {
      const r = await refused(add(path));
      expect(r.status, path).toBe(400);
      expect(r.message, path).toContain("mount_path");
    }
    await add("/mnt/inputs/data");
    for (const path of ["/mnt/inputs/data", "/mnt/inputs", "/mnt/inputs/data/inner"]) {
      const r = await refused(add(path));
      expect(r.status, path).toBe(400);
      expect(r.message, path).toMatch(/mount_path: .* overlaps/);
    }
    await add("/mnt/inputs/data2");
  });

  it("clones a repository inside /workspace only, by default at /workspace/<name>", async () => {
    const s = await session();
    const repo = (extra: Record<string, unknown>) =>
      server.request("POST", `/sessions/${s.id}/resources`, {
        body: { type: "github_repository", authorization_token: TOKEN, ...extra },
      });
    for (const mount_path of ["/workspace/skills/app", "/workspace/skills", "/mnt/repo", "/workspace/../app"]) {
      const r = await repo({ url: "https://git.example.com/team/app.git", mount_path });
      expect(r.status, mount_path).toBe(400);
      expect(r.body.error.param, mount_path).toBe("mount_path");
    }
    for (const url of [
      "http://git.example.com/team/app.git",
      "https://x:y@git.example.com/a.git",
      "https://git.example.com/",
    ]) {
      const r = await repo({ url });
      expect(r.status, url).toBe(400);
      expect(r.body.error.param, url).toBe("url");
    }
    const made = await repo({ url: "https://git.example.com/team/app.git/" });
    expect(made.status, made.text).toBe(200);
    expect(made.body.mount_path).toBe("/workspace/app");
  });

  it("keeps a repository's token sealed, never returns it, rotates it, and gives it to the server only", async () => {
    const s = await session();
    const made = await server.request("POST", `/sessions/${s.id}/resources`, {
      body: {
        type: "github_repository",
        url: "https://git.example.com/team/app.git",
        authorization_token: TOKEN,
        mount_path: "/workspace/app",
        checkout: { type: "branch", name: "main" },
      },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.text).not.toContain(TOKEN);
    const id = made.body.id as string;
    const sdk = await client.beta.sessions.resources.retrieve(id, { session_id: s.id });
    expect(sdk).toMatchObject({
      type: "github_repository",
      url: "https://git.example.com/team/app.git",
      checkout: { type: "branch", name: "main" },
    });
    expect(JSON.stringify(sdk)).not.toContain(TOKEN);
    const deps = server.service.deps;
    expect((await repositoryResourcesForClone(deps, s.id)).map((r) => r.authorization_token)).toEqual([TOKEN]);
    const rotated = await client.beta.sessions.resources.update(id, { session_id: s.id, authorization_token: ROTATED });
    expect(JSON.stringify(rotated)).not.toContain(ROTATED);
    expect((await repositoryResourcesForClone(deps, s.id))[0]).toMatchObject({
      id,
      url: "https://git.example.com/team/app.git",
      mount_path: "/workspace/app",
      checkout: { type: "branch", name: "main" },
      authorization_token: ROTATED,
    });
    const text = await databaseText(server.databaseUrl);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(ROTATED);
    // A file resource has no token; bad URLs and checkouts are refused.
    const file = await client.beta.sessions.resources.add(s.id, {
      type: "file",
      file_id: (await upload("t.txt")).id,
      mount_path: "/mnt/t.txt",
    });
    expect(
      (await refused(client.beta.sessions.resources.update(file.id, { session_id: s.id, authorization_token: "x" })))
        .status,
    ).toBe(400);
    for (const body of [
      { url: "http://git.example.com/a.git" },
      { url: "https://user:pw@git.example.com/a.git" },
      { checkout: { type: "branch", name: "--upload-pack=evil" } },
      { checkout: { type: "commit", name: "main" } },
      { mount_path: "/workspace/app/sub" },
    ]) {
      const res = await server.request("POST", `/sessions/${s.id}/resources`, {
        body: {
          type: "github_repository",
          url: "https://git.example.com/b.git",
          authorization_token: TOKEN,
          mount_path: "/workspace/b",
          ...body,
        },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("refuses changes while a turn runs (409) and accepts them once the session is idle", async () => {
    const s = await session();
    const file = await upload("busy.txt");
    const added = await client.beta.sessions.resources.add(s.id, {
      type: "file",
      file_id: file.id,
      mount_path: "/mnt/busy.txt",
    });
    await client.beta.sessions.events.send(s.id, {
      events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }],
    });
    await waitFor(async () => (await client.beta.sessions.retrieve(s.id)).status === "running", { timeoutMs: 10_000 });
    const busy = await refused(
      client.beta.sessions.resources.add(s.id, { type: "file", file_id: file.id, mount_path: "/mnt/other.txt" }),
    );
    expect(busy.status).toBe(409);
    expect(busy.message).toContain("running a turn");
    expect((await refused(client.beta.sessions.resources.delete(added.id, { session_id: s.id }))).status).toBe(409);
    await waitFor(async () => (await client.beta.sessions.retrieve(s.id)).status === "idle", { timeoutMs: 20_000 });
    expect((await client.beta.sessions.resources.delete(added.id, { session_id: s.id })).type).toBe(
      "session_resource_deleted",
    );
    // Unknown sessions and resources are 404s.
    expect((await refused(client.beta.sessions.resources.list("sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"))).status).toBe(404);
  });
});

describe("resources at session create", () => {
  it("takes files and repositories beside memory stores, and refuses a bad one leaving no session", async () => {
    const file = await upload("created.csv");
    const s = await session([
      { type: "file", file_id: file.id, mount_path: "/workspace/created.csv" },
      { type: "file", file_id: file.id, mount_path: null },
    ]);
    const listed = await all(client.beta.sessions.resources.list(s.id));
    expect(listed.map((r) => r.mount_path)).toEqual(["/workspace/created.csv", `/mnt/session/uploads/${file.id}`]);
    const repo = await server.request("POST", "/sessions", {
      body: {
        agent: s.agent.id,
        environment_id: s.environment_id,
        resources: [
          {
            type: "github_repository",
            url: "https://git.example.com/r.git",
            authorization_token: TOKEN,
            mount_path: "/workspace/r",
          },
        ],
      },
    });
    expect(repo.status, repo.text).toBe(200);
    expect((await repositoryResourcesForClone(server.service.deps, repo.body.id))[0]?.authorization_token).toBe(TOKEN);
    const before = (await server.request("GET", "/sessions?limit=100")).body.data.length;
    const bad = await server.request("POST", "/sessions", {
      body: {
        agent: s.agent.id,
        environment_id: s.environment_id,
        resources: [
          { type: "file", file_id: file.id, mount_path: "/mnt/a" },
          { type: "file", file_id: file.id, mount_path: "/mnt/a/b" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("resources[1].mount_path");
    const skills = await server.request("POST", "/sessions", {
      body: {
        agent: s.agent.id,
        environment_id: s.environment_id,
        resources: [{ type: "file", file_id: file.id, mount_path: "/workspace/skills/x" }],
      },
    });
    expect(skills.body.error.param).toBe("resources[0].mount_path");
    expect((await server.request("GET", "/sessions?limit=100")).body.data.length).toBe(before);
  });
});
