/**
 * The backup recipes of docs/operating.md work on the live database of a running server: SQLite's (WAL mode),
 * or with TEST_DATABASE=postgres PostgreSQL's (pg_dump, pg_restore).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcess, serverProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres, queryRows, testDatabaseEnv, testDatabaseUrl } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await inProcess();
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

// SQLite's backup commands (PostgreSQL's are pg_dump/pg_restore: the last test).
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

/** pg_dump and pg_restore of the PostgreSQL the tests run (PG_BIN, Debian's versioned folder, else PATH). */
function postgresTool(name: string): string {
  for (const dir of [process.env.PG_BIN, ...postgresBinDirs()]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return name;
}
function postgresBinDirs(): string[] {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, "bin"));
}

// The PostgreSQL recipe of docs/operating.md: pg_dump of the live database, pg_restore into an empty one.
it.runIf(onPostgres)(
  "pg_dump copies the live database consistently; a server on the pg_restore'd copy opens its secrets",
  async () => {
    const dump = join(dir, "cloud-agents.dump");
    execFileSync(postgresTool("pg_dump"), ["--format=custom", `--file=${dump}`, server.databaseUrl]);
    expect((await server.request("GET", "/vaults")).status).toBe(200);
    const restoredPath = join(dir, "restored.db");
    const restored = await testDatabaseEnv(restoredPath);
    const restoredUrl = await testDatabaseUrl(restoredPath);
    execFileSync(postgresTool("pg_restore"), ["--clean", "--if-exists", "--no-owner", `--dbname=${restoredUrl}`, dump]);
    expect((await queryRows<{ n: number }>(restoredUrl, "SELECT count(*) AS n FROM vaults"))[0]?.n).toBe(20);
    // The copy's secrets are sealed with the original's key: a server given that key starts on it
    // (it refuses a key that does not open them) and answers the original's token.
    const { CLOUD_AGENTS_SECRET_KEY: key } = await testDatabaseEnv(server.dbPath);
    const copy = await serverProcess({ env: { ...restored, CLOUD_AGENTS_SECRET_KEY: key ?? "" } });
    try {
      const res = await fetch(`${copy.url}/api/v1/cloud/vaults?limit=100`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(20);
    } finally {
      expect(await copy.kill()).toBe(0);
    }
  },
);
