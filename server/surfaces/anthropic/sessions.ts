import { type Request, type Response, Router } from "express";
import { MEMORY_MOUNT } from "../../agents/tools/toolPaths.ts";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import { agentView } from "../../domain/agents.ts";
import { outcomeEvaluations } from "../../domain/outcomes.ts";
import * as sessions from "../../domain/sessions.ts";
import { invalidRequest } from "../../errors.ts";
import {
  accountOf,
  pathParam,
  queryFlag,
  queryInt,
  queryList,
  queryString,
  type RequestAuth,
} from "../../http/context.ts";
import { newId } from "../../ids.ts";
import { type SessionFarewell, type StreamRequest, sessionSource } from "../../streams/sources.ts";
import { EXECUTION_IDENTITY, type SdkAgent, sdkAgent, withModelId } from "./agents.ts";
import { bodyOf, objectField } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { checkOrder, sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type AgentVersionRef = { id: string; version: number };
type Snapshot = Omit<SdkAgent, "metadata" | "archived_at" | "created_at" | "updated_at">;

/** The snapshot of an agent that was deleted since (its session is terminated): its id and version remain. */
function deletedAgent(ref: AgentVersionRef): Snapshot {
  return {
    id: ref.id,
    type: "agent",
    version: ref.version,
    name: "",
    model: { id: "", speed: "standard" },
    execution_identity: EXECUTION_IDENTITY,
    system: null,
    description: null,
    tools: [],
    mcp_servers: [],
    skills: [],
    multiagent: null,
  };
}

/**
 * The agent versions some sessions or threads run, as the SDK shows them (the agent's
 * configuration at that version), read in one query for a whole page.
 */
async function agentSnapshots(
  deps: AppDeps,
  accountId: string,
  refs: readonly AgentVersionRef[],
): Promise<(ref: AgentVersionRef) => Snapshot> {
  const key = (r: AgentVersionRef) => `${r.id}@${r.version}`;
  const unique = [...new Map(refs.map((r) => [key(r), { id: r.id, version: r.version }])).values()];
  const records = await deps.storage.agents.getAgentVersions(accountId, unique);
  const byKey = new Map<string, Snapshot>();
  for (const record of records) {
    const agent = agentView(record);
    const { metadata: _m, archived_at: _a, created_at: _c, updated_at: _u, ...config } = sdkAgent(agent);
    byKey.set(key({ id: agent.id, version: agent.version }), config);
  }
  return (ref) => byKey.get(key(ref)) ?? deletedAgent(ref);
}

/** The agent a session runs as the SDK shows it: its version's configuration with the session's overrides. */
function overridden(agent: Snapshot, overrides: Schema<"AgentOverrides"> | null): Snapshot {
  if (!overrides) return agent;
  const { model, ...rest } = overrides;
  return { ...agent, ...rest, ...(model !== undefined ? { model: { id: model, speed: "standard" as const } } : {}) };
}

/** `agent_with_overrides` of the SDK as ours: its `model` may be `{id, speed}`. */
function withOurAgent(body: Record<string, unknown>): Record<string, unknown> {
  const agent = objectField(body.agent);
  if (agent?.type !== "agent_with_overrides" || !agent) return body;
  return { ...body, agent: withModelId(agent, "agent.model") };
}

type Resource = {
  type: "memory_store";
  memory_store_id: string;
  access: "read_write" | "read_only";
  name: string | null;
  description: string;
  mount_path: string | null;
  instructions: null;
};

/** The memory stores each of some sessions uses, as the SDK's `BetaManagedAgentsMemoryStoreResource`s: two queries per page. */
async function resourcesOf(
  deps: AppDeps,
  accountId: string,
  sessionIds: readonly string[],
): Promise<(sessionId: string) => Resource[]> {
  const attached = await deps.storage.memoryStores.sessionsStores(accountId, sessionIds);
  const storeIds = [...new Set(attached.map((r) => r.memory_store_id))];
  const stores = new Map((await deps.storage.memoryStores.getStores(accountId, storeIds)).map((s) => [s.id, s]));
  const bySession = new Map<string, Resource[]>();
  for (const r of attached) {
    const store = stores.get(r.memory_store_id);
    const list = bySession.get(r.session_id) ?? [];
    list.push({
      type: "memory_store",
      memory_store_id: r.memory_store_id,
      access: r.access,
      name: store?.name ?? null,
      description: store?.description ?? "",
      mount_path: store ? `${MEMORY_MOUNT}/${store.name}` : null,
      instructions: null,
    });
    bySession.set(r.session_id, list);
  }
  return (sessionId) => bySession.get(sessionId) ?? [];
}

/** The SDK's `resources` of a session create as ours: memory stores, `access: null` meaning the default. */
function withOurResources(body: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(body.resources)) return body;
  // Anything but an object is left as it is, for the native validator to name.
  const resources = (body.resources as unknown[]).map((item, i) => {
    const resource = objectField(item);
    if (!resource) return item;
    const { access, instructions, mount_path, ...r } = resource;
    // A file's `mount_path: null` is its default (ours leaves the field out).
    if (mount_path !== null && mount_path !== undefined) (r as Record<string, unknown>).mount_path = mount_path;
    if (instructions !== undefined && instructions !== null) {
      const param = `resources[${i}].instructions`;
      throw invalidRequest(`${param}: per-attachment instructions are not offered by this server (only null).`, param);
    }
    return { ...r, ...(access !== null && access !== undefined ? { access } : {}) };
  });
  return { ...body, resources };
}

