/**
 * The delivery queue (port/deliveryQueue.ts), written once for both adapters: a settle records
 * finished attempts (the record, its attempt, the endpoint's health and its events), then leases
 * due records, in one transaction; "look before taking the write lock" when there is nothing to
 * record and nothing due.
 *
 * What stays per adapter (the seam) is how several engines share the work:
 * - SQLite: every settle is one immediate transaction under the write lock, so two engines (the
 *   delivery thread and another process) never lease the same record; nothing needs a hold, and
 *   an endpoint's leases in force are counted once per claim.
 * - PostgreSQL (several replicas): a claim leases an endpoint's records only while it holds that
 *   endpoint's row (`FOR NO KEY UPDATE SKIP LOCKED`), counting its leases in force under that lock,
 *   so two replicas never lease the same record and together never lease more than
 *   `endpointConcurrency` per endpoint (an endpoint another transaction holds is skipped, reported
 *   as `more`). A settle holds its outcomes' endpoints, then their records, each by id (claims never
 *   wait for a lock), so settles of several replicas do not deadlock. Outcomes are recorded in two
 *   statements for the whole batch.
 *
 * Fan-out: an event for every subscribed endpoint commits with one `webhook_fanouts` row (the
 * endpoints' ids at the event's time: outbox.ts), not with its records, so a request's write does
 * not grow with the number of endpoints. A settle with a claim first turns up to `fanOutLimit` of
 * those rows, oldest first, into their records (one per endpoint that still exists; a disabled
 * endpoint's held, as before), in the settle's own transaction, so that the pages a batch writes are
 * written once and the records can be claimed at once. On PostgreSQL the rows are taken with
 * `FOR UPDATE SKIP LOCKED` (two replicas never fan out the same event) and the endpoints held
 * `FOR KEY SHARE` (an endpoint being deleted is either gone, or deleted after, discarding its records).
 * A record's `created_at` and first due time are the event's.
 *
 * Leases and due times are compared with the lease clock (steps.ts leaseNow: the database's on
 * PostgreSQL). An outcome whose claim was lost (the lease expired and another worker took the
 * record, or the record was settled meanwhile, e.g. discarded with its endpoint) only adds its
 * attempt to the record's history, numbered after the counted attempts: the record's status,
 * counters, lease and last response and the endpoint's health belong to the holder of the claim. A
 * lease that expired still holds until another worker claims the record.
 */

import { newId } from "../../ids.ts";
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
import { list } from "./dialect.ts";
import {
  all,
  append,
  exec,
  leaseClock,
  leaseNow,
  now,
  one,
  type StepStore,
  type Steps,
  signal,
  transaction,
} from "./steps.ts";

/** One endpoint's part of a claim (see DeliverySeam.leaseDue). */
export interface EndpointClaim {
  /** The lease clock's time: records due by then, leases in force after it. */
  at: string;
  leaseUntil: string;
  leaseToken: string;
  /** How many records the claim may still lease in all. */
  remaining: number;
  /** The endpoint's bound of leases in force where other holders lease too (or without a holder)... */
  bound: number;
  /** ...and where only this holder does (`endpointConcurrency * claimAhead`). */
  boundAhead: number;
  /** The holder's token prefix (`${holder}.`), or null without a holder. */
  prefix: string | null;
  /** The endpoint's leases in force when the claim started: all of them, and other holders'. */
  inForce: { n: number; others: number };
}

/** A delivery record a fan-out creates (pending, no attempt yet, due at the event's time). */
export interface NewRecord {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_seq: number;
  event_id: string;
  event_type: string;
  /** The event's time: the record's `created_at` and first `next_attempt_at`. */
  at: string;
}

/** The events one settle fans out when its claim names no limit. */
export const FAN_OUT_BATCH = 256;

