import { randomUUID } from "node:crypto";
import type { BackgroundWorker, WorkerHealth } from "../../background/backgroundWorker.ts";
import { PeriodicLoop } from "../../background/periodicLoop.ts";
import { whenNotBusy } from "../../busy.ts";
import type { RunConfig } from "../../config/sections.ts";
import { BudgetReached, budgetReached } from "../../domain/budget.ts";
import type { Logger } from "../../logger.ts";
import { describeError } from "../../logger.ts";
import { agentRef } from "../../storage/port/agents.ts";
import { type Storage, StorageBusyError } from "../../storage/port/index.ts";
import type { ClaimedRun, RunError } from "../../storage/port/runs.ts";
import type { DeltaHub } from "../../streams/deltas.ts";
import { truncate } from "../../text.ts";
import { AwaitingPendingActions, WORKER_WAIT_EXPIRED } from "./pendingActions.ts";
import { type RuntimeRegistry, type RuntimeTurn, TurnError } from "./port.ts";

export interface AgentRunWorkerDeps {
  storage: Storage;
  config: RunConfig;
  logger: Logger;
  runtimes: RuntimeRegistry;
  /** Where the turns' live text goes (the session streams that asked for deltas). */
  deltas: DeltaHub;
}

/** Why the worker aborted a run in flight. */
type AbortReason = "shutdown" | "lost";

interface InFlight {
  run: ClaimedRun;
  controller: AbortController;
  /** Per-thread controllers of the sub-agent runs in progress, by thread id. */
  threads: Map<string, AbortController>;
  done: Promise<void>;
}

const errorText = (err: unknown): string => truncate(err instanceof Error ? err.message : String(err), 500);

/** The session.error a runtime failure becomes (the turn is over): a TurnError keeps its type, words and detail. */
function runtimeError(err: unknown): RunError {
  const exhausted = { retry_status: { type: "exhausted" as const } };
  if (err instanceof TurnError)
    return { type: err.type, message: truncate(err.message, 2000), ...err.detail, ...exhausted };
  return { type: "runtime_error", message: `The agent runtime failed: ${errorText(err)}`, ...exhausted };
}

/**
 * Executes agent runs in the background so that `POST /sessions/{id}/events` returns at once.
 *
 * A pass (1) recovers runs left `running` by a dead worker, those whose lease expired (never a run
 * another live process executes: its heartbeats keep the lease, even right after this one started
 * on the same database) and (2) claims queued runs up to the
 * concurrency limit, each executed without blocking the loop. A run of a coordinator agent runs
 * each sub-agent in its thread, then the agent itself; the output is stored atomically with the
 * end of the run. While a run executes, a heartbeat extends its lease; after every "runs" signal
 * (a thread terminated, a session or agent deleted) the runs in flight are checked and the ones
 * that are no longer wanted are aborted at once.
 */