/** Seconds from `from` to `to` (ISO times), to the millisecond. */
const secondsBetween = (from: string, to: Date) => Math.max(0, Math.round(to.getTime() - Date.parse(from)) / 1000);

/**
 * Our usage and stats as the SDK's: its stats time the session (or thread), its usage carries the
 * token counts and the active time they are priced on.
 */
function sdkUsageAndStats(
  deps: AppDeps,
  r: {
    usage: Schema<"ModelUsage">;
    stats: Schema<"UsageStats">;
    list_cost?: Schema<"MonetaryAmount">;
    server_tool_use?: Schema<"Session">["server_tool_use"];
    created_at: string;
    updated_at: string;
  },
  ended: boolean,
) {
  const { active_seconds } = r.stats;
  return {
    stats: {
      active_seconds,
      duration_seconds: secondsBetween(r.created_at, ended ? new Date(r.updated_at) : deps.clock.now()),
    },
    usage: {
      input_tokens: r.usage.input_tokens,
      output_tokens: r.usage.output_tokens,
      cache_read_input_tokens: r.usage.cache_read_input_tokens,
      active_seconds,
      ...(r.list_cost ? { list_cost: r.list_cost } : {}),
      ...(r.server_tool_use ? { server_tool_use: r.server_tool_use } : {}),
    },
  };
}

/** The SDK's budget (`{type: "limit", max_list_cost}`) as ours; anything else is left to the validator. */
function withOurBudget(body: Record<string, unknown>): Record<string, unknown> {
  const budget = objectField(body.budget);
  if (budget?.type !== "limit") return body;
  const { type: _type, ...rest } = budget;
  return { ...body, budget: rest };
}

/** Our budget as the SDK's: its list-cost part (a token limit has no SDK shape). */
const sdkBudget = (b: Schema<"Session">["budget"]) =>
  b?.max_list_cost ? { type: "limit" as const, max_list_cost: b.max_list_cost } : null;

/**
 * Our sessions as `BetaManagedAgentsSession`s, a page at a time: their agents and memory stores are
 * read for the whole page (three queries, whatever its length). The budget shown is its list-cost
 * part (the SDK has no token limit); the outcome evaluations are not listed here (see the events).
 */
