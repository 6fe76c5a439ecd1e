/**
 * Deployments: validation of what the client sends (schedule, environment variables, the agent,
 * environment and vaults it refers to), the wire views, and the operations the routes call.
 * Fire times come from domain/firePlan.ts, the same functions the scheduler fires by.
 */

import type { Schema } from "../api.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config/sections.ts";
import { type ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { agentRef } from "../storage/port/agents.ts";
import type {
  DeploymentFields,
  DeploymentRecord,
  DeploymentRunRecord,
  DeploymentRunStatus,
  DeploymentStatus,
  DeploymentWriteResult,
  Schedule,
} from "../storage/port/deployments.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import { budgetInput, budgetView } from "./budget.ts";
import { normalizeEnvironmentVariables, parseEnvironmentVariableLines } from "./environmentVariables.ts";
import { nextRunAt, upcomingRunsAt } from "./firePlan.ts";
import { normalizeCronExpression, ScheduleError, validateTimezone } from "./fireTimes.ts";
import { applyMetadataPatch } from "./metadata.ts";

type Deployment = Schema<"Deployment">;
type DeploymentRun = Schema<"DeploymentRun">;

export interface DeploymentDeps {
  storage: Storage;
  clock: Clock;
  config: Config;
}

export function deploymentView(d: DeploymentRecord, now: Date): Deployment {
  const upcoming_runs_at = upcomingRunsAt(d, now);
  return {
    id: d.id,
    type: "deployment",
    name: d.name,
    description: d.description,
    agent: { type: "agent", id: d.agent_id, version: d.agent_version },
    environment_id: d.environment_id,
    initial_events: d.initial_events,
    schedule:
      d.schedule.type === "cron"
        ? {
            type: "cron",
            expression: d.schedule.expression,
            timezone: d.schedule.timezone,
            upcoming_runs_at,
            last_run_at: d.last_run_at,
          }
        : { type: "manual", upcoming_runs_at, last_run_at: d.last_run_at },
    environment_variables: d.environment_variables,
    resources: d.resources as Deployment["resources"],
    vault_ids: d.vault_ids,
    metadata: d.metadata,
    overlap_policy: d.overlap_policy,
    catchup_window_seconds: d.catchup_window_seconds,
    budget: budgetView({
      max_total_tokens: d.budget_max_total_tokens ?? null,
      max_list_cost_cents: d.budget_max_list_cost_cents ?? null,
    }),
    status: d.status,
    paused_reason: d.paused_reason,
    archived_at: d.archived_at,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

export function deploymentRunView(r: DeploymentRunRecord): DeploymentRun {
  return {
    id: r.id,
    type: "deployment_run",
    deployment_id: r.deployment_id,
    agent: { type: "agent", id: r.agent_id, version: r.agent_version },
    session_id: r.session_id,
    status: r.status,
    error: r.error,
    trigger_context:
      r.trigger_type === "schedule" && r.scheduled_at !== null
        ? { type: "schedule", scheduled_at: r.scheduled_at }
        : { type: "manual" },
    created_at: r.created_at,
    finished_at: r.finished_at,
  };
}

const deploymentNotFound = (id: string) => notFound(`No deployment with id ${id.slice(0, 64)}.`);
const runNotFound = (id: string) => notFound(`No deployment run with id ${id.slice(0, 64)}.`);
const archivedConflict = (what: string) => conflict(`The deployment is archived and ${what}.`);

/** The schedule as stored: cron checked and normalized, the zone checked; manual when omitted. */
function scheduleOf(input: Schema<"DeploymentScheduleInput"> | undefined): Schedule {
  if (!input || input.type === "manual") return { type: "manual" };
  try {
    return {
      type: "cron",
      expression: normalizeCronExpression(input.expression),
      timezone: validateTimezone(input.timezone ?? "UTC"),
    };
  } catch (err) {
    if (err instanceof ScheduleError)
      throw invalidRequest(`schedule.${err.field}: ${err.message}`, `schedule.${err.field}`);
    throw err;
  }
}

/**
 * Checks the references a deployment's runs depend on: the agent (and its pinned version), the
 * environment and every vault must exist (404) and be active (409), naming the field. Read before
 * the write (a run checks them again when it starts its session).
 */
async function checkReferences(deps: DeploymentDeps, accountId: string, f: DeploymentFields): Promise<void> {
  const { storage } = deps;
  const agent = await storage.agents.getAgent(accountId, f.agent_id);
  if (!agent) throw notFound(`No agent with id ${f.agent_id.slice(0, 64)}.`, "agent");
  if (agent.archived_at) throw conflict(`The agent ${f.agent_id} is archived and takes no new deployments.`, "agent");
  if (f.agent_version !== null && f.agent_version > agent.latest_version) {
    throw notFound(`The agent ${f.agent_id} has no version ${f.agent_version}.`, "agent.version");
  }
  const env = await storage.environments.getEnvironment(accountId, f.environment_id);
  if (!env) throw notFound(`No environment with id ${f.environment_id.slice(0, 64)}.`, "environment_id");
  if (env.archived_at) {
    throw conflict(`The environment ${f.environment_id} is archived and takes no new deployments.`, "environment_id");
  }
  for (const [i, vaultId] of f.vault_ids.entries()) {
    const vault = await storage.vaults.getVault(accountId, vaultId);
    if (!vault) throw notFound(`No vault with id ${vaultId.slice(0, 64)}.`, `vault_ids[${i}]`);
    if (vault.archived_at) throw conflict(`The vault ${vaultId} is archived.`, `vault_ids[${i}]`);
  }
}

type WriteBody = Partial<Omit<Schema<"CreateDeploymentRequest">, "metadata">> & {
  metadata?: Record<string, string | null>;
};

/** Applies a create or update body over the current fields (none for a create). */
function fieldsOf(body: WriteBody, current: DeploymentFields | null): DeploymentFields {
  const agent = body.agent !== undefined ? agentRef(body.agent) : null;
  const variables =
    body.environment_variables !== undefined
      ? normalizeEnvironmentVariables(parseEnvironmentVariableLines(body.environment_variables))
      : undefined;
  const pick = <K extends keyof DeploymentFields>(
    key: K,
    value: DeploymentFields[K] | undefined,
    fallback: DeploymentFields[K],
  ) => (value !== undefined ? value : current ? current[key] : fallback);
  return {
    name: pick("name", body.name, ""),
    description: pick("description", body.description, null),
    agent_id: agent ? agent.id : (current?.agent_id ?? ""),
    agent_version: agent ? (agent.version ?? null) : (current?.agent_version ?? null),
    environment_id: pick("environment_id", body.environment_id, ""),
    initial_events: pick(
      "initial_events",
      body.initial_events?.map((e) => ({
        type: "user.message" as const,
        content: e.content.map((b) => ({ type: "text" as const, text: b.text })),
      })),
      [],
    ),
    schedule: body.schedule !== undefined || !current ? scheduleOf(body.schedule) : current.schedule,
    environment_variables: pick("environment_variables", variables, ""),
    resources: pick("resources", body.resources as Record<string, unknown>[] | undefined, []),
    vault_ids: pick("vault_ids", body.vault_ids, []),
    metadata: current
      ? applyMetadataPatch(current.metadata, body.metadata)
      : ((body.metadata ?? {}) as Record<string, string>),
    overlap_policy: pick("overlap_policy", body.overlap_policy, "skip"),
    catchup_window_seconds: pick("catchup_window_seconds", body.catchup_window_seconds, 0),
    budget_max_total_tokens:
      body.budget === undefined ? (current?.budget_max_total_tokens ?? null) : (body.budget?.max_total_tokens ?? null),
    budget_max_list_cost_cents:
      body.budget === undefined
        ? (current?.budget_max_list_cost_cents ?? null)
        : body.budget?.max_list_cost
          ? Number(body.budget.max_list_cost.amount)
          : null,
  };
}

/** Turns a refused write into the client's error. */
function refused(result: Exclude<DeploymentWriteResult, { ok: true }>, id: string, limit: number): ApiError {
  switch (result.reason) {
    case "not_found":
      return deploymentNotFound(id);
    case "archived":
      return archivedConflict("cannot be changed");
    case "limit":
      return conflict(
        `An account can hold at most ${limit} deployments that are not archived; archive or delete one first.`,
      );
  }
}

function written(deps: DeploymentDeps, result: DeploymentWriteResult, id: string): Deployment {
  if (!result.ok) throw refused(result, id, deps.config.scheduler.maxDeploymentsPerAccount);
  return deploymentView(result.deployment, deps.clock.now());
}

const nextFromNow = (deps: DeploymentDeps) => (d: DeploymentRecord) => nextRunAt(d, deps.clock.now());

/** A `max_list_cost` needs list prices for the models its sessions run (domain/budget.ts). */
async function checkListCost(
  deps: DeploymentDeps,
  accountId: string,
  budget: Schema<"SessionBudget"> | null | undefined,
  agentId: string,
  agentVersion: number | null,
): Promise<void> {
  if (!budget?.max_list_cost) return;
  const agent = await deps.storage.agents.getAgent(accountId, agentId, agentVersion ?? undefined);
  const models = [agent?.config.model, deps.config.runtimes.outcomeGraderModel].filter((m): m is string => !!m);
  budgetInput(budget, deps.config.runtimes.prices, models);
}

export async function createDeployment(
  deps: DeploymentDeps,
  accountId: string,
  body: Schema<"CreateDeploymentRequest">,
): Promise<Deployment> {
  const fields = fieldsOf(body, null);
  await checkReferences(deps, accountId, fields);
  await checkListCost(deps, accountId, body.budget, fields.agent_id, fields.agent_version);
  const next = nextRunAt({ schedule: fields.schedule, status: "active", archived_at: null }, deps.clock.now());
  const result = await deps.storage.deployments.createDeployment(
    accountId,
    fields,
    next,
    deps.config.scheduler.maxDeploymentsPerAccount,
  );
  return written(deps, result, "");
}

export async function getDeployment(deps: DeploymentDeps, accountId: string, id: string): Promise<Deployment> {
  const record = await deps.storage.deployments.getDeployment(accountId, id);
  if (!record) throw deploymentNotFound(id);
  return deploymentView(record, deps.clock.now());
}

export async function listDeployments(
  deps: DeploymentDeps,
  accountId: string,
  options: {
    includeArchived: boolean;
    agentId: string | undefined;
    status: DeploymentStatus | undefined;
    page: PageQuery;
  },
): Promise<Page<Deployment>> {
  const page = await deps.storage.deployments.listDeployments(accountId, options);
  const now = deps.clock.now();
  return { ...page, data: page.data.map((d) => deploymentView(d, now)) };
}

export async function updateDeployment(
  deps: DeploymentDeps,
  accountId: string,
  id: string,
  body: Schema<"UpdateDeploymentRequest">,
): Promise<Deployment> {
  // Only what changed is checked again: a deployment whose agent was archived since can still be
  // renamed or paused. The references are read before the write; the write applies the body over
  // the deployment as it is then (a reference the body does not change was checked when it was set).
  const referencesChanged =
    body.agent !== undefined || body.environment_id !== undefined || body.vault_ids !== undefined;
  if (referencesChanged) {
    const current = await deps.storage.deployments.getDeployment(accountId, id);
    if (!current) throw deploymentNotFound(id);
    if (current.archived_at) throw refused({ ok: false, reason: "archived" }, id, 0);
    await checkReferences(deps, accountId, fieldsOf(body, current));
  }
  if (body.budget?.max_list_cost) {
    const current = await deps.storage.deployments.getDeployment(accountId, id);
    if (!current) throw deploymentNotFound(id);
    const fields = fieldsOf(body, current);
    await checkListCost(deps, accountId, body.budget, fields.agent_id, fields.agent_version);
  }
  const result = await deps.storage.deployments.updateDeployment(
    accountId,
    id,
    (current) => fieldsOf(body, current),
    nextFromNow(deps),
  );
  return written(deps, result, id);
}

export async function pauseDeployment(deps: DeploymentDeps, accountId: string, id: string): Promise<Deployment> {
  const result = await deps.storage.deployments.pauseDeployment(accountId, id);
  if (!result.ok && result.reason === "archived") throw archivedConflict("cannot be paused");
  return written(deps, result, id);
}

export async function unpauseDeployment(deps: DeploymentDeps, accountId: string, id: string): Promise<Deployment> {
  const result = await deps.storage.deployments.unpauseDeployment(accountId, id, nextFromNow(deps));
  if (!result.ok && result.reason === "archived") throw archivedConflict("cannot be unpaused");
  return written(deps, result, id);
}

export async function archiveDeployment(deps: DeploymentDeps, accountId: string, id: string): Promise<Deployment> {
  return written(deps, await deps.storage.deployments.archiveDeployment(accountId, id), id);
}

export async function deleteDeployment(
  deps: DeploymentDeps,
  accountId: string,
  id: string,
): Promise<Schema<"DeletedDeployment">> {
  if (!(await deps.storage.deployments.deleteDeployment(accountId, id))) throw deploymentNotFound(id);
  return { id, type: "deployment_deleted" };
}

export async function runDeployment(deps: DeploymentDeps, accountId: string, id: string): Promise<DeploymentRun> {
  const result = await deps.storage.deployments.runDeployment(accountId, id);
  if (!result.ok) {
    throw result.reason === "not_found" ? deploymentNotFound(id) : archivedConflict("takes no manual runs");
  }
  return deploymentRunView(result.run);
}

export async function getDeploymentRun(deps: DeploymentDeps, accountId: string, id: string): Promise<DeploymentRun> {
  const run = await deps.storage.deployments.getRun(accountId, id);
  if (!run) throw runNotFound(id);
  return deploymentRunView(run);
}

export async function listDeploymentRuns(
  deps: DeploymentDeps,
  accountId: string,
  options: {
    deploymentId: string | undefined;
    triggerType: "schedule" | "manual" | undefined;
    status: DeploymentRunStatus | undefined;
    hasError: boolean | undefined;
    page: PageQuery;
  },
): Promise<Page<DeploymentRun>> {
  const page = await deps.storage.deployments.listRuns(accountId, options);
  return { ...page, data: page.data.map(deploymentRunView) };
}
