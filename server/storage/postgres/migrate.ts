import { fileURLToPath } from "node:url";
import type pg from "pg";
import { compareMigrations, loadMigrations, type Migration, type MigrationStatus } from "../rows/migrations.ts";
import { ADVISORY_LOCKS } from "./context.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** The PostgreSQL migrations `NNN_name.sql` of this directory, in order. */
export function loadPostgresMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return loadMigrations(dir);
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL
)`;

/**
 * Applies every migration not yet recorded, each in its own transaction under a transaction-level
 * advisory lock: replicas starting together apply each migration once (the others wait, then see
 * it recorded). The transaction records the version with the schema change, so a failing migration
 * leaves neither. Returns the versions this call applied.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: Migration[] = loadPostgresMigrations(),
): Promise<number[]> {
  const done: number[] = [];
  const client = await pool.connect();
  try {
    for (const m of migrations) {
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCKS.migrate]);
        await client.query(CREATE_TABLE);
        const applied = await client.query("SELECT 1 FROM schema_migrations WHERE version = $1", [m.version]);
        if (applied.rowCount === 0) {
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
            m.version,
            m.name,
            new Date().toISOString(),
          ]);
          // No parameters: the simple protocol, which runs a file of several statements.
          await client.query(m.sql);
          done.push(m.version);
        }
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw new Error(
          `PostgreSQL migration ${m.version} (${m.name}) failed: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
    }
  } finally {
    client.release();
  }
  return done;
}

/** Which shipped migrations the database lacks, and which of its migrations this build does not know. */
export async function postgresMigrationStatus(
  pool: pg.Pool,
  migrations: Migration[] = loadPostgresMigrations(),
): Promise<MigrationStatus> {
  const table = await pool.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  const applied = table.rows[0]?.exists
    ? (await pool.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version")).rows.map(
        (r) => r.version,
      )
    : [];
  return compareMigrations(
    applied,
    migrations.map((m) => m.version),
  );
}
