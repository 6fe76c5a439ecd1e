import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Clock } from "../../clock.ts";
import type { Storage } from "../port.ts";
import { createAccountStore } from "./accounts.ts";
import { createAgentStore } from "./agents.ts";
import { SqliteContext } from "./context.ts";
import { createEnvironmentStore } from "./environments.ts";
import { createIdempotencyStore } from "./idempotency.ts";
import { createMetaStore } from "./meta.ts";
import { migrate } from "./migrate.ts";
import { createOutboxStore } from "./outbox.ts";
import { createRunStore } from "./runs.ts";
import { createSessionStore } from "./sessions.ts";
import { createSkillStore } from "./skills.ts";
import { createVaultStore } from "./vaults.ts";
import { createWebhookStore } from "./webhooks.ts";

export interface SqliteOptions {
  /** A file path or `:memory:`. */
  path: string;
  clock: Clock;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
}

/** Opens a SQLite database (WAL, foreign keys on, busy timeout) without migrating it. */
export function openDatabase(path: string): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  return db;
}

/** The SQLite adapter of the storage port. */
export function createSqliteStorage(options: SqliteOptions): Storage {
  const db = openDatabase(options.path);
  if (options.migrate !== false) migrate(db);
  const ctx = new SqliteContext(db, options.clock);
  return {
    accounts: createAccountStore(ctx),
    agents: createAgentStore(ctx),
    environments: createEnvironmentStore(ctx),
    idempotency: createIdempotencyStore(ctx),
    sessions: createSessionStore(ctx),
    runs: createRunStore(ctx),
    outbox: createOutboxStore(ctx),
    meta: createMetaStore(ctx),
    skills: createSkillStore(ctx),
    vaults: createVaultStore(ctx),
    webhooks: createWebhookStore(ctx),
    on: (signal, listener) => ctx.on(signal, listener),
    close: () => db.close(),
  };
}

/** Turns `DATABASE_URL` into the SQLite path. */
export function sqlitePathFromUrl(url: string): string {
  return url.slice("sqlite:".length);
}
