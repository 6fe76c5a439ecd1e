/**
 * The shared session state transitions (shared/sessionState.ts) as the SQLite stores call them:
 * synchronously, in the caller's transaction.
 */
import type { SessionEventRecord, SessionStatus, StopReason } from "../port/sessions.ts";
import type { AnswerInput } from "../rows/pendingActions.ts";
import { type NewSessionEvent, Refusal, type SessionRow } from "../rows/sessions.ts";
import * as state from "../shared/sessionState.ts";
import type { SqliteContext } from "./context.ts";
import { drive } from "./steps.ts";

export const insertSessionEvent = (ctx: SqliteContext, e: NewSessionEvent): SessionEventRecord =>
  drive(ctx, state.insertSessionEvent(e));

export const recordLifecycle = (
  ctx: SqliteContext,
  ...args: Parameters<typeof state.recordLifecycle>
): SessionEventRecord => drive(ctx, state.recordLifecycle(...args));

export const recordIdled = (ctx: SqliteContext, accountId: string, sessionId: string, stopReason: StopReason) =>
  drive(ctx, state.recordIdled(accountId, sessionId, stopReason));

export const waitingRun = (ctx: SqliteContext, sessionId: string) => drive(ctx, state.waitingRun(sessionId));

export const interruptTurn = (ctx: SqliteContext, accountId: string, session: SessionRow): void =>
  drive(ctx, state.interruptTurn(accountId, session.id));

export const answerWait = (ctx: SqliteContext, session: SessionRow, event: AnswerInput, index: number) =>
  drive(ctx, state.answerWait(session.id, event, index));

export const idleRunningThreads = (ctx: SqliteContext, accountId: string, sessionId: string): void =>
  drive(ctx, state.idleRunningThreads(accountId, sessionId));

export const endSessionWork = (
  ctx: SqliteContext,
  accountId: string,
  session: SessionRow,
  reason: "session_archived" | "agent_deleted",
): void => drive(ctx, state.endSessionWork(accountId, session, reason));

export const setSessionStatus = (ctx: SqliteContext, sessionId: string, status: SessionStatus): void =>
  drive(ctx, state.setSessionStatus(sessionId, status));

export function refusable<T>(ctx: SqliteContext, fn: () => T): T | Refusal["result"] {
  try {
    return ctx.tx(fn);
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
