import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type {
  AppendEventsResult,
  CreateSessionResult,
  SessionEventRecord,
  SessionStore,
  SessionUpdateResult,
  UserEventInput,
} from "../port/sessions.ts";
import { canonicalJson } from "../rows/json.ts";
import { pendingIds } from "../rows/pendingActions.ts";
import {
  EVENT_COLUMNS,
  newSessionRow,
  Refusal,
  SESSION_COLUMNS,
  SESSION_INSERT_COLUMNS,
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
import {
  answerWait,
  endSessionWork,
  insertSessionEvent,
  interruptTurn,
  recordLifecycle,
  refusable,
  waitingRun,
} from "./sessionState.ts";
import { runSteps } from "./steps.ts";

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
