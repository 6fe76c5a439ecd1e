import { BUILTIN_TOOL_NAMES, enabledBuiltins, TOOLSET_TYPE } from "../agents/tools/toolset.ts";
import { unservedReason } from "../agents/turns/registry.ts";
import type { Schema } from "../api.ts";
import type { Config } from "../config/sections.ts";
import { ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { checkOutboundUrl } from "../outbound/targetUrls.ts";
import { NoSandbox } from "../sandbox/off.ts";
import type { Sandbox } from "../sandbox/port.ts";
import type { AgentConfig, AgentMultiagent, AgentRecord } from "../storage/port/agents.ts";
import { agentRef } from "../storage/port/agents.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import { type AgentOverrides, withOverrides } from "../storage/port/sessions.ts";
import { applyMetadataPatch } from "./metadata.ts";
import { domainProblem } from "./webDomains.ts";

type Agent = Schema<"Agent">;

export interface AgentDeps {
  storage: Storage;
  config: Config;
  /** Whether `bash` can run here: an agent enabling it on a server without a sandbox is refused. */
  sandbox: Sandbox;
}

export function agentView(r: AgentRecord): Agent {
  const c = r.config;
  return {
    id: r.id,
    type: "agent",
    name: c.name,
    model: c.model,
    system: c.system,
    description: c.description,
    tools: c.tools,
    mcp_servers: c.mcp_servers,
    skills: c.skills,
    multiagent: c.multiagent,
    metadata: c.metadata,
    version: r.version,
    archived_at: r.archived_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export const agentNotFound = (id: string) => notFound(`No agent with id ${id.slice(0, 64)}.`);

/** A 404 that names the request field holding the unknown id. */

function checkUnique(values: string[], param: (index: number) => string, what: string): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value))
      throw invalidRequest(`${param(index)}: ${what} ${value} is listed more than once.`, param(index));
    seen.add(value);
  });
}

async function checkMultiagent(
  deps: AgentDeps,
  accountId: string,
  multiagent: AgentMultiagent,
  selfId?: string,
): Promise<void> {
  const refs = multiagent.agents.map(agentRef);
  checkUnique(
    refs.map((r) => r.id),
    (i) => `multiagent.agents[${i}]`,
    "the agent",
  );
  for (const [i, ref] of refs.entries()) {
    const param = `multiagent.agents[${i}]`;
    if (ref.id === selfId) throw invalidRequest(`${param}: an agent cannot be its own sub-agent.`, param);
    const latest = await deps.storage.agents.getAgent(accountId, ref.id);
    if (!latest) throw notFound(`${param}: no agent with id ${ref.id}.`, param);
    if (latest.archived_at)
      throw conflict(`${param}: the agent ${ref.id} is archived and cannot become a sub-agent.`, param);
    const sub = ref.version === undefined ? latest : await deps.storage.agents.getAgent(accountId, ref.id, ref.version);
    if (!sub) throw notFound(`${param}: the agent ${ref.id} has no version ${ref.version}.`, param);
    if (sub.config.multiagent) {
      throw invalidRequest(
        `${param}: the agent ${ref.id} is itself a coordinator; sub-agents cannot have sub-agents.`,
        param,
      );
    }
  }
}

/**
 * The built-in toolset: known tool names in `configs`, each named once; `bash` only where a
 * sandbox runs (400 naming `tools`, with the missing programs). `always_ask` tools wait for a
 * user.tool_confirmation (runtime/pendingActions.ts).
 */
