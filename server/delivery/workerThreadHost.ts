/**
 * Runs the delivery engine on a worker thread (server/delivery/workerThreadEntry.ts) with its own SQLite
 * connection: the API's event loop no longer signs, sends or records webhooks, and delivery uses
 * another core. The guarantees are the engine's own, unchanged: records are leased in the
 * database (a thread that dies, like a process that dies, leaves leases that expire and are sent
 * again), a graceful stop finishes or releases the attempts in flight before it resolves, and the
 * thread's loop health is reported here for `/readyz` and `/metrics`. The server's commits wake
 * the thread (the storage "deliveries" signal); its logs and metrics come back to the server's.
 */
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BackgroundWorker, WorkerHealth } from "../background/backgroundWorker.ts";
import type { WebhookConfig } from "../config/sections.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { releaseWorkerThreadWriteLock } from "../storage/open.ts";
import type { Storage } from "../storage/port/index.ts";
import type { EndpointAbortReason, EndpointAbortReport } from "./engine.ts";
import { ApiLoadMeter } from "./pace.ts";
import type {
  DeliveryWorkerThreadData,
  FromDeliveryWorkerThread,
  ToDeliveryWorkerThread,
} from "./workerThreadProtocol.ts";

export interface DeliveryWorkerThreadDeps {
  /** The server's storage: its "deliveries" signal wakes the thread; before it runs, `hasPending` says whether it must. */
  storage: Pick<Storage, "on" | "deliveryQueue">;
  logger: Logger;
  metrics: Pick<Metrics, "observeDeliveryAttempt">;
  config: WebhookConfig;
  /** What the thread opens and how (see DeliveryWorkerThreadData). */
  thread: Omit<DeliveryWorkerThreadData, "config">;
}

/** How long after an unexpected exit the thread is started again: doubling while it keeps failing. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** Beyond the shutdown grace, how long a stopping thread gets before it is terminated. */
const STOP_SLACK_MS = 10_000;
/** How long abortEndpoint waits for the thread's answer (it may be waiting for the write lock). */
const ABORT_ANSWER_MS = 5000;

