import type { Async } from "../port/index.ts";
import type { SequencedEnvelope, SequencedSessionEvent, StreamChanges, StreamStore } from "../port/streams.ts";
import { type SessionEventRow, toSessionEvent } from "../rows/sessions.ts";
import type { PgContext } from "./context.ts";

/**
 * The reads of live streams on PostgreSQL: the same queries as storage/sqlite/streams.ts.
 *
 * They rely on `seq` growing in commit order within each account (both tables: `session_events`,
 * `events`), which a plain bigserial does not give on PostgreSQL: a sequence value is taken when the
 * row is inserted, not when its transaction commits, so a reader at position N could see N+1
 * committed while N is still in flight, move past it, and never send it. Every writer of these rows
 * first takes its account's transaction-level advisory lock (PgContext.lockEventOrder, held until
 * COMMIT: outbox.ts FAN_OUT_EVENT and lockEventOrder, which explains the choice), so the values of
 * one account are taken one transaction at a time and each is visible before the next transaction of
 * the account can take one. Every stream reads one account's or one session's rows, so a position a
 * stream has seen covers every row of its stream below it, as on SQLite (test/storage/streams.test.ts
 * races two transactions to show it).
 *
 * `changesSince` looks at every account at once, where positions do not follow commit order: a
 * writer of another account may commit a smaller seq after a pass moved past it (a late row). What
 * finds such rows, from facts each pass records in the same statement as its positions (its
 * snapshot's xmax and ids in progress, and the positions it returned):
 *   1. A writer takes its transaction id before its first position (the lock statement calls
 *      pg_current_xact_id()), so an id at or past a snapshot's xmax takes its positions after that
 *      snapshot: above the positions that pass returned.
 *   2. A row that commits after pass k's snapshot with a seq at or below k's position belongs to a
 *      transaction in progress at that snapshot, with an id (by 1, taken before its seq): one of the
 *      snapshot's ids in progress, and the row's xmin. k's candidates are those ids less the ones
 *      the same statement names as never writing here (pg_stat_activity and pg_locks, read after
 *      the snapshot: other databases' transactions, and this database's backends other than
 *      clients', such as autovacuum's ANALYZE); an id that ended before they were read cannot be
 *      named, so it stays a candidate. k's horizon is the lowest candidate, or its xmax.
 *   3. By 1, every late row is above the positions of the latest recorded pass j whose xmax is at
 *      or below k's horizon.
 * So the pass after k reads every row above k's positions, and the rows between j's positions and
 * k's whose xmin is one of k's candidates: exactly the late rows (the others there were visible to
 * k). When no writer of this database is in flight there are no candidates and nothing below k's
 * positions is read. A candidate older than the recorded passes makes that read start at 0.
 * The facts are kept per store and keyed by the positions returned (any caller may ask; the hub is
 * the one that does), so the port stays the same for both adapters.
 *
 * `sessionEventsAfter` and `eventsAfter` read at most `limit` rows in one statement and hand them
 * over as an array (the asynchronous port cannot hold a cursor open across the caller's awaits).
 */
/** One pass's facts (see the top): its snapshot's xmax, its horizon, and the positions it returned. */
interface PassFacts {
  xmax: bigint;
  horizon: bigint;
  sessionSeq: number;
  eventSeq: number;
  at: number;
}

/** What the pass after a pass that returned some positions reads below them (see the top). */
interface LateRead {
  /** The positions it reads above. */
  sessionSeq: number;
  eventSeq: number;
  /** The candidates (32-bit ids, as text: a row's xmin) whose rows it reads there. */
  candidates: string[];
}

/** Passes kept at every call, and beyond them one per second for this long. */
const RECENT_PASSES = 64;
const SPARSE_WINDOW_MS = 10 * 60_000;

/**
 * A pass's facts, read with its positions in one statement (one snapshot): the snapshot's xmax and
 * ids in progress, and the 32-bit ids of the transactions that never write stream rows (see the
 * top). pg_stat_activity names a backend's id from the live state the snapshot was taken from (its
 * backend_xid is shown to a superuser or pg_read_all_stats); pg_locks names it, to any role, by the
 * lock every transaction holds on its own id.
 */
const FACTS = `pg_snapshot_xmax(pg_current_snapshot())::text AS xmax,
    COALESCE((SELECT array_agg(x::text) FROM pg_snapshot_xip(pg_current_snapshot()) AS x), '{}') AS running,
    COALESCE((SELECT array_agg(a.backend_xid::text) FROM pg_stat_activity a
      WHERE a.backend_xid IS NOT NULL
        AND (a.datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database())
          OR a.backend_type <> 'client backend')), '{}') AS idle_here,
    COALESCE((SELECT array_agg(l.transactionid::text)
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock' AND l.granted
        AND (a.datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database())
          OR a.backend_type <> 'client backend')), '{}') AS locked_elsewhere`;

/** The columns FACTS adds to a row. */
interface FactsRow {
  xmax: string;
  running: string[];
  idle_here: string[];
  locked_elsewhere: string[];
}

const XID_SPACE = 1n << 32n;

