import type { Storage } from "../../../server/storage/port/index.ts";
import { NO_POLICY } from "../../../server/storage/rows/webhooks.ts";

/**
 * Creates the delivery records of every fanned-out event now, as the delivery engine's next pass
 * would (a settle whose claim leases nothing): for storage tests that read records right after
 * the write that fans out.
 */
export async function fanOut(storage: Storage): Promise<void> {
  const claim = { limit: 0, endpointConcurrency: 1, leaseMs: 1000, leaseToken: "fan-out" };
  while ((await storage.deliveryQueue.settle([], NO_POLICY, claim)).fanOutLeft) {
    // More than one batch waits: fan out the next.
  }
}
