/**
 * Agents and their versions (port/agents.ts), written once for both adapters, but for deleting an
 * agent (it ends its sessions' work: each adapter's sessionState.ts). An update is an optimistic
 * write: the new version is written only `WHERE version = <expected>`, so of two replicas
 * updating the same version at once one wins and the other answers version_mismatch (409), as it
 * would had it come second.
 */
import { newId } from "../../ids.ts";
import type { AgentRecord, AgentStore, AgentUpdateResult } from "../port/agents.ts";
import { type AgentRow, type AgentVersionJoinRow, newAgentRecord, SELECT_JOINED, toAgent } from "../rows/agents.ts";
import { canonicalJson } from "../rows/json.ts";
import type { SessionRow } from "../rows/sessions.ts";
import { recordLifecycle } from "./sessionState.ts";
import { all, append, exec, now, one, page, type StepStore, type Steps, signal } from "./steps.ts";

/** An agent at a version (default the latest) of an account; the session and run stores read it too. */
export function* readAgent(accountId: string, agentId: string, version?: number): Steps<AgentRecord | null> {
  const row = yield* one<AgentVersionJoinRow>(
    `${SELECT_JOINED} AND v.version = ${version === undefined ? "a.version" : "?"} WHERE a.id = ? AND a.account_id = ?`,
    [...(version === undefined ? [] : [version]), agentId, accountId],
  );
  return row ? toAgent(row) : null;
}

/** `lock`: a row lock token (`{forUpdate}`) held until commit. */
const findAgentRow = (accountId: string, agentId: string, lock = "") =>
  one<AgentRow>(`SELECT * FROM agents WHERE id = ? AND account_id = ?${lock}`, [agentId, accountId]);

const insertVersion = (agentId: string, version: number, config: unknown, at: string) =>
  exec("INSERT INTO agent_versions (agent_id, version, config, created_at) VALUES (?, ?, ?, ?)", [
    agentId,
    version,
    JSON.stringify(config),
    at,
  ]);

/** Why an update was refused, as the row stands now. */
function* refusal(accountId: string, agentId: string): Steps<AgentUpdateResult> {
  const row = yield* findAgentRow(accountId, agentId);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.archived_at) return { ok: false, reason: "archived" };
  return { ok: false, reason: "version_mismatch", current_version: row.version };
}