function checkBuiltinToolset(deps: AgentDeps, config: AgentConfig): void {
  for (const [i, tool] of config.tools.entries()) {
    if (tool.type === "custom") continue;
    const names = (tool.configs ?? []).map((c) => c.name);
    checkUnique(names, (j) => `tools[${i}].configs[${j}].name`, "the tool");
    if (tool.type !== TOOLSET_TYPE) continue;
    const unknown = names.filter((n) => !(BUILTIN_TOOL_NAMES as readonly string[]).includes(n));
    if (unknown.length > 0) {
      throw invalidRequest(
        `tools[${i}].configs: unknown tool${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")} (the ${TOOLSET_TYPE} tools are ${BUILTIN_TOOL_NAMES.join(", ")}).`,
        "tools",
      );
    }
  }
  checkWebToolConfigs(deps, config);
  const sandbox = deps.sandbox;
  if (sandbox instanceof NoSandbox && enabledBuiltins(config.tools).includes("bash")) {
    throw invalidRequest(
      `tools: the bash tool cannot be enabled: ${sandbox.reason()}. Disable it with configs [{"name":"bash","enabled":false}].`,
      "tools",
    );
  }
}

/**
 * The web tools' own settings: domain lists only on `web_search` and `web_fetch` (one kind of list
 * each), `max_content_tokens` only on `web_fetch`, and `web_search` enabled by name only where the
 * server has a search backend (WEB_SEARCH_URL).
 */
function checkWebToolConfigs(deps: AgentDeps, config: AgentConfig): void {
  for (const [i, tool] of config.tools.entries()) {
    if (tool.type === "custom") continue;
    for (const [j, c] of (tool.configs ?? []).entries()) {
      const param = `tools[${i}].configs[${j}]`;
      const web = tool.type === TOOLSET_TYPE && (c.name === "web_search" || c.name === "web_fetch");
      for (const field of ["allowed_domains", "blocked_domains", "max_content_tokens"] as const) {
        if (c[field] === undefined) continue;
        if (!web || (field === "max_content_tokens" && c.name !== "web_fetch")) {
          throw invalidRequest(
            `${param}.${field}: only ${field === "max_content_tokens" ? "web_fetch" : "web_search and web_fetch"} of the ${TOOLSET_TYPE} take it.`,
            `${param}.${field}`,
          );
        }
      }
      if (c.allowed_domains && c.blocked_domains) {
        throw invalidRequest(
          `${param}: give allowed_domains or blocked_domains, not both.`,
          `${param}.blocked_domains`,
        );
      }
      for (const field of ["allowed_domains", "blocked_domains"] as const) {
        for (const [k, domain] of (c[field] ?? []).entries()) {
          const problem = domainProblem(domain);
          if (problem) throw invalidRequest(`${param}.${field}[${k}]: ${problem}.`, `${param}.${field}[${k}]`);
        }
      }
      if (
        tool.type === TOOLSET_TYPE &&
        c.name === "web_search" &&
        c.enabled === true &&
        !deps.config.runtimes.webSearch.url
      ) {
        throw invalidRequest(
          `${param}: web_search cannot be enabled: this server has no search backend (the operator sets WEB_SEARCH_URL to a SearXNG-compatible search API).`,
          `${param}.enabled`,
        );
      }
    }
  }
}

/**
 * Checks what the schema cannot: the model is served, names are unique, every `mcp_toolset`
 * names one of the agent's MCP servers, skills and sub-agents exist in the account (read before
 * the write, as every reference check).
 */
