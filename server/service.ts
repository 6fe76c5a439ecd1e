import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve as resolvePath } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Express } from "express";
import { createApp } from "./app.ts";
import type { AppDeps } from "./appDeps.ts";
import type { BackgroundWorker } from "./background/backgroundWorker.ts";
import { createWorkers } from "./background/workers.ts";
import { whenNotBusy } from "./busy.ts";
import { type Clock, systemClock } from "./clock.ts";
import { redactUrl } from "./config/loadConfig.ts";
import type { Config, HttpConfig } from "./config/sections.ts";
import { generateToken, hashToken, SecretBox, tokenHint } from "./crypto/secretBox.ts";
import { DEFAULT_ACCOUNT } from "./defaultAccount.ts";
import { DeliveryControl } from "./delivery/control.ts";
import { loadVendorSkills } from "./domain/skills.ts";
import { WORKERS_POLLING_WINDOW_MS } from "./domain/work.ts";
import { createHttpServer } from "./http/httpServer.ts";
import type { ResponseValidatorsBySurface } from "./http/validation/validateResponse.ts";
import { ListenError } from "./listenError.ts";
import type { Logger } from "./logger.ts";
import { Metrics } from "./metrics.ts";
import { createSandbox } from "./sandbox/create.ts";
import { SessionUids } from "./sandbox/identity.ts";
import { PackageLayers } from "./sandbox/packages/packageLayers.ts";
import { SKILLS_DIR, Workspaces } from "./sandbox/workspace.ts";
import { databaseHasSealedSecrets, resolveSecretKey, verifySecretKey } from "./secretKey.ts";
import { type LoadedSpec, loadSpec } from "./spec.ts";
import { openStorage } from "./storage/open.ts";
import type { Storage } from "./storage/port/index.ts";
import { StreamHub } from "./streams/hub.ts";

export { DEFAULT_ACCOUNT } from "./defaultAccount.ts";
export { ListenError } from "./listenError.ts";

export interface ServiceOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  spec?: LoadedSpec;
  /** Validate every response against its surface's document with these validators (tests). */
  validateResponses?: ResponseValidatorsBySurface;
  /** Called with a token created on first start, to show it once (main prints it). */
  onFirstToken?: (token: string) => void;
}

export interface RunningService {
  deps: AppDeps;
  server: Server;
  workers: BackgroundWorker[];
  /** The base URL the server listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  /**
   * Stops accepting connections, drains HTTP (bounded by SHUTDOWN_GRACE_MS), stops the background
   * loops (last started first) and closes the database, in that order, logging each step.
   */
  stop(): Promise<void>;
}

function listenError(host: string, port: number, err: NodeJS.ErrnoException): ListenError {
  const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const why: Record<string, string> = {
    EADDRINUSE: `${address} is already in use: another process listens there (stop it, or set PORT)`,
    EADDRNOTAVAIL: `${address} is not an address of this machine (set HOST to one of its addresses, e.g. 127.0.0.1 or 0.0.0.0)`,
    EACCES: `${address} needs privileges to listen on (ports below 1024): set PORT to 1024 or above`,
    ENOTFOUND: `cannot listen on ${address}: the host name "${host}" does not resolve (set HOST to an IP address or a resolvable name)`,
    EAI_AGAIN: `cannot listen on ${address}: the host name "${host}" could not be resolved now (set HOST to an IP address)`,
  };
  return new ListenError(address, err.code, why[err.code ?? ""] ?? `cannot listen on ${address}: ${err.message}`);
}

/** Listens, resolving once listening; every listening failure rejects with a ListenError. */
function listen(app: Express, host: string, port: number, http: HttpConfig, logger: Logger): Promise<Server> {
  // Not app.listen(): Express 5 calls its callback on errors too, which used to start the loops
  // of a server that never listened.
  const server = createHttpServer(app, http, logger);
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(listenError(host, port, err));
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}

