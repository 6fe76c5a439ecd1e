/**
 * The session tables' rows, their mapping to records and the rows a change writes: one copy for
 * both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { DeploymentRunError } from "../port/deployments.ts";
import type { EventKind } from "../port/outbox.ts";
import type {
  AgentOverrides,
  AppendRefusal,
  Budget,
  CreateSessionResult,
  ModelUsage,
  NewSession,
  SessionEventRecord,
  SessionEventType,
  SessionRecord,
  ThreadRecord,
  UsageStats,
} from "../port/sessions.ts";
import { canonicalJson } from "./json.ts";

/** The usage and stats columns of `sessions` and `session_threads` (migration 016). */
export interface UsageColumns {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  turns: number;
  tool_calls: number;
  active_ms: number;
}

/** A `sessions` row: the record with its JSON columns as text, its usage and budget as columns. */
export type SessionRow = Omit<
  SessionRecord,
  "metadata" | "vault_ids" | "usage" | "stats" | "budget" | "agent_overrides" | "server_tool_use"
> & {
  agent_overrides: string | null;
  metadata: string;
  vault_ids: string;
  budget_max_total_tokens: number | null;
  budget_max_list_cost_cents: number | null;
  list_cost_nanos: number;
  web_search_requests: number;
  web_fetch_requests: number;
} & UsageColumns;

/** A `session_threads` row. */
export type ThreadRow = Omit<ThreadRecord, "usage" | "stats"> & UsageColumns;

export const ZERO_USAGE: UsageColumns = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  turns: 0,
  tool_calls: 0,
  active_ms: 0,
};

/** PostgreSQL returns bigint columns as strings: every count as a number. */
const usageOf = (r: UsageColumns): { usage: ModelUsage; stats: UsageStats } => ({
  usage: {
    input_tokens: Number(r.input_tokens),
    output_tokens: Number(r.output_tokens),
    cache_read_input_tokens: Number(r.cache_read_input_tokens),
    cache_creation_input_tokens: Number(r.cache_creation_input_tokens),
  },
  stats: { turns: Number(r.turns), tool_calls: Number(r.tool_calls), active_ms: Number(r.active_ms) },
});

export interface SessionEventRow {
  id: string;
  session_id: string;
  session_thread_id: string | null;
  type: SessionEventType;
  body: string;
  run_id: string | null;
  created_at: string;
}

const USAGE_COLUMNS =
  "input_tokens, output_tokens, cache_read_input_tokens, cache_creation_input_tokens, turns, tool_calls, active_ms";
/** The columns a new session's row is inserted with (usage starts at the columns' defaults). */
export const SESSION_INSERT_COLUMNS =
  "id, account_id, agent_id, agent_version, agent_overrides, environment_id, title, status, metadata, vault_ids, environment_variables, budget_max_total_tokens, budget_max_list_cost_cents, archived_at, created_at, updated_at";
export const SESSION_COLUMNS = `${SESSION_INSERT_COLUMNS}, ${USAGE_COLUMNS}, list_cost_nanos, web_search_requests, web_fetch_requests`;
export const EVENT_COLUMNS = "id, session_id, session_thread_id, type, body, run_id, created_at";
export const THREAD_COLUMNS = `id, session_id, agent_id, agent_version, status, archived_at, created_at, updated_at, ${USAGE_COLUMNS}`;

/** The budget of its two columns (PostgreSQL's bigints are strings); null when neither limits. */
export function budgetOf(
  tokens: number | string | null | undefined,
  cents: number | string | null | undefined,
): Budget | null {
  const max_total_tokens = tokens === null || tokens === undefined ? null : Number(tokens);
  const max_list_cost_cents = cents === null || cents === undefined ? null : Number(cents);
  if (max_total_tokens === null && max_list_cost_cents === null) return null;
  return { max_total_tokens, ...(max_list_cost_cents !== null ? { max_list_cost_cents } : {}) };
}

export const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  account_id: r.account_id,
  agent_id: r.agent_id,
  agent_version: r.agent_version,
  agent_overrides: r.agent_overrides ? (JSON.parse(r.agent_overrides) as AgentOverrides) : null,
  environment_id: r.environment_id,
  title: r.title,
  status: r.status,
  metadata: JSON.parse(r.metadata) as Metadata,
  vault_ids: JSON.parse(r.vault_ids) as string[],
  environment_variables: r.environment_variables,
  ...usageOf(r),
  list_cost_nanos: Number(r.list_cost_nanos ?? 0),
  server_tool_use: {
    web_search_requests: Number(r.web_search_requests ?? 0),
    web_fetch_requests: Number(r.web_fetch_requests ?? 0),
  },
  budget: budgetOf(r.budget_max_total_tokens, r.budget_max_list_cost_cents),
  archived_at: r.archived_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The kind-specific fields of an event, as stored in its `body` column. */
