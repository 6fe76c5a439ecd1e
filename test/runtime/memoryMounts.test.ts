/**
 * Memory stores mounted at `/mnt/memory/<name>/` (API.md, "Memory stores"): the real service
 * in-process with the real sandbox, msw standing in for the model provider. What the `write` tool
 * leaves in one session is read by `read` and `cat` in the next; a `read_only` store refuses the
 * file tools and bash and keeps no version; a write-back that loses the precondition race keeps both.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryMount } from "../../server/agents/tools/memoryMount.ts";
import { MAX_MEMORIES_PER_STORE, MAX_MEMORY_BYTES } from "../../server/domain/memoryStores.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, shape, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { executeStatement } from "../helpers/servers/testDatabase.ts";

const skip = requireSandboxPrograms();
const providers = mockProviders();
let s: TestServer;

beforeAll(async () => {
  if (skip) return;
  listen(providers);
  s = await inProcess({ env: { ...providerEnv, SANDBOX: "bubblewrap" } });
});
afterAll(async () => {
  if (skip) return;
  await s.stop();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
});

const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });

async function store(name: string): Promise<string> {
  const res = await s.request("POST", "/memory_stores", { body: { name } });
  if (res.status !== 200) throw new Error(res.text);
  return res.body.id;
}

async function sessionWith(storeId: string, access: "read_write" | "read_only"): Promise<string> {
  const agent = await createAgent(s, {
    name: "rememberer",
    model: "openai/llama3.2",
    tools: [{ type: "agent_toolset_20260401" }],
  });
  const session = await createSession(s, agent.id, await createEnvironment(s), {
    resources: [{ type: "memory_store", memory_store_id: storeId, access }],
  });
  return session.id;
}

/** The tool results of a session's turns, by tool_use_id. */
async function turn(sessionId: string, turns = 1): Promise<Record<string, { text: string; error: boolean }>> {
  await say(s, sessionId, "Work.");
  const events = shape(await waitForTurns(s, sessionId, turns));
  return Object.fromEntries(
    events
      .filter((e) => e.type === "agent.tool_result")
      .map((e) => [
        e.tool_use_id,
        { text: e.content.map((b: { text: string }) => b.text).join(""), error: e.is_error },
      ]),
  );
}

