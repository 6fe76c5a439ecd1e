/**
 * One model request of a model runtime, as the API records it (API.md, "Usage" and "Budgets"):
 * the session's budget is checked first (reached: the turn stops with `budget_reached`), then
 * `span.model_request_start` is recorded, the request made (its streamed text passed on as live
 * deltas) and `span.model_request_end` recorded with its duration and the provider's usage, whose
 * counts the store adds to the session's and the thread's (with its list cost, when the model has a price).
 */
import type { Clock } from "../../clock.ts";
import type { ModelPrice } from "../../config/prices.ts";
import { BudgetReached, listCostNanos } from "../../domain/budget.ts";
import type { OnText } from "../models/model.ts";
import type { ModelReply } from "./conversation.ts";
import type { RuntimeTurn } from "./port.ts";
import { NO_USAGE } from "./usage.ts";

export async function measuredRequest(
  turn: Pick<RuntimeTurn, "budgetReached" | "record" | "live">,
  clock: Clock,
  model: string,
  request: (live: { onText: OnText; onRetry: () => void }) => Promise<ModelReply>,
  /** The model's list price (MODEL_PRICES): the request's cost is added to the session's; null: unpriced. */
  price: ModelPrice | null = null,
): Promise<ModelReply> {
  if (await turn.budgetReached()) throw new BudgetReached();
  await turn.record([{ type: "span.model_request_start", model }]);
  const started = clock.now().getTime();
  let streaming = false;
  const reply = await request({
    onText: (text) => {
      if (text.length === 0) return;
      if (!streaming) {
        streaming = true;
        turn.live({ kind: "start" });
      }
      turn.live({ kind: "delta", text });
    },
    // A retried request streams its text again, after a new event_start.
    onRetry: () => {
      streaming = false;
    },
  });
  await turn.record([
    {
      type: "span.model_request_end",
      model,
      duration_ms: Math.max(0, Math.round(clock.now().getTime() - started)),
      model_usage: reply.usage ?? NO_USAGE,
      ...(price ? { list_cost_nanos: listCostNanos(price, reply.usage ?? NO_USAGE) } : {}),
    },
  ]);
  return reply;
}
