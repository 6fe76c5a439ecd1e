/**
 * Session budgets (API.md, "Budgets"): a session's total tokens are the four counts of its usage
 * added up (its threads' included); once they reach the budget's `max_total_tokens` no model
 * request starts, the turn ends with `stop_reason {type: budget_reached}`, and new messages are
 * refused until the budget is raised.
 */
import type { Budget, ModelUsage } from "../storage/port/sessions.ts";

export const totalTokens = (u: ModelUsage): number =>
  u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;

/** Whether a session with this usage may not make another model request. */
export const budgetReached = (session: { usage: ModelUsage; budget: Budget | null }): boolean =>
  session.budget?.max_total_tokens != null && totalTokens(session.usage) >= session.budget.max_total_tokens;

/** The message of the 409 a user.message gets while the budget is reached. */
export const budgetReachedMessage = (session: { usage: ModelUsage; budget: Budget | null }): string =>
  `The session has used ${totalTokens(session.usage)} tokens, its budget's max_total_tokens (${session.budget?.max_total_tokens}) is reached: raise the budget (POST /sessions/{id} with budget) before sending another message.`;

/** A turn stopped before a model request because the session's budget is reached. */
export class BudgetReached extends Error {
  constructor() {
    super("The session's token budget is reached.");
    this.name = "BudgetReached";
  }
}
