/**
 * The grader of outcomes (`user.define_outcome`): when the agent ends its turn while an outcome
 * is to be reached, a separate model request (the agent's model, or the operator's
 * OUTCOME_GRADER_MODEL) judges the work against the rubric. The evaluation is recorded as
 * `span.outcome_evaluation_start`, the grader's `span.model_request_*` (whose usage the session's
 * usage and budget count) and `span.outcome_evaluation_end` with the verdict and the usage of the
 * evaluation. An interrupt during the evaluation is recorded by the store (`interrupted`).
 */
import type { Clock } from "../../clock.ts";
import type { ModelPrice } from "../../config/prices.ts";
import { BudgetReached } from "../../domain/budget.ts";
import type { Logger } from "../../logger.ts";
import type { OutcomeResult } from "../../storage/port/sessions.ts";
import { completeWithRetries, type ModelClient, ProviderError, type RetryPolicy } from "../models/model.ts";
import type { ActiveOutcome, ChatItem } from "./conversation.ts";
import type { RuntimeTurn } from "./port.ts";
import { measuredRequest } from "./spans.ts";
import { NO_USAGE } from "./usage.ts";

/** The grader: a model client and the provider's name of the model it asks. */
export interface Grader {
  client: ModelClient;
  model: string;
  /** Its list price (MODEL_PRICES), or null. */
  price: ModelPrice | null;
}

export interface Verdict {
  result: OutcomeResult;
  explanation: string;
}

const GRADER_SYSTEM = `You are the grader of an AI agent's work. You are given the outcome the agent was asked to reach, the rubric to judge it by, and the transcript of the agent's work (its messages, the tools it called and what they returned). Judge only against the rubric.

Answer with one JSON object and nothing else:
{"result": "satisfied" | "needs_revision" | "failed", "explanation": "<your reasons>"}

- "satisfied": every criterion of the rubric is met.
- "needs_revision": some criterion is not met; the explanation says which and what the agent must change (it is sent to the agent as feedback).
- "failed": the rubric cannot be applied to this work at all.`;

/** The longest transcript the grader is sent, in characters (the newest part is kept). */
const MAX_TRANSCRIPT_CHARS = 200_000;
const MAX_PART_CHARS = 8_000;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}\n[... cut]`);

/** The work on the outcome as text: the conversation from the outcome on. */
export function transcript(items: ChatItem[], from: number): string {
  const parts: string[] = [];
  for (const item of items.slice(from + 1)) {
    if (item.role === "user") parts.push(`[user]\n${clip(item.text, MAX_PART_CHARS)}`);
    else if (item.role === "tool")
      parts.push(`[tool result${item.is_error ? ", error" : ""}]\n${clip(item.text, MAX_PART_CHARS)}`);
    else {
      if (item.text) parts.push(`[agent]\n${clip(item.text, MAX_PART_CHARS)}`);
      for (const call of item.tool_calls)
        parts.push(`[agent calls ${call.name}]\n${clip(JSON.stringify(call.input), MAX_PART_CHARS)}`);
    }
  }
  const text = parts.join("\n\n");
  return text.length <= MAX_TRANSCRIPT_CHARS ? text : `[... earlier work cut]\n${text.slice(-MAX_TRANSCRIPT_CHARS)}`;
}

/** The grader's answer as a verdict; an answer that is not one is `failed`, saying so. */
export function readVerdict(text: string): Verdict {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) {
    try {
      const parsed = JSON.parse(text.slice(start, end + 1)) as { result?: unknown; explanation?: unknown };
      const result = parsed.result;
      if (result === "satisfied" || result === "needs_revision" || result === "failed") {
        return { result, explanation: typeof parsed.explanation === "string" ? parsed.explanation : "" };
      }
    } catch {
      // Not JSON: reported below.
    }
  }
  return {
    result: "failed",
    explanation: `The grader's verdict could not be read: ${clip(text.trim(), 500) || "(an empty answer)"}`,
  };
}

/**
 * One evaluation of the outcome, recorded; the verdict (`needs_revision` at the last evaluation
 * allowed becomes `max_iterations_reached`). A provider error ends it `failed`, naming the error.
 */
export async function evaluateOutcome(
  turn: RuntimeTurn,
  deps: { clock: Clock; logger: Logger; policy: RetryPolicy; redact: (text: string) => string },
  grader: Grader,
  outcome: ActiveOutcome,
  items: ChatItem[],
  signal: AbortSignal,
): Promise<Verdict> {
  const { definition } = outcome;
  const iteration = outcome.evaluations;
  const ids = { outcome_id: definition.outcome_id, iteration };
  // A budget reached stops the turn before the evaluation starts (none is left open).
  if (await turn.budgetReached()) throw new BudgetReached();
  await turn.record([{ type: "span.outcome_evaluation_start", ...ids }]);
  const prompt = `<outcome>\n${definition.description}\n</outcome>\n\n<rubric>\n${definition.rubric.content}\n</rubric>\n\n<transcript>\n${transcript(items, outcome.firstItem)}\n</transcript>`;
  let verdict: Verdict;
  let usage = NO_USAGE;
  try {
    const reply = await measuredRequest(
      turn,
      deps.clock,
      grader.model,
      (live) =>
        completeWithRetries(
          grader.client,
          { model: grader.model, system: GRADER_SYSTEM, items: [{ role: "user", text: prompt }], tools: [] },
          {
            policy: deps.policy,
            clock: deps.clock,
            logger: deps.logger,
            signal,
            context: { run_id: turn.run_id, session_id: turn.session_id, outcome_id: definition.outcome_id },
            // The grader's text is not the agent's: nothing is streamed live.
            onRetry: live.onRetry,
          },
        ),
      grader.price,
    );
    usage = reply.usage ?? NO_USAGE;
    verdict = readVerdict(reply.text);
  } catch (err) {
    if (!(err instanceof ProviderError) || signal.aborted) throw err;
    verdict = { result: "failed", explanation: `The grader's model request failed: ${deps.redact(err.message)}` };
  }
  if (verdict.result === "needs_revision" && iteration + 1 >= definition.max_iterations) {
    verdict = { result: "max_iterations_reached", explanation: verdict.explanation };
  }
  await turn.record([{ type: "span.outcome_evaluation_end", ...ids, ...verdict, usage }]);
  return verdict;
}
