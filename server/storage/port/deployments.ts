import type { Metadata, Page, PageQuery } from "./common.ts";
import type { TextBlock } from "./sessions.ts";

export type DeploymentStatus = "active" | "paused";
export type OverlapPolicy = "skip" | "allow";
export type DeploymentRunStatus = "running" | "succeeded" | "failed" | "skipped";
export type DeploymentRunErrorType =
  | "agent_unavailable"
  | "environment_unavailable"
  | "vault_unavailable"
  | "runtime_error"
  | "run_interrupted"
  | "provider_error"
  | "mcp_error"
  | "tool_rounds_exceeded"
  | "workspace_too_large"
  | "sandbox_error"
  | "packages_failed"
  | "resource_failed"
  | "session_deleted"
  | "session_archived";

export type PausedReason = { type: "manual" } | { type: "error"; error: { type: DeploymentRunErrorType } };

export interface DeploymentRunError {
  type: DeploymentRunErrorType;
  message: string;
}

/** The user messages every run sends to its new session. */
export interface DeploymentMessage {
  type: "user.message";
  content: TextBlock[];
}

/** Everything a deployment is configured with (create, and the result of an update). */
export interface DeploymentFields {
  name: string;
  description: string | null;
  agent_id: string;
  /** null: the agent's latest version at fire time. */
  agent_version: number | null;
  environment_id: string;
  initial_events: DeploymentMessage[];
  schedule: Schedule;
  /** The normalized `NAME=value` lines (see domain/environmentVariables.ts). */
  environment_variables: string;
  resources: Record<string, unknown>[];
  vault_ids: string[];
  metadata: Metadata;
  overlap_policy: OverlapPolicy;
  catchup_window_seconds: number;
  /** The token budget copied into each run's session; null or absent: none. */
  budget_max_total_tokens?: number | null;
  /** The list-cost budget (US cents) copied into each run's session; null or absent: none. */
  budget_max_list_cost_cents?: number | null;
}

export interface DeploymentRecord extends DeploymentFields {
  id: string;
  account_id: string;
  status: DeploymentStatus;
  paused_reason: PausedReason | null;
  /** The next fire time; null when the deployment cannot fire (manual, paused or archived). */
  next_run_at: string | null;
  last_run_at: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeploymentRunRecord {
  id: string;
  account_id: string;
  deployment_id: string;
  agent_id: string;
  agent_version: number | null;
  session_id: string | null;
  status: DeploymentRunStatus;
  error: DeploymentRunError | null;
  trigger_type: "schedule" | "manual";
  scheduled_at: string | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * What the scheduler decides for a due deployment, computed from its schedule (pure, no I/O):
 * the fire time to run now (null when every due fire was missed beyond the catch-up window)
 * and the next fire time to store.
 */
export interface FirePlan {
  fireAt: string | null;
  nextRunAt: string | null;
}

/** One due deployment the scheduler handled. */
export interface FireOutcome {
  deployment_id: string;
  /** The fire time it was due at (its `next_run_at`). */
  due_at: string;
  /** The run recorded for the fire (running, failed or skipped); null when nothing fired. */
  run: DeploymentRunRecord | null;
}

export type DeploymentWriteResult =
  | { ok: true; deployment: DeploymentRecord; changed: boolean }
  | { ok: false; reason: "not_found" | "archived" | "limit" };

export interface DeploymentListOptions {
  includeArchived: boolean;
  agentId: string | undefined;
  status: DeploymentStatus | undefined;
  page: PageQuery;
}

export interface DeploymentRunListOptions {
  deploymentId: string | undefined;
  triggerType: "schedule" | "manual" | undefined;
  status: DeploymentRunStatus | undefined;
  hasError: boolean | undefined;
  page: PageQuery;
}

/**
 * Deployments and their runs. Every change writes its event in the same transaction
 * (deployment.created, .updated, .paused, .unpaused, .archived, .deleted; deployment_run.started,
 * .failed; .succeeded and .failed again when the run's session ends its first turn) and raises
 * the "deployments" signal after the commit, so the scheduler recomputes when to wake.
 * A run's session is created in the run's own transaction (run + session + events commit together).
 */
export interface DeploymentStore {
  /**
   * Creates an active deployment unless the account already holds `limit` deployments that are
   * not archived ("limit").
   */
  createDeployment(
    accountId: string,
    fields: DeploymentFields,
    nextRunAt: string | null,
    limit: number,
  ): DeploymentWriteResult;
  getDeployment(accountId: string, deploymentId: string): DeploymentRecord | null;
  listDeployments(accountId: string, options: DeploymentListOptions): Page<DeploymentRecord>;
  /**
   * Applies `update` to a deployment that is not archived. `nextRunAt` is asked for the changed
   * record (a new schedule fires from now). `update` runs inside the transaction and may throw to abort.
   */
  updateDeployment(
    accountId: string,
    deploymentId: string,
    update: (current: DeploymentRecord) => DeploymentFields,
    nextRunAt: (next: DeploymentRecord) => string | null,
  ): DeploymentWriteResult;
  /** Pauses an active deployment (`paused_reason` manual); nothing changes when already paused. */
  pauseDeployment(accountId: string, deploymentId: string): DeploymentWriteResult;
  /** Resumes a paused deployment with the next fire time computed from now. */
  unpauseDeployment(
    accountId: string,
    deploymentId: string,
    nextRunAt: (next: DeploymentRecord) => string | null,
  ): DeploymentWriteResult;
  /** Archives the deployment (deployment.archived the first time only). */
  archiveDeployment(accountId: string, deploymentId: string): DeploymentWriteResult;
  /** Deletes the deployment and its runs (deployment.deleted). False when not found. */
  deleteDeployment(accountId: string, deploymentId: string): boolean;
  /**
   * Starts a manual run now (whatever the status or overlap policy): "archived" for an archived
   * deployment. The run is `running` with its session, or `failed` when no session could be
   * created (and the deployment, if active, is paused with the error).
   */
  runDeployment(
    accountId: string,
    deploymentId: string,
  ): { ok: true; run: DeploymentRunRecord } | { ok: false; reason: "not_found" | "archived" };
  /**
   * Fires the deployments due at `now` (`next_run_at <= now`), at most `limit`, each in its own
   * transaction: stores `plan(deployment).nextRunAt`, and records the run for `fireAt` (skipped
   * under the `skip` policy while a run is running) unless a run for that fire time exists.
   * A deployment another process fired meanwhile is left alone.
   */
  fireDue(now: string, limit: number, plan: (deployment: DeploymentRecord) => FirePlan): FireOutcome[];
  /** The earliest `next_run_at` of any deployment, or null when none can fire. */
  nextDueAt(): string | null;
  getRun(accountId: string, runId: string): DeploymentRunRecord | null;
  listRuns(accountId: string, options: DeploymentRunListOptions): Page<DeploymentRunRecord>;
}

export interface CronSchedule {
  type: "cron";
  expression: string;
  timezone: string;
}

export type Schedule = CronSchedule | { type: "manual" };
