/**
 * The deployment tables' rows, their mapping to records and the rows a fire writes: one copy for
 * both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type {
  DeploymentFields,
  DeploymentMessage,
  DeploymentRecord,
  DeploymentRunError,
  DeploymentRunErrorType,
  DeploymentRunRecord,
  PausedReason,
  Schedule,
} from "../port/deployments.ts";
import type { CreateSessionResult, NewSession } from "../port/sessions.ts";
import { canonicalJson } from "./json.ts";
import { budgetOf } from "./sessions.ts";

/** The JSON columns of a deployment, stored as text. */
export type DeploymentJsonColumn =
  | "initial_events"
  | "schedule"
  | "resources"
  | "vault_ids"
  | "metadata"
  | "paused_reason";

/** A `deployments` row: the record with its JSON columns as text. */
export type DeploymentRow = Omit<DeploymentRecord, DeploymentJsonColumn> & {
  [K in DeploymentJsonColumn]: K extends "paused_reason" ? string | null : string;
};

/** A `deployment_runs` row: the record with its error as JSON text. */
export type DeploymentRunRow = Omit<DeploymentRunRecord, "error"> & { error: string | null };

export const toDeployment = (r: DeploymentRow): DeploymentRecord => ({
  ...r,
  // PostgreSQL returns bigint as text.
  budget_max_total_tokens: r.budget_max_total_tokens == null ? null : Number(r.budget_max_total_tokens),
  budget_max_list_cost_cents: r.budget_max_list_cost_cents == null ? null : Number(r.budget_max_list_cost_cents),
  initial_events: JSON.parse(r.initial_events) as DeploymentMessage[],
  schedule: JSON.parse(r.schedule) as Schedule,
  resources: JSON.parse(r.resources) as Record<string, unknown>[],
  vault_ids: JSON.parse(r.vault_ids) as string[],
  metadata: JSON.parse(r.metadata) as Metadata,
  paused_reason: r.paused_reason === null ? null : (JSON.parse(r.paused_reason) as PausedReason),
});

export const toDeploymentRun = (r: DeploymentRunRow): DeploymentRunRecord => ({
  ...r,
  error: r.error === null ? null : (JSON.parse(r.error) as DeploymentRunError),
});

/** The configuration columns, in table order. */
export const FIELD_KEYS = [
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
  "budget_max_total_tokens",
  "budget_max_list_cost_cents",
] as const satisfies readonly (keyof DeploymentFields)[];

export const DEPLOYMENT_COLUMNS = [
  "id",
  "account_id",
  ...FIELD_KEYS,
  "status",
  "paused_reason",
  "next_run_at",
  "last_run_at",
  "archived_at",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof DeploymentRow)[];

export const DEPLOYMENT_RUN_COLUMNS = [
  "id",
  "account_id",
  "deployment_id",
  "agent_id",
  "agent_version",
  "session_id",
  "status",
  "error",
  "trigger_type",
  "scheduled_at",
  "created_at",
  "finished_at",
] as const satisfies readonly (keyof DeploymentRunRow)[];

/** The columns a create or an update writes, serialized. */
export function fieldColumns(f: DeploymentFields): Pick<DeploymentRow, (typeof FIELD_KEYS)[number]> {
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
    budget_max_total_tokens: f.budget_max_total_tokens ?? null,
    budget_max_list_cost_cents: f.budget_max_list_cost_cents ?? null,
  };
}

/** Why a run's session could not be created, as the run's error (the same words as the SQLite adapter). */
export function startError(
  refusal: Exclude<CreateSessionResult, { ok: true }>,
  d: DeploymentRecord,
): DeploymentRunError {
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

/** A new deployment's row: active, due at `nextRunAt`. */
export const newDeploymentRow = (
  accountId: string,
  fields: DeploymentFields,
  nextRunAt: string | null,
  now: string,
): DeploymentRow => ({
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
});

/** A new run of the deployment, as a skip (no session); `startedRun` turns it into a started or failed one. */
export const newDeploymentRunRow = (
  d: DeploymentRecord,
  trigger: { type: "manual" } | { type: "schedule"; scheduled_at: string },
  now: string,
): DeploymentRunRow => ({
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
});

/** The session a run of the deployment creates. */
export const runSession = (d: DeploymentRecord, runId: string): NewSession => ({
  agent: d.agent_version === null ? { id: d.agent_id } : { id: d.agent_id, version: d.agent_version },
  environment_id: d.environment_id,
  title: d.name,
  metadata: { deployment_id: d.id, deployment_run_id: runId },
  vault_ids: d.vault_ids,
  environment_variables: d.environment_variables,
  budget: budgetOf(d.budget_max_total_tokens, d.budget_max_list_cost_cents),
  initial_events: d.initial_events,
});

/**
 * Sets a run's outcome from its session's creation: `running` with the session, or `failed` with
 * the refusal as its error (returned, so the caller can pause the deployment with it).
 */
export function settleStart(
  run: DeploymentRunRow,
  created: CreateSessionResult,
  d: DeploymentRecord,
): DeploymentRunError | null {
  if (created.ok) {
    run.status = "running";
    run.finished_at = null;
    run.session_id = created.session.id;
    run.agent_version = created.session.agent_version;
    return null;
  }
  const error = startError(created, d);
  run.status = "failed";
  run.error = JSON.stringify(error);
  return error;
}

/** The paused_reason column of a deployment a run's error paused. */
export const pausedByError = (error: DeploymentRunError): string =>
  JSON.stringify({ type: "error", error: { type: error.type } } satisfies PausedReason);

/**
 * The row with the configuration an update asks for, or null when it changes nothing. Only a new
 * schedule moves the next fire time (`nextRunAt`, computed from now); a paused deployment keeps none.
 */
export function updatedDeploymentRow(
  row: DeploymentRow,
  current: DeploymentRecord,
  fields: DeploymentFields,
  now: string,
  nextRunAt: (next: DeploymentRecord) => string | null,
): DeploymentRow | null {
  const before = Object.fromEntries(FIELD_KEYS.map((k) => [k, current[k] ?? null]));
  const after = Object.fromEntries(FIELD_KEYS.map((k) => [k, fields[k] ?? null]));
  if (canonicalJson(after) === canonicalJson(before)) return null;
  const scheduleChanged = canonicalJson(fields.schedule) !== canonicalJson(current.schedule);
  const next: DeploymentRow = { ...row, ...fieldColumns(fields), updated_at: now };
  if (scheduleChanged && next.status === "active") next.next_run_at = nextRunAt(toDeployment(next));
  return next;
}
