/**
 * The session state transitions the session, run and agent stores share, written once for both
 * adapters, each run in the caller's transaction: a session's history (session events), its
 * lifecycle events, the end of a turn's work. A session event's `seq` must grow in commit order:
 * each insert first asks its adapter to order it (`orderSessionEvents`: PostgreSQL's per-account
 * order lock, see postgres/outbox.ts; nothing on SQLite, whose write lock already does). Rows a
 * transition changes are held with `{lock}` / `{forUpdate}` on PostgreSQL.
 */

import { idAfter } from "../../ids.ts";
import type { SessionEventRecord, SessionStatus, StopReason } from "../port/sessions.ts";
import {
  type AnswerInput,
  answerEvent,
  answeredId,
  answerRefusal,
  findPending,
  type PendingActionsRow,
  pendingIds,
} from "../rows/pendingActions.ts";
import {
  EVENT_COLUMNS,
  endedWorkError,
  type LifecycleKind,
  type NewSessionEvent,
  newSessionEventRow,
  Refusal,
  type SessionEventRow,
  type SessionRow,
  toSessionEvent,
} from "../rows/sessions.ts";
import { settleFirstTurn } from "./deploymentRuns.ts";
import { list } from "./dialect.ts";
import { all, append, exec, now, one, orderSessionEvents, type Steps, signal } from "./steps.ts";
import { stopWorkOf } from "./work.ts";

/** The insert of a session event, unless one of the session's ids sorts at or after its own. */
const INSERT_IN_ID_ORDER = `INSERT INTO session_events (${EVENT_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?
  WHERE NOT EXISTS (SELECT 1 FROM session_events WHERE session_id = ? AND id >= ?)`;
const LAST_ID = "SELECT id FROM session_events WHERE session_id = ? ORDER BY id DESC LIMIT 1";

/**
 * Appends one event to a session's history (call inside the transaction of the change). Its id
 * sorts after every earlier event of the session, as its seq does: the history (listed by id) and
 * the stream (read by seq) give one order. Ids made in the same millisecond by two processes, or
 * made before the order lock by transactions that then commit the other way round, would not; such
 * an event takes the id just after the session's last (ids.ts idAfter), under the order lock.
 */
