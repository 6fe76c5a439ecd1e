import { newId } from "../../ids.ts";
import type { EventData, EventEnvelope, OutboxEvent, OutboxStore } from "../port/outbox.ts";
import type { SqliteContext } from "./context.ts";

interface EventRow {
  seq: number;
  account_id: string;
  payload: string;
}

const toEvent = (row: EventRow): OutboxEvent => ({
  seq: row.seq,
  account_id: row.account_id,
  envelope: JSON.parse(row.payload) as EventEnvelope,
  payload: row.payload,
});

/**
 * Appends one event to the outbox. Call it inside the transaction of the change that causes
 * the event (`ctx.tx`), so the change and its event commit or roll back together.
 * The delivery loop is signalled after the commit.
 */
export function appendEvent(ctx: SqliteContext, accountId: string, data: EventData): OutboxEvent {
  const envelope: EventEnvelope = {
    id: newId("evt"),
    created_at: ctx.nowIso(),
    type: "event",
    data,
  };
  const payload = JSON.stringify(envelope);
  const info = ctx.db
    .prepare("INSERT INTO events (id, account_id, kind, resource_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(envelope.id, accountId, data.type, data.id, payload, envelope.created_at);
  ctx.signal("events");
  return { seq: Number(info.lastInsertRowid), account_id: accountId, envelope, payload };
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
