import { newId } from "../../ids.ts";
import type { Schedule } from "../../scheduler/fireTimes.ts";
import type { Metadata } from "../port/common.ts";
import type {
  DeploymentFields,
  DeploymentMessage,
  DeploymentRecord,
  DeploymentRunError,
  DeploymentRunErrorType,
  DeploymentRunRecord,
  DeploymentStore,
  DeploymentWriteResult,
  FireOutcome,
  PausedReason,
} from "../port/deployments.ts";
import type { CreateSessionResult, SessionStore } from "../port/sessions.ts";
import { canonicalJson } from "../rows/json.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

/** The JSON columns of a deployment, stored as text. */
type DeploymentJsonColumn = "initial_events" | "schedule" | "resources" | "vault_ids" | "metadata" | "paused_reason";

/** A `deployments` row: the record with its JSON columns as text. */
type DeploymentRow = Omit<DeploymentRecord, DeploymentJsonColumn> & {
  [K in DeploymentJsonColumn]: K extends "paused_reason" ? string | null : string;
};

/** A `deployment_runs` row: the record with its error as JSON text. */
type RunRow = Omit<DeploymentRunRecord, "error"> & { error: string | null };

const toDeployment = (r: DeploymentRow): DeploymentRecord => ({
  ...r,
  initial_events: JSON.parse(r.initial_events) as DeploymentMessage[],
  schedule: JSON.parse(r.schedule) as Schedule,
  resources: JSON.parse(r.resources) as Record<string, unknown>[],
  vault_ids: JSON.parse(r.vault_ids) as string[],
  metadata: JSON.parse(r.metadata) as Metadata,
  paused_reason: r.paused_reason === null ? null : (JSON.parse(r.paused_reason) as PausedReason),
});

const toRun = (r: RunRow): DeploymentRunRecord => ({
  ...r,
  error: r.error === null ? null : (JSON.parse(r.error) as DeploymentRunError),
});

/** The configuration columns, in table order. */
const FIELD_KEYS = [
  "name",
  "description",
  "agent_id",
  "agent_version",
  "environment_id",
  "initial_events",
  "schedule",
  "environment_variables",
  "resources",
  "vault_ids",
  "metadata",
  "overlap_policy",
  "catchup_window_seconds",
] as const satisfies readonly (keyof DeploymentFields)[];

/** The columns a create or an update writes, serialized. */
function fieldColumns(f: DeploymentFields): Pick<DeploymentRow, (typeof FIELD_KEYS)[number]> {
  return {
    name: f.name,
    description: f.description,
    agent_id: f.agent_id,
    agent_version: f.agent_version,
    environment_id: f.environment_id,
    initial_events: JSON.stringify(f.initial_events),
    schedule: JSON.stringify(f.schedule),
    environment_variables: f.environment_variables,
    resources: JSON.stringify(f.resources),
    vault_ids: JSON.stringify(f.vault_ids),
    metadata: JSON.stringify(f.metadata),
    overlap_policy: f.overlap_policy,
    catchup_window_seconds: f.catchup_window_seconds,
  };
}

/** Why a run's session could not be created, as the run's error. */
function startError(refusal: Exclude<CreateSessionResult, { ok: true }>, d: DeploymentRecord): DeploymentRunError {
  const agent = d.agent_version === null ? d.agent_id : `${d.agent_id} version ${d.agent_version}`;
  const vault = d.vault_ids[refusal.ok === false && "index" in refusal ? (refusal.index ?? 0) : 0];
  const errors: Partial<Record<string, [DeploymentRunErrorType, string]>> = {
    agent_not_found: ["agent_unavailable", `The agent ${d.agent_id} no longer exists.`],
    agent_version_not_found: ["agent_unavailable", `The agent ${agent} does not exist.`],
    agent_archived: ["agent_unavailable", `The agent ${d.agent_id} is archived and takes no new sessions.`],
    environment_not_found: ["environment_unavailable", `The environment ${d.environment_id} no longer exists.`],
    environment_archived: [
      "environment_unavailable",
      `The environment ${d.environment_id} is archived and takes no new sessions.`,
    ],
    vault_not_found: ["vault_unavailable", `The vault ${vault} no longer exists.`],
    vault_archived: ["vault_unavailable", `The vault ${vault} is archived and cannot be used by a new session.`],
  };
  const known = errors[refusal.reason];
  if (!known) throw new Error(`unexpected refusal creating a deployment run's session: ${refusal.reason}`);
  return { type: known[0], message: known[1] };
}