export function* insertSessionEvent(e: NewSessionEvent): Steps<SessionEventRecord> {
  const row = newSessionEventRow(e, yield* now());
  yield* orderSessionEvents(row.session_id);
  const values = [row.session_id, row.session_thread_id, row.type, row.body, row.run_id, row.created_at];
  if ((yield* exec(INSERT_IN_ID_ORDER, [row.id, ...values, row.session_id, row.id])) === 0) {
    const last = yield* one<{ id: string }>(LAST_ID, [row.session_id]);
    row.id = idAfter(last?.id ?? row.id);
    yield* exec(`INSERT INTO session_events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [row.id, ...values]);
  }
  return toSessionEvent(row);
}

/**
 * A status or thread change: recorded in the session's history and in the outbox, in the
 * caller's transaction. Thread events carry `session_thread_id`.
 */
export function* recordLifecycle(
  accountId: string,
  sessionId: string,
  kind: LifecycleKind,
  threadId?: string,
  /** The run the change belongs to (a thread finishing its part of a run): a re-run reads it back. */
  runId?: string,
  /** session.status_idled: why (in the history and the webhook's data). */
  stopReason?: StopReason,
): Steps<SessionEventRecord> {
  const recorded = yield* insertSessionEvent({
    session_id: sessionId,
    session_thread_id: threadId ?? null,
    type: kind,
    run_id: runId ?? null,
    ...(stopReason ? { stop_reason: stopReason } : {}),
  });
  yield* append(
    accountId,
    threadId
      ? { id: sessionId, type: kind, session_thread_id: threadId }
      : { id: sessionId, type: kind, ...(stopReason ? { stop_reason: stopReason } : {}) },
  );
  return recorded;
}

/** The session went idle (session.status_idled with its stop_reason), in the caller's transaction. */
export const recordIdled = (accountId: string, sessionId: string, stopReason: StopReason) =>
  recordLifecycle(accountId, sessionId, "session.status_idled", undefined, undefined, stopReason);

/** The waiting run of a session (its turn paused for the user), or null. Hold the session's row first. */
export const waitingRun = (sessionId: string) =>
  one<PendingActionsRow>(
    `SELECT w.* FROM run_waits w JOIN runs r ON r.id = w.run_id
      WHERE w.session_id = ? AND r.status = 'queued' ORDER BY w.run_id LIMIT 1`,
    [sessionId],
  );

/** Sets the session's status (and `updated_at`). */
export function* setSessionStatus(sessionId: string, status: SessionStatus): Steps<void> {
  yield* exec("UPDATE sessions SET status = ?, updated_at = ? WHERE id = ?", [status, yield* now(), sessionId]);
}

/**
 * An outcome evaluation in progress when the turn is interrupted ends `interrupted` (its worker
 * writes nothing more): the last `span.outcome_evaluation_start` of the session without an end.
 */
function* endOpenEvaluation(sessionId: string, runId: string): Steps<void> {
  const last = yield* one<SessionEventRow>(
    `SELECT * FROM session_events WHERE session_id = ?
       AND type IN ('span.outcome_evaluation_start', 'span.outcome_evaluation_end') ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  if (last?.type !== "span.outcome_evaluation_start") return;
  const start = toSessionEvent(last);
  if (!start.evaluation) return;
  yield* insertSessionEvent({
    session_id: sessionId,
    type: "span.outcome_evaluation_end",
    run_id: runId,
    evaluation: {
      outcome_id: start.evaluation.outcome_id,
      iteration: start.evaluation.iteration,
      outcome_evaluation_start_id: start.id,
      result: "interrupted",
      explanation: "The evaluation was interrupted (user.interrupt).",
      usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    },
  });
}

/**
 * Stops the session's running turn (user.interrupt without a thread): the run ends (`interrupted`;
 * its worker, in this process or another replica, finds it no longer its own by the "runs" signal
 * or its next heartbeat, aborts what is in flight and writes nothing more), its threads and the
 * session idle with stop_reason `interrupted`. Nothing when no turn runs.
 */
export function* interruptTurn(accountId: string, sessionId: string): Steps<void> {
  // A self-hosted session's worker stops too (the next turn queues a new item).
  yield* stopWorkOf(sessionId);
  const session = yield* one<Pick<SessionRow, "status">>("SELECT status FROM sessions WHERE id = ?", [sessionId]);
  // A rescheduling session's run is running (waiting out a retry's back-off) or, taken over after a
  // server stopped, queued again: either way the interrupt ends it.
  const running = yield* one<{ id: string }>(
    session?.status === "rescheduling"
      ? `SELECT id FROM runs WHERE session_id = ? AND (status = 'running' OR (status = 'queued'
           AND NOT EXISTS (SELECT 1 FROM run_waits w WHERE w.run_id = runs.id))) ORDER BY id LIMIT 1{lock}`
      : "SELECT id FROM runs WHERE session_id = ? AND status = 'running'{lock}",
    [sessionId],
  );
  if (!running) return;
  yield* endOpenEvaluation(sessionId, running.id);
  yield* exec(
    "UPDATE runs SET status = 'failed', error = 'interrupted', owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?",
    [yield* now(), running.id],
  );
  yield* idleRunningThreads(accountId, sessionId);
  yield* setSessionStatus(sessionId, "idle");
  yield* recordIdled(accountId, sessionId, { type: "interrupted" });
  yield* settleFirstTurn(sessionId, {
    status: "failed",
    error: { type: "run_interrupted", message: "The session's first turn was interrupted (user.interrupt)." },
  });
  // Wakes the worker, which aborts the run in flight; a queued run of this session may start.
  yield* signal("runs");
}

/**
 * Records an answer to a waiting turn (the session's row held): the call it names must be one the
 * turn waits for. The last answer makes the run claimable again (its run_waits row is deleted).
 * Throws a Refusal otherwise.
 */
export function* answerWait(sessionId: string, event: AnswerInput, index: number): Steps<SessionEventRecord> {
  const wait = yield* waitingRun(sessionId);
  const pending = wait ? pendingIds(wait) : [];
  const rows =
    pending.length > 0
      ? yield* all<SessionEventRow>("SELECT * FROM session_events WHERE {in:id}", [list(pending)])
      : [];
  const target = findPending(event, rows);
  const known =
    !target &&
    (yield* one(
      "SELECT 1 FROM session_events WHERE id = ? AND session_id = ? AND type IN ('agent.custom_tool_use', 'agent.tool_use')",
      [answeredId(event), sessionId],
    )) !== null;
  const remote = wait ? (JSON.parse(wait.remote) as string[]) : [];
  const refused = answerRefusal(event, index, pending, target, known, remote);
  if (refused || !target || !wait)
    throw new Refusal(refused ?? { ok: false, reason: "unknown_action", index, pending });
  // A sub-agent's call is answered in its thread (whose conversation the resumed run rebuilds).
  const recorded = yield* insertSessionEvent({
    ...answerEvent(event, sessionId, wait.run_id, target.id),
    session_thread_id: target.session_thread_id,
  });
  const remaining = pending.filter((id) => id !== target.id);
  if (remaining.length > 0) {
    yield* exec("UPDATE run_waits SET pending = ?, remote = ? WHERE run_id = ?", [
      JSON.stringify(remaining),
      JSON.stringify(remote.filter((id) => id !== target.id)),
      wait.run_id,
    ]);
  } else {
    yield* exec("DELETE FROM run_waits WHERE run_id = ?", [wait.run_id]);
    yield* signal("runs");
  }
  return recorded;
}

/** Idles every running thread of a session (the run they belonged to is over): session.thread_idled each. */
export function* idleRunningThreads(accountId: string, sessionId: string): Steps<void> {
  const threads = yield* all<{ id: string }>(
    "SELECT id FROM session_threads WHERE session_id = ? AND status = 'running' ORDER BY id{forUpdate}",
    [sessionId],
  );
  for (const t of threads) {
    yield* exec("UPDATE session_threads SET status = 'idle', updated_at = ? WHERE id = ?", [yield* now(), t.id]);
    yield* recordLifecycle(accountId, sessionId, "session.thread_idled", t.id);
  }
}

/**
 * Ends every run of a session that has not finished (queued or in progress), as archiving the
 * session or deleting its agent does: the runs are failed with `reason` (a worker executing one
 * finds it is no longer its own and writes nothing), running threads idle
 * (session.thread_idled), a running session idles (session.status_idled), so its turn is seen
 * to end before whatever comes next, and a deployment run waiting on the session's first turn
 * fails (deployment_run.failed).
 */
export function* endSessionWork(
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): Steps<void> {
  yield* stopWorkOf(session.id);
  const ended = yield* exec(
    `UPDATE runs SET status = 'failed', error = ?, owner = NULL, lease_expires_at = NULL, updated_at = ?
     WHERE session_id = ? AND status IN ('queued', 'running')`,
    [reason, yield* now(), session.id],
  );
  yield* exec("DELETE FROM run_waits WHERE session_id = ?", [session.id]);
  yield* idleRunningThreads(accountId, session.id);
  if (session.status === "running" || session.status === "rescheduling") {
    yield* setSessionStatus(session.id, "idle");
    yield* recordIdled(accountId, session.id, { type: "interrupted" });
  }
  // A deployment run still in its session's first turn ends with that turn.
  yield* settleFirstTurn(session.id, { status: "failed", error: endedWorkError(reason, session) });
  if (ended > 0) yield* signal("runs");
}
