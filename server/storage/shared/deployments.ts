/**
 * Deployments and their runs (port/deployments.ts), written once for both adapters, but for
 * creating a run's session: that goes through the adapter's session store, in the run's
 * transaction, so each adapter strings `takeRun`, its createSession and `settleRun` together
 * (runDeployment, fireDue). Several replicas' schedulers may fire the same due deployment at
 * once: each takes the deployment's row with `{skipLocked}` (a deployment another scheduler is
 * firing is left alone) and only if it is still due at the same time, and the run's fire time is
 * taken with `INSERT ... ON CONFLICT (deployment_id, scheduled_at) DO NOTHING` before anything
 * else is written: a fire time is recorded once, however many processes fire it.
 */
import type {
  DeploymentRecord,
  DeploymentRunRecord,
  DeploymentStore,
  DeploymentWriteResult,
  FireOutcome,
  FirePlan,
  PausedReason,
} from "../port/deployments.ts";
import type { CreateSessionResult } from "../port/sessions.ts";
import {
  DEPLOYMENT_COLUMNS,
  DEPLOYMENT_RUN_COLUMNS,
  type DeploymentRow,
  type DeploymentRunRow,
  FIELD_KEYS,
  newDeploymentRow,
  newDeploymentRunRow,
  pausedByError,
  settleStart,
  toDeployment,
  toDeploymentRun,
  updatedDeploymentRow,
} from "../rows/deployments.ts";
import { all, append, exec, marks, now, one, page, type StepStore, type Steps, signal } from "./steps.ts";

/** `hold`: keep the row until commit (it is about to change). */
const findRow = (accountId: string, id: string, hold = false) =>
  one<DeploymentRow>(`SELECT * FROM deployments WHERE id = ? AND account_id = ?${hold ? "{lock}" : ""}`, [
    id,
    accountId,
  ]);

type State = Partial<Pick<DeploymentRow, "status" | "paused_reason" | "next_run_at" | "last_run_at" | "archived_at">>;

/** Writes the status columns of a deployment and returns the updated row. */
function* setState(row: DeploymentRow, state: State): Steps<DeploymentRow> {
  const next: DeploymentRow = { ...row, ...state, updated_at: yield* now() };
  yield* exec(
    `UPDATE deployments SET status = ?, paused_reason = ?, next_run_at = ?, last_run_at = ?, archived_at = ?,
       updated_at = ? WHERE id = ?`,
    [next.status, next.paused_reason, next.next_run_at, next.last_run_at, next.archived_at, next.updated_at, next.id],
  );
  yield* signal("deployments");
  return next;
}

type Trigger = { type: "manual" } | { type: "schedule"; scheduled_at: string };

/**
 * Records a run of the deployment, as a skip (no session, no event), in the caller's
 * transaction; the adapter then creates its session and `settleRun`s it. Null when the run's fire
 * time was recorded already (by another process): nothing is written.
 */
export function* takeRun(row: DeploymentRow, trigger: Trigger): Steps<DeploymentRunRow | null> {
  const taken = newDeploymentRunRow(toDeployment(row), trigger, yield* now());
  // The fire time first: a second process firing the same time stops here.
  const inserted = yield* one(
    `INSERT INTO deployment_runs (${DEPLOYMENT_RUN_COLUMNS.join(", ")}) VALUES (${marks(DEPLOYMENT_RUN_COLUMNS.length)})
     ON CONFLICT (deployment_id, scheduled_at) DO NOTHING RETURNING id`,
    DEPLOYMENT_RUN_COLUMNS.map((k) => taken[k]),
  );
  return inserted ? taken : null;
}

/**
 * A taken run once its session's creation was tried: running (+ deployment_run.started), or
 * failed (+ deployment_run.failed), pausing an active deployment with the error.
 */
export function* settleRun(
  row: DeploymentRow,
  taken: DeploymentRunRow,
  created: CreateSessionResult,
): Steps<DeploymentRunRecord> {
  const d = toDeployment(row);
  let state: State = { last_run_at: taken.created_at };
  const error = settleStart(taken, created, d);
  yield* exec(
    "UPDATE deployment_runs SET status = ?, error = ?, session_id = ?, agent_version = ?, finished_at = ? WHERE id = ?",
    [taken.status, taken.error, taken.session_id, taken.agent_version, taken.finished_at, taken.id],
  );
  yield* append(d.account_id, {
    id: taken.id,
    type: error === null ? "deployment_run.started" : "deployment_run.failed",
    deployment_id: d.id,
    session_id: error === null ? taken.session_id : null,
  });
  // The cause will not go away by itself: stop firing until the user unpauses.
  if (error !== null && row.status === "active") {
    state = { ...state, status: "paused", paused_reason: pausedByError(error), next_run_at: null };
    yield* append(d.account_id, { id: d.id, type: "deployment.paused" });
  }
  yield* setState(row, state);
  return toDeploymentRun(taken);
}