async function checkConfig(
  deps: AgentDeps,
  accountId: string,
  config: AgentConfig,
  options: { selfId?: string; changed?: (field: keyof AgentConfig) => boolean } = {},
): Promise<void> {
  const changed = options.changed ?? (() => true);
  const unserved = changed("model") ? unservedReason(deps.config, config.model) : null;
  if (unserved) throw invalidRequest(`model: "${config.model.slice(0, 128)}" ${unserved}`, "model");
  checkUnique(
    config.mcp_servers.map((s) => s.name),
    (i) => `mcp_servers[${i}].name`,
    "the MCP server name",
  );
  if (changed("mcp_servers")) {
    for (const [i, server] of config.mcp_servers.entries()) {
      await checkOutboundUrl(deps.config, server.url, `mcp_servers[${i}].url`);
    }
  }
  const servers = new Set(config.mcp_servers.map((s) => s.name));
  const toolKeys = config.tools.map((t) =>
    t.type === "custom" ? `custom tool ${t.name}` : t.type === "mcp_toolset" ? `toolset ${t.mcp_server_name}` : t.type,
  );
  checkUnique(toolKeys, (i) => `tools[${i}]`, "the");
  checkBuiltinToolset(deps, config);
  config.tools.forEach((tool, i) => {
    if (tool.type === "mcp_toolset" && !servers.has(tool.mcp_server_name)) {
      throw invalidRequest(
        `tools[${i}].mcp_server_name: no MCP server named ${tool.mcp_server_name} in mcp_servers.`,
        `tools[${i}].mcp_server_name`,
      );
    }
  });
  checkUnique(
    config.skills.map((s) => s.skill_id),
    (i) => `skills[${i}].skill_id`,
    "the skill",
  );
  if (changed("skills"))
    for (const [i, skill] of config.skills.entries()) {
      const param = `skills[${i}]`;
      if (!(await deps.storage.skills.getSkill(accountId, skill.skill_id))) {
        throw notFound(`${param}.skill_id: no skill with id ${skill.skill_id}.`, `${param}.skill_id`);
      }
      if (
        skill.version !== undefined &&
        !(await deps.storage.skills.getVersion(accountId, skill.skill_id, Number(skill.version)))
      ) {
        throw notFound(
          `${param}.version: the skill ${skill.skill_id} has no version ${skill.version}.`,
          `${param}.version`,
        );
      }
    }
  if (config.multiagent && changed("multiagent")) {
    await checkMultiagent(deps, accountId, config.multiagent, options.selfId);
  }
}

/**
 * Checks a session's overrides over the agent version it runs (the same rules as an agent's
 * configuration: the model served, the tools and MCP servers, the skills) and returns that
 * version, which the session then pins: what was checked is what runs.
 */
export async function checkSessionOverrides(
  deps: AgentDeps,
  accountId: string,
  agent: { id: string; version?: number | undefined },
  overrides: AgentOverrides,
): Promise<number> {
  const record = await deps.storage.agents.getAgent(accountId, agent.id, agent.version);
  if (!record) {
    if (agent.version !== undefined && (await deps.storage.agents.getAgent(accountId, agent.id))) {
      throw notFound(`agent.version: the agent ${agent.id} has no version ${agent.version}.`, "agent.version");
    }
    throw notFound(`agent: no agent with id ${agent.id.slice(0, 64)}.`, "agent");
  }
  try {
    await checkConfig(deps, accountId, withOverrides(record.config, overrides), {
      selfId: agent.id,
      changed: (field) => field in overrides,
    });
  } catch (err) {
    // The field of the override it names: agent.tools, agent.mcp_servers[0].url.
    if (err instanceof ApiError && err.param) throw new ApiError(err.type, err.message, `agent.${err.param}`);
    throw err;
  }
  return record.version;
}

export async function createAgent(
  deps: AgentDeps,
  accountId: string,
  body: Schema<"CreateAgentRequest">,
): Promise<Agent> {
  const config: AgentConfig = {
    name: body.name,
    model: body.model,
    system: body.system ?? null,
    description: body.description ?? null,
    tools: body.tools ?? [],
    mcp_servers: body.mcp_servers ?? [],
    skills: body.skills ?? [],
    multiagent: body.multiagent ?? null,
    metadata: body.metadata ?? {},
  };
  await checkConfig(deps, accountId, config);
  return agentView(await deps.storage.agents.createAgent(accountId, config));
}

export async function getAgent(deps: AgentDeps, accountId: string, agentId: string, version?: number): Promise<Agent> {
  const record = await deps.storage.agents.getAgent(accountId, agentId, version);
  if (!record) {
    if (version !== undefined && (await deps.storage.agents.getAgent(accountId, agentId))) {
      throw notFound(`The agent ${agentId} has no version ${version}.`);
    }
    throw agentNotFound(agentId);
  }
  return agentView(record);
}

