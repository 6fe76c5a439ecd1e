/**
 * The webhook endpoints store (port/webhooks.ts), written once for both adapters: endpoints and
 * the API's side of their delivery records. On PostgreSQL `{lock}` takes the row for the
 * transaction; on SQLite the write lock already serialises writers.
 */
import type { DeliveryAttempt, DeliveryRecord, DeliveryStatus, WebhookEndpointStore } from "../port/webhooks.ts";
import {
  DELIVERY_COLUMNS,
  disabledEvent,
  ENDPOINT_COLUMNS,
  type EndpointRow,
  newEndpointRow,
  toEndpoint,
  withActive,
  withConfig,
  withRotatedSecret,
} from "../rows/webhooks.ts";
import { all, append, appendFor, exec, now, one, page, type StepStore, signal } from "./steps.ts";

const ENDPOINT = "SELECT * FROM webhook_endpoints WHERE id = ? AND account_id = ?";
const DELIVERY = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ? AND account_id = ?`;
const INSERT_ENDPOINT = `INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS.join(", ")})
  VALUES (${ENDPOINT_COLUMNS.map(() => "?").join(", ")})`;

function* findEndpoint(accountId: string, id: string, lock = false) {
  return yield* one<EndpointRow>(lock ? `${ENDPOINT}{lock}` : ENDPOINT, [id, accountId]);
}

/** The record of a row as of now (an expired previous secret no longer shows). */
function* view(row: EndpointRow) {
  return toEndpoint(row, yield* now());
}

export const webhookEndpoints: StepStore<WebhookEndpointStore> = {
  createEndpoint: {
    tx: true,
    *steps(accountId, input, maxPerAccount) {
      // Two creates of one account take turns on its row, so the limit holds under concurrency.
      yield* one("SELECT 1 FROM accounts WHERE id = ?{lock}", [accountId]);
      const count = yield* one<{ n: number }>("SELECT count(*) AS n FROM webhook_endpoints WHERE account_id = ?", [
        accountId,
      ]);
      if ((count?.n ?? 0) >= maxPerAccount) return null;
      const row = newEndpointRow(accountId, input, yield* now());
      yield* exec(
        INSERT_ENDPOINT,
        ENDPOINT_COLUMNS.map((k) => row[k]),
      );
      return yield* view(row);
    },
  },
  getEndpoint: {
    tx: false,
    *steps(accountId, endpointId) {
      const row = yield* findEndpoint(accountId, endpointId);
      return row ? yield* view(row) : null;
    },
  },
  listEndpoints: {
    tx: false,
    *steps(accountId, query) {
      const at = yield* now();
      return yield* page({
        select: "SELECT * FROM webhook_endpoints WHERE account_id = ?",
        params: [accountId],
        key: "id",
        order: "desc",
        page: query,
        map: (row: EndpointRow) => toEndpoint(row, at),
        getId: (e) => e.id,
      });
    },
  },
  replaceEndpoint: {
    tx: true,
    *steps(accountId, endpointId, config) {
      const row = yield* findEndpoint(accountId, endpointId, true);
      if (!row) return null;
      const next = withConfig(row, config, yield* now());
      yield* exec(
        `UPDATE webhook_endpoints SET url = ?, events = ?, all_events = ?, description = ?, metadata = ?,
           signing_scheme = ?, name = ?, updated_at = ? WHERE id = ?`,
        [
          next.url,
          next.events,
          next.all_events,
          next.description,
          next.metadata,
          next.signing_scheme,
          next.name,
          next.updated_at,
          endpointId,
        ],
      );
      return yield* view(next);
    },
  },
  setEndpointActive: {
    tx: true,
    *steps(accountId, endpointId, active) {
      const row = yield* findEndpoint(accountId, endpointId, true);
      if (!row) return null;
      if ((row.active === 1) === active) return yield* view(row);
      const next = withActive(row, active, yield* now());
      yield* exec(
        "UPDATE webhook_endpoints SET active = ?, disabled_reason = ?, failing_since = ?, updated_at = ? WHERE id = ?",
        [next.active, next.disabled_reason, next.failing_since, next.updated_at, endpointId],
      );
      // Held records are due: wake the delivery loops once this commits.
      if (active) yield* signal("deliveries");
      else yield* append(accountId, ...disabledEvent(endpointId, row.consecutive_fail, "manual"));
      return yield* view(next);
    },
  },
  rotateSecret: {
    tx: true,
    *steps(accountId, endpointId, secretSealed, previousExpiresAt) {
      const row = yield* findEndpoint(accountId, endpointId, true);
      if (!row) return null;
      const next = withRotatedSecret(row, secretSealed, previousExpiresAt, yield* now());
      yield* exec(
        `UPDATE webhook_endpoints SET secret_sealed = ?, previous_secret_sealed = ?,
           previous_secret_expires_at = ?, updated_at = ? WHERE id = ?`,
        [next.secret_sealed, next.previous_secret_sealed, next.previous_secret_expires_at, next.updated_at, endpointId],
      );
      return yield* view(next);
    },
  },
  recoverDeliveries: {
    tx: true,
    *steps(accountId, endpointId, since, until) {
      if (!(yield* findEndpoint(accountId, endpointId))) return null;
      const at = yield* now();
      // Like a manual retry of each: a new round of attempts, due now, sent oldest first.
      const requeued = yield* exec(
        `UPDATE webhook_deliveries{indexed:webhook_deliveries_endpoint_dead}
         SET status = 'pending', round_start = attempt_count, next_attempt_at = ?, updated_at = ?
         WHERE endpoint_id = ? AND status = 'dead' AND created_at >= ? AND created_at < ?`,
        [at, at, endpointId, since, until],
      );
      if (requeued > 0) yield* signal("deliveries");
      return requeued;
    },
  },
  deleteEndpoint: {
    tx: true,
    *steps(accountId, endpointId) {
      const deleted = yield* exec("DELETE FROM webhook_endpoints WHERE id = ? AND account_id = ?", [
        endpointId,
        accountId,
      ]);
      if (deleted === 0) return false;
      yield* exec(
        `UPDATE webhook_deliveries SET status = 'discarded', next_attempt_at = NULL, lease_until = NULL,
           lease_token = NULL, updated_at = ?
         WHERE endpoint_id = ? AND status IN ('pending', 'dead')`,
        [yield* now(), endpointId],
      );
      return true;
    },
  },
  sendTestEvent: {
    tx: true,
    *steps(accountId, endpointId) {
      if (!(yield* findEndpoint(accountId, endpointId))) return null;
      const { event, deliveryIds } = yield* appendFor(accountId, { id: endpointId, type: "webhook.test" }, endpointId);
      const deliveryId = deliveryIds[0];
      if (!deliveryId) throw new Error(`test event ${event.envelope.id} fanned out to no record`);
      return { event_id: event.envelope.id, delivery_id: deliveryId };
    },
  },

  listDeliveries: {
    tx: false,
    *steps(accountId, { endpointId, status, eventType, page: query }) {
      let select = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries`;
      const params: unknown[] = [accountId];
      if (endpointId !== undefined) {
        select += "{indexed:webhook_deliveries_endpoint_id} WHERE account_id = ? AND endpoint_id = ?";
        params.push(endpointId);
      } else select += " WHERE account_id = ?";
      if (status !== undefined) {
        select += " AND status = ?";
        params.push(status);
      }
      if (eventType !== undefined) {
        select += " AND event_type = ?";
        params.push(eventType);
      }
      return yield* page({
        select,
        params,
        key: "id",
        order: "desc",
        page: query,
        map: (r: DeliveryRecord) => r,
        getId: (r) => r.id,
      });
    },
  },
  getDelivery: {
    tx: false,
    *steps(accountId, deliveryId) {
      const row = yield* one<DeliveryRecord>(DELIVERY, [deliveryId, accountId]);
      if (!row) return null;
      const event = yield* one<{ payload: string }>(
        "SELECT e.payload FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq WHERE d.id = ?",
        [deliveryId],
      );
      const attempts = yield* all<DeliveryAttempt>(
        `SELECT number, started_at, duration_ms, response_status, error FROM webhook_attempts
         WHERE delivery_id = ? ORDER BY number, id`,
        [deliveryId],
      );
      return { ...row, payload: event?.payload ?? "", attempts };
    },
  },
  retryDelivery: {
    tx: true,
    *steps(accountId, deliveryId) {
      const row = yield* one<DeliveryRecord>(`${DELIVERY}{lock}`, [deliveryId, accountId]);
      if (!row) return null;
      if (row.status !== "dead") return "not_dead" as const;
      const at = yield* now();
      yield* exec(
        `UPDATE webhook_deliveries SET status = 'pending', round_start = attempt_count, next_attempt_at = ?,
           updated_at = ? WHERE id = ?`,
        [at, at, deliveryId],
      );
      yield* signal("deliveries");
      return { ...row, status: "pending" as DeliveryStatus, next_attempt_at: at, updated_at: at };
    },
  },
};
