/**
 * Sessions (port/sessions.ts), written once for both adapters. SQLite runs one writer at a time;
 * on PostgreSQL transactions overlap, so each read that a write depends on is made safe:
 * - createSession reads the agent, the environment and the vaults `{forShare}`: archiving or
 *   deleting one waits until the session is committed (and then sees it), never the reverse.
 * - appendEvents and archiveSession hold the session row (`{lock}`): appends to one session queue
 *   into one run, and nothing is appended to a session being archived.
 * - updateSession is optimistic (`optimistically`): the UPDATE only applies if the title, metadata
 *   and budget its `update` callback was given are still current; else it is computed again from
 *   what the other request committed; one that keeps losing ends as StorageConflictError (409).
 * createSession and appendEvents throw a Refusal to roll everything back: the adapter runs them
 * in a transaction of their own that turns it into the result (sessionState.ts `refusable`).
 */
import { newId } from "../../ids.ts";
import type {
  AgentOverrides,
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
  type SessionEventRow,
  type SessionRow,
  THREAD_COLUMNS,
  type ThreadRow,
  toSession,
  toSessionEvent,
  toThread,
} from "../rows/sessions.ts";
import { budgetChanged } from "../rows/usage.ts";
import { settleFirstTurn } from "./deploymentRuns.ts";
import { list } from "./dialect.ts";
import {
  answerWait,
  endSessionWork,
  insertSessionEvent,
  interruptTurn,
  recordLifecycle,
  waitingRun,
} from "./sessionState.ts";
import {
  all,
  append,
  exec,
  LOST_RACE,
  marks,
  now,
  one,
  optimistically,
  page,
  type StepStore,
  type Steps,
  signal,
} from "./steps.ts";

