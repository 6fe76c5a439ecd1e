import type { StopReason } from "./sessions.ts";
/**
 * The event kinds endpoints subscribe to: the interface's "Event kinds" and the groups API.md adds
 * (deployments, environments, vaults and credentials, endpoint health). `webhook.test` is not
 * subscribable: it goes to the tested endpoint only. `vault_credential.refresh_failed` is emitted by
 * the model runtimes when an `mcp_oauth` credential's refresh fails (server/agents/mcp/credentials.ts).
 */
export const EVENT_KINDS = [
  "session.created",
  "session.updated",
  "session.archived",
  "session.deleted",
  "session.status_run_started",
  "session.status_idled",
  "session.status_rescheduled",
  "session.status_terminated",
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
  "environment.created",
  "environment.updated",
  "environment.archived",
  "environment.deleted",
  "vault.created",
  "vault.archived",
  "vault.deleted",
  "vault_credential.created",
  "vault_credential.updated",
  "vault_credential.archived",
  "vault_credential.deleted",
  "vault_credential.refresh_failed",
  "memory_store.created",
  "memory_store.archived",
  "memory_store.deleted",
  "webhook_endpoint.degraded",
  "webhook_endpoint.recovered",
  "webhook_endpoint.disabled",
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
  /** vault_credential.* events: the credential's vault. */
  vault_id?: string;
  /** webhook_endpoint.degraded and .disabled: the endpoint's failed attempts since its last success. */
  consecutive_fail?: number;
  /** webhook_endpoint.disabled: why. */
  disabled_reason?: { type: DisabledReasonType };
  /** session.status_idled: why the session went idle. */
  stop_reason?: StopReason;
}

/** Why a webhook endpoint is disabled (API.md, "Webhook endpoints"). */
export type DisabledReasonType = "gone" | "failing" | "manual";

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
