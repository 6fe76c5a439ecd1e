import type { BackgroundWorker, WorkerHealth } from "../background/backgroundWorker.ts";
import { PeriodicLoop } from "../background/periodicLoop.ts";
import type { Clock } from "../clock.ts";
import type { SchedulerConfig } from "../config/sections.ts";
import { planFire } from "../domain/firePlan.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { Storage } from "../storage/port/index.ts";

export interface SchedulerDeps {
  storage: Storage;
  config: SchedulerConfig;
  clock: Clock;
  logger: Logger;
  /** Records the fire lag of every run started (`cloud_agents_deployment_fire_lag_seconds`). */
  metrics?: Pick<Metrics, "observeDeploymentFireLag">;
}

/**
 * Fires deployments on time. The schedule lives in the database (`next_run_at` per deployment),
 * so a restart loses nothing: a pass fires every due deployment (storage.deployments.fireDue,
 * one transaction each, idempotent per deployment and fire time) and then sleeps until the
 * earliest `next_run_at`, or until a change to a deployment notifies it. A second process on the
 * same database fires nothing twice: whoever advances `next_run_at` first records the run.
 */
export class DeploymentScheduler implements BackgroundWorker {
  readonly name = "scheduler";
  private readonly loop: PeriodicLoop;
  /** The pass in progress (or the last one): passes run one after another. */
  private passing: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: SchedulerDeps) {
    this.loop = new PeriodicLoop({
      name: "deployment scheduler",
      logger: deps.logger,
      intervalMs: deps.config.maxSleepMs,
      pass: () => this.pass(),
    });
  }

  start(): void {
    this.unsubscribe = this.deps.storage.on("deployments", () => this.loop.notify());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.loop.stop();
  }

  health(): WorkerHealth {
    return this.loop.health();
  }

  /** Wakes the loop at once (tests that move an injected clock call this). */
  notify(): void {
    this.loop.notify();
  }

  /**
   * One pass: fire what is due, then say how long to sleep. Public for tests that drive it
   * directly: a pass asked for while one runs (the loop's) starts after it, never beside it.
   */
  pass(): Promise<boolean | { sleepMs: number }> {
    const pass = this.passing.then(() => this.fireDue());
    this.passing = pass.catch(() => undefined);
    return pass;
  }

  private async fireDue(): Promise<boolean | { sleepMs: number }> {
    const { storage, config, clock, logger, metrics } = this.deps;
    const now = clock.now();
    const outcomes = await storage.deployments.fireDue(now.toISOString(), config.batchSize, (d) =>
      planFire(d, now, config.misfireGraceMs),
    );
    for (const outcome of outcomes) {
      const run = outcome.run;
      if (!run) {
        logger.warn("due deployment fire not run: missed beyond its catch-up window (or already fired)", {
          deployment_id: outcome.deployment_id,
          due_at: outcome.due_at,
        });
        continue;
      }
      const lagMs = Date.parse(run.created_at) - Date.parse(run.scheduled_at ?? run.created_at);
      if (run.status === "failed") {
        logger.warn("deployment run could not start; deployment paused", {
          deployment_id: run.deployment_id,
          run_id: run.id,
          error: run.error?.message,
        });
      } else {
        logger.debug("deployment fired", {
          deployment_id: run.deployment_id,
          run_id: run.id,
          status: run.status,
          lag_ms: lagMs,
        });
      }
      if (run.status !== "skipped") metrics?.observeDeploymentFireLag(lagMs / 1000);
    }
    if (outcomes.length >= config.batchSize) return true;
    const next = await storage.deployments.nextDueAt();
    if (next === null) return { sleepMs: config.maxSleepMs };
    return { sleepMs: Date.parse(next) - clock.now().getTime() };
  }
}
