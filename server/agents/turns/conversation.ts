/**
 * The provider-neutral conversation a model runtime sends: rebuilt from the session's recorded
 * events every turn (and on resume after a restart), so the model sees what happened, including
 * the tool calls and results an interrupted attempt of this run already recorded.
 */

import { createHash } from "node:crypto";
import type { ConversationEvent } from "../../storage/port/runs.ts";
import type { OutcomeDefinition, TextBlock, Thinking } from "../../storage/port/sessions.ts";
import type { ModelUsage } from "./usage.ts";

export interface ToolCall {
  id: string;
  /** The name the model used (see modelToolName). */
  name: string;
  input: Record<string, unknown>;
}

export type ChatItem =
  | { role: "user"; text: string }
  | { role: "assistant"; text: string; tool_calls: ToolCall[]; thinking?: Thinking[] }
  | { role: "tool"; tool_call_id: string; text: string; is_error: boolean };

/** A tool as offered to the model. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** What the model answered: its text and the tools it wants called. */
export interface ModelReply {
  text: string;
  tool_calls: ToolCall[];
  /** The tokens the provider reported for the request (zero counts when it reported none). */
  usage?: ModelUsage;
  /** The model's reasoning, where the provider returned it (Anthropic's thinking blocks, a reasoning summary). */
  thinking?: Thinking[];
}

/**
 * The outcome the agent works toward (the session's last `user.define_outcome` without a final
 * verdict): `evaluations`, those that ended (each `needs_revision`); `firstItem`, where its work
 * starts in the conversation (the grader reads from there).
 */
export interface ActiveOutcome {
  definition: OutcomeDefinition;
  evaluations: number;
  firstItem: number;
}

/**
 * A tool call recorded but not answered yet: the run was interrupted while making it, or its turn
 * paused for the user. `custom`: a custom tool the client answers (`agent.custom_tool_use`).
 * `confirmation`: the user's answer to a call that needed one (`user.tool_confirmation`).
 */
export interface PendingCall {
  tool_use_id: string;
  name: string;
  mcp_server_name: string;
  input: Record<string, unknown>;
  custom?: boolean;
  confirmation?: { result: "allow" | "deny"; deny_message: string | null };
}

export interface RebuiltConversation {
  items: ChatItem[];
  /** Tool calls of this run without a recorded result, to make before asking the model again. */
  pending: PendingCall[];
  /** Model rounds of this run that asked for tools (they count against RUN_MAX_TOOL_ROUNDS). */
  toolRounds: number;
  /** The outcome still to be reached, if any. */
  outcome: ActiveOutcome | null;
}

/** What the agent is told of an outcome it is to reach. */
export const outcomeTask = (o: OutcomeDefinition): string =>
  `Work toward this outcome until it is done; a grader will judge your work against the rubric when you end your turn.\n\n<outcome>\n${o.description}\n</outcome>\n\n<rubric>\n${o.rubric.content}\n</rubric>`;

/** What the agent is told when the grader asks for a revision. */
export const revisionRequest = (iteration: number, explanation: string): string =>
  `The grader's evaluation ${iteration + 1} found the outcome not yet met (needs_revision). Revise your work:\n\n${explanation}`;

const MODEL_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The name a tool of an MCP server gets in the model's tool list: `<server>__<tool>`, which both
 * providers accept (`[A-Za-z0-9_-]{1,64}`); longer or unusual names are shortened with a hash, so
 * the name is unique and the same every time it is computed.
 */
export function modelToolName(server: string, tool: string): string {
  const plain = `${server}__${tool}`;
  if (MODEL_TOOL_NAME.test(plain)) return plain;
  const hash = createHash("sha256").update(plain).digest("hex").slice(0, 8);
  const safe = plain.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 55);
  return `${safe}_${hash}`;
}

export const blocksText = (blocks: TextBlock[] | undefined): string => (blocks ?? []).map((b) => b.text).join("\n");

