import { newId } from "../../ids.ts";
import type {
  AppendEventsResult,
  CreateSessionResult,
  SessionEventRecord,
  SessionStatus,
  SessionStore,
  StopReason,
  ThreadRecord,
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
  endedWorkError,
  type LifecycleKind,
  type NewSessionEvent,
  newSessionEventRow,
  newSessionRow,
  Refusal,
  type SessionEventRow,
  type SessionRow,
  type ThreadRow,
  toSession,
  toSessionEvent,
  toThread,
} from "../rows/sessions.ts";
import { budgetChanged } from "../rows/usage.ts";
import { settleDeploymentRun } from "../shared/deploymentRuns.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";
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
function interruptTurn(ctx: SqliteContext, accountId: string, session: SessionRow): void {
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
function answerWait(ctx: SqliteContext, session: SessionRow, event: AnswerInput, index: number): SessionEventRecord {
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

function refusable<T>(ctx: SqliteContext, fn: () => T): T | Refusal["result"] {
  try {
    return ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}

export function createSessionStore(ctx: SqliteContext): SessionStore {
  const { db } = ctx;
  const getRow = db.prepare("SELECT * FROM sessions WHERE id = ? AND account_id = ?");
  const findRow = (accountId: string, id: string) => getRow.get(id, accountId) as SessionRow | undefined;
  const getThreadRow = db.prepare("SELECT * FROM session_threads WHERE id = ? AND session_id = ?");

  /** The queued run of the session (messages sent before it starts join it), or a new one. */
  function queuedRun(accountId: string, sessionId: string): string {
    const existing = db
      // A paused turn's run (answered or not) takes no new messages: they are the next turn's.
      .prepare(
        `SELECT id FROM runs WHERE session_id = ? AND status = 'queued'
           AND NOT EXISTS (SELECT 1 FROM run_waits w WHERE w.run_id = runs.id)
           AND NOT EXISTS (SELECT 1 FROM session_events e WHERE e.run_id = runs.id
                            AND e.type IN ('user.custom_tool_result', 'user.tool_confirmation'))
         ORDER BY id LIMIT 1`,
      )
      .get(sessionId) as { id: string } | undefined;
    if (existing) return existing.id;
    const id = newId("run");
    const now = ctx.now();
    db.prepare(
      `INSERT INTO runs (id, account_id, session_id, status, attempts, created_at, updated_at)
       VALUES (?, ?, ?, 'queued', 0, ?, ?)`,
    ).run(id, accountId, sessionId, now, now);
    return id;
  }

  /** Appends user events inside the caller's transaction; throws a Refusal to roll everything back. */
  function appendInTx(accountId: string, session: SessionRow, events: UserEventInput[]): SessionEventRecord[] {
    const stored: SessionEventRecord[] = [];
    let queued = false;
    events.forEach((event, index) => {
      if (event.type === "user.custom_tool_result" || event.type === "user.tool_confirmation") {
        stored.push(answerWait(ctx, session, event, index));
        return;
      }
      if (event.type === "user.message") {
        const wait = waitingRun(ctx, session.id);
        if (wait) throw new Refusal({ ok: false, reason: "requires_action", index, pending: pendingIds(wait) });
        const runId = queuedRun(accountId, session.id);
        stored.push(
          insertSessionEvent(ctx, {
            session_id: session.id,
            type: "user.message",
            content: event.content,
            run_id: runId,
          }),
        );
        queued = true;
        return;
      }
      if (event.session_thread_id === null) {
        stored.push(insertSessionEvent(ctx, { session_id: session.id, type: "user.interrupt" }));
        // The session's row as this transaction sees it (earlier events may have changed it).
        interruptTurn(
          ctx,
          accountId,
          (db.prepare("SELECT * FROM sessions WHERE id = ?").get(session.id) as SessionRow) ?? session,
        );
        return;
      }
      const thread = getThreadRow.get(event.session_thread_id, session.id) as ThreadRecord | undefined;
      if (!thread) throw new Refusal({ ok: false, reason: "thread_not_found", index });
      stored.push(
        insertSessionEvent(ctx, { session_id: session.id, session_thread_id: thread.id, type: "user.interrupt" }),
      );
      if (thread.status !== "terminated") {
        db.prepare("UPDATE session_threads SET status = 'terminated', updated_at = ? WHERE id = ?").run(
          ctx.now(),
          thread.id,
        );
        recordLifecycle(ctx, accountId, session.id, "session.thread_terminated", thread.id);
        // Wakes the worker, which abandons the thread's run in progress.
        ctx.signal("runs");
      }
    });
    if (queued) ctx.signal("runs");
    return stored;
  }

  return {
    createSession(accountId, input) {
      return refusable(ctx, (): CreateSessionResult => {
        const agent = db
          .prepare("SELECT version, archived_at FROM agents WHERE id = ? AND account_id = ?")
          .get(input.agent.id, accountId) as { version: number; archived_at: string | null } | undefined;
        if (!agent) return { ok: false, reason: "agent_not_found" };
        if (agent.archived_at) return { ok: false, reason: "agent_archived" };
        const version = input.agent.version ?? agent.version;
        if (version > agent.version) return { ok: false, reason: "agent_version_not_found" };
        const env = db
          .prepare("SELECT archived_at FROM environments WHERE id = ? AND account_id = ?")
          .get(input.environment_id, accountId) as { archived_at: string | null } | undefined;
        if (!env) return { ok: false, reason: "environment_not_found" };
        if (env.archived_at) return { ok: false, reason: "environment_archived" };
        const vaultQuery = db.prepare("SELECT archived_at FROM vaults WHERE id = ? AND account_id = ?");
        for (const [index, vaultId] of input.vault_ids.entries()) {
          const vault = vaultQuery.get(vaultId, accountId) as { archived_at: string | null } | undefined;
          if (!vault) return { ok: false, reason: "vault_not_found", index };
          if (vault.archived_at) return { ok: false, reason: "vault_archived", index };
        }
        const now = ctx.now();
        const row = newSessionRow(accountId, input, version, now);
        db.prepare(
          `INSERT INTO sessions (id, account_id, agent_id, agent_version, environment_id, title, status, metadata,
             vault_ids, environment_variables, budget_max_total_tokens, archived_at, created_at, updated_at)
           VALUES (@id, @account_id, @agent_id, @agent_version, @environment_id, @title, @status, @metadata,
             @vault_ids, @environment_variables, @budget_max_total_tokens, @archived_at, @created_at, @updated_at)`,
        ).run(row);
        appendEvent(ctx, accountId, { id: row.id, type: "session.created" });
        const events = appendInTx(accountId, row, input.initial_events);
        return { ok: true, session: toSession(row), events };
      });
    },

    getSession(accountId, id) {
      const row = findRow(accountId, id);
      return row ? toSession(row) : null;
    },

    listSessions(accountId, { includeArchived, statuses, agentId, page }) {
      let select = "SELECT * FROM sessions WHERE account_id = ?";
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND archived_at IS NULL";
      if (statuses && statuses.length > 0) {
        select += ` AND status IN (${statuses.map(() => "?").join(", ")})`;
        params.push(...statuses);
      }
      if (agentId !== undefined) {
        select += " AND agent_id = ?";
        params.push(agentId);
      }
      return keysetList(db, { select, params, key: "id", order: "desc", page, map: toSession, getId: (s) => s.id });
    },

    updateSession(accountId, id, update) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        const current = toSession(row);
        const next = update(current);
        const budget = next.budget === undefined ? current.budget : next.budget;
        const changed =
          next.title !== current.title ||
          canonicalJson(next.metadata) !== canonicalJson(current.metadata) ||
          budgetChanged(current.budget, budget);
        if (!changed) return { ok: true, session: current, changed: false } as const;
        const now = ctx.now();
        db.prepare(
          "UPDATE sessions SET title = ?, metadata = ?, budget_max_total_tokens = ?, updated_at = ? WHERE id = ?",
        ).run(next.title, JSON.stringify(next.metadata), budget?.max_total_tokens ?? null, now, id);
        appendEvent(ctx, accountId, { id, type: "session.updated" });
        return {
          ok: true,
          changed: true,
          session: { ...current, title: next.title, metadata: next.metadata, budget, updated_at: now },
        } as const;
      });
    },

    archiveSession(accountId, id) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return null;
        if (row.archived_at) return toSession(row);
        // An archived session runs nothing more: its queued and running turns end first, so no
        // status event follows session.archived.
        endSessionWork(ctx, accountId, row, "session_archived");
        const now = ctx.now();
        db.prepare("UPDATE sessions SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, id);
        appendEvent(ctx, accountId, { id, type: "session.archived" });
        return toSession({ ...(findRow(accountId, id) as SessionRow), archived_at: now, updated_at: now });
      });
    },

    deleteSession(accountId, id) {
      return ctx.tx(() => {
        if (!findRow(accountId, id)) return false;
        // Cascades to the history, the threads and the runs: a run in progress finds itself gone
        // and its output is discarded.
        db.prepare("DELETE FROM sessions WHERE id = ?").run(id);
        appendEvent(ctx, accountId, { id, type: "session.deleted" });
        runSteps(
          ctx,
          settleDeploymentRun(id, {
            status: "failed",
            error: { type: "session_deleted", message: "The run's session was deleted before its first turn ended." },
          }),
        );
        ctx.signal("runs");
        return true;
      });
    },

    appendEvents(accountId, id, events): AppendEventsResult {
      return refusable(ctx, (): AppendEventsResult => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "terminated") return { ok: false, reason: "terminated" };
        return { ok: true, events: appendInTx(accountId, row, events) };
      }) as AppendEventsResult;
    },

    listEvents(accountId, id, { threadId, page }) {
      if (!findRow(accountId, id)) return null;
      if (threadId !== undefined && !getThreadRow.get(threadId, id)) return null;
      return keysetList(db, {
        select: `SELECT * FROM session_events WHERE session_id = ?${threadId !== undefined ? " AND session_thread_id = ?" : ""}`,
        params: threadId !== undefined ? [id, threadId] : [id],
        key: "id",
        order: "asc",
        page,
        map: toSessionEvent,
        getId: (e) => e.id,
      });
    },

    listThreads(accountId, id, page) {
      if (!findRow(accountId, id)) return null;
      return keysetList(db, {
        select: "SELECT * FROM session_threads WHERE session_id = ?",
        params: [id],
        key: "id",
        order: "desc",
        page,
        map: toThread,
        getId: (t) => t.id,
      });
    },

    getThread(accountId, id, threadId) {
      if (!findRow(accountId, id)) return null;
      const row = getThreadRow.get(threadId, id) as ThreadRow | undefined;
      return row ? toThread(row) : null;
    },
  };
}
