import { newId } from "../../ids.ts";
import type { AgentRecord, AgentStore } from "../port/agents.ts";
import { type AgentRow, type AgentVersionJoinRow, newAgentRecord, SELECT_JOINED, toAgent } from "../rows/agents.ts";
import { canonicalJson } from "../rows/json.ts";
import type { SessionRow } from "../rows/sessions.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";
import { endSessionWork } from "./sessionState.ts";

/** Reads an agent at a version (default the latest) of an account; shared with the session and run stores. */
export function readAgent(
  ctx: SqliteContext,
  accountId: string,
  agentId: string,
  version?: number,
): AgentRecord | null {
  const row = ctx.db
    .prepare(
      `${SELECT_JOINED} AND v.version = ${version === undefined ? "a.version" : "?"} WHERE a.id = ? AND a.account_id = ?`,
    )
    .get(...(version === undefined ? [] : [version]), agentId, accountId) as AgentVersionJoinRow | undefined;
  return row ? toAgent(row) : null;
}

export function createAgentStore(ctx: SqliteContext): AgentStore {
  const { db } = ctx;
  const getRow = db.prepare("SELECT * FROM agents WHERE id = ? AND account_id = ?");
  const findRow = (accountId: string, agentId: string) => getRow.get(agentId, accountId) as AgentRow | undefined;
  const insertVersion = db.prepare(
    "INSERT INTO agent_versions (agent_id, version, config, created_at) VALUES (?, ?, ?, ?)",
  );

  return {
    createAgent(accountId, config) {
      return ctx.tx(() => {
        const now = ctx.now();
        const id = newId("agent");
        db.prepare(
          "INSERT INTO agents (id, account_id, version, archived_at, created_at, updated_at) VALUES (?, ?, 1, NULL, ?, ?)",
        ).run(id, accountId, now, now);
        insertVersion.run(id, 1, JSON.stringify(config), now);
        appendEvent(ctx, accountId, { id, type: "agent.created", version: 1 });
        return newAgentRecord(id, accountId, config, now);
      });
    },

    getAgent(accountId, agentId, version) {
      return readAgent(ctx, accountId, agentId, version);
    },

    listAgents(accountId, { includeArchived, page }) {
      return keysetList(db, {
        select: `${SELECT_JOINED} AND v.version = a.version WHERE a.account_id = ?${includeArchived ? "" : " AND a.archived_at IS NULL"}`,
        params: [accountId],
        key: "a.id",
        order: "desc",
        createdAtColumn: "a.created_at",
        page,
        map: toAgent,
        getId: (a) => a.id,
      });
    },

    listAgentVersions(accountId, agentId, page) {
      if (!findRow(accountId, agentId)) return null;
      return keysetList(db, {
        select: `${SELECT_JOINED} WHERE a.id = ? AND a.account_id = ?`,
        params: [agentId, accountId],
        // The cursor is a version number sent as text; SQLite compares it numerically with the
        // INTEGER column (numeric affinity), so "10" sorts after "9".
        key: "v.version",
        order: "desc",
        page,
        map: toAgent,
        getId: (a) => String(a.version),
      });
    },

    updateAgent(accountId, agentId, expectedVersion, update) {
      return ctx.tx(() => {
        const row = findRow(accountId, agentId);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        if (row.version !== expectedVersion) {
          return { ok: false, reason: "version_mismatch", current_version: row.version } as const;
        }
        const current = readAgent(ctx, accountId, agentId) as AgentRecord;
        const next = update(current);
        if (canonicalJson(next) === canonicalJson(current.config)) {
          return { ok: true, agent: current, changed: false } as const;
        }
        const now = ctx.now();
        const version = row.version + 1;
        insertVersion.run(agentId, version, JSON.stringify(next), now);
        db.prepare("UPDATE agents SET version = ?, updated_at = ? WHERE id = ?").run(version, now, agentId);
        appendEvent(ctx, accountId, { id: agentId, type: "agent.updated", version });
        return {
          ok: true,
          changed: true,
          agent: { ...current, version, latest_version: version, config: next, updated_at: now },
        } as const;
      });
    },

    archiveAgent(accountId, agentId) {
      return ctx.tx(() => {
        const row = findRow(accountId, agentId);
        if (!row) return null;
        if (!row.archived_at) {
          const now = ctx.now();
          db.prepare("UPDATE agents SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, agentId);
          appendEvent(ctx, accountId, { id: agentId, type: "agent.archived", version: row.version });
        }
        return readAgent(ctx, accountId, agentId);
      });
    },

    deleteAgent(accountId, agentId) {
      return ctx.tx(() => {
        const row = findRow(accountId, agentId);
        if (!row) return false;
        const now = ctx.now();
        // Its sessions can no longer run: their queued and running turns end (threads idled,
        // session.status_idled for a session that was running), then they are terminated.
        const active = db
          .prepare(
            `SELECT * FROM sessions WHERE account_id = ? AND agent_id = ?
               AND id IN (SELECT session_id FROM runs WHERE status IN ('queued', 'running'))
             ORDER BY id`,
          )
          .all(accountId, agentId) as SessionRow[];
        for (const session of active) endSessionWork(ctx, accountId, session, "agent_deleted");
        db.prepare(
          `UPDATE sessions SET status = 'terminated', updated_at = ?
           WHERE account_id = ? AND agent_id = ? AND status <> 'terminated'`,
        ).run(now, accountId, agentId);
        db.prepare("DELETE FROM agents WHERE id = ?").run(agentId);
        appendEvent(ctx, accountId, { id: agentId, type: "agent.deleted", version: row.version });
        ctx.signal("runs");
        return true;
      });
    },
  };
}
