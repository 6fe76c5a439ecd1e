/** The event kinds the service emits (interface, "Event kinds", and the deployment events of API.md), plus `webhook.test`. */
export const EVENT_KINDS = [
  "session.created",
  "session.updated",
  "session.archived",
  "session.deleted",
  "session.status_run_started",
  "session.status_idled",
  "session.thread_created",
  "session.thread_idled",
  "session.thread_terminated",
  "agent.created",
  "agent.updated",
  "agent.archived",
  "agent.deleted",
  "deployment.created",
  "deployment.updated",
  "deployment.paused",
  "deployment.unpaused",
  "deployment.archived",
  "deployment.deleted",
  "deployment_run.started",
  "deployment_run.succeeded",
  "deployment_run.failed",
] as const;

export type EventKind = (typeof EVENT_KINDS)[number] | "webhook.test";

/** The `data` object of an event: the resource id, the kind, and kind-specific fields. */
export interface EventData {
  id: string;
  type: EventKind;
  session_thread_id?: string;
  version?: number;
  /** deployment_run.* events: the run's deployment and the session it created (null when none). */
  deployment_id?: string;
  session_id?: string | null;
}

/** The envelope exactly as it is delivered (API.md, "Webhook events and delivery"). */
export interface EventEnvelope {
  id: string;
  created_at: string;
  type: "event";
  data: EventData;
}

export interface OutboxEvent {
  seq: number;
  account_id: string;
  envelope: EventEnvelope;
  /** The serialized envelope: the exact bytes every delivery and every retry sends. */
  payload: string;
}

/**
 * Read access to the outbox (tests assert on it). Writes happen inside domain transactions, where
 * the SQLite adapter also fans each event out to the matching webhook endpoints.
 */
export interface OutboxStore {
  /** Events of an account in the order they were written (oldest first). */
  listEvents(accountId: string, options?: { afterSeq?: number; limit?: number }): OutboxEvent[];
}
