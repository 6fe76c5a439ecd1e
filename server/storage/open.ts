/**
 * Opens the storage DATABASE_URL names: `sqlite:<path>` / `sqlite::memory:` (the embedded
 * default) or `postgres://` / `postgresql://` (several replicas can share it).
 */
import type { Clock } from "../clock.ts";
import { type Config, databaseDialect, redactUrl } from "../config.ts";
import type { Storage } from "./port/index.ts";
import { createSqliteStorage, openExistingSqliteStorage, sqlitePathFromUrl } from "./sqlite/index.ts";

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

// A worker thread's own connection beside the server's (SQLite: see Storage.threadLink).
export {
  openWorkerThreadStorage,
  releaseWorkerThreadWriteLock,
  type WorkerThreadStorage,
} from "./sqlite/workerThread.ts";