/**
 * Settles the deployment run that created this session, if it is still `running`: the end of the
 * session's first turn (`succeeded`, or `failed` with the turn's error), or the session's end
 * (deleted, or terminated with its agent). Emits deployment_run.succeeded / .failed. Call it in
 * the transaction of the change.
 */
export function settleDeploymentRun(
  ctx: SqliteContext,
  sessionId: string,
  outcome: { status: "succeeded" } | { status: "failed"; error: DeploymentRunError },
): void {
  const run = ctx.db
    .prepare("SELECT * FROM deployment_runs WHERE session_id = ? AND status = 'running'")
    .get(sessionId) as RunRow | undefined;
  if (!run) return;
  const error = outcome.status === "failed" ? JSON.stringify(outcome.error) : null;
  ctx.db
    .prepare("UPDATE deployment_runs SET status = ?, error = ?, finished_at = ? WHERE id = ?")
    .run(outcome.status, error, ctx.nowIso(), run.id);
  appendEvent(ctx, run.account_id, {
    id: run.id,
    type: outcome.status === "succeeded" ? "deployment_run.succeeded" : "deployment_run.failed",
    deployment_id: run.deployment_id,
    session_id: sessionId,
  });
  // A finished run may end an overlap: let the scheduler look again.
  ctx.signal("deployments");
}

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
    const next: DeploymentRow = { ...row, ...state, updated_at: ctx.nowIso() };
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
    const now = ctx.nowIso();
    const run: RunRow = {
      id: newId("drun"),
      account_id: d.account_id,
      deployment_id: d.id,
      agent_id: d.agent_id,
      agent_version: d.agent_version,
      session_id: null,
      status: "skipped",
      error: null,
      trigger_type: trigger.type,
      scheduled_at: trigger.type === "schedule" ? trigger.scheduled_at : null,
      created_at: now,
      finished_at: now,
    };
    if (skip) {
      insertRun.run(run);
      return toRun(run);
    }
    const created = sessions.createSession(d.account_id, {
      agent: d.agent_version === null ? { id: d.agent_id } : { id: d.agent_id, version: d.agent_version },
      environment_id: d.environment_id,
      title: d.name,
      metadata: { deployment_id: d.id, deployment_run_id: run.id },
      vault_ids: d.vault_ids,
      environment_variables: d.environment_variables,
      initial_events: d.initial_events,
    });
    let state: Parameters<typeof setState>[1] = { last_run_at: now };
    if (created.ok) {
      run.status = "running";
      run.finished_at = null;
      run.session_id = created.session.id;
      run.agent_version = created.session.agent_version;
      insertRun.run(run);
      appendEvent(ctx, d.account_id, {
        id: run.id,
        type: "deployment_run.started",
        deployment_id: d.id,
        session_id: run.session_id,
      });
    } else {
      const error = startError(created, d);
      run.status = "failed";
      run.error = JSON.stringify(error);
      insertRun.run(run);
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
          paused_reason: JSON.stringify({ type: "error", error: { type: error.type } } satisfies PausedReason),
          next_run_at: null,
        };
        appendEvent(ctx, d.account_id, { id: d.id, type: "deployment.paused" });
      }
    }
    setState(row, state);
    return toRun(run);
  }

  return {
    createDeployment(accountId, fields, nextRunAt, limit) {
      return ctx.tx((): DeploymentWriteResult => {
        const { n } = countActive.get(accountId) as { n: number };
        if (n >= limit) return { ok: false, reason: "limit" };
        const now = ctx.nowIso();
        const row: DeploymentRow = {
          id: newId("dep"),
          account_id: accountId,
          ...fieldColumns(fields),
          status: "active",
          paused_reason: null,
          next_run_at: nextRunAt,
          last_run_at: null,
          archived_at: null,
          created_at: now,
          updated_at: now,
        };
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
        const fields = update(current);
        const before = Object.fromEntries(FIELD_KEYS.map((k) => [k, current[k]]));
        if (canonicalJson(fields) === canonicalJson(before)) return { ok: true, deployment: current, changed: false };
        const columns = fieldColumns(fields);
        const scheduleChanged = canonicalJson(fields.schedule) !== canonicalJson(current.schedule);
        const next: DeploymentRow = { ...row, ...columns, updated_at: ctx.nowIso() };
        // Only a new schedule moves the next fire time (computed from now); a paused deployment keeps none.
        if (scheduleChanged && next.status === "active") next.next_run_at = nextRunAt(toDeployment(next));
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
        const next = setState(row, { archived_at: ctx.nowIso(), next_run_at: null });
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
        | RunRow
        | undefined;
      return row ? toRun(row) : null;
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
      return keysetList(db, { select, params, key: "id", order: "desc", page, map: toRun, getId: (r) => r.id });
    },
  };
}
