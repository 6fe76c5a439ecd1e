import type { Metadata, Page, PageQuery } from "./common.ts";
import type { DisabledReasonType } from "./outbox.ts";

/** How deliveries to an endpoint are signed (API.md, "Webhook endpoints"). */
export type SigningScheme = "webhook_signature" | "standard_webhooks";

/**
 * The API an endpoint was made on, which decides its deliveries' payload: `cloud`, the native
 * envelope; `anthropic` (made on /v1/organizations/webhooks), the SDK's, whose `data` adds
 * `organization_id` and `workspace_id` (domain/anthropicWebhooks.ts).
 */
export type EndpointSurface = "cloud" | "anthropic";

/** A webhook endpoint as stored. The signing secret is sealed (SecretBox, bound to the endpoint id). */
export interface WebhookEndpointRecord {
  id: string;
  account_id: string;
  url: string;
  /** Subscribed kinds, or `["*"]`. */
  events: string[];
  description: string | null;
  metadata: Metadata;
  signing_scheme: SigningScheme;
  surface: EndpointSurface;
  /** The SDK's short label of an endpoint made on /v1; null for native ones. */
  name: string | null;
  secret_sealed: string;
  /** Until when the secret a rotation replaced still signs; null when none, or once it has expired. */
  previous_secret_expires_at: string | null;
  active: boolean;
  /** Why the endpoint is disabled; null while active. */
  disabled_reason: DisabledReasonType | null;
  consecutive_fail: number;
  degraded: boolean;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The replaceable configuration of an endpoint (create and PUT). */
export interface WebhookEndpointConfig {
  url: string;
  events: string[];
  description: string | null;
  metadata: Metadata;
  signing_scheme: SigningScheme;
  /** The SDK's label (/v1); left out, a create stores none and a replace keeps the current one. */
  name?: string | null;
}

export type DeliveryStatus = "pending" | "succeeded" | "dead" | "discarded";

/** A delivery record: one event for one endpoint. */
export interface DeliveryRecord {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  last_response_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryAttempt {
  number: number;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
}

/** A record with the exact envelope bytes it sends and its attempts (oldest first). */
export interface DeliveryDetail extends DeliveryRecord {
  payload: string;
  attempts: DeliveryAttempt[];
}

/**
 * Webhook endpoints and their delivery records as the API sees them (the webhook endpoints and
 * webhook events routes). Records are created by the outbox fan-out (appendEvent) in the event's
 * own transaction; the delivery engine works them through the DeliveryQueue (port/deliveryQueue.ts).
 */
export interface WebhookEndpointStore {
  /** Creates an endpoint; null when the account already has `maxPerAccount` endpoints. */
  createEndpoint(
    accountId: string,
    input: WebhookEndpointConfig & { id: string; secret_sealed: string; surface?: EndpointSurface },
    maxPerAccount: number,
  ): WebhookEndpointRecord | null;
  getEndpoint(accountId: string, endpointId: string): WebhookEndpointRecord | null;
  listEndpoints(accountId: string, page: PageQuery): Page<WebhookEndpointRecord>;
  /** Replaces the configuration (PUT); null when not found. */
  replaceEndpoint(accountId: string, endpointId: string, config: WebhookEndpointConfig): WebhookEndpointRecord | null;
  /**
   * Enables or disables by hand. Disabling records `disabled_reason: manual` and writes a
   * `webhook_endpoint.disabled` event; enabling clears the reason, starts the failure streak over and
   * wakes the delivery loop so held records go out. No change, no event.
   */
  setEndpointActive(accountId: string, endpointId: string, active: boolean): WebhookEndpointRecord | null;
  /**
   * Makes `secret_sealed` the current secret. With `previousExpiresAt`, the secret it replaces keeps
   * signing until then (one previous secret at most: an older one is dropped); null when not found.
   */
  rotateSecret(
    accountId: string,
    endpointId: string,
    secretSealed: string,
    previousExpiresAt: string | null,
  ): WebhookEndpointRecord | null;
  /**
   * Re-queues, for a fresh round of attempts, every dead record of the endpoint whose event occurred
   * in [since, until); returns how many, or null when the endpoint is not found.
   */
  recoverDeliveries(accountId: string, endpointId: string, since: string, until: string): number | null;
  /** Deletes the endpoint and discards its undelivered (pending and dead) records; false when not found. */
  deleteEndpoint(accountId: string, endpointId: string): boolean;
  /** Writes a `webhook.test` event fanned out to this endpoint only; null when not found. */
  sendTestEvent(accountId: string, endpointId: string): { event_id: string; delivery_id: string } | null;

  listDeliveries(
    accountId: string,
    options: { endpointId?: string; status?: DeliveryStatus; eventType?: string; page: PageQuery },
  ): Page<DeliveryRecord>;
  getDelivery(accountId: string, deliveryId: string): DeliveryDetail | null;
  /** Re-queues a dead record for a new round of attempts; null when not found, "not_dead" otherwise. */
  retryDelivery(accountId: string, deliveryId: string): DeliveryRecord | null | "not_dead";
}
