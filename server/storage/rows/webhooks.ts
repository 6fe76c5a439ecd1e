/**
 * The webhook tables' rows and their mapping to records, one copy for both adapters: the
 * PostgreSQL schema mirrors SQLite's (flags as integer 0/1, JSON and timestamps as text), so a row
 * reads the same from either, and both return identical records.
 */
import type { Metadata } from "../port/common.ts";
import type {
  AttemptOutcome,
  DeliveryTarget,
  EndpointGone,
  EndpointHealth,
  HealthPolicy,
  SettleResult,
} from "../port/deliveryQueue.ts";
import type { DisabledReasonType, EventData } from "../port/outbox.ts";
import type { EndpointSurface, SigningScheme, WebhookEndpointConfig, WebhookEndpointRecord } from "../port/webhooks.ts";
import type { FanOut } from "./outbox.ts";

export interface EndpointRow {
  id: string;
  account_id: string;
  url: string;
  events: string;
  all_events: number;
  description: string | null;
  metadata: string;
  signing_scheme: SigningScheme;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: string | null;
  active: number;
  disabled_reason: DisabledReasonType | null;
  failing_since: string | null;
  consecutive_fail: number;
  degraded: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
  surface: EndpointSurface;
  name: string | null;
}

/** The `webhook_endpoints` columns, in table order. */
export const ENDPOINT_COLUMNS = [
  "id",
  "account_id",
  "url",
  "events",
  "all_events",
  "description",
  "metadata",
  "signing_scheme",
  "secret_sealed",
  "previous_secret_sealed",
  "previous_secret_expires_at",
  "active",
  "disabled_reason",
  "failing_since",
  "consecutive_fail",
  "degraded",
  "last_success_at",
  "last_failure_at",
  "created_at",
  "updated_at",
  "surface",
  "name",
] as const satisfies readonly (keyof EndpointRow)[];

