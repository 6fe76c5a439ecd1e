import { closeSync, openSync, readSync } from "node:fs";
import type { HousekeepingStore } from "../port/housekeeping.ts";
import { errorMessage } from "../rows/housekeeping.ts";
import { housekeeping } from "../shared/housekeeping.ts";
import type { SqliteContext } from "./context.ts";
import { describeMigrationStatus, migrationStatus } from "./migrate.ts";
import { storeOf } from "./steps.ts";

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");

/** Null when the file opens for reading and writing and starts like a SQLite database, else why not. */
function checkFile(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r+");
  } catch (err) {
    return `cannot open ${path} for reading and writing: ${errorMessage(err)}`;
  }
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const n = readSync(fd, head, 0, head.length, 0);
    return n === head.length && head.equals(SQLITE_MAGIC) ? null : `${path} is not a SQLite database any more`;
  } catch (err) {
    return `cannot read ${path}: ${errorMessage(err)}`;
  } finally {
    closeSync(fd);
  }
}

/**
 * Housekeeping over SQLite: the shared retention batches and figures (shared/housekeeping.ts),
 * and the readiness check, which also looks at the database file itself.
 */
export function createHousekeepingStore(ctx: SqliteContext, path: string): HousekeepingStore {
  const { db } = ctx;
  return {
    ...storeOf(ctx, housekeeping),
    check() {
      let database: string | null = null;
      try {
        db.prepare("SELECT 1 FROM schema_migrations LIMIT 1").get();
      } catch (err) {
        return { database: `the database does not answer: ${errorMessage(err)}`, migrations: "not checked" };
      }
      // The open connection keeps answering from its file descriptor and page cache even when
      // the file was moved, deleted or made unreadable: look at the file itself, as the next
      // process (or a backup) would, for reading and writing, and check it is still a database.
      if (path !== ":memory:") database = checkFile(path);
      let migrations: string | null;
      try {
        migrations = describeMigrationStatus(migrationStatus(db));
      } catch (err) {
        migrations = `cannot read the applied migrations: ${errorMessage(err)}`;
      }
      return { database, migrations };
    },
  };
}