/** The deployment of a manual run (held until commit), or why there is none. */
export function* runnable(accountId: string, id: string): Steps<DeploymentRow | "not_found" | "archived"> {
  const row = yield* findRow(accountId, id, true);
  if (!row) return "not_found";
  return row.archived_at ? "archived" : row;
}

/** The deployments due at `at`, oldest first (looked at before any transaction: most passes find nothing). */
export const dueDeployments = (at: string, limit: number) =>
  all<{ id: string; next_run_at: string }>(
    `SELECT id, next_run_at FROM deployments WHERE next_run_at IS NOT NULL AND next_run_at <= ?
     ORDER BY next_run_at, id LIMIT ?`,
    [at, limit],
  );

/**
 * Fires a due deployment, in its own transaction, up to its run's session: advances it to its
 * next fire time and takes the run. The outcome when that is all there is to do (nothing to fire,
 * a skip, a fire time taken already); else the run and the row for the adapter to start. Null
 * when the deployment is no longer due at `dueAt`, or another process holds it: it is theirs.
 */
export function* fireOne(
  id: string,
  dueAt: string,
  plan: (deployment: DeploymentRecord) => FirePlan,
): Steps<FireOutcome | { row: DeploymentRow; taken: DeploymentRunRow } | null> {
  const row = yield* one<DeploymentRow>("SELECT * FROM deployments WHERE id = ? AND next_run_at = ?{skipLocked}", [
    id,
    dueAt,
  ]);
  if (!row) return null;
  const decision = plan(toDeployment(row));
  const advanced = yield* setState(row, { next_run_at: decision.nextRunAt });
  const none = { deployment_id: id, due_at: dueAt, run: null };
  if (decision.fireAt === null) return none;
  const skip =
    row.overlap_policy === "skip" &&
    (yield* one("SELECT 1 FROM deployment_runs WHERE deployment_id = ? AND status = 'running' LIMIT 1", [id])) !== null;
  const taken = yield* takeRun(advanced, { type: "schedule", scheduled_at: decision.fireAt });
  if (!taken) return none;
  if (skip) return { ...none, run: toDeploymentRun(taken) };
  return { row: advanced, taken };
}

/** A write refused for the deployment as it stands, or the row to change (held until commit). */
function* writable(accountId: string, id: string): Steps<DeploymentRow | DeploymentWriteResult> {
  const row = yield* findRow(accountId, id, true);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.archived_at) return { ok: false, reason: "archived" };
  return row;
}

/** A status change (pause, unpause) of a writable deployment, with its event. */
function* changeStatus(
  accountId: string,
  id: string,
  to: DeploymentRow["status"],
  state: (row: DeploymentRow) => State,
  type: "deployment.paused" | "deployment.unpaused",
): Steps<DeploymentWriteResult> {
  const row = yield* writable(accountId, id);
  if ("ok" in row) return row;
  if (row.status === to) return { ok: true, deployment: toDeployment(row), changed: false };
  const next = yield* setState(row, state(row));
  yield* append(accountId, { id, type });
  return { ok: true, deployment: toDeployment(next), changed: true };
}

