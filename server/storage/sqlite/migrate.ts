import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import {
  compareMigrations,
  describeMigrationStatus,
  loadMigrations,
  type Migration,
  type MigrationStatus,
} from "../rows/migrations.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** SQLite's migrations `NNN_name.sql` (this adapter's migrations/ folder), in order. */
export function loadSqliteMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return loadMigrations(dir);
}

/**
 * Applies every migration not yet recorded, each in its own transaction that records the
 * version first: a failing migration leaves neither its version nor half of its schema.
 * Returns the versions applied.
 */
export function migrate(db: Database.Database, migrations: Migration[] = loadSqliteMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = new Set(
    (db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((r) => r.version),
  );
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
      db.exec(m.sql);
    }).immediate();
    done.push(m.version);
  }
  return done;
}

/** Which shipped migrations a database lacks, and which of its migrations this build does not know. */
export function migrationStatus(
  db: Database.Database,
  migrations: Migration[] = loadSqliteMigrations(),
): MigrationStatus {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = hasTable
    ? (db.prepare("SELECT version FROM schema_migrations ORDER BY version").all() as { version: number }[]).map(
        (r) => r.version,
      )
    : [];
  return compareMigrations(
    applied,
    migrations.map((m) => m.version),
  );
}

export { describeMigrationStatus };
