import { newId } from "../../ids.ts";
import type { AgentRecord, AgentStore, AgentUpdateResult } from "../port/agents.ts";
import type { Async } from "../port/index.ts";
import { type AgentRow, type AgentVersionJoinRow, newAgentRecord, SELECT_JOINED, toAgent } from "../rows/agents.ts";
import { canonicalJson } from "../rows/json.ts";
import type { SessionRow } from "../rows/sessions.ts";
import type { PgContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";
import { endSessionWork } from "./sessionState.ts";

/** Reads an agent at a version (default the latest) of an account; shared with the session and run stores. */
export async function readAgent(
  ctx: PgContext,
  accountId: string,
  agentId: string,
  version?: number,
): Promise<AgentRecord | null> {
  const row =
    version === undefined
      ? await ctx.one<AgentVersionJoinRow>(
          `${SELECT_JOINED} AND v.version = a.version WHERE a.id = $1 AND a.account_id = $2`,
          [agentId, accountId],
        )
      : await ctx.one<AgentVersionJoinRow>(
          `${SELECT_JOINED} AND v.version = $3 WHERE a.id = $1 AND a.account_id = $2`,
          [agentId, accountId, version],
        );
  return row ? toAgent(row) : null;
}

const findRow = (ctx: PgContext, accountId: string, agentId: string, lock = "") =>
  ctx.one<AgentRow>(`SELECT * FROM agents WHERE id = $1 AND account_id = $2${lock}`, [agentId, accountId]);

/**
 * Agents and their versions; the same behaviour as the SQLite adapter's (sqlite/agents.ts). An
 * update is an optimistic write: the new version is written only `WHERE version = <expected>`, so
 * of two replicas updating the same version at once one wins and the other answers
 * version_mismatch (409), as it would had it come second.
 */
export function createAgentStore(ctx: PgContext): Async<AgentStore> {
  return {
    createAgent(accountId, config) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        const id = newId("agent");
        await tx.exec(
          "INSERT INTO agents (id, account_id, version, archived_at, created_at, updated_at) VALUES ($1, $2, 1, NULL, $3, $3)",
          [id, accountId, now],
        );
        await tx.exec("INSERT INTO agent_versions (agent_id, version, config, created_at) VALUES ($1, 1, $2, $3)", [
          id,
          JSON.stringify(config),
          now,
        ]);
        await appendEvent(tx, accountId, { id, type: "agent.created", version: 1 });
        return newAgentRecord(id, accountId, config, now);
      });
    },

    getAgent(accountId, agentId, version) {
      return readAgent(ctx, accountId, agentId, version);
    },

    listAgents(accountId, { includeArchived, page }) {
      return keysetList(ctx, {
        select: `${SELECT_JOINED} AND v.version = a.version WHERE a.account_id = $1${includeArchived ? "" : " AND a.archived_at IS NULL"}`,
        params: [accountId],
        key: "a.id",
        order: "desc",
        createdAtColumn: "a.created_at",
        page,
        map: toAgent,
        getId: (a) => a.id,
      });
    },

    async listAgentVersions(accountId, agentId, page) {
      if (!(await findRow(ctx, accountId, agentId))) return null;
      return keysetList(ctx, {
        select: `${SELECT_JOINED} WHERE a.id = $1 AND a.account_id = $2`,
        params: [agentId, accountId],
        // The cursor is a version number sent as text; PostgreSQL reads the parameter as the
        // column's type (integer), so "10" sorts after "9" as on SQLite.
        key: "v.version",
        order: "desc",
        page,
        map: toAgent,
        getId: (a) => String(a.version),
      });
    },

    updateAgent(accountId, agentId, expectedVersion, update) {
      return ctx.tx(async (tx): Promise<AgentUpdateResult> => {
        const refusal = async (): Promise<AgentUpdateResult> => {
          const row = await findRow(tx, accountId, agentId);
          if (!row) return { ok: false, reason: "not_found" };
          if (row.archived_at) return { ok: false, reason: "archived" };
          return { ok: false, reason: "version_mismatch", current_version: row.version };
        };
        const current = await readAgent(tx, accountId, agentId);
        if (!current || current.archived_at || current.version !== expectedVersion) return refusal();
        const next = update(current);
        if (canonicalJson(next) === canonicalJson(current.config)) {
          return { ok: true, agent: current, changed: false };
        }
        const now = tx.now();
        const version = current.version + 1;
        // The optimistic write: it takes the row only at the version the update was computed from
        // (a concurrent update that committed first moved it on; an archive or delete took it away).
        const claimed = await tx.exec(
          `UPDATE agents SET version = $1, updated_at = $2
           WHERE id = $3 AND account_id = $4 AND version = $5 AND archived_at IS NULL`,
          [version, now, agentId, accountId, current.version],
        );
        if (claimed === 0) return refusal();
        await tx.exec("INSERT INTO agent_versions (agent_id, version, config, created_at) VALUES ($1, $2, $3, $4)", [
          agentId,
          version,
          JSON.stringify(next),
          now,
        ]);
        await appendEvent(tx, accountId, { id: agentId, type: "agent.updated", version });
        return {
          ok: true,
          changed: true,
          agent: { ...current, version, latest_version: version, config: next, updated_at: now },
        };
      });
    },

    archiveAgent(accountId, agentId) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        // Only the first archive (of concurrent ones too) emits agent.archived.
        const archived = await tx.one<{ version: number }>(
          `UPDATE agents SET archived_at = $1, updated_at = $1
           WHERE id = $2 AND account_id = $3 AND archived_at IS NULL RETURNING version`,
          [now, agentId, accountId],
        );
        if (archived)
          await appendEvent(tx, accountId, { id: agentId, type: "agent.archived", version: archived.version });
        return readAgent(tx, accountId, agentId);
      });
    },

    deleteAgent(accountId, agentId) {
      return ctx.tx(async (tx) => {
        // The row lock orders concurrent deletes (the second finds nothing) and updates (they find it gone).
        const row = await findRow(tx, accountId, agentId, " FOR UPDATE");
        if (!row) return false;
        const now = tx.now();
        // Its sessions can no longer run: their queued and running turns end (threads idled,
        // session.status_idled for a session that was running), then they are terminated.
        const active = await tx.query<SessionRow>(
          `SELECT * FROM sessions WHERE account_id = $1 AND agent_id = $2
             AND id IN (SELECT session_id FROM runs WHERE status IN ('queued', 'running'))
           ORDER BY id FOR UPDATE`,
          [accountId, agentId],
        );
        for (const session of active) await endSessionWork(tx, accountId, session, "agent_deleted");
        await tx.exec(
          `UPDATE sessions SET status = 'terminated', updated_at = $1
           WHERE account_id = $2 AND agent_id = $3 AND status <> 'terminated'`,
          [now, accountId, agentId],
        );
        await tx.exec("DELETE FROM agents WHERE id = $1", [agentId]);
        await appendEvent(tx, accountId, { id: agentId, type: "agent.deleted", version: row.version });
        tx.signal("runs");
        return true;
      });
    },
  };
}