// The thread's module: thread.ts under tsx and vitest; in the build of `npm start` its own entry,
// thread.mjs of the same build (scripts/build.mjs sets CLOUD_AGENTS_THREAD_ENTRY at build time), so
// the thread neither loads tsx nor compiles TypeScript when the server starts. In a build this
// module's URL is `<build>/tree/server/delivery/workerThreadHost.ts`: the entry is three folders up,
// in the build the server runs from (not wherever `dist` points by then).
const BUNDLED_THREAD = process.env.CLOUD_AGENTS_THREAD_ENTRY;
const THREAD_MODULE = BUNDLED_THREAD
  ? new URL(`../../../${BUNDLED_THREAD}`, import.meta.url).href
  : new URL(`./workerThreadEntry${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

// A worker's entry is plain JavaScript: it registers tsx first when the module is TypeScript (a
// test runner's process has no loader for it), then imports the thread module.
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
(async () => {
  if (workerData.module.endsWith(".ts")) (await import("tsx/esm/api")).register();
  await import(workerData.module);
})().catch((err) => {
  process.nextTick(() => { throw err; });
});
`;

export class DeliveryWorkerThread implements BackgroundWorker {
  readonly name = "webhook-delivery";
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  private running = false;
  /** This thread's event-loop utilization, which the delivery thread reads to take only its share (pace.ts). */
  private readonly meter = new ApiLoadMeter();
  private state: WorkerHealth = { running: false, lastPassAt: null, staleAfterMs: null, lastError: null };
  private unsubscribe: (() => void) | null = null;
  private notifyQueued = false;
  /** A look for pending records is waiting for the database: the next tick does not start another. */
  private looking = false;
  private restartTimer: NodeJS.Timeout | null = null;
  /** Before the thread runs: the look for pending records every poll interval. */
  private idleTimer: NodeJS.Timeout | null = null;
  /** Unexpected exits since the thread last reported a good pass. */
  private failures = 0;
  /** abortEndpoint calls waiting for the thread's answer, by sequence number. */
  private readonly aborts = new Map<number, (report: EndpointAbortReport | null) => void>();
  private abortSeq = 0;

  constructor(private readonly deps: DeliveryWorkerThreadDeps) {}

  /**
   * Starts the thread once there is delivery work: at once when a record is pending, else on the
   * first commit that makes one due, or when a look every poll interval finds one (written by
   * another process). A server without webhook traffic never pays for the thread.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.deps.storage.on("deliveries", () => this.notify());
    this.state = { running: true, lastPassAt: Date.now(), staleAfterMs: this.staleAfterMs(), lastError: null };
    // Looks now and every poll interval until the thread runs (spawn stops the looking).
    this.idleTimer = setInterval(() => void this.lookForWork(), this.deps.config.pollIntervalMs);
    this.idleTimer.unref();
    void this.lookForWork();
  }

  /** Wakes the thread's loop (records became due, a test moved the clock), starting the thread if need be. */
  notify(): void {
    if (!this.running) return;
    if (!this.worker) {
      if (!this.restartTimer) this.spawn();
      return;
    }
    if (this.notifyQueued) return;
    // One message per turn of the event loop, however many commits signalled.
    this.notifyQueued = true;
    setImmediate(() => {
      this.notifyQueued = false;
      this.send({ type: "notify" });
    });
  }

  health(): WorkerHealth {
    return { ...this.state, running: this.running && this.state.running };
  }

  /**
   * Tells the thread that an endpoint was disabled or deleted (see DeliveryEngine.abortEndpoint)
   * and resolves with its report once it has cut the endpoint's attempts short: their connections
   * are closed and nothing more is sent to it. Null when no thread runs (nothing is in flight) or
   * it did not answer within ABORT_ANSWER_MS (logged).
   */
  abortEndpoint(endpointId: string, why: EndpointAbortReason): Promise<EndpointAbortReport | null> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(null);
    const seq = ++this.abortSeq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.aborts.delete(seq);
        this.deps.logger.warn("webhook-delivery: the delivery thread did not confirm an endpoint's abort in time", {
          endpoint_id: endpointId,
          wait_ms: ABORT_ANSWER_MS,
        });
        resolve(null);
      }, ABORT_ANSWER_MS);
      this.aborts.set(seq, (report) => {
        clearTimeout(timer);
        this.aborts.delete(seq);
        resolve(report);
      });
      worker.postMessage({ type: "abortEndpoint", seq, endpointId, why } satisfies ToDeliveryWorkerThread);
    });
  }

  /**
   * Stops the thread: it claims nothing more, finishes or releases the attempts in flight (within
   * WEBHOOK_SHUTDOWN_GRACE_MS), records them and closes its connection. A thread that does not
   * stop within the grace period and some slack is terminated (its leases expire).
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.meter.stop();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.stopLooking();
    const worker = this.worker;
    if (!worker) return;
    this.send({ type: "stop" });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exited,
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.deps.logger.error("webhook-delivery: the delivery thread did not stop in time; terminating it");
          void worker.terminate().then(() => resolve());
        }, this.deps.config.shutdownGraceMs + STOP_SLACK_MS);
      }),
    ]);
    clearTimeout(timer);
    this.worker = null;
  }

  private send(message: ToDeliveryWorkerThread): void {
    this.worker?.postMessage(message);
  }

  /** Starts the thread when a record is pending (one look at a time; never throws). */
  private async lookForWork(): Promise<void> {
    if (this.worker || this.looking || !this.running) return;
    this.looking = true;
    let pending: boolean;
    try {
      pending = await this.deps.storage.deliveryQueue.hasPending();
      this.state = { ...this.state, lastPassAt: Date.now(), lastError: null };
    } catch (err) {
      // A locked database: look again at the next interval.
      this.state = { ...this.state, lastError: err instanceof Error ? err.message : String(err) };
      return;
    } finally {
      this.looking = false;
    }
    // Started meanwhile (a commit's notify) or stopped: nothing to do.
    if (pending && this.running && !this.worker && !this.restartTimer) this.spawn();
  }

  private stopLooking(): void {
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.idleTimer = null;
  }

  /** As the thread's own loop: a few poll intervals without a good pass is stuck. */
  private staleAfterMs(): number {
    return this.deps.config.pollIntervalMs * 3 + 10_000;
  }

  private spawn(): void {
    this.stopLooking();
    this.meter.start();
    const data: DeliveryWorkerThreadData = {
      ...this.deps.thread,
      config: this.deps.config,
      apiLoad: this.meter.shared,
    };
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { ...data, module: THREAD_MODULE } });
    this.worker = worker;
    // Until the thread's first report: running since now (as a loop that just started).
    this.state = { running: true, lastPassAt: Date.now(), staleAfterMs: this.staleAfterMs(), lastError: null };
    worker.on("message", (message: FromDeliveryWorkerThread) => this.receive(message));
    worker.on("error", (err) => {
      this.state = { ...this.state, lastError: err.message };
      this.deps.logger.error("webhook-delivery: the delivery thread failed", {
        error: err.message,
        stack: err.stack,
      });
    });
    this.exited = new Promise<void>((resolve) => {
      worker.once("exit", (code) => {
        // A thread terminated inside a transaction never released the write lock.
        releaseWorkerThreadWriteLock(data);
        // A thread that is gone sends nothing more: its aborts are done.
        for (const answer of [...this.aborts.values()]) answer(null);
        if (this.worker === worker && this.running) {
          // Died on its own: its leases expire and are sent again; start a new one.
          this.worker = null;
          this.state = {
            ...this.state,
            running: false,
            lastError: this.state.lastError ?? `the delivery thread exited (code ${code})`,
          };
          const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** this.failures++);
          this.deps.logger.error("webhook-delivery: the delivery thread exited; starting it again", {
            code,
            restart_in_ms: delay,
          });
          this.restartTimer = setTimeout(() => {
            this.restartTimer = null;
            if (this.running) this.spawn();
          }, delay);
        }
        resolve();
      });
    });
  }

  private receive(message: FromDeliveryWorkerThread): void {
    switch (message.type) {
      case "health":
        this.state = message.health;
        if (message.health.lastError === null && message.health.running) this.failures = 0;
        break;
      case "log":
        this.deps.logger[message.level](message.msg, message.fields);
        break;
      case "attempts":
        for (const [outcome, seconds] of message.attempts) this.deps.metrics.observeDeliveryAttempt(outcome, seconds);
        break;
      case "endpointAborted":
        this.aborts.get(message.seq)?.(message.report);
        break;
      case "stopped":
        break;
    }
  }
}