async function versions(storeId: string): Promise<any[]> {
  const res = await s.request("GET", `/memory_stores/${storeId}/memory_versions`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe.skipIf(skip !== null)("memory stores mounted at /mnt/memory", () => {
  it("keeps what session 1 wrote for session 2 (read, cat, edit, remove), authored by the session", async () => {
    const notes = await store("notes");
    const old = await s.request("POST", `/memory_stores/${notes}/memories`, {
      body: { path: "old.md", content: "stale\n" },
    });
    expect(old.status, old.text).toBe(200);

    const first = await sessionWith(notes, "read_write");
    providers.script("openai", [
      { tool_calls: [call("w1", "write", { path: "/mnt/memory/notes/facts/color.md", content: "Likes teal.\n" })] },
      {
        tool_calls: [
          call("w2", "bash", { command: `yes a | head -c ${MAX_MEMORY_BYTES + 10} > /mnt/memory/notes/big.md` }),
        ],
      },
      { text: "Noted." },
    ]);
    const one = await turn(first);
    expect(one.w1).toEqual({ text: "Wrote 12 bytes to /mnt/memory/notes/facts/color.md.", error: false });
    expect(one.w2?.error).toBe(true);
    expect(one.w2?.text).toContain("/mnt/memory/notes/big.md was not saved to the memory store");
    expect(one.w2?.text).toContain("100 KiB");
    // The model is told where its stores are.
    expect(providers.openai[0]?.body.messages[0].content).toMatch(/^- \/mnt\/memory\/notes\/$/m);

    const listed = await s.request("GET", `/memory_stores/${notes}/memories`);
    expect(listed.body.data.map((m: { path: string }) => m.path).sort()).toEqual(["facts/color.md", "old.md"]);
    const created = (await versions(notes)).find((v) => v.path === "facts/color.md");
    expect(created).toMatchObject({ operation: "created", author: { type: "session", id: first } });

    const second = await sessionWith(notes, "read_write");
    providers.script("openai", [
      {
        tool_calls: [
          call("r1", "read", { path: "/mnt/memory/notes/facts/color.md" }),
          call("r2", "bash", { command: "cat /mnt/memory/notes/facts/color.md; ls /mnt/memory" }),
          call("r3", "edit", { path: "/mnt/memory/notes/facts/color.md", old_string: "teal", new_string: "navy" }),
          call("r4", "bash", { command: "rm /mnt/memory/notes/old.md" }),
          call("r5", "glob", { pattern: "**/*.md", path: "/mnt/memory/notes" }),
          call("r6", "grep", { pattern: "navy", path: "/mnt/memory" }),
        ],
      },
      { text: "Recalled." },
    ]);
    const two = await turn(second);
    expect(two.r1).toEqual({ text: "     1\tLikes teal.", error: false });
    expect(two.r2).toEqual({ text: "Likes teal.\nnotes\n", error: false });
    expect(two.r3?.error).toBe(false);
    expect(two.r4).toEqual({ text: "(no output)", error: false });
    expect(two.r5).toEqual({ text: "/mnt/memory/notes/facts/color.md", error: false });
    expect(two.r6).toEqual({ text: "/mnt/memory/notes/facts/color.md:1:Likes navy.", error: false });

    const after = await s.request("GET", `/memory_stores/${notes}/memories`);
    expect(after.body.data.map((m: { path: string }) => m.path)).toEqual(["facts/color.md"]);
    const memory = await s.request("GET", `/memory_stores/${notes}/memories/${after.body.data[0].id}`);
    expect(memory.body.content).toBe("Likes navy.\n");
    const ops = (await versions(notes)).map((v) => [v.path, v.operation, v.author.type]);
    expect(ops).toEqual([
      ["old.md", "deleted", "session"],
      ["facts/color.md", "updated", "session"],
      ["facts/color.md", "created", "session"],
      ["old.md", "created", "api_token"],
    ]);
    // The mounts of finished turns are gone.
    const root = s.service.deps.workspaces.memoryMountsRoot;
    expect(existsSync(`${root}/${first}`)).toBe(false);
    expect(existsSync(`${root}/${second}`)).toBe(false);
  });

  it("refuses writes to a read_only store in the file tools and in bash, and keeps no version", async () => {
    const rules = await store("rules");
    expect(
      (await s.request("POST", `/memory_stores/${rules}/memories`, { body: { path: "a.md", content: "Be brief.\n" } }))
        .status,
    ).toBe(200);
    const session = await sessionWith(rules, "read_only");
    providers.script("openai", [
      {
        tool_calls: [
          call("o1", "write", { path: "/mnt/memory/rules/b.md", content: "new" }),
          call("o2", "edit", { path: "/mnt/memory/rules/a.md", old_string: "brief", new_string: "long" }),
          call("o3", "bash", { command: "echo new > /mnt/memory/rules/b.md" }),
          call("o4", "bash", { command: "rm /mnt/memory/rules/a.md" }),
          call("o5", "bash", { command: "cat /mnt/memory/rules/a.md" }),
        ],
      },
      { text: "Read only." },
    ]);
    const results = await turn(session);
    expect(providers.openai[0]?.body.messages[0].content).toContain("- /mnt/memory/rules/ (read-only)");
    expect(results.o1).toEqual({ text: expect.stringContaining("read-only memory store rules"), error: true });
    expect(results.o2).toEqual({ text: expect.stringContaining("read-only memory store rules"), error: true });
    expect(results.o3?.error).toBe(true);
    expect(results.o3?.text).toContain("Read-only file system");
    expect(results.o4?.error).toBe(true);
    expect(results.o4?.text).toContain("Read-only file system");
    expect(results.o5).toEqual({ text: "Be brief.\n", error: false });
    const kept = await versions(rules);
    expect(kept.map((v) => [v.path, v.operation])).toEqual([["a.md", "created"]]);
  });

  it("keeps both when another writer changed the memory after the turn read it, and says so", async () => {
    const shared = await store("shared");
    const made = await s.request("POST", `/memory_stores/${shared}/memories`, {
      body: { path: "plan.md", content: "v1\n" },
    });
    // A memory under a path another memory holds as a file cannot be shown; the turn is told.
    const under = await s.request("POST", `/memory_stores/${shared}/memories`, {
      body: { path: "plan.md/details", content: "d\n" },
    });
    expect(under.status, under.text).toBe(200);
    const session = await sessionWith(shared, "read_write");
    const { storage, workspaces } = s.service.deps;
    const account = (await storage.accounts.findAccountByName("default"))?.id ?? "";
    const turnOf = { account_id: account, session_id: session, run_id: "run_01RACE0000000000000000000" };
    const mount = await MemoryMount.open(storage, workspaces.memoryMountsRoot, turnOf);
    if (!mount) throw new Error("the session's store was not mounted");
    await mount.materialise();
    const file = join(mount.view.folder, "shared", "plan.md");
    expect(await readFile(file, "utf8")).toBe("v1\n");
    // Another writer changes the memory after the turn read it; the turn writes its own content.
    const theirs = await s.request("POST", `/memory_stores/${shared}/memories/${made.body.id}`, {
      body: { content: "theirs\n", content_sha256: made.body.content_sha256 },
    });
    expect(theirs.status, theirs.text).toBe(200);
    await writeFile(file, "mine\n");
    const back = await mount.writeBack();
    expect(back.error).toBe(false);
    expect(back.notes).toEqual([
      expect.stringContaining("The memory plan.md/details of shared could not be shown as a file"),
      expect.stringContaining("/mnt/memory/shared/plan.md was changed by another writer"),
    ]);
    expect(back.notes[1]).toContain("both are kept");
    const memory = await s.request("GET", `/memory_stores/${shared}/memories/${made.body.id}`);
    expect(memory.body.content).toBe("mine\n");
    const history = await s.request("GET", `/memory_stores/${shared}/memory_versions?memory_id=${made.body.id}`);
    const contents = await Promise.all(
      history.body.data.map(
        async (v: { id: string }) =>
          (await s.request("GET", `/memory_stores/${shared}/memory_versions/${v.id}`)).body.content,
      ),
    );
    expect(contents).toEqual(["mine\n", "theirs\n", "v1\n"]);
    // Nothing changed since: the next write-back writes nothing.
    expect(await mount.writeBack()).toEqual({ notes: [], error: false });
    await mount.close();
    expect(existsSync(mount.view.folder)).toBe(false);
  });

  it(`refuses at write-back a memory past ${MAX_MEMORIES_PER_STORE} a store, as an error`, async () => {
    const full = await store("full");
    // One below the limit in one statement (both dialects read it the same way).
    await executeStatement(
      s.databaseUrl,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO memories (id, store_id, path, content, content_sha256, size_bytes, created_at, updated_at)
       SELECT 'mem_fill' || i, ?, 'bulk/' || i, 'x', ?, 1, '2026-11-21T12:00:00.000Z', '2026-11-21T12:00:00.000Z' FROM n`,
      MAX_MEMORIES_PER_STORE - 1,
      full,
      createHash("sha256").update("x").digest("hex"),
    );
    const session = await sessionWith(full, "read_write");
    const { storage, workspaces } = s.service.deps;
    const account = (await storage.accounts.findAccountByName("default"))?.id ?? "";
    const turnOf = { account_id: account, session_id: session, run_id: "run_01FULL0000000000000000000" };
    const mount = await MemoryMount.open(storage, workspaces.memoryMountsRoot, turnOf);
    if (!mount) throw new Error("the session's store was not mounted");
    await mount.materialise();
    await writeFile(join(mount.view.folder, "full", "a.md"), "a\n");
    expect(await mount.writeBack()).toEqual({ notes: [], error: false });
    await writeFile(join(mount.view.folder, "full", "b.md"), "b\n");
    const back = await mount.writeBack();
    expect(back.error).toBe(true);
    expect(back.notes).toEqual([
      `/mnt/memory/full/b.md was not saved to the memory store: the store full holds at most ${MAX_MEMORIES_PER_STORE} memories.`,
    ]);
    // Told once, not after every later tool call.
    expect(await mount.writeBack()).toEqual({ notes: [], error: false });
    // A mount its turn never closed (the server stopped) goes with its session.
    expect(existsSync(mount.view.folder)).toBe(true);
    expect((await s.request("DELETE", `/sessions/${session}`)).status).toBe(200);
    expect(existsSync(join(workspaces.memoryMountsRoot, session))).toBe(false);
    const listed = await s.request("GET", `/memory_stores/${full}/memories?path_prefix=b.md`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual([]);
  });

  it("saves a file's name as the API stores paths (NFC) and refuses what the API refuses, with a note", async () => {
    const names = await store("names");
    const session = await sessionWith(names, "read_write");
    const { storage, workspaces } = s.service.deps;
    const account = (await storage.accounts.findAccountByName("default"))?.id ?? "";
    const turnOf = { account_id: account, session_id: session, run_id: "run_01NAMES000000000000000000" };
    const mount = await MemoryMount.open(storage, workspaces.memoryMountsRoot, turnOf);
    if (!mount) throw new Error("the session's store was not mounted");
    await mount.materialise();
    const folder = join(mount.view.folder, "names");
    await writeFile(join(folder, "caf\u00e9.md"), "composed\n");
    await writeFile(join(folder, "cafe\u0301.md"), "decomposed\n");
    await writeFile(join(folder, "\u202Egpj.md"), "spoofed\n");
    const back = await mount.writeBack();
    expect(back.error).toBe(true);
    expect(back.notes).toHaveLength(2);
    expect(back.notes).toEqual(
      expect.arrayContaining([
        "/mnt/memory/names/cafe\u0301.md was not saved to the memory store: its name is not in Unicode NFC, the form memory paths are stored in; rename it.",
        expect.stringMatching(
          /^\/mnt\/memory\/names\/\u202Egpj\.md was not saved to the memory store: path must not contain .*U\+202E/,
        ),
      ]),
    );
    const listed = await s.request("GET", `/memory_stores/${names}/memories`);
    expect(listed.body.data.map((m: { path: string }) => m.path)).toEqual(["caf\u00e9.md"]);
  });
});
