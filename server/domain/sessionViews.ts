/**
 * How sessions, their events and threads are shown in the API: the storage records as the
 * OpenAPI document's Session, SessionEvent and SessionThread.
 */

import type { Schema } from "../api.ts";
import type {
  ModelUsage,
  SessionEventRecord,
  SessionRecord,
  ThreadRecord,
  UsageStats,
} from "../storage/port/sessions.ts";
import { budgetView, listCostView } from "./budget.ts";
import { environmentVariablesToObject } from "./environmentVariables.ts";

type Session = Schema<"Session">;
type SessionEvent = Schema<"SessionEvent">;
type SessionThread = Schema<"SessionThread">;

const statsView = (s: UsageStats): Schema<"UsageStats"> => ({
  turns: s.turns,
  tool_calls: s.tool_calls,
  active_seconds: s.active_ms / 1000,
});

const NO_USAGE: ModelUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
};

export function sessionView(s: SessionRecord): Session {
  return {
    id: s.id,
    type: "session",
    title: s.title,
    agent: { type: "agent", id: s.agent_id, version: s.agent_version },
    agent_overrides: s.agent_overrides,
    environment_id: s.environment_id,
    status: s.status,
    metadata: s.metadata,
    vault_ids: s.vault_ids,
    environment_variables: environmentVariablesToObject(s.environment_variables),
    usage: s.usage,
    stats: statsView(s.stats),
    list_cost: listCostView(s.list_cost_nanos),
    server_tool_use: s.server_tool_use,
    budget: budgetView(s.budget),
    archived_at: s.archived_at,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function sessionEventView(e: SessionEventRecord): SessionEvent {
  const { id, session_id, created_at } = e;
  switch (e.type) {
    case "user.message":
      return { id, type: e.type, session_id, session_thread_id: null, content: e.content ?? [], created_at };
    case "agent.message":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        content: e.content ?? [],
        created_at,
      };
    case "agent.tool_use": {
      const { mcp_server_name, ...use } = e.tool_use ?? { tool_use_id: "", name: "", mcp_server_name: "", input: {} };
      // A built-in tool (or an unknown one the model named) has no MCP server.
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        ...use,
        ...(mcp_server_name ? { mcp_server_name } : {}),
        created_at,
      };
    }
    case "agent.tool_result":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        tool_use_id: e.tool_result?.tool_use_id ?? "",
        content: e.content ?? [],
        ...(e.tool_result?.mcp_server_name ? { mcp_server_name: e.tool_result.mcp_server_name } : {}),
        is_error: e.tool_result?.is_error ?? false,
        created_at,
      };
    case "user.interrupt":
      return { id, type: e.type, session_id, session_thread_id: e.session_thread_id, created_at };
    case "agent.custom_tool_use":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        name: e.custom_tool_use?.name ?? "",
        input: e.custom_tool_use?.input ?? {},
        created_at,
      };
    case "user.custom_tool_result":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        custom_tool_use_id: e.custom_tool_result?.custom_tool_use_id ?? "",
        content: e.content ?? [],
        is_error: e.custom_tool_result?.is_error ?? false,
        created_at,
      };
    case "user.tool_result":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        tool_use_id: e.user_tool_result?.tool_use_id ?? "",
        content: e.content ?? [],
        is_error: e.user_tool_result?.is_error ?? false,
        created_at,
      };
    case "user.tool_confirmation":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        tool_use_id: e.tool_confirmation?.tool_use_id ?? "",
        result: e.tool_confirmation?.result ?? "deny",
        deny_message: e.tool_confirmation?.deny_message ?? null,
        created_at,
      };
    case "session.status_run_started":
    case "session.status_rescheduled":
    case "session.status_terminated":
      return { id, type: e.type, session_id, session_thread_id: null, created_at };
    case "session.status_waiting_for_worker":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        work: e.work ?? { work_id: "", calls: 1 },
        created_at,
      };
    case "agent.thread_message_sent":
    case "agent.thread_message_received":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: null,
        ...(e.thread_message?.to_session_thread_id
          ? { to_session_thread_id: e.thread_message.to_session_thread_id }
          : {}),
        ...(e.thread_message?.from_session_thread_id
          ? { from_session_thread_id: e.thread_message.from_session_thread_id }
          : {}),
        content: e.content ?? [],
        created_at,
      };
    case "session.status_preparing":
    case "session.status_prepared":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        packages: e.packages ?? { digest: "", action: "build" },
        created_at,
      };
    case "session.status_idled":
      // Events recorded before stop reasons existed ended their turn.
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: null,
        stop_reason: e.stop_reason ?? { type: "end_turn" },
        created_at,
      };
    case "span.model_request_start":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        model: e.span?.model ?? "",
        created_at,
      };
    case "span.model_request_end":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        model: e.span?.model ?? "",
        duration_ms: e.span?.duration_ms ?? 0,
        model_usage: e.span?.model_usage ?? NO_USAGE,
        created_at,
      };
    case "agent.thinking":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        thinking: e.thinking?.text ?? "",
        created_at,
      };
    case "user.define_outcome":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: null,
        outcome_id: e.outcome?.outcome_id ?? "",
        description: e.outcome?.description ?? "",
        rubric: { type: "text", content: e.outcome?.rubric.content ?? "" },
        max_iterations: e.outcome?.max_iterations ?? 3,
        created_at,
      };
    case "span.outcome_evaluation_start":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: null,
        outcome_id: e.evaluation?.outcome_id ?? "",
        iteration: e.evaluation?.iteration ?? 0,
        created_at,
      };
    case "span.outcome_evaluation_end":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: null,
        outcome_id: e.evaluation?.outcome_id ?? "",
        iteration: e.evaluation?.iteration ?? 0,
        outcome_evaluation_start_id: e.evaluation?.outcome_evaluation_start_id ?? "",
        result: e.evaluation?.result ?? "failed",
        explanation: e.evaluation?.explanation ?? "",
        usage: e.evaluation?.usage ?? NO_USAGE,
        created_at,
      };
    case "session.thread_created":
    case "session.thread_idled":
    case "session.thread_terminated":
      return { id, type: e.type, session_id, session_thread_id: e.session_thread_id ?? "", created_at };
    case "session.error":
      return {
        id,
        type: e.type,
        session_id,
        session_thread_id: e.session_thread_id,
        error: e.error ?? { type: "runtime_error", message: "Unknown error." },
        created_at,
      };
  }
}

export function threadView(t: ThreadRecord): SessionThread {
  return {
    id: t.id,
    type: "session_thread",
    session_id: t.session_id,
    agent: { type: "agent", id: t.agent_id, version: t.agent_version },
    status: t.status,
    archived_at: t.archived_at,
    usage: t.usage,
    stats: statsView(t.stats),
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}
