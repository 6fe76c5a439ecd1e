import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type { ClaimedRun, ConversationEvent, RunError, RunOutput, RunStore } from "../port/runs.ts";
import type { StopReason, ThreadStatus } from "../port/sessions.ts";
import { callEventsOf } from "../rows/pendingActions.ts";
import { type AgentRunRow, claimedRun, outputEvent } from "../rows/runs.ts";
import { type SessionEventRow, type SessionRow, toSessionEvent } from "../rows/sessions.ts";
import { plusMs } from "../rows/time.ts";
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import { countOutput, countTurn } from "../shared/usage.ts";
import { readAgent } from "./agents.ts";
import type { PgContext } from "./context.ts";
import { leaseClockParam, leaseClockSql, leaseNow } from "./leases.ts";
import {
  idleRunningThreads,
  insertSessionEvent,
  recordIdled,
  recordLifecycle,
  setSessionStatus,
} from "./sessionState.ts";
import { drive } from "./steps.ts";

/** How many queued runs one claim looks at before it gives up for this pass (others hold the rest). */
const CLAIM_CANDIDATES = 16;

/** Appends one output of a run to the session's history (inside the caller's transaction). */
async function insertOutput(tx: PgContext, run: AgentRunRow, threadId: string | null, out: RunOutput): Promise<void> {
  const event = outputEvent(run, threadId, out);
  if (event) await insertSessionEvent(tx, event);
  await drive(tx, countOutput(run.session_id, threadId, out));
}

/** Locks a session's row for the rest of the transaction; the row, or null when it is gone. */
const lockSession = (tx: PgContext, sessionId: string) =>
  tx.one<SessionRow>("SELECT * FROM sessions WHERE id = $1 FOR NO KEY UPDATE", [sessionId]);

/**
 * The run state machine on PostgreSQL, behaving as the SQLite adapter's store. Every write after a
 * claim first checks that the run is still `running` under the caller's owner token: a run whose
 * session was deleted, whose agent was deleted, or whose lease another worker took over is no
 * longer ours, and nothing is written for it.
 *
 * Several replicas share the runs:
 * - A claim takes the session's row (`FOR NO KEY UPDATE SKIP LOCKED`), then checks again, under
 *   that lock and on a fresh snapshot, that the run is still queued and its session runs nothing:
 *   two replicas never start the same run, nor two runs of one session.
 * - Leases are measured on the database's clock (see leases.ts). `recoverRuns` only takes over runs
 *   whose lease expired, on start-up too (a live owner, in this process or another replica, renews
 *   its lease; the `all` option of the SQLite adapter's older port is not honoured), each under its
 *   session's lock and only if it is still expired then.
 * - A write takes the session's row before the run's (the order the session store uses), so a
 *   run's end and a session's archive or delete never deadlock.
 */
