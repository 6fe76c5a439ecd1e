import { StorageBusyError } from "../port/index.ts";
import type { SequencedEnvelope, StreamChanges, StreamStore } from "../port/streams.ts";
import { type SessionEventRow, toSessionEvent } from "../rows/sessions.ts";
import type { SqliteContext } from "./context.ts";

/**
 * The reads of live streams. Both tables number their rows with an INTEGER PRIMARY KEY
 * AUTOINCREMENT taken under the write lock (migrations 001 and 012), so positions grow in commit
 * order, and every read below is a range scan of an index from a position.
 */
export function createStreamStore(ctx: SqliteContext): StreamStore {
  const { db } = ctx;
  // The connection caches statements by SQL text and shares them (storage/sqlite/index.ts): they
  // are used as prepared, never switched to another mode (pluck, raw).
  const seqOf = (row: unknown) => (row as { seq: number } | undefined)?.seq;
  const latestSession = db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM session_events");
  const latestEvent = db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM events");
  const changedSessions = db.prepare(
    "SELECT session_id AS id, MAX(seq) AS seq FROM session_events WHERE seq > ? GROUP BY session_id",
  );
  const changedAccounts = db.prepare(
    "SELECT account_id AS id, MAX(seq) AS seq FROM events WHERE seq > ? GROUP BY account_id",
  );
  const tokenActive = db.prepare("SELECT 1 AS found FROM api_tokens WHERE id = ? AND revoked_at IS NULL");
  const sessionExists = db.prepare("SELECT 1 AS found FROM sessions WHERE id = ? AND account_id = ?");
  const sessionEventSeq = db.prepare("SELECT seq FROM session_events WHERE id = ? AND session_id = ?");
  const sessionEvents = db.prepare(
    "SELECT * FROM session_events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
  );
  const threadEvents = db.prepare(
    "SELECT * FROM session_events WHERE session_id = ? AND session_thread_id = ? AND seq > ? ORDER BY seq LIMIT ?",
  );
  const eventSeq = db.prepare("SELECT seq FROM events WHERE id = ? AND account_id = ?");
  const latestAccountEvent = db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE account_id = ?");
  const accountEvents = db.prepare(
    "SELECT seq, id, kind, payload FROM events WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?",
  );

  // The rows are read when the result is iterated, after the port's promise resolved: by then a
  // unit of work (storage.transaction) may hold the connection's transaction open between its
  // awaits, and its rows are not committed. Such a read reads nothing and says "busy": the
  // stream reads again a moment later (streams/eventStream.ts).
  const committedOnly = () => {
    if (ctx.inTransaction) throw new StorageBusyError("A unit of work is open on the connection: read again after it.");
  };

  return {
    latest() {
      return { sessionSeq: seqOf(latestSession.get()) ?? 0, eventSeq: seqOf(latestEvent.get()) ?? 0 };
    },

    changesSince(sessionSeq, eventSeq): StreamChanges {
      const changes: StreamChanges = { sessionSeq, sessions: new Set(), eventSeq, accounts: new Set() };
      for (const row of changedSessions.all(sessionSeq) as { id: string; seq: number }[]) {
        changes.sessions.add(row.id);
        if (row.seq > changes.sessionSeq) changes.sessionSeq = row.seq;
      }
      for (const row of changedAccounts.all(eventSeq) as { id: string; seq: number }[]) {
        changes.accounts.add(row.id);
        if (row.seq > changes.eventSeq) changes.eventSeq = row.seq;
      }
      return changes;
    },

    tokenActive(tokenId) {
      return tokenActive.get(tokenId) !== undefined;
    },

    sessionExists(accountId, sessionId) {
      return sessionExists.get(sessionId, accountId) !== undefined;
    },

    sessionEventSeq(sessionId, eventId) {
      return seqOf(sessionEventSeq.get(eventId, sessionId)) ?? null;
    },

    *sessionEventsAfter(sessionId, threadId, afterSeq, limit) {
      committedOnly();
      // A statement iterated to its end, or left early (the iterator's return() resets it), in
      // the same synchronous call: never left pending, so the shared statement stays safe.
      const rows = (
        threadId === undefined
          ? sessionEvents.iterate(sessionId, afterSeq, limit)
          : threadEvents.iterate(sessionId, threadId, afterSeq, limit)
      ) as IterableIterator<SessionEventRow & { seq: number }>;
      for (const row of rows) yield { seq: row.seq, event: toSessionEvent(row) };
    },

    eventSeq(accountId, eventId) {
      return seqOf(eventSeq.get(eventId, accountId)) ?? null;
    },

    latestEventSeq(accountId) {
      return seqOf(latestAccountEvent.get(accountId)) ?? 0;
    },

    *eventsAfter(accountId, afterSeq, limit) {
      committedOnly();
      yield* accountEvents.iterate(accountId, afterSeq, limit) as IterableIterator<SequencedEnvelope>;
    },
  };
}
