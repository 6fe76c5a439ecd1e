/**
 * The delivery queue: the delivery engine's side of the delivery records (server/delivery/). It
 * leases due records, records each attempt with its outcome and the endpoint's health, and gives
 * leases back. The API's side of the same records is the WebhookEndpointStore (port/webhooks.ts).
 */
import type { DisabledReasonType } from "./outbox.ts";
import type { SigningScheme } from "./webhooks.ts";

/** Which payload an endpoint's deliveries carry (port/webhooks.ts EndpointSurface), with what it needs. */
export type DeliveryPayload = { surface: "cloud" } | { surface: "anthropic"; account_id: string };

/** A record claimed by a delivery worker, with everything one attempt needs. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The number this attempt will have (attempt_count + 1). */
  number: number;
  /** The attempt's position in the current round (1 to maxAttempts); a manual retry starts a new round. */
  round_attempt: number;
  lease_token: string;
  /** The serialized envelope: the bytes to send, identical on every attempt. */
  payload: string;
  url: string;
  signing_scheme: SigningScheme;
  /** The endpoint's payload (the stored envelope as is, or the SDK's: domain/anthropicWebhooks.ts). */
  payload_format: DeliveryPayload;
  secret_sealed: string;
  /** The secret a rotation replaced, while it still signs (with its expiry); null otherwise. */
  previous_secret: { sealed: string; expires_at: string } | null;
}

/** What one attempt produced, and what becomes of the record. */
export interface AttemptOutcome {
  delivery_id: string;
  endpoint_id: string;
  lease_token: string;
  started_at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  /**
   * `aborted`: the engine cut the attempt short because its endpoint was disabled or deleted
   * meanwhile (`error` says which). It is recorded as an attempt, but not as the receiver's
   * failure: the record stays pending (held until the endpoint is enabled), the attempt does not
   * use up the round's attempts, and the endpoint's health does not move.
   */
  result: { type: "succeeded" } | { type: "retry"; next_attempt_at: string } | { type: "dead" } | { type: "aborted" };
  /** The receiver answered 410 Gone: the endpoint is disabled at once. */
  gone: boolean;
}

/** The endpoint health policy (config.webhook). */
export interface HealthPolicy {
  /** `consecutive_fail` above this marks the endpoint degraded. */
  degradedThreshold: number;
  /** A failure streak this long without a success disables the endpoint; 0 never does. */
  autoDisableAfterMs: number;
}

/**
 * How an endpoint's health moved with an attempt: `raised` when it just became degraded, `cleared`
 * when a success ended it; `disabled` when this attempt disabled it (410 Gone or sustained failure).
 * Each move wrote its `webhook_endpoint.*` event in the attempt's transaction.
 */
export interface EndpointHealth {
  consecutive_fail: number;
  degraded: "raised" | "cleared" | null;
  disabled: DisabledReasonType | null;
}

/** What `settle` did: the health move of each recorded outcome, and the records it leased. */
export interface SettleResult {
  health: EndpointHealth[];
  claimed: ClaimedDelivery[];
  /** Due records were left unclaimed by a limit (overall or per endpoint): there is more to do now. */
  more: boolean;
  /**
   * With `claim.holder`: the leases in force per endpoint held by others (other servers' workers),
   * endpoints with none left out; null without a claim.
   */
  othersLeases: Record<string, number> | null;
  /**
   * The current target of each endpoint in `claim.refresh`, read after the outcomes were recorded;
   * "disabled" or "deleted" when it is gone (its waiting records must not be sent, and its attempts
   * in flight are recorded as aborted for that reason).
   */
  targets: Record<string, DeliveryTarget | EndpointGone>;
  /**
   * Events still waiting for their records after this settle's fan-out (`ClaimOptions.fanOutLimit`
   * reached, or rows another replica holds): the engine makes another pass.
   */
  fanOutLeft: boolean;
}

export interface ClaimOptions {
  /** At most this many records in total. */
  limit: number;
  /** At most this many leased records per endpoint, counting the ones already leased (by anyone). */
  endpointConcurrency: number;
  /**
   * With `holder`: on an endpoint where no other holder has a lease, lease up to this many times
   * `endpointConcurrency` (records that wait in the worker for a slot); 1 by default. Where others
   * hold leases the bound stays `endpointConcurrency`, so that together the holders never lease
   * more than they may run at once.
   */
  claimAhead?: number;
  leaseMs: number;
  /** Written on the claimed records; outcomes and releases must present it. */
  leaseToken: string;
  /** The worker's own lease tokens start with `${holder}.`: leases of other holders are reported (settle). */
  holder?: string;
  /** Endpoints whose claimed records wait in the worker: their current target is reported (settle). */
  refresh?: string[];
  /**
   * Before it claims, the settle creates the delivery records of at most this many fanned-out
   * events (`webhook_fanouts`, oldest first); FAN_OUT_BATCH by default.
   */
  fanOutLimit?: number;
}

/** Why an endpoint no longer takes deliveries. */
export type EndpointGone = "disabled" | "deleted";

/** Where and how an endpoint's deliveries are sent now. */
export type DeliveryTarget = Pick<
  ClaimedDelivery,
  "url" | "signing_scheme" | "payload_format" | "secret_sealed" | "previous_secret"
>;

/** The delivery engine's operations on the delivery records. */
export interface DeliveryQueue {
  /**
   * Atomically leases due records of enabled endpoints (one immediate transaction), at most
   * `endpointConcurrency` leased per endpoint, starting from a different endpoint on each call
   * so that no endpoint is always served first.
   */
  claimDue(options: ClaimOptions): ClaimedDelivery[];
  /**
   * Persists an attempt and its outcome, releases the lease, updates the endpoint's health and
   * writes the health events, in one transaction - while the claim is still held (the record is
   * pending under `lease_token`; a lease that expired still holds until another holder claims the
   * record). A late result of a claim lost meanwhile (another holder took the record, or its
   * endpoint was deleted) only adds its attempt to the record's history: the record (status,
   * counters, last response) and the endpoint's health stay as they are.
   */
  recordAttempt(outcome: AttemptOutcome, policy: HealthPolicy): EndpointHealth;
  /**
   * The delivery engine's one write per turn: records finished attempts (each exactly as
   * `recordAttempt` would, in order: its lease released, its endpoint's health and events), then
   * leases due records as `claimDue` would (when `claim` is given), all in one transaction.
   * `health[i]` is how the endpoint of `outcomes[i]` moved. With a claim, it first creates the
   * records of fanned-out events (`fanOutLimit`), so that they can be claimed at once. With no
   * outcomes, nothing due and no event to fan out it takes no write lock. A claim with a `limit` of 0 leases nothing but still refreshes.
   */
  settle(outcomes: AttemptOutcome[], policy: HealthPolicy, claim: ClaimOptions | null): SettleResult;
  /** Releases leases without recording an attempt (shutdown): the records are due again at once. */
  releaseLeases(leases: { id: string; lease_token: string }[]): void;
  /** The earliest future time at which a pending record falls due or a lease expires; null when none. */
  nextWakeAt(): string | null;
  /** Whether any record is pending (due, scheduled, held or leased) or any event waits for its records: whether there is delivery work at all. */
  hasPending(): boolean;
}
