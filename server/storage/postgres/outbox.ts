import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type { EventData, OutboxEvent, OutboxStore } from "../port/outbox.ts";
import { type AppendedEvent, type EventRow, type FanOut, newEnvelope, toEvent } from "../rows/outbox.ts";
import type { PgContext } from "./context.ts";

// Every endpoint of the account subscribed to the kind, enabled or not: a disabled endpoint's
// records are created and held until it is enabled. `events` is a JSON array of kinds (text).
const SUBSCRIBERS = `SELECT id, active FROM webhook_endpoints
  WHERE account_id = $1 AND (all_events = 1 OR (events::jsonb) ? $2) ORDER BY id`;
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
 * Appends an event and fans it out: one delivery record per endpoint of the account whose
 * subscription matches (its kinds or `*`), narrowed by `fanOut`. The event and its records commit
 * together (one transaction: the caller's, or one of its own), so the delivery loop never sees one
 * without the other. The same contract as the SQLite adapter's `appendEventTo`.
 */
export function appendEventTo(
  ctx: PgContext,
  accountId: string,
  data: EventData,
  fanOut: FanOut = {},
): Promise<AppendedEvent> {
  return ctx.tx(async (tx) => {
    const envelope = newEnvelope(data, tx.now());
    // These bytes are what every endpoint and every retry receives: serialize once, store, send as is.
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
    const endpoints = await (fanOut.onlyEndpointId === undefined
      ? tx.query<{ id: string; active: number }>(SUBSCRIBERS, [accountId, data.type])
      : tx.query<{ id: string; active: number }>(TARGET, [fanOut.onlyEndpointId, accountId]));
    const targets = endpoints.filter((e) => e.id !== fanOut.exceptEndpointId);
    const deliveryIds = targets.map(() => newId("whev"));
    if (targets.length > 0) {
      // One statement for every record of the event.
      await tx.query(
        `INSERT INTO webhook_deliveries
           (id, account_id, endpoint_id, event_seq, event_id, event_type, status, attempt_count, round_start,
            next_attempt_at, created_at, updated_at)
         SELECT d.id, $1, d.endpoint_id, $2, $3, $4, 'pending', 0, 0, $5, $5, $5
         FROM unnest($6::text[], $7::text[]) AS d(id, endpoint_id)`,
        [accountId, seq, envelope.id, data.type, envelope.created_at, deliveryIds, targets.map((e) => e.id)],
      );
    }
    // Wake the delivery loops (after the commit, here and on the other replicas) only when there
    // is something to send: an event nobody is subscribed to, or held by disabled endpoints, costs
    // them no pass.
    if (targets.some((e) => e.active === 1)) tx.signal("deliveries");
    return { event: { seq, account_id: accountId, envelope, payload }, deliveryIds };
  });
}

/**
 * Appends one event to the outbox. Call it inside the transaction of the change that causes the
 * event (`ctx.tx`), so the change, its event and the event's delivery records commit or roll back
 * together. The delivery loops are signalled after the commit when a record is due.
 */
export async function appendEvent(ctx: PgContext, accountId: string, data: EventData): Promise<OutboxEvent> {
  return (await appendEventTo(ctx, accountId, data)).event;
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
