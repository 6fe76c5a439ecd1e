/**
 * Two sessions write the same memory at once through their mounts (API.md, "Memory stores"), each
 * turn on its own server process, both processes on one PostgreSQL database and one scripted fake
 * model on loopback. Each turn first `read`s `/mnt/memory/<store>/notes.md` (its mount holds the
 * original), then asks for a `write` of its own content; those replies are held until BOTH turns
 * have read, and released together, so both write-backs reach the database with the precondition
 * of the original. RUN_CONCURRENCY=1 makes the two turns in flight at once run on different
 * replicas (seen: each replica's data folder holds the mount of one of them).
 *
 * No update is lost: the memory's versions hold the original and both contents. The write-back
 * that came second tells its model, in the `write` call's tool result, that another writer changed
 * the memory and both are kept (its content is the newest version); the first one says nothing.
 * Several rounds: without the store's row lock (shared/memoryStores.ts, its `{lock}`) both precondition checks
 * pass in some of them, neither turn is told, and the test fails.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, type LoopbackStep, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import {
  killAllServers,
  processClient,
  type ServerProcess,
  serverProcess,
  waitFor,
} from "../helpers/servers/server.ts";

// Both asked (each prints its own skip line, or fails under CI=true).
const missing = [requirePostgres(), requireSandboxPrograms()].filter((m) => m !== null);
const ROUNDS = 5;
const ORIGINAL = "original notes\n";

const token = `memrace_${randomBytes(16).toString("hex")}`;
const replicas: ServerProcess[] = [];
const dataDirs: string[] = [];
let model: LoopbackModel;
const api = (i: number) => processClient(replicas[i] as ServerProcess, token);

beforeAll(async () => {
  if (missing.length > 0) return;
  model = await loopbackModel();
  const env = {
    ...model.env,
    DATABASE_URL: await freshPostgresDatabase(),
    CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    SANDBOX: "bubblewrap",
    // One turn at a time a replica: two turns in flight at once run on the two replicas.
    RUN_CONCURRENCY: "1",
  };
  for (let i = 0; i < 2; i++) {
    // Each replica its own data folder, as on two machines (workspaces and mounts are local).
    const dataDir = mkdtempSync(join(tmpdir(), `cas-memrace-${i}-`));
    dataDirs.push(dataDir);
    replicas.push(await serverProcess({ token, env: { ...env, DATA_DIR: dataDir }, timeoutMs: 60_000 }));
  }
});
afterAll(async () => {
  await killAllServers();
  await model?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The session's events (every page). */
async function events(replica: number, sessionId: string): Promise<any[]> {
  const out: any[] = [];
  let page: string | null = null;
  do {
    const body: any = await api(replica)(
      "GET",
      `/sessions/${sessionId}/events?limit=100${page ? `&page=${page}` : ""}`,
    );
    out.push(...body.data);
    page = body.has_more ? body.next_page : null;
  } while (page);
  return out;
}

/** The text of a session's tool result, by tool_use_id. */
function toolResult(sessionEvents: any[], id: string): { text: string; error: boolean } {
  const result = sessionEvents.find((e) => e.type === "agent.tool_result" && e.tool_use_id === id);
  if (!result) throw new Error(`no tool result for ${id}`);
  return { text: result.content.map((b: { text: string }) => b.text).join(""), error: result.is_error };
}

/** The replica whose data folder holds a mount of the session's turn now (-1: none). */
const mountedOn = (sessionId: string) => dataDirs.findIndex((dir) => existsSync(join(dir, "memory-mounts", sessionId)));

