import type { Async } from "../port/index.ts";
import type { SequencedEnvelope, SequencedSessionEvent, StreamChanges, StreamStore } from "../port/streams.ts";
import { type SessionEventRow, toSessionEvent } from "../rows/sessions.ts";
import type { PgContext } from "./context.ts";

/**
 * The reads of live streams on PostgreSQL: the same queries as storage/sqlite/streams.ts.
 *
 * They rely on `seq` growing in commit order in both tables (`session_events`, `events`), which a
 * plain bigserial does not give on PostgreSQL: a sequence value is taken when the row is inserted,
 * not when its transaction commits, so a reader at position N could see N+1 committed while N is
 * still in flight, move past it, and never send it. Every writer of these rows first takes the
 * table's transaction-level advisory lock (PgContext.lockSequence, held until COMMIT: outbox.ts
 * appendEventTo, sessions.ts insertSessionEvent, which explains the choice), so values are taken
 * one transaction at a time and each is visible before the next transaction can take one. A
 * position a reader has seen therefore covers every row below it, as on SQLite
 * (test/storage/streams.test.ts races two transactions to show it).
 *
 * `sessionEventsAfter` and `eventsAfter` read at most `limit` rows in one statement and hand them
 * over as an array (the asynchronous port cannot hold a cursor open across the caller's awaits).
 */
export function createStreamStore(ctx: PgContext): Async<StreamStore> {
  return {
    async latest() {
      const row = await ctx.one<{ session_seq: number; event_seq: number }>(
        `SELECT (SELECT COALESCE(MAX(seq), 0) FROM session_events) AS session_seq,
                (SELECT COALESCE(MAX(seq), 0) FROM events) AS event_seq`,
      );
      return { sessionSeq: row?.session_seq ?? 0, eventSeq: row?.event_seq ?? 0 };
    },

    async changesSince(sessionSeq, eventSeq): Promise<StreamChanges> {
      const changes: StreamChanges = { sessionSeq, sessions: new Set(), eventSeq, accounts: new Set() };
      // One statement, one snapshot: both positions are read as of the same moment.
      const rows = await ctx.query<{ kind: "s" | "e"; id: string; seq: number }>(
        `SELECT 's' AS kind, session_id AS id, MAX(seq) AS seq FROM session_events WHERE seq > $1 GROUP BY session_id
         UNION ALL
         SELECT 'e' AS kind, account_id AS id, MAX(seq) AS seq FROM events WHERE seq > $2 GROUP BY account_id`,
        [sessionSeq, eventSeq],
      );
      for (const row of rows) {
        if (row.kind === "s") {
          changes.sessions.add(row.id);
          if (row.seq > changes.sessionSeq) changes.sessionSeq = row.seq;
        } else {
          changes.accounts.add(row.id);
          if (row.seq > changes.eventSeq) changes.eventSeq = row.seq;
        }
      }
      return changes;
    },

    async tokenActive(tokenId) {
      return (
        (await ctx.one("SELECT 1 AS found FROM api_tokens WHERE id = $1 AND revoked_at IS NULL", [tokenId])) !== null
      );
    },

    async sessionExists(accountId, sessionId) {
      return (
        (await ctx.one("SELECT 1 AS found FROM sessions WHERE id = $1 AND account_id = $2", [sessionId, accountId])) !==
        null
      );
    },

    async sessionEventSeq(sessionId, eventId) {
      const row = await ctx.one<{ seq: number }>("SELECT seq FROM session_events WHERE id = $1 AND session_id = $2", [
        eventId,
        sessionId,
      ]);
      return row?.seq ?? null;
    },

    async sessionEventsAfter(sessionId, threadId, afterSeq, limit): Promise<SequencedSessionEvent[]> {
      const rows =
        threadId === undefined
          ? await ctx.query<SessionEventRow & { seq: number }>(
              "SELECT * FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
              [sessionId, afterSeq, limit],
            )
          : await ctx.query<SessionEventRow & { seq: number }>(
              "SELECT * FROM session_events WHERE session_id = $1 AND session_thread_id = $2 AND seq > $3 ORDER BY seq LIMIT $4",
              [sessionId, threadId, afterSeq, limit],
            );
      return rows.map((row) => ({ seq: row.seq, event: toSessionEvent(row) }));
    },

    async eventSeq(accountId, eventId) {
      const row = await ctx.one<{ seq: number }>("SELECT seq FROM events WHERE id = $1 AND account_id = $2", [
        eventId,
        accountId,
      ]);
      return row?.seq ?? null;
    },

    async latestEventSeq(accountId) {
      const row = await ctx.one<{ seq: number }>(
        "SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE account_id = $1",
        [accountId],
      );
      return row?.seq ?? 0;
    },

    async eventsAfter(accountId, afterSeq, limit): Promise<SequencedEnvelope[]> {
      return ctx.query<SequencedEnvelope>(
        "SELECT seq, id, kind, payload FROM events WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        [accountId, afterSeq, limit],
      );
    },
  };
}
