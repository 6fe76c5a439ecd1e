import type { Async } from "../port/index.ts";
import type { AppendEventsResult, CreateSessionResult, SessionStore } from "../port/sessions.ts";
import { sessions } from "../shared/sessions.ts";
import type { PgContext } from "./context.ts";
import { refusable } from "./sessionState.ts";
import { drive, storeOf } from "./steps.ts";

/** Sessions on PostgreSQL: the shared transitions (shared/sessions.ts); a refusal rolls its transaction back. */
export function createSessionStore(ctx: PgContext): Async<SessionStore> {
  return {
    ...storeOf(ctx, sessions),
    createSession: async (accountId, input) =>
      (await refusable(ctx, (tx) => drive(tx, sessions.createSession.steps(accountId, input)))) as CreateSessionResult,
    appendEvents: async (accountId, id, events) =>
      (await refusable(ctx, (tx) =>
        drive(tx, sessions.appendEvents.steps(accountId, id, events)),
      )) as AppendEventsResult,
  };
}
