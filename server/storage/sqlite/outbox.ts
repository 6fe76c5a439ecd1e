import type Database from "better-sqlite3";
import { newId } from "../../ids.ts";
import type { EventData, OutboxEvent, OutboxStore } from "../port/outbox.ts";
import { type AppendedEvent, type EventRow, type FanOut, newEnvelope, toEvent } from "../rows/outbox.ts";
import type { SqliteContext } from "./context.ts";

interface FanOutStatements {
  insertEvent: Database.Statement;
  subscribers: Database.Statement;
  target: Database.Statement;
  insertDelivery: Database.Statement;
}

// appendEvent sits on every write path that emits events: prepare its statements once per connection.
const statements = new WeakMap<Database.Database, FanOutStatements>();

function prepared(db: Database.Database): FanOutStatements {
  let s = statements.get(db);
  if (!s) {
    s = {
      insertEvent: db.prepare(
        "INSERT INTO events (id, account_id, kind, resource_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      // Every endpoint of the account subscribed to the kind, enabled or not: a disabled
      // endpoint's records are created and held until it is enabled.
      subscribers: db.prepare(
        `SELECT id, active FROM webhook_endpoints
         WHERE account_id = ? AND (all_events = 1 OR EXISTS (SELECT 1 FROM json_each(webhook_endpoints.events) WHERE value = ?))
         ORDER BY id`,
      ),
      target: db.prepare("SELECT id, active FROM webhook_endpoints WHERE id = ? AND account_id = ?"),
      insertDelivery: db.prepare(
        `INSERT INTO webhook_deliveries
           (id, account_id, endpoint_id, event_seq, event_id, event_type, status, attempt_count, round_start,
            next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, 0, ?, ?, ?)`,
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/**
 * Appends an event and fans it out: one delivery record per endpoint of the account whose
 * subscription matches (its kinds or `*`), narrowed by `fanOut`. The event and its records commit
 * together, so the delivery loop never sees one without the other.
 */
export function appendEventTo(
  ctx: SqliteContext,
  accountId: string,
  data: EventData,
  fanOut: FanOut = {},
): AppendedEvent {
  const s = prepared(ctx.db);
  return ctx.tx(() => {
    const envelope = newEnvelope(data, ctx.now());
    // These bytes are what every endpoint and every retry receives: serialize once, store, send as is.
    const payload = JSON.stringify(envelope);
    const info = s.insertEvent.run(envelope.id, accountId, data.type, data.id, payload, envelope.created_at);
    const seq = Number(info.lastInsertRowid);
    const endpoints = (
      fanOut.onlyEndpointId === undefined
        ? s.subscribers.all(accountId, data.type)
        : s.target.all(fanOut.onlyEndpointId, accountId)
    ) as { id: string; active: number }[];
    const deliveryIds: string[] = [];
    let deliverable = false;
    for (const endpoint of endpoints) {
      if (endpoint.id === fanOut.exceptEndpointId) continue;
      if (endpoint.active === 1) deliverable = true;
      const id = newId("whev");
      s.insertDelivery.run(
        id,
        accountId,
        endpoint.id,
        seq,
        envelope.id,
        data.type,
        envelope.created_at,
        envelope.created_at,
        envelope.created_at,
      );
      deliveryIds.push(id);
    }
    // Wake the delivery loop (after the commit) only when there is something for it to send: an
    // event nobody is subscribed to, or held by disabled endpoints, costs it no pass.
    if (deliverable) ctx.signal("deliveries");
    return { event: { seq, account_id: accountId, envelope, payload }, deliveryIds };
  });
}

/**
 * Appends one event to the outbox. Call it inside the transaction of the change that causes
 * the event (`ctx.tx`), so the change, its event and the event's delivery records commit or
 * roll back together. The delivery loop is signalled after the commit when a record is due.
 */
export function appendEvent(ctx: SqliteContext, accountId: string, data: EventData): OutboxEvent {
  return appendEventTo(ctx, accountId, data).event;
}

export function createOutboxStore(ctx: SqliteContext): OutboxStore {
  return {
    listEvents(accountId, options = {}) {
      const rows = ctx.db
        .prepare("SELECT seq, account_id, payload FROM events WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?")
        .all(accountId, options.afterSeq ?? 0, options.limit ?? 1000) as EventRow[];
      return rows.map(toEvent);
    },
  };
}
