/**
 * The usage and stats transitions both adapters share (API.md, "Usage"): a run's outputs add the
 * provider's token counts and the tool calls to its session (every thread included) and to its
 * thread; the end of a turn counts it and the time it ran. Run them in the transaction that
 * records the outputs, so the sums always match the recorded spans.
 */
import type { RunOutput } from "../port/runs.ts";
import type { ModelUsage } from "../port/sessions.ts";
import { exec, now, type Steps } from "./steps.ts";

const addUsageSql = (table: "sessions" | "session_threads") =>
  `UPDATE ${table} SET input_tokens = input_tokens + ?, output_tokens = output_tokens + ?,
     cache_read_input_tokens = cache_read_input_tokens + ?,
     cache_creation_input_tokens = cache_creation_input_tokens + ? WHERE id = ?`;

const counts = (u: ModelUsage) => [
  u.input_tokens,
  u.output_tokens,
  u.cache_read_input_tokens,
  u.cache_creation_input_tokens,
];

/** What one output of a run adds to the counts of its session and thread. */
export function* countOutput(sessionId: string, threadId: string | null, out: RunOutput): Steps<void> {
  if (out.type === "span.model_request_end" || out.type === "usage") {
    yield* exec(addUsageSql("sessions"), [...counts(out.model_usage), sessionId]);
    const cost = out.type === "span.model_request_end" ? (out.list_cost_nanos ?? 0) : 0;
    if (cost > 0)
      yield* exec("UPDATE sessions SET list_cost_nanos = list_cost_nanos + ? WHERE id = ?", [cost, sessionId]);
    if (threadId !== null) yield* exec(addUsageSql("session_threads"), [...counts(out.model_usage), threadId]);
  } else if (out.type === "agent.tool_use") {
    yield* exec("UPDATE sessions SET tool_calls = tool_calls + 1 WHERE id = ?", [sessionId]);
    // The built-in web tools (no MCP server) are the session's server tool use.
    if (out.mcp_server_name === "" && (out.name === "web_search" || out.name === "web_fetch")) {
      const column = out.name === "web_search" ? "web_search_requests" : "web_fetch_requests";
      yield* exec(`UPDATE sessions SET ${column} = ${column} + 1 WHERE id = ?`, [sessionId]);
    }
    if (threadId !== null)
      yield* exec("UPDATE session_threads SET tool_calls = tool_calls + 1 WHERE id = ?", [threadId]);
  }
}

/** Milliseconds from `from` to `to` (stored timestamps), never negative. */
const elapsedMs = (from: string | null, to: string): number =>
  from === null ? 0 : Math.max(0, Date.parse(to) - Date.parse(from));

/**
 * A turn ended: one more turn, and the time since `startedAt` (the run's claim, or the thread's
 * start) added to the active time of the session (`threadId` null) or of the thread.
 */
export function* countTurn(sessionId: string, threadId: string | null, startedAt: string | null): Steps<void> {
  const ms = elapsedMs(startedAt, yield* now());
  if (threadId === null) {
    yield* exec("UPDATE sessions SET turns = turns + 1, active_ms = active_ms + ? WHERE id = ?", [ms, sessionId]);
  } else {
    yield* exec("UPDATE session_threads SET turns = turns + 1, active_ms = active_ms + ? WHERE id = ?", [ms, threadId]);
  }
}
