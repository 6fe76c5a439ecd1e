/**
 * Usage and budgets as both adapters store them (API.md, "Usage", "Budgets"): the helpers the
 * session and run stores share.
 */
import type { Budget } from "../port/sessions.ts";

/** Whether an update changes the session's budget. */
export const budgetChanged = (before: Budget | null, after: Budget | null): boolean =>
  (before?.max_total_tokens ?? null) !== (after?.max_total_tokens ?? null) ||
  (before?.max_list_cost_cents ?? null) !== (after?.max_list_cost_cents ?? null);
