/**
 * The agent tables' rows (an agent joined with one of its versions) and their mapping to records:
 * one copy for both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import type { AgentConfig, AgentRecord } from "../port/agents.ts";

export interface AgentRow {
  id: string;
  account_id: string;
  version: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AgentVersionJoinRow extends AgentRow {
  shown_version: number;
  config: string;
  version_created_at: string;
}

export const SELECT_JOINED = `SELECT a.id, a.account_id, a.version, a.archived_at, a.created_at, a.updated_at,
  v.version AS shown_version, v.config, v.created_at AS version_created_at
  FROM agents a JOIN agent_versions v ON v.agent_id = a.id`;

export function toAgent(row: AgentVersionJoinRow): AgentRecord {
  const latest = row.shown_version === row.version;
  return {
    id: row.id,
    account_id: row.account_id,
    version: row.shown_version,
    latest_version: row.version,
    config: JSON.parse(row.config) as AgentConfig,
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: latest ? row.updated_at : row.version_created_at,
  };
}

/** The record of a new agent (version 1). */
export const newAgentRecord = (id: string, accountId: string, config: AgentConfig, now: string): AgentRecord => ({
  id,
  account_id: accountId,
  version: 1,
  latest_version: 1,
  config,
  archived_at: null,
  created_at: now,
  updated_at: now,
});
