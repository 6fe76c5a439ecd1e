import type { Schema } from "../api.ts";
import { EMPTY_PRICES } from "../config/prices.ts";
import type { RuntimesConfig } from "../config/sections.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import { ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import type { AgentRef } from "../storage/port/agents.ts";
import { agentRef } from "../storage/port/agents.ts";
import type { Page, PageQuery, Storage, Stores } from "../storage/port/index.ts";
import type {
  AgentOverrides,
  AppendRefusal,
  Budget,
  CreateSessionResult,
  NewSession,
  SessionStatus,
  UserEventInput,
} from "../storage/port/sessions.ts";
import { type AgentDeps, checkSessionOverrides } from "./agents.ts";
import { budgetInput, budgetReached, budgetReachedMessage } from "./budget.ts";
import { normalizeEnvironmentVariables, validateEnvironmentVariableObject } from "./environmentVariables.ts";
import { sessionFileIds } from "./files.ts";
import { attachMemoryStores, sessionMemoryStores } from "./memoryStores.ts";
import { applyMetadataPatch } from "./metadata.ts";
import { outcomeEvent } from "./outcomes.ts";
import { attachResource, newResource, type ResourceInput } from "./sessionResources.ts";
import { sessionEventView, sessionView, threadView } from "./sessionViews.ts";

type Session = Schema<"Session">;
type SessionEvent = Schema<"SessionEvent">;
type SessionThread = Schema<"SessionThread">;

import type { Workspaces } from "../sandbox/workspace.ts";

export interface SessionDeps {
  storage: Storage;
  /** The list prices and the grader's model, for list-cost budgets (none: a max_list_cost is refused). */
  config?: { runtimes: Pick<RuntimesConfig, "prices" | "outcomeGraderModel"> };
  /** Seals the tokens of repositories given at create (domain/sessionResources.ts). */
  secrets?: SecretBox;
}

/** Creating or updating a session that overrides its agent's configuration checks it as an agent's. */
export type SessionWriteDeps = SessionDeps & AgentDeps;

/** The overrides of `agent_with_overrides` (the fields given), or null for a plain reference. */
function overridesOf(agent: Schema<"CreateSessionRequest">["agent"]): AgentOverrides | null {
  if (typeof agent === "string" || agent.type !== "agent_with_overrides") return null;
  const { type: _t, id: _i, version: _v, ...fields } = agent;
  return fields;
}

const sessionNotFound = (id: string) => notFound(`No session with id ${id.slice(0, 64)}.`);
const threadNotFound = (id: string) => notFound(`No thread with id ${id.slice(0, 64)} in this session.`);
/** A 404 that names the request field holding the unknown id. */

/** The events as the store takes them (`field`: `events` or `initial_events`, for the errors). */
async function userEvents(
  storage: Storage,
  accountId: string,
  events: Schema<"SessionEventInput">[],
  field: string,
): Promise<UserEventInput[]> {
  const out: UserEventInput[] = [];
  for (const [i, e] of events.entries()) {
    out.push(
      e.type === "user.define_outcome" ? await outcomeEvent(storage, accountId, e, `${field}[${i}]`) : plainEvent(e),
    );
  }
  return out;
}

function plainEvent(e: Exclude<Schema<"SessionEventInput">, { type: "user.define_outcome" }>): UserEventInput {
  switch (e.type) {
    case "user.message":
      return { type: "user.message", content: e.content.map((b) => ({ type: "text", text: b.text })) };
    case "user.interrupt":
      return { type: "user.interrupt", session_thread_id: e.session_thread_id ?? null };
    case "user.custom_tool_result":
      return {
        type: "user.custom_tool_result",
        custom_tool_use_id: e.custom_tool_use_id,
        content: e.content.map((b) => ({ type: "text", text: b.text })),
        is_error: e.is_error ?? false,
      };
    case "user.tool_result":
      return {
        type: "user.tool_result",
        tool_use_id: e.tool_use_id,
        content: e.content.map((b) => ({ type: "text", text: b.text })),
        is_error: e.is_error ?? false,
      };
    default:
      return {
        type: "user.tool_confirmation",
        tool_use_id: e.tool_use_id,
        result: e.result,
        deny_message: e.result === "deny" ? (e.deny_message ?? null) : null,
      };
  }
}

/** The ids a turn waits for, for a message. */
const pendingList = (ids: string[]) => (ids.length > 0 ? ids.join(", ") : "none");

