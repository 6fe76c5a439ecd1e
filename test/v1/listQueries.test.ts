/**
 * A page of a /v1 list is read in a bounded number of queries: what its items show besides
 * themselves (a session's agent and memory stores, a memory's current version, a version's
 * content, a deployment's latest agent version) is read for the whole page at once, not one item
 * at a time. Counted on SQLite, statement by statement, while the server answers one request, for a
 * page of 2 items and one of 12.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deploymentBody } from "../helpers/flows/deployments.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

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

/** The statements matching `tables` run while the server answers GET `path`. */
async function reads(path: string, tables: RegExp): Promise<{ shown: number; reads: number; all: number }> {
  executed.length = 0;
  counting = true;
  const res = await fetch(`${server.url}${path}`, { headers: { "x-api-key": server.token } });
  const body = (await res.json()) as { data: unknown[] };
  counting = false;
  expect(res.status).toBe(200);
  return { shown: body.data.length, reads: executed.filter((sql) => tables.test(sql)).length, all: executed.length };
}

/** The same list read with a page of 2 and of 12: as many reads of `tables` for both, at most `max`. */
async function bounded(path: (limit: number) => string, tables: RegExp, max: number): Promise<void> {
  const small = await reads(path(2), tables);
  const large = await reads(path(12), tables);
  console.info(`GET ${path(12)}: ${JSON.stringify({ small, large })}`);
  expect([small.shown, large.shown]).toEqual([2, 12]);
  expect(large.reads).toBeLessThanOrEqual(max);
  expect(small.reads).toBe(large.reads);
}

it.skipIf(process.env.TEST_DATABASE === "postgres")(
  "reads a page of sessions, memories, memory versions and deployments in as many queries for 2 items as for 12",
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
      const written = await server.request("POST", `/memory_stores/${stores[0]}/memories`, {
        body: { path: `m${i}.md`, content: `memory ${i}` },
      });
      expect(written.status).toBe(200);
      const deployment = await server.request("POST", "/deployments", {
        body: deploymentBody(agent.body.id, env.body.id, { name: `d${i}` }),
      });
      expect(deployment.status).toBe(200);
    }
    // One query for the agents, one for the sessions' stores, one for the stores themselves.
    await bounded((n) => `/v1/sessions?limit=${n}`, /agent_versions|memory_stores/, 3);
    // The memories (with their store's check) and their newest versions.
    const memories = (view: string) => (n: number) => `/v1/memory_stores/${stores[0]}/memories?limit=${n}&view=${view}`;
    await bounded(memories("basic"), /FROM memories|FROM memory_versions/, 4);
    await bounded(memories("full"), /FROM memories|FROM memory_versions/, 4);
    const versions = (n: number) => `/v1/memory_stores/${stores[0]}/memory_versions?limit=${n}&view=full`;
    await bounded(versions, /FROM memory_versions/, 2);
    // The latest version of the page's unpinned agents.
    await bounded((n) => `/v1/deployments?limit=${n}`, /agent_versions/, 1);
  },
);
