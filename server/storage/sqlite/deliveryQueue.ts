import type { DeliveryQueue } from "../port/deliveryQueue.ts";
import type { ClaimRow } from "../rows/webhooks.ts";
import { deliveryTransitions, dueRecord, insertEach, recordEach } from "../shared/deliveryQueue.ts";
import { all, exec } from "../shared/steps.ts";
import type { SqliteContext } from "./context.ts";
import { storeOf } from "./steps.ts";

/**
 * The delivery queue on SQLite: the shared transitions (shared/deliveryQueue.ts). Every settle is
 * one immediate transaction under the write lock, so two engines (the delivery thread and another
 * process) never lease the same record: nothing needs a hold, and the leases in force counted when
 * the claim started still hold for each endpoint.
 */
export function createDeliveryQueue(ctx: SqliteContext): DeliveryQueue {
  return storeOf(
    ctx,
    deliveryTransitions({
      *holdSettled() {},
      recordAttempts: recordEach,
      insertRecords: insertEach,
      *leaseDue(endpoint, c) {
        const bound = c.prefix === null || c.inForce.others > 0 ? c.bound : c.boundAhead;
        const free = Math.min(bound - c.inForce.n, c.remaining);
        if (free <= 0) return { endpoint, rows: [], more: true };
        // The due records, oldest first, with the bytes they send; then leased one by one (a plain
        // UPDATE by primary key is cheaper than UPDATE ... WHERE id IN (...) RETURNING).
        const rows = yield* all<ClaimRow>(
          `SELECT d.id, d.event_seq, d.event_id, d.event_type, d.attempt_count, d.round_start
           FROM webhook_deliveries d INDEXED BY webhook_deliveries_due
           WHERE d.endpoint_id = ? AND ${dueRecord("?")} ORDER BY d.next_attempt_at, d.id LIMIT ?`,
          [endpoint.id, c.at, c.at, free],
        );
        for (const row of rows) {
          yield* exec("UPDATE webhook_deliveries SET lease_until = ?, lease_token = ? WHERE id = ?", [
            c.leaseUntil,
            c.leaseToken,
            row.id,
          ]);
        }
        return { endpoint, rows, more: rows.length === free };
      },
    }),
  );
}
