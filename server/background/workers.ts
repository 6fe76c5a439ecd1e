import { DreamWorker } from "../agents/dreams/dreamWorker.ts";
import { AgentRunWorker } from "../agents/turns/agentRunWorker.ts";
import { createRuntimes } from "../agents/turns/registry.ts";
import type { AppDeps } from "../appDeps.ts";
import { systemClock } from "../clock.ts";
import { DeliveryEngine } from "../delivery/engine.ts";
import { DeliveryWorkerThread } from "../delivery/workerThreadHost.ts";
import { RetentionJob } from "../housekeeping/retention.ts";
import { DeploymentScheduler } from "../scheduler/deploymentScheduler.ts";
import type { BackgroundWorker } from "./backgroundWorker.ts";
import { EventLoopMonitor } from "./eventLoopMonitor.ts";

/** Every background worker of the service, in start order (stopped in reverse). */
export function createWorkers(deps: AppDeps): BackgroundWorker[] {
  const workers: BackgroundWorker[] = [];
  // First in, last out: it watches the whole life of the others.
  workers.push(
    new EventLoopMonitor({
      logger: deps.logger,
      warnMs: deps.config.eventLoop.warnMs,
      windowMs: deps.config.eventLoop.windowMs,
    }),
  );
  // The storage's own upkeep (the WAL checkpointer): stopped after the loops that write.
  workers.push(...deps.storage.maintenance());
  // Webhook delivery: wakes itself on the storage "deliveries" signal (see DeliveryEngine.start).
  workers.push(createDeliveryWorker(deps));
  // Agent runs: wakes itself on the storage "runs" signal; stopped first, giving runs in flight back.
  workers.push(
    new AgentRunWorker({
      storage: deps.storage,
      config: deps.config.runs,
      logger: deps.logger,
      runtimes: createRuntimes(deps),
      deltas: deps.streams.deltas,
    }),
  );
  // Dreams: starts pending dreams as sessions (the run worker above runs them); woken by "dreams".
  workers.push(
    new DreamWorker({ storage: deps.storage, config: deps.config, logger: deps.logger, sandbox: deps.sandbox }),
  );
  // Deployments: fires due deployments and sleeps until the next due time (or a change notifies it).
  workers.push(
    new DeploymentScheduler({
      storage: deps.storage,
      config: deps.config.scheduler,
      clock: deps.clock,
      logger: deps.logger,
      metrics: deps.metrics,
    }),
  );
  // Live streams: wake-ups, heartbeats (the HTTP shutdown ends the streams themselves first).
  workers.push(deps.streams);
  // Housekeeping: deletes settled records older than RETENTION_DAYS on the RETENTION_CRON schedule.
  workers.push(
    new RetentionJob({
      storage: deps.storage,
      workspaces: deps.workspaces,
      clock: deps.clock,
      config: deps.config.retention,
      logger: deps.logger,
      metrics: deps.metrics,
    }),
  );
  return workers;
}

/**
 * The delivery engine: on its own thread and connection (WEBHOOK_THREAD, the default), or on the
 * server's event loop when the database is in memory (a second connection would not see it) or
 * the injected clock cannot be read from another thread.
 */
function createDeliveryWorker(deps: AppDeps): BackgroundWorker {
  const engine = deliveryEngine(deps);
  deps.delivery.attach(engine);
  return engine;
}

function deliveryEngine(deps: AppDeps): DeliveryWorkerThread | DeliveryEngine {
  const { config, clock } = deps;
  const link = deps.storage.threadLink();
  const shareableClock = clock === systemClock || clock.shared !== undefined;
  if (config.webhook.thread && link && shareableClock) {
    return new DeliveryWorkerThread({
      storage: deps.storage,
      logger: deps.logger,
      metrics: deps.metrics,
      config: config.webhook,
      thread: {
        path: link.path,
        writeLock: link.writeLock,
        // The thread may wait for the write lock (the API's loop must not; this one is its own).
        busyTimeoutMs: Math.max(config.sqlite.busyTimeoutMs, 1000),
        noAutocheckpoint: true,
        secretKey: deps.secrets.exportKey(),
        clock: clock === systemClock ? null : (clock.shared ?? null),
      },
    });
  }
  return new DeliveryEngine({
    storage: deps.storage,
    config: config.webhook,
    clock,
    logger: deps.logger,
    secrets: deps.secrets,
    metrics: deps.metrics,
  });
}