/** The record of a row as of `now`: a previous secret that has expired no longer shows. */
export const toEndpoint = (r: EndpointRow, now: string): WebhookEndpointRecord => ({
  id: r.id,
  account_id: r.account_id,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  description: r.description,
  metadata: JSON.parse(r.metadata) as Metadata,
  signing_scheme: r.signing_scheme,
  surface: r.surface,
  name: r.name,
  secret_sealed: r.secret_sealed,
  previous_secret_expires_at:
    r.previous_secret_sealed !== null && r.previous_secret_expires_at !== null && r.previous_secret_expires_at > now
      ? r.previous_secret_expires_at
      : null,
  active: r.active === 1,
  disabled_reason: r.active === 1 ? null : (r.disabled_reason ?? "manual"),
  consecutive_fail: r.consecutive_fail,
  degraded: r.degraded === 1,
  last_success_at: r.last_success_at,
  last_failure_at: r.last_failure_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** A new endpoint's row: active, healthy, no previous secret. */
export const newEndpointRow = (
  accountId: string,
  input: WebhookEndpointConfig & { id: string; secret_sealed: string; surface?: EndpointSurface },
  now: string,
): EndpointRow => ({
  id: input.id,
  account_id: accountId,
  url: input.url,
  events: JSON.stringify(input.events),
  all_events: input.events.includes("*") ? 1 : 0,
  description: input.description,
  metadata: JSON.stringify(input.metadata),
  signing_scheme: input.signing_scheme,
  secret_sealed: input.secret_sealed,
  previous_secret_sealed: null,
  previous_secret_expires_at: null,
  active: 1,
  disabled_reason: null,
  failing_since: null,
  consecutive_fail: 0,
  degraded: 0,
  last_success_at: null,
  last_failure_at: null,
  created_at: now,
  updated_at: now,
  surface: input.surface ?? "cloud",
  name: input.name ?? null,
});

/** The row with a replaced configuration (url, events, description, metadata, signing scheme, name). */
export const withConfig = (row: EndpointRow, config: WebhookEndpointConfig, now: string): EndpointRow => ({
  ...row,
  url: config.url,
  events: JSON.stringify(config.events),
  all_events: config.events.includes("*") ? 1 : 0,
  description: config.description,
  metadata: JSON.stringify(config.metadata),
  signing_scheme: config.signing_scheme,
  name: config.name === undefined ? row.name : config.name,
  updated_at: now,
});

/** The row enabled, or disabled by hand. */
export const withActive = (row: EndpointRow, active: boolean, now: string): EndpointRow => ({
  ...row,
  active: active ? 1 : 0,
  disabled_reason: active ? null : "manual",
  // Enabled again: a new failure streak starts with the next failure, so an endpoint
  // disabled for failing is not disabled again by its first failure.
  failing_since: active ? null : row.failing_since,
  updated_at: now,
});

/** The row with a new signing secret; the old one keeps signing until `previousExpiresAt` (null: not at all). */
export const withRotatedSecret = (
  row: EndpointRow,
  secretSealed: string,
  previousExpiresAt: string | null,
  now: string,
): EndpointRow => ({
  ...row,
  secret_sealed: secretSealed,
  previous_secret_sealed: previousExpiresAt === null ? null : row.secret_sealed,
  previous_secret_expires_at: previousExpiresAt,
  updated_at: now,
});

/**
 * Whether a failed attempt disables its endpoint, given the endpoint after the failure was counted:
 * 410 Gone at once; a failure streak older than `autoDisableAfterMs`; never an endpoint already disabled.
 */
export function disableAfterFailure(
  after: { active: number; failing_since: string },
  outcome: AttemptOutcome,
  policy: HealthPolicy,
  now: string,
): DisabledReasonType | null {
  if (after.active !== 1) return null;
  if (outcome.gone) return "gone";
  if (policy.autoDisableAfterMs > 0 && Date.parse(now) - Date.parse(after.failing_since) >= policy.autoDisableAfterMs) {
    return "failing";
  }
  return null;
}

/**
 * The `webhook_endpoint.disabled` event of an endpoint and its fan-out: to the account's endpoints
 * subscribed to it, except the disabled endpoint itself (it would only hold the record until it
 * is enabled).
 */
export const disabledEvent = (
  endpointId: string,
  consecutiveFail: number,
  reason: DisabledReasonType,
): [EventData, FanOut] => [
  {
    id: endpointId,
    type: "webhook_endpoint.disabled",
    consecutive_fail: consecutiveFail,
    disabled_reason: { type: reason },
  },
  { exceptEndpointId: endpointId },
];

/** The delivery record columns (a DeliveryRecord as stored). */
export const DELIVERY_COLUMNS =
  "id, account_id, endpoint_id, event_id, event_type, status, attempt_count, next_attempt_at, last_attempt_at, " +
  "delivered_at, last_response_status, last_error, created_at, updated_at";

/** A delivery record a claim leased. */
export interface ClaimRow {
  id: string;
  event_seq: number;
  event_id: string;
  event_type: string;
  attempt_count: number;
  round_start: number;
}

/** An attempt that moved nothing (its record or endpoint is gone, or its lease was lost). */
export const UNCHANGED: EndpointHealth = { consecutive_fail: 0, degraded: null, disabled: null };
/** A settle that did nothing. */
export const NOTHING: SettleResult = {
  health: [],
  claimed: [],
  more: false,
  othersLeases: null,
  targets: {},
  fanOutLeft: false,
};
/** No outcome is recorded without its policy; a claim alone needs none. */
export const NO_POLICY: HealthPolicy = { degradedThreshold: Number.MAX_SAFE_INTEGER, autoDisableAfterMs: 0 };

/** What a claim reads of an endpoint to send to it. */
export type TargetRow = Pick<
  EndpointRow,
  | "id"
  | "account_id"
  | "url"
  | "signing_scheme"
  | "surface"
  | "secret_sealed"
  | "previous_secret_sealed"
  | "previous_secret_expires_at"
>;

/** An endpoint's target with whether it is active: what a settle reports of the endpoints it refreshes. */
export type TargetStateRow = TargetRow & Pick<EndpointRow, "active">;

/**
 * The current target of each of `ids` (SettleResult.targets): "deleted" when no row came back for
 * it, "disabled" when its row is not active.
 */
export function targetsOf(ids: string[], rows: TargetStateRow[]): Record<string, DeliveryTarget | EndpointGone> {
  const targets: Record<string, DeliveryTarget | EndpointGone> = Object.fromEntries(ids.map((id) => [id, "deleted"]));
  for (const row of rows) targets[row.id] = row.active === 1 ? targetOf(row) : "disabled";
  return targets;
}

export const targetOf = (row: TargetRow): DeliveryTarget => ({
  url: row.url,
  signing_scheme: row.signing_scheme,
  payload_format:
    row.surface === "anthropic" ? { surface: "anthropic", account_id: row.account_id } : { surface: "cloud" },
  secret_sealed: row.secret_sealed,
  previous_secret:
    row.previous_secret_sealed !== null && row.previous_secret_expires_at !== null
      ? { sealed: row.previous_secret_sealed, expires_at: row.previous_secret_expires_at }
      : null,
});
