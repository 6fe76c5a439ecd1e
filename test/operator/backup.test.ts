/** The README's backup recipes work on the live database of a running server (WAL mode). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { onPostgres } from "../helpers/testDatabase.ts";
import { startTestServer, type TestServer } from "../helpers/testServer.ts";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), "cas-backup-"));
  for (let i = 0; i < 20; i++) {
    expect((await server.request("POST", "/vaults", { body: { display_name: `vault ${i}` } })).status).toBe(200);
  }
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

function verify(copy: string): void {
  const db = new Database(copy, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect((db.prepare("SELECT count(*) AS n FROM vaults").get() as { n: number }).n).toBe(20);
  } finally {
    db.close();
  }
}

// SQLite's backup commands (PostgreSQL's are pg_dump/pg_restore: see the README).
it.skipIf(onPostgres)("VACUUM INTO copies the live database consistently while the server runs", async () => {
  const db = new Database(server.dbPath);
  try {
    db.exec(`VACUUM INTO '${join(dir, "vacuum.db")}'`);
  } finally {
    db.close();
  }
  verify(join(dir, "vacuum.db"));
  expect((await server.request("GET", "/vaults")).status).toBe(200);
});

it.skipIf(onPostgres)("the online backup API (sqlite3 .backup) copies the live database consistently", async () => {
  const db = new Database(server.dbPath);
  try {
    await db.backup(join(dir, "online.db"));
  } finally {
    db.close();
  }
  verify(join(dir, "online.db"));
});