/** `hold`: keep the row until commit (events are appended, or it is archived). */
const findRow = (accountId: string, id: string, hold = false) =>
  one<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ? AND account_id = ?${hold ? "{lock}" : ""}`, [
    id,
    accountId,
  ]);

const findThread = (threadId: string, sessionId: string, hold = false) =>
  one<ThreadRow>(
    `SELECT ${THREAD_COLUMNS} FROM session_threads WHERE id = ? AND session_id = ?${hold ? "{forUpdate}" : ""}`,
    [threadId, sessionId],
  );

/** The stored form of a session's overrides: canonical JSON, or NULL for none. */
const overridesText = (o: AgentOverrides | null): string | null =>
  o && Object.keys(o).length > 0 ? canonicalJson(o) : null;

/** The queued run of the session (messages sent before it starts join it), or a new one. */
function* queuedRun(accountId: string, sessionId: string): Steps<string> {
  const existing = yield* one<{ id: string }>(
    // A paused turn's run (answered or not) takes no new messages: they are the next turn's.
    `SELECT id FROM runs WHERE session_id = ? AND status = 'queued'
       AND NOT EXISTS (SELECT 1 FROM run_waits w WHERE w.run_id = runs.id)
       AND NOT EXISTS (SELECT 1 FROM session_events e WHERE e.run_id = runs.id
                        AND e.type IN ('user.custom_tool_result', 'user.tool_result', 'user.tool_confirmation'))
     ORDER BY id LIMIT 1`,
    [sessionId],
  );
  if (existing) return existing.id;
  const id = newId("run");
  const at = yield* now();
  yield* exec(
    `INSERT INTO runs (id, account_id, session_id, status, attempts, created_at, updated_at)
     VALUES (?, ?, ?, 'queued', 0, ?, ?)`,
    [id, accountId, sessionId, at, at],
  );
  return id;
}

/** Appends user events in the caller's transaction (the session row held); throws a Refusal to roll everything back. */
function* appendInTx(accountId: string, session: SessionRow, events: UserEventInput[]): Steps<SessionEventRecord[]> {
  const stored: SessionEventRecord[] = [];
  let queued = false;
  for (const [index, event] of events.entries()) {
    if (
      event.type === "user.custom_tool_result" ||
      event.type === "user.tool_result" ||
      event.type === "user.tool_confirmation"
    ) {
      stored.push(yield* answerWait(session.id, event, index));
      continue;
    }
    if (event.type === "user.message" || event.type === "user.define_outcome") {
      const wait = yield* waitingRun(session.id);
      if (wait) throw new Refusal({ ok: false, reason: "requires_action", index, pending: pendingIds(wait) });
      const runId = yield* queuedRun(accountId, session.id);
      stored.push(
        yield* insertSessionEvent(
          event.type === "user.message"
            ? { session_id: session.id, type: "user.message", content: event.content, run_id: runId }
            : {
                session_id: session.id,
                type: "user.define_outcome",
                outcome: {
                  outcome_id: newId("outc"),
                  description: event.description,
                  rubric: event.rubric,
                  max_iterations: event.max_iterations,
                },
                run_id: runId,
              },
        ),
      );
      queued = true;
      continue;
    }
    if (event.session_thread_id === null) {
      stored.push(yield* insertSessionEvent({ session_id: session.id, type: "user.interrupt" }));
      yield* interruptTurn(accountId, session.id);
      continue;
    }
    const thread = yield* findThread(event.session_thread_id, session.id, true);
    if (!thread) throw new Refusal({ ok: false, reason: "thread_not_found", index });
    stored.push(
      yield* insertSessionEvent({ session_id: session.id, session_thread_id: thread.id, type: "user.interrupt" }),
    );
    if (thread.status !== "terminated") {
      yield* exec("UPDATE session_threads SET status = 'terminated', updated_at = ? WHERE id = ?", [
        yield* now(),
        thread.id,
      ]);
      yield* recordLifecycle(accountId, session.id, "session.thread_terminated", thread.id);
      // Wakes the worker, which abandons the thread's run in progress.
      yield* signal("runs");
    }
  }
  if (queued) yield* signal("runs");
  return stored;
}

/** Whether a resource the session uses exists and is active (held `{forShare}` until commit). */
const usable = (table: "agents" | "environments" | "vaults", id: string, accountId: string) =>
  one<{ version?: number; archived_at: string | null }>(
    `SELECT ${table === "agents" ? "version, " : ""}archived_at FROM ${table} WHERE id = ? AND account_id = ?{forShare}`,
    [id, accountId],
  );

export const sessions: StepStore<SessionStore> = {
  createSession: {
    tx: true,
    *steps(accountId, input): Steps<CreateSessionResult> {
      const agent = yield* usable("agents", input.agent.id, accountId);
      if (!agent) return { ok: false, reason: "agent_not_found" };
      if (agent.archived_at) return { ok: false, reason: "agent_archived" };
      const latest = Number(agent.version);
      const version = input.agent.version ?? latest;
      if (version > latest) return { ok: false, reason: "agent_version_not_found" };
      const env = yield* usable("environments", input.environment_id, accountId);
      if (!env) return { ok: false, reason: "environment_not_found" };
      if (env.archived_at) return { ok: false, reason: "environment_archived" };
      for (const [index, vaultId] of input.vault_ids.entries()) {
        const vault = yield* usable("vaults", vaultId, accountId);
        if (!vault) return { ok: false, reason: "vault_not_found", index };
        if (vault.archived_at) return { ok: false, reason: "vault_archived", index };
      }
      const row = newSessionRow(accountId, input, version, yield* now());
      yield* exec(
        // One placeholder per column, counted from the list (a column added there cannot be missed here).
        `INSERT INTO sessions (${SESSION_INSERT_COLUMNS}) VALUES (${SESSION_INSERT_COLUMNS.split(",")
          .map(() => "?")
          .join(", ")})`,
        [
          row.id,
          row.account_id,
          row.agent_id,
          row.agent_version,
          row.agent_overrides,
          row.environment_id,
          row.title,
          row.status,
          row.metadata,
          row.vault_ids,
          row.environment_variables,
          row.budget_max_total_tokens,
          row.budget_max_list_cost_cents,
          row.archived_at,
          row.created_at,
          row.updated_at,
        ],
      );
      yield* append(accountId, { id: row.id, type: "session.created" });
      const events = yield* appendInTx(accountId, row, input.initial_events);
      return { ok: true, session: toSession(row), events };
    },
  },
  getSession: {
    tx: false,
    *steps(accountId, id) {
      const row = yield* findRow(accountId, id);
      return row ? toSession(row) : null;
    },
  },
  listSessions: {
    tx: false,
    steps(accountId, { includeArchived, statuses, agentId, agentVersion, deploymentId, memoryStoreId, page: query }) {
      let select = `SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = ?`;
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND archived_at IS NULL";
      if (statuses && statuses.length > 0) {
        select += " AND {in:status}";
        params.push(list(statuses));
      }
      if (agentId !== undefined) {
        select += " AND agent_id = ?";
        params.push(agentId);
      }
      if (agentVersion !== undefined) {
        select += " AND agent_version = ?";
        params.push(agentVersion);
      }
      // Both through indexed columns of the other table (deployment_runs by deployment, the
      // attachments by store); the page stays keyset on sessions.id.
      if (deploymentId !== undefined) {
        select +=
          " AND id IN (SELECT session_id FROM deployment_runs WHERE deployment_id = ? AND session_id IS NOT NULL)";
        params.push(deploymentId);
      }
      if (memoryStoreId !== undefined) {
        select += " AND id IN (SELECT session_id FROM session_memory_stores WHERE memory_store_id = ?)";
        params.push(memoryStoreId);
      }
      return page({ select, params, key: "id", order: "desc", page: query, map: toSession, getId: (s) => s.id });
    },
  },
  updateSession: {
    tx: true,
    steps: (accountId, id, update) =>
      optimistically(function* (): Steps<SessionUpdateResult | typeof LOST_RACE> {
        const row = yield* findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        const current = toSession(row);
        const next = update(current);
        const budget = next.budget === undefined ? current.budget : next.budget;
        const overrides =
          next.agent_overrides === undefined ? row.agent_overrides : overridesText(next.agent_overrides);
        const overridesChanged = overrides !== row.agent_overrides;
        const changed =
          next.title !== current.title ||
          canonicalJson(next.metadata) !== canonicalJson(current.metadata) ||
          budgetChanged(current.budget, budget) ||
          overridesChanged;
        if (!changed) return { ok: true, session: current, changed: false };
        // The agent's tools and servers change between turns only: a turn runs one configuration.
        if (overridesChanged && row.status !== "idle") return { ok: false, reason: "running" };
        // Guarded by what `update` read and replaces (title, metadata, budget) and by the session
        // being active: a status change of a run meanwhile is no reason to compute it again.
        const updated = yield* one<SessionRow>(
          `UPDATE sessions SET title = ?, metadata = ?, budget_max_total_tokens = ?, budget_max_list_cost_cents = ?,
             agent_overrides = ?, updated_at = ?
           WHERE id = ? AND account_id = ? AND archived_at IS NULL
             AND title {is} ? AND metadata = ? AND budget_max_total_tokens {is} ? AND budget_max_list_cost_cents {is} ?
             AND agent_overrides {is} ?${overridesChanged ? " AND status = 'idle'" : ""}
           RETURNING ${SESSION_COLUMNS}`,
          [
            next.title,
            JSON.stringify(next.metadata),
            budget?.max_total_tokens ?? null,
            budget?.max_list_cost_cents ?? null,
            overrides,
            yield* now(),
            id,
            accountId,
            row.title,
            row.metadata,
            row.budget_max_total_tokens,
            row.budget_max_list_cost_cents,
            row.agent_overrides,
          ],
        );
        if (!updated) return LOST_RACE;
        yield* append(accountId, { id, type: "session.updated" });
        return { ok: true, changed: true, session: toSession(updated) };
      }),
  },
  archiveSession: {
    tx: true,
    *steps(accountId, id) {
      const row = yield* findRow(accountId, id, true);
      if (!row) return null;
      if (row.archived_at) return toSession(row);
      // An archived session runs nothing more: its queued and running turns end first, so no
      // status event follows session.archived.
      yield* endSessionWork(accountId, row, "session_archived");
      const at = yield* now();
      const archived = yield* one<SessionRow>(
        `UPDATE sessions SET archived_at = ?, updated_at = ? WHERE id = ? RETURNING ${SESSION_COLUMNS}`,
        [at, at, id],
      );
      if (!archived) throw new Error(`session ${id} vanished while held`);
      yield* append(accountId, { id, type: "session.archived" });
      return toSession(archived);
    },
  },
  deleteSession: {
    tx: true,
    *steps(accountId, id) {
      // Cascades to the history, the threads and the runs: a run in progress finds itself gone
      // and its output is discarded. Deleted meanwhile by another request: not found.
      if ((yield* exec("DELETE FROM sessions WHERE id = ? AND account_id = ?", [id, accountId])) === 0) return false;
      yield* append(accountId, { id, type: "session.deleted" });
      yield* settleFirstTurn(id, {
        status: "failed",
        error: { type: "session_deleted", message: "The run's session was deleted before its first turn ended." },
      });
      yield* signal("runs");
      return true;
    },
  },
  appendEvents: {
    tx: true,
    *steps(accountId, id, events): Steps<AppendEventsResult> {
      const row = yield* findRow(accountId, id, true);
      if (!row) return { ok: false, reason: "not_found" };
      if (row.archived_at) return { ok: false, reason: "archived" };
      if (row.status === "terminated") return { ok: false, reason: "terminated" };
      return { ok: true, events: yield* appendInTx(accountId, row, events) };
    },
  },
  listEvents: {
    tx: false,
    *steps(accountId, id, { threadId, page: query }) {
      if (!(yield* findRow(accountId, id))) return null;
      if (threadId !== undefined && !(yield* findThread(threadId, id))) return null;
      return yield* page({
        select: `SELECT ${EVENT_COLUMNS} FROM session_events WHERE session_id = ?${threadId !== undefined ? " AND session_thread_id = ?" : ""}`,
        params: threadId !== undefined ? [id, threadId] : [id],
        key: "id",
        order: "asc",
        page: query,
        map: toSessionEvent,
        getId: (e) => e.id,
      });
    },
  },
  outcomeEvents: {
    tx: false,
    *steps(accountId, ids) {
      if (ids.length === 0) return [];
      // Through the partial index of migration 027: a long history is not scanned.
      const rows = yield* all<SessionEventRow>(
        `SELECT ${EVENT_COLUMNS} FROM session_events{indexed:session_events_outcomes}
         WHERE session_id IN (${marks(ids.length)})
           AND type IN ('user.define_outcome', 'span.outcome_evaluation_start', 'span.outcome_evaluation_end')
           AND session_id IN (SELECT id FROM sessions WHERE account_id = ?)
         ORDER BY session_id, id`,
        [...ids, accountId],
      );
      return rows.map(toSessionEvent);
    },
  },
  listThreads: {
    tx: false,
    *steps(accountId, id, query) {
      if (!(yield* findRow(accountId, id))) return null;
      return yield* page({
        select: `SELECT ${THREAD_COLUMNS} FROM session_threads WHERE session_id = ?`,
        params: [id],
        key: "id",
        order: "desc",
        page: query,
        map: toThread,
        getId: (t) => t.id,
      });
    },
  },
  getThread: {
    tx: false,
    *steps(accountId, id, threadId) {
      if (!(yield* findRow(accountId, id))) return null;
      const row = yield* findThread(threadId, id);
      return row ? toThread(row) : null;
    },
  },
  archiveThread: {
    tx: true,
    *steps(accountId, id, threadId) {
      if (!(yield* findRow(accountId, id))) return { ok: false, reason: "not_found" } as const;
      // Held: the run worker's beginThread reads the row in its own transaction, so a thread is
      // either archived before it starts (and then never runs) or running (and then refused here).
      const row = yield* findThread(threadId, id, true);
      if (!row) return { ok: false, reason: "not_found" } as const;
      if (row.status === "running") return { ok: false, reason: "running" } as const;
      if (row.archived_at) return { ok: true, thread: toThread(row) } as const;
      const at = yield* now();
      yield* exec("UPDATE session_threads SET archived_at = ?, updated_at = ? WHERE id = ?", [at, at, row.id]);
      return { ok: true, thread: toThread({ ...row, archived_at: at, updated_at: at }) } as const;
    },
  },
};