/** Turns a refusal of the store into the error the client gets. `field` is `events` or `initial_events`. */
function refusal(
  result: Exclude<CreateSessionResult, { ok: true }> | AppendRefusal,
  input: { sessionId?: string; agent?: AgentRef; environmentId?: string; vaultIds?: string[]; field: string },
): ApiError {
  switch (result.reason) {
    case "agent_not_found":
      return notFound(`No agent with id ${input.agent?.id}.`, "agent");
    case "agent_version_not_found":
      return notFound(`The agent ${input.agent?.id} has no version ${input.agent?.version}.`, "agent.version");
    case "agent_archived":
      return conflict(`The agent ${input.agent?.id} is archived and takes no new sessions.`, "agent");
    case "environment_not_found":
      return notFound(`No environment with id ${input.environmentId}.`, "environment_id");
    case "environment_archived":
      return conflict(
        `The environment ${input.environmentId} is archived and takes no new sessions.`,
        "environment_id",
      );
    case "vault_not_found":
      return notFound(`No vault with id ${input.vaultIds?.[result.index ?? 0]}.`, `vault_ids[${result.index ?? 0}]`);
    case "vault_archived":
      return conflict(
        `The vault ${input.vaultIds?.[result.index ?? 0]} is archived and cannot be used by a new session.`,
        `vault_ids[${result.index ?? 0}]`,
      );
    case "thread_not_found":
      return notFound(
        `${input.field}[${result.index}].session_thread_id: no such thread in this session.`,
        `${input.field}[${result.index}].session_thread_id`,
      );
    case "requires_action":
      return conflict(
        `${input.field}[${result.index}]: the session's turn waits for answers to ${pendingList(result.pending)} (user.custom_tool_result or user.tool_confirmation); send those first.`,
        `${input.field}[${result.index}]`,
      );
    case "unknown_action":
      return notFound(
        `${input.field}[${result.index}]: no tool call with this id in this session (the turn waits for: ${pendingList(result.pending)}).`,
        `${input.field}[${result.index}]`,
      );
    case "not_pending":
      return conflict(
        `${input.field}[${result.index}]: this tool call is not waiting for an answer (answered already, or its turn no longer waits; waiting: ${pendingList(result.pending)}).`,
        `${input.field}[${result.index}]`,
      );
    case "wrong_action":
      return invalidRequest(
        `${input.field}[${result.index}]: this call needs the other answer (an agent.custom_tool_use takes user.custom_tool_result, an agent.tool_use takes user.tool_confirmation, or user.tool_result from the worker when a self-hosted environment's worker runs it).`,
        `${input.field}[${result.index}]`,
      );
    case "not_found":
      return sessionNotFound(input.sessionId ?? "");
    case "archived":
      return conflict("The session is archived and accepts no new events; its history stays readable.");
    case "terminated":
      return conflict("The session is terminated (its agent was deleted) and accepts no new events.");
  }
}

/**
 * A budget of the client's, checked against the list prices: a `max_list_cost` needs one for the
 * agent's model (and the operator's grader model). An unknown agent is left to the store's 404.
 */
async function checkedBudget(
  deps: SessionDeps,
  accountId: string,
  body: Schema<"SessionBudget">,
  agent: AgentRef,
): Promise<Budget> {
  const runtimes = deps.config?.runtimes;
  const record = body.max_list_cost ? await deps.storage.agents.getAgent(accountId, agent.id, agent.version) : null;
  const models = [record?.config.model, runtimes?.outcomeGraderModel].filter((m): m is string => !!m);
  return budgetInput(body, runtimes?.prices ?? EMPTY_PRICES, models);
}

/** What a session is made of, validated (the storage port's NewSession). Deployment runs build one too. */
export type SessionSpec = NewSession;

/**
 * Creates a session (session.created) with its initial events, atomically; refusals become
 * 404/409 errors naming the field. Used by `POST /sessions` and by deployment runs.
 */
export async function startSession(deps: SessionDeps, accountId: string, spec: SessionSpec): Promise<Session> {
  return await createWith(deps.storage, accountId, spec);
}

/** startSession through the given stores (the storage's, or a unit of work's). */
async function createWith(stores: Pick<Stores, "sessions">, accountId: string, spec: SessionSpec): Promise<Session> {
  const result = await stores.sessions.createSession(accountId, spec);
  if (!result.ok) {
    throw refusal(result, {
      agent: spec.agent,
      environmentId: spec.environment_id,
      vaultIds: spec.vault_ids,
      field: "initial_events",
    });
  }
  return sessionView(result.session);
}

