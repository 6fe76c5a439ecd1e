import { newId } from "../../ids.ts";
import type { ClaimedRun, ConversationEvent, RunError, RunOutput, RunStore } from "../port/runs.ts";
import type { StopReason, ThreadStatus } from "../port/sessions.ts";
import { callEventsOf } from "../rows/pendingActions.ts";
import { type AgentRunRow, claimedRun, outputEvent } from "../rows/runs.ts";
import { type SessionEventRow, type SessionRow, toSessionEvent } from "../rows/sessions.ts";
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import { countOutput, countTurn } from "../shared/usage.ts";
import { readAgent } from "./agents.ts";
import type { SqliteContext } from "./context.ts";
import {
  idleRunningThreads,
  insertSessionEvent,
  recordIdled,
  recordLifecycle,
  setSessionStatus,
} from "./sessionState.ts";
import { drive } from "./steps.ts";

/** Appends one output of a run to the session's history (inside the caller's transaction). */
function insertOutput(ctx: SqliteContext, run: AgentRunRow, threadId: string | null, out: RunOutput): void {
  const event = outputEvent(run, threadId, out);
  if (event) insertSessionEvent(ctx, event);
  drive(ctx, countOutput(run.session_id, threadId, out));
}

/**
 * The run state machine. Every write after a claim first checks that the run is still `running`
 * under the caller's owner token: a run whose session was deleted, whose agent was deleted, or
 * whose lease another worker recovered is no longer ours, and nothing is written for it.
 */
