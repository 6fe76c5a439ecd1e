/**
 * Agent runs (port/runs.ts): the run state machine the worker drives, written once for both
 * adapters. Every write after a claim first checks that the run is still `running` under the
 * caller's owner token: a run whose session was deleted, whose agent was deleted, or whose lease
 * another worker took over is no longer ours, and nothing is written for it.
 *
 * Several PostgreSQL replicas share the runs (SQLite's write lock already serialises every
 * writer, so there the holds below are nothing):
 * - A claim is the adapter's own (the seam): the oldest claimable run under the write lock on
 *   SQLite; on PostgreSQL the session's row first, skipping one another replica holds, and the
 *   run checked again under it: two replicas never start the same run, nor two runs of one session.
 * - Leases are measured on the lease clock (steps.ts leaseNow: the database's on PostgreSQL).
 *   `recoverRuns` only takes over runs whose lease expired (a live owner, in this process or
 *   another one, renews its lease), each under its session's hold and only if it is still expired
 *   then and no other replica is recovering it (`{skipLocked}`).
 * - A write holds the session's row before the run's (`holdSession`, then `{lock}`: the order the
 *   session store uses), so a run's end and a session's archive or delete never deadlock.
 */
import { newId } from "../../ids.ts";
import type { ClaimedRun, ConversationEvent, RunError, RunOutput, RunStore } from "../port/runs.ts";
import type { StopReason, TextBlock, ThreadStatus } from "../port/sessions.ts";
import { type AgentOverrides, withOverrides } from "../port/sessions.ts";
import { callEventsOf, type PendingActionsRow, pendingIds } from "../rows/pendingActions.ts";
import { type AgentRunRow, claimedRun, outputEvent } from "../rows/runs.ts";
import { type EventBody, type SessionEventRow, type SessionRow, toSessionEvent } from "../rows/sessions.ts";
import { plusMs } from "../rows/time.ts";
import { readAgent } from "./agents.ts";
import { settleFirstTurn } from "./deploymentRuns.ts";
import { list } from "./dialect.ts";
import {
  idleRunningThreads,
  insertSessionEvent,
  recordIdled,
  recordLifecycle,
  setSessionStatus,
} from "./sessionState.ts";
import {
  all,
  exec,
  leaseClock,
  leaseNow,
  now,
  one,
  type StepStore,
  type Steps,
  signal,
  singleWrite,
  transaction,
} from "./steps.ts";
import { countOutput, countTurn } from "./usage.ts";
import { stopWorkOf } from "./work.ts";

/** What each adapter brings to the runs: its claim and the holds its concurrency needs. */
export interface RunSeam {
  /**
   * Takes the oldest claimable run (`SELECT r.* ${CLAIMABLE}`) and its session, both held until
   * commit, in the claim's transaction; null when there is none this claim can take.
   */
  claim(): Steps<{ run: AgentRunRow; session: SessionRow } | null>;
  /** Holds a session's row (named, or a run's) until commit, before its runs' rows (see the top). */
  holdSession(of: { sessionId: string } | { runId: string }): Steps<void>;
}

/**
 * The queued runs of sessions that have no run in progress and no turn waiting for the user
 * (turns never overlap), as `r`: a claim's FROM and WHERE, ordered and limited by the claim.
 */
export const CLAIMABLE = `FROM runs r WHERE r.status = 'queued'
  AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.session_id = r.session_id AND x.status = 'running')
  AND NOT EXISTS (SELECT 1 FROM run_waits w JOIN runs q ON q.id = w.run_id
                   WHERE w.session_id = r.session_id AND q.status = 'queued')`;

const MINE = "SELECT * FROM runs WHERE id = ? AND owner = ? AND status = 'running'";
/** A run whose owner stopped renewing its lease before `at` (a dead process, or one stalled past its lease). */
const expired = (at: string) => `status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < ${at})`;

const mine = (runId: string, owner: string) => one<AgentRunRow>(MINE, [runId, owner]);

