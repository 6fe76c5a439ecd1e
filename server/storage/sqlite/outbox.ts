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
  insertFanOut: Database.Statement;
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
      insertFanOut: db.prepare(
        "INSERT INTO webhook_fanouts (event_seq, account_id, endpoint_ids, created_at) VALUES (?, ?, ?, ?)",
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/**
 * Appends an event and fans it out to the endpoints of the account whose subscription matches
 * (its kinds or `*`), narrowed by `fanOut`. Every endpoint subscribed (`fanOut` without
 * `onlyEndpointId`): the event commits with one `webhook_fanouts` row naming those endpoints, and
 * the delivery engine creates their records in a batch of its own (shared/deliveryQueue.ts
 * fanOutPending), so a request pays for one small row however many endpoints there are. A single
 * endpoint (a test event): its record commits with the event, and its id is returned.
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
    const event = { seq, account_id: accountId, envelope, payload };
    if (fanOut.onlyEndpointId === undefined) {
      const endpoints = s.subscribers.all(accountId, data.type) as { id: string; active: number }[];
      const targets = endpoints.filter((e) => e.id !== fanOut.exceptEndpointId);
      if (targets.length > 0) {
        s.insertFanOut.run(seq, accountId, targets.map((e) => e.id).join(","), envelope.created_at);
        // Wake the delivery loop (after the commit) to create the records: an event nobody is
        // subscribed to costs it no pass.
        ctx.signal("deliveries");
      }
      return { event, deliveryIds: [] };
    }
    const target = s.target.get(fanOut.onlyEndpointId, accountId) as { id: string; active: number } | undefined;
    if (!target) return { event, deliveryIds: [] };
    const id = newId("whev");
    const at = envelope.created_at;
    s.insertDelivery.run(id, accountId, target.id, seq, envelope.id, data.type, at, at, at);
    // A disabled endpoint holds its record: the loop has nothing to send.
    if (target.active === 1) ctx.signal("deliveries");
    return { event, deliveryIds: [id] };
  });
}

/**
 * Appends one event to the outbox. Call it inside the transaction of the change that causes
 * the event (`ctx.tx`), so the change and its event (with its fan-out row) commit or roll back
 * together. The delivery loop is signalled after the commit when there is a fan-out to make.
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
