import type { DeliveryQueue } from "../port/deliveryQueue.ts";
import type { Async } from "../port/index.ts";
import type { ClaimRow, TargetRow } from "../rows/webhooks.ts";
import { deliveryTransitions, dueRecord } from "../shared/deliveryQueue.ts";
import { list } from "../shared/dialect.ts";
import { all, one } from "../shared/steps.ts";
import type { PgContext } from "./context.ts";
import { storeOf } from "./steps.ts";

const TARGET_COLUMNS =
  "id, account_id, url, signing_scheme, surface, secret_sealed, previous_secret_sealed, previous_secret_expires_at";

/**
 * The delivery queue on PostgreSQL: the shared transitions (shared/deliveryQueue.ts) over this
 * adapter's holds, its batched record of outcomes and its claim of an endpoint's records under the
 * endpoint's row lock, so that several replicas share the work (see the shared file's top). These
 * statements are written for PostgreSQL alone, with `$n` parameters each used where it is needed.
 */
export function createDeliveryQueue(ctx: PgContext): Async<DeliveryQueue> {
  return storeOf(
    ctx,
    deliveryTransitions({
      *holdSettled(outcomes) {
        // The lock order of every settle: the endpoints, then the records, each by id.
        const endpointIds = [...new Set(outcomes.map((o) => o.endpoint_id))];
        const deliveryIds = [...new Set(outcomes.map((o) => o.delivery_id))];
        yield* all("SELECT id FROM webhook_endpoints WHERE {in:id} ORDER BY id FOR NO KEY UPDATE", [list(endpointIds)]);
        yield* all("SELECT id FROM webhook_deliveries WHERE {in:id} ORDER BY id FOR NO KEY UPDATE", [
          list(deliveryIds),
        ]);
      },

      /** One statement for every fanned-out record. */
      *insertRecords(records, now) {
        yield* all(
          `INSERT INTO webhook_deliveries
             (id, account_id, endpoint_id, event_seq, event_id, event_type, status, attempt_count, round_start,
              next_attempt_at, created_at, updated_at)
           SELECT r.id, r.account_id, r.endpoint_id, r.event_seq, r.event_id, r.event_type, 'pending', 0, 0, r.at, r.at, $1
           FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[])
             AS r(id, account_id, endpoint_id, event_seq, event_id, event_type, at)`,
          [
            now,
            records.map((r) => r.id),
            records.map((r) => r.account_id),
            records.map((r) => r.endpoint_id),
            records.map((r) => r.event_seq),
            records.map((r) => r.event_id),
            records.map((r) => r.event_type),
            records.map((r) => r.at),
          ],
        );
      },

      /** Two statements for the whole batch: the records, then their attempts. */
      *recordAttempts(outcomes, now) {
        const results = outcomes.map((o) => o.result);
        // Only the holder of the claim (its lease token) decides the record's fate; the same
        // statement releases the lease. An attempt aborted by the engine (its endpoint was disabled
        // meanwhile) is counted in the history but not against the round (round_start moves with
        // it), and the record stays due.
        const held = yield* all<{ id: string; token: string; attempt_count: number }>(
          `UPDATE webhook_deliveries d SET status = o.status, attempt_count = d.attempt_count + 1,
             round_start = d.round_start + CASE WHEN o.aborted THEN 1 ELSE 0 END,
             next_attempt_at = CASE WHEN o.aborted THEN d.next_attempt_at ELSE o.next_attempt_at END,
             last_attempt_at = o.started_at, delivered_at = o.delivered_at,
             last_response_status = o.response_status, last_error = o.error, lease_until = NULL, lease_token = NULL,
             updated_at = $1
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::bool[])
             AS o(id, token, status, next_attempt_at, started_at, delivered_at, response_status, error, aborted)
           WHERE d.id = o.id AND d.status = 'pending' AND d.lease_token = o.token
           RETURNING d.id, o.token, d.attempt_count`,
          [
            now,
            outcomes.map((o) => o.delivery_id),
            outcomes.map((o) => o.lease_token),
            results.map((r) => (r.type === "succeeded" ? "succeeded" : r.type === "dead" ? "dead" : "pending")),
            results.map((r) => (r.type === "retry" ? r.next_attempt_at : null)),
            outcomes.map((o) => o.started_at),
            results.map((r) => (r.type === "succeeded" ? now : null)),
            outcomes.map((o) => o.response_status),
            outcomes.map((o) => o.error),
            results.map((r) => r.type === "aborted"),
          ],
        );
        const numbers = new Map(held.map((h) => [`${h.id} ${h.token}`, h.attempt_count]));
        const numberOf = (o: (typeof outcomes)[number]) => numbers.get(`${o.delivery_id} ${o.lease_token}`) ?? null;
        // Every attempt joins its record's history: a held one under the number it was just
        // counted as; a late result of a lost claim after the record's counted attempts, changing
        // nothing else. A record retention deleted meanwhile gets nothing.
        yield* all(
          `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status, error)
           SELECT a.id, coalesce(a.number, d.attempt_count + 1), a.started_at, a.duration_ms, a.response_status, a.error
           FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[])
             WITH ORDINALITY AS a(id, number, started_at, duration_ms, response_status, error, ord)
           JOIN webhook_deliveries d ON d.id = a.id
           ORDER BY a.ord`,
          [
            outcomes.map((o) => o.delivery_id),
            outcomes.map(numberOf),
            outcomes.map((o) => o.started_at),
            outcomes.map((o) => Math.round(o.duration_ms)),
            outcomes.map((o) => o.response_status),
            outcomes.map((o) => o.error),
          ],
        );
        return outcomes.map((o) => numberOf(o) !== null);
      },

      *leaseDue(candidate, c) {
        // Claims of one endpoint take turns: its leases in force are counted under its row lock.
        const endpoint = yield* one<TargetRow>(
          `SELECT ${TARGET_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND active = 1 FOR NO KEY UPDATE SKIP LOCKED`,
          [candidate.id],
        );
        if (!endpoint) return null;
        // Under that lock, on this statement's fresh snapshot: the endpoint's leases in force (by
        // anyone; `others` by other holders) bound how many of its due records this claim leases.
        const rows = yield* all<ClaimRow & { free: number }>(
          `WITH in_force AS (
             SELECT count(*) AS n, count(*) FILTER (WHERE substr(lease_token, 1, $6::int) <> $7) AS others
             FROM webhook_deliveries WHERE endpoint_id = $4 AND lease_until IS NOT NULL AND lease_until > $1),
           slots AS (
             SELECT greatest(0, least(CASE WHEN $8::boolean OR others > 0 THEN $9::bigint ELSE $10::bigint END - n, $5::bigint))
               AS free
             FROM in_force),
           picked AS (
             SELECT d.id FROM webhook_deliveries d WHERE d.endpoint_id = $4 AND ${dueRecord("$1")}
             ORDER BY d.next_attempt_at, d.id LIMIT (SELECT free FROM slots) FOR NO KEY UPDATE SKIP LOCKED)
           UPDATE webhook_deliveries w SET lease_until = $2, lease_token = $3 FROM picked WHERE w.id = picked.id
           RETURNING w.id, w.event_seq, w.event_id, w.event_type, w.attempt_count, w.round_start,
             (SELECT free FROM slots) AS free`,
          [
            c.at,
            c.leaseUntil,
            c.leaseToken,
            endpoint.id,
            c.remaining,
            c.prefix?.length ?? 0,
            c.prefix ?? "",
            c.prefix === null,
            c.bound,
            c.boundAhead,
          ],
        );
        // None leased: the endpoint's slots are taken (its due records are there: it was a
        // candidate, and its row lock keeps other claims away). All its free slots filled: more may be due.
        return { endpoint, rows, more: rows.length === 0 || rows.length === rows[0]?.free };
      },
    }),
  );
}
