import type { SessionEventRecord, SessionStatus, StopReason } from "../port/sessions.ts";
import {
  type AnswerInput,
  answerEvent,
  answeredId,
  answerRefusal,
  findPending,
  pendingIds,
  type RunWaitRow,
} from "../rows/pendingActions.ts";
import {
  endedWorkError,
  type LifecycleKind,
  type NewSessionEvent,
  newSessionEventRow,
  Refusal,
  type SessionEventRow,
  type SessionRow,
  toSessionEvent,
} from "../rows/sessions.ts";
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { runSteps } from "./steps.ts";

/** Appends one event to a session's history (call inside the transaction of the change). */
export function insertSessionEvent(ctx: SqliteContext, e: NewSessionEvent): SessionEventRecord {
  const row = newSessionEventRow(e, ctx.now());
  ctx.db
    .prepare(
      `INSERT INTO session_events (id, session_id, session_thread_id, type, body, run_id, created_at)
       VALUES (@id, @session_id, @session_thread_id, @type, @body, @run_id, @created_at)`,
    )
    .run(row);
  return toSessionEvent(row);
}

/**
 * A status or thread change: recorded in the session's history and in the outbox, in the
 * caller's transaction. Thread events carry `session_thread_id`.
 */
export function recordLifecycle(
  ctx: SqliteContext,
  accountId: string,
  sessionId: string,
  kind: LifecycleKind,
  threadId?: string,
  /** The run the change belongs to (a thread finishing its part of a run): a re-run reads it back. */
  runId?: string,
  /** session.status_idled: why (in the history and the webhook's data). */
  stopReason?: StopReason,
): SessionEventRecord {
  const recorded = insertSessionEvent(ctx, {
    session_id: sessionId,
    session_thread_id: threadId ?? null,
    type: kind,
    run_id: runId ?? null,
    ...(stopReason ? { stop_reason: stopReason } : {}),
  });
  appendEvent(
    ctx,
    accountId,
    threadId
      ? { id: sessionId, type: kind, session_thread_id: threadId }
      : { id: sessionId, type: kind, ...(stopReason ? { stop_reason: stopReason } : {}) },
  );
  return recorded;
}

/** The session went idle (session.status_idled with its stop_reason), in the caller's transaction. */
export function recordIdled(
  ctx: SqliteContext,
  accountId: string,
  sessionId: string,
  stopReason: StopReason,
): SessionEventRecord {
  return recordLifecycle(ctx, accountId, sessionId, "session.status_idled", undefined, undefined, stopReason);
}

/** The waiting run of a session (its turn paused for the user), or undefined. */
export function waitingRun(ctx: SqliteContext, sessionId: string): RunWaitRow | undefined {
  return ctx.db
    .prepare(
      `SELECT w.* FROM run_waits w JOIN runs r ON r.id = w.run_id
        WHERE w.session_id = ? AND r.status = 'queued' ORDER BY w.run_id LIMIT 1`,
    )
    .get(sessionId) as RunWaitRow | undefined;
}

/**
 * Stops the session's running turn (user.interrupt without a thread): the run ends (`interrupted`;
 * its worker finds it no longer its own, aborts what is in flight and writes nothing more), its
 * threads and the session idle with stop_reason `interrupted`. Nothing when no turn runs.
 */
export function interruptTurn(ctx: SqliteContext, accountId: string, session: SessionRow): void {
  const running = ctx.db.prepare("SELECT id FROM runs WHERE session_id = ? AND status = 'running'").get(session.id) as
    | { id: string }
    | undefined;
  if (!running) return;
  ctx.db
    .prepare(
      "UPDATE runs SET status = 'failed', error = 'interrupted', owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?",
    )
    .run(ctx.now(), running.id);
  idleRunningThreads(ctx, accountId, session.id);
  setSessionStatus(ctx, session.id, "idle");
  recordIdled(ctx, accountId, session.id, { type: "interrupted" });
  runSteps(
    ctx,
    settleDeploymentRun(session.id, {
      status: "failed",
      error: { type: "run_interrupted", message: "The session's first turn was interrupted (user.interrupt)." },
    }),
  );
  // Wakes the worker, which aborts the run in flight; a queued run of this session may start.
  ctx.signal("runs");
}

