import { newId } from "../../ids.ts";
import type {
  AppendEventsResult,
  CreateSessionResult,
  SessionEventRecord,
  SessionStore,
  ThreadRecord,
  UserEventInput,
} from "../port/sessions.ts";
import { canonicalJson } from "../rows/json.ts";
import { pendingIds } from "../rows/pendingActions.ts";
import {
  newSessionRow,
  Refusal,
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
