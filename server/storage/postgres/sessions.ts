import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type {
  AppendEventsResult,
  CreateSessionResult,
  SessionEventRecord,
  SessionStatus,
  SessionStore,
  SessionUpdateResult,
  StopReason,
  UserEventInput,
} from "../port/sessions.ts";
import { canonicalJson } from "../rows/json.ts";
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
  newSessionRow,
  Refusal,
  SESSION_COLUMNS,
  SESSION_INSERT_COLUMNS,
  type SessionEventRow,
  type SessionRow,
  THREAD_COLUMNS,
  type ThreadRow,
  toSession,
  toSessionEvent,
  toThread,
} from "../rows/sessions.ts";
import { budgetChanged } from "../rows/usage.ts";
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import type { PgContext } from "./context.ts";
import { LOST_RACE, optimistically } from "./optimistic.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";
import { runSteps } from "./steps.ts";

/**
 * The transactions (their bound contexts: one per attempt of a transaction, see context.ts) that
 * hold the sequence locks already: the locks last until COMMIT, so a run's many outputs take
 * them with one round trip each, once.
 */
const orderLocked = new WeakSet<PgContext>();

async function lockEventOrder(tx: PgContext): Promise<void> {
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
async function interruptTurn(ctx: PgContext, accountId: string, sessionId: string): Promise<void> {
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
async function answerWait(
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

async function refusable<T>(ctx: PgContext, fn: (tx: PgContext) => Promise<T>): Promise<T | Refusal["result"]> {
  try {
    return await ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}

/**
 * Sessions on PostgreSQL: the same records, events (outbox and history, in the transaction of the
 * change), pages and refusals as storage/sqlite/sessions.ts.
 *
 * SQLite runs one writer at a time; here transactions overlap, so each read that a write depends
 * on is made safe:
 * - createSession reads the agent, the environment and the vaults `FOR SHARE`: archiving or
 *   deleting one waits until the session is committed (and then sees it), never the reverse.
 * - appendEvents and archiveSession lock the session row (`FOR NO KEY UPDATE`): appends to one
 *   session queue into one run, and nothing is appended to a session being archived.
 * - updateSession is optimistic (optimistic.ts): the UPDATE only applies if the title and metadata
 *   its `update` callback was given are still current; if another request changed them since,
 *   nothing is written and the update is computed again from what that request committed; one
 *   that keeps losing ends as StorageConflictError (409), never as a lost write or a 500.
 */
export function createSessionStore(ctx: PgContext): Async<SessionStore> {
  const findRow = (c: PgContext, accountId: string, id: string, lock = false) =>
    c.one<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1 AND account_id = $2${lock ? " FOR NO KEY UPDATE" : ""}`,
      [id, accountId],
    );
  const getThreadRow = (c: PgContext, threadId: string, sessionId: string, lock = false) =>
    c.one<ThreadRow>(
      `SELECT ${THREAD_COLUMNS} FROM session_threads WHERE id = $1 AND session_id = $2${lock ? " FOR UPDATE" : ""}`,
      [threadId, sessionId],
    );

  /** The queued run of the session (messages sent before it starts join it), or a new one. */
  async function queuedRun(tx: PgContext, accountId: string, sessionId: string): Promise<string> {
    const existing = await tx.one<{ id: string }>(
      // A paused turn's run (answered or not) takes no new messages: they are the next turn's.
      `SELECT id FROM runs WHERE session_id = $1 AND status = 'queued'
         AND NOT EXISTS (SELECT 1 FROM run_waits w WHERE w.run_id = runs.id)
         AND NOT EXISTS (SELECT 1 FROM session_events e WHERE e.run_id = runs.id
                          AND e.type IN ('user.custom_tool_result', 'user.tool_confirmation'))
       ORDER BY id LIMIT 1`,
      [sessionId],
    );
    if (existing) return existing.id;
    const id = newId("run");
    const now = tx.now();
    await tx.query(
      `INSERT INTO runs (id, account_id, session_id, status, attempts, created_at, updated_at)
       VALUES ($1, $2, $3, 'queued', 0, $4, $5)`,
      [id, accountId, sessionId, now, now],
    );
    return id;
  }

  /**
   * Appends user events inside the caller's transaction (the session row locked); throws a
   * Refusal to roll everything back.
   */
  async function appendInTx(
    tx: PgContext,
    accountId: string,
    session: SessionRow,
    events: UserEventInput[],
  ): Promise<SessionEventRecord[]> {
    const stored: SessionEventRecord[] = [];
    let queued = false;
    for (const [index, event] of events.entries()) {
      if (event.type === "user.custom_tool_result" || event.type === "user.tool_confirmation") {
        stored.push(await answerWait(tx, session.id, event, index));
        continue;
      }
      if (event.type === "user.message") {
        const wait = await waitingRun(tx, session.id);
        if (wait) throw new Refusal({ ok: false, reason: "requires_action", index, pending: pendingIds(wait) });
        const runId = await queuedRun(tx, accountId, session.id);
        stored.push(
          await insertSessionEvent(tx, {
            session_id: session.id,
            type: "user.message",
            content: event.content,
            run_id: runId,
          }),
        );
        queued = true;
        continue;
      }
      if (event.session_thread_id === null) {
        stored.push(await insertSessionEvent(tx, { session_id: session.id, type: "user.interrupt" }));
        await interruptTurn(tx, accountId, session.id);
        continue;
      }
      const thread = await getThreadRow(tx, event.session_thread_id, session.id, true);
      if (!thread) throw new Refusal({ ok: false, reason: "thread_not_found", index });
      stored.push(
        await insertSessionEvent(tx, {
          session_id: session.id,
          session_thread_id: thread.id,
          type: "user.interrupt",
        }),
      );
      if (thread.status !== "terminated") {
        await tx.exec("UPDATE session_threads SET status = 'terminated', updated_at = $1 WHERE id = $2", [
          tx.now(),
          thread.id,
        ]);
        await recordLifecycle(tx, accountId, session.id, "session.thread_terminated", thread.id);
        // Wakes the worker, which abandons the thread's run in progress.
        tx.signal("runs");
      }
    }
    if (queued) tx.signal("runs");
    return stored;
  }

  return {
    async createSession(accountId, input) {
      return (await refusable(ctx, async (tx): Promise<CreateSessionResult> => {
        const agent = await tx.one<{ version: number; archived_at: string | null }>(
          "SELECT version, archived_at FROM agents WHERE id = $1 AND account_id = $2 FOR SHARE",
          [input.agent.id, accountId],
        );
        if (!agent) return { ok: false, reason: "agent_not_found" };
        if (agent.archived_at) return { ok: false, reason: "agent_archived" };
        const version = input.agent.version ?? agent.version;
        if (version > agent.version) return { ok: false, reason: "agent_version_not_found" };
        const env = await tx.one<{ archived_at: string | null }>(
          "SELECT archived_at FROM environments WHERE id = $1 AND account_id = $2 FOR SHARE",
          [input.environment_id, accountId],
        );
        if (!env) return { ok: false, reason: "environment_not_found" };
        if (env.archived_at) return { ok: false, reason: "environment_archived" };
        for (const [index, vaultId] of input.vault_ids.entries()) {
          const vault = await tx.one<{ archived_at: string | null }>(
            "SELECT archived_at FROM vaults WHERE id = $1 AND account_id = $2 FOR SHARE",
            [vaultId, accountId],
          );
          if (!vault) return { ok: false, reason: "vault_not_found", index };
          if (vault.archived_at) return { ok: false, reason: "vault_archived", index };
        }
        const now = tx.now();
        const row = newSessionRow(accountId, input, version, now);
        await tx.query(
          `INSERT INTO sessions (${SESSION_INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            row.id,
            row.account_id,
            row.agent_id,
            row.agent_version,
            row.environment_id,
            row.title,
            row.status,
            row.metadata,
            row.vault_ids,
            row.environment_variables,
            row.budget_max_total_tokens,
            row.archived_at,
            row.created_at,
            row.updated_at,
          ],
        );
        await appendEvent(tx, accountId, { id: row.id, type: "session.created" });
        const events = await appendInTx(tx, accountId, row, input.initial_events);
        return { ok: true, session: toSession(row), events };
      })) as CreateSessionResult;
    },

    async getSession(accountId, id) {
      const row = await findRow(ctx, accountId, id);
      return row ? toSession(row) : null;
    },

    listSessions(accountId, { includeArchived, statuses, agentId, page }) {
      let select = `SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = $1`;
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND archived_at IS NULL";
      if (statuses && statuses.length > 0) {
        params.push(statuses);
        select += ` AND status = ANY($${params.length}::text[])`;
      }
      if (agentId !== undefined) {
        params.push(agentId);
        select += ` AND agent_id = $${params.length}`;
      }
      return keysetList(ctx, { select, params, key: "id", order: "desc", page, map: toSession, getId: (s) => s.id });
    },

    updateSession(accountId, id, update) {
      return ctx.tx((tx) =>
        optimistically(async (): Promise<SessionUpdateResult | typeof LOST_RACE> => {
          const row = await findRow(tx, accountId, id);
          if (!row) return { ok: false, reason: "not_found" };
          if (row.archived_at) return { ok: false, reason: "archived" };
          const current = toSession(row);
          const next = update(current);
          const budget = next.budget === undefined ? current.budget : next.budget;
          const changed =
            next.title !== current.title ||
            canonicalJson(next.metadata) !== canonicalJson(current.metadata) ||
            budgetChanged(current.budget, budget);
          if (!changed) return { ok: true, session: current, changed: false };
          // Guarded by what `update` read and replaces (title, metadata) and by the session being
          // active: a status change of a run meanwhile is no reason to compute it again. A concurrent
          // update holding the row makes this statement wait, then re-check against what it committed.
          const updated = await tx.one<SessionRow>(
            `UPDATE sessions SET title = $1, metadata = $2, updated_at = $3, budget_max_total_tokens = $8
             WHERE id = $4 AND account_id = $5 AND archived_at IS NULL
               AND title IS NOT DISTINCT FROM $6 AND metadata = $7
               AND budget_max_total_tokens IS NOT DISTINCT FROM $9
             RETURNING ${SESSION_COLUMNS}`,
            [
              next.title,
              JSON.stringify(next.metadata),
              tx.now(),
              id,
              accountId,
              row.title,
              row.metadata,
              budget?.max_total_tokens ?? null,
              row.budget_max_total_tokens,
            ],
          );
          if (!updated) return LOST_RACE;
          await appendEvent(tx, accountId, { id, type: "session.updated" });
          return { ok: true, changed: true, session: toSession(updated) };
        }),
      );
    },

    archiveSession(accountId, id) {
      return ctx.tx(async (tx) => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return null;
        if (row.archived_at) return toSession(row);
        // An archived session runs nothing more: its queued and running turns end first, so no
        // status event follows session.archived.
        await endSessionWork(tx, accountId, row, "session_archived");
        const now = tx.now();
        const archived = await tx.one<SessionRow>(
          `UPDATE sessions SET archived_at = $1, updated_at = $1 WHERE id = $2 RETURNING ${SESSION_COLUMNS}`,
          [now, id],
        );
        if (!archived) throw new Error(`session ${id} vanished while locked`);
        await appendEvent(tx, accountId, { id, type: "session.archived" });
        return toSession(archived);
      });
    },

    deleteSession(accountId, id) {
      return ctx.tx(async (tx) => {
        // Cascades to the history, the threads and the runs: a run in progress finds itself gone
        // and its output is discarded. Deleted meanwhile by another request: not found.
        const deleted = await tx.exec("DELETE FROM sessions WHERE id = $1 AND account_id = $2", [id, accountId]);
        if (deleted === 0) return false;
        await appendEvent(tx, accountId, { id, type: "session.deleted" });
        await runSteps(
          tx,
          settleDeploymentRun(id, {
            status: "failed",
            error: { type: "session_deleted", message: "The run's session was deleted before its first turn ended." },
          }),
        );
        tx.signal("runs");
        return true;
      });
    },

    async appendEvents(accountId, id, events) {
      return (await refusable(ctx, async (tx): Promise<AppendEventsResult> => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "terminated") return { ok: false, reason: "terminated" };
        return { ok: true, events: await appendInTx(tx, accountId, row, events) };
      })) as AppendEventsResult;
    },

    async listEvents(accountId, id, { threadId, page }) {
      if (!(await findRow(ctx, accountId, id))) return null;
      if (threadId !== undefined && !(await getThreadRow(ctx, threadId, id))) return null;
      return keysetList(ctx, {
        select: `SELECT ${EVENT_COLUMNS} FROM session_events WHERE session_id = $1${threadId !== undefined ? " AND session_thread_id = $2" : ""}`,
        params: threadId !== undefined ? [id, threadId] : [id],
        key: "id",
        order: "asc",
        page,
        map: toSessionEvent,
        getId: (e) => e.id,
      });
    },

    async listThreads(accountId, id, page) {
      if (!(await findRow(ctx, accountId, id))) return null;
      return keysetList(ctx, {
        select: `SELECT ${THREAD_COLUMNS} FROM session_threads WHERE session_id = $1`,
        params: [id],
        key: "id",
        order: "desc",
        page,
        map: toThread,
        getId: (t) => t.id,
      });
    },

    async getThread(accountId, id, threadId) {
      if (!(await findRow(ctx, accountId, id))) return null;
      const row = await getThreadRow(ctx, threadId, id);
      return row ? toThread(row) : null;
    },
  };
}
