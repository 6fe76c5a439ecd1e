import type { AgentConfig, AgentRef } from "./agents.ts";
import type { Metadata, Page, PageQuery } from "./common.ts";

export type SessionStatus = "idle" | "running" | "rescheduling" | "terminated";
export type ThreadStatus = "running" | "idle" | "terminated";

export interface TextBlock {
  type: "text";
  text: string;
}

/** An event a user sends to a session (`POST /sessions/{id}/events`, `initial_events`). */
export type UserEventInput =
  | { type: "user.message"; content: TextBlock[] }
  /** Without a thread: stops the session's running turn; with one: terminates that sub-agent thread. */
  | { type: "user.interrupt"; session_thread_id: string | null }
  | { type: "user.custom_tool_result"; custom_tool_use_id: string; content: TextBlock[]; is_error: boolean }
  /** A worker's result of a self-hosted session's built-in call (`tool_use_id`: the agent.tool_use event's id). */
  | { type: "user.tool_result"; tool_use_id: string; content: TextBlock[]; is_error: boolean }
  | { type: "user.tool_confirmation"; tool_use_id: string; result: "allow" | "deny"; deny_message: string | null }
  /** An outcome for the agent (its rubric already resolved to text, `max_iterations` to its default). */
  | { type: "user.define_outcome"; description: string; rubric: OutcomeRubric; max_iterations: number };

/** The rubric an outcome's grader applies, as text (a file rubric is read when the outcome is accepted). */
export interface OutcomeRubric {
  type: "text";
  content: string;
}

/** An outcome the user defined (`user.define_outcome`). */
export interface OutcomeDefinition {
  outcome_id: string;
  description: string;
  rubric: OutcomeRubric;
  max_iterations: number;
}

export type OutcomeResult = "satisfied" | "needs_revision" | "max_iterations_reached" | "failed" | "interrupted";

/** One evaluation of an outcome (`span.outcome_evaluation_start`; the end's fields too on `span.outcome_evaluation_end`). */
export interface OutcomeEvaluation {
  outcome_id: string;
  iteration: number;
  outcome_evaluation_start_id?: string;
  result?: OutcomeResult;
  explanation?: string;
  usage?: ModelUsage;
}

/** The model's reasoning (`agent.thinking`); `signature`: Anthropic's, sent back with it (never shown). */
export interface Thinking {
  text: string;
  signature: string | null;
}

/** Why a session went idle (`session.status_idled`). */
export type StopReason =
  | { type: "end_turn" }
  | { type: "requires_action"; event_ids: string[] }
  | { type: "interrupted" }
  | { type: "budget_reached" }
  | { type: "error" };

/** A custom tool call of the agent (`agent.custom_tool_use`): `tool_use_id` is the model's id (internal). */
export interface CustomToolUse {
  tool_use_id: string;
  name: string;
  input: Record<string, unknown>;
}

export type SessionEventType =
  | "user.message"
  | "user.interrupt"
  | "user.custom_tool_result"
  | "user.tool_result"
  | "user.tool_confirmation"
  | "agent.message"
  | "agent.custom_tool_use"
  | "agent.tool_use"
  | "agent.tool_result"
  | "agent.thread_message_sent"
  | "agent.thread_message_received"
  | "session.status_run_started"
  | "session.status_idled"
  | "session.status_rescheduled"
  | "session.status_terminated"
  | "session.status_preparing"
  | "session.status_prepared"
  | "session.status_waiting_for_worker"
  | "session.thread_created"
  | "session.thread_idled"
  | "session.thread_terminated"
  | "session.error"
  | "span.model_request_start"
  | "span.model_request_end"
  | "agent.thinking"
  | "user.define_outcome"
  | "span.outcome_evaluation_start"
  | "span.outcome_evaluation_end";

export type RunErrorType =
  | "run_interrupted"
  | "runtime_error"
  | "agent_unavailable"
  | "provider_error"
  | "mcp_error"
  | "tool_rounds_exceeded"
  | "workspace_too_large"
  | "sandbox_error"
  | "packages_failed"
  | "resource_failed";

/** An MCP tool call of the agent (`agent.tool_use`). */
export interface ToolUse {
  tool_use_id: string;
  /** The tool's name on its MCP server. */
  name: string;
  mcp_server_name: string;
  input: Record<string, unknown>;
  /** What the permission policy said when the call was recorded (absent on older events). */
  evaluated_permission?: "allow" | "ask";
}

/** The outcome of a tool call (`agent.tool_result`). */
export interface ToolResult {
  tool_use_id: string;
  content: TextBlock[];
  is_error: boolean;
  /** The MCP server whose tool answered (absent for built-in tools). */
  mcp_server_name?: string;
}

/**
 * What happens after a `session.error`: `retrying` (the run retries after a back-off), `exhausted`
 * (the turn is over), `terminal` (the session cannot run again).
 */
