/**
 * The send stage of a delivery: one attempt, from the stored envelope bytes to what becomes of
 * the record (the retry policy's decision), ready for the settle stage.
 */

import type { Clock } from "../../clock.ts";
import type { WebhookConfig } from "../../config/sections.ts";
import { deliveryBody } from "../../domain/anthropicWebhooks.ts";
import type { DeliveryOutcome } from "../../metrics.ts";
import type { AttemptOutcome, ClaimedDelivery, EndpointGone } from "../../storage/port/deliveryQueue.ts";
import { decide } from "../policy.ts";
import type { SendResult, WebhookSender } from "../sender.ts";
import { deliveryHeaders, type SigningSecrets } from "./sign.ts";

/**
 * Why an endpoint's attempts were cut short: told by this server's API, or seen in the database
 * (another server's change, or this one's before its API told the delivery thread).
 */
export type EndpointAbortReason = EndpointGone;

/** The abort reason of an endpoint's attempts: its message is the error the attempt records. */
export class EndpointAborted extends Error {
  constructor(why: EndpointAbortReason) {
    super(`Aborted: the endpoint was ${why} during the attempt`);
  }
}

/** The abort reason of the attempts abandoned at shutdown (their leases are released, nothing recorded). */
export const SHUTDOWN = "shutdown";

/** A finished attempt waiting for the next settle, with what its log lines and metrics need. */
export interface Finished {
  outcome: AttemptOutcome;
  decision: DeliveryOutcome;
  durationMs: number;
  error: string | null;
}

export interface SendDeps {
  clock: Clock;
  config: WebhookConfig;
  sender: WebhookSender;
  secrets: SigningSecrets;
  random?: () => number;
}

const UNDECRYPTABLE = "The endpoint's signing secret cannot be decrypted with the configured CLOUD_AGENTS_SECRET_KEY";

/**
 * Signs and sends one attempt; resolves with its outcome (aborted when its endpoint was disabled
 * or deleted during it), or null when it was abandoned at shutdown.
 */
export async function sendAttempt(
  deps: SendDeps,
  delivery: ClaimedDelivery,
  signal: AbortSignal,
): Promise<Finished | null> {
  const { clock, config } = deps;
  const startedAt = clock.now();
  const body = Buffer.from(deliveryBody(delivery.payload, delivery.payload_format), "utf8");
  const secrets = deps.secrets.of(delivery, startedAt);
  const sent: SendResult =
    secrets === null
      ? { status: null, error: UNDECRYPTABLE, retryAfter: undefined, durationMs: 0 }
      : await deps.sender.send(delivery.url, body, deliveryHeaders(delivery, secrets, startedAt, body), signal);
  // Abandoned at shutdown: stop() releases the lease; the attempt is not the receiver's fault.
  if (signal.aborted && signal.reason === SHUTDOWN) return null;
  const finished = (result: AttemptOutcome["result"], error: string | null, status: number | null): Finished => ({
    outcome: {
      delivery_id: delivery.id,
      endpoint_id: delivery.endpoint_id,
      lease_token: delivery.lease_token,
      started_at: startedAt.toISOString(),
      duration_ms: sent.durationMs,
      response_status: status,
      error,
      result,
      gone: status === 410,
    },
    decision: result.type,
    durationMs: sent.durationMs,
    error,
  });
  // Cut short because its endpoint was disabled or deleted: recorded as such (an exchange that
  // had completed is recorded as it went).
  if (sent.aborted) {
    return finished(
      { type: "aborted" },
      signal.reason instanceof EndpointAborted ? signal.reason.message : sent.error,
      null,
    );
  }
  const now = clock.now();
  const decision = decide(config, delivery.round_attempt, sent, now, deps.random);
  return finished(
    decision.type === "retry"
      ? { type: "retry", next_attempt_at: new Date(now.getTime() + decision.delayMs).toISOString() }
      : decision,
    sent.error,
    sent.status,
  );
}
