/**
 * The PostgreSQL adapter of the storage port (node-postgres). Chosen by `DATABASE_URL=postgres://...`
 * (storage/open.ts). Several replicas of the service can share one database: work is claimed with
 * `FOR UPDATE SKIP LOCKED` and leases, and the commits of one replica wake the others' loops
 * through LISTEN/NOTIFY (a hint; the loops keep polling).
 */
import type { Clock } from "../../clock.ts";
import type { Storage, StorageMaintenance, Stores } from "../port/index.ts";
import { describeMigrationStatus } from "../rows/migrations.ts";
import { accounts } from "../shared/accounts.ts";
import { dreams } from "../shared/dreams.ts";
import { environments } from "../shared/environments.ts";
import { files } from "../shared/files.ts";
import { idempotency } from "../shared/idempotency.ts";
import { memoryStores } from "../shared/memoryStores.ts";
import { sessionResources } from "../shared/sessionResources.ts";
import { vaults } from "../shared/vaults.ts";
import { webhookEndpoints } from "../shared/webhookEndpoints.ts";
import { work } from "../shared/work.ts";
import { createAgentStore } from "./agents.ts";
import { createPgBlobStore } from "./blobs.ts";
import { createPool, PgContext, PgHub, PgListener } from "./context.ts";
import { createDeliveryQueue } from "./deliveryQueue.ts";
import { createDeploymentStore } from "./deployments.ts";
import { createHousekeepingStore } from "./housekeeping.ts";
import { createMetaStore } from "./meta.ts";
import { migratePostgres, postgresMigrationStatus } from "./migrate.ts";
import { createOutboxStore } from "./outbox.ts";
import { createPackageLayerStore } from "./packageLayers.ts";
import { createRunStore } from "./runs.ts";
import { createSessionStore } from "./sessions.ts";
import { createSkillStore } from "./skills.ts";
import { storeOf } from "./steps.ts";
import { createStreamStore } from "./streams.ts";
import { PostgresStreamWakeups } from "./streamWakeups.ts";
import { createWorkspaceSnapshotStore } from "./workspaceSnapshots.ts";

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database` (or `postgresql://`). */
  url: string;
  clock: Clock;
  /**
   * Apply pending migrations on open (default true: the server). With false the database must
   * already be at this build's schema (the operator commands), or opening fails saying why.
   */
  migrate?: boolean;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How the connections name themselves in pg_stat_activity. */
  applicationName?: string;
  /** Where the LISTEN connection reports that it dropped (it reconnects by itself). */
  onProblem?: (message: string, fields: Record<string, unknown>) => void;
}

/** The stores of the port over one context (the pool's, or one transaction's). */
function storesOver(ctx: PgContext): Stores {
  return {
    accounts: storeOf(ctx, accounts),
    agents: createAgentStore(ctx),
    environments: storeOf(ctx, environments),
    idempotency: storeOf(ctx, idempotency),
    sessions: createSessionStore(ctx),
    // A deployment's run creates its session inside the deployment store's transaction.
    deployments: createDeploymentStore(ctx, createSessionStore),
    runs: createRunStore(ctx),
    outbox: createOutboxStore(ctx),
    meta: createMetaStore(ctx),
    skills: createSkillStore(ctx),
    vaults: storeOf(ctx, vaults),
    memoryStores: storeOf(ctx, memoryStores),
    files: storeOf(ctx, files),
    sessionResources: storeOf(ctx, sessionResources),
    webhooks: storeOf(ctx, webhookEndpoints),
    deliveryQueue: createDeliveryQueue(ctx),
    housekeeping: createHousekeepingStore(ctx),
    streams: createStreamStore(ctx),
    work: storeOf(ctx, work),
    dreams: storeOf(ctx, dreams),
  };
}

/** Opens the PostgreSQL storage: a pool, the schema (migrated unless told not to), the stores. */
export async function createPostgresStorage(options: PostgresOptions): Promise<Storage> {
  const pool = createPool(options, options.onProblem);
  try {
    if (options.migrate !== false) {
      await migratePostgres(pool);
    } else {
      const problem = describeMigrationStatus(await postgresMigrationStatus(pool));
      if (problem) throw new Error(`The PostgreSQL database is not at this version's schema: ${problem}`);
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  const hub = new PgHub(pool, options.clock);
  const ctx = new PgContext(hub);
  const listener = new PgListener(options.url, hub, options.onProblem);
  const listening: StorageMaintenance = {
    name: "postgres-listen",
    start: () => void listener.start(),
    stop: () => listener.stop(),
    // Running while started (listening, or reconnecting: a hint the loops' polling stands in for,
    // so a dropped connection does not make the process unready; the database check covers an
    // outage). lastPassAt: since when it listens, null while disconnected (lastError says why).
    health: () => ({
      running: listener.running,
      lastPassAt: listener.listeningSince,
      staleAfterMs: null,
      lastError: listener.lastError,
    }),
  };
  let closed: Promise<void> | null = null;
  return {
    ...storesOver(ctx),
    dialect: "postgres",
    workspaceSnapshots: createWorkspaceSnapshotStore(ctx),
    packageLayers: createPackageLayerStore(ctx),
    blobs: createPgBlobStore(ctx),
    transaction: (fn) => ctx.tx((tx) => fn(storesOver(tx))),
    streamWakeups: ({ pollIntervalMs }) => new PostgresStreamWakeups(ctx, pollIntervalMs, listener),
    on: (signal, listener) => ctx.on(signal, listener),
    maintenance: () => [listening],
    // The delivery thread shares a SQLite file; on PostgreSQL delivery runs in-process.
    threadLink: () => null,
    close: () => {
      closed ??= (async () => {
        await listener.stop();
        await hub.drain();
        await pool.end();
      })();
      return closed;
    },
  };
}
