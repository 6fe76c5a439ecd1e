/**
 * The migration check both adapters make (each reads its own schema_migrations table).
 */

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