export class AgentRunWorker implements BackgroundWorker {
  readonly name = "runs";
  /** Identifies this worker's leases; a run recovered by another worker is no longer ours. */
  private readonly owner = `worker_${randomUUID()}`;
  private readonly loop: PeriodicLoop;
  private readonly inFlight = new Map<string, InFlight>();
  private checkScheduled = false;
  /** The check of the runs in flight in progress: checks run one after another, never overlapping. */
  private checking: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: AgentRunWorkerDeps) {
    this.loop = new PeriodicLoop({
      name: "run worker",
      logger: deps.logger,
      intervalMs: deps.config.pollIntervalMs,
      pass: (signal) => this.pass(signal),
    });
  }

  start(): void {
    this.unsubscribe = this.deps.storage.on("runs", () => {
      this.loop.notify();
      // Once per turn of the event loop, however many commits signalled.
      if (this.checkScheduled || this.inFlight.size === 0) return;
      this.checkScheduled = true;
      setImmediate(() => {
        this.checkScheduled = false;
        this.checking = this.checking.then(() => this.checkInFlight());
      });
    });
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.loop.stop();
    // Runs in flight are given back (queued again) so the next start runs them.
    for (const entry of this.inFlight.values()) entry.controller.abort("shutdown" satisfies AbortReason);
    // Bounded: a runtime that ignores the abort must not hold shutdown forever. A run still
    // leased then is recovered by the next start.
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      Promise.all([...this.inFlight.values()].map((e) => e.done)).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.deps.config.shutdownGraceMs);
      }),
    ]);
    clearTimeout(timer);
    if (!settled) {
      this.deps.logger.warn("runs still in flight after the shutdown grace period", { runs: this.inFlight.size });
    }
  }

  health(): WorkerHealth {
    return this.loop.health();
  }

  /** How many runs are executing now (for tests and diagnostics). */
  get activeRuns(): number {
    return this.inFlight.size;
  }

  private async pass(signal: AbortSignal): Promise<boolean> {
    const { storage, config, logger } = this.deps;
    const recovered = await storage.runs.recoverRuns({ maxAttempts: config.maxAttempts });
    if (recovered.requeued + recovered.failed > 0) logger.warn("recovered interrupted runs", { ...recovered });
    const unanswered = await storage.runs.expireWorkerWaits(WORKER_WAIT_EXPIRED);
    if (unanswered > 0) logger.warn("worker calls unanswered in time", { calls: unanswered });
    while (!signal.aborted && this.inFlight.size < config.concurrency) {
      const run = await storage.runs.claimRun(this.owner, config.leaseMs);
      if (!run) break;
      this.launch(run);
    }
    return false;
  }

  private launch(run: ClaimedRun): void {
    const controller = new AbortController();
    const entry: InFlight = { run, controller, threads: new Map(), done: Promise.resolve() };
    this.inFlight.set(run.id, entry);
    // The lease is renewed four times per lease period, each renewal waiting out a write lock
    // another process holds (up to the next renewal): a live run keeps its lease, and only a run
    // whose process died (or stalled for a whole lease) is taken over by another process.
    const renewEveryMs = Math.max(250, Math.floor(this.deps.config.leaseMs / 4));
    let renewing = false;
    const heartbeat = setInterval(() => {
      if (renewing) return;
      renewing = true;
      whenNotBusy(() => this.deps.storage.runs.heartbeat(run.id, this.owner, this.deps.config.leaseMs), renewEveryMs)
        .then(
          (held) => {
            if (!held) controller.abort("lost" satisfies AbortReason);
          },
          (err: unknown) => {
            const fields = { run_id: run.id, ...describeError(err) };
            if (err instanceof StorageBusyError) this.deps.logger.warn("run lease not renewed: database busy", fields);
            else this.deps.logger.error("run heartbeat failed", fields);
          },
        )
        .finally(() => {
          renewing = false;
        });
    }, renewEveryMs);
    heartbeat.unref();
    entry.done = this.execute(entry)
      .catch((err: unknown) =>
        this.deps.logger.error("run failed unexpectedly", { run_id: run.id, ...describeError(err) }),
      )
      .finally(() => {
        clearInterval(heartbeat);
        this.inFlight.delete(run.id);
        this.loop.notify();
      });
  }

  /** Aborts the runs (and sub-agent threads) in flight that are no longer wanted. */
  private async checkInFlight(): Promise<void> {
    const { runs } = this.deps.storage;
    for (const entry of [...this.inFlight.values()]) {
      try {
        if (!(await runs.isActive(entry.run.id, this.owner))) {
          entry.controller.abort("lost" satisfies AbortReason);
          continue;
        }
        for (const [threadId, threadController] of [...entry.threads]) {
          if ((await runs.threadStatus(threadId)) === "terminated") threadController.abort("terminated");
        }
      } catch (err) {
        this.deps.logger.error("checking runs in flight failed", describeError(err));
      }
    }
  }

  private async execute(entry: InFlight): Promise<void> {
    const { storage, runtimes, logger } = this.deps;
    const { run, controller } = entry;
    const owner = this.owner;
    const fail = (error: RunError) => storage.runs.failRun(run.id, owner, error);
    try {
      const agent = run.agent;
      if (!agent) {
        await fail({ type: "agent_unavailable", message: "The session's agent version can no longer be read." });
        return;
      }
      const runtime = runtimes.get(agent.config.model);
      if (!runtime) {
        await fail({
          type: "agent_unavailable",
          message: `The model "${agent.config.model}" is not served by this server (served: ${runtimes.models().join(", ")}).`,
        });
        return;
      }
      const messages = run.input.map((m) => ({ content: m.content }));
      if (agent.config.multiagent) {
        for (const ref of agent.config.multiagent.agents) {
          if (controller.signal.aborted) throw controller.signal.reason;
          if (!(await this.runThread(entry, agentRef(ref), messages))) return;
        }
      }
      const turn = this.turn(run, null, agent, messages, controller);
      // No turn starts on a session whose budget is reached (a message queued before it was).
      if (await turn.budgetReached()) throw new BudgetReached();
      const outputs = await runtime.run(turn, controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      await whenNotBusy(() => storage.runs.completeRun(run.id, owner, outputs));
    } catch (err) {
      if (err instanceof BudgetReached && !controller.signal.aborted) {
        // What the turn recorded stays; it ends as a completed turn stopped by the budget.
        await whenNotBusy(() => storage.runs.completeRun(run.id, owner, [], { type: "budget_reached" }));
        return;
      }
      if (controller.signal.aborted) {
        // "lost": the run is no longer ours (session or agent deleted, lease recovered): write nothing.
        if ((controller.signal.reason as AbortReason) === "shutdown") {
          await whenNotBusy(() => storage.runs.releaseRun(run.id, owner));
        }
        return;
      }
      // Still locked after waiting: leave the run to its lease (it is recovered and run again).
      if (err instanceof StorageBusyError) throw err;
      // The turn waits for the user: paused (kept in the database), resumed by the last answer.
      if (err instanceof AwaitingPendingActions) {
        await whenNotBusy(() => storage.runs.pauseRun(run.id, owner, err.toolUseIds, err.remote, err.threadId));
        return;
      }
      if (err instanceof TurnError) {
        logger.warn("agent turn ended with an error", { run_id: run.id, session_id: run.session_id, type: err.type });
      } else {
        logger.error("agent runtime failed", { run_id: run.id, session_id: run.session_id, ...describeError(err) });
      }
      await whenNotBusy(() => fail(runtimeError(err)));
    }
  }

  /**
   * The turn a runtime executes: its conversation is read from the session's history, and what it
   * records on the way is written under this run (and thread). When the run or the thread is no
   * longer wanted, `record` aborts `controller` and throws.
   */
  private turn(
    run: ClaimedRun,
    threadId: string | null,
    agent: { id: string; version: number; config: RuntimeTurn["agent"]["config"] },
    messages: RuntimeTurn["messages"],
    controller: AbortController,
  ): RuntimeTurn {
    const { storage } = this.deps;
    const owner = this.owner;
    return {
      account_id: run.account_id,
      session_id: run.session_id,
      run_id: run.id,
      session_thread_id: threadId,
      agent: { id: agent.id, version: agent.version, config: agent.config },
      messages,
      vault_ids: run.vault_ids,
      conversation: async (limit) => (await storage.runs.conversation(run.id, owner, threadId, limit)) ?? [],
      record: async (outputs) => {
        if (await whenNotBusy(() => storage.runs.recordOutputs(run.id, owner, threadId, outputs))) return;
        const reason = threadId === null ? ("lost" satisfies AbortReason) : "terminated";
        controller.abort(reason);
        throw new Error("the run is no longer wanted; its output was not recorded");
      },
      reschedule: async (error) => {
        if (await whenNotBusy(() => storage.runs.rescheduleRun(run.id, owner, threadId, error))) return;
        controller.abort("lost" satisfies AbortReason);
        throw new Error("the run is no longer wanted; it is not retried");
      },
      resume: async () => {
        if (await whenNotBusy(() => storage.runs.resumeRun(run.id, owner))) return;
        controller.abort("lost" satisfies AbortReason);
        throw new Error("the run is no longer wanted; it is not retried");
      },
      budgetReached: async () => {
        const session = await storage.sessions.getSession(run.account_id, run.session_id);
        return session !== null && budgetReached(session);
      },
      live: (delta) => {
        if (!this.deps.deltas.listening(run.session_id)) return;
        this.deps.deltas.publish({ ...delta, session_id: run.session_id, session_thread_id: threadId });
      },
    };
  }

  /**
   * Runs one sub-agent in its thread. Returns false when the whole run is no longer ours (stop
   * executing it); throws when the run was aborted.
   */
  private async runThread(
    entry: InFlight,
    ref: { id: string; version?: number },
    messages: RuntimeTurn["messages"],
  ): Promise<boolean> {
    const { storage, runtimes } = this.deps;
    const { run, controller } = entry;
    const owner = this.owner;
    const sub = await storage.agents.getAgent(run.account_id, ref.id, ref.version);
    if (!sub) {
      const which = ref.version !== undefined ? `${ref.id} version ${ref.version}` : ref.id;
      return storage.runs.recordError(run.id, owner, null, {
        type: "agent_unavailable",
        message: `The sub-agent ${which} no longer exists; it was skipped.`,
      });
    }
    const handOver = messages.flatMap((m) => m.content);
    const started = await storage.runs.startThread(run.id, owner, { id: sub.id, version: sub.version }, handOver);
    // A terminated thread, or one that finished its part of this run before a crash, is skipped.
    if (!started.ok) return started.reason !== "lost";
    const threadId = started.thread_id;
    const runtime = runtimes.get(sub.config.model);
    if (!runtime) {
      await storage.runs.finishThread(run.id, owner, threadId, {
        outputs: [],
        error: { type: "agent_unavailable", message: `The model "${sub.config.model}" is not served by this server.` },
      });
      return true;
    }
    const threadController = new AbortController();
    entry.threads.set(threadId, threadController);
    try {
      const outputs = await runtime.run(
        this.turn(run, threadId, sub, messages, threadController),
        AbortSignal.any([controller.signal, threadController.signal]),
      );
      if (controller.signal.aborted) throw controller.signal.reason;
      // Nothing is written when the thread was terminated meanwhile.
      await whenNotBusy(() => storage.runs.finishThread(run.id, owner, threadId, { outputs }));
    } catch (err) {
      if (controller.signal.aborted || err instanceof StorageBusyError) throw err;
      if (err instanceof AwaitingPendingActions && !threadController.signal.aborted) {
        // The sub-agent waits for the user: the whole turn pauses on its calls, which are answered
        // on the session (they carry the thread's id); the resumed run skips the threads that
        // finished and resumes this one.
        throw err.inThread(threadId);
      }
      if (err instanceof BudgetReached && !threadController.signal.aborted) {
        // The thread's turn ends with what it recorded; the whole turn stops on the budget.
        await whenNotBusy(() => storage.runs.finishThread(run.id, owner, threadId, { outputs: [] }));
        throw err;
      }
      if (!threadController.signal.aborted) {
        const error: RunError = runtimeError(err);
        if (!(err instanceof TurnError)) {
          this.deps.logger.error("sub-agent runtime failed", {
            run_id: run.id,
            thread_id: threadId,
            ...describeError(err),
          });
        }
        await whenNotBusy(() => storage.runs.finishThread(run.id, owner, threadId, { outputs: [], error }));
      }
    } finally {
      entry.threads.delete(threadId);
    }
    return storage.runs.isActive(run.id, owner);
  }
}