/** A pass's candidates (as 32-bit ids) and horizon (see the top). */
function candidatesOf(row: FactsRow): { candidates: string[]; horizon: bigint } {
  const named = new Set([...row.idle_here, ...row.locked_elsewhere]);
  const candidates: string[] = [];
  let horizon = BigInt(row.xmax);
  for (const id of row.running) {
    const full = BigInt(id);
    const short = (full % XID_SPACE).toString();
    if (named.has(short)) continue;
    candidates.push(short);
    if (full < horizon) horizon = full;
  }
  return { candidates, horizon };
}

class PassHistory {
  private recent: PassFacts[] = [];
  private sparse: PassFacts[] = [];
  /** For each returned pair of positions: the oldest horizon and every candidate seen with it. */
  private returned = new Map<string, { horizon: bigint; candidates: Set<string> }>();

  record(facts: PassFacts, candidates: readonly string[]): void {
    this.recent.push(facts);
    if (this.recent.length > RECENT_PASSES) this.recent.shift();
    const last = this.sparse.at(-1);
    if (!last || facts.at - last.at >= 1000) this.sparse.push(facts);
    while ((this.sparse[0]?.at ?? facts.at) < facts.at - SPARSE_WINDOW_MS) this.sparse.shift();
    const key = `${facts.sessionSeq}:${facts.eventSeq}`;
    const known = this.returned.get(key) ?? { horizon: facts.horizon, candidates: new Set<string>() };
    this.returned.delete(key);
    if (facts.horizon < known.horizon) known.horizon = facts.horizon;
    for (const id of candidates) known.candidates.add(id);
    this.returned.set(key, known);
    if (this.returned.size > RECENT_PASSES) {
      const oldest = this.returned.keys().next().value;
      if (oldest !== undefined) this.returned.delete(oldest);
    }
  }

  /**
   * What a pass from these positions reads below them: above the positions of the latest pass
   * whose xmax is at or below the horizon seen with them, the rows of their candidates; nothing
   * when they were never returned (a caller's own positions) or had no candidates.
   */
  lateRead(sessionSeq: number, eventSeq: number): LateRead {
    const known = this.returned.get(`${sessionSeq}:${eventSeq}`);
    if (known === undefined || known.candidates.size === 0) return { sessionSeq, eventSeq, candidates: [] };
    const candidates = [...known.candidates];
    for (const list of [this.recent, this.sparse]) {
      for (let i = list.length - 1; i >= 0; i--) {
        const facts = list[i];
        if (facts && facts.xmax <= known.horizon) {
          return {
            sessionSeq: Math.min(sessionSeq, facts.sessionSeq),
            eventSeq: Math.min(eventSeq, facts.eventSeq),
            candidates,
          };
        }
      }
    }
    return { sessionSeq: 0, eventSeq: 0, candidates };
  }
}

export function createStreamStore(ctx: PgContext): Async<StreamStore> {
  const history = new PassHistory();
  const facts = (row: FactsRow | null, sessionSeq: number, eventSeq: number) => {
    if (!row) return;
    const { candidates, horizon } = candidatesOf(row);
    history.record({ xmax: BigInt(row.xmax), horizon, sessionSeq, eventSeq, at: Date.now() }, candidates);
  };
  return {
    async latest() {
      const row = await ctx.one<{ session_seq: number; event_seq: number } & FactsRow>(
        `SELECT (SELECT COALESCE(MAX(seq), 0) FROM session_events) AS session_seq,
                (SELECT COALESCE(MAX(seq), 0) FROM events) AS event_seq, ${FACTS}`,
      );
      const positions = { sessionSeq: row?.session_seq ?? 0, eventSeq: row?.event_seq ?? 0 };
      facts(row, positions.sessionSeq, positions.eventSeq);
      return positions;
    },

    async changesSince(sessionSeq, eventSeq): Promise<StreamChanges> {
      const changes: StreamChanges = { sessionSeq, sessions: new Set(), eventSeq, accounts: new Set() };
      const late = history.lateRead(sessionSeq, eventSeq);
      // One statement, one snapshot: the sessions and accounts written above the positions, or
      // below them by a candidate (see the top), and this pass's facts.
      const row = await ctx.one<{ sessions: [string, number][]; accounts: [string, number][] } & FactsRow>(
        `SELECT ${FACTS},
           COALESCE((SELECT json_agg(json_build_array(session_id, seq)) FROM
             (SELECT session_id, MAX(seq) AS seq FROM session_events
              WHERE seq > $1 AND (seq > $2 OR xmin::text = ANY($5::text[])) GROUP BY session_id) AS s), '[]')
             AS sessions,
           COALESCE((SELECT json_agg(json_build_array(account_id, seq)) FROM
             (SELECT account_id, MAX(seq) AS seq FROM events
              WHERE seq > $3 AND (seq > $4 OR xmin::text = ANY($5::text[])) GROUP BY account_id) AS e), '[]')
             AS accounts`,
        [late.sessionSeq, sessionSeq, late.eventSeq, eventSeq, late.candidates],
      );
      for (const [id, seq] of row?.sessions ?? []) {
        changes.sessions.add(id);
        if (seq > changes.sessionSeq) changes.sessionSeq = seq;
      }
      for (const [id, seq] of row?.accounts ?? []) {
        changes.accounts.add(id);
        if (seq > changes.eventSeq) changes.eventSeq = seq;
      }
      facts(row, changes.sessionSeq, changes.eventSeq);
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
