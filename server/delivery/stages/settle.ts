/**
 * The settle stage of a delivery: the finished attempts recorded and due records leased in one
 * transaction (the delivery queue's `settle`), then what the outcomes did logged and counted.
 */

import type { WebhookConfig } from "../../config/sections.ts";
import { describeError, type Logger } from "../../logger.ts";
import type { Metrics } from "../../metrics.ts";
import type { ClaimOptions, EndpointHealth, SettleResult } from "../../storage/port/deliveryQueue.ts";
import { type Storage, StorageBusyError } from "../../storage/port/index.ts";
import type { Finished } from "./send.ts";

export interface SettleDeps {
  storage: Pick<Storage, "deliveryQueue">;
  config: WebhookConfig;
  logger: Logger;
  metrics: Pick<Metrics, "observeDeliveryAttempt">;
}

/** What a settle leased, and the attempts left to record at the next one. */
export interface Settled {
  result: Omit<SettleResult, "health">;
  /** Not recorded (the database was busy): to be settled again. */
  unrecorded: Finished[];
  /** The batch failed and was recorded one by one without claiming: claim in a pass of its own. */
  claimSkipped: boolean;
}

/**
 * Records `batch` and claims (one transaction), then logs and counts what the outcomes did. A
 * locked database throws (the whole batch is to be settled again); a batch that fails otherwise is
 * recorded one by one, so that one outcome that cannot be written does not hold back the others
 * (one that cannot be recorded at all is left out: its lease expires and it is sent again).
 */
export async function settleBatch(deps: SettleDeps, batch: Finished[], claim: ClaimOptions | null): Promise<Settled> {
  const { storage, config, logger } = deps;
  let result: SettleResult;
  try {
    result = await storage.deliveryQueue.settle(
      batch.map((f) => f.outcome),
      config,
      claim,
    );
  } catch (err) {
    if (err instanceof StorageBusyError || batch.length === 0) throw err;
    logger.error("webhook-delivery: recording a batch of attempts failed; recording them one by one", {
      count: batch.length,
      ...describeError(err),
    });
    const recorded: Finished[] = [];
    const unrecorded: Finished[] = [];
    const health: EndpointHealth[] = [];
    for (const f of batch) {
      try {
        health.push(await storage.deliveryQueue.recordAttempt(f.outcome, config));
        recorded.push(f);
      } catch (one) {
        if (one instanceof StorageBusyError) {
          unrecorded.push(f);
          continue;
        }
        logger.error("webhook-delivery: an attempt could not be recorded; it will be sent again", {
          webhook_event_id: f.outcome.delivery_id,
          ...describeError(one),
        });
      }
    }
    reportSettled(deps, recorded, health);
    return {
      result: { claimed: [], more: true, othersLeases: null, targets: {}, fanOutLeft: true },
      unrecorded,
      claimSkipped: true,
    };
  }
  reportSettled(deps, batch, result.health);
  return { result, unrecorded: [], claimSkipped: false };
}

/** The metrics and log lines of recorded attempts (`health[i]` is how the endpoint of `recorded[i]` moved). */
export function reportSettled(deps: SettleDeps, recorded: Finished[], health: EndpointHealth[]): void {
  const { logger, config, metrics } = deps;
  recorded.forEach((f, i) => {
    const endpointId = f.outcome.endpoint_id;
    metrics.observeDeliveryAttempt(f.decision, f.durationMs / 1000);
    if (f.decision === "dead") {
      logger.info("webhook-delivery: record is dead after its last attempt", {
        webhook_event_id: f.outcome.delivery_id,
        endpoint_id: endpointId,
        error: f.error,
      });
    }
    const moved = health[i];
    if (!moved) return;
    if (moved.degraded === "raised") {
      logger.warn("webhook endpoint degraded: consecutive failed deliveries exceed the threshold", {
        endpoint_id: endpointId,
        consecutive_fail: moved.consecutive_fail,
        threshold: config.degradedThreshold,
        last_error: f.error,
      });
    } else if (moved.degraded === "cleared") {
      logger.info("webhook endpoint recovered: a delivery succeeded", { endpoint_id: endpointId });
    }
    if (moved.disabled !== null) {
      logger.warn(
        moved.disabled === "gone"
          ? "webhook endpoint disabled: it answered 410 Gone"
          : "webhook endpoint disabled: its deliveries kept failing without a success",
        { endpoint_id: endpointId, disabled_reason: moved.disabled, consecutive_fail: moved.consecutive_fail },
      );
    }
  });
}