/** Gauges read from the database and the workers at every scrape of /metrics. */
function bindScrapeSources(deps: AppDeps): void {
  const { metrics, storage, clock } = deps;
  metrics.onScrape(async (m) => {
    const now = clock.now();
    const q = await storage.housekeeping.deliveryQueue(now.toISOString());
    m.deliveryQueueDepth.set({ state: "due" }, q.due);
    m.deliveryQueueDepth.set({ state: "scheduled" }, q.scheduled);
    m.deliveryQueueDepth.set({ state: "held" }, q.held);
    m.deliveryOldestDueAge.set(q.oldest_due_at ? Math.max(0, (now.getTime() - Date.parse(q.oldest_due_at)) / 1000) : 0);
    m.deliveryDead.set(q.dead);
    m.deliveryFanOutBacklog.set(q.fanning_out);
  });
  metrics.onScrape(async (m) => {
    const runs = await storage.housekeeping.runs();
    m.activeRuns.set(runs.running);
    m.queuedRuns.set(runs.queued);
  });
  metrics.onScrape(async (m) => {
    const now = clock.now();
    const work = await storage.work.totals(new Date(now.getTime() - WORKERS_POLLING_WINDOW_MS).toISOString());
    m.workQueue.set({ state: "queued" }, work.queued);
    m.workQueue.set({ state: "leased" }, work.leased);
    m.workOldestQueuedAge.set(
      work.oldest_queued_at ? Math.max(0, (now.getTime() - Date.parse(work.oldest_queued_at)) / 1000) : 0,
    );
    m.workWorkersPolling.set(work.workers_polling);
    m.workLeasesLost.set(work.leases_lost);
  });
  metrics.onScrape((m) => {
    for (const worker of deps.workers) {
      const h = worker.health();
      m.workerUp.set({ worker: worker.name }, h.running ? 1 : 0);
      m.workerLastPassAge.set({ worker: worker.name }, h.lastPassAt === null ? 0 : (Date.now() - h.lastPassAt) / 1000);
    }
  });
}

/** Ensures the configured bootstrap token exists, or creates and reports a first token. */
async function bootstrapTokens(
  storage: Storage,
  config: Config,
  onFirstToken?: (token: string) => void,
): Promise<void> {
  if (config.bootstrapToken) {
    const account = await storage.accounts.ensureAccount(DEFAULT_ACCOUNT);
    await storage.accounts.ensureToken(account.id, hashToken(config.bootstrapToken), tokenHint(config.bootstrapToken));
    return;
  }
  // Count, then create, in one unit of work: two servers starting on one database create one first token.
  const token = await storage.transaction(async (tx) => {
    if ((await tx.accounts.countActiveTokens()) > 0) return null;
    const account = await tx.accounts.ensureAccount(DEFAULT_ACCOUNT);
    const created = generateToken();
    await tx.accounts.createToken(account.id, hashToken(created), tokenHint(created));
    return created;
  });
  if (token !== null) onFirstToken?.(token);
}

