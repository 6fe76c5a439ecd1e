import type { Schema } from "../api.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import type { DeliveryRecord, DeliveryStatus } from "../storage/port/webhooks.ts";

type WebhookEvent = Schema<"WebhookEvent">;

export interface WebhookEventDeps {
  storage: Storage;
}

export function webhookEventView(r: DeliveryRecord): WebhookEvent {
  return {
    id: r.id,
    type: "webhook_event",
    event_id: r.event_id,
    event_type: r.event_type as WebhookEvent["event_type"],
    endpoint_id: r.endpoint_id,
    status: r.status,
    attempt_count: r.attempt_count,
    next_attempt_at: r.next_attempt_at,
    last_attempt_at: r.last_attempt_at,
    delivered_at: r.delivered_at,
    last_response_status: r.last_response_status,
    last_error: r.last_error,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const recordNotFound = (id: string) => notFound(`No webhook event with id ${id.slice(0, 64)}.`);

export interface WebhookEventFilters {
  endpointId?: string | undefined;
  status?: DeliveryStatus | undefined;
  eventType?: string | undefined;
}

export async function listWebhookEvents(
  deps: WebhookEventDeps,
  accountId: string,
  filters: WebhookEventFilters,
  page: PageQuery,
): Promise<Page<WebhookEvent>> {
  if (filters.endpointId !== undefined && !isId("wep", filters.endpointId)) {
    throw invalidRequest(
      `endpoint_id must be a webhook endpoint id (wep_...), got "${filters.endpointId.slice(0, 80)}".`,
      "endpoint_id",
    );
  }
  const result = await deps.storage.webhooks.listDeliveries(accountId, { ...filters, page });
  return { ...result, data: result.data.map(webhookEventView) };
}

export async function getWebhookEvent(
  deps: WebhookEventDeps,
  accountId: string,
  webhookEventId: string,
): Promise<Schema<"WebhookEventDetail">> {
  const detail = await deps.storage.webhooks.getDelivery(accountId, webhookEventId);
  if (!detail) throw recordNotFound(webhookEventId);
  return {
    ...webhookEventView(detail),
    payload: JSON.parse(detail.payload) as Schema<"WebhookEventDetail">["payload"],
    attempts: detail.attempts,
  };
}

export async function retryWebhookEvent(
  deps: WebhookEventDeps,
  accountId: string,
  webhookEventId: string,
): Promise<WebhookEvent> {
  const result = await deps.storage.webhooks.retryDelivery(accountId, webhookEventId);
  if (result === null) throw recordNotFound(webhookEventId);
  if (result === "not_dead") {
    const current = await deps.storage.webhooks.getDelivery(accountId, webhookEventId);
    throw conflict(`Only a dead webhook event can be retried; this one is ${current?.status ?? "not dead"}.`);
  }
  return webhookEventView(result);
}