/**
 * Records an answer to a waiting turn: the call it names must be one the turn waits for. The last
 * answer makes the run claimable again (its run_waits row is deleted). Throws a Refusal otherwise.
 */
export function answerWait(
  ctx: SqliteContext,
  session: SessionRow,
  event: AnswerInput,
  index: number,
): SessionEventRecord {
  const wait = waitingRun(ctx, session.id);
  const pending = wait ? pendingIds(wait) : [];
  const rows =
    pending.length > 0
      ? (ctx.db
          .prepare(`SELECT * FROM session_events WHERE id IN (${pending.map(() => "?").join(", ")})`)
          .all(...pending) as SessionEventRow[])
      : [];
  const target = findPending(event, rows);
  const known =
    !target &&
    ctx.db
      .prepare(
        "SELECT 1 FROM session_events WHERE id = ? AND session_id = ? AND type IN ('agent.custom_tool_use', 'agent.tool_use')",
      )
      .get(answeredId(event), session.id) !== undefined;
  const refused = answerRefusal(event, index, pending, target, known);
  if (refused || !target || !wait)
    throw new Refusal(refused ?? { ok: false, reason: "unknown_action", index, pending });
  const recorded = insertSessionEvent(ctx, answerEvent(event, session.id, wait.run_id, target.id));
  const remaining = pending.filter((id) => id !== target.id);
  if (remaining.length > 0) {
    ctx.db.prepare("UPDATE run_waits SET pending = ? WHERE run_id = ?").run(JSON.stringify(remaining), wait.run_id);
  } else {
    ctx.db.prepare("DELETE FROM run_waits WHERE run_id = ?").run(wait.run_id);
    ctx.signal("runs");
  }
  return recorded;
}

/** Idles every running thread of a session (the run they belonged to is over): session.thread_idled each. */
export function idleRunningThreads(ctx: SqliteContext, accountId: string, sessionId: string): void {
  const threads = ctx.db
    .prepare("SELECT id FROM session_threads WHERE session_id = ? AND status = 'running' ORDER BY id")
    .all(sessionId) as { id: string }[];
  for (const t of threads) {
    ctx.db.prepare("UPDATE session_threads SET status = 'idle', updated_at = ? WHERE id = ?").run(ctx.now(), t.id);
    recordLifecycle(ctx, accountId, sessionId, "session.thread_idled", t.id);
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
export function endSessionWork(
  ctx: SqliteContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): void {
  const now = ctx.now();
  const ended = ctx.db
    .prepare(
      `UPDATE runs SET status = 'failed', error = ?, owner = NULL, lease_expires_at = NULL, updated_at = ?
       WHERE session_id = ? AND status IN ('queued', 'running')`,
    )
    .run(reason, now, session.id).changes;
  ctx.db.prepare("DELETE FROM run_waits WHERE session_id = ?").run(session.id);
  idleRunningThreads(ctx, accountId, session.id);
  if (session.status === "running" || session.status === "rescheduling") {
    setSessionStatus(ctx, session.id, "idle");
    recordIdled(ctx, accountId, session.id, { type: "interrupted" });
  }
  // A deployment run still in its session's first turn ends with that turn.
  runSteps(
    ctx,
    settleDeploymentRun(session.id, {
      status: "failed",
      error: endedWorkError(reason, session),
    }),
  );
  if (ended > 0) ctx.signal("runs");
}

/** Sets the session's status (and `updated_at`). */
export function setSessionStatus(ctx: SqliteContext, sessionId: string, status: SessionStatus): void {
  ctx.db.prepare("UPDATE sessions SET status = ?, updated_at = ? WHERE id = ?").run(status, ctx.now(), sessionId);
}

export function refusable<T>(ctx: SqliteContext, fn: () => T): T | Refusal["result"] {
  try {
    return ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
