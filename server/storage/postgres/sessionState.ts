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
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import type { PgContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { runSteps } from "./steps.ts";

/**
 * The transactions (their bound contexts: one per attempt of a transaction, see context.ts) that
 * hold the sequence locks already: the locks last until COMMIT, so a run's many outputs take
 * them with one round trip each, once.
 */
const orderLocked = new WeakSet<PgContext>();

export async function lockEventOrder(tx: PgContext): Promise<void> {
  if (orderLocked.has(tx)) return;
  await tx.lockSequence("events");
  await tx.lockSequence("session_events");
  orderLocked.add(tx);
}

/**
 * Appends one event to a session's history (call inside the transaction of the change).
 *
 * Its `seq` (the stream position: streams read "after seq N") must grow in commit order, which an
 * identity column alone does not give on PostgreSQL: the value is taken at INSERT, so a transaction
 * that inserts first and commits last would put a smaller seq behind a position a stream already
 * passed, and that stream would never send it. So the insert first takes the transaction-level
 * advisory lock of the sequence (PgContext.lockSequence), held until COMMIT: the writers of
 * session events take their seq values one transaction at a time, and a transaction's rows are
 * visible before the next one can take a value. (The alternative, reading only below the lowest
 * seq still in flight, needs every reader to find that bound, and a transaction takes its xid only
 * after its first seq, so the snapshot's xmin cannot give it.)
 *
 * The lock of the outbox (`events`) is taken first, always in that order: this transaction
 * appends outbox events too (recordLifecycle), and outbox writers that then add session events
 * (createSession) take them in the same order, so the two locks never wait on each other in a cycle.
 */
export async function insertSessionEvent(ctx: PgContext, e: NewSessionEvent): Promise<SessionEventRecord> {
  const row = newSessionEventRow(e, ctx.now());
  await lockEventOrder(ctx);
  await ctx.query(`INSERT INTO session_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    row.id,
    row.session_id,
    row.session_thread_id,
    row.type,
    row.body,
    row.run_id,
    row.created_at,
  ]);
  return toSessionEvent(row);
}

/**
 * A status or thread change: recorded in the session's history and in the outbox, in the
 * caller's transaction. Thread events carry `session_thread_id`.
 */
export async function recordLifecycle(
  ctx: PgContext,
  accountId: string,
  sessionId: string,
  kind: LifecycleKind,
  threadId?: string,
  /** The run the change belongs to (a thread finishing its part of a run): a re-run reads it back. */
  runId?: string,
  /** session.status_idled: why (in the history and the webhook's data). */
  stopReason?: StopReason,
): Promise<SessionEventRecord> {
  const recorded = await insertSessionEvent(ctx, {
    session_id: sessionId,
    session_thread_id: threadId ?? null,
    type: kind,
    run_id: runId ?? null,
    ...(stopReason ? { stop_reason: stopReason } : {}),
  });
  await appendEvent(
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
  ctx: PgContext,
  accountId: string,
  sessionId: string,
  stopReason: StopReason,
): Promise<SessionEventRecord> {
  return recordLifecycle(ctx, accountId, sessionId, "session.status_idled", undefined, undefined, stopReason);
}

/** The waiting run of a session (its turn paused for the user), or null. Lock the session's row first. */
export function waitingRun(ctx: PgContext, sessionId: string): Promise<RunWaitRow | null> {
  return ctx.one<RunWaitRow>(
    `SELECT w.* FROM run_waits w JOIN runs r ON r.id = w.run_id
      WHERE w.session_id = $1 AND r.status = 'queued' ORDER BY w.run_id LIMIT 1`,
    [sessionId],
  );
}

/**
 * Stops the session's running turn (user.interrupt without a thread), as the SQLite adapter's
 * interruptTurn: the run ends (`interrupted`; its worker, in this process or another replica, finds
 * it no longer its own by the "runs" signal or its next heartbeat, aborts and writes nothing more),
 * its threads and the session idle with stop_reason `interrupted`. Nothing when no turn runs.
 */
export async function interruptTurn(ctx: PgContext, accountId: string, sessionId: string): Promise<void> {
  const running = await ctx.one<{ id: string }>(
    "SELECT id FROM runs WHERE session_id = $1 AND status = 'running' FOR NO KEY UPDATE",
    [sessionId],
  );
  if (!running) return;
  await ctx.exec(
    "UPDATE runs SET status = 'failed', error = 'interrupted', owner = NULL, lease_expires_at = NULL, updated_at = $1 WHERE id = $2",
    [ctx.now(), running.id],
  );
  await idleRunningThreads(ctx, accountId, sessionId);
  await setSessionStatus(ctx, sessionId, "idle");
  await recordIdled(ctx, accountId, sessionId, { type: "interrupted" });
  await runSteps(
    ctx,
    settleDeploymentRun(sessionId, {
      status: "failed",
      error: { type: "run_interrupted", message: "The session's first turn was interrupted (user.interrupt)." },
    }),
  );
  ctx.signal("runs");
}

/**
 * Records an answer to a waiting turn (the session's row locked): the call it names must be one the
 * turn waits for. The last answer makes the run claimable again. Throws a Refusal otherwise.
 */
export async function answerWait(
  ctx: PgContext,
  sessionId: string,
  event: AnswerInput,
  index: number,
): Promise<SessionEventRecord> {
  const wait = await waitingRun(ctx, sessionId);
  const pending = wait ? pendingIds(wait) : [];
  const rows =
    pending.length > 0
      ? await ctx.query<SessionEventRow>("SELECT * FROM session_events WHERE id = ANY($1::text[])", [pending])
      : [];
  const target = findPending(event, rows);
  const known =
    !target &&
    (await ctx.one(
      "SELECT 1 FROM session_events WHERE id = $1 AND session_id = $2 AND type IN ('agent.custom_tool_use', 'agent.tool_use')",
      [answeredId(event), sessionId],
    )) !== null;
  const refused = answerRefusal(event, index, pending, target, known);
  if (refused || !target || !wait)
    throw new Refusal(refused ?? { ok: false, reason: "unknown_action", index, pending });
  const recorded = await insertSessionEvent(ctx, answerEvent(event, sessionId, wait.run_id, target.id));
  const remaining = pending.filter((id) => id !== target.id);
  if (remaining.length > 0) {
    await ctx.exec("UPDATE run_waits SET pending = $1 WHERE run_id = $2", [JSON.stringify(remaining), wait.run_id]);
  } else {
    await ctx.exec("DELETE FROM run_waits WHERE run_id = $1", [wait.run_id]);
    ctx.signal("runs");
  }
  return recorded;
}

/** Idles every running thread of a session (the run they belonged to is over): session.thread_idled each. */
export async function idleRunningThreads(ctx: PgContext, accountId: string, sessionId: string): Promise<void> {
  const threads = await ctx.query<{ id: string }>(
    "SELECT id FROM session_threads WHERE session_id = $1 AND status = 'running' ORDER BY id FOR UPDATE",
    [sessionId],
  );
  for (const t of threads) {
    await ctx.exec("UPDATE session_threads SET status = 'idle', updated_at = $1 WHERE id = $2", [ctx.now(), t.id]);
    await recordLifecycle(ctx, accountId, sessionId, "session.thread_idled", t.id);
  }
}

/**
 * Ends every run of a session that has not finished (queued or in progress), as archiving the
 * session or deleting its agent does: the same steps as the SQLite adapter's `endSessionWork`
 * (runs failed with `reason`, running threads idled, a running session idled, a deployment run
 * waiting on the session's first turn failed), in the caller's transaction.
 */
export async function endSessionWork(
  ctx: PgContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): Promise<void> {
  const now = ctx.now();
  const ended = await ctx.exec(
    `UPDATE runs SET status = 'failed', error = $1, owner = NULL, lease_expires_at = NULL, updated_at = $2
     WHERE session_id = $3 AND status IN ('queued', 'running')`,
    [reason, now, session.id],
  );
  await ctx.exec("DELETE FROM run_waits WHERE session_id = $1", [session.id]);
  await idleRunningThreads(ctx, accountId, session.id);
  if (session.status === "running" || session.status === "rescheduling") {
    await setSessionStatus(ctx, session.id, "idle");
    await recordIdled(ctx, accountId, session.id, { type: "interrupted" });
  }
  // A deployment run still in its session's first turn ends with that turn.
  await runSteps(
    ctx,
    settleDeploymentRun(session.id, {
      status: "failed",
      error: endedWorkError(reason, session),
    }),
  );
  if (ended > 0) ctx.signal("runs");
}

/** Sets the session's status (and `updated_at`). */
export async function setSessionStatus(ctx: PgContext, sessionId: string, status: SessionStatus): Promise<void> {
  await ctx.exec("UPDATE sessions SET status = $1, updated_at = $2 WHERE id = $3", [status, ctx.now(), sessionId]);
}

export async function refusable<T>(ctx: PgContext, fn: (tx: PgContext) => Promise<T>): Promise<T | Refusal["result"]> {
  try {
    return await ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
