import type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimOptions,
  DeliveryQueue,
  EndpointHealth,
  HealthPolicy,
  SettleResult,
} from "../port/deliveryQueue.ts";
import { plusMs } from "../rows/time.ts";
import {
  type ClaimRow,
  disableAfterFailure,
  disabledEvent,
  NO_POLICY,
  NOTHING,
  type TargetRow,
  type TargetStateRow,
  targetOf,
  targetsOf,
  UNCHANGED,
} from "../rows/webhooks.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent, appendEventTo } from "./outbox.ts";

/**
 * The delivery queue on SQLite: every settle is one immediate transaction under the write lock,
 * so two engines (the delivery thread and another process) never lease the same record.
 */
export function createDeliveryQueue(ctx: SqliteContext): DeliveryQueue {
  const { db } = ctx;

  // --- the claim path (see claimDue) ---
  // Leases in force per endpoint; `others`: those whose token does not start with the given prefix.
  const busyStmt = db.prepare(
    `SELECT endpoint_id, count(*) AS n, sum(substr(lease_token, 1, ?) <> ?) AS others
     FROM webhook_deliveries INDEXED BY webhook_deliveries_leased
     WHERE lease_until IS NOT NULL AND lease_until > ? GROUP BY endpoint_id`,
  );
  // A rotated-out secret stops signing when it expires: forget it (it is sealed, but nothing needs it any more).
  const expireSecretsStmt = db.prepare(
    `UPDATE webhook_endpoints INDEXED BY webhook_endpoints_previous_secret
     SET previous_secret_sealed = NULL, previous_secret_expires_at = NULL
     WHERE previous_secret_expires_at IS NOT NULL AND previous_secret_expires_at <= ?`,
  );
  const candidatesStmt = db.prepare(
    `SELECT e.id, e.url, e.signing_scheme, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at
     FROM webhook_endpoints e
     WHERE e.active = 1 AND EXISTS (
       SELECT 1 FROM webhook_deliveries d INDEXED BY webhook_deliveries_due
       WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= ?
         AND (d.lease_until IS NULL OR d.lease_until <= ?))
     ORDER BY e.id`,
  );
  // The due records of one endpoint, oldest first, with the bytes they send; then leased one by
  // one (a plain UPDATE by primary key is cheaper than UPDATE ... WHERE id IN (...) RETURNING).
  const dueStmt = db.prepare(
    `SELECT d.id, d.event_seq, d.event_id, d.event_type, d.attempt_count, d.round_start
     FROM webhook_deliveries d INDEXED BY webhook_deliveries_due
     WHERE d.endpoint_id = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
       AND (d.lease_until IS NULL OR d.lease_until <= ?)
     ORDER BY d.next_attempt_at, d.id LIMIT ?`,
  );
  const targetsStmt = db.prepare(
    `SELECT id, url, signing_scheme, secret_sealed, previous_secret_sealed, previous_secret_expires_at, active
     FROM webhook_endpoints WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const leaseStmt = db.prepare("UPDATE webhook_deliveries SET lease_until = ?, lease_token = ? WHERE id = ?");
  const payloadStmt = db.prepare("SELECT payload FROM events WHERE seq = ?");

  // --- the outcome path (see settle) ---
  // The attempt's number is the record's attempt_count, just incremented by finishStmt.
  const insertAttemptStmt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status, error)
     VALUES (?, (SELECT attempt_count FROM webhook_deliveries WHERE id = ?), ?, ?, ?, ?)`,
  );
  // Only the holder of the lease decides the record's fate; the same statement releases it.
  const finishStmt = db.prepare(
    `UPDATE webhook_deliveries SET status = ?, attempt_count = attempt_count + 1, next_attempt_at = ?,
       last_attempt_at = ?, delivered_at = ?, last_response_status = ?, last_error = ?, lease_until = NULL,
       lease_token = NULL, updated_at = ?
     WHERE id = ? AND status = 'pending' AND lease_token = ?`,
  );
  // An attempt aborted by the engine (its endpoint was disabled meanwhile): counted in the
  // history, but not against the round (round_start moves with it), and the record stays due.
  const abortedStmt = db.prepare(
    `UPDATE webhook_deliveries SET attempt_count = attempt_count + 1, round_start = round_start + 1,
       last_attempt_at = ?, last_response_status = ?, last_error = ?, lease_until = NULL, lease_token = NULL,
       updated_at = ?
     WHERE id = ? AND status = 'pending' AND lease_token = ?`,
  );
  // A late result of a claim no longer held (its endpoint was deleted, or its lease expired and
  // another holder took the record): the attempt is kept in the history, numbered after the
  // record's counted attempts, and nothing else changes (status, counters, last response, health).
  const lateAttemptStmt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status, error)
     SELECT id, attempt_count + 1, ?, ?, ?, ? FROM webhook_deliveries WHERE id = ?`,
  );
  const degradedStmt = db.prepare("SELECT degraded FROM webhook_endpoints WHERE id = ?");
  const successStmt = db.prepare(
    `UPDATE webhook_endpoints SET consecutive_fail = 0, degraded = 0, failing_since = NULL, last_success_at = ?
     WHERE id = ? RETURNING account_id`,
  );
  // failing_since marks the first failure after a success: the streak the sustained-failure rule measures.
  const failureStmt = db.prepare(
    `UPDATE webhook_endpoints SET consecutive_fail = consecutive_fail + 1, last_failure_at = @now,
       failing_since = coalesce(failing_since, @now),
       degraded = CASE WHEN consecutive_fail + 1 > @threshold THEN 1 ELSE degraded END
     WHERE id = @id RETURNING account_id, consecutive_fail, degraded, active, failing_since`,
  );
  const autoDisableStmt = db.prepare(
    "UPDATE webhook_endpoints SET active = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND active = 1",
  );
  const releaseStmt = db.prepare(
    "UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?",
  );
  const nextDueStmt = db.prepare(
    "SELECT min(next_attempt_at) AS t FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at > ?",
  );
  const anyPendingStmt = db.prepare(
    "SELECT 1 FROM webhook_deliveries INDEXED BY webhook_deliveries_next WHERE status = 'pending' LIMIT 1",
  );
  const nextLeaseStmt = db.prepare("SELECT min(lease_until) AS t FROM webhook_deliveries WHERE lease_until > ?");

  /**
   * The endpoint side of an attempt, in its transaction: the failure streak, the degraded flag, and
   * the disable rules (410 Gone at once; a failure streak older than `autoDisableAfterMs`), each
   * move with its `webhook_endpoint.*` event for the account's subscribed endpoints.
   */
  const updateHealth = (
    outcome: AttemptOutcome,
    now: string,
    policy: HealthPolicy,
    succeededInBatch: Set<string>,
  ): EndpointHealth => {
    if (outcome.result.type === "succeeded") {
      // A success after a success of the same batch (same `now`, no failure between) changes
      // nothing: the endpoint is already healthy with this last_success_at.
      if (succeededInBatch.has(outcome.endpoint_id)) return { consecutive_fail: 0, degraded: null, disabled: null };
      const wasDegraded = (degradedStmt.get(outcome.endpoint_id) as { degraded: number } | undefined)?.degraded === 1;
      const done = successStmt.get(now, outcome.endpoint_id) as { account_id: string } | undefined;
      if (done) succeededInBatch.add(outcome.endpoint_id);
      if (done && wasDegraded) {
        appendEvent(ctx, done.account_id, { id: outcome.endpoint_id, type: "webhook_endpoint.recovered" });
      }
      return { consecutive_fail: 0, degraded: done && wasDegraded ? "cleared" : null, disabled: null };
    }
    succeededInBatch.delete(outcome.endpoint_id);
    const wasDegraded = (degradedStmt.get(outcome.endpoint_id) as { degraded: number } | undefined)?.degraded === 1;
    const after = failureStmt.get({ now, threshold: policy.degradedThreshold, id: outcome.endpoint_id }) as
      | { account_id: string; consecutive_fail: number; degraded: number; active: number; failing_since: string }
      | undefined;
    // The endpoint was deleted while the attempt was in flight.
    if (!after) return { consecutive_fail: 0, degraded: null, disabled: null };
    const raised = !wasDegraded && after.degraded === 1;
    if (raised) {
      appendEvent(ctx, after.account_id, {
        id: outcome.endpoint_id,
        type: "webhook_endpoint.degraded",
        consecutive_fail: after.consecutive_fail,
      });
    }
    const disabled = disableAfterFailure(after, outcome, policy, now);
    if (disabled !== null && autoDisableStmt.run(disabled, now, outcome.endpoint_id).changes === 1) {
      appendEventTo(ctx, after.account_id, ...disabledEvent(outcome.endpoint_id, after.consecutive_fail, disabled));
    }
    return { consecutive_fail: after.consecutive_fail, degraded: raised ? "raised" : null, disabled };
  };

  // Rotates the endpoint a claim starts from, so that capacity is shared fairly.
  let rotation = 0;

  /** Records one finished attempt inside the settling transaction (see `settle`). */
  const recordIn = (
    outcome: AttemptOutcome,
    now: string,
    policy: HealthPolicy,
    succeeded: Set<string>,
  ): EndpointHealth => {
    const r = outcome.result;
    // Only the holder of the claim (its lease token) decides the record's fate.
    const held =
      r.type === "aborted"
        ? abortedStmt.run(
            outcome.started_at,
            outcome.response_status,
            outcome.error,
            now,
            outcome.delivery_id,
            outcome.lease_token,
          ).changes === 1
        : finishStmt.run(
            r.type === "succeeded" ? "succeeded" : r.type === "dead" ? "dead" : "pending",
            r.type === "retry" ? r.next_attempt_at : null,
            outcome.started_at,
            r.type === "succeeded" ? now : null,
            outcome.response_status,
            outcome.error,
            now,
            outcome.delivery_id,
            outcome.lease_token,
          ).changes === 1;
    if (!held) {
      // The claim was lost meanwhile (or retention deleted the record: then nothing is written).
      lateAttemptStmt.run(
        outcome.started_at,
        outcome.duration_ms,
        outcome.response_status,
        outcome.error,
        outcome.delivery_id,
      );
      return UNCHANGED;
    }
    insertAttemptStmt.run(
      outcome.delivery_id,
      outcome.delivery_id,
      outcome.started_at,
      outcome.duration_ms,
      outcome.response_status,
      outcome.error,
    );
    // Not the receiver's doing: the endpoint's health does not move.
    if (r.type === "aborted") return UNCHANGED;
    return updateHealth(outcome, now, policy, succeeded);
  };

  /** The current targets of endpoints (see SettleResult.targets). */
  const targetsIn = (ids: string[] | undefined): SettleResult["targets"] => {
    if (!ids || ids.length === 0) return {};
    return targetsOf(ids, targetsStmt.all(JSON.stringify(ids)) as TargetStateRow[]);
  };

  /** Leases due records inside the settling transaction (see `claimDue`). */
  const claimIn = (
    { limit, endpointConcurrency, claimAhead = 1, leaseMs, leaseToken, holder }: ClaimOptions,
    now: string,
  ): Omit<SettleResult, "health" | "targets"> => {
    const leaseUntil = plusMs(now, leaseMs);
    const prefix = holder === undefined ? "" : `${holder}.`;
    const leases = busyStmt.all(prefix.length, prefix, now) as { endpoint_id: string; n: number; others: number }[];
    const busy = new Map(leases.map((r) => [r.endpoint_id, r.n]));
    const shared = new Set(leases.filter((r) => r.others > 0).map((r) => r.endpoint_id));
    const othersLeases =
      holder === undefined
        ? null
        : Object.fromEntries(leases.filter((r) => r.others > 0).map((r) => [r.endpoint_id, r.others]));
    expireSecretsStmt.run(now);
    const candidates = candidatesStmt.all(now, now) as TargetRow[];
    if (candidates.length === 0) return { claimed: [], more: false, othersLeases };
    const start = rotation++ % candidates.length;
    const ordered = [...candidates.slice(start), ...candidates.slice(0, start)];
    const claimed: ClaimedDelivery[] = [];
    // A fanned-out event is claimed for several endpoints at once: read its bytes once.
    const payloads = new Map<number, string>();
    let remaining = limit;
    // Whether due records were left behind by a limit (and may be claimed as soon as slots free up).
    let more = false;
    for (const endpoint of ordered) {
      if (remaining <= 0) {
        more = true;
        break;
      }
      const bound =
        holder === undefined || shared.has(endpoint.id) ? endpointConcurrency : endpointConcurrency * claimAhead;
      const free = Math.min(bound - (busy.get(endpoint.id) ?? 0), remaining);
      if (free <= 0) {
        more = true;
        continue;
      }
      const rows = dueStmt.all(endpoint.id, now, now, free) as ClaimRow[];
      if (rows.length === free) more = true;
      for (const row of rows) leaseStmt.run(leaseUntil, leaseToken, row.id);
      rows.sort((a, b) => (a.id < b.id ? -1 : 1));
      const { previous_secret: previous } = targetOf(endpoint);
      for (const row of rows) {
        let payload = payloads.get(row.event_seq);
        if (payload === undefined) {
          payload = (payloadStmt.get(row.event_seq) as { payload: string }).payload;
          payloads.set(row.event_seq, payload);
        }
        claimed.push({
          id: row.id,
          endpoint_id: endpoint.id,
          event_id: row.event_id,
          event_type: row.event_type,
          number: row.attempt_count + 1,
          round_attempt: row.attempt_count - row.round_start + 1,
          lease_token: leaseToken,
          payload,
          url: endpoint.url,
          signing_scheme: endpoint.signing_scheme,
          secret_sealed: endpoint.secret_sealed,
          previous_secret: previous,
        });
      }
      remaining -= rows.length;
    }
    return { claimed, more, othersLeases };
  };

  const settle: DeliveryQueue["settle"] = (outcomes, policy, claim) => {
    const wantsClaim = claim !== null && claim.limit > 0;
    if (outcomes.length === 0) {
      if (!wantsClaim) return { ...NOTHING, targets: targetsIn(claim?.refresh) };
      // Every pass of the loop may call this: look before taking the write lock.
      const at = ctx.now();
      if (candidatesStmt.get(at, at) === undefined) return { ...NOTHING, targets: targetsIn(claim?.refresh) };
    }
    // One immediate transaction: the outcomes release their leases before the claim counts the
    // leases in force, two workers (or two servers on one database) never lease the same
    // record, and a lease is either fully taken or not at all.
    return ctx.tx(() => {
      const now = ctx.now();
      const succeeded = new Set<string>();
      const health = outcomes.map((outcome) => recordIn(outcome, now, policy, succeeded));
      return {
        health,
        ...(wantsClaim ? claimIn(claim, now) : { claimed: [], more: false, othersLeases: null }),
        targets: targetsIn(claim?.refresh),
      };
    });
  };

  return {
    settle,
    claimDue: (options) => settle([], NO_POLICY, options).claimed,
    recordAttempt: (outcome, policy) => settle([outcome], policy, null).health[0] ?? UNCHANGED,
    releaseLeases(leases) {
      if (leases.length === 0) return;
      ctx.tx(() => {
        for (const l of leases) releaseStmt.run(l.id, l.lease_token);
      });
      // Released records are due at once: let a loop (this one after a restart, or another server) see them.
      ctx.signal("deliveries");
    },
    hasPending: () => anyPendingStmt.get() !== undefined,
    nextWakeAt() {
      const now = ctx.now();
      const due = (nextDueStmt.get(now) as { t: string | null }).t;
      const lease = (nextLeaseStmt.get(now) as { t: string | null }).t;
      // ISO timestamps sort as text: the earliest of the two.
      return [due, lease].filter((t): t is string => t !== null).sort()[0] ?? null;
    },
  };
}
