/**
 * Opens the storage DATABASE_URL names: `sqlite:<path>` / `sqlite::memory:` (the embedded
 * default) or `postgres://` / `postgresql://` (several replicas can share it).
 */
import { resolve } from "node:path";
import type { Clock } from "../clock.ts";
import { databaseDialect, redactUrl } from "../config/loadConfig.ts";
import type { Config } from "../config/sections.ts";
import type { Storage } from "./port/index.ts";
import { createSqliteStorage, openDatabase, openExistingSqliteStorage, sqlitePathFromUrl } from "./sqlite/index.ts";
import { migrate } from "./sqlite/migrate.ts";

export interface OpenStorageOptions {
  clock: Clock;
  /**
   * true (the server, `migrate`): apply pending migrations. false (the other operator commands):
   * the database must already exist at this build's schema, or opening fails saying why.
   */
  migrate: boolean;
  /** Where the adapter's background upkeep reports problems (a WAL checkpoint, a dropped LISTEN connection). */
  onProblem?: (message: string, fields: Record<string, unknown>) => void;
}

export async function openStorage(
  config: Pick<Config, "databaseUrl" | "sqlite" | "postgres">,
  options: OpenStorageOptions,
): Promise<Storage> {
  const dialect = databaseDialect(config.databaseUrl);
  if (dialect === "postgres") {
    // Loaded only for PostgreSQL: a SQLite server or command starts without node-postgres.
    const { createPostgresStorage } = await import("./postgres/index.ts");
    try {
      return await createPostgresStorage({
        url: config.databaseUrl,
        clock: options.clock,
        migrate: options.migrate,
        poolSize: config.postgres.poolSize,
        onProblem: options.onProblem,
      });
    } catch (err) {
      // node-postgres errors do not say which server they were about; never print the password.
      throw new Error(
        `Cannot open the PostgreSQL database ${redactUrl(config.databaseUrl)}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
  }
  if (dialect === "sqlite") {
    const path = sqlitePathFromUrl(config.databaseUrl);
    if (!options.migrate) {
      return openExistingSqliteStorage({ path, clock: options.clock, busyTimeoutMs: config.sqlite.busyTimeoutMs });
    }
    return createSqliteStorage({
      path,
      clock: options.clock,
      busyTimeoutMs: config.sqlite.busyTimeoutMs,
      checkpointIntervalMs: config.sqlite.checkpointIntervalMs,
      onProblem: options.onProblem,
    });
  }
  throw new Error(`DATABASE_URL names no supported database: "${redactUrl(config.databaseUrl)}"`);
}

/**
 * Applies the pending migrations of the database DATABASE_URL names, without starting its stores
 * (`cloud-agents migrate`): the versions applied now, and which database (a SQLite file's absolute
 * path; a PostgreSQL URL without its password).
 */
export async function migrateDatabase(
  config: Pick<Config, "databaseUrl">,
): Promise<{ applied: number[]; database: string }> {
  if (databaseDialect(config.databaseUrl) === "postgres") {
    // Loaded only for PostgreSQL: the SQLite commands start without node-postgres.
    const { default: pg } = await import("pg");
    const { migratePostgres } = await import("./postgres/migrate.ts");
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    try {
      return { applied: await migratePostgres(pool), database: redactUrl(config.databaseUrl) };
    } catch (err) {
      throw new Error(
        `Cannot migrate the PostgreSQL database ${redactUrl(config.databaseUrl)}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    } finally {
      await pool.end();
    }
  }
  const path = sqlitePathFromUrl(config.databaseUrl);
  const db = openDatabase(path);
  try {
    return { applied: migrate(db), database: path === ":memory:" ? path : resolve(path) };
  } finally {
    db.close();
  }
}
// A worker thread's own connection beside the server's (SQLite: see Storage.threadLink).
export {
  openWorkerThreadStorage,
  releaseWorkerThreadWriteLock,
  type WorkerThreadStorage,
} from "./sqlite/workerThread.ts";
