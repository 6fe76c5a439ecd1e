/**
 * Two server processes on one PostgreSQL database, writing the same memory at once through the API
 * with the content_sha256 precondition: every writer reads, appends its line and writes back with
 * the hash it read, retrying on 409. No update is lost (the final content holds every line, one
 * version per write), and each loser is answered the documented 409 `conflict_error` naming
 * `content_sha256`. Deletes race the same way with `expected_content_sha256`.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { killAllServers, type ServerProcess, serverProcess } from "../helpers/servers/server.ts";

const noPostgres = requirePostgres() !== null;
const WRITERS = 6;
const APPENDS = 5;

const token = `memwriters_${randomBytes(16).toString("hex")}`;
const replicas: ServerProcess[] = [];

interface Answer {
  status: number;
  body: any;
}

/** A request to one replica. */
async function call(replica: ServerProcess, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${replica.url}/api/v1/cloud${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

async function ok(replica: ServerProcess, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await call(replica, method, path, body);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const replica = (i: number) => replicas[i % replicas.length] as ServerProcess;

beforeAll(async () => {
  if (noPostgres) return;
  const env = {
    DATABASE_URL: await freshPostgresDatabase(),
    CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
  };
  replicas.push(await serverProcess({ token, env }));
  replicas.push(await serverProcess({ token, env }));
});
afterAll(async () => {
  await killAllServers();
});

describe.skipIf(noPostgres)("one memory written from two replicas at once", () => {
  it(`${WRITERS} read-modify-write writers over both replicas lose no update; losers get 409 content_sha256`, async () => {
    const store = await ok(replica(0), "POST", "/memory_stores", { name: "shared" });
    const base = `/memory_stores/${store.id}/memories`;
    const memory = await ok(replica(1), "POST", base, { path: "log.md", content: "" });
    const conflicts: { type: string; param?: string }[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < APPENDS; i++) {
        // Writer w reads from one replica and writes through the other, alternating every attempt.
        for (let attempt = 0; ; attempt++) {
          const current = await ok(replica(w + attempt), "GET", `${base}/${memory.id}`);
          const answer = await call(replica(w + attempt + 1), "POST", `${base}/${memory.id}`, {
            content: `${current.content}w${w}.${i};`,
            content_sha256: current.content_sha256,
          });
          if (answer.status === 200) break;
          expect(answer.status).toBe(409);
          conflicts.push(answer.body.error);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    const final = await ok(replica(0), "GET", `${base}/${memory.id}`);
    const lines = String(final.content).split(";").filter(Boolean);
    const expected = Array.from({ length: WRITERS }, (_, w) => Array.from({ length: APPENDS }, (_, i) => `w${w}.${i}`));
    expect(lines.sort()).toEqual(expected.flat().sort());
    // Each writer's lines are in its own order (nothing overwritten and re-added).
    for (let w = 0; w < WRITERS; w++) {
      expect(lines.filter((l) => l.startsWith(`w${w}.`))).toEqual(expected[w]);
    }
    const versions = await ok(
      replica(1),
      "GET",
      `/memory_stores/${store.id}/memory_versions?memory_id=${memory.id}&limit=100`,
    );
    expect(versions.data).toHaveLength(WRITERS * APPENDS + 1);
    // The race was real (else the test proves nothing), and every loser was told the documented way.
    expect(conflicts.length).toBeGreaterThan(0);
    for (const error of conflicts) expect(error).toMatchObject({ type: "conflict_error", param: "content_sha256" });
    console.log(`memory writers: ${WRITERS * APPENDS} writes, ${conflicts.length} precondition losses (409)`);
  });

  it("an update and a delete with the same precondition on the two replicas: exactly one applies", async () => {
    const store = await ok(replica(0), "POST", "/memory_stores", { name: "race-delete" });
    const base = `/memory_stores/${store.id}/memories`;
    for (let round = 0; round < 6; round++) {
      const memory = await ok(replica(round), "POST", base, { path: `doc-${round}.md`, content: `v${round}` });
      const sha = memory.content_sha256;
      const [updated, deleted] = await Promise.all([
        call(replica(round), "POST", `${base}/${memory.id}`, { content: "changed", content_sha256: sha }),
        call(replica(round + 1), "DELETE", `${base}/${memory.id}?expected_content_sha256=${sha}`),
      ]);
      const after = await call(replica(round), "GET", `${base}/${memory.id}`);
      if (updated.status === 200) {
        expect(deleted.status).toBe(409);
        expect(deleted.body.error).toMatchObject({ type: "conflict_error", param: "expected_content_sha256" });
        expect(after.body.content).toBe("changed");
      } else {
        expect(deleted.body).toEqual({ id: memory.id, type: "memory_deleted" });
        expect(updated.status).toBe(404);
        expect(after.status).toBe(404);
      }
    }
  });
});
