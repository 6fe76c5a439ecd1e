/**
 * The runs table's row and the session event each run output becomes: one copy for both adapters.
 */
import type { AgentRecord } from "../port/agents.ts";
import type { ClaimedRun, RunOutput } from "../port/runs.ts";
import type { TextBlock } from "../port/sessions.ts";
import type { NewSessionEvent, SessionRow } from "./sessions.ts";

export interface AgentRunRow {
  id: string;
  account_id: string;
  session_id: string;
  status: "queued" | "running" | "completed" | "failed";
  attempts: number;
  owner: string | null;
  claimed_at: string | null;
  lease_expires_at: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** The session event one output of a run appends to its session's history (null: an output of no known type, not recorded). */
export function outputEvent(
  run: Pick<AgentRunRow, "id" | "session_id">,
  threadId: string | null,
  out: RunOutput,
): NewSessionEvent | null {
  const base = { session_id: run.session_id, session_thread_id: threadId, run_id: run.id };
  switch (out.type) {
    case "agent.message":
      return { ...base, type: out.type, content: out.content };
    case "agent.tool_use":
      return {
        ...base,
        type: out.type,
        tool_use: {
          tool_use_id: out.tool_use_id,
          name: out.name,
          mcp_server_name: out.mcp_server_name,
          input: out.input,
          ...(out.evaluated_permission ? { evaluated_permission: out.evaluated_permission } : {}),
        },
      };
    case "agent.tool_result":
      return {
        ...base,
        type: out.type,
        content: out.content,
        tool_result: {
          tool_use_id: out.tool_use_id,
          is_error: out.is_error,
          ...(out.mcp_server_name ? { mcp_server_name: out.mcp_server_name } : {}),
        },
      };
    case "agent.custom_tool_use":
      return {
        ...base,
        type: out.type,
        custom_tool_use: { tool_use_id: out.tool_use_id, name: out.name, input: out.input },
      };
    case "span.model_request_start":
      return { ...base, type: out.type, span: { model: out.model } };
    case "session.status_preparing":
    case "session.status_prepared":
      return { ...base, type: out.type, packages: out.packages };
    case "session.status_waiting_for_worker":
      return { ...base, type: out.type, work: out.work };
    case "agent.thinking":
      return { ...base, type: out.type, thinking: { text: out.thinking, signature: out.signature } };
    case "span.outcome_evaluation_start":
      return { ...base, type: out.type, evaluation: { outcome_id: out.outcome_id, iteration: out.iteration } };
    case "span.outcome_evaluation_end":
      return {
        ...base,
        type: out.type,
        evaluation: {
          outcome_id: out.outcome_id,
          iteration: out.iteration,
          result: out.result,
          explanation: out.explanation,
          usage: out.usage,
        },
      };
    case "span.model_request_end":
      return {
        ...base,
        type: out.type,
        span: { model: out.model, duration_ms: out.duration_ms, model_usage: out.model_usage },
      };
  }
  return null;
}

/** A claimed run as its worker receives it: the run, its agent, the user messages it answers and the session's vaults. */
export const claimedRun = (
  run: Pick<AgentRunRow, "id" | "account_id" | "session_id" | "attempts">,
  session: Pick<SessionRow, "vault_ids">,
  agent: AgentRecord | null,
  messages: { id: string; body: string }[],
): ClaimedRun => ({
  id: run.id,
  account_id: run.account_id,
  session_id: run.session_id,
  attempt: run.attempts + 1,
  agent,
  input: messages.map((r) => ({ event_id: r.id, content: (JSON.parse(r.body) as { content: TextBlock[] }).content })),
  vault_ids: JSON.parse(session.vault_ids) as string[],
});