/** What each adapter brings to the delivery queue: its claim SQL, its holds and how it records a batch. */
export interface DeliverySeam {
  /** Inserts fanned-out records (`updated_at`: `now`). */
  insertRecords(records: NewRecord[], now: string): Steps<void>;
  /** Holds the rows a settle's outcomes write before it writes them (see the top). */
  holdSettled(outcomes: AttemptOutcome[]): Steps<void>;
  /**
   * Records finished attempts (`recordEach`'s behaviour): whether each outcome's claim still
   * held (the record settled and its lease released, the attempt counted) or was lost.
   */
  recordAttempts(outcomes: AttemptOutcome[], now: string): Steps<boolean[]>;
  /**
   * Leases due records (`dueRecord`) of one candidate endpoint, oldest first, within its bound:
   * the endpoint as the claim sends to it, the rows leased, and whether it may have more due now;
   * null when another transaction holds the endpoint (skipped).
   */
  leaseDue(
    endpoint: TargetRow,
    claim: EndpointClaim,
  ): Steps<{ endpoint: TargetRow; rows: ClaimRow[]; more: boolean } | null>;
}

/** A pending record `d` is due at `at` (a parameter or the lease clock) when no lease in force holds it. */
export const dueRecord = (at: string) =>
  `d.status = 'pending' AND d.next_attempt_at <= ${at} AND (d.lease_until IS NULL OR d.lease_until <= ${at})`;

const TARGET_COLUMNS =
  "id, account_id, url, signing_scheme, surface, secret_sealed, previous_secret_sealed, previous_secret_expires_at";

/** Active endpoints with a record due (its two `?`: the time). */
const withDue = (at: string) =>
  `FROM webhook_endpoints e WHERE e.active = 1 AND EXISTS (
     SELECT 1 FROM webhook_deliveries d{indexed:webhook_deliveries_due} WHERE d.endpoint_id = e.id AND ${dueRecord(at)})`;

/**
 * Records finished attempts one by one, each in two statements: the record settled if its claim
 * still holds (the same statement releases the lease), then the attempt in its history.
 */
export function* recordEach(outcomes: AttemptOutcome[], now: string): Steps<boolean[]> {
  const held: boolean[] = [];
  for (const o of outcomes) {
    const r = o.result;
    // Only the holder of the claim (its lease token) decides the record's fate. An attempt aborted
    // by the engine (its endpoint was disabled meanwhile) is counted in the history, but not
    // against the round (round_start moves with it), and the record stays due.
    const changed =
      r.type === "aborted"
        ? yield* exec(
            `UPDATE webhook_deliveries SET attempt_count = attempt_count + 1, round_start = round_start + 1,
               last_attempt_at = ?, last_response_status = ?, last_error = ?, lease_until = NULL, lease_token = NULL,
               updated_at = ?
             WHERE id = ? AND status = 'pending' AND lease_token = ?`,
            [o.started_at, o.response_status, o.error, now, o.delivery_id, o.lease_token],
          )
        : yield* exec(
            `UPDATE webhook_deliveries SET status = ?, attempt_count = attempt_count + 1, next_attempt_at = ?,
               last_attempt_at = ?, delivered_at = ?, last_response_status = ?, last_error = ?, lease_until = NULL,
               lease_token = NULL, updated_at = ?
             WHERE id = ? AND status = 'pending' AND lease_token = ?`,
            [
              r.type === "succeeded" ? "succeeded" : r.type === "dead" ? "dead" : "pending",
              r.type === "retry" ? r.next_attempt_at : null,
              o.started_at,
              r.type === "succeeded" ? now : null,
              o.response_status,
              o.error,
              now,
              o.delivery_id,
              o.lease_token,
            ],
          );
    const attempt = [o.started_at, o.duration_ms, o.response_status, o.error, o.delivery_id];
    // Held: numbered as the attempt just counted. Lost (see the top): after the record's counted
    // attempts, nothing else changed; a record retention deleted meanwhile gets nothing.
    yield* exec(
      `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, response_status, error)
       SELECT id, attempt_count${changed === 1 ? "" : " + 1"}, ?, ?, ?, ? FROM webhook_deliveries WHERE id = ?`,
      attempt,
    );
    held.push(changed === 1);
  }
  return held;
}

