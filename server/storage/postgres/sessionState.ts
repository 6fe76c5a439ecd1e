/**
 * The shared session state transitions (shared/sessionState.ts) the PostgreSQL stores call outside
 * the shared ones: awaited, in the caller's transaction (a session event's insert takes the
 * account's event-order lock of lockEventOrder, outbox.ts).
 */
import { Refusal, type SessionRow } from "../rows/sessions.ts";
import * as state from "../shared/sessionState.ts";
import type { PgContext } from "./context.ts";
import { drive } from "./steps.ts";

export const endSessionWork = (
  ctx: PgContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): Promise<void> => drive(ctx, state.endSessionWork(accountId, session, reason));

export async function refusable<T>(ctx: PgContext, fn: (tx: PgContext) => Promise<T>): Promise<T | Refusal["result"]> {
  try {
    return await ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
