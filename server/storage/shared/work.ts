/**
 * Self-hosted environments' keys and work queue (port/work.ts), written once for both adapters.
 * A poll's claim reads the oldest claimable row `{skipLocked}` (PostgreSQL: a second poller skips
 * the row the first one holds and takes the next; SQLite: the write lock serialises the pollers),
 * then marks it handed out in the same transaction. Leases are measured on the lease clock
 * (`leaseNow`: the database's on PostgreSQL), so that every replica expires them at the same moment.
 */
import { newId } from "../../ids.ts";
import type { WorkRecord, WorkStore } from "../port/work.ts";
import { dueForTouch, TOKEN_TOUCH_INTERVAL_MS } from "../rows/accounts.ts";
import {
  ENVIRONMENT_KEY_COLUMNS,
  type EnvironmentKeyRow,
  plusMs,
  toEnvironmentKey,
  toWork,
  WORK_COLUMNS,
  type WorkRow,
} from "../rows/work.ts";
import { all, exec, leaseNow, now, one, page, type StepStore, type Steps, tryExec } from "./steps.ts";

const LEASED = "('starting', 'active', 'stopping')";

const findWork = (environmentId: string, workId: string, lock = "") =>
  one<WorkRow>(`SELECT ${WORK_COLUMNS} FROM environment_work WHERE id = ? AND environment_id = ?${lock}`, [
    workId,
    environmentId,
  ]);

/** Puts back the items (of one environment, or all) whose lease ran out; stopping ones stop. */
function* expire(environmentId: string | null): Steps<number> {
  const at = yield* leaseNow();
  const scope = environmentId === null ? "" : " AND environment_id = ?";
  const params = environmentId === null ? [at] : [at, environmentId];
  const stopped = yield* exec(
    `UPDATE environment_work SET state = 'stopped', stopped_at = lease_expires_at, lease_expires_at = NULL
     WHERE lease_expires_at < ? AND state = 'stopping'${scope}`,
    params,
  );
  const requeued = yield* exec(
    `UPDATE environment_work SET state = 'queued', polled_at = NULL, polled_by = NULL, acknowledged_at = NULL,
       started_at = NULL, latest_heartbeat_at = NULL, lease_expires_at = NULL, leases_lost = leases_lost + 1
     WHERE lease_expires_at < ? AND state IN ('starting', 'active')${scope}`,
    params,
  );
  return stopped + requeued;
}

/**
 * Stops the session's live work item at once (in the caller's transaction): the session was
 * interrupted, archived, or its agent deleted. Its worker learns it from its next heartbeat.
 */
export function* stopWorkOf(sessionId: string): Steps<number> {
  const at = yield* leaseNow();
  return yield* exec(
    `UPDATE environment_work SET state = 'stopped', stopped_at = ?, lease_expires_at = NULL,
       stop_requested_at = coalesce(stop_requested_at, ?) WHERE session_id = ? AND state <> 'stopped'`,
    [at, at, sessionId],
  );
}

function* liveOf(sessionId: string): Steps<WorkRow | null> {
  return yield* one<WorkRow>(
    `SELECT ${WORK_COLUMNS} FROM environment_work WHERE session_id = ? AND state <> 'stopped'`,
    [sessionId],
  );
}

