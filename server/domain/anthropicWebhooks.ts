/**
 * The payload of a delivery to an endpoint made on the Anthropic-compatible surface
 * (`/v1/organizations/webhooks`): the stored envelope (`{id, type: "event", created_at, data}`)
 * with the two fields the SDK's `BetaWebhookEvent` types declare on every `data` and the native
 * envelope has not: `organization_id` and `workspace_id`. A self-hosted server has one level where
 * the hosted service has two, its account, so both are the account's id.
 */
import type { DeliveryPayload } from "../storage/port/deliveryQueue.ts";

/** The bytes a delivery sends: the stored envelope as is, or with the SDK's fields added to `data`. */
export function deliveryBody(payload: string, format: DeliveryPayload): string {
  if (format.surface === "cloud") return payload;
  const envelope = JSON.parse(payload) as { data?: Record<string, unknown> };
  const data = envelope.data ?? {};
  return JSON.stringify({
    ...envelope,
    data: { ...data, organization_id: format.account_id, workspace_id: format.account_id },
  });
}