function* threadStatusOf(threadId: string): Steps<ThreadStatus | null> {
  const row = yield* one<{ status: ThreadStatus }>("SELECT status FROM session_threads WHERE id = ?", [threadId]);
  return row?.status ?? null;
}

/** Appends one output of a run to the session's history (inside the caller's transaction). */
function* insertOutput(run: AgentRunRow, threadId: string | null, out: RunOutput): Steps<void> {
  const event = outputEvent(run, threadId, out);
  if (event?.evaluation && out.type === "span.outcome_evaluation_end") {
    // The end names its start: the outcome's last evaluation start, recorded by this run before it.
    const start = yield* one<{ id: string }>(
      `SELECT id FROM session_events WHERE session_id = ? AND type = 'span.outcome_evaluation_start'
        ORDER BY id DESC LIMIT 1`,
      [run.session_id],
    );
    event.evaluation.outcome_evaluation_start_id = start?.id ?? "";
  }
  if (event) yield* insertSessionEvent(event);
  yield* countOutput(run.session_id, threadId, out);
}

/**
 * A run queued again (a recovered lease; a release, whose attempt is `uncounted`), its session
 * `rescheduling` if it was running.
 */
function* requeue(run: AgentRunRow, uncounted: boolean): Steps<void> {
  yield* exec(
    `UPDATE runs SET status = 'queued', attempts = attempts - ?, owner = NULL, lease_expires_at = NULL, updated_at = ?
     WHERE id = ?`,
    [uncounted ? 1 : 0, yield* now(), run.id],
  );
  const session = yield* one<Pick<SessionRow, "status">>("SELECT status FROM sessions WHERE id = ?", [run.session_id]);
  if (session?.status === "running") {
    yield* setSessionStatus(run.session_id, "rescheduling");
    yield* recordLifecycle(run.account_id, run.session_id, "session.status_rescheduled");
  }
}

/** Ends a run: records the error (if any), idles its threads and the session. */
function* endRun(
  run: AgentRunRow,
  status: "completed" | "failed",
  error?: RunError,
  stopReason?: StopReason,
): Steps<void> {
  const at = yield* now();
  if (error) yield* insertSessionEvent({ session_id: run.session_id, type: "session.error", error });
  yield* countTurn(run.session_id, null, run.claimed_at);
  yield* idleRunningThreads(run.account_id, run.session_id);
  yield* exec(
    "UPDATE runs SET status = ?, error = ?, owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?",
    [status, error ? `${error.type}: ${error.message}` : null, at, run.id],
  );
  const session = yield* one<Pick<SessionRow, "status">>("SELECT status FROM sessions WHERE id = ?", [run.session_id]);
  if (session && (session.status === "running" || session.status === "rescheduling")) {
    yield* setSessionStatus(run.session_id, "idle");
    yield* recordIdled(
      run.account_id,
      run.session_id,
      stopReason ?? (error ? { type: "error" } : { type: "end_turn" }),
    );
  }
  // A deployment run follows its session's first turn.
  yield* settleFirstTurn(run.session_id, error ? { status: "failed", error } : { status: "succeeded" });
  // The next queued run of this session may start now.
  yield* signal("runs");
}

