import type { AppendEventsResult, CreateSessionResult, SessionStore } from "../port/sessions.ts";
import { sessions } from "../shared/sessions.ts";
import type { SqliteContext } from "./context.ts";
import { refusable } from "./sessionState.ts";
import { drive, storeOf } from "./steps.ts";

/** Sessions on SQLite: the shared transitions (shared/sessions.ts); a refusal rolls its transaction back. */
export function createSessionStore(ctx: SqliteContext): SessionStore {
  return {
    ...storeOf(ctx, sessions),
    createSession: (accountId, input) =>
      refusable(ctx, () => drive(ctx, sessions.createSession.steps(accountId, input))) as CreateSessionResult,
    appendEvents: (accountId, id, events) =>
      refusable(ctx, () => drive(ctx, sessions.appendEvents.steps(accountId, id, events))) as AppendEventsResult,
  };
}
