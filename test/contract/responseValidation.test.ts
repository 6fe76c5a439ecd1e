/**
 * The in-process test server checks every response against the spec (`validateResponses`,
 * the validators generated ahead of time, generated/responseValidators.js): a stored
 * row that would be answered against its schema is a 500, not a silent pass. Proved with a vault
 * whose metadata is changed in the database behind the API's back.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server?.stop());

it.skipIf(process.env.TEST_DATABASE === "postgres")(
  "answers 500 when a response does not match its schema, naming the field",
  async () => {
    const created = await server.request("POST", "/vaults", { body: { display_name: "v", metadata: { a: "b" } } });
    expect(created.status).toBe(200);
    // A well-formed answer passes the same check.
    expect((await server.request("GET", `/vaults/${created.body.id}`)).status).toBe(200);
    const db = new Database(server.dbPath);
    try {
      db.prepare("UPDATE vaults SET metadata = ? WHERE id = ?").run(JSON.stringify({ a: 5 }), created.body.id);
    } finally {
      db.close();
    }
    const read = await fetch(`${server.url}/api/v1/cloud/vaults/${created.body.id}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(read.status).toBe(500);
    expect(JSON.stringify(server.logs)).toMatch(/response\/metadata\/a must be string/);
  },
);
