/**
 * What live streams (server/streams/) read: committed events after a position in their table's
 * commit order, and a wake-up source that says when new ones may have been committed.
 *
 * Positions are sequence numbers that grow in commit order (`session_events.seq`,
 * `events.seq`): a reader that has seen position N has seen every event at or below N, so
 * "everything after the last position sent" is gapless and never repeats, whoever committed it
 * (this process, the CLI, another server on the same database).
 */
import type { SessionEventRecord } from "./sessions.ts";

/** A session event with its position in commit order. */
export interface SequencedSessionEvent {
  seq: number;
  event: SessionEventRecord;
}

/** An account event envelope with its position in commit order. */
export interface SequencedEnvelope {
  seq: number;
  /** The envelope id (`evt_...`). */
  id: string;
  /** The event kind (`data.type`). */
  kind: string;
  /** The serialized envelope: the exact bytes webhook deliveries carry. */
  payload: string;
}

/** The latest positions, and which sessions and accounts have events past given positions. */
export interface StreamChanges {
  /** The highest `session_events` position seen, and the sessions that have events past the given one. */
  sessionSeq: number;
  sessions: Set<string>;
  /** The highest `events` position seen, and the accounts that have events past the given one. */
  eventSeq: number;
  accounts: Set<string>;
}

export interface StreamStore {
  /** The positions of the newest session event and the newest account event (0 when none). */
  latest(): { sessionSeq: number; eventSeq: number };
  /**
   * Which sessions and accounts got events after the given positions, and the new latest
   * positions: one query per table, whatever the number of open streams.
   */
  changesSince(sessionSeq: number, eventSeq: number): StreamChanges;
  /** Whether the token is still active: a stream ends soon after its token is revoked. */
  tokenActive(tokenId: string): boolean;
  /** Whether the session exists (for this account); streams end when it is deleted. */
  sessionExists(accountId: string, sessionId: string): boolean;
  /** The position of an event of this session, or null when the session has no such event. */
  sessionEventSeq(sessionId: string, eventId: string): number | null;
  /**
   * The session's events (one thread's, when `threadId` is given) after `afterSeq`, in commit
   * order, at most `limit`, read one at a time: a reader that has enough stops early and the rows
   * after are never loaded. Consume it synchronously (it holds a statement open).
   */
  sessionEventsAfter(
    sessionId: string,
    threadId: string | undefined,
    afterSeq: number,
    limit: number,
  ): Iterable<SequencedSessionEvent>;
  /** The position of an envelope of this account, or null (unknown, another account's, or past retention). */
  eventSeq(accountId: string, eventId: string): number | null;
  /** The position of the account's newest envelope (0 when none): a live-only stream starts after it. */
  latestEventSeq(accountId: string): number;
  /** The account's envelopes after `afterSeq`, in commit order, at most `limit`, read one at a time (as above). */
  eventsAfter(accountId: string, afterSeq: number, limit: number): Iterable<SequencedEnvelope>;
}

/**
 * Tells streams that events may have been committed, by this process or another. Delivery is
 * always read from the database (after each stream's last position): a wake-up is only a hint,
 * so a missed or spurious one costs latency or a query, never an event.
 *
 * SQLite (storage/sqlite/streamWakeups.ts): the adapter's post-commit signals for this process's
 * own commits, and a poll of `PRAGMA data_version` for commits of other processes on the file.
 * A PostgreSQL adapter would `LISTEN` on a channel that every transaction writing events
 * `NOTIFY`s (delivered at commit, to every replica), with a slow poll as a fallback for a
 * dropped listening connection.
 */
export interface StreamWakeups {
  /** Calls `listener` (soon, coalesced) after events may have been committed. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  start(): void;
  stop(): void;
}
