import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AppDeps, createApp } from "./app.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { generateToken, hashToken, SecretBox, tokenHint } from "./crypto/secretBox.ts";
import { loadVendorSkills } from "./domain/skills.ts";
import { createHttpServer } from "./http/httpServer.ts";
import type { Logger } from "./logger.ts";
import { type BackgroundWorker, createWorkers } from "./loops.ts";
import { databaseHasSealedSecrets, resolveSecretKey, verifySecretKey } from "./secretKey.ts";
import { type LoadedSpec, loadSpec } from "./spec.ts";
import type { Storage } from "./storage/port.ts";
import { createSqliteStorage, sqlitePathFromUrl } from "./storage/sqlite/index.ts";

export const DEFAULT_ACCOUNT = "default";

export interface ServiceOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  spec?: LoadedSpec;
  /** Validate responses against the spec (tests). */
  validateResponses?: boolean;
  /** Called with a token created on first start, to show it once (main prints it). */
  onFirstToken?: (token: string) => void;
}

export interface RunningService {
  deps: AppDeps;
  server: Server;
  workers: BackgroundWorker[];
  /** The base URL the server listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Stops accepting requests, stops the background loops and closes the database, in that order. */
  stop(): Promise<void>;
}

/** Ensures the configured bootstrap token exists, or creates and reports a first token. */
function bootstrapTokens(storage: Storage, config: Config, onFirstToken?: (token: string) => void): void {
  if (config.bootstrapToken) {
    const account = storage.accounts.ensureAccount(DEFAULT_ACCOUNT);
    storage.accounts.ensureToken(account.id, hashToken(config.bootstrapToken), tokenHint(config.bootstrapToken));
    return;
  }
  if (storage.accounts.countActiveTokens() > 0) return;
  const account = storage.accounts.ensureAccount(DEFAULT_ACCOUNT);
  const token = generateToken();
  storage.accounts.createToken(account.id, hashToken(token), tokenHint(token));
  onFirstToken?.(token);
}

/** Opens the storage (migrating it) and wires the dependencies, without listening. */
export function buildDeps(options: ServiceOptions): AppDeps {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const storage = createSqliteStorage({
    path: sqlitePathFromUrl(config.databaseUrl),
    clock,
    busyTimeoutMs: config.sqlite.busyTimeoutMs,
    checkpointIntervalMs: config.sqlite.checkpointIntervalMs,
    onProblem: (message, fields) => logger.warn(message, fields),
  });
  try {
    const { key } = resolveSecretKey(config, { allowGenerate: !databaseHasSealedSecrets(storage.meta) });
    const secrets = new SecretBox(key);
    verifySecretKey(storage.meta, secrets);
    bootstrapTokens(storage, config, options.onFirstToken);
    // After the migrations: upsert the shipped skills (idempotent across restarts).
    loadVendorSkills({ storage, config, logger });
    return {
      config,
      storage,
      clock,
      logger,
      secrets,
      spec: options.spec ?? loadSpec(),
      validateResponses: options.validateResponses ?? false,
    };
  } catch (err) {
    storage.close();
    throw err;
  }
}

/** Starts the whole service: storage, HTTP server and background loops. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const deps = buildDeps(options);
  const app = createApp(deps);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createHttpServer(app, deps.config.http, deps.logger);
    s.once("error", reject);
    s.listen(deps.config.port, deps.config.host, () => resolve(s));
  });
  const workers = createWorkers(deps);
  for (const worker of workers) worker.start();
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let stopped: Promise<void> | null = null;
  return {
    deps,
    server,
    workers,
    url: `http://${host}:${address.port}`,
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        for (const worker of [...workers].reverse()) await worker.stop();
        deps.storage.close();
      })();
      return stopped;
    },
  };
}