export type RetryStatus = "retrying" | "exhausted" | "terminal";

/** The error of a `session.error` event. */
export interface SessionError {
  type: RunErrorType;
  message: string;
  retry_status?: { type: RetryStatus };
  /** provider_error: the HTTP status the provider answered. */
  provider_status?: number;
  /** mcp_error: the MCP server concerned. */
  mcp_server_name?: string;
}

/** The token counts of model requests, as the provider reported them (summed where cumulative). */
export interface ModelUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** What a session (or thread) did: turns ended, tool calls made, time spent running. */
export interface UsageStats {
  turns: number;
  tool_calls: number;
  /** Milliseconds spent running turns (the API shows seconds). */
  active_ms: number;
}

/** A session's budget (null fields: no limit): tokens, and a list cost in US cents. */
export interface Budget {
  max_total_tokens: number | null;
  max_list_cost_cents?: number | null;
}

/** A model request's span (`span.model_request_start` has only `model`). */
export interface ModelSpan {
  model: string;
  duration_ms?: number;
  model_usage?: ModelUsage;
}

/** The package layer a turn waited for (`duration_ms` on session.status_prepared only). */
export interface PackagesWait {
  digest: string;
  action: "build" | "wait" | "unpack";
  duration_ms?: number;
}

/** The worker a self-hosted turn waits for: the session's work item and the calls queued on it. */
export interface WorkerWait {
  work_id: string;
  calls: number;
}

/** One event of a session's history. */
export interface SessionEventRecord {
  id: string;
  session_id: string;
  /** The thread the event concerns; null for the session's primary thread. */
  session_thread_id: string | null;
  type: SessionEventType;
  content?: TextBlock[];
  error?: SessionError;
  /** agent.tool_use */
  tool_use?: ToolUse;
  /** agent.tool_result (its `content` is in `content`) */
  tool_result?: Omit<ToolResult, "content">;
  /** session.status_idled */
  stop_reason?: StopReason;
  /** agent.custom_tool_use */
  custom_tool_use?: CustomToolUse;
  /** user.custom_tool_result (its `content` is in `content`) */
  custom_tool_result?: { custom_tool_use_id: string; is_error: boolean };
  /** user.tool_result (its `content` is in `content`; `tool_use_id` is the agent.tool_use event's id) */
  user_tool_result?: { tool_use_id: string; is_error: boolean };
  /** user.tool_confirmation */
  tool_confirmation?: { tool_use_id: string; result: "allow" | "deny"; deny_message: string | null };
  /** span.model_request_start / span.model_request_end */
  span?: ModelSpan;
  /** session.status_preparing / session.status_prepared */
  packages?: PackagesWait;
  /** session.status_waiting_for_worker */
  work?: WorkerWait;
  /** agent.thread_message_sent (`to_session_thread_id`) / agent.thread_message_received (`from_session_thread_id`); its `content` is in `content` */
  thread_message?: { to_session_thread_id?: string; from_session_thread_id?: string };
  /** user.define_outcome */
  outcome?: OutcomeDefinition;
  /** span.outcome_evaluation_start / span.outcome_evaluation_end */
  evaluation?: OutcomeEvaluation;
  /** agent.thinking */
  thinking?: Thinking;
  created_at: string;
}

/**
 * What a session changes of its agent's configuration (`agent_with_overrides`; tools and MCP
 * servers updated while idle), applied over the pinned version at every turn.
 */
export type AgentOverrides = Partial<Pick<AgentConfig, "model" | "system" | "tools" | "mcp_servers" | "skills">>;

/** The agent's configuration with the session's overrides over it. */
export function withOverrides(config: AgentConfig, overrides: AgentOverrides | null): AgentConfig {
  return overrides ? { ...config, ...overrides } : config;
}