/** A recorded call's name as the model knew it (a call of an unknown tool keeps the model's name). */
function recordedName(use: Pick<PendingCall, "name" | "mcp_server_name">): string {
  return use.mcp_server_name ? modelToolName(use.mcp_server_name, use.name) : use.name;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What the model is told about a call that never got a result (an earlier run was interrupted). */
const INTERRUPTED = "The tool call was interrupted before it returned a result.";

/**
 * Rebuilds the conversation from the events of the thread, oldest first. Consecutive agent
 * events of one model round (text, then tool calls) form one assistant item; results follow.
 * Calls of this run that have no result are returned as `pending`; those of earlier runs get a
 * synthetic error result, since the providers refuse a call without one. A history cut by the
 * history limit starts at its first user message.
 */
export function rebuildConversation(events: ConversationEvent[], runId: string): RebuiltConversation {
  const items: ChatItem[] = [];
  let open: { item: Extract<ChatItem, { role: "assistant" }>; run_id: string | null; answered: Set<string> } | null =
    null;
  const pending: PendingCall[] = [];
  let toolRounds = 0;

  /** Closes the current assistant round: unanswered calls become pending or interrupted. */
  const close = (calls: Map<string, PendingCall>) => {
    if (!open) return;
    for (const call of open.item.tool_calls) {
      if (open.answered.has(call.id)) continue;
      const recorded = calls.get(call.id);
      if (open.run_id === runId && recorded) pending.push(recorded);
      else items.push({ role: "tool", tool_call_id: call.id, text: INTERRUPTED, is_error: true });
    }
    open = null;
  };

  // A turn's events in order, turn after turn: messages sent while a turn ran (recorded before its
  // answer, answered by the next run) come after that turn's answer.
  const ordered = [...events].sort((a, b) => compare(a.run_id ?? "", b.run_id ?? "") || compare(a.id, b.id));
  const calls = new Map<string, PendingCall>();
  /** The model's call id of each call event (answers name the event). */
  const callOfEvent = new Map<string, string>();
  let started = false;
  let outcome: ActiveOutcome | null = null;
  for (const e of ordered) {
    if (e.type === "user.define_outcome" && e.outcome) {
      close(calls);
      started = true;
      outcome = { definition: e.outcome, evaluations: 0, firstItem: items.length };
      items.push({ role: "user", text: outcomeTask(e.outcome) });
      continue;
    }
    if (e.type === "span.outcome_evaluation_end" && e.evaluation) {
      if (!outcome || e.evaluation.outcome_id !== outcome.definition.outcome_id) continue;
      if (e.evaluation.result !== "needs_revision") {
        outcome = null;
        continue;
      }
      close(calls);
      outcome.evaluations++;
      items.push({ role: "user", text: revisionRequest(e.evaluation.iteration, e.evaluation.explanation ?? "") });
      continue;
    }
    if (e.type === "span.outcome_evaluation_start") continue;
    if (e.type === "user.message") {
      close(calls);
      started = true;
      items.push({ role: "user", text: blocksText(e.content) });
      continue;
    }
    if (!started) continue;
    if (e.type === "agent.thinking" && e.thinking) {
      if (open && (open.item.tool_calls.length > 0 || open.answered.size > 0 || open.item.text)) close(calls);
      if (!open) {
        open = { item: { role: "assistant", text: "", tool_calls: [] }, run_id: e.run_id, answered: new Set() };
        items.push(open.item);
      }
      open.item.thinking = [...(open.item.thinking ?? []), e.thinking];
      continue;
    }
    if (e.type === "agent.message") {
      // Text after tool results starts a new round.
      if (open && (open.item.tool_calls.length > 0 || open.answered.size > 0)) close(calls);
      if (!open) {
        open = { item: { role: "assistant", text: "", tool_calls: [] }, run_id: e.run_id, answered: new Set() };
        items.push(open.item);
      }
      const text = blocksText(e.content);
      open.item.text = open.item.text ? `${open.item.text}\n${text}` : text;
      continue;
    }
    const use =
      e.type === "agent.tool_use" ? e.tool_use : e.type === "agent.custom_tool_use" ? e.custom_tool_use : null;
    if (use) {
      if (open && open.answered.size > 0) close(calls);
      if (!open) {
        open = { item: { role: "assistant", text: "", tool_calls: [] }, run_id: e.run_id, answered: new Set() };
        items.push(open.item);
      }
      if (open.item.tool_calls.length === 0 && e.run_id === runId) toolRounds++;
      const recorded: PendingCall =
        e.type === "agent.tool_use" && e.tool_use ? { ...e.tool_use } : { ...use, mcp_server_name: "", custom: true };
      open.item.tool_calls.push({ id: use.tool_use_id, name: recordedName(recorded), input: use.input });
      calls.set(use.tool_use_id, recorded);
      callOfEvent.set(e.id, use.tool_use_id);
      continue;
    }
    if (e.type === "user.tool_confirmation" && e.tool_confirmation) {
      const call = calls.get(callOfEvent.get(e.tool_confirmation.tool_use_id) ?? "");
      if (call) {
        call.confirmation = { result: e.tool_confirmation.result, deny_message: e.tool_confirmation.deny_message };
      }
      continue;
    }
    if (e.type === "user.custom_tool_result" && e.custom_tool_result) {
      const id = callOfEvent.get(e.custom_tool_result.custom_tool_use_id);
      if (!id || !open?.item.tool_calls.some((c) => c.id === id)) continue;
      open.answered.add(id);
      items.push({
        role: "tool",
        tool_call_id: id,
        text: blocksText(e.content),
        is_error: e.custom_tool_result.is_error,
      });
      continue;
    }
    if (e.type === "user.tool_result" && e.user_tool_result) {
      // A worker's result of a self-hosted session's built-in call.
      const id = callOfEvent.get(e.user_tool_result.tool_use_id);
      if (!id || !open?.item.tool_calls.some((c) => c.id === id)) continue;
      open.answered.add(id);
      items.push({
        role: "tool",
        tool_call_id: id,
        text: blocksText(e.content),
        is_error: e.user_tool_result.is_error,
      });
      continue;
    }
    if (e.type === "agent.tool_result" && e.tool_result) {
      const id = e.tool_result.tool_use_id;
      // A result whose call was cut off by the history limit is dropped with it.
      if (!open?.item.tool_calls.some((c) => c.id === id)) continue;
      open.answered.add(id);
      items.push({ role: "tool", tool_call_id: id, text: blocksText(e.content), is_error: e.tool_result.is_error });
    }
  }
  close(calls);
  return { items, pending, toolRounds, outcome };
}
