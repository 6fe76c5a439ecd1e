/**
 * A page of a /v1 list is read in a bounded number of queries: the agents and memory stores its
 * sessions show are read for the whole page at once, not one session (and one store) at a time.
 * Counted on SQLite, statement by statement, while the server answers one request.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/server.ts";

let server: TestServer;
const executed: string[] = [];
let counting = false;

beforeAll(async () => {
  // Every statement the process runs goes through these (the server's connection is in this thread).
  const probe = new Database(":memory:");
  const proto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
  probe.close();
  for (const method of ["get", "all", "run", "iterate"]) {
    const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (counting) executed.push(this.source);
      return original.apply(this, args);
    };
  }
  server = await inProcess();
});
afterAll(() => server?.stop());

/** The statements that read what a page of sessions shows (their agents, their memory stores). */
async function pageReads(limit: number): Promise<{ shown: number; reads: number; all: number }> {
  executed.length = 0;
  counting = true;
  const res = await fetch(`${server.url}/v1/sessions?limit=${limit}`, { headers: { "x-api-key": server.token } });
  const body = (await res.json()) as { data: { resources: unknown[] }[] };
  counting = false;
  expect(res.status).toBe(200);
  const reads = executed.filter((sql) => /agent_versions|memory_stores/.test(sql)).length;
  return { shown: body.data.length, reads, all: executed.length };
}

it.skipIf(process.env.TEST_DATABASE === "postgres")(
  "reads a page of sessions with their agents and memory stores in as many queries for 2 sessions as for 12",
  async () => {
    const agent = await server.request("POST", "/agents", { body: { name: "lister", model: "echo" } });
    const env = await server.request("POST", "/environments", { body: { name: "lister-env" } });
    const stores: string[] = [];
    for (const name of ["notes", "docs"]) {
      stores.push((await server.request("POST", "/memory_stores", { body: { name } })).body.id);
    }
    for (let i = 0; i < 12; i++) {
      const created = await server.request("POST", "/sessions", {
        body: {
          agent: agent.body.id,
          environment_id: env.body.id,
          resources: stores.map((id) => ({ type: "memory_store", memory_store_id: id })),
        },
      });
      expect(created.status).toBe(200);
    }
    const small = await pageReads(2);
    const large = await pageReads(12);
    console.info(`GET /v1/sessions: ${JSON.stringify({ small, large })}`);
    expect(small.shown).toBe(2);
    expect(large.shown).toBe(12);
    // One query for the agents, one for the sessions' stores, one for the stores themselves.
    expect(large.reads).toBeLessThanOrEqual(3);
    expect(small.reads).toBe(large.reads);
  },
);