export const work: StepStore<WorkStore> = {
  createKey: {
    tx: true,
    *steps(accountId, environmentId, input) {
      const row: EnvironmentKeyRow = {
        id: newId("envkey"),
        account_id: accountId,
        environment_id: environmentId,
        name: input.name,
        hint: input.hint,
        created_at: yield* now(),
        last_used_at: null,
        revoked_at: null,
      };
      yield* exec(
        `INSERT INTO environment_keys (${ENVIRONMENT_KEY_COLUMNS}, key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.account_id,
          row.environment_id,
          row.name,
          row.hint,
          row.created_at,
          row.last_used_at,
          row.revoked_at,
          input.keyHash,
        ],
      );
      return toEnvironmentKey(row);
    },
  },
  listKeys: {
    tx: false,
    *steps(accountId, environmentId) {
      const rows = yield* all<EnvironmentKeyRow>(
        `SELECT ${ENVIRONMENT_KEY_COLUMNS} FROM environment_keys WHERE account_id = ? AND environment_id = ? ORDER BY id DESC`,
        [accountId, environmentId],
      );
      return rows.map(toEnvironmentKey);
    },
  },
  revokeKey: {
    tx: true,
    *steps(accountId, environmentId, keyId) {
      yield* exec(
        "UPDATE environment_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND environment_id = ? AND revoked_at IS NULL",
        [yield* now(), keyId, accountId, environmentId],
      );
      const row = yield* one<EnvironmentKeyRow>(
        `SELECT ${ENVIRONMENT_KEY_COLUMNS} FROM environment_keys WHERE id = ? AND account_id = ? AND environment_id = ?`,
        [keyId, accountId, environmentId],
      );
      return row ? toEnvironmentKey(row) : null;
    },
  },
  authenticateKey: {
    tx: false,
    *steps(keyHash) {
      const row = yield* one<{ id: string; account_id: string; environment_id: string; last_used_at: string | null }>(
        "SELECT id, account_id, environment_id, last_used_at FROM environment_keys WHERE key_hash = ? AND revoked_at IS NULL",
        [keyHash],
      );
      if (!row) return null;
      // As a token's: use recorded at most once a minute, best effort (authentication stays a read).
      const at = new Date(yield* now());
      if (dueForTouch(row.last_used_at, at)) {
        yield* tryExec(
          "UPDATE environment_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
          [at.toISOString(), row.id, new Date(at.getTime() - TOKEN_TOUCH_INTERVAL_MS).toISOString()],
        );
      }
      return { accountId: row.account_id, environmentId: row.environment_id, keyId: row.id };
    },
  },
  enqueueSession: {
    tx: true,
    *steps(accountId, environmentId, sessionId) {
      // The partial unique index keeps one live item per session, even across replicas.
      yield* exec(
        `INSERT INTO environment_work (id, account_id, environment_id, session_id, state, metadata, created_at)
         VALUES (?, ?, ?, ?, 'queued', '{}', ?) ON CONFLICT (session_id) WHERE state <> 'stopped' DO NOTHING`,
        [newId("work"), accountId, environmentId, sessionId, yield* leaseNow()],
      );
      const row = yield* liveOf(sessionId);
      if (!row) throw new Error(`the work item of session ${sessionId} vanished while it was queued`);
      return toWork(row);
    },
  },
  poll: {
    tx: true,
    *steps(environmentId, workerId, reclaimOlderThanMs) {
      yield* expire(environmentId);
      const at = yield* leaseNow();
      if (workerId !== null) {
        yield* exec(
          `INSERT INTO environment_workers (environment_id, worker_id, last_polled_at) VALUES (?, ?, ?)
           ON CONFLICT (environment_id, worker_id) DO UPDATE SET last_polled_at = excluded.last_polled_at`,
          [environmentId, workerId, at],
        );
      }
      const row = yield* one<WorkRow>(
        `SELECT ${WORK_COLUMNS} FROM environment_work
         WHERE environment_id = ? AND state = 'queued' AND (polled_at IS NULL OR polled_at <= ?)
         ORDER BY created_at, id LIMIT 1{skipLocked}`,
        [environmentId, plusMs(at, -reclaimOlderThanMs)],
      );
      if (!row) return null;
      yield* exec("UPDATE environment_work SET polled_at = ?, polled_by = ? WHERE id = ?", [at, workerId, row.id]);
      return toWork({ ...row, polled_at: at });
    },
  },
  ack: {
    tx: true,
    *steps(environmentId, workId, ttlSeconds) {
      const row = yield* findWork(environmentId, workId, "{lock}");
      if (!row) return null;
      if (row.state !== "queued") return "conflict" as const;
      const at = yield* leaseNow();
      const lease = plusMs(at, ttlSeconds * 1000);
      yield* exec(
        `UPDATE environment_work SET state = 'starting', acknowledged_at = ?, latest_heartbeat_at = NULL,
           lease_expires_at = ?, lease_ttl_seconds = ? WHERE id = ?`,
        [at, lease, ttlSeconds, workId],
      );
      return toWork({
        ...row,
        state: "starting",
        acknowledged_at: at,
        latest_heartbeat_at: null,
        lease_expires_at: lease,
        lease_ttl_seconds: ttlSeconds,
      });
    },
  },
  heartbeat: {
    tx: true,
    *steps(environmentId, workId, expected, ttlSeconds) {
      const row = yield* findWork(environmentId, workId, "{lock}");
      if (!row) return null;
      const record = toWork(row);
      if (row.state === "stopped") return { outcome: "not_extended" as const, record };
      if (row.state === "queued") return { outcome: "precondition_failed" as const, record };
      if (row.state !== "stopping" && expected !== null && expected !== (row.latest_heartbeat_at ?? "NO_HEARTBEAT")) {
        return { outcome: "precondition_failed" as const, record };
      }
      const at = yield* leaseNow();
      const lease = plusMs(at, ttlSeconds * 1000);
      const state = row.state === "stopping" ? "stopping" : "active";
      const startedAt = row.started_at ?? at;
      yield* exec(
        `UPDATE environment_work SET state = ?, started_at = ?, latest_heartbeat_at = ?, lease_expires_at = ?,
           lease_ttl_seconds = ? WHERE id = ?`,
        [state, startedAt, at, lease, ttlSeconds, workId],
      );
      return {
        outcome: "renewed" as const,
        record: {
          ...record,
          state,
          started_at: startedAt,
          latest_heartbeat_at: at,
          lease_expires_at: lease,
          lease_ttl_seconds: ttlSeconds,
        } satisfies WorkRecord,
      };
    },
  },
  stop: {
    tx: true,
    *steps(environmentId, workId, force) {
      const row = yield* findWork(environmentId, workId, "{lock}");
      if (!row) return null;
      if (row.state === "stopped") return "stopped" as const;
      const at = yield* leaseNow();
      if (force || row.state === "queued") {
        yield* exec(
          `UPDATE environment_work SET state = 'stopped', stopped_at = ?, lease_expires_at = NULL,
             stop_requested_at = coalesce(stop_requested_at, ?) WHERE id = ?`,
          [at, at, workId],
        );
        return toWork({
          ...row,
          state: "stopped",
          stopped_at: at,
          lease_expires_at: null,
          stop_requested_at: row.stop_requested_at ?? at,
        });
      }
      yield* exec(
        "UPDATE environment_work SET state = 'stopping', stop_requested_at = coalesce(stop_requested_at, ?) WHERE id = ?",
        [at, workId],
      );
      return toWork({ ...row, state: "stopping", stop_requested_at: row.stop_requested_at ?? at });
    },
  },
  release: {
    tx: true,
    *steps(environmentId, workId) {
      const row = yield* findWork(environmentId, workId, "{lock}");
      if (!row) return null;
      if (row.state === "queued" || row.state === "stopped") return "conflict" as const;
      const at = yield* leaseNow();
      if (row.state === "stopping") {
        yield* exec(
          "UPDATE environment_work SET state = 'stopped', stopped_at = ?, lease_expires_at = NULL WHERE id = ?",
          [at, workId],
        );
        return toWork({ ...row, state: "stopped", stopped_at: at, lease_expires_at: null });
      }
      yield* exec(
        `UPDATE environment_work SET state = 'queued', polled_at = NULL, polled_by = NULL, acknowledged_at = NULL,
           started_at = NULL, latest_heartbeat_at = NULL, lease_expires_at = NULL WHERE id = ?`,
        [workId],
      );
      return toWork({
        ...row,
        state: "queued",
        polled_at: null,
        acknowledged_at: null,
        started_at: null,
        latest_heartbeat_at: null,
        lease_expires_at: null,
      });
    },
  },
  update: {
    tx: true,
    *steps(environmentId, workId, update) {
      const row = yield* findWork(environmentId, workId, "{lock}");
      if (!row) return null;
      const metadata = update(JSON.parse(row.metadata));
      yield* exec("UPDATE environment_work SET metadata = ? WHERE id = ?", [JSON.stringify(metadata), workId]);
      return toWork({ ...row, metadata: JSON.stringify(metadata) });
    },
  },
  get: {
    tx: false,
    *steps(environmentId, workId) {
      const row = yield* findWork(environmentId, workId);
      return row ? toWork(row) : null;
    },
  },
  list: {
    tx: false,
    steps: (environmentId, query) =>
      page({
        select: `SELECT ${WORK_COLUMNS} FROM environment_work WHERE environment_id = ?`,
        params: [environmentId],
        key: "id",
        order: "desc",
        page: query,
        map: toWork,
        getId: (w) => w.id,
      }),
  },
  stats: {
    tx: true,
    *steps(environmentId, reclaimOlderThanMs, workersSince) {
      yield* expire(environmentId);
      const at = yield* leaseNow();
      const row = yield* one<{ depth: number; pending: number | null; oldest: string | null }>(
        `SELECT count(*) AS depth, sum(CASE WHEN polled_at IS NOT NULL AND polled_at > ? THEN 1 ELSE 0 END) AS pending,
           min(created_at) AS oldest FROM environment_work WHERE environment_id = ? AND state = 'queued'`,
        [plusMs(at, -reclaimOlderThanMs), environmentId],
      );
      const workers = yield* one<{ n: number }>(
        "SELECT count(*) AS n FROM environment_workers WHERE environment_id = ? AND last_polled_at >= ?",
        [environmentId, workersSince],
      );
      return {
        depth: Number(row?.depth ?? 0),
        pending: Number(row?.pending ?? 0),
        oldest_queued_at: row?.oldest ?? null,
        workers_polling: Number(workers?.n ?? 0),
      };
    },
  },
  expireLeases: {
    tx: true,
    steps: () => expire(null),
  },
  stopSessionWork: {
    tx: true,
    *steps(sessionId) {
      return (yield* stopWorkOf(sessionId)) > 0;
    },
  },
  sessionWork: {
    tx: false,
    *steps(sessionId) {
      const row = yield* liveOf(sessionId);
      return row ? toWork(row) : null;
    },
  },
  holdsSession: {
    tx: false,
    *steps(environmentId, sessionId) {
      const row = yield* one<{ id: string }>(
        `SELECT id FROM environment_work WHERE environment_id = ? AND session_id = ? AND state IN ${LEASED}
           AND lease_expires_at >= ?`,
        [environmentId, sessionId, yield* leaseNow()],
      );
      return row !== null;
    },
  },
  totals: {
    tx: false,
    *steps(workersSince) {
      const workers = yield* one<{ n: number }>(
        "SELECT count(*) AS n FROM environment_workers WHERE last_polled_at >= ?",
        [workersSince],
      );
      const row = yield* one<{
        queued: number | null;
        leased: number | null;
        oldest: string | null;
        lost: number | null;
      }>(
        `SELECT sum(CASE WHEN state = 'queued' THEN 1 ELSE 0 END) AS queued,
           sum(CASE WHEN state IN ${LEASED} THEN 1 ELSE 0 END) AS leased,
           min(CASE WHEN state = 'queued' THEN created_at END) AS oldest, sum(leases_lost) AS lost
         FROM environment_work`,
      );
      return {
        queued: Number(row?.queued ?? 0),
        leased: Number(row?.leased ?? 0),
        oldest_queued_at: row?.oldest ?? null,
        leases_lost: Number(row?.lost ?? 0),
        workers_polling: Number(workers?.n ?? 0),
      };
    },
  },
};