/** The current targets of endpoints (see SettleResult.targets). */
function* targetsIn(ids: string[] | undefined): Steps<SettleResult["targets"]> {
  if (!ids || ids.length === 0) return {};
  const rows = yield* all<TargetStateRow>(`SELECT ${TARGET_COLUMNS}, active FROM webhook_endpoints WHERE {in:id}`, [
    list(ids),
  ]);
  return targetsOf(ids, rows);
}

/**
 * The endpoint side of an attempt, in its transaction (its row held on PostgreSQL): the failure
 * streak, the degraded flag, and the disable rules (410 Gone at once; a failure streak older than
 * `autoDisableAfterMs`), each move with its `webhook_endpoint.*` event for the account's
 * subscribed endpoints.
 */
function* updateHealth(
  outcome: AttemptOutcome,
  at: string,
  policy: HealthPolicy,
  succeededInBatch: Set<string>,
): Steps<EndpointHealth> {
  const id = outcome.endpoint_id;
  if (outcome.result.type === "succeeded" && succeededInBatch.has(id)) {
    // A success after a success of the same batch (same `now`, no failure between) changes
    // nothing: the endpoint is already healthy with this last_success_at.
    return { consecutive_fail: 0, degraded: null, disabled: null };
  }
  const wasDegraded =
    (yield* one<{ degraded: number }>("SELECT degraded FROM webhook_endpoints WHERE id = ?", [id]))?.degraded === 1;
  if (outcome.result.type === "succeeded") {
    const done = yield* one<{ account_id: string }>(
      `UPDATE webhook_endpoints SET consecutive_fail = 0, degraded = 0, failing_since = NULL, last_success_at = ?
       WHERE id = ? RETURNING account_id`,
      [at, id],
    );
    if (done) succeededInBatch.add(id);
    const cleared = done !== null && wasDegraded;
    if (done && cleared) yield* append(done.account_id, { id, type: "webhook_endpoint.recovered" });
    return { consecutive_fail: 0, degraded: cleared ? "cleared" : null, disabled: null };
  }
  succeededInBatch.delete(id);
  // failing_since marks the first failure after a success: the streak the sustained-failure rule measures.
  const after = yield* one<{
    account_id: string;
    consecutive_fail: number;
    degraded: number;
    active: number;
    failing_since: string;
  }>(
    `UPDATE webhook_endpoints SET consecutive_fail = consecutive_fail + 1, last_failure_at = ?,
       failing_since = coalesce(failing_since, ?),
       degraded = CASE WHEN consecutive_fail + 1 > CAST(? AS BIGINT) THEN 1 ELSE degraded END
     WHERE id = ? RETURNING account_id, consecutive_fail, degraded, active, failing_since`,
    [at, at, policy.degradedThreshold, id],
  );
  // The endpoint was deleted while the attempt was in flight.
  if (!after) return { consecutive_fail: 0, degraded: null, disabled: null };
  const raised = !wasDegraded && after.degraded === 1;
  if (raised) {
    yield* append(after.account_id, {
      id,
      type: "webhook_endpoint.degraded",
      consecutive_fail: after.consecutive_fail,
    });
  }
  const disabled = disableAfterFailure(after, outcome, policy, at);
  if (
    disabled !== null &&
    (yield* exec(
      "UPDATE webhook_endpoints SET active = 0, disabled_reason = ?, updated_at = ? WHERE id = ? AND active = 1",
      [disabled, at, id],
    )) === 1
  ) {
    yield* append(after.account_id, ...disabledEvent(id, after.consecutive_fail, disabled));
  }
  return { consecutive_fail: after.consecutive_fail, degraded: raised ? "raised" : null, disabled };
}

