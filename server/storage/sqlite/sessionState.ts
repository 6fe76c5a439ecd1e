/**
 * The shared session state transitions (shared/sessionState.ts) the SQLite stores call outside
 * the shared ones: synchronously, in the caller's transaction.
 */
import { Refusal, type SessionRow } from "../rows/sessions.ts";
import * as state from "../shared/sessionState.ts";
import type { SqliteContext } from "./context.ts";
import { drive } from "./steps.ts";

export const endSessionWork = (
  ctx: SqliteContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): void => drive(ctx, state.endSessionWork(accountId, session, reason));

export function refusable<T>(ctx: SqliteContext, fn: () => T): T | Refusal["result"] {
  try {
    return ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
