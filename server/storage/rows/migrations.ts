/**
 * What both adapters' migrations share: the numbered SQL files of a folder (each adapter has its
 * own: sqlite/migrations/, postgres/migrations/) and the migration check (each reads its own
 * schema_migrations table).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered SQL files `NNN_name.sql` of `dir`, in order. */
export function loadMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(`${dir}/${file}`, "utf8"),
    }));
}

/** Which shipped migrations a database lacks, and which of its migrations this build does not know. */
export interface MigrationStatus {
  pending: number[];
  unknown: number[];
}

export function compareMigrations(applied: number[], shipped: number[]): MigrationStatus {
  return {
    pending: shipped.filter((v) => !applied.includes(v)),
    unknown: applied.filter((v) => !shipped.includes(v)),
  };
}

/** The migration check in words: null when the database is exactly at this build's schema. */
export function describeMigrationStatus(status: MigrationStatus): string | null {
  if (status.pending.length) {
    return `migrations ${status.pending.join(", ")} are not applied: run "cloud-agents migrate" (or start the server)`;
  }
  if (status.unknown.length) {
    return `the database has migrations this version does not know (${status.unknown.join(", ")}): it was upgraded by a newer version; run that version`;
  }
  return null;
}
