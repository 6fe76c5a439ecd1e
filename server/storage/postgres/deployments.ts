import type {
  DeploymentRunRecord,
  DeploymentStore,
  DeploymentWriteResult,
  FireOutcome,
  PausedReason,
} from "../port/deployments.ts";
import type { Async } from "../port/index.ts";
import type { SessionStore } from "../port/sessions.ts";
import {
  DEPLOYMENT_COLUMNS,
  DEPLOYMENT_RUN_COLUMNS,
  type DeploymentRow,
  type DeploymentRunRow,
  FIELD_KEYS,
  newDeploymentRow,
  newDeploymentRunRow,
  pausedByError,
  runSession,
  settleStart,
  toDeployment,
  toDeploymentRun,
  updatedDeploymentRow,
} from "../rows/deployments.ts";
import type { PgContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

/** `$1, $2, ... $n`. */
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(", ");

/**
 * Deployments and their runs on PostgreSQL, behaving as the SQLite adapter's store. Several
 * replicas' schedulers may fire the same due deployment at once: each takes the deployment's row
 * with `FOR NO KEY UPDATE SKIP LOCKED` (a deployment another scheduler is firing is left alone) and
 * only if it is still due at the same time, and the run's fire time is taken with
 * `INSERT ... ON CONFLICT (deployment_id, scheduled_at) DO NOTHING` before anything else is
 * written: a fire time is recorded once, however many processes fire it. A run's session is
 * created in the run's transaction, through the session store over that transaction
 * (`sessionsOver`).
 */
export function createDeploymentStore(
  ctx: PgContext,
  sessionsOver: (tx: PgContext) => Async<SessionStore>,
): Async<DeploymentStore> {
  const findRow = (c: PgContext, accountId: string, id: string, lock = false) =>
    c.one<DeploymentRow>(
      `SELECT * FROM deployments WHERE id = $1 AND account_id = $2${lock ? " FOR NO KEY UPDATE" : ""}`,
      [id, accountId],
    );

  /** Writes the status columns of a deployment and returns the updated row. */
  async function setState(
    tx: PgContext,
    row: DeploymentRow,
    state: Partial<Pick<DeploymentRow, "status" | "paused_reason" | "next_run_at" | "last_run_at" | "archived_at">>,
  ): Promise<DeploymentRow> {
    const next: DeploymentRow = { ...row, ...state, updated_at: tx.now() };
    await tx.exec(
      `UPDATE deployments SET status = $1, paused_reason = $2, next_run_at = $3, last_run_at = $4, archived_at = $5,
         updated_at = $6 WHERE id = $7`,
      [next.status, next.paused_reason, next.next_run_at, next.last_run_at, next.archived_at, next.updated_at, next.id],
    );
    tx.signal("deployments");
    return next;
  }

  /**
   * Records a run of the deployment in the caller's transaction: creates its session (running
   * + deployment_run.started), or records the failure (failed + deployment_run.failed) and pauses
   * an active deployment with the error, or records a skip (no session, no event). Null when the
   * run's fire time was recorded already (by another process): nothing is written.
   */
  async function startRun(
    tx: PgContext,
    row: DeploymentRow,
    trigger: { type: "manual" } | { type: "schedule"; scheduled_at: string },
    skip: boolean,
  ): Promise<DeploymentRunRecord | null> {
    const d = toDeployment(row);
    const now = tx.now();
    const run = newDeploymentRunRow(d, trigger, now);
    // The fire time first: a second process firing the same time stops here.
    const taken = await tx.one(
      `INSERT INTO deployment_runs (${DEPLOYMENT_RUN_COLUMNS.join(", ")}) VALUES (${placeholders(DEPLOYMENT_RUN_COLUMNS.length)})
       ON CONFLICT (deployment_id, scheduled_at) DO NOTHING RETURNING id`,
      DEPLOYMENT_RUN_COLUMNS.map((k) => run[k]),
    );
    if (!taken) return null;
    if (skip) return toDeploymentRun(run);
    const created = await sessionsOver(tx).createSession(d.account_id, runSession(d, run.id));
    let state: Parameters<typeof setState>[2] = { last_run_at: now };
    const error = settleStart(run, created, d);
    await tx.exec(
      "UPDATE deployment_runs SET status = $1, error = $2, session_id = $3, agent_version = $4, finished_at = $5 WHERE id = $6",
      [run.status, run.error, run.session_id, run.agent_version, run.finished_at, run.id],
    );
    if (error === null) {
      await appendEvent(tx, d.account_id, {
        id: run.id,
        type: "deployment_run.started",
        deployment_id: d.id,
        session_id: run.session_id,
      });
    } else {
      await appendEvent(tx, d.account_id, {
        id: run.id,
        type: "deployment_run.failed",
        deployment_id: d.id,
        session_id: null,
      });
      // The cause will not go away by itself: stop firing until the user unpauses.
      if (row.status === "active") {
        state = {
          ...state,
          status: "paused",
          paused_reason: pausedByError(error),
          next_run_at: null,
        };
        await appendEvent(tx, d.account_id, { id: d.id, type: "deployment.paused" });
      }
    }
    await setState(tx, row, state);
    return toDeploymentRun(run);
  }

  return {
    createDeployment(accountId, fields, nextRunAt, limit) {
      return ctx.tx(async (tx): Promise<DeploymentWriteResult> => {
        // Creates of one account take turns on its row, so the limit holds under concurrency.
        await tx.query("SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [accountId]);
        const count = await tx.one<{ n: number }>(
          "SELECT count(*) AS n FROM deployments WHERE account_id = $1 AND archived_at IS NULL",
          [accountId],
        );
        if ((count?.n ?? 0) >= limit) return { ok: false, reason: "limit" };
        const now = tx.now();
        const row = newDeploymentRow(accountId, fields, nextRunAt, now);
        await tx.query(
          `INSERT INTO deployments (${DEPLOYMENT_COLUMNS.join(", ")}) VALUES (${placeholders(DEPLOYMENT_COLUMNS.length)})`,
          DEPLOYMENT_COLUMNS.map((k) => row[k]),
        );
        await appendEvent(tx, accountId, { id: row.id, type: "deployment.created" });
        tx.signal("deployments");
        return { ok: true, deployment: toDeployment(row), changed: true };
      });
    },

    async getDeployment(accountId, id) {
      const row = await findRow(ctx, accountId, id);
      return row ? toDeployment(row) : null;
    },

    listDeployments(accountId, { includeArchived, agentId, status, page }) {
      let select = "SELECT * FROM deployments WHERE account_id = $1";
      const params: unknown[] = [accountId];
      if (!includeArchived) select += " AND archived_at IS NULL";
      if (agentId !== undefined) {
        params.push(agentId);
        select += ` AND agent_id = $${params.length}`;
      }
      if (status !== undefined) {
        params.push(status);
        select += ` AND status = $${params.length}`;
      }
      return keysetList(ctx, {
        select,
        params,
        key: "id",
        order: "desc",
        page,
        map: toDeployment,
        getId: (d) => d.id,
      });
    },

    updateDeployment(accountId, id, update, nextRunAt) {
      return ctx.tx(async (tx): Promise<DeploymentWriteResult> => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        const current = toDeployment(row);
        const next = updatedDeploymentRow(row, current, update(current), tx.now(), nextRunAt);
        if (!next) return { ok: true, deployment: current, changed: false };
        await tx.exec(
          `UPDATE deployments SET ${FIELD_KEYS.map((k, i) => `${k} = $${i + 1}`).join(", ")},
             next_run_at = $${FIELD_KEYS.length + 1}, updated_at = $${FIELD_KEYS.length + 2}
           WHERE id = $${FIELD_KEYS.length + 3}`,
          [...FIELD_KEYS.map((k) => next[k]), next.next_run_at, next.updated_at, id],
        );
        await appendEvent(tx, accountId, { id, type: "deployment.updated" });
        tx.signal("deployments");
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    pauseDeployment(accountId, id) {
      return ctx.tx(async (tx): Promise<DeploymentWriteResult> => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "paused") return { ok: true, deployment: toDeployment(row), changed: false };
        const next = await setState(tx, row, {
          status: "paused",
          paused_reason: JSON.stringify({ type: "manual" } satisfies PausedReason),
          next_run_at: null,
        });
        await appendEvent(tx, accountId, { id, type: "deployment.paused" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    unpauseDeployment(accountId, id, nextRunAt) {
      return ctx.tx(async (tx): Promise<DeploymentWriteResult> => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "active") return { ok: true, deployment: toDeployment(row), changed: false };
        const active: DeploymentRow = { ...row, status: "active", paused_reason: null };
        const next = await setState(tx, row, {
          status: "active",
          paused_reason: null,
          next_run_at: nextRunAt(toDeployment(active)),
        });
        await appendEvent(tx, accountId, { id, type: "deployment.unpaused" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    archiveDeployment(accountId, id) {
      return ctx.tx(async (tx): Promise<DeploymentWriteResult> => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: true, deployment: toDeployment(row), changed: false };
        const next = await setState(tx, row, { archived_at: tx.now(), next_run_at: null });
        await appendEvent(tx, accountId, { id, type: "deployment.archived" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    deleteDeployment(accountId, id) {
      return ctx.tx(async (tx) => {
        if (!(await findRow(tx, accountId, id, true))) return false;
        // The event first: the delete takes the runs' rows (ON DELETE CASCADE), and a run's end
        // takes the outbox's position lock before its run's row; the same order here never waits
        // on it in a cycle.
        await appendEvent(tx, accountId, { id, type: "deployment.deleted" });
        await tx.exec("DELETE FROM deployments WHERE id = $1", [id]);
        tx.signal("deployments");
        return true;
      });
    },

    runDeployment(accountId, id) {
      return ctx.tx(async (tx) => {
        const row = await findRow(tx, accountId, id, true);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        const run = await startRun(tx, row, { type: "manual" }, false);
        // A manual run has no fire time: nothing can have taken it.
        if (!run) throw new Error(`manual run of ${id} was not recorded`);
        return { ok: true, run } as const;
      });
    },

    async fireDue(now, limit, plan) {
      // Look before opening transactions: most passes find nothing due.
      const due = await ctx.query<{ id: string; next_run_at: string }>(
        `SELECT id, next_run_at FROM deployments WHERE next_run_at IS NOT NULL AND next_run_at <= $1
         ORDER BY next_run_at, id LIMIT $2`,
        [now, limit],
      );
      const outcomes: FireOutcome[] = [];
      for (const { id, next_run_at: dueAt } of due) {
        // One transaction per deployment: a deployment whose session cannot be created never
        // holds back the others.
        const outcome = await ctx.tx(async (tx): Promise<FireOutcome | null> => {
          // Still due at the same time, and nobody else firing it? Another replica (or an update)
          // may have moved it, or hold it now: then it is theirs.
          const row = await tx.one<DeploymentRow>(
            "SELECT * FROM deployments WHERE id = $1 AND next_run_at = $2 FOR NO KEY UPDATE SKIP LOCKED",
            [id, dueAt],
          );
          if (!row) return null;
          const decision = plan(toDeployment(row));
          const advanced = await setState(tx, row, { next_run_at: decision.nextRunAt });
          if (decision.fireAt === null) return { deployment_id: id, due_at: dueAt, run: null };
          const skip =
            row.overlap_policy === "skip" &&
            (await tx.one("SELECT 1 FROM deployment_runs WHERE deployment_id = $1 AND status = 'running' LIMIT 1", [
              id,
            ])) !== null;
          const run = await startRun(tx, advanced, { type: "schedule", scheduled_at: decision.fireAt }, skip);
          return { deployment_id: id, due_at: dueAt, run };
        });
        if (outcome) outcomes.push(outcome);
      }
      return outcomes;
    },

    async nextDueAt() {
      const row = await ctx.one<{ at: string | null }>(
        "SELECT min(next_run_at) AS at FROM deployments WHERE next_run_at IS NOT NULL",
      );
      return row?.at ?? null;
    },

    async getRun(accountId, runId) {
      const row = await ctx.one<DeploymentRunRow>("SELECT * FROM deployment_runs WHERE id = $1 AND account_id = $2", [
        runId,
        accountId,
      ]);
      return row ? toDeploymentRun(row) : null;
    },

    listRuns(accountId, { deploymentId, triggerType, status, hasError, page }) {
      let select = "SELECT * FROM deployment_runs WHERE account_id = $1";
      const params: unknown[] = [accountId];
      if (deploymentId !== undefined) {
        params.push(deploymentId);
        select += ` AND deployment_id = $${params.length}`;
      }
      if (triggerType !== undefined) {
        params.push(triggerType);
        select += ` AND trigger_type = $${params.length}`;
      }
      if (status !== undefined) {
        params.push(status);
        select += ` AND status = $${params.length}`;
      }
      if (hasError !== undefined) select += hasError ? " AND error IS NOT NULL" : " AND error IS NULL";
      return keysetList(ctx, {
        select,
        params,
        key: "id",
        order: "desc",
        page,
        map: toDeploymentRun,
        getId: (r) => r.id,
      });
    },
  };
}
