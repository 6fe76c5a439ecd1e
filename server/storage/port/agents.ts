import type { Metadata, Page, PageQuery } from "./common.ts";

/** A reference to an agent: its id and, optionally, a pinned version (else the latest). */
export interface AgentRef {
  id: string;
  version?: number;
}

/** Whether a tool runs without asking (`always_allow`) or waits for the user's confirmation. */
export type PermissionPolicy = "always_allow" | "always_ask";

/** `default_config` / `configs` of a toolset: which of its tools are on, and their permission policy. */
export interface ToolsetConfigs {
  default_config?: { enabled?: boolean; permission_policy?: PermissionPolicy };
  configs?: {
    name: string;
    enabled?: boolean;
    permission_policy?: PermissionPolicy;
    /** web_search, web_fetch: the domains their results and fetches are limited to, or kept from. */
    allowed_domains?: string[];
    blocked_domains?: string[];
    /** web_fetch: the most tokens of page text it returns. */
    max_content_tokens?: number | null;
  }[];
}

export type AgentTool =
  | { type: "custom"; name: string; description?: string; input_schema: Record<string, unknown> }
  | ({ type: "mcp_toolset"; mcp_server_name: string } & ToolsetConfigs)
  | ({ type: "agent_toolset_20260401" } & ToolsetConfigs);

export interface AgentMcpServer {
  type: "url";
  name: string;
  url: string;
}

export interface AgentSkillRef {
  type: "skill";
  skill_id: string;
  version?: string;
}

export interface AgentMultiagent {
  type: "coordinator";
  /** As given: an agent id, or `{type:"agent", id, version?}`. */
  agents: (string | { type: "agent"; id: string; version?: number })[];
}

/** The configuration of one agent version: everything a version pins. */
export interface AgentConfig {
  name: string;
  model: string;
  system: string | null;
  description: string | null;
  tools: AgentTool[];
  mcp_servers: AgentMcpServer[];
  skills: AgentSkillRef[];
  multiagent: AgentMultiagent | null;
  metadata: Metadata;
}

/** An agent at one version (the latest unless a version was asked for). */
export interface AgentRecord {
  id: string;
  account_id: string;
  /** The version shown. */
  version: number;
  /** The agent's latest version. */
  latest_version: number;
  config: AgentConfig;
  archived_at: string | null;
  created_at: string;
  /** For the latest version: the last change of the agent; for an older one: when it was made. */
  updated_at: string;
}

export type AgentUpdateResult =
  | { ok: true; agent: AgentRecord; changed: boolean }
  | { ok: false; reason: "not_found" | "archived" | "version_mismatch"; current_version?: number };

/**
 * Agents and their versions. Every write emits its event (agent.created, agent.updated,
 * agent.archived, agent.deleted) in the same transaction.
 */
export interface AgentStore {
  createAgent(accountId: string, config: AgentConfig): AgentRecord;
  /** The agent at `version` (default the latest); null when the agent or that version does not exist. */
  getAgent(accountId: string, agentId: string, version?: number): AgentRecord | null;
  /**
   * The agents at the given versions (without one: the latest), in one read (a page of sessions
   * shows each one's agent); absent ones are left out.
   */
  getAgentVersions(accountId: string, refs: readonly { id: string; version?: number }[]): AgentRecord[];
  listAgents(accountId: string, options: { includeArchived: boolean; page: PageQuery }): Page<AgentRecord>;
  /** Versions newest first; the page cursors are version numbers. Null when the agent does not exist. */
  listAgentVersions(accountId: string, agentId: string, page: PageQuery): Page<AgentRecord> | null;
  /**
   * Applies `update` to the latest configuration when `expectedVersion` is the latest version.
   * A new version (and agent.updated) is written only when the configuration changed.
   * `update` runs inside the transaction and may throw to abort it.
   */
  updateAgent(
    accountId: string,
    agentId: string,
    expectedVersion: number,
    update: (current: AgentRecord) => AgentConfig,
  ): AgentUpdateResult;
  /** Archives the agent (agent.archived the first time only). Null when not found. */
  archiveAgent(accountId: string, agentId: string): AgentRecord | null;
  /**
   * Deletes the agent and its versions (agent.deleted). Its sessions become `terminated` and their
   * queued runs are dropped. False when not found.
   */
  deleteAgent(accountId: string, agentId: string): boolean;
}

/** `"agent_..."` or `{type:"agent", id, version?}` → `{id, version?}`. */
export function agentRef(ref: string | { id: string; version?: number }): AgentRef {
  return typeof ref === "string"
    ? { id: ref }
    : { id: ref.id, ...(ref.version !== undefined ? { version: ref.version } : {}) };
}