async function sdkSessions(deps: AppDeps, accountId: string, list: readonly Schema<"Session">[]) {
  const [agentOf, resources, outcomes] = await Promise.all([
    agentSnapshots(
      deps,
      accountId,
      list.map((s) => s.agent),
    ),
    resourcesOf(
      deps,
      accountId,
      list.map((s) => s.id),
    ),
    deps.storage.sessions.outcomeEvents(
      accountId,
      list.map((s) => s.id),
    ),
  ]);
  return list.map(({ agent_overrides: overrides, ...s }) => ({
    ...s,
    agent: overridden(agentOf(s.agent), overrides ?? null),
    budget: sdkBudget(s.budget),
    outcome_evaluations: outcomeEvaluations(
      outcomes.filter((e) => e.session_id === s.id),
      s.status,
    ),
    resources: resources(s.id),
    ...sdkUsageAndStats(deps, s, s.status === "terminated" || s.archived_at !== null),
  }));
}

async function sdkSession(deps: AppDeps, accountId: string, s: Schema<"Session">) {
  const [session] = await sdkSessions(deps, accountId, [s]);
  if (!session) throw new Error("sdkSessions returned no session for one");
  return session;
}

/** Our threads as the SDK's, a page at a time (their agents in one query). */
async function sdkThreads(deps: AppDeps, accountId: string, list: readonly Schema<"SessionThread">[]) {
  const agentOf = await agentSnapshots(
    deps,
    accountId,
    list.map((t) => t.agent),
  );
  return list.map((t) => ({
    ...t,
    agent: agentOf(t.agent),
    parent_thread_id: null,
    ...sdkUsageAndStats(deps, t, t.status === "terminated"),
    workflow_run_id: null,
  }));
}

async function sdkThread(deps: AppDeps, accountId: string, t: Schema<"SessionThread">) {
  const [thread] = await sdkThreads(deps, accountId, [t]);
  if (!thread) throw new Error("sdkThreads returned no thread for one");
  return thread;
}

/** Our event types under the SDK's names (the others are the same). */
const EVENT_TYPES: Record<string, string> = {
  "session.status_run_started": "session.status_running",
  "session.status_idled": "session.status_idle",
  "session.thread_idled": "session.thread_status_idle",
  "session.thread_terminated": "session.thread_status_terminated",
};

type NativeError = Schema<"SessionEventError">["error"];

/**
 * Our `session.error` as the SDK's error object: a provider's failure by the status it answered, an
 * MCP server's by whether it refused the credential (the words of agents/mcp/mcp.ts say so), the
 * tool-round limit, a repository's clone; the rest `unknown_error` with our words. An error
 * recorded before `retry_status` existed ended its turn (`exhausted`).
 */
export function sdkError(error: NativeError): Record<string, unknown> {
  const base = { message: error.message, retry_status: error.retry_status ?? { type: "exhausted" } };
  switch (error.type) {
    case "provider_error": {
      const status = error.provider_status;
      const type =
        status === 429
          ? "model_rate_limited_error"
          : status === 529 || status === 503
            ? "model_overloaded_error"
            : "model_request_failed_error";
      return { type, ...base };
    }
    case "mcp_error": {
      const refused = / could not be authenticated: |\(401\)/.test(error.message);
      return {
        type: refused ? "mcp_authentication_failed_error" : "mcp_connection_failed_error",
        mcp_server_name: error.mcp_server_name ?? "",
        ...base,
      };
    }
    case "tool_rounds_exceeded":
      return { type: "tool_use_limit_reached_error", ...base };
    case "resource_failed":
      return { type: "repository_clone_error", repository_url: null, ...base };
    default:
      return { type: "unknown_error", ...base };
  }
}

/** The name of the agent a thread runs (thread events carry it), looked up once per thread. */
export type ThreadAgentName = (sessionId: string, threadId: string) => Promise<string>;

export function threadAgentNames(deps: AppDeps, accountId: string): ThreadAgentName {
  const names = new Map<string, Promise<string>>();
  return (sessionId, threadId) => {
    let name = names.get(threadId);
    if (!name) {
      name = sessions
        .getThread(deps, accountId, sessionId, threadId)
        .then(async (t) => (await agentSnapshots(deps, accountId, [t.agent]))(t.agent).name);
      names.set(threadId, name);
    }
    return name;
  };
}