export interface SessionRecord {
  id: string;
  account_id: string;
  agent_id: string;
  agent_version: number;
  /** Null when the session runs its agent version as it is. */
  agent_overrides: AgentOverrides | null;
  environment_id: string;
  title: string | null;
  status: SessionStatus;
  metadata: Metadata;
  vault_ids: string[];
  /** The normalized `NAME=value` lines (see domain/environmentVariables.ts). */
  environment_variables: string;
  /** The tokens of every model request of the session, its threads' included. */
  usage: ModelUsage;
  /** The list cost of those requests at the operator's prices (MODEL_PRICES), in nano-dollars. */
  list_cost_nanos: number;
  /** The session's built-in web_search and web_fetch calls. */
  server_tool_use: { web_search_requests: number; web_fetch_requests: number };
  stats: UsageStats;
  budget: Budget | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ThreadRecord {
  id: string;
  session_id: string;
  agent_id: string;
  agent_version: number;
  status: ThreadStatus;
  /** Set by archiveThread: the thread stays readable, its sub-agent is not run again. */
  archived_at: string | null;
  /** The tokens of this thread's model requests. */
  usage: ModelUsage;
  stats: UsageStats;
  created_at: string;
  updated_at: string;
}

export interface NewSession {
  agent: AgentRef;
  agent_overrides?: AgentOverrides | null;
  environment_id: string;
  title: string | null;
  metadata: Metadata;
  vault_ids: string[];
  environment_variables: string;
  /** The session's token budget; none when absent. */
  budget?: Budget | null;
  initial_events: UserEventInput[];
}

/** Why appending user events was refused; `index` is the offending event. */
export type AppendRefusal =
  | { ok: false; reason: "not_found" | "archived" | "terminated" }
  | { ok: false; reason: "thread_not_found"; index: number }
  /** A user.message while the turn waits for answers: the event ids still waiting. */
  | { ok: false; reason: "requires_action"; index: number; pending: string[] }
  /**
   * An answer that does not fit: `unknown_action` (no such call in this session), `not_pending`
   * (answered already, or its turn no longer waits), `wrong_action` (a result for a call that needs a
   * confirmation, or the reverse).
   */
  | { ok: false; reason: "unknown_action" | "not_pending" | "wrong_action"; index: number; pending: string[] };

export type CreateSessionResult =
  | { ok: true; session: SessionRecord; events: SessionEventRecord[] }
  | {
      ok: false;
      reason:
        | "agent_not_found"
        | "agent_version_not_found"
        | "agent_archived"
        | "environment_not_found"
        | "environment_archived"
        | "vault_not_found"
        | "vault_archived";
      /** For vault refusals: the index in vault_ids. */
      index?: number;
    }
  | AppendRefusal;

export type AppendEventsResult = { ok: true; events: SessionEventRecord[] } | AppendRefusal;

export type SessionUpdateResult =
  | { ok: true; session: SessionRecord; changed: boolean }
  | { ok: false; reason: "not_found" | "archived" | "running" };

export interface SessionListOptions {
  includeArchived: boolean;
  statuses: SessionStatus[] | undefined;
  agentId: string | undefined;
  /** With agentId: only sessions running this version of it. */
  agentVersion?: number | undefined;
  /** Only sessions a run of this deployment started. */
  deploymentId?: string | undefined;
  /** Only sessions with this memory store attached. */
  memoryStoreId?: string | undefined;
  page: PageQuery;
}

/**
 * Sessions, their history and their threads. Every lifecycle change writes its outbox event
 * (session.created, session.updated, session.archived, session.deleted,
 * session.thread_terminated) in the same transaction; user messages queue a run and raise the
 * "runs" signal after the commit.
 */
export interface SessionStore {
  /** Checks the agent, environment and vaults and creates the session with its initial events, atomically. */
  createSession(accountId: string, input: NewSession): CreateSessionResult;
  getSession(accountId: string, sessionId: string): SessionRecord | null;
  listSessions(accountId: string, options: SessionListOptions): Page<SessionRecord>;
  /** session.updated only when the title or metadata changed. `update` may throw to abort. */
  updateSession(
    accountId: string,
    sessionId: string,
    update: (current: SessionRecord) => {
      title: string | null;
      metadata: Metadata;
      budget?: Budget | null;
      /** Changes only while the session is idle (else `running`). */
      agent_overrides?: AgentOverrides | null;
    },
  ): SessionUpdateResult;
  /** Archives the session (session.archived the first time only). Null when not found. */
  archiveSession(accountId: string, sessionId: string): SessionRecord | null;
  /** Deletes the session, its history, threads and runs (session.deleted). False when not found. */
  deleteSession(accountId: string, sessionId: string): boolean;
  /** Appends user events in order, all or none. */
  appendEvents(accountId: string, sessionId: string, events: UserEventInput[]): AppendEventsResult;
  /** The session's history (or one thread's), oldest first. Null when the session (or thread) does not exist. */
  listEvents(
    accountId: string,
    sessionId: string,
    options: { threadId?: string; page: PageQuery },
  ): Page<SessionEventRecord> | null;
  /**
   * The outcome events of these sessions (`user.define_outcome`, `span.outcome_evaluation_start`
   * and `_end`), oldest first, in one read: what a session's `outcome_evaluations` are made of.
   */
  outcomeEvents(accountId: string, sessionIds: readonly string[]): SessionEventRecord[];
  listThreads(accountId: string, sessionId: string, page: PageQuery): Page<ThreadRecord> | null;
  getThread(accountId: string, sessionId: string, threadId: string): ThreadRecord | null;
  /**
   * Archives a thread that is not running (the first time sets `archived_at`; again, nothing
   * changes). `running` refuses it while its sub-agent runs.
   */
  archiveThread(
    accountId: string,
    sessionId: string,
    threadId: string,
  ): { ok: true; thread: ThreadRecord } | { ok: false; reason: "not_found" | "running" };
}