export async function createSession(
  deps: SessionWriteDeps,
  accountId: string,
  body: Schema<"CreateSessionRequest">,
): Promise<Session> {
  const variables = validateEnvironmentVariableObject(body.environment_variables ?? {});
  const memoryStores = sessionMemoryStores(body.resources ?? []);
  const others = (body.resources ?? []).flatMap((r, i) =>
    r.type === "memory_store" ? [] : [{ index: i, input: r as ResourceInput }],
  );
  if (others.length > 0 && !deps.secrets) throw new Error("createSession: resources need the secret box");
  const added = others.map(({ index, input }) => {
    try {
      return { index, resource: newResource(deps.secrets as SecretBox, input) };
    } catch (err) {
      // The field of the resource it names: resources[i].mount_path.
      if (err instanceof ApiError && err.param)
        throw new ApiError(err.type, err.message, `resources[${index}].${err.param}`);
      throw err;
    }
  });
  const overrides = overridesOf(body.agent);
  let agent = agentRef(body.agent);
  // Checked over the version read here, which the session then pins.
  if (overrides) agent = { id: agent.id, version: await checkSessionOverrides(deps, accountId, agent, overrides) };
  const spec: SessionSpec = {
    agent,
    agent_overrides: overrides,
    environment_id: body.environment_id,
    title: body.title ?? null,
    metadata: body.metadata ?? {},
    vault_ids: body.vault_ids ?? [],
    environment_variables: normalizeEnvironmentVariables(variables),
    budget: body.budget ? await checkedBudget(deps, accountId, body.budget, agentRef(body.agent)) : null,
    initial_events: await userEvents(deps.storage, accountId, body.initial_events ?? [], "initial_events"),
  };
  if (memoryStores.length === 0 && added.length === 0) return await startSession(deps, accountId, spec);
  // The session and its resources in one unit of work: a refused one leaves no session.
  return await deps.storage.transaction(async (tx) => {
    const session = await createWith(tx, accountId, spec);
    if (memoryStores.length > 0) await attachMemoryStores(tx, accountId, session.id, memoryStores);
    for (const { index, resource } of added) await attachResource(tx, accountId, session.id, resource, index);
    return session;
  });
}

export async function getSession(deps: SessionDeps, accountId: string, id: string): Promise<Session> {
  const record = await deps.storage.sessions.getSession(accountId, id);
  if (!record) throw sessionNotFound(id);
  return sessionView(record);
}

export async function listSessions(
  deps: SessionDeps,
  accountId: string,
  options: {
    includeArchived: boolean;
    statuses: SessionStatus[] | undefined;
    agentId: string | undefined;
    agentVersion?: number | undefined;
    deploymentId?: string | undefined;
    memoryStoreId?: string | undefined;
    page: PageQuery;
  },
): Promise<Page<Session>> {
  if (options.agentVersion !== undefined && options.agentId === undefined) {
    throw invalidRequest("agent_version: filter by agent_id too (a version belongs to one agent).", "agent_version");
  }
  const page = await deps.storage.sessions.listSessions(accountId, options);
  return { ...page, data: page.data.map(sessionView) };
}

export async function updateSession(
  deps: SessionWriteDeps,
  accountId: string,
  id: string,
  body: Schema<"UpdateSessionRequest">,
): Promise<Session> {
  let overrides: AgentOverrides | undefined;
  if (body.agent && (body.agent.tools !== undefined || body.agent.mcp_servers !== undefined)) {
    const current = await deps.storage.sessions.getSession(accountId, id);
    if (!current) throw sessionNotFound(id);
    overrides = {
      ...(current.agent_overrides ?? {}),
      ...(body.agent.tools !== undefined ? { tools: body.agent.tools } : {}),
      ...(body.agent.mcp_servers !== undefined ? { mcp_servers: body.agent.mcp_servers } : {}),
    };
    await checkSessionOverrides(deps, accountId, { id: current.agent_id, version: current.agent_version }, overrides);
  }
  let budget: Budget | null | undefined = body.budget === null ? null : undefined;
  if (body.budget) {
    const session = await deps.storage.sessions.getSession(accountId, id);
    if (!session) throw sessionNotFound(id);
    budget = await checkedBudget(deps, accountId, body.budget, {
      id: session.agent_id,
      version: session.agent_version,
    });
  }
  const result = await deps.storage.sessions.updateSession(accountId, id, (current) => ({
    ...(overrides !== undefined ? { agent_overrides: overrides } : {}),
    title: body.title !== undefined ? body.title : current.title,
    metadata: applyMetadataPatch(current.metadata, body.metadata),
    budget: budget === undefined ? current.budget : budget,
  }));
  if (result.ok) return sessionView(result.session);
  if (result.reason === "not_found") throw sessionNotFound(id);
  if (result.reason === "running") {
    throw conflict("The session is running: its agent's tools and MCP servers change only while it is idle.", "agent");
  }
  throw conflict("The session is archived and cannot be changed.");
}