export function createRunStore(ctx: SqliteContext): RunStore {
  const { db } = ctx;
  const ownRun = db.prepare("SELECT * FROM runs WHERE id = ? AND owner = ? AND status = 'running'");
  const mine = (runId: string, owner: string) => ownRun.get(runId, owner) as AgentRunRow | undefined;
  const sessionRow = db.prepare("SELECT * FROM sessions WHERE id = ?");
  const leaseUntil = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();
  // The oldest queued run of a session that has no run in progress and no turn waiting for the
  // user: turns never overlap.
  const claimable = db.prepare(
    `SELECT r.* FROM runs r WHERE r.status = 'queued'
       AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.session_id = r.session_id AND x.status = 'running')
       AND NOT EXISTS (SELECT 1 FROM run_waits w JOIN runs q ON q.id = w.run_id
                        WHERE w.session_id = r.session_id AND q.status = 'queued')
     ORDER BY r.id LIMIT 1`,
  );
  // Runs whose owner stopped renewing the lease (a dead process, or one stalled past its lease).
  const expiredRuns = db.prepare(
    "SELECT * FROM runs WHERE status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < ?) ORDER BY id",
  );
  const finishedInRun = db.prepare(
    "SELECT 1 FROM session_events WHERE session_thread_id = ? AND run_id = ? AND type = 'session.thread_idled' LIMIT 1",
  );
  const errorInRun = db.prepare(
    "SELECT body FROM session_events WHERE run_id = ? AND type = 'session.error' AND session_thread_id IS ?",
  );

  /** Ends a run: records the error (if any), idles its threads and the session. */
  function endRun(run: AgentRunRow, status: "completed" | "failed", error?: RunError, stopReason?: StopReason): void {
    const now = ctx.now();
    if (error) insertSessionEvent(ctx, { session_id: run.session_id, type: "session.error", error });
    drive(ctx, countTurn(run.session_id, null, run.claimed_at));
    idleRunningThreads(ctx, run.account_id, run.session_id);
    db.prepare(
      "UPDATE runs SET status = ?, error = ?, owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?",
    ).run(status, error ? `${error.type}: ${error.message}` : null, now, run.id);
    const session = sessionRow.get(run.session_id) as SessionRow | undefined;
    if (session && (session.status === "running" || session.status === "rescheduling")) {
      setSessionStatus(ctx, run.session_id, "idle");
      recordIdled(
        ctx,
        run.account_id,
        run.session_id,
        stopReason ?? (error ? { type: "error" } : { type: "end_turn" }),
      );
    }
    // A deployment run follows its session's first turn.
    drive(ctx, settleDeploymentRun(run.session_id, error ? { status: "failed", error } : { status: "succeeded" }));
    // The next queued run of this session may start now.
    ctx.signal("runs");
  }

  return {
    recoverRuns({ maxAttempts }) {
      // Only runs whose lease expired: a run whose owner still renews its lease (this process or
      // another one on the same database) is never taken from it. Every pass of the worker calls
      // this: look before taking the write lock.
      if (!expiredRuns.get(ctx.now())) return { requeued: 0, failed: 0 };
      return ctx.tx(() => {
        const rows = expiredRuns.all(ctx.now()) as AgentRunRow[];
        const result = { requeued: 0, failed: 0 };
        for (const run of rows) {
          if (run.attempts < maxAttempts) {
            db.prepare(
              "UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?",
            ).run(ctx.now(), run.id);
            const session = sessionRow.get(run.session_id) as SessionRow | undefined;
            if (session?.status === "running") setSessionStatus(ctx, run.session_id, "rescheduling");
            result.requeued++;
          } else {
            endRun(run, "failed", {
              type: "run_interrupted",
              message: `The server stopped while this run was in progress; it was not retried after ${run.attempts} attempt${run.attempts === 1 ? "" : "s"}. Send the message again to retry.`,
            });
            result.failed++;
          }
        }
        if (rows.length > 0) ctx.signal("runs");
        return result;
      });
    },

    claimRun(owner, leaseMs) {
      // Every pass of the worker calls this: look before taking the write lock. A queued run
      // whose session already runs one (messages sent during a turn) is not claimable yet.
      if (!claimable.get()) return null;
      return ctx.tx((): ClaimedRun | null => {
        const run = claimable.get() as AgentRunRow | undefined;
        if (!run) return null;
        const now = ctx.now();
        db.prepare(
          `UPDATE runs SET status = 'running', attempts = attempts + 1, owner = ?, claimed_at = ?,
             lease_expires_at = ?, updated_at = ? WHERE id = ?`,
        ).run(owner, now, leaseUntil(leaseMs), now, run.id);
        const session = sessionRow.get(run.session_id) as SessionRow;
        setSessionStatus(ctx, run.session_id, "running");
        recordLifecycle(ctx, run.account_id, run.session_id, "session.status_run_started");
        const messages = db
          .prepare("SELECT id, body FROM session_events WHERE run_id = ? AND type = 'user.message' ORDER BY id")
          .all(run.id) as { id: string; body: string }[];
        return claimedRun(
          run,
          session,
          readAgent(ctx, run.account_id, session.agent_id, session.agent_version),
          messages,
        );
      });
    },

    heartbeat(runId, owner, leaseMs) {
      return ctx.tx(
        () =>
          db
            .prepare("UPDATE runs SET lease_expires_at = ? WHERE id = ? AND owner = ? AND status = 'running'")
            .run(leaseUntil(leaseMs), runId, owner).changes === 1,
      );
    },

    isActive(runId, owner) {
      return mine(runId, owner) !== undefined;
    },

    threadStatus(threadId) {
      const row = db.prepare("SELECT status FROM session_threads WHERE id = ?").get(threadId) as
        | { status: ThreadStatus }
        | undefined;
      return row?.status ?? null;
    },

    startThread(runId, owner, agent) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return { ok: false, reason: "lost" } as const;
        const thread = db
          .prepare("SELECT id, status FROM session_threads WHERE session_id = ? AND agent_id = ?")
          .get(run.session_id, agent.id) as { id: string; status: ThreadStatus } | undefined;
        const now = ctx.now();
        if (!thread) {
          const id = newId("sthr");
          db.prepare(
            `INSERT INTO session_threads (id, session_id, agent_id, agent_version, status, created_at, updated_at)
             VALUES (?, ?, ?, ?, 'running', ?, ?)`,
          ).run(id, run.session_id, agent.id, agent.version, now, now);
          recordLifecycle(ctx, run.account_id, run.session_id, "session.thread_created", id);
          return { ok: true, thread_id: id } as const;
        }
        if (thread.status === "terminated") return { ok: false, reason: "terminated" } as const;
        // A re-run after a crash: the thread's part of this run was committed (its output and
        // session.thread_idled) before the crash; running it again would repeat both.
        if (finishedInRun.get(thread.id, runId)) return { ok: false, reason: "finished" } as const;
        db.prepare("UPDATE session_threads SET status = 'running', agent_version = ?, updated_at = ? WHERE id = ?").run(
          agent.version,
          now,
          thread.id,
        );
        return { ok: true, thread_id: thread.id } as const;
      });
    },

    finishThread(runId, owner, threadId, { outputs, error }) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        const thread = db.prepare("SELECT status, updated_at FROM session_threads WHERE id = ?").get(threadId) as
          | { status: ThreadStatus; updated_at: string }
          | undefined;
        // A thread terminated during its run keeps nothing of it.
        if (thread?.status !== "running") return false;
        for (const out of outputs) insertOutput(ctx, run, threadId, out);
        // The thread was marked running (updated_at) when its part of the run started.
        drive(ctx, countTurn(run.session_id, threadId, thread.updated_at));
        if (error)
          insertSessionEvent(ctx, {
            session_id: run.session_id,
            session_thread_id: threadId,
            type: "session.error",
            error,
          });
        db.prepare("UPDATE session_threads SET status = 'idle', updated_at = ? WHERE id = ?").run(ctx.now(), threadId);
        recordLifecycle(ctx, run.account_id, run.session_id, "session.thread_idled", threadId, run.id);
        return true;
      });
    },

    conversation(runId, owner, threadId, limit) {
      const run = mine(runId, owner);
      if (!run) return null;
      // User messages of queued runs (sent while this one runs) belong to the next turn.
      const rows = db
        .prepare(
          `SELECT e.* FROM session_events e LEFT JOIN runs r ON r.id = e.run_id
            WHERE e.session_id = ?
              AND ((e.type = 'user.message' AND (r.status IS NULL OR r.status <> 'queued'))
                OR (e.type IN ('agent.message', 'agent.tool_use', 'agent.tool_result', 'agent.custom_tool_use',
                               'user.custom_tool_result', 'user.tool_confirmation')
                    AND e.session_thread_id IS ?))
            ORDER BY e.id DESC LIMIT ?`,
        )
        .all(run.session_id, threadId, limit) as SessionEventRow[];
      return rows.reverse().map((r): ConversationEvent => ({ ...toSessionEvent(r), run_id: r.run_id }));
    },

    recordOutputs(runId, owner, threadId, outputs) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        if (threadId !== null) {
          const thread = db.prepare("SELECT status FROM session_threads WHERE id = ?").get(threadId) as
            | { status: ThreadStatus }
            | undefined;
          if (thread?.status !== "running") return false;
        }
        for (const out of outputs) insertOutput(ctx, run, threadId, out);
        return true;
      });
    },

    recordError(runId, owner, threadId, error) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        // Recorded once per run: a re-run after a crash does not repeat it.
        const body = JSON.stringify({ error });
        const previous = errorInRun.all(runId, threadId) as { body: string }[];
        if (previous.some((p) => p.body === body)) return true;
        insertSessionEvent(ctx, {
          session_id: run.session_id,
          session_thread_id: threadId,
          type: "session.error",
          error,
          run_id: run.id,
        });
        return true;
      });
    },

    completeRun(runId, owner, outputs, stopReason) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        for (const out of outputs) insertOutput(ctx, run, null, out);
        endRun(run, "completed", undefined, stopReason);
        return true;
      });
    },

    failRun(runId, owner, error) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        endRun(run, "failed", error);
        return true;
      });
    },

    pauseRun(runId, owner, toolUseIds) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        const calls = db
          .prepare(
            `SELECT * FROM session_events WHERE run_id = ? AND session_thread_id IS NULL
               AND type IN ('agent.custom_tool_use', 'agent.tool_use') ORDER BY id`,
          )
          .all(runId) as SessionEventRow[];
        const eventIds = callEventsOf(calls, toolUseIds);
        const now = ctx.now();
        // Queued again (not counting this execution), held back by its run_waits row.
        db.prepare(
          `UPDATE runs SET status = 'queued', attempts = 0, owner = NULL, lease_expires_at = NULL, updated_at = ?
           WHERE id = ?`,
        ).run(now, runId);
        db.prepare("DELETE FROM run_waits WHERE run_id = ?").run(runId);
        db.prepare("INSERT INTO run_waits (run_id, session_id, pending, created_at) VALUES (?, ?, ?, ?)").run(
          runId,
          run.session_id,
          JSON.stringify(eventIds),
          now,
        );
        idleRunningThreads(ctx, run.account_id, run.session_id);
        setSessionStatus(ctx, run.session_id, "idle");
        recordIdled(ctx, run.account_id, run.session_id, { type: "requires_action", event_ids: eventIds });
        return true;
      });
    },

    releaseRun(runId, owner) {
      return ctx.tx(() => {
        const run = mine(runId, owner);
        if (!run) return false;
        // A shutdown is not the run's fault: the attempt is not counted.
        db.prepare(
          `UPDATE runs SET status = 'queued', attempts = attempts - 1, owner = NULL, lease_expires_at = NULL,
             updated_at = ? WHERE id = ?`,
        ).run(ctx.now(), runId);
        const session = sessionRow.get(run.session_id) as SessionRow | undefined;
        if (session?.status === "running") setSessionStatus(ctx, run.session_id, "rescheduling");
        return true;
      });
    },
  };
}
