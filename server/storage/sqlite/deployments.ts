import type {
  DeploymentRunRecord,
  DeploymentStore,
  DeploymentWriteResult,
  FireOutcome,
  PausedReason,
} from "../port/deployments.ts";
import type { SessionStore } from "../port/sessions.ts";
import {
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
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

export function createDeploymentStore(ctx: SqliteContext, sessions: SessionStore): DeploymentStore {
  const { db } = ctx;
  const getRow = db.prepare("SELECT * FROM deployments WHERE id = ? AND account_id = ?");
  const findRow = (accountId: string, id: string) => getRow.get(id, accountId) as DeploymentRow | undefined;
  const countActive = db.prepare("SELECT COUNT(*) AS n FROM deployments WHERE account_id = ? AND archived_at IS NULL");
  const insertRun = db.prepare(
    `INSERT INTO deployment_runs (id, account_id, deployment_id, agent_id, agent_version, session_id, status, error,
       trigger_type, scheduled_at, created_at, finished_at)
     VALUES (@id, @account_id, @deployment_id, @agent_id, @agent_version, @session_id, @status, @error,
       @trigger_type, @scheduled_at, @created_at, @finished_at)`,
  );
  const runningRun = db.prepare("SELECT 1 FROM deployment_runs WHERE deployment_id = ? AND status = 'running' LIMIT 1");
  const firedRun = db.prepare("SELECT 1 FROM deployment_runs WHERE deployment_id = ? AND scheduled_at = ?");

  /** Writes the status columns of a deployment and returns the updated row. */
  function setState(
    row: DeploymentRow,
    state: Partial<Pick<DeploymentRow, "status" | "paused_reason" | "next_run_at" | "last_run_at" | "archived_at">>,
  ): DeploymentRow {
    const next: DeploymentRow = { ...row, ...state, updated_at: ctx.now() };
    db.prepare(
      `UPDATE deployments SET status = @status, paused_reason = @paused_reason, next_run_at = @next_run_at,
         last_run_at = @last_run_at, archived_at = @archived_at, updated_at = @updated_at WHERE id = @id`,
    ).run(next);
    ctx.signal("deployments");
    return next;
  }

  /**
   * Records a run of the deployment in the caller's transaction: creates its session (running
   * + deployment_run.started), or records the failure (failed + deployment_run.failed) and pauses
   * an active deployment with the error, or records a skip (no session, no event).
   */
  function startRun(
    row: DeploymentRow,
    trigger: { type: "manual" } | { type: "schedule"; scheduled_at: string },
    skip: boolean,
  ): DeploymentRunRecord {
    const d = toDeployment(row);
    const now = ctx.now();
    const run = newDeploymentRunRow(d, trigger, now);
    if (skip) {
      insertRun.run(run);
      return toDeploymentRun(run);
    }
    const created = sessions.createSession(d.account_id, runSession(d, run.id));
    let state: Parameters<typeof setState>[1] = { last_run_at: now };
    const error = settleStart(run, created, d);
    insertRun.run(run);
    if (error === null) {
      appendEvent(ctx, d.account_id, {
        id: run.id,
        type: "deployment_run.started",
        deployment_id: d.id,
        session_id: run.session_id,
      });
    } else {
      appendEvent(ctx, d.account_id, {
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
        appendEvent(ctx, d.account_id, { id: d.id, type: "deployment.paused" });
      }
    }
    setState(row, state);
    return toDeploymentRun(run);
  }

  return {
    createDeployment(accountId, fields, nextRunAt, limit) {
      return ctx.tx((): DeploymentWriteResult => {
        const { n } = countActive.get(accountId) as { n: number };
        if (n >= limit) return { ok: false, reason: "limit" };
        const now = ctx.now();
        const row = newDeploymentRow(accountId, fields, nextRunAt, now);
        db.prepare(
          `INSERT INTO deployments (id, account_id, ${FIELD_KEYS.join(", ")}, status, paused_reason, next_run_at,
             last_run_at, archived_at, created_at, updated_at)
           VALUES (@id, @account_id, ${FIELD_KEYS.map((k) => `@${k}`).join(", ")}, @status, @paused_reason,
             @next_run_at, @last_run_at, @archived_at, @created_at, @updated_at)`,
        ).run(row);
        appendEvent(ctx, accountId, { id: row.id, type: "deployment.created" });
        ctx.signal("deployments");
        return { ok: true, deployment: toDeployment(row), changed: true };
      });
    },

    getDeployment(accountId, id) {
      const row = findRow(accountId, id);
      return row ? toDeployment(row) : null;
    },

    listDeployments(accountId, { includeArchived, agentId, status, page }) {
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
      return keysetList(db, { select, params, key: "id", order: "desc", page, map: toDeployment, getId: (d) => d.id });
    },

    updateDeployment(accountId, id, update, nextRunAt) {
      return ctx.tx((): DeploymentWriteResult => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        const current = toDeployment(row);
        const next = updatedDeploymentRow(row, current, update(current), ctx.now(), nextRunAt);
        if (!next) return { ok: true, deployment: current, changed: false };
        db.prepare(
          `UPDATE deployments SET ${FIELD_KEYS.map((k) => `${k} = @${k}`).join(", ")}, next_run_at = @next_run_at,
             updated_at = @updated_at WHERE id = @id`,
        ).run(next);
        appendEvent(ctx, accountId, { id, type: "deployment.updated" });
        ctx.signal("deployments");
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    pauseDeployment(accountId, id) {
      return ctx.tx((): DeploymentWriteResult => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "paused") return { ok: true, deployment: toDeployment(row), changed: false };
        const next = setState(row, {
          status: "paused",
          paused_reason: JSON.stringify({ type: "manual" } satisfies PausedReason),
          next_run_at: null,
        });
        appendEvent(ctx, accountId, { id, type: "deployment.paused" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    unpauseDeployment(accountId, id, nextRunAt) {
      return ctx.tx((): DeploymentWriteResult => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        if (row.status === "active") return { ok: true, deployment: toDeployment(row), changed: false };
        const active: DeploymentRow = { ...row, status: "active", paused_reason: null };
        const next = setState(row, {
          status: "active",
          paused_reason: null,
          next_run_at: nextRunAt(toDeployment(active)),
        });
        appendEvent(ctx, accountId, { id, type: "deployment.unpaused" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    archiveDeployment(accountId, id) {
      return ctx.tx((): DeploymentWriteResult => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" };
        if (row.archived_at) return { ok: true, deployment: toDeployment(row), changed: false };
        const next = setState(row, { archived_at: ctx.now(), next_run_at: null });
        appendEvent(ctx, accountId, { id, type: "deployment.archived" });
        return { ok: true, deployment: toDeployment(next), changed: true };
      });
    },

    deleteDeployment(accountId, id) {
      return ctx.tx(() => {
        if (!findRow(accountId, id)) return false;
        db.prepare("DELETE FROM deployments WHERE id = ?").run(id);
        appendEvent(ctx, accountId, { id, type: "deployment.deleted" });
        ctx.signal("deployments");
        return true;
      });
    },

    runDeployment(accountId, id) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.archived_at) return { ok: false, reason: "archived" } as const;
        return { ok: true, run: startRun(row, { type: "manual" }, false) } as const;
      });
    },

    fireDue(now, limit, plan) {
      // Look before taking the write lock: most passes find nothing due.
      const due = db
        .prepare(
          "SELECT id, next_run_at FROM deployments WHERE next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at, id LIMIT ?",
        )
        .all(now, limit) as { id: string; next_run_at: string }[];
      const outcomes: FireOutcome[] = [];
      for (const { id, next_run_at: dueAt } of due) {
        // One transaction per deployment: a deployment whose session cannot be created never
        // holds back the others.
        const outcome = ctx.tx((): FireOutcome | null => {
          // Still due at the same time? Another process (or an update) may have moved it.
          const row = db.prepare("SELECT * FROM deployments WHERE id = ? AND next_run_at = ?").get(id, dueAt) as
            | DeploymentRow
            | undefined;
          if (!row) return null;
          const decision = plan(toDeployment(row));
          const advanced = setState(row, { next_run_at: decision.nextRunAt });
          if (decision.fireAt === null || firedRun.get(id, decision.fireAt)) {
            return { deployment_id: id, due_at: dueAt, run: null };
          }
          const skip = row.overlap_policy === "skip" && runningRun.get(id) !== undefined;
          const run = startRun(advanced, { type: "schedule", scheduled_at: decision.fireAt }, skip);
          return { deployment_id: id, due_at: dueAt, run };
        });
        if (outcome) outcomes.push(outcome);
      }
      return outcomes;
    },

    nextDueAt() {
      const row = db.prepare("SELECT MIN(next_run_at) AS at FROM deployments WHERE next_run_at IS NOT NULL").get() as {
        at: string | null;
      };
      return row.at;
    },

    getRun(accountId, runId) {
      const row = db.prepare("SELECT * FROM deployment_runs WHERE id = ? AND account_id = ?").get(runId, accountId) as
        | DeploymentRunRow
        | undefined;
      return row ? toDeploymentRun(row) : null;
    },

    listRuns(accountId, { deploymentId, triggerType, status, hasError, page }) {
      let select = "SELECT * FROM deployment_runs WHERE account_id = ?";
      const params: unknown[] = [accountId];
      if (deploymentId !== undefined) {
        select += " AND deployment_id = ?";
        params.push(deploymentId);
      }
      if (triggerType !== undefined) {
        select += " AND trigger_type = ?";
        params.push(triggerType);
      }
      if (status !== undefined) {
        select += " AND status = ?";
        params.push(status);
      }
      if (hasError !== undefined) select += hasError ? " AND error IS NOT NULL" : " AND error IS NULL";
      return keysetList(db, {
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
