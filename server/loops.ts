import type { AppDeps } from "./app.ts";
import { DeliveryWorker } from "./delivery/worker.ts";
import { EventLoopMonitor } from "./eventLoopMonitor.ts";
import { runtimesFor } from "./runtime/registry.ts";
import { RunWorker } from "./runtime/worker.ts";

/** A background worker of the service, started after the server listens and stopped before the database closes. */
export interface BackgroundWorker {
  name: string;
  start(): void;
  /** Stops claiming work and waits (bounded) for work in flight. */
  stop(): Promise<void>;
}

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
  // Webhook delivery: wakes itself on the storage "events" signal (see DeliveryWorker.start).
  workers.push(
    new DeliveryWorker({
      storage: deps.storage,
      config: deps.config.webhook,
      clock: deps.clock,
      logger: deps.logger,
      secrets: deps.secrets,
    }),
  );
  // Agent runs: wakes itself on the storage "runs" signal; stopped first, giving runs in flight back.
  workers.push(
    new RunWorker({
      storage: deps.storage,
      config: deps.config.runs,
      logger: deps.logger,
      runtimes: runtimesFor(deps.config),
    }),
  );
  return workers;
}