/**
 * Our session event as `BetaManagedAgentsSessionEvent`: `processed_at`, the SDK's type names, an
 * idle event's `stop_reason` (the session's own; `end_turn` for a thread), a thread event's `agent_name`.
 */
export async function sdkEvent(
  e: Record<string, unknown>,
  agentName: ThreadAgentName,
): Promise<Record<string, unknown>> {
  // An MCP server's tool call and its outcome have their own types there (ours keep agent.tool_*).
  const mcp = (e.type === "agent.tool_use" || e.type === "agent.tool_result") && typeof e.mcp_server_name === "string";
  const type = mcp
    ? e.type === "agent.tool_use"
      ? "agent.mcp_tool_use"
      : "agent.mcp_tool_result"
    : (EVENT_TYPES[String(e.type)] ?? String(e.type));
  const event: Record<string, unknown> = { ...e, type, processed_at: e.created_at };
  if (type === "agent.mcp_tool_result") event.mcp_tool_use_id = e.tool_use_id;
  if (type === "session.error") event.error = sdkError(e.error as NativeError);
  if (type === "agent.thread_message_sent" && typeof e.to_session_thread_id === "string") {
    event.to_agent_name = await agentName(String(e.session_id), e.to_session_thread_id);
  }
  if (type === "agent.thread_message_received" && typeof e.from_session_thread_id === "string") {
    event.from_agent_name = await agentName(String(e.session_id), e.from_session_thread_id);
  }
  if (type === "session.status_idle" || type === "session.thread_status_idle") {
    // The session's own reason (end_turn, requires_action with its event_ids, interrupted, ...); a thread's turn ends.
    event.stop_reason = type === "session.status_idle" && e.stop_reason ? e.stop_reason : { type: "end_turn" };
    event.stop_details = null;
  }
  if (type.startsWith("session.thread_")) {
    event.agent_name = await agentName(String(e.session_id), String(e.session_thread_id));
    if (type === "session.thread_created") event.workflow_run_id = null;
  }
  return event;
}

/**
 * The last message of a `/v1` session stream whose session was deleted: the SDK's
 * `session.deleted` (its history went with it, so the event has an id of its own, never stored).
 */
const sessionDeleted =
  (deps: AppDeps): SessionFarewell =>
  () => {
    const id = newId("sevt");
    return {
      id,
      type: "session.deleted",
      data: { id, type: "session.deleted", processed_at: deps.clock.now().toISOString() },
    };
  };

function streamRequest(req: Request, res: Response): StreamRequest {
  const auth = res.locals.auth as RequestAuth;
  const resume = req.get("last-event-id");
  return {
    accountId: auth.accountId,
    tokenId: auth.tokenId,
    types: undefined,
    resume: resume ? { param: "Last-Event-ID", id: resume } : undefined,
  };
}