export const agents: StepStore<Omit<AgentStore, "deleteAgent">> = {
  createAgent: {
    tx: true,
    *steps(accountId, config) {
      const at = yield* now();
      const id = newId("agent");
      yield* exec(
        "INSERT INTO agents (id, account_id, version, archived_at, created_at, updated_at) VALUES (?, ?, 1, NULL, ?, ?)",
        [id, accountId, at, at],
      );
      yield* insertVersion(id, 1, config, at);
      yield* append(accountId, { id, type: "agent.created", version: 1 });
      return newAgentRecord(id, accountId, config, at);
    },
  },
  getAgent: { tx: false, steps: readAgent },
  getAgentVersions: {
    tx: false,
    *steps(accountId, refs) {
      if (refs.length === 0) return [];
      const match = refs
        .map((r) => (r.version === undefined ? "(a.id = ? AND v.version = a.version)" : "(a.id = ? AND v.version = ?)"))
        .join(" OR ");
      const rows = yield* all<AgentVersionJoinRow>(`${SELECT_JOINED} WHERE a.account_id = ? AND (${match})`, [
        accountId,
        ...refs.flatMap((r) => (r.version === undefined ? [r.id] : [r.id, r.version])),
      ]);
      return rows.map(toAgent);
    },
  },
  listAgents: {
    tx: false,
    steps: (accountId, { includeArchived, page: query }) =>
      page({
        select: `${SELECT_JOINED} AND v.version = a.version WHERE a.account_id = ?${includeArchived ? "" : " AND a.archived_at IS NULL"}`,
        params: [accountId],
        key: "a.id",
        order: "desc",
        createdAtColumn: "a.created_at",
        page: query,
        map: toAgent,
        getId: (a) => a.id,
      }),
  },
  listAgentVersions: {
    tx: false,
    *steps(accountId, agentId, query) {
      if (!(yield* findAgentRow(accountId, agentId))) return null;
      return yield* page({
        select: `${SELECT_JOINED} WHERE a.id = ? AND a.account_id = ?`,
        params: [agentId, accountId],
        // The cursor is a version number sent as text; both databases compare it as the INTEGER
        // column's type (SQLite's numeric affinity, PostgreSQL's parameter typing): "10" sorts after "9".
        key: "v.version",
        order: "desc",
        page: query,
        map: toAgent,
        getId: (a) => String(a.version),
      });
    },
  },
  updateAgent: {
    tx: true,
    *steps(accountId, agentId, expectedVersion, update): Steps<AgentUpdateResult> {
      const current = yield* readAgent(accountId, agentId);
      if (!current || current.archived_at || current.version !== expectedVersion) {
        return yield* refusal(accountId, agentId);
      }
      const next = update(current);
      if (canonicalJson(next) === canonicalJson(current.config)) return { ok: true, agent: current, changed: false };
      const at = yield* now();
      const version = current.version + 1;
      // The optimistic write: it takes the row only at the version the update was computed from
      // (a concurrent update that committed first moved it on; an archive or delete took it away).
      const claimed = yield* exec(
        `UPDATE agents SET version = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND version = ? AND archived_at IS NULL`,
        [version, at, agentId, accountId, current.version],
      );
      if (claimed === 0) return yield* refusal(accountId, agentId);
      yield* insertVersion(agentId, version, next, at);
      yield* append(accountId, { id: agentId, type: "agent.updated", version });
      return {
        ok: true,
        changed: true,
        agent: { ...current, version, latest_version: version, config: next, updated_at: at },
      };
    },
  },
  archiveAgent: {
    tx: true,
    *steps(accountId, agentId) {
      const at = yield* now();
      // Only the first archive (of concurrent ones too) emits agent.archived.
      const archived = yield* one<{ version: number }>(
        `UPDATE agents SET archived_at = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND archived_at IS NULL RETURNING version`,
        [at, at, agentId, accountId],
      );
      if (archived) yield* append(accountId, { id: agentId, type: "agent.archived", version: archived.version });
      return yield* readAgent(accountId, agentId);
    },
  },
};

/**
 * Deleting an agent, first half: its row (held until commit: concurrent deletes find nothing,
 * updates find it gone) and its sessions with a queued or running turn, whose work the adapter
 * then ends (sessionState.ts endSessionWork). Null when there is no such agent.
 */
export function* agentToDelete(
  accountId: string,
  agentId: string,
): Steps<{ version: number; active: SessionRow[] } | null> {
  const row = yield* findAgentRow(accountId, agentId, "{forUpdate}");
  if (!row) return null;
  const active = yield* all<SessionRow>(
    `SELECT * FROM sessions WHERE account_id = ? AND agent_id = ?
       AND id IN (SELECT session_id FROM runs WHERE status IN ('queued', 'running'))
     ORDER BY id{forUpdate}`,
    [accountId, agentId],
  );
  return { version: row.version, active };
}

/** Deleting an agent, second half (its sessions' work ended): the sessions terminated, the agent gone. */
export function* removeAgent(accountId: string, agentId: string, version: number): Steps<void> {
  const ending = yield* all<{ id: string }>(
    "SELECT id FROM sessions WHERE account_id = ? AND agent_id = ? AND status <> 'terminated' ORDER BY id",
    [accountId, agentId],
  );
  yield* exec(
    `UPDATE sessions SET status = 'terminated', updated_at = ?
     WHERE account_id = ? AND agent_id = ? AND status <> 'terminated'`,
    [yield* now(), accountId, agentId],
  );
  // Each session can never run again: session.status_terminated in its history and the outbox.
  for (const s of ending) yield* recordLifecycle(accountId, s.id, "session.status_terminated");
  yield* exec("DELETE FROM agents WHERE id = ?", [agentId]);
  yield* append(accountId, { id: agentId, type: "agent.deleted", version });
  yield* signal("runs");
}
