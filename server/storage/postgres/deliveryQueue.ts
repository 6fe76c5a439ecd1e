import type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimOptions,
  DeliveryQueue,
  EndpointHealth,
  HealthPolicy,
  SettleResult,
} from "../port/deliveryQueue.ts";
import type { Async } from "../port/index.ts";
import { plusMs } from "../rows/time.ts";
import {
  disableAfterFailure,
  disabledEvent,
  type ClaimRow as LeasedRow,
  NO_POLICY,
  NOTHING,
  type TargetRow,
  type TargetStateRow,
  targetOf,
  targetsOf,
  UNCHANGED,
} from "../rows/webhooks.ts";
import type { PgContext } from "./context.ts";
import { leaseClockParam, leaseNow } from "./leases.ts";
import { appendEvent, appendEventTo } from "./outbox.ts";

/** The lease clock inside one statement (`$n`: leaseClockParam), as shared/dialect.ts's {leaseClock}. */
const leaseClockSql = (n: number) =>
  `coalesce($${n}::text, to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** A leased record as the claim returns it: with its due time. */
interface ClaimRow extends LeasedRow {
  next_attempt_at: string;
}

const TARGET_COLUMNS = "id, url, signing_scheme, secret_sealed, previous_secret_sealed, previous_secret_expires_at";

/** A pending record `d` is due at `at` (the lease clock) when no lease in force holds it. */
const due = (at: string) =>
  `d.status = 'pending' AND d.next_attempt_at <= ${at} AND (d.lease_until IS NULL OR d.lease_until <= ${at})`;
const DUE = due("$1");
/** Whether anything is due at all (looked at before a claim opens a transaction). */
const ANY_DUE = `SELECT 1 FROM webhook_endpoints e WHERE e.active = 1 AND EXISTS (
  SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND ${due(leaseClockSql(1))}) LIMIT 1`;

/**
 * The delivery queue on PostgreSQL, behaving as the SQLite adapter's (same records, events and
 * results). What differs is how several replicas share the work:
 *
 * - A claim leases records with `FOR UPDATE SKIP LOCKED` and counts an endpoint's leases in force
 *   only while it holds that endpoint's row lock (`FOR NO KEY UPDATE SKIP LOCKED`), so two
 *   replicas never lease the same record and together never lease more than `endpointConcurrency`
 *   per endpoint. An endpoint another transaction holds is skipped (reported as `more`).
 * - Leases and due times are compared with the database's clock (see leases.ts): a process takes
 *   over a record only once its lease expired.
 * - An outcome whose claim was lost (the lease expired and another worker took the record, or the
 *   record was settled meanwhile, e.g. discarded with its endpoint) only adds its attempt to the
 *   record's history, numbered after the counted attempts: the record's status, counters, lease and
 *   last response and the endpoint's health belong to the holder of the claim. A lease that expired
 *   still holds until another worker claims the record.
 * - Row locks are taken in one order (the outcomes' endpoints, then their records, each by id;
 *   claims never wait for a lock), so settles of several replicas do not deadlock.
 */
export function createDeliveryQueue(ctx: PgContext): Async<DeliveryQueue> {
  /**
   * The endpoint side of an attempt, in its transaction: the failure streak, the degraded flag, and
   * the disable rules (410 Gone at once; a failure streak older than `autoDisableAfterMs`), each
   * move with its `webhook_endpoint.*` event for the account's subscribed endpoints.
   */
  const updateHealth = async (
    tx: PgContext,
    outcome: AttemptOutcome,
    now: string,
    policy: HealthPolicy,
    succeededInBatch: Set<string>,
  ): Promise<EndpointHealth> => {
    if (outcome.result.type === "succeeded") {
      // A success after a success of the same batch (same `now`, no failure between) changes
      // nothing: the endpoint is already healthy with this last_success_at.
      if (succeededInBatch.has(outcome.endpoint_id)) return { consecutive_fail: 0, degraded: null, disabled: null };
      const done = await tx.one<{ account_id: string; was_degraded: number }>(
        `UPDATE webhook_endpoints e SET consecutive_fail = 0, degraded = 0, failing_since = NULL, last_success_at = $1
         FROM (SELECT id, degraded FROM webhook_endpoints WHERE id = $2) old
         WHERE e.id = old.id RETURNING e.account_id, old.degraded AS was_degraded`,
        [now, outcome.endpoint_id],
      );
      if (done) succeededInBatch.add(outcome.endpoint_id);
      const cleared = done !== null && done.was_degraded === 1;
      if (done && cleared) {
        await appendEvent(tx, done.account_id, { id: outcome.endpoint_id, type: "webhook_endpoint.recovered" });
      }
      return { consecutive_fail: 0, degraded: cleared ? "cleared" : null, disabled: null };
    }
    succeededInBatch.delete(outcome.endpoint_id);
    // failing_since marks the first failure after a success: the streak the sustained-failure rule measures.
    const after = await tx.one<{
      account_id: string;
      consecutive_fail: number;
      degraded: number;
      active: number;
      failing_since: string;
      was_degraded: number;
    }>(
      `UPDATE webhook_endpoints e SET consecutive_fail = e.consecutive_fail + 1, last_failure_at = $1,
         failing_since = coalesce(e.failing_since, $1),
         degraded = CASE WHEN e.consecutive_fail + 1 > $2::bigint THEN 1 ELSE e.degraded END
       FROM (SELECT id, degraded FROM webhook_endpoints WHERE id = $3) old
       WHERE e.id = old.id
       RETURNING e.account_id, e.consecutive_fail, e.degraded, e.active, e.failing_since, old.degraded AS was_degraded`,
      [now, policy.degradedThreshold, outcome.endpoint_id],
    );
    // The endpoint was deleted while the attempt was in flight.
    if (!after) return { consecutive_fail: 0, degraded: null, disabled: null };
    const raised = after.was_degraded !== 1 && after.degraded === 1;
    if (raised) {
      await appendEvent(tx, after.account_id, {
        id: outcome.endpoint_id,
        type: "webhook_endpoint.degraded",
        consecutive_fail: after.consecutive_fail,
      });
    }
    const disabled = disableAfterFailure(after, outcome, policy, now);
    if (
      disabled !== null &&
      (await tx.exec(
        "UPDATE webhook_endpoints SET active = 0, disabled_reason = $1, updated_at = $2 WHERE id = $3 AND active = 1",
        [disabled, now, outcome.endpoint_id],
      )) === 1
    ) {
      await appendEventTo(
        tx,
        after.account_id,
        ...disabledEvent(outcome.endpoint_id, after.consecutive_fail, disabled),
      );
    }
    return { consecutive_fail: after.consecutive_fail, degraded: raised ? "raised" : null, disabled };
  };

  // Rotates the endpoint a claim starts from, so that capacity is shared fairly.
  let rotation = 0;

  /**
   * Records finished attempts inside the settling transaction (see `settle`), each as the SQLite
   * adapter's `recordAttempt` would, in two statements for the whole batch (the records, then their
   * attempts), then each held outcome's health in order.
   */
  const recordAll = async (
    tx: PgContext,
    outcomes: AttemptOutcome[],
    now: string,
    policy: HealthPolicy,
  ): Promise<EndpointHealth[]> => {
    const results = outcomes.map((o) => o.result);
    // Only the holder of the claim (its lease token) decides the record's fate; the same
    // statement releases the lease.
    const held = await tx.query<{ id: string; token: string; attempt_count: number }>(
      // An attempt aborted by the engine (its endpoint was disabled meanwhile) is counted in the
      // history but not against the round (round_start moves with it), and the record stays due.
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
    const numberOf = (o: AttemptOutcome) => numbers.get(`${o.delivery_id} ${o.lease_token}`) ?? null;
    // Every attempt joins its record's history: a held one under the number it was just counted
    // as; a late result of a lost claim (see the store's comment) after the record's counted
    // attempts, changing nothing else. A record retention deleted meanwhile gets nothing.
    await tx.query(
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
    const succeeded = new Set<string>();
    const health: EndpointHealth[] = [];
    for (const outcome of outcomes) {
      // A lost claim, or an abort (not the receiver's doing): the endpoint's health does not move.
      const unchanged = numberOf(outcome) === null || outcome.result.type === "aborted";
      health.push(unchanged ? UNCHANGED : await updateHealth(tx, outcome, now, policy, succeeded));
    }
    return health;
  };

  /** The current targets of endpoints (see SettleResult.targets). */
  const targetsIn = async (c: PgContext, ids: string[] | undefined): Promise<SettleResult["targets"]> => {
    if (!ids || ids.length === 0) return {};
    const rows = await c.query<TargetStateRow>(
      `SELECT ${TARGET_COLUMNS}, active FROM webhook_endpoints WHERE id = ANY($1::text[])`,
      [ids],
    );
    return targetsOf(ids, rows);
  };

  /** Leases due records inside the settling transaction (see `claimDue` and the store's comment). */
  const claimIn = async (
    tx: PgContext,
    { limit, endpointConcurrency, claimAhead = 1, leaseMs, leaseToken, holder }: ClaimOptions,
    at: string,
    now: string,
  ): Promise<Omit<SettleResult, "health" | "targets">> => {
    const leaseUntil = plusMs(at, leaseMs);
    const prefix = holder === undefined ? "" : `${holder}.`;
    // With a holder: the leases in force of other holders (tokens without its prefix), per endpoint.
    const othersLeases =
      holder === undefined
        ? null
        : Object.fromEntries(
            (
              await tx.query<{ endpoint_id: string; others: number }>(
                `SELECT endpoint_id, count(*) AS others FROM webhook_deliveries
                 WHERE lease_until IS NOT NULL AND lease_until > $1 AND substr(lease_token, 1, $2) <> $3
                 GROUP BY endpoint_id`,
                [at, prefix.length, prefix],
              )
            ).map((r) => [r.endpoint_id, r.others]),
          );
    // A rotated-out secret stops signing when it expires: forget it (it is sealed, but nothing
    // needs it any more). Endpoints another transaction holds are left for a later claim.
    await tx.exec(
      `UPDATE webhook_endpoints SET previous_secret_sealed = NULL, previous_secret_expires_at = NULL
       WHERE id IN (SELECT id FROM webhook_endpoints WHERE previous_secret_expires_at IS NOT NULL
         AND previous_secret_expires_at <= $1 FOR NO KEY UPDATE SKIP LOCKED)`,
      [now],
    );
    const candidates = await tx.query<{ id: string }>(
      `SELECT e.id FROM webhook_endpoints e WHERE e.active = 1 AND EXISTS (
         SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND ${DUE}) ORDER BY e.id`,
      [at],
    );
    if (candidates.length === 0) return { claimed: [], more: false, othersLeases };
    const start = rotation++ % candidates.length;
    const ordered = [...candidates.slice(start), ...candidates.slice(0, start)];
    const claimed: (ClaimRow & { endpoint: TargetRow })[] = [];
    let remaining = limit;
    // Whether due records were left behind by a limit, or by an endpoint another transaction
    // holds (they may be claimed as soon as slots free up).
    let more = false;
    for (const { id: endpointId } of ordered) {
      if (remaining <= 0) {
        more = true;
        break;
      }
      // Claims of one endpoint take turns: its leases in force are counted under its row lock.
      const endpoint = await tx.one<TargetRow>(
        `SELECT ${TARGET_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND active = 1 FOR NO KEY UPDATE SKIP LOCKED`,
        [endpointId],
      );
      if (!endpoint) {
        more = true;
        continue;
      }
      // Under that lock, on this statement's fresh snapshot: the endpoint's leases in force (by
      // anyone; `others` by other holders) bound how many of its due records this claim leases.
      const rows = await tx.query<ClaimRow & { free: number }>(
        `WITH in_force AS (
           SELECT count(*) AS n, count(*) FILTER (WHERE substr(lease_token, 1, $6::int) <> $7) AS others
           FROM webhook_deliveries WHERE endpoint_id = $4 AND lease_until IS NOT NULL AND lease_until > $1),
         slots AS (
           SELECT greatest(0, least(CASE WHEN $8::boolean OR others > 0 THEN $9::bigint ELSE $10::bigint END - n, $5::bigint))
             AS free
           FROM in_force),
         picked AS (
           SELECT d.id FROM webhook_deliveries d WHERE d.endpoint_id = $4 AND ${DUE}
           ORDER BY d.next_attempt_at, d.id LIMIT (SELECT free FROM slots) FOR NO KEY UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries w SET lease_until = $2, lease_token = $3 FROM picked WHERE w.id = picked.id
         RETURNING w.id, w.event_seq, w.event_id, w.event_type, w.attempt_count, w.round_start, w.next_attempt_at,
           (SELECT free FROM slots) AS free`,
        [
          at,
          leaseUntil,
          leaseToken,
          endpointId,
          remaining,
          prefix.length,
          prefix,
          holder === undefined,
          endpointConcurrency,
          endpointConcurrency * claimAhead,
        ],
      );
      // None leased: the endpoint's slots are taken (its due records are there: it was a candidate,
      // and its row lock keeps other claims away). All its free slots filled: more may be due.
      if (rows.length === 0 || rows.length === rows[0]?.free) more = true;
      rows.sort((a, b) => (a.id < b.id ? -1 : 1));
      for (const row of rows) claimed.push({ ...row, endpoint });
      remaining -= rows.length;
    }
    // A fanned-out event is claimed for several endpoints at once: read its bytes once.
    const seqs = [...new Set(claimed.map((c) => c.event_seq))];
    const payloads = new Map<number, string>();
    if (seqs.length > 0) {
      const rows = await tx.query<{ seq: number; payload: string }>(
        "SELECT seq, payload FROM events WHERE seq = ANY($1::bigint[])",
        [seqs],
      );
      for (const row of rows) payloads.set(row.seq, row.payload);
    }
    return {
      claimed: claimed.map(
        (row): ClaimedDelivery => ({
          id: row.id,
          endpoint_id: row.endpoint.id,
          event_id: row.event_id,
          event_type: row.event_type,
          number: row.attempt_count + 1,
          round_attempt: row.attempt_count - row.round_start + 1,
          lease_token: leaseToken,
          payload: payloads.get(row.event_seq) ?? "",
          ...targetOf(row.endpoint),
        }),
      ),
      more,
      othersLeases,
    };
  };

  const settle: Async<DeliveryQueue>["settle"] = async (outcomes, policy, claim) => {
    const wantsClaim = claim !== null && claim.limit > 0;
    if (outcomes.length === 0) {
      if (!wantsClaim) return { ...NOTHING, targets: await targetsIn(ctx, claim?.refresh) };
      // Every pass of the loop may call this: look before opening a transaction.
      if (!(await ctx.one(ANY_DUE, [leaseClockParam(ctx)]))) {
        return { ...NOTHING, targets: await targetsIn(ctx, claim?.refresh) };
      }
    }
    return ctx.tx(async (tx) => {
      const now = tx.now();
      const at = await leaseNow(tx);
      if (outcomes.length > 0) {
        // The lock order of every settle (see the store's comment).
        const endpointIds = [...new Set(outcomes.map((o) => o.endpoint_id))];
        const deliveryIds = [...new Set(outcomes.map((o) => o.delivery_id))];
        await tx.query("SELECT id FROM webhook_endpoints WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE", [
          endpointIds,
        ]);
        await tx.query("SELECT id FROM webhook_deliveries WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE", [
          deliveryIds,
        ]);
      }
      const health = outcomes.length > 0 ? await recordAll(tx, outcomes, now, policy) : [];
      const claimed = wantsClaim ? await claimIn(tx, claim, at, now) : { claimed: [], more: false, othersLeases: null };
      return { health, ...claimed, targets: await targetsIn(tx, claim?.refresh) };
    });
  };

  return {
    settle,
    claimDue: async (options) => (await settle([], NO_POLICY, options)).claimed,
    recordAttempt: async (outcome, policy) => (await settle([outcome], policy, null)).health[0] ?? UNCHANGED,
    async releaseLeases(leases) {
      if (leases.length === 0) return;
      await ctx.exec(
        `UPDATE webhook_deliveries d SET lease_until = NULL, lease_token = NULL
         FROM unnest($1::text[], $2::text[]) AS l(id, token) WHERE d.id = l.id AND d.lease_token = l.token`,
        [leases.map((l) => l.id), leases.map((l) => l.lease_token)],
      );
      // Released records are due at once: let a loop (this one after a restart, or another replica) see them.
      ctx.signal("deliveries");
    },
    async hasPending() {
      return (await ctx.one("SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT 1")) !== null;
    },
    async nextWakeAt() {
      const row = await ctx.one<{ due: string | null; lease: string | null }>(
        `WITH clock AS (SELECT ${leaseClockSql(1)} AS at)
         SELECT (SELECT min(next_attempt_at) FROM webhook_deliveries, clock
                 WHERE status = 'pending' AND next_attempt_at > clock.at) AS due,
           (SELECT min(lease_until) FROM webhook_deliveries, clock WHERE lease_until > clock.at) AS lease`,
        [leaseClockParam(ctx)],
      );
      // ISO timestamps sort as text: the earliest of the two.
      return [row?.due ?? null, row?.lease ?? null].filter((t): t is string => t !== null).sort()[0] ?? null;
    },
  };
}
