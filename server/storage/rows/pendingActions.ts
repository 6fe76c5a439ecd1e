/**
 * A turn waiting for the user (API.md, "Human in the loop"): the calls it waits for are kept in
 * `run_waits` (one row per waiting run, the event ids still unanswered as a JSON array). These are
 * the decisions both adapters share: which recorded call an answer names, and whether it may
 * answer it.
 */
import type { AppendRefusal, UserEventInput } from "../port/sessions.ts";
import type { SessionEventRow } from "./sessions.ts";

export type AnswerInput = Extract<
  UserEventInput,
  { type: "user.custom_tool_result" | "user.tool_result" | "user.tool_confirmation" }
>;

/** A `run_waits` row. */
export interface PendingActionsRow {
  run_id: string;
  session_id: string;
  /** JSON array of the event ids still waiting for an answer. */
  pending: string;
  /** JSON array of the pending event ids that a self-hosted environment's worker answers (user.tool_result). */
  remote: string;
  /** Until when the worker's answers are awaited (lease clock); null without worker calls. */
  remote_deadline: string | null;
  created_at: string;
}

export const pendingIds = (row: Pick<PendingActionsRow, "pending">): string[] => JSON.parse(row.pending) as string[];

/** The id an answer gives: an event id (`sevt_...`); a confirmation may give the model's `tool_use_id` instead. */
export const answeredId = (event: AnswerInput): string =>
  event.type === "user.custom_tool_result" ? event.custom_tool_use_id : event.tool_use_id;

/** The event type an answer answers. */
export const answeredType = (event: AnswerInput): "agent.custom_tool_use" | "agent.tool_use" =>
  event.type === "user.custom_tool_result" ? "agent.custom_tool_use" : "agent.tool_use";

/** The model's call id recorded in a call event's body. */
function modelCallId(row: Pick<SessionEventRow, "body">): string | undefined {
  const body = JSON.parse(row.body) as {
    tool_use?: { tool_use_id: string };
    custom_tool_use?: { tool_use_id: string };
  };
  return body.tool_use?.tool_use_id ?? body.custom_tool_use?.tool_use_id;
}

/**
 * Which pending call an answer names, among the waiting calls' events (by event id, or for a
 * confirmation by the model's call id); undefined when it names none of them.
 */
export function findPending(event: AnswerInput, pendingRows: SessionEventRow[]): SessionEventRow | undefined {
  const id = answeredId(event);
  return (
    pendingRows.find((r) => r.id === id) ??
    (event.type === "user.tool_confirmation" ? pendingRows.find((r) => modelCallId(r) === id) : undefined)
  );
}

/**
 * The refusal of an answer that names no pending call: `not_pending` when it names a call of the
 * session (answered already, or of a turn no longer waiting), else `unknown_action`; `wrong_action`
 * when the named pending call is of the other kind.
 */
export function answerRefusal(
  event: AnswerInput,
  index: number,
  pending: string[],
  target: SessionEventRow | undefined,
  known: boolean,
  remote: string[] = [],
): AppendRefusal | null {
  if (target) {
    // A worker's call takes only the worker's result, and the worker answers nothing else.
    const right =
      target.type === answeredType(event) && (event.type === "user.tool_result") === remote.includes(target.id);
    return right ? null : { ok: false, reason: "wrong_action", index, pending };
  }
  return { ok: false, reason: known ? "not_pending" : "unknown_action", index, pending };
}

/** The stored event of an answer (in the waiting run). */
export function answerEvent(event: AnswerInput, sessionId: string, runId: string | null, targetId: string) {
  if (event.type === "user.tool_result") {
    return {
      session_id: sessionId,
      type: "user.tool_result" as const,
      run_id: runId,
      content: event.content,
      user_tool_result: { tool_use_id: targetId, is_error: event.is_error },
    };
  }
  return event.type === "user.custom_tool_result"
    ? {
        session_id: sessionId,
        type: "user.custom_tool_result" as const,
        run_id: runId,
        content: event.content,
        custom_tool_result: { custom_tool_use_id: targetId, is_error: event.is_error },
      }
    : {
        session_id: sessionId,
        type: "user.tool_confirmation" as const,
        run_id: runId,
        tool_confirmation: { tool_use_id: targetId, result: event.result, deny_message: event.deny_message },
      };
}

/** The events of `ids` that a run recorded as calls (the model ids it pauses for). */
export function callEventsOf(rows: SessionEventRow[], toolUseIds: string[]): string[] {
  const wanted = new Set(toolUseIds);
  return rows.filter((r) => wanted.has(modelCallId(r) ?? "")).map((r) => r.id);
}