/** Opens the storage (migrating it) and wires the dependencies, without listening. */
export async function buildDeps(options: ServiceOptions): Promise<AppDeps> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const storage = await openStorage(config, {
    clock,
    migrate: true,
    onProblem: (message, fields) => logger.warn(message, fields),
  });
  try {
    // Migrated just now, so only a database from a newer version can differ: refuse to run an
    // older server on a schema it does not know (restore a backup to go back).
    const schema = (await whenNotBusy(() => storage.housekeeping.check())).migrations;
    if (schema) throw new Error(`Cannot serve ${redactUrl(config.databaseUrl)}: ${schema}`);
    // Start-up waits for a lock another process holds (a replica writing on the same SQLite file,
    // or recovering its WAL after a crash): each step is one unit of work, or idempotent, so a
    // busy attempt is run again.
    const sealed = await whenNotBusy(() => databaseHasSealedSecrets(storage.meta));
    const { key } = resolveSecretKey(config, { allowGenerate: !sealed });
    const secrets = new SecretBox(key);
    await whenNotBusy(() => verifySecretKey(storage.meta, secrets));
    await whenNotBusy(() => bootstrapTokens(storage, config, options.onFirstToken));
    // After the migrations: upsert the shipped skills (idempotent across restarts).
    await whenNotBusy(() => loadVendorSkills({ storage, config, logger }));
    const metrics = new Metrics();
    const dataDir = resolvePath(config.dataDir);
    // Commands never see the data folder (database, secret key, every workspace).
    const sandbox = await createSandbox(config.sandbox, dataDir, [dataDir]);
    if (sandbox.status.kind === "off" && (sandbox.status.missing.length > 0 || sandbox.status.problem)) {
      logger.warn("no sandbox: the bash tool is unavailable", {
        missing: sandbox.status.missing,
        ...(sandbox.status.problem ? { problem: sandbox.status.problem } : {}),
      });
    }
    if (sandbox.status.kind === "bubblewrap" && sandbox.status.cgroups?.length !== 2) {
      logger.warn(
        "the sandbox's process and memory limits apply per process only (no writable cgroup v1 pids/memory group)",
        {
          cgroups: sandbox.status.cgroups ?? [],
        },
      );
    }
    // As root, each session's files belong to its own uid (sandbox/identity.ts); each package build runs as one too.
    const uids =
      sandbox.status.identity?.model === "session-uid"
        ? new SessionUids(join(dataDir, "sandbox-uids"), {
            base: config.sandbox.uidBase,
            count: config.sandbox.uidCount,
          })
        : null;
    const packageLayers = new PackageLayers({
      store: storage.packageLayers,
      sandbox,
      root: join(dataDir, "packages"),
      config: config.packages,
      uids,
      // PostgreSQL: the other replicas unpack the built layer from its row instead of building it again.
      keepArchive: storage.dialect === "postgres",
      logger,
    });
    await packageLayers.cleanTemporary();
    const deps: AppDeps = {
      config,
      storage,
      clock,
      logger,
      secrets,
      metrics,
      workers: [],
      delivery: new DeliveryControl(),
      streams: new StreamHub({ storage, config: config.streams, logger, metrics }),
      spec: options.spec ?? loadSpec(),
      ...(options.validateResponses ? { validateResponses: options.validateResponses } : {}),
      sandbox,
      workspaces: new Workspaces(
        join(dataDir, "workspaces"),
        config.sandbox.workspaceMaxBytes,
        // PostgreSQL: saved at the end of every turn, restored by the replica that runs the next.
        storage.workspaceSnapshots
          ? { store: storage.workspaceSnapshots, maxBytes: config.sandbox.snapshotMaxBytes, keep: [SKILLS_DIR] }
          : null,
        uids,
      ),
      packageLayers,
    };
    bindScrapeSources(deps);
    return deps;
  } catch (err) {
    await storage.close();
    throw err;
  }
}

/**
 * Starts the whole service in the order that fails safe: configuration (given) → storage and
 * migrations → listen → background loops. When listening fails, the database is closed and a
 * ListenError thrown before any loop ran: a second server on a busy port never touches the
 * first one's work.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const deps = await buildDeps(options);
  const { config, logger } = deps;
  let server: Server;
  try {
    server = await listen(createApp(deps), config.host, config.port, config.http, logger);
  } catch (err) {
    await deps.storage.close();
    throw err;
  }
  const workers = createWorkers(deps);
  for (const worker of workers) {
    worker.start();
    deps.workers.push(worker);
  }
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let stopped: Promise<void> | null = null;

  async function shutdown(): Promise<void> {
    const started = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    logger.info("shutdown: stopped accepting connections");
    // Live streams never end on their own: end them now (clients reconnect with Last-Event-ID).
    const streams = deps.streams.size;
    deps.streams.closeAll();
    if (streams > 0) logger.info("shutdown: ended the open streams", { streams });
    const drained = await Promise.race([
      closed.then(() => true),
      sleep(config.shutdownGraceMs, false, { ref: false }).then(() => false),
    ]);
    if (!drained) {
      // Requests still open after the grace period (long streams): cut them.
      server.closeAllConnections();
      await closed;
      logger.warn("shutdown: closed the connections still open after the grace period", {
        grace_ms: config.shutdownGraceMs,
      });
    }
    logger.info("shutdown: HTTP drained");
    for (const worker of [...workers].reverse()) {
      await worker.stop();
      logger.info("shutdown: stopped background worker", { worker: worker.name });
    }
    await deps.storage.close();
    logger.info("shutdown: storage closed");
    await deps.sandbox.close();
    logger.info("shutdown complete", { duration_ms: Date.now() - started });
  }

  return {
    deps,
    server,
    workers,
    url: `http://${host}:${address.port}`,
    stop() {
      stopped ??= shutdown();
      return stopped;
    },
  };
}