export type EventBody = Pick<
  SessionEventRecord,
  | "content"
  | "error"
  | "tool_use"
  | "tool_result"
  | "stop_reason"
  | "custom_tool_use"
  | "custom_tool_result"
  | "user_tool_result"
  | "tool_confirmation"
  | "span"
  | "packages"
  | "work"
  | "thread_message"
  | "outcome"
  | "evaluation"
  | "thinking"
>;

const BODY_FIELDS = [
  "content",
  "error",
  "tool_use",
  "tool_result",
  "stop_reason",
  "custom_tool_use",
  "custom_tool_result",
  "user_tool_result",
  "tool_confirmation",
  "span",
  "packages",
  "work",
  "thread_message",
  "outcome",
  "evaluation",
  "thinking",
] as const satisfies readonly (keyof EventBody)[];

/** The kind-specific fields present in `e`, as stored. */
function bodyOf(e: EventBody): EventBody {
  const body: Record<string, unknown> = {};
  for (const field of BODY_FIELDS) if (e[field] !== undefined) body[field] = e[field];
  return body as EventBody;
}

export const toSessionEvent = (
  r: Pick<SessionEventRow, Exclude<keyof SessionEventRow, "run_id">>,
): SessionEventRecord => {
  const body = JSON.parse(r.body) as EventBody;
  return {
    id: r.id,
    session_id: r.session_id,
    session_thread_id: r.session_thread_id,
    type: r.type,
    ...bodyOf(body),
    created_at: r.created_at,
  };
};

export const toThread = (r: ThreadRow): ThreadRecord => ({
  id: r.id,
  session_id: r.session_id,
  agent_id: r.agent_id,
  agent_version: r.agent_version,
  status: r.status,
  archived_at: r.archived_at ?? null,
  ...usageOf(r),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** An event to append to a session's history (see each adapter's insertSessionEvent). */
export type NewSessionEvent = {
  session_id: string;
  session_thread_id?: string | null;
  type: SessionEventType;
  run_id?: string | null;
} & EventBody;

export const newSessionEventRow = (e: NewSessionEvent, now: string): SessionEventRow => ({
  id: newId("sevt"),
  session_id: e.session_id,
  session_thread_id: e.session_thread_id ?? null,
  type: e.type,
  body: JSON.stringify(bodyOf(e)),
  run_id: e.run_id ?? null,
  created_at: now,
});

/** A new session's row: idle, at the agent version it was checked against. */
export const newSessionRow = (accountId: string, input: NewSession, agentVersion: number, now: string): SessionRow => ({
  id: newId("sess"),
  account_id: accountId,
  agent_id: input.agent.id,
  agent_version: agentVersion,
  agent_overrides:
    input.agent_overrides && Object.keys(input.agent_overrides).length > 0
      ? canonicalJson(input.agent_overrides)
      : null,
  environment_id: input.environment_id,
  title: input.title,
  status: "idle",
  metadata: JSON.stringify(input.metadata),
  vault_ids: JSON.stringify(input.vault_ids),
  environment_variables: input.environment_variables,
  budget_max_total_tokens: input.budget?.max_total_tokens ?? null,
  budget_max_list_cost_cents: input.budget?.max_list_cost_cents ?? null,
  list_cost_nanos: 0,
  web_search_requests: 0,
  web_fetch_requests: 0,
  ...ZERO_USAGE,
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/** The status and thread changes recorded in a session's history and in the outbox (recordLifecycle). */
export type LifecycleKind = Extract<
  EventKind,
  | "session.status_run_started"
  | "session.status_idled"
  | "session.status_rescheduled"
  | "session.status_terminated"
  | "session.thread_created"
  | "session.thread_idled"
  | "session.thread_terminated"
>;

/** The error of a deployment run still in its session's first turn when that session's work ends (endSessionWork). */
export const endedWorkError = (
  reason: "session_archived" | "agent_deleted",
  session: Pick<SessionRow, "agent_id">,
): DeploymentRunError =>
  reason === "agent_deleted"
    ? {
        type: "agent_unavailable",
        message: `The agent ${session.agent_id} was deleted while the run was in progress.`,
      }
    : { type: "session_archived", message: "The run's session was archived before its first turn ended." };

/** Aborts a store transaction with a refusal (rolled back, then returned to the caller). */
export class Refusal extends Error {
  constructor(readonly result: AppendRefusal | Exclude<CreateSessionResult, { ok: true }>) {
    super(result.reason);
  }
}