export async function listAgents(
  deps: AgentDeps,
  accountId: string,
  options: { includeArchived: boolean; page: PageQuery },
): Promise<Page<Agent>> {
  const page = await deps.storage.agents.listAgents(accountId, options);
  return { ...page, data: page.data.map(agentView) };
}

export async function listAgentVersions(
  deps: AgentDeps,
  accountId: string,
  agentId: string,
  page: PageQuery,
): Promise<Schema<"AgentVersionList">> {
  const result = await deps.storage.agents.listAgentVersions(accountId, agentId, page);
  if (!result) throw agentNotFound(agentId);
  return {
    data: result.data.map(agentView),
    next_page: result.next_page,
    first_version: result.first_id === null ? null : Number(result.first_id),
    last_version: result.last_id === null ? null : Number(result.last_id),
    has_more: result.has_more,
  };
}

/** The configuration an update asks for, over the agent's current one (pure). */
function updatedConfig(c: AgentConfig, body: Schema<"UpdateAgentRequest">): AgentConfig {
  return {
    name: body.name ?? c.name,
    model: body.model ?? c.model,
    system: body.system !== undefined ? body.system : c.system,
    description: body.description !== undefined ? body.description : c.description,
    tools: body.tools ?? c.tools,
    mcp_servers: body.mcp_servers ?? c.mcp_servers,
    skills: body.skills ?? c.skills,
    multiagent: body.multiagent !== undefined ? body.multiagent : c.multiagent,
    metadata: applyMetadataPatch(c.metadata, body.metadata),
  };
}

export async function updateAgent(
  deps: AgentDeps,
  accountId: string,
  agentId: string,
  body: Schema<"UpdateAgentRequest">,
): Promise<Agent> {
  // The checks read the version the request names, before the write; the write applies the same
  // update only if that version is still the latest (a version's configuration never changes), so
  // what was checked is what is written, and a concurrent update turns into version_mismatch.
  const current = await deps.storage.agents.getAgent(accountId, agentId);
  if (!current) throw refusedUpdate(agentId, body, { reason: "not_found" });
  if (current.archived_at) throw refusedUpdate(agentId, body, { reason: "archived" });
  if (current.version !== body.version) {
    throw refusedUpdate(agentId, body, { reason: "version_mismatch", current_version: current.version });
  }
  // References that were not sent again were checked when they were set; re-checking them would
  // refuse an update that changes nothing (say, after a sub-agent was archived).
  await checkConfig(deps, accountId, updatedConfig(current.config, body), {
    selfId: agentId,
    changed: (field) => body[field] !== undefined,
  });
  const result = await deps.storage.agents.updateAgent(accountId, agentId, body.version, (latest) =>
    updatedConfig(latest.config, body),
  );
  if (result.ok) return agentView(result.agent);
  throw refusedUpdate(agentId, body, result);
}

function refusedUpdate(
  agentId: string,
  body: Schema<"UpdateAgentRequest">,
  result: { reason: "not_found" | "archived" | "version_mismatch"; current_version?: number },
): ApiError {
  switch (result.reason) {
    case "not_found":
      return agentNotFound(agentId);
    case "archived":
      return conflict("The agent is archived and cannot be changed.");
    case "version_mismatch":
      return conflict(
        `version ${body.version} is not the agent's current version (${result.current_version}); read the agent again and retry.`,
        "version",
      );
  }
}

export async function archiveAgent(deps: AgentDeps, accountId: string, agentId: string): Promise<Agent> {
  const record = await deps.storage.agents.archiveAgent(accountId, agentId);
  if (!record) throw agentNotFound(agentId);
  return agentView(record);
}

export async function deleteAgent(
  deps: AgentDeps,
  accountId: string,
  agentId: string,
): Promise<Schema<"DeletedAgent">> {
  if (!(await deps.storage.agents.deleteAgent(accountId, agentId))) throw agentNotFound(agentId);
  return { id: agentId, type: "agent_deleted" };
}