/** Sessions (`client.beta.sessions`) with their events, event stream and threads. */
export const sessionsFamily: AnthropicFamily = {
  name: "sessions",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/sessions", async (req, res) => {
      const body = await nativeBody(
        req,
        "CreateSessionRequest",
        withOurBudget(withOurAgent(withOurResources(bodyOf(req)))),
      );
      const account = accountOf(res);
      res.json(await sdkSession(deps, account, await sessions.createSession(deps, account, body)));
    });
    r.get("/sessions", async (req, res) => {
      const account = accountOf(res);
      const page = await sessions.listSessions(deps, account, {
        includeArchived: queryFlag(req, "include_archived"),
        statuses: queryList(req, "statuses") as Schema<"SessionStatus">[] | undefined,
        agentId: queryString(req, "agent_id"),
        agentVersion: queryInt(req, "agent_version"),
        deploymentId: queryString(req, "deployment_id"),
        memoryStoreId: queryString(req, "memory_store_id"),
        page: sdkPageQuery(req, "sess"),
      });
      const data = await sdkSessions(deps, account, page.data);
      res.json({ data, next_page: page.has_more ? page.next_page : null, prev_page: null });
    });
    r.get("/sessions/:session_id", async (req, res) => {
      const account = accountOf(res);
      res.json(await sdkSession(deps, account, await sessions.getSession(deps, account, pathParam(req, "session_id"))));
    });
    r.post("/sessions/:session_id", async (req, res) => {
      const body = await nativeBody(req, "UpdateSessionRequest", withOurBudget(bodyOf(req)));
      const account = accountOf(res);
      const updated = await sessions.updateSession(deps, account, pathParam(req, "session_id"), body);
      res.json(await sdkSession(deps, account, updated));
    });
    r.delete("/sessions/:session_id", async (req, res) => {
      res.json(await sessions.deleteSession(deps, accountOf(res), pathParam(req, "session_id")));
    });
    r.post("/sessions/:session_id/archive", async (req, res) => {
      const account = accountOf(res);
      res.json(
        await sdkSession(deps, account, await sessions.archiveSession(deps, account, pathParam(req, "session_id"))),
      );
    });

    r.post("/sessions/:session_id/events", async (req, res) => {
      const body = await nativeBody(req, "SendSessionEventsRequest", bodyOf(req));
      const account = accountOf(res);
      const sent = await sessions.sendEvents(deps, account, pathParam(req, "session_id"), body);
      const names = threadAgentNames(deps, account);
      const data: Record<string, unknown>[] = [];
      for (const e of sent.data) data.push(await sdkEvent(e, names));
      res.json({ data });
    });
    r.get("/sessions/:session_id/events", async (req, res) => {
      const account = accountOf(res);
      const page = await sessions.listEvents(deps, account, pathParam(req, "session_id"), {
        page: sdkPageQuery(req, "sevt"),
      });
      const names = threadAgentNames(deps, account);
      res.json(await sdkPage(page, (e) => sdkEvent(e, names)));
    });
    r.get("/sessions/:session_id/events/stream", async (req, res) => {
      const names = threadAgentNames(deps, accountOf(res));
      const id = pathParam(req, "session_id");
      const source = await sessionSource(
        deps,
        streamRequest(req, res),
        id,
        undefined,
        (e) => sdkEvent(e, names),
        sessionDeleted(deps),
      );
      deps.streams.open(source, res);
    });

    r.get("/sessions/:session_id/threads", async (req, res) => {
      const account = accountOf(res);
      const page = await sessions.listThreads(deps, account, pathParam(req, "session_id"), sdkPageQuery(req, "sthr"));
      res.json({ data: await sdkThreads(deps, account, page.data), next_page: page.has_more ? page.next_page : null });
    });
    r.get("/sessions/:session_id/threads/:thread_id", async (req, res) => {
      const account = accountOf(res);
      const [session, thread] = [pathParam(req, "session_id"), pathParam(req, "thread_id")];
      res.json(await sdkThread(deps, account, await sessions.getThread(deps, account, session, thread)));
    });
    r.post("/sessions/:session_id/threads/:thread_id/archive", async (req, res) => {
      const account = accountOf(res);
      const [session, thread] = [pathParam(req, "session_id"), pathParam(req, "thread_id")];
      res.json(await sdkThread(deps, account, await sessions.archiveThread(deps, account, session, thread)));
    });
    r.get("/sessions/:session_id/threads/:thread_id/events", async (req, res) => {
      checkOrder(req, "asc");
      const [session, thread] = [pathParam(req, "session_id"), pathParam(req, "thread_id")];
      const account = accountOf(res);
      const page = await sessions.listEvents(deps, account, session, {
        threadId: thread,
        page: sdkPageQuery(req, "sevt"),
      });
      const names = threadAgentNames(deps, account);
      res.json(await sdkPage(page, (e) => sdkEvent(e, names)));
    });
    r.get("/sessions/:session_id/threads/:thread_id/stream", async (req, res) => {
      const [session, thread] = [pathParam(req, "session_id"), pathParam(req, "thread_id")];
      const names = threadAgentNames(deps, accountOf(res));
      const present = (e: Record<string, unknown>) => sdkEvent(e, names);
      const source = await sessionSource(deps, streamRequest(req, res), session, thread, present, sessionDeleted(deps));
      deps.streams.open(source, res);
    });
    return r;
  },
};