/** Whether any event waits for its records (its `webhook_fanouts` row). */
function* fanOutWaiting(): Steps<boolean> {
  return (yield* one("SELECT 1 FROM webhook_fanouts LIMIT 1")) !== null;
}

/**
 * Creates the records of up to `limit` fanned-out events, oldest first (see the top), and deletes
 * their rows; whether rows are left (more than `limit`, or some held by another transaction).
 */
function* fanOutPending(seam: DeliverySeam, limit: number, now: string): Steps<boolean> {
  const rows = yield* all<{ event_seq: number; account_id: string; endpoint_ids: string; created_at: string }>(
    `SELECT event_seq, account_id, endpoint_ids, created_at FROM webhook_fanouts
     ORDER BY event_seq LIMIT ?{forUpdateSkipLocked}`,
    [limit],
  );
  if (rows.length === 0) return yield* fanOutWaiting();
  const seqs = list(rows.map((r) => r.event_seq));
  const events = yield* all<{ seq: number; id: string; kind: string }>(
    "SELECT seq, id, kind FROM events WHERE {inInt:seq}",
    [seqs],
  );
  const eventOf = new Map(events.map((e) => [Number(e.seq), e]));
  const named = [...new Set(rows.flatMap((r) => r.endpoint_ids.split(",")))];
  const existing = new Set(
    (yield* all<{ id: string }>("SELECT id FROM webhook_endpoints WHERE {in:id} ORDER BY id{forKeyShare}", [
      list(named),
    ])).map((e) => e.id),
  );
  const records: NewRecord[] = [];
  for (const row of rows) {
    const event = eventOf.get(Number(row.event_seq));
    if (!event) continue;
    for (const endpointId of row.endpoint_ids.split(",")) {
      if (!existing.has(endpointId)) continue;
      records.push({
        id: newId("whev"),
        account_id: row.account_id,
        endpoint_id: endpointId,
        event_seq: Number(row.event_seq),
        event_id: event.id,
        event_type: event.kind,
        at: row.created_at,
      });
    }
  }
  if (records.length > 0) yield* seam.insertRecords(records, now);
  yield* exec("DELETE FROM webhook_fanouts WHERE {inInt:event_seq}", [seqs]);
  return rows.length === limit || (yield* fanOutWaiting());
}

/** Inserts fanned-out records one statement each (SQLite: a prepared insert is cheapest). */
export function* insertEach(records: NewRecord[], now: string): Steps<void> {
  for (const r of records) {
    yield* exec(
      `INSERT INTO webhook_deliveries
         (id, account_id, endpoint_id, event_seq, event_id, event_type, status, attempt_count, round_start,
          next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, 0, ?, ?, ?)`,
      [r.id, r.account_id, r.endpoint_id, r.event_seq, r.event_id, r.event_type, r.at, r.at, now],
    );
  }
}