export async function archiveSession(deps: SessionDeps, accountId: string, id: string): Promise<Session> {
  const record = await deps.storage.sessions.archiveSession(accountId, id);
  if (!record) throw sessionNotFound(id);
  return sessionView(record);
}

export async function deleteSession(
  deps: SessionDeps & { workspaces: Workspaces },
  accountId: string,
  id: string,
): Promise<Schema<"DeletedSession">> {
  // Its outputs' rows go with it (a foreign key); their bytes are removed after (docs/files.md).
  const outputs = await sessionFileIds(deps, id);
  if (!(await deps.storage.sessions.deleteSession(accountId, id))) throw sessionNotFound(id);
  await deps.storage.blobs.delete(outputs);
  // The workspace goes with its session (a turn in flight was aborted by the delete).
  await deps.workspaces.remove(id);
  return { id, type: "session_deleted" };
}

export async function sendEvents(
  deps: SessionDeps,
  accountId: string,
  id: string,
  body: Schema<"SendSessionEventsRequest">,
): Promise<Schema<"SendSessionEventsResponse">> {
  const events = await userEvents(deps.storage, accountId, body.events, "events");
  if (events.some((e) => e.type === "user.message" || e.type === "user.define_outcome")) {
    // A session whose budget is reached takes no new message until the budget is raised.
    const session = await deps.storage.sessions.getSession(accountId, id);
    if (session && budgetReached(session)) throw conflict(budgetReachedMessage(session), "budget");
  }
  const result = await deps.storage.sessions.appendEvents(accountId, id, events);
  if (!result.ok) throw refusal(result, { sessionId: id, field: "events" });
  return { data: result.events.map(sessionEventView) };
}

export async function listEvents(
  deps: SessionDeps,
  accountId: string,
  id: string,
  options: { threadId?: string; page: PageQuery },
): Promise<Page<SessionEvent>> {
  const page = await deps.storage.sessions.listEvents(accountId, id, options);
  if (!page) {
    if (options.threadId !== undefined && (await deps.storage.sessions.getSession(accountId, id))) {
      throw threadNotFound(options.threadId);
    }
    throw sessionNotFound(id);
  }
  return { ...page, data: page.data.map(sessionEventView) };
}

export async function listThreads(
  deps: SessionDeps,
  accountId: string,
  id: string,
  page: PageQuery,
): Promise<Page<SessionThread>> {
  const result = await deps.storage.sessions.listThreads(accountId, id, page);
  if (!result) throw sessionNotFound(id);
  return { ...result, data: result.data.map(threadView) };
}

export async function getThread(
  deps: SessionDeps,
  accountId: string,
  id: string,
  threadId: string,
): Promise<SessionThread> {
  const thread = await deps.storage.sessions.getThread(accountId, id, threadId);
  if (!thread) {
    if (!(await deps.storage.sessions.getSession(accountId, id))) throw sessionNotFound(id);
    throw threadNotFound(threadId);
  }
  return threadView(thread);
}

/** Archives a thread that is not running: it stays readable, its sub-agent is not run again. */
export async function archiveThread(
  deps: SessionDeps,
  accountId: string,
  id: string,
  threadId: string,
): Promise<SessionThread> {
  const result = await deps.storage.sessions.archiveThread(accountId, id, threadId);
  if (result.ok) return threadView(result.thread);
  if (result.reason === "running") {
    throw conflict(
      `The thread ${threadId.slice(0, 64)} is running: interrupt it (user.interrupt with its session_thread_id) or wait until it idles, then archive it.`,
    );
  }
  if (!(await deps.storage.sessions.getSession(accountId, id))) throw sessionNotFound(id);
  throw threadNotFound(threadId);
}