export const deployments: StepStore<Omit<DeploymentStore, "runDeployment" | "fireDue">> = {
  createDeployment: {
    tx: true,
    *steps(accountId, fields, nextRunAt, limit): Steps<DeploymentWriteResult> {
      // Creates of one account take turns on its row, so the limit holds under concurrency.
      yield* one("SELECT 1 FROM accounts WHERE id = ?{lock}", [accountId]);
      const count = yield* one<{ n: number | string }>(
        "SELECT count(*) AS n FROM deployments WHERE account_id = ? AND archived_at IS NULL",
        [accountId],
      );
      if (Number(count?.n ?? 0) >= limit) return { ok: false, reason: "limit" };
      const row = newDeploymentRow(accountId, fields, nextRunAt, yield* now());
      yield* exec(
        `INSERT INTO deployments (${DEPLOYMENT_COLUMNS.join(", ")}) VALUES (${marks(DEPLOYMENT_COLUMNS.length)})`,
        DEPLOYMENT_COLUMNS.map((k) => row[k]),
      );
      yield* append(accountId, { id: row.id, type: "deployment.created" });
      yield* signal("deployments");
      return { ok: true, deployment: toDeployment(row), changed: true };
    },
  },
  getDeployment: {
    tx: false,
    *steps(accountId, id) {
      const row = yield* findRow(accountId, id);
      return row ? toDeployment(row) : null;
    },
  },
  listDeployments: {
    tx: false,
    steps(accountId, { includeArchived, agentId, status, page: query }) {
      let select = "SELECT * FROM deployments WHERE account_id = ?";
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND archived_at IS NULL";
      if (agentId !== undefined) {
        select += " AND agent_id = ?";
        params.push(agentId);
      }
      if (status !== undefined) {
        select += " AND status = ?";
        params.push(status);
      }
      return page({ select, params, key: "id", order: "desc", page: query, map: toDeployment, getId: (d) => d.id });
    },
  },
  updateDeployment: {
    tx: true,
    *steps(accountId, id, update, nextRunAt): Steps<DeploymentWriteResult> {
      const row = yield* writable(accountId, id);
      if ("ok" in row) return row;
      const current = toDeployment(row);
      const next = updatedDeploymentRow(row, current, update(current), yield* now(), nextRunAt);
      if (!next) return { ok: true, deployment: current, changed: false };
      yield* exec(
        `UPDATE deployments SET ${FIELD_KEYS.map((k) => `${k} = ?`).join(", ")}, next_run_at = ?, updated_at = ? WHERE id = ?`,
        [...FIELD_KEYS.map((k) => next[k]), next.next_run_at, next.updated_at, id],
      );
      yield* append(accountId, { id, type: "deployment.updated" });
      yield* signal("deployments");
      return { ok: true, deployment: toDeployment(next), changed: true };
    },
  },
  pauseDeployment: {
    tx: true,
    steps: (accountId, id) =>
      changeStatus(
        accountId,
        id,
        "paused",
        () => ({
          status: "paused",
          paused_reason: JSON.stringify({ type: "manual" } satisfies PausedReason),
          next_run_at: null,
        }),
        "deployment.paused",
      ),
  },
  unpauseDeployment: {
    tx: true,
    steps: (accountId, id, nextRunAt) =>
      changeStatus(
        accountId,
        id,
        "active",
        (row) => ({
          status: "active",
          paused_reason: null,
          next_run_at: nextRunAt(toDeployment({ ...row, status: "active", paused_reason: null })),
        }),
        "deployment.unpaused",
      ),
  },
  archiveDeployment: {
    tx: true,
    *steps(accountId, id): Steps<DeploymentWriteResult> {
      const row = yield* findRow(accountId, id, true);
      if (!row) return { ok: false, reason: "not_found" };
      if (row.archived_at) return { ok: true, deployment: toDeployment(row), changed: false };
      const next = yield* setState(row, { archived_at: yield* now(), next_run_at: null });
      yield* append(accountId, { id, type: "deployment.archived" });
      return { ok: true, deployment: toDeployment(next), changed: true };
    },
  },
  deleteDeployment: {
    tx: true,
    *steps(accountId, id) {
      if (!(yield* findRow(accountId, id, true))) return false;
      // The event first: the delete takes the runs' rows (ON DELETE CASCADE), and a run's end
      // takes the outbox's position lock before its run's row; the same order here never waits
      // on it in a cycle.
      yield* append(accountId, { id, type: "deployment.deleted" });
      yield* exec("DELETE FROM deployments WHERE id = ?", [id]);
      yield* signal("deployments");
      return true;
    },
  },
  nextDueAt: {
    tx: false,
    *steps() {
      const row = yield* one<{ at: string | null }>(
        "SELECT min(next_run_at) AS at FROM deployments WHERE next_run_at IS NOT NULL",
      );
      return row?.at ?? null;
    },
  },
  getRun: {
    tx: false,
    *steps(accountId, runId) {
      const row = yield* one<DeploymentRunRow>("SELECT * FROM deployment_runs WHERE id = ? AND account_id = ?", [
        runId,
        accountId,
      ]);
      return row ? toDeploymentRun(row) : null;
    },
  },
  listRuns: {
    tx: false,
    steps(accountId, { deploymentId, triggerType, status, hasError, page: query }) {
      let select = "SELECT * FROM deployment_runs WHERE account_id = ?";
      const params: unknown[] = [accountId];
      for (const [column, value] of [
        ["deployment_id", deploymentId],
        ["trigger_type", triggerType],
        ["status", status],
      ] as const) {
        if (value === undefined) continue;
        select += ` AND ${column} = ?`;
        params.push(value);
      }
      if (hasError !== undefined) select += hasError ? " AND error IS NOT NULL" : " AND error IS NULL";
      return page({ select, params, key: "id", order: "desc", page: query, map: toDeploymentRun, getId: (r) => r.id });
    },
  },
};