/** The delivery queue's transitions over an adapter's seam. */
export function deliveryTransitions(seam: DeliverySeam): StepStore<DeliveryQueue> {
  // Rotates the endpoint a claim starts from, so that capacity is shared fairly.
  let rotation = 0;

  /** Leases due records inside the settling transaction (see `claimDue` and the top). */
  function* claimIn(
    { limit, endpointConcurrency, claimAhead = 1, leaseMs, leaseToken, holder }: ClaimOptions,
    at: string,
    now: string,
  ): Steps<Omit<SettleResult, "health" | "targets" | "fanOutLeft">> {
    const prefix = holder === undefined ? "" : `${holder}.`;
    // Leases in force per endpoint; `others`: those whose token does not start with the prefix.
    const leases = yield* all<{ endpoint_id: string; n: number; others: number }>(
      `SELECT endpoint_id, count(*) AS n, sum(CASE WHEN substr(lease_token, 1, ?) <> ? THEN 1 ELSE 0 END) AS others
       FROM webhook_deliveries{indexed:webhook_deliveries_leased}
       WHERE lease_until IS NOT NULL AND lease_until > ? GROUP BY endpoint_id`,
      [prefix.length, prefix, at],
    );
    const inForce = new Map(leases.map((r) => [r.endpoint_id, { n: r.n, others: r.others }]));
    const othersLeases =
      holder === undefined
        ? null
        : Object.fromEntries(leases.filter((r) => r.others > 0).map((r) => [r.endpoint_id, r.others]));
    // A rotated-out secret stops signing when it expires: forget it (it is sealed, but nothing
    // needs it any more). Endpoints another transaction holds are left for a later claim.
    yield* exec(
      `UPDATE webhook_endpoints SET previous_secret_sealed = NULL, previous_secret_expires_at = NULL
       WHERE id IN (SELECT id FROM webhook_endpoints{indexed:webhook_endpoints_previous_secret}
         WHERE previous_secret_expires_at IS NOT NULL AND previous_secret_expires_at <= ?{skipLocked})`,
      [now],
    );
    const candidates = yield* all<TargetRow>(`SELECT ${TARGET_COLUMNS} ${withDue("?")} ORDER BY e.id`, [at, at]);
    if (candidates.length === 0) return { claimed: [], more: false, othersLeases };
    const start = rotation++ % candidates.length;
    const ordered = [...candidates.slice(start), ...candidates.slice(0, start)];
    const picked: { row: ClaimRow; endpoint: TargetRow }[] = [];
    let remaining = limit;
    // Whether due records were left behind by a limit, or by an endpoint another transaction holds
    // (they may be claimed as soon as slots free up).
    let more = false;
    for (const candidate of ordered) {
      if (remaining <= 0) {
        more = true;
        break;
      }
      const leased = yield* seam.leaseDue(candidate, {
        at,
        leaseUntil: plusMs(at, leaseMs),
        leaseToken,
        remaining,
        bound: endpointConcurrency,
        boundAhead: endpointConcurrency * claimAhead,
        prefix: holder === undefined ? null : prefix,
        inForce: inForce.get(candidate.id) ?? { n: 0, others: 0 },
      });
      if (!leased || leased.more) more = true;
      if (!leased) continue;
      const rows = [...leased.rows].sort((a, b) => (a.id < b.id ? -1 : 1));
      for (const row of rows) picked.push({ row, endpoint: leased.endpoint });
      remaining -= rows.length;
    }
    // A fanned-out event is claimed for several endpoints at once: read its bytes once.
    const seqs = [...new Set(picked.map((p) => p.row.event_seq))];
    const payloads = new Map<number, string>();
    if (seqs.length > 0) {
      const rows = yield* all<{ seq: number; payload: string }>("SELECT seq, payload FROM events WHERE {inInt:seq}", [
        list(seqs),
      ]);
      for (const row of rows) payloads.set(row.seq, row.payload);
    }
    const claimed = picked.map(
      ({ row, endpoint }): ClaimedDelivery => ({
        id: row.id,
        endpoint_id: endpoint.id,
        event_id: row.event_id,
        event_type: row.event_type,
        number: row.attempt_count + 1,
        round_attempt: row.attempt_count - row.round_start + 1,
        lease_token: leaseToken,
        payload: payloads.get(row.event_seq) ?? "",
        ...targetOf(endpoint),
      }),
    );
    return { claimed, more, othersLeases };
  }

  function* settleIn(
    outcomes: AttemptOutcome[],
    policy: HealthPolicy,
    claim: ClaimOptions | null,
  ): Steps<SettleResult> {
    const current = yield* now();
    // Fanned-out events get their records first, so the claim can lease them. First, too, because
    // on PostgreSQL it holds endpoints only FOR KEY SHARE and no record yet: an endpoint's delete,
    // which holds the endpoint and then its records, never waits for this settle in a cycle.
    const fanOutLeft = claim !== null ? yield* fanOutPending(seam, claim.fanOutLimit ?? FAN_OUT_BATCH, current) : false;
    const health: EndpointHealth[] = [];
    if (outcomes.length > 0) {
      yield* seam.holdSettled(outcomes);
      // The outcomes release their leases before the claim counts the leases in force.
      const held = yield* seam.recordAttempts(outcomes, current);
      const succeeded = new Set<string>();
      for (const [i, outcome] of outcomes.entries()) {
        // A lost claim, or an abort (not the receiver's doing): the endpoint's health does not move.
        const unchanged = !held[i] || outcome.result.type === "aborted";
        health.push(unchanged ? UNCHANGED : yield* updateHealth(outcome, current, policy, succeeded));
      }
    }
    const claimed =
      claim !== null && claim.limit > 0
        ? yield* claimIn(claim, yield* leaseNow(), current)
        : { claimed: [], more: false, othersLeases: null };
    return { health, ...claimed, targets: yield* targetsIn(claim?.refresh), fanOutLeft };
  }

  function* settle(outcomes: AttemptOutcome[], policy: HealthPolicy, claim: ClaimOptions | null): Steps<SettleResult> {
    if (outcomes.length === 0) {
      if (claim === null) return NOTHING;
      // Every pass of the loop may call this: look before taking the write lock (a transaction).
      const waiting = yield* fanOutWaiting();
      if (!waiting && claim.limit <= 0) return { ...NOTHING, targets: yield* targetsIn(claim.refresh) };
      const clock = yield* leaseClock();
      if (!waiting && !(yield* one(`SELECT 1 ${withDue("{leaseClock}")} LIMIT 1`, [clock, clock]))) {
        return { ...NOTHING, targets: yield* targetsIn(claim.refresh) };
      }
    }
    return yield* transaction(() => settleIn(outcomes, policy, claim));
  }

  return {
    settle: { tx: false, steps: settle },
    claimDue: {
      tx: false,
      *steps(options) {
        return (yield* settle([], NO_POLICY, options)).claimed;
      },
    },
    recordAttempt: {
      tx: false,
      *steps(outcome, policy) {
        return (yield* settle([outcome], policy, null)).health[0] ?? UNCHANGED;
      },
    },
    releaseLeases: {
      tx: false,
      *steps(leases) {
        if (leases.length === 0) return;
        const byToken = new Map<string, string[]>();
        for (const l of leases) {
          const ids = byToken.get(l.lease_token);
          if (ids) ids.push(l.id);
          else byToken.set(l.lease_token, [l.id]);
        }
        yield* transaction(function* () {
          for (const [token, ids] of byToken) {
            yield* exec(
              "UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL WHERE {in:id} AND lease_token = ?",
              [list(ids), token],
            );
          }
          // Released records are due at once: let a loop (this one after a restart, or another server) see them.
          yield* signal("deliveries");
        });
      },
    },
    hasPending: {
      tx: false,
      *steps() {
        return (
          (yield* one(
            "SELECT 1 FROM webhook_deliveries{indexed:webhook_deliveries_next} WHERE status = 'pending' LIMIT 1",
          )) !== null || (yield* fanOutWaiting())
        );
      },
    },
    nextWakeAt: {
      tx: false,
      *steps() {
        const clock = yield* leaseClock();
        const row = yield* one<{ due: string | null; lease: string | null }>(
          `SELECT (SELECT min(next_attempt_at) FROM webhook_deliveries
                   WHERE status = 'pending' AND next_attempt_at > {leaseClock}) AS due,
             (SELECT min(lease_until) FROM webhook_deliveries WHERE lease_until > {leaseClock}) AS lease`,
          [clock, clock],
        );
        // ISO timestamps sort as text: the earliest of the two.
        return [row?.due ?? null, row?.lease ?? null].filter((t): t is string => t !== null).sort()[0] ?? null;
      },
    },
  };
}
