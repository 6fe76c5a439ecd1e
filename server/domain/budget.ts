/**
 * Session budgets (API.md, "Budgets"; docs/agents.md, "List-cost budgets"): a session's total
 * tokens are the four counts of its usage added up (its threads' included), its list cost the
 * sum of its model requests priced at the operator's list prices (MODEL_PRICES, in nano-dollars);
 * once either reaches its limit (`max_total_tokens`, `max_list_cost`) no model request starts, the
 * turn ends with `stop_reason {type: budget_reached}`, and new messages are refused until the
 * budget is raised.
 */
import type { Schema } from "../api.ts";
import { type ModelPrice, type PriceTable, priceOf } from "../config/prices.ts";
import { invalidRequest } from "../errors.ts";
import type { Budget, ModelUsage } from "../storage/port/sessions.ts";

export const totalTokens = (u: ModelUsage): number =>
  u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;

/** Nano-dollars in a cent. */
const NANOS_PER_CENT = 10_000_000;

type BudgetedSession = { usage: ModelUsage; list_cost_nanos: number; budget: Budget | null };

const tokensReached = (s: BudgetedSession): boolean =>
  s.budget?.max_total_tokens != null && totalTokens(s.usage) >= s.budget.max_total_tokens;

const costReached = (s: BudgetedSession): boolean =>
  s.budget?.max_list_cost_cents != null && s.list_cost_nanos >= s.budget.max_list_cost_cents * NANOS_PER_CENT;

/** Whether a session with this usage may not make another model request. */
export const budgetReached = (session: BudgetedSession): boolean => tokensReached(session) || costReached(session);

/** The message of the 409 a user.message gets while the budget is reached. */
export const budgetReachedMessage = (session: BudgetedSession): string =>
  tokensReached(session)
    ? `The session has used ${totalTokens(session.usage)} tokens, its budget's max_total_tokens (${session.budget?.max_total_tokens}) is reached: raise the budget (POST /sessions/{id} with budget) before sending another message.`
    : `The session's list cost is ${centsOf(session.list_cost_nanos)} cents (USD), its budget's max_list_cost (${session.budget?.max_list_cost_cents}) is reached: raise the budget (POST /sessions/{id} with budget) before sending another message.`;

/** A request's list cost in nano-dollars: each count times its price per token. */
export const listCostNanos = (price: ModelPrice, u: ModelUsage): number =>
  u.input_tokens * price.input +
  u.output_tokens * price.output +
  u.cache_read_input_tokens * price.cache_read +
  u.cache_creation_input_tokens * price.cache_write;

/** Nano-dollars as whole cents, rounded down. */
export const centsOf = (nanos: number): number => Math.floor(nanos / NANOS_PER_CENT);

/** A list cost as the API shows it. */
export const listCostView = (nanos: number): Schema<"MonetaryAmount"> => ({
  amount: String(centsOf(nanos)),
  currency: "USD",
});

/**
 * The budget of a create or update, checked: a `max_list_cost` needs a list price for each model
 * the session may run (its agent's, the operator's grader's), else 400.
 */
export function budgetInput(
  body: Schema<"SessionBudget">,
  prices: PriceTable,
  models: string[],
  param = "budget",
): Budget {
  const cost = body.max_list_cost;
  if (cost) {
    const unpriced = models.filter((m) => priceOf(prices, m) === null);
    if (unpriced.length > 0) {
      throw invalidRequest(
        `${param}.max_list_cost: the model${unpriced.length > 1 ? "s" : ""} ${unpriced.join(", ")} ha${unpriced.length > 1 ? "ve" : "s"} no list price on this server (the operator's MODEL_PRICES), so a list cost cannot be budgeted; use max_total_tokens.`,
        `${param}.max_list_cost`,
      );
    }
  }
  return {
    max_total_tokens: body.max_total_tokens ?? null,
    ...(cost ? { max_list_cost_cents: Number(cost.amount) } : {}),
  };
}

/** A budget as the API shows it. */
export const budgetView = (b: Budget | null): Schema<"SessionBudget"> | null => {
  if (!b || (b.max_total_tokens == null && b.max_list_cost_cents == null)) return null;
  return {
    ...(b.max_total_tokens != null ? { max_total_tokens: b.max_total_tokens } : {}),
    ...(b.max_list_cost_cents != null
      ? { max_list_cost: { amount: String(b.max_list_cost_cents), currency: "USD" as const } }
      : {}),
  };
};

/** A turn stopped before a model request because the session's budget is reached. */
export class BudgetReached extends Error {
  constructor() {
    super("The session's budget is reached.");
    this.name = "BudgetReached";
  }
}