export function createRunStore(ctx: PgContext): Async<RunStore> {
  /** The run, if it is still running under this owner, with its session's row locked first (writes). */
  const mineForWrite = async (tx: PgContext, runId: string, owner: string): Promise<AgentRunRow | null> => {
    await tx.query("SELECT 1 FROM sessions WHERE id = (SELECT session_id FROM runs WHERE id = $1) FOR NO KEY UPDATE", [
      runId,
    ]);
    return tx.one<AgentRunRow>(
      "SELECT * FROM runs WHERE id = $1 AND owner = $2 AND status = 'running' FOR NO KEY UPDATE",
      [runId, owner],
    );
  };
  const mine = (c: PgContext, runId: string, owner: string) =>
    c.one<AgentRunRow>("SELECT * FROM runs WHERE id = $1 AND owner = $2 AND status = 'running'", [runId, owner]);
  const threadStatusOf = async (c: PgContext, threadId: string) =>
    (await c.one<{ status: ThreadStatus }>("SELECT status FROM session_threads WHERE id = $1", [threadId]))?.status ??
    null;

  /** Ends a run: records the error (if any), idles its threads and the session. */
  async function endRun(
    tx: PgContext,
    run: AgentRunRow,
    status: "completed" | "failed",
    error?: RunError,
    stopReason?: StopReason,
  ): Promise<void> {
    const now = tx.now();
    if (error) await insertSessionEvent(tx, { session_id: run.session_id, type: "session.error", error });
    await drive(tx, countTurn(run.session_id, null, run.claimed_at));
    await idleRunningThreads(tx, run.account_id, run.session_id);
    await tx.exec(
      "UPDATE runs SET status = $1, error = $2, owner = NULL, lease_expires_at = NULL, updated_at = $3 WHERE id = $4",
      [status, error ? `${error.type}: ${error.message}` : null, now, run.id],
    );
    const session = await tx.one<SessionRow>("SELECT * FROM sessions WHERE id = $1", [run.session_id]);
    if (session && (session.status === "running" || session.status === "rescheduling")) {
      await setSessionStatus(tx, run.session_id, "idle");
      await recordIdled(
        tx,
        run.account_id,
        run.session_id,
        stopReason ?? (error ? { type: "error" } : { type: "end_turn" }),
      );
    }
    // A deployment run follows its session's first turn.
    await drive(tx, settleDeploymentRun(run.session_id, error ? { status: "failed", error } : { status: "succeeded" }));
    // The next queued run of this session may start now.
    tx.signal("runs");
  }

  return {
    async recoverRuns({ maxAttempts }) {
      // Every pass of the worker calls this: look before opening a transaction.
      const stale = await ctx.query<{ id: string; session_id: string }>(
        `SELECT id, session_id FROM runs
         WHERE status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < ${leaseClockSql(1)}) ORDER BY id`,
        [leaseClockParam(ctx)],
      );
      if (stale.length === 0) return { requeued: 0, failed: 0 };
      return ctx.tx(async (tx) => {
        const now = await leaseNow(tx);
        const result = { requeued: 0, failed: 0 };
        for (const candidate of stale) {
          await lockSession(tx, candidate.session_id);
          // Still running on an expired lease, and not being recovered by another replica right now?
          const run = await tx.one<AgentRunRow>(
            `SELECT * FROM runs WHERE id = $1 AND status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < $2)
             FOR NO KEY UPDATE SKIP LOCKED`,
            [candidate.id, now],
          );
          if (!run) continue;
          if (run.attempts < maxAttempts) {
            await tx.exec(
              "UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, updated_at = $1 WHERE id = $2",
              [tx.now(), run.id],
            );
            const session = await tx.one<SessionRow>("SELECT status FROM sessions WHERE id = $1", [run.session_id]);
            if (session?.status === "running") await setSessionStatus(tx, run.session_id, "rescheduling");
            result.requeued++;
          } else {
            await endRun(tx, run, "failed", {
              type: "run_interrupted",
              message: `The server stopped while this run was in progress; it was not retried after ${run.attempts} attempt${run.attempts === 1 ? "" : "s"}. Send the message again to retry.`,
            });
            result.failed++;
          }
        }
        if (result.requeued + result.failed > 0) tx.signal("runs");
        return result;
      });
    },

    async claimRun(owner, leaseMs) {
      // The oldest queued runs of sessions without a run in progress: turns never overlap.
      const claimable = (c: PgContext) =>
        c.query<{ id: string; session_id: string }>(
          `SELECT r.id, r.session_id FROM runs r WHERE r.status = 'queued'
             AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.session_id = r.session_id AND x.status = 'running')
             AND NOT EXISTS (SELECT 1 FROM run_waits w JOIN runs q ON q.id = w.run_id
                              WHERE w.session_id = r.session_id AND q.status = 'queued')
           ORDER BY r.id LIMIT $1`,
          [CLAIM_CANDIDATES],
        );
      // Every pass of the worker calls this: look before opening a transaction.
      if ((await claimable(ctx)).length === 0) return null;
      return ctx.tx(async (tx): Promise<ClaimedRun | null> => {
        for (const candidate of await claimable(tx)) {
          // Another replica claiming in this session (or a request writing to it) holds it: the next one.
          const session = await tx.one<SessionRow>(
            "SELECT * FROM sessions WHERE id = $1 FOR NO KEY UPDATE SKIP LOCKED",
            [candidate.session_id],
          );
          if (!session) continue;
          // Under the session's lock, on a fresh snapshot: still queued, and nothing else running.
          const run = await tx.one<AgentRunRow>(
            `SELECT r.* FROM runs r WHERE r.id = $1 AND r.status = 'queued'
               AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.session_id = r.session_id AND x.status = 'running')
               AND NOT EXISTS (SELECT 1 FROM run_waits w JOIN runs q ON q.id = w.run_id
                                WHERE w.session_id = r.session_id AND q.status = 'queued')
             FOR NO KEY UPDATE SKIP LOCKED`,
            [candidate.id],
          );
          if (!run) continue;
          const now = tx.now();
          const leaseUntil = plusMs(await leaseNow(tx), leaseMs);
          await tx.exec(
            `UPDATE runs SET status = 'running', attempts = attempts + 1, owner = $1, claimed_at = $2,
               lease_expires_at = $3, updated_at = $2 WHERE id = $4`,
            [owner, now, leaseUntil, run.id],
          );
          await setSessionStatus(tx, run.session_id, "running");
          await recordLifecycle(tx, run.account_id, run.session_id, "session.status_run_started");
          const messages = await tx.query<{ id: string; body: string }>(
            "SELECT id, body FROM session_events WHERE run_id = $1 AND type = 'user.message' ORDER BY id",
            [run.id],
          );
          const agent = await readAgent(tx, run.account_id, session.agent_id, session.agent_version);
          return claimedRun(run, session, agent, messages);
        }
        return null;
      });
    },

    async heartbeat(runId, owner, leaseMs) {
      const leaseUntil = plusMs(await leaseNow(ctx), leaseMs);
      return (
        (await ctx.exec("UPDATE runs SET lease_expires_at = $1 WHERE id = $2 AND owner = $3 AND status = 'running'", [
          leaseUntil,
          runId,
          owner,
        ])) === 1
      );
    },

    async isActive(runId, owner) {
      return (await mine(ctx, runId, owner)) !== null;
    },

    threadStatus(threadId) {
      return threadStatusOf(ctx, threadId);
    },

    startThread(runId, owner, agent) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return { ok: false, reason: "lost" } as const;
        const thread = await tx.one<{ id: string; status: ThreadStatus }>(
          "SELECT id, status FROM session_threads WHERE session_id = $1 AND agent_id = $2",
          [run.session_id, agent.id],
        );
        const now = tx.now();
        if (!thread) {
          const id = newId("sthr");
          await tx.query(
            `INSERT INTO session_threads (id, session_id, agent_id, agent_version, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'running', $5, $5)`,
            [id, run.session_id, agent.id, agent.version, now],
          );
          await recordLifecycle(tx, run.account_id, run.session_id, "session.thread_created", id);
          return { ok: true, thread_id: id } as const;
        }
        if (thread.status === "terminated") return { ok: false, reason: "terminated" } as const;
        // A re-run after a crash: the thread's part of this run was committed (its output and
        // session.thread_idled) before the crash; running it again would repeat both.
        const finished = await tx.one(
          `SELECT 1 FROM session_events WHERE session_thread_id = $1 AND run_id = $2 AND type = 'session.thread_idled'
           LIMIT 1`,
          [thread.id, runId],
        );
        if (finished) return { ok: false, reason: "finished" } as const;
        await tx.exec(
          "UPDATE session_threads SET status = 'running', agent_version = $1, updated_at = $2 WHERE id = $3",
          [agent.version, now, thread.id],
        );
        return { ok: true, thread_id: thread.id } as const;
      });
    },

    finishThread(runId, owner, threadId, { outputs, error }) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        // A thread terminated during its run keeps nothing of it.
        const thread = await tx.one<{ status: ThreadStatus; updated_at: string }>(
          "SELECT status, updated_at FROM session_threads WHERE id = $1",
          [threadId],
        );
        if (thread?.status !== "running") return false;
        for (const out of outputs) await insertOutput(tx, run, threadId, out);
        // The thread was marked running (updated_at) when its part of the run started.
        await drive(tx, countTurn(run.session_id, threadId, thread.updated_at));
        if (error) {
          await insertSessionEvent(tx, {
            session_id: run.session_id,
            session_thread_id: threadId,
            type: "session.error",
            error,
          });
        }
        await tx.exec("UPDATE session_threads SET status = 'idle', updated_at = $1 WHERE id = $2", [
          tx.now(),
          threadId,
        ]);
        await recordLifecycle(tx, run.account_id, run.session_id, "session.thread_idled", threadId, run.id);
        return true;
      });
    },

    async conversation(runId, owner, threadId, limit) {
      const run = await mine(ctx, runId, owner);
      if (!run) return null;
      // User messages of queued runs (sent while this one runs) belong to the next turn.
      const rows = await ctx.query<SessionEventRow>(
        `SELECT e.* FROM session_events e LEFT JOIN runs r ON r.id = e.run_id
          WHERE e.session_id = $1
            AND ((e.type = 'user.message' AND (r.status IS NULL OR r.status <> 'queued'))
              OR (e.type IN ('agent.message', 'agent.tool_use', 'agent.tool_result', 'agent.custom_tool_use',
                             'user.custom_tool_result', 'user.tool_confirmation')
                AND e.session_thread_id IS NOT DISTINCT FROM $2))
          ORDER BY e.id DESC LIMIT $3`,
        [run.session_id, threadId, limit],
      );
      return rows.reverse().map((r): ConversationEvent => ({ ...toSessionEvent(r), run_id: r.run_id }));
    },

    recordOutputs(runId, owner, threadId, outputs) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        if (threadId !== null && (await threadStatusOf(tx, threadId)) !== "running") return false;
        for (const out of outputs) await insertOutput(tx, run, threadId, out);
        return true;
      });
    },

    recordError(runId, owner, threadId, error) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        // Recorded once per run: a re-run after a crash does not repeat it.
        const body = JSON.stringify({ error });
        const previous = await tx.query<{ body: string }>(
          `SELECT body FROM session_events WHERE run_id = $1 AND type = 'session.error'
             AND session_thread_id IS NOT DISTINCT FROM $2`,
          [runId, threadId],
        );
        if (previous.some((p) => p.body === body)) return true;
        await insertSessionEvent(tx, {
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
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        for (const out of outputs) await insertOutput(tx, run, null, out);
        await endRun(tx, run, "completed", undefined, stopReason);
        return true;
      });
    },

    failRun(runId, owner, error) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        await endRun(tx, run, "failed", error);
        return true;
      });
    },

    pauseRun(runId, owner, toolUseIds) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        const calls = await tx.query<SessionEventRow>(
          `SELECT * FROM session_events WHERE run_id = $1 AND session_thread_id IS NULL
             AND type IN ('agent.custom_tool_use', 'agent.tool_use') ORDER BY id`,
          [runId],
        );
        const eventIds = callEventsOf(calls, toolUseIds);
        const now = tx.now();
        // Queued again (not counting this execution), held back by its run_waits row.
        await tx.exec(
          `UPDATE runs SET status = 'queued', attempts = 0, owner = NULL, lease_expires_at = NULL, updated_at = $1
           WHERE id = $2`,
          [now, runId],
        );
        await tx.exec("DELETE FROM run_waits WHERE run_id = $1", [runId]);
        await tx.exec("INSERT INTO run_waits (run_id, session_id, pending, created_at) VALUES ($1, $2, $3, $4)", [
          runId,
          run.session_id,
          JSON.stringify(eventIds),
          now,
        ]);
        await idleRunningThreads(tx, run.account_id, run.session_id);
        await setSessionStatus(tx, run.session_id, "idle");
        await recordIdled(tx, run.account_id, run.session_id, { type: "requires_action", event_ids: eventIds });
        return true;
      });
    },

    releaseRun(runId, owner) {
      return ctx.tx(async (tx) => {
        const run = await mineForWrite(tx, runId, owner);
        if (!run) return false;
        // A shutdown is not the run's fault: the attempt is not counted.
        await tx.exec(
          `UPDATE runs SET status = 'queued', attempts = attempts - 1, owner = NULL, lease_expires_at = NULL,
             updated_at = $1 WHERE id = $2`,
          [tx.now(), runId],
        );
        const session = await tx.one<SessionRow>("SELECT status FROM sessions WHERE id = $1", [run.session_id]);
        if (session?.status === "running") await setSessionStatus(tx, run.session_id, "rescheduling");
        return true;
      });
    },
  };
}