/** The run store's transitions over an adapter's seam. */
export function runTransitions(seam: RunSeam): StepStore<RunStore> {
  /** The run, if it is still running under this owner, held (its session's row first) until commit. */
  function* mineHeld(runId: string, owner: string): Steps<AgentRunRow | null> {
    yield* seam.holdSession({ runId });
    return yield* one<AgentRunRow>(`${MINE}{lock}`, [runId, owner]);
  }

  /** A write to a run still ours, in its transaction: `write`'s result, or `lost` when the run is no longer ours. */
  const ours = <A extends unknown[], T, L>(lost: L, write: (run: AgentRunRow, ...args: A) => Steps<T>) =>
    function* (runId: string, owner: string, ...args: A): Steps<T | L> {
      const run = yield* mineHeld(runId, owner);
      return run ? yield* write(run, ...args) : lost;
    };

  function* recover(stale: { id: string; session_id: string }[], maxAttempts: number) {
    const at = yield* leaseNow();
    const result = { requeued: 0, failed: 0 };
    for (const candidate of stale) {
      yield* seam.holdSession({ sessionId: candidate.session_id });
      // Still running on an expired lease, and not being recovered by another replica right now?
      const run = yield* one<AgentRunRow>(`SELECT * FROM runs WHERE id = ? AND ${expired("?")}{skipLocked}`, [
        candidate.id,
        at,
      ]);
      if (!run) continue;
      if (run.attempts < maxAttempts) {
        yield* requeue(run, false);
        result.requeued++;
      } else {
        yield* endRun(run, "failed", {
          type: "run_interrupted",
          message: `The server stopped while this run was in progress; it was not retried after ${run.attempts} attempt${run.attempts === 1 ? "" : "s"}. Send the message again to retry.`,
        });
        result.failed++;
      }
    }
    if (result.requeued + result.failed > 0) yield* signal("runs");
    return result;
  }

  function* claimIn(owner: string, leaseMs: number): Steps<ClaimedRun | null> {
    const claimed = yield* seam.claim();
    if (!claimed) return null;
    const { run, session } = claimed;
    const at = yield* now();
    yield* exec(
      `UPDATE runs SET status = 'running', attempts = attempts + 1, owner = ?, claimed_at = ?,
         lease_expires_at = ?, updated_at = ? WHERE id = ?`,
      [owner, at, plusMs(yield* leaseNow(), leaseMs), at, run.id],
    );
    yield* setSessionStatus(run.session_id, "running");
    yield* recordLifecycle(run.account_id, run.session_id, "session.status_run_started");
    const messages = yield* all<{ id: string; body: string }>(
      "SELECT id, body FROM session_events WHERE run_id = ? AND type = 'user.message' ORDER BY id",
      [run.id],
    );
    const pinned = yield* readAgent(run.account_id, session.agent_id, session.agent_version);
    // The session's overrides (agent_with_overrides, tools updated while idle) over the pinned version.
    const overrides = session.agent_overrides ? (JSON.parse(session.agent_overrides) as AgentOverrides) : null;
    const agent = pinned && { ...pinned, config: withOverrides(pinned.config, overrides) };
    return claimedRun(run, session, agent, messages);
  }

  return {
    recoverRuns: {
      tx: false,
      *steps({ maxAttempts }) {
        // Every pass of the worker calls this: look before taking the write lock (a transaction).
        const stale = yield* all<{ id: string; session_id: string }>(
          `SELECT id, session_id FROM runs WHERE ${expired("{leaseClock}")} ORDER BY id`,
          [yield* leaseClock()],
        );
        if (stale.length === 0) return { requeued: 0, failed: 0 };
        return yield* transaction(() => recover(stale, maxAttempts));
      },
    },
    claimRun: {
      tx: false,
      *steps(owner, leaseMs) {
        // Every pass of the worker calls this: look before taking the write lock. A queued run
        // whose session already runs one (messages sent during a turn) is not claimable yet.
        if (!(yield* one(`SELECT 1 ${CLAIMABLE} LIMIT 1`))) return null;
        return yield* transaction(() => claimIn(owner, leaseMs));
      },
    },
    heartbeat: {
      tx: false,
      steps: (runId, owner, leaseMs) =>
        singleWrite(function* () {
          const until = plusMs(yield* leaseNow(), leaseMs);
          return (
            (yield* exec("UPDATE runs SET lease_expires_at = ? WHERE id = ? AND owner = ? AND status = 'running'", [
              until,
              runId,
              owner,
            ])) === 1
          );
        }),
    },
    isActive: {
      tx: false,
      *steps(runId, owner) {
        return (yield* mine(runId, owner)) !== null;
      },
    },
    threadStatus: { tx: false, steps: threadStatusOf },
    startThread: {
      tx: true,
      steps: ours(
        { ok: false, reason: "lost" } as const,
        function* (run, agent: { id: string; version: number }, handOver?: TextBlock[]) {
          /** The coordinator's hand-over of the turn to the thread, once per run and thread. */
          function* handedOver(threadId: string): Steps<void> {
            if (!handOver || handOver.length === 0) return;
            const sent = yield* all<{ body: string }>(
              "SELECT body FROM session_events WHERE run_id = ? AND type = 'agent.thread_message_sent' AND session_thread_id IS NULL",
              [run.id],
            );
            const to = (b: string) => (JSON.parse(b) as EventBody).thread_message?.to_session_thread_id;
            if (sent.some((e) => to(e.body) === threadId)) return;
            yield* insertSessionEvent({
              session_id: run.session_id,
              type: "agent.thread_message_sent",
              run_id: run.id,
              content: handOver,
              thread_message: { to_session_thread_id: threadId },
            });
          }
          const thread = yield* one<{ id: string; status: ThreadStatus; archived_at: string | null }>(
            "SELECT id, status, archived_at FROM session_threads WHERE session_id = ? AND agent_id = ?{forUpdate}",
            [run.session_id, agent.id],
          );
          const at = yield* now();
          if (!thread) {
            const id = newId("sthr");
            yield* exec(
              `INSERT INTO session_threads (id, session_id, agent_id, agent_version, status, created_at, updated_at)
             VALUES (?, ?, ?, ?, 'running', ?, ?)`,
              [id, run.session_id, agent.id, agent.version, at, at],
            );
            yield* recordLifecycle(run.account_id, run.session_id, "session.thread_created", id);
            yield* handedOver(id);
            return { ok: true, thread_id: id } as const;
          }
          // An archived thread is not run again, like a terminated one.
          if (thread.status === "terminated" || thread.archived_at) return { ok: false, reason: "terminated" } as const;
          // A re-run after a crash: the thread's part of this run was committed (its output and
          // session.thread_idled) before the crash; running it again would repeat both.
          const finished = yield* one(
            "SELECT 1 FROM session_events WHERE session_thread_id = ? AND run_id = ? AND type = 'session.thread_idled' LIMIT 1",
            [thread.id, run.id],
          );
          if (finished) return { ok: false, reason: "finished" } as const;
          yield* exec("UPDATE session_threads SET status = 'running', agent_version = ?, updated_at = ? WHERE id = ?", [
            agent.version,
            at,
            thread.id,
          ]);
          yield* handedOver(thread.id);
          return { ok: true, thread_id: thread.id } as const;
        },
      ),
    },
    finishThread: {
      tx: true,
      steps: ours(
        false,
        function* (run, threadId: string, { outputs, error }: { outputs: RunOutput[]; error?: RunError }) {
          // A thread terminated during its run keeps nothing of it.
          const thread = yield* one<{ status: ThreadStatus; updated_at: string }>(
            "SELECT status, updated_at FROM session_threads WHERE id = ?",
            [threadId],
          );
          if (thread?.status !== "running") return false;
          for (const out of outputs) yield* insertOutput(run, threadId, out);
          // The thread's answer goes back to the coordinator (its last message, when it wrote one).
          const answer = outputs.filter((o) => o.type === "agent.message").at(-1);
          if (!error && answer && answer.content.length > 0) {
            yield* insertSessionEvent({
              session_id: run.session_id,
              type: "agent.thread_message_received",
              run_id: run.id,
              content: answer.content,
              thread_message: { from_session_thread_id: threadId },
            });
          }
          // The thread was marked running (updated_at) when its part of the run started.
          yield* countTurn(run.session_id, threadId, thread.updated_at);
          if (error) {
            yield* insertSessionEvent({
              session_id: run.session_id,
              session_thread_id: threadId,
              type: "session.error",
              error,
            });
          }
          yield* exec("UPDATE session_threads SET status = 'idle', updated_at = ? WHERE id = ?", [
            yield* now(),
            threadId,
          ]);
          yield* recordLifecycle(run.account_id, run.session_id, "session.thread_idled", threadId, run.id);
          return true;
        },
      ),
    },
    conversation: {
      tx: false,
      *steps(runId, owner, threadId, limit) {
        const run = yield* mine(runId, owner);
        if (!run) return null;
        // User messages of queued runs (sent while this one runs) belong to the next turn.
        const rows = yield* all<SessionEventRow>(
          `SELECT e.* FROM session_events e LEFT JOIN runs r ON r.id = e.run_id
            WHERE e.session_id = ?
              AND ((e.type = 'user.message' AND (r.status IS NULL OR r.status <> 'queued'))
                OR (e.type = 'user.define_outcome' AND (r.status IS NULL OR r.status <> 'queued')
                    AND e.session_thread_id {is} ?)
                OR (e.type IN ('agent.message', 'agent.thinking', 'agent.tool_use', 'agent.tool_result',
                               'agent.custom_tool_use', 'user.custom_tool_result', 'user.tool_result',
                               'user.tool_confirmation', 'span.outcome_evaluation_start', 'span.outcome_evaluation_end')
                    AND e.session_thread_id {is} ?))
            ORDER BY e.id DESC LIMIT ?`,
          [run.session_id, threadId, threadId, limit],
        );
        return rows.reverse().map((r): ConversationEvent => ({ ...toSessionEvent(r), run_id: r.run_id }));
      },
    },
    recordOutputs: {
      tx: true,
      steps: ours(false, function* (run, threadId: string | null, outputs: RunOutput[]) {
        if (threadId !== null && (yield* threadStatusOf(threadId)) !== "running") return false;
        for (const out of outputs) yield* insertOutput(run, threadId, out);
        return true;
      }),
    },
    recordError: {
      tx: true,
      steps: ours(false, function* (run, threadId: string | null, error: RunError) {
        // Recorded once per run: a re-run after a crash does not repeat it.
        const body = JSON.stringify({ error });
        const previous = yield* all<{ body: string }>(
          "SELECT body FROM session_events WHERE run_id = ? AND type = 'session.error' AND session_thread_id {is} ?",
          [run.id, threadId],
        );
        if (previous.some((p) => p.body === body)) return true;
        yield* insertSessionEvent({
          session_id: run.session_id,
          session_thread_id: threadId,
          type: "session.error",
          error,
          run_id: run.id,
        });
        return true;
      }),
    },
    completeRun: {
      tx: true,
      steps: ours(false, function* (run, outputs: RunOutput[], stopReason?: StopReason) {
        for (const out of outputs) yield* insertOutput(run, null, out);
        yield* endRun(run, "completed", undefined, stopReason);
        return true;
      }),
    },
    failRun: {
      tx: true,
      steps: ours(false, function* (run, error: RunError) {
        yield* endRun(run, "failed", error);
        return true;
      }),
    },
    pauseRun: {
      tx: true,
      steps: ours(
        false,
        function* (
          run,
          toolUseIds: string[],
          remote?: { toolUseIds: string[]; waitMs: number },
          threadId: string | null = null,
        ) {
          // The calls of the thread that waits (a sub-agent's are answered on the session like the primary's).
          const calls = yield* all<SessionEventRow>(
            `SELECT * FROM session_events WHERE run_id = ? AND session_thread_id {is} ?
             AND type IN ('agent.custom_tool_use', 'agent.tool_use') ORDER BY id`,
            [run.id, threadId],
          );
          const eventIds = callEventsOf(calls, toolUseIds);
          const at = yield* now();
          // Queued again (not counting this execution), held back by its run_waits row.
          yield* exec(
            `UPDATE runs SET status = 'queued', attempts = 0, owner = NULL, lease_expires_at = NULL, updated_at = ?
           WHERE id = ?`,
            [at, run.id],
          );
          yield* exec("DELETE FROM run_waits WHERE run_id = ?", [run.id]);
          const remoteIds = callEventsOf(calls, remote?.toolUseIds ?? []);
          const deadline = remote && remoteIds.length > 0 ? plusMs(yield* leaseNow(), remote.waitMs) : null;
          yield* exec(
            "INSERT INTO run_waits (run_id, session_id, pending, remote, remote_deadline, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [run.id, run.session_id, JSON.stringify(eventIds), JSON.stringify(remoteIds), deadline, at],
          );
          yield* idleRunningThreads(run.account_id, run.session_id);
          yield* setSessionStatus(run.session_id, "idle");
          yield* recordIdled(run.account_id, run.session_id, { type: "requires_action", event_ids: eventIds });
          return true;
        },
      ),
    },
    expireWorkerWaits: {
      tx: false,
      *steps(message) {
        // Every pass of the worker calls this: look before taking the write lock.
        const due = yield* all<{ run_id: string }>(
          "SELECT run_id FROM run_waits WHERE remote_deadline IS NOT NULL AND remote_deadline < {leaseClock}",
          [yield* leaseClock()],
        );
        if (due.length === 0) return 0;
        return yield* transaction(function* () {
          const at = yield* leaseNow();
          let answered = 0;
          for (const { run_id } of due) {
            const wait = yield* one<PendingActionsRow>("SELECT * FROM run_waits WHERE run_id = ?{lock}", [run_id]);
            if (!wait || wait.remote_deadline === null || wait.remote_deadline >= at) continue;
            const remote = JSON.parse(wait.remote) as string[];
            const calls =
              remote.length > 0
                ? yield* all<SessionEventRow>("SELECT * FROM session_events WHERE {in:id} ORDER BY id", [list(remote)])
                : [];
            for (const call of calls) {
              const use = (JSON.parse(call.body) as { tool_use?: { tool_use_id: string } }).tool_use;
              if (!use) continue;
              yield* insertSessionEvent({
                session_id: wait.session_id,
                // In the call's thread (a sub-agent's call is answered in its own conversation).
                session_thread_id: call.session_thread_id,
                type: "agent.tool_result",
                run_id,
                content: [{ type: "text", text: message }],
                tool_result: { tool_use_id: use.tool_use_id, is_error: true },
              });
              answered++;
            }
            yield* stopWorkOf(wait.session_id);
            const remaining = pendingIds(wait).filter((id) => !remote.includes(id));
            if (remaining.length > 0) {
              yield* exec("UPDATE run_waits SET pending = ?, remote = '[]', remote_deadline = NULL WHERE run_id = ?", [
                JSON.stringify(remaining),
                run_id,
              ]);
            } else {
              yield* exec("DELETE FROM run_waits WHERE run_id = ?", [run_id]);
              yield* signal("runs");
            }
          }
          return answered;
        });
      },
    },
    releaseRun: {
      tx: true,
      steps: ours(false, function* (run) {
        // A shutdown is not the run's fault: the attempt is not counted.
        yield* requeue(run, true);
        return true;
      }),
    },
    rescheduleRun: {
      tx: true,
      steps: ours(false, function* (run, threadId: string | null, error: RunError) {
        yield* insertSessionEvent({
          session_id: run.session_id,
          session_thread_id: threadId,
          type: "session.error",
          error: { ...error, retry_status: { type: "retrying" } },
          run_id: run.id,
        });
        const session = yield* one<Pick<SessionRow, "status">>("SELECT status FROM sessions WHERE id = ?", [
          run.session_id,
        ]);
        if (session?.status === "running") {
          yield* setSessionStatus(run.session_id, "rescheduling");
          yield* recordLifecycle(run.account_id, run.session_id, "session.status_rescheduled");
        }
        return true;
      }),
    },
    resumeRun: {
      tx: true,
      steps: ours(false, function* (run) {
        const session = yield* one<Pick<SessionRow, "status">>("SELECT status FROM sessions WHERE id = ?", [
          run.session_id,
        ]);
        if (session?.status !== "rescheduling") return session?.status === "running";
        yield* setSessionStatus(run.session_id, "running");
        yield* recordLifecycle(run.account_id, run.session_id, "session.status_run_started");
        return true;
      }),
    },
  };
}
