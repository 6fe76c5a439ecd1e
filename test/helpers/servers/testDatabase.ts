/**
 * Which database the suite's servers use: a SQLite file (the default), or with
 * `TEST_DATABASE=postgres` (`npm run test:postgres`) a fresh database on the PostgreSQL server the
 * globalSetup started (test/helpers/servers/postgresServer.ts). Tests name a database by the SQLite path it
 * would have (`<dataDir>/cloud-agents.db`): on PostgreSQL, the database created for that path is
 * remembered next to it, so a restart on the same data folder finds the same data.
 *
 * Also the two ways a test looks inside the database on either adapter: `queryRows` (SQL with `?`
 * placeholders through a second connection) and `databaseText` (every byte it holds, for "no
 * secret in clear text" scans).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { PG_TYPES } from "../../../server/storage/postgres/context.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

/** The database this run's servers use (TEST_DATABASE=postgres, else SQLite). */
export const TEST_DATABASE: TestDatabaseKind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
/** true in `npm run test:postgres`: for `it.skipIf(onPostgres)` on the tests that are about the SQLite file. */
export const onPostgres = TEST_DATABASE === "postgres";

interface RememberedPostgres {
  url: string;
  /** Every replica of a PostgreSQL deployment shares CLOUD_AGENTS_SECRET_KEY (server/secretKey.ts). */
  secretKey: string;
}

/**
 * The environment that points a server (or the CLI) at the database kept at `dbPath`: its SQLite
 * file, or on PostgreSQL a fresh database (created on first use, the same one after) and the
 * secret key every process on it shares.
 */
export async function testDatabaseEnv(dbPath: string): Promise<Record<string, string>> {
  if (!onPostgres) return { DATABASE_URL: `sqlite:${dbPath}` };
  const file = `${dbPath}.postgres.json`;
  if (existsSync(file)) {
    const remembered = JSON.parse(readFileSync(file, "utf8")) as RememberedPostgres;
    return { DATABASE_URL: remembered.url, CLOUD_AGENTS_SECRET_KEY: remembered.secretKey };
  }
  // Imported here: test/helpers/servers/postgres.ts reads vitest's provided context, which only a test worker has.
  const { freshPostgresDatabase } = await import("./postgres.ts");
  const created: RememberedPostgres = {
    url: await freshPostgresDatabase(),
    secretKey: randomBytes(32).toString("base64"),
  };
  writeFileSync(file, JSON.stringify(created), { flag: "wx" });
  return { DATABASE_URL: created.url, CLOUD_AGENTS_SECRET_KEY: created.secretKey };
}

/** The DATABASE_URL of the database kept at `dbPath` (for queryRows and the like on a process's database). */
export async function testDatabaseUrl(dbPath: string): Promise<string> {
  const url = (await testDatabaseEnv(dbPath)).DATABASE_URL;
  if (!url) throw new Error(`no DATABASE_URL for ${dbPath}`);
  return url;
}

async function withPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types: PG_TYPES });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs one statement through a second connection to the server's database (`databaseUrl`:
 * `sqlite:<path>` or `postgres://...`). `?` placeholders, numbered for PostgreSQL; a statement
 * both dialects read the same way (the schemas share table and column names).
 */
export async function queryRows<T = Record<string, unknown>>(
  databaseUrl: string,
  sql: string,
  ...params: unknown[]
): Promise<T[]> {
  if (databaseUrl.startsWith("sqlite:")) {
    const db = new Database(databaseUrl.slice("sqlite:".length), { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  return withPostgres(databaseUrl, async (client) => (await client.query(numbered, params)).rows as T[]);
}

/** Runs one writing statement through a second connection (as queryRows; for checks the database itself must refuse). */
export async function executeStatement(databaseUrl: string, sql: string, ...params: unknown[]): Promise<void> {
  if (databaseUrl.startsWith("sqlite:")) {
    const db = new Database(databaseUrl.slice("sqlite:".length));
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  await withPostgres(databaseUrl, async (client) => {
    await client.query(numbered, params);
  });
}

/**
 * Everything the database holds, as latin1 text: SQLite: the file, its WAL and shared memory
 * (checkpointed first, so the main file has it too); PostgreSQL: every row of every table of the
 * schema, each row as its text form.
 */
export async function databaseText(databaseUrl: string): Promise<string> {
  if (databaseUrl.startsWith("sqlite:")) {
    const path = databaseUrl.slice("sqlite:".length);
    const probe = new Database(path);
    try {
      probe.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      probe.close();
    }
    return ["", "-wal", "-shm"]
      .map((suffix) => (existsSync(path + suffix) ? readFileSync(path + suffix).toString("latin1") : ""))
      .join("");
  }
  return withPostgres(databaseUrl, async (client) => {
    const columns = await client.query<{ table: string; column: string; type: string }>(
      "SELECT quote_ident(c.table_schema) || '.' || quote_ident(c.table_name) AS table, quote_ident(c.column_name) AS column, " +
        "c.data_type AS type FROM information_schema.columns c JOIN information_schema.tables t " +
        "ON t.table_schema = c.table_schema AND t.table_name = c.table_name " +
        "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY 1, c.ordinal_position",
    );
    if (columns.rows.length === 0) throw new Error(`${redact(databaseUrl)} has no tables: not the server's database?`);
    const byTable = new Map<string, string[]>();
    for (const { table, column, type } of columns.rows) {
      // bytea as its bytes (printable ones as is), not as hex: a secret in clear stays findable.
      const expression = type === "bytea" ? `encode(${column}, 'escape')` : `${column}::text`;
      byTable.set(table, [...(byTable.get(table) ?? []), `coalesce(${expression}, '')`]);
    }
    const parts: string[] = [];
    for (const [table, expressions] of byTable) {
      const rows = await client.query<{ row: string }>(
        `SELECT ${expressions.join(" || ' ' || ")} AS row FROM ${table}`,
      );
      for (const { row } of rows.rows) parts.push(row);
    }
    return parts.join("\n");
  });
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//***@");
