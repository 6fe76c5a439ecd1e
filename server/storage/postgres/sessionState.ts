/**
 * The shared session state transitions (shared/sessionState.ts) as the PostgreSQL stores call
 * them: awaited, in the caller's transaction (a session event's insert takes the sequence locks
 * of lockEventOrder, outbox.ts).
 */
import type { SessionEventRecord, SessionStatus, StopReason } from "../port/sessions.ts";
import type { AnswerInput } from "../rows/pendingActions.ts";
import { type NewSessionEvent, Refusal, type SessionRow } from "../rows/sessions.ts";
import * as state from "../shared/sessionState.ts";
import type { PgContext } from "./context.ts";
import { drive } from "./steps.ts";

export const insertSessionEvent = (ctx: PgContext, e: NewSessionEvent): Promise<SessionEventRecord> =>
  drive(ctx, state.insertSessionEvent(e));

export const recordLifecycle = (
  ctx: PgContext,
  ...args: Parameters<typeof state.recordLifecycle>
): Promise<SessionEventRecord> => drive(ctx, state.recordLifecycle(...args));

export const recordIdled = (ctx: PgContext, accountId: string, sessionId: string, stopReason: StopReason) =>
  drive(ctx, state.recordIdled(accountId, sessionId, stopReason));

export const waitingRun = (ctx: PgContext, sessionId: string) => drive(ctx, state.waitingRun(sessionId));

export const interruptTurn = (ctx: PgContext, accountId: string, sessionId: string): Promise<void> =>
  drive(ctx, state.interruptTurn(accountId, sessionId));

export const answerWait = (ctx: PgContext, sessionId: string, event: AnswerInput, index: number) =>
  drive(ctx, state.answerWait(sessionId, event, index));

export const idleRunningThreads = (ctx: PgContext, accountId: string, sessionId: string): Promise<void> =>
  drive(ctx, state.idleRunningThreads(accountId, sessionId));

export const endSessionWork = (
  ctx: PgContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): Promise<void> => drive(ctx, state.endSessionWork(accountId, session, reason));

export const setSessionStatus = (ctx: PgContext, sessionId: string, status: SessionStatus): Promise<void> =>
  drive(ctx, state.setSessionStatus(sessionId, status));

export async function refusable<T>(ctx: PgContext, fn: (tx: PgContext) => Promise<T>): Promise<T | Refusal["result"]> {
  try {
    return await ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
