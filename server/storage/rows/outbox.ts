/**
 * The events row (the outbox), its mapping to an OutboxEvent and the fan-out's shapes: one copy
 * for both adapters.
 */
import { newId } from "../../ids.ts";
import type { EventData, EventEnvelope, OutboxEvent } from "../port/outbox.ts";

export interface EventRow {
  seq: number;
  account_id: string;
  payload: string;
}

export const toEvent = (row: EventRow): OutboxEvent => ({
  seq: row.seq,
  account_id: row.account_id,
  envelope: JSON.parse(row.payload) as EventEnvelope,
  payload: row.payload,
});

/** A new event's envelope: what every endpoint and every retry receives. */
export const newEnvelope = (data: EventData, now: string): EventEnvelope => ({
  id: newId("evt"),
  created_at: now,
  type: "event",
  data,
});

/** An appended event and the delivery records it fanned out to. */
export interface AppendedEvent {
  event: OutboxEvent;
  /**
   * The records committed with the event: the one of a single-endpoint fan-out (`onlyEndpointId`).
   * A fan-out to every subscribed endpoint creates its records later (a `webhook_fanouts` row): none here.
   */
  deliveryIds: string[];
}

/** Which endpoints an event fans out to, beyond "every endpoint of the account subscribed to its kind". */
export interface FanOut {
  /** Only this endpoint, whatever it subscribes to (test events). */
  onlyEndpointId?: string;
  /** Every subscribed endpoint but this one (an endpoint's own `webhook_endpoint.disabled` event). */
  exceptEndpointId?: string;
}
