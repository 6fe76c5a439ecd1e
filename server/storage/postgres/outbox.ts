import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type { EventData, EventEnvelope, OutboxStore } from "../port/outbox.ts";
import { type AppendedEvent, type EventRow, newEnvelope, toEvent } from "../rows/outbox.ts";
import { eventOrderLockSql, type PgContext } from "./context.ts";

/**
 * An event fanned out to every subscribed endpoint, in one statement sent with the COMMIT
 * (PgContext.atCommit): the account's event-order lock (PgContext.lockEventOrder: taken, with the
 * transaction's id, before the event's seq, since the insert reads its row), the event, and one
 * `webhook_fanouts` row naming the endpoints whose subscription matches (its kinds, a JSON array of
 * text, or all), disabled ones too (they hold their records until enabled), less `$7`, when there
 * are any. The lock is held until COMMIT, which the same message runs next: the account's other
 * writers wait only for the server's work on it, never for a round trip. The fan-out row's foreign
 * key is checked at the end of the statement, when the event's row is there.
 */
const FAN_OUT_EVENT = `WITH ordered AS (${eventOrderLockSql("$1")}),
  inserted AS (
    INSERT INTO events (id, account_id, kind, resource_id, payload, created_at)
    SELECT $2, $1, $3, $4, $5, $6 FROM ordered
    RETURNING seq
  ),
  targets AS (
    SELECT string_agg(id, ',' ORDER BY id) AS ids FROM webhook_endpoints
    WHERE account_id = $1 AND (all_events = 1 OR (events::jsonb) ? $3) AND id IS DISTINCT FROM $7::text
  ),
  fanned AS (
    INSERT INTO webhook_fanouts (event_seq, account_id, endpoint_ids, created_at)
    SELECT inserted.seq, $1, targets.ids, $6 FROM inserted, targets WHERE targets.ids IS NOT NULL
    RETURNING event_seq
  )
SELECT inserted.seq, EXISTS (SELECT 1 FROM fanned) AS fanned_out FROM inserted`;
const TARGET = "SELECT id, active FROM webhook_endpoints WHERE id = $1 AND account_id = $2";

/**
 * Takes the lock a session event's insert needs, once per transaction and session (it lasts until
 * COMMIT, so a run's many outputs take it with one round trip, once).
 *
 * Its `seq` (the stream position: streams read "after seq N") must grow in commit order, which an
 * identity column alone does not give on PostgreSQL: the value is taken at INSERT, so a transaction
 * that inserts first and commits last would put a smaller seq behind a position a stream already
 * passed, and that stream would never send it. So the insert first takes the transaction-level
 * advisory lock of the session's account (PgContext.lockSessionEventOrder), held until COMMIT: the
 * writers of one account take their seq values one transaction at a time, and a transaction's rows
 * are visible before the next one of the account can take a value. Every reader that follows
 * positions reads one session's or one account's rows (streams, `listEvents`), so order within an
 * account is the whole guarantee; writers of other accounts never wait (the lock used to be one for
 * the whole database, which queued every writer of every account behind it: docs/streams.md).
 *
 * One lock per account covers both tables (a transaction that appends session events appends outbox
 * events of the same account too: recordLifecycle), so there is no lock order to keep between them.
 */
export async function lockEventOrder(tx: PgContext, sessionId: string): Promise<void> {
  await tx.lockSessionEventOrder(sessionId);
}

/**
 * Appends an event, fanned out to the endpoints of the account whose subscription matches (its
 * kinds or `*`) but `exceptEndpointId`, as one `webhook_fanouts` row whose records the delivery
 * engine creates later in a batch. The event's statement goes with the COMMIT (FAN_OUT_EVENT):
 * the change and its event commit or roll back together, and the event's position is taken last.
 * Returns the envelope (its position is known once committed). Call it inside the transaction of
 * the change that causes the event (`ctx.tx`). The same contract as the SQLite adapter's
 * `appendEventTo` without `onlyEndpointId`.
 */
export function appendEvent(
  ctx: PgContext,
  accountId: string,
  data: EventData,
  exceptEndpointId?: string,
): Promise<EventEnvelope> {
  return ctx.tx(async (tx) => {
    const envelope = newEnvelope(data, tx.now());
    // These bytes are what every endpoint and every retry receives: serialize once, store, send as is.
    const payload = JSON.stringify(envelope);
    const params = [accountId, envelope.id, data.type, data.id, payload, envelope.created_at, exceptEndpointId ?? null];
    tx.atCommit(FAN_OUT_EVENT, params, (rows) => {
      // Wake the delivery loops (here and on the other replicas) to create the records: an event
      // nobody is subscribed to costs them no pass.
      if (rows[0]?.fanned_out === true) tx.signal("deliveries");
    });
    return envelope;
  });
}

/**
 * Appends an event with the delivery record of one endpoint, whatever it subscribes to (a test
 * event), both committed with the transaction; returns the event and the record's id (none when
 * the endpoint is not the account's). The same contract as the SQLite adapter's `appendEventTo`
 * with `onlyEndpointId`.
 */
export function appendEventFor(
  ctx: PgContext,
  accountId: string,
  data: EventData,
  endpointId: string,
): Promise<AppendedEvent> {
  return ctx.tx(async (tx) => {
    const envelope = newEnvelope(data, tx.now());
    const payload = JSON.stringify(envelope);
    // Streams read an account's events "after seq N": within the account, seq order must be commit
    // order (see context.ts). The lock lasts until COMMIT: a transaction takes it once per account.
    await tx.lockEventOrder(accountId);
    const inserted = await tx.one<{ seq: number }>(
      `INSERT INTO events (id, account_id, kind, resource_id, payload, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq`,
      [envelope.id, accountId, data.type, data.id, payload, envelope.created_at],
    );
    if (!inserted) throw new Error(`event ${envelope.id} was not inserted`);
    const seq = inserted.seq;
    const event = { seq, account_id: accountId, envelope, payload };
    const target = await tx.one<{ id: string; active: number }>(TARGET, [endpointId, accountId]);
    if (!target) return { event, deliveryIds: [] };
    const id = newId("whev");
    await tx.query(
      `INSERT INTO webhook_deliveries
         (id, account_id, endpoint_id, event_seq, event_id, event_type, status, attempt_count, round_start,
          next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, 0, $7, $7, $7)`,
      [id, accountId, target.id, seq, envelope.id, data.type, envelope.created_at],
    );
    // A disabled endpoint holds its record: the loops have nothing to send.
    if (target.active === 1) tx.signal("deliveries");
    return { event, deliveryIds: [id] };
  });
}

export function createOutboxStore(ctx: PgContext): Async<OutboxStore> {
  return {
    async listEvents(accountId, options = {}) {
      const rows = await ctx.query<EventRow>(
        "SELECT seq, account_id, payload FROM events WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        [accountId, options.afterSeq ?? 0, options.limit ?? 1000],
      );
      return rows.map(toEvent);
    },
  };
}