describe.skipIf(missing.length > 0)("one memory written by two sessions' turns at once on two replicas", () => {
  for (let round = 0; round < ROUNDS; round++) {
    it(`round ${round + 1}: both versions are kept, the later write-back is told so`, async () => {
      const store = await api(0)("POST", "/memory_stores", { name: `team-${round}` });
      const memory = await api(1)("POST", `/memory_stores/${store.id}/memories`, {
        path: "notes.md",
        content: ORIGINAL,
      });
      const file = `/mnt/memory/team-${round}/notes.md`;
      const agent = await api(0)("POST", "/agents", {
        name: "note taker",
        model: "openai/llama3.2",
        tools: [{ type: "agent_toolset_20260401" }],
      });
      const environment = await api(1)("POST", "/environments", { name: "notes" });
      const resources = [{ type: "memory_store", memory_store_id: store.id, access: "read_write" }];
      const sessions = [
        await api(0)("POST", "/sessions", { agent: agent.id, environment_id: environment.id, resources }),
        await api(1)("POST", "/sessions", { agent: agent.id, environment_id: environment.id, resources }),
      ].map((s: { id: string }) => s.id);
      const contents = sessions.map((id, i) => `session ${"AB"[i]} (${id}) was here\n`);
      const firstRequest = model.requests.length;

      // Each turn reads the memory (its mount is made then, with the original), then waits for its write.
      for (const [i, sessionId] of sessions.entries()) {
        const steps: LoopbackStep[] = [
          { tool_calls: [{ id: `read${i}`, name: "read", input: { path: file } }] },
          { tool_calls: [{ id: `write${i}`, name: "write", input: { path: file, content: contents[i] } }], held: true },
        ];
        model.script(steps);
        await api(i)("POST", `/sessions/${sessionId}/events`, {
          events: [{ type: "user.message", content: [{ type: "text", text: "Leave a note." }] }],
        });
        await waitFor(() => model.requests.length === firstRequest + 2 * (i + 1), {
          timeoutMs: 60_000,
          what: `session ${"AB"[i]} to read the memory and ask for its write`,
        });
      }
      // Both turns are in flight now, one on each replica.
      expect(sessions.map(mountedOn).sort()).toEqual([0, 1]);

      // Both writes at once; then each turn ends with text.
      model.script([{ text: "Noted." }, { text: "Noted." }]);
      model.release();
      const done = await Promise.all(
        sessions.map((sessionId, i) =>
          waitFor(
            async () => {
              const all = await events(i, sessionId);
              return all.some((e) => e.type === "session.status_idled") ? all : null;
            },
            { timeoutMs: 60_000, intervalMs: 50, what: `session ${"AB"[i]} to idle` },
          ),
        ),
      );
      expect(model.requests.length).toBe(firstRequest + 6);

      for (const [i, all] of done.entries()) {
        const idled = all.filter((e) => e.type === "session.status_idled");
        expect(idled, JSON.stringify(all)).toHaveLength(1);
        expect(idled[0].stop_reason).toEqual({ type: "end_turn" });
        expect(
          all.some((e) => e.type === "session.error"),
          JSON.stringify(all),
        ).toBe(false);
        // Each turn read the original: both wrote over what they read before the other wrote.
        expect(toolResult(all, `read${i}`)).toEqual({ text: `     1\t${ORIGINAL.trimEnd()}`, error: false });
      }

      // Exactly one write-back lost the precondition race; it was written anyway and said so.
      const writes = done.map((all, i) => toolResult(all, `write${i}`));
      const told = writes.map((w) => w.text.includes("was changed by another writer"));
      expect(told.filter(Boolean), JSON.stringify(writes)).toHaveLength(1);
      const later = told.indexOf(true);
      const earlier = 1 - later;
      const wroteOf = (i: number) => `Wrote ${Buffer.byteLength(contents[i] ?? "")} bytes to ${file}.`;
      expect(writes[earlier]?.text).toBe(wroteOf(earlier));
      expect(writes[earlier]?.error).toBe(false);
      // The write's own result, then (a block of its own, after a newline) what the write-back says.
      const [wrote, note, ...rest] = (writes[later]?.text ?? "").split("\n");
      expect(rest).toEqual([]);
      expect(wrote).toBe(wroteOf(later));
      expect(note).toBe(
        `${file} was changed by another writer after this turn read it; both are kept: this turn's content is the memory's newest version, the other one stays among its memory_versions.`,
      );
      expect(writes[later]?.error).toBe(false);
      // The model of that turn was told it in its next request.
      const heard = model.requests
        .slice(firstRequest)
        .filter((r) => JSON.stringify(r.body).includes(`${file} was changed by another writer`));
      expect(heard).toHaveLength(1);

      // No lost update: the original and both contents are versions, the later one the newest.
      const versions = await api(1)(
        "GET",
        `/memory_stores/${store.id}/memory_versions?memory_id=${memory.id}&limit=100`,
      );
      const full = await Promise.all(
        versions.data.map((v: { id: string }) => api(0)("GET", `/memory_stores/${store.id}/memory_versions/${v.id}`)),
      );
      expect(full.map((v) => [v.operation, v.content, v.author])).toEqual([
        ["updated", contents[later], { type: "session", id: sessions[later] }],
        ["updated", contents[earlier], { type: "session", id: sessions[earlier] }],
        ["created", ORIGINAL, expect.objectContaining({ type: "api_token" })],
      ]);
      const current = await api(0)("GET", `/memory_stores/${store.id}/memories/${memory.id}`);
      expect(current.content).toBe(contents[later]);
      // The mounts of the finished turns are gone from both replicas.
      expect(sessions.map(mountedOn)).toEqual([-1, -1]);
      console.log(
        `memory mount race, round ${round + 1}: session ${"AB"[later]}'s write-back came second and kept both`,
      );
    });
  }
});
