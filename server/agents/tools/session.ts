/**
 * The built-in tools of one turn of one session: its workspace (made at the first run), its
 * environment's variables and network policy, its agent's skills unpacked, its memory stores
 * mounted at `/mnt/memory` (memoryMount.ts: written back after each call and at the turn's end),
 * and the tools the agent's toolset enables, ready to be offered to the model and called.
 */

import type { FilesConfig, SandboxConfig, WebSearchConfig } from "../../config/sections.ts";
import type { SecretBox } from "../../crypto/secretBox.ts";
import { environmentVariablesToObject } from "../../domain/environmentVariables.ts";
import { type RepositoryForClone, repositoryResourcesForClone } from "../../domain/sessionResources.ts";
import { cloneRepository } from "../../sandbox/egress/repository.ts";
import { PackageBuildError, type PackageLayers } from "../../sandbox/packages/packageLayers.ts";
import { hasPackages } from "../../sandbox/packages/packageSpec.ts";
import type { EgressPlan, NetworkPolicy, Sandbox } from "../../sandbox/port.ts";
import type { Workspaces } from "../../sandbox/workspace.ts";
import { WorkspaceTooLargeError } from "../../sandbox/workspaceSnapshots.ts";
import type { AgentConfig } from "../../storage/port/agents.ts";
import type { EnvironmentPackages, EnvironmentRecord } from "../../storage/port/environments.ts";
import type { Storage } from "../../storage/port/index.ts";
import type { RunOutput } from "../../storage/port/runs.ts";
import type { ToolSpec } from "../turns/conversation.ts";
import { TurnError } from "../turns/port.ts";
import { commandRequest } from "./bash.ts";
import { sessionEgress } from "./egress.ts";
import { MemoryMount, memoryPrompt, type WriteBackReport } from "./memoryMount.ts";
import { SessionMounts } from "./sessionMounts.ts";
import { loadSkills, skillsPrompt, unpackSkills } from "./skills.ts";
import {
  BUILTIN_TOOL_SPECS,
  type BuiltinToolName,
  callBuiltin,
  enabledBuiltins,
  isBuiltinName,
  webToolSettings,
} from "./toolset.ts";
import { type ToolContext, type ToolResult, toolLimits } from "./types.ts";

export interface SessionToolsDeps {
  storage: Storage;
  sandbox: Sandbox;
  workspaces: Workspaces;
  config: SandboxConfig;
  /** The environments' package layers (sandbox/packages/). */
  packageLayers: PackageLayers;
  /** The hosts of the configured package registries (limited networking with allow_package_managers). */
  registryHosts: string[];
  /** Opens the `environment_variable` credentials of the session's vaults for egress (tools/egress.ts). */
  secrets: SecretBox;
  /** FILES_MAX_BYTES and FILES_ACCOUNT_MAX_BYTES: the outputs collected at the end of a turn. */
  files: FilesConfig;
  clock: { now(): Date };
  /** The `web_search` backend (WEB_SEARCH_URL); absent: none. */
  webSearch?: WebSearchConfig;
}

export class SessionTools {
  private constructor(
    private readonly enabled: BuiltinToolName[],
    private readonly context: Omit<ToolContext, "signal"> | null,
    /** The system prompt's addition (skills), or null. */
    readonly prompt: string | null,
    private readonly memory: MemoryMount | null = null,
    /** Saves the workspace for the other replicas (null: this turn has no workspace). */
    private readonly saveWorkspace: (() => Promise<unknown>) | null = null,
    /** The outputs folder and the file resources (null: this turn has no workspace). */
    private readonly mounts: SessionMounts | null = null,
  ) {}

  static async open(
    deps: SessionToolsDeps,
    turn: {
      account_id: string;
      session_id: string;
      run_id: string;
      agent: { config: AgentConfig };
      /** Records the waits for the package layer (session.status_preparing / _prepared). */
      record?: (outputs: RunOutput[]) => Promise<void>;
    },
    signal?: AbortSignal,
  ): Promise<SessionTools> {
    const { config } = turn.agent;
    const enabled = enabledBuiltins(config.tools, !!deps.webSearch?.url);
    const skills = config.skills.length > 0 ? await loadSkills(deps.storage, turn.account_id, config.skills) : [];
    if (enabled.length === 0) return new SessionTools([], null, skillsPrompt(skills, false));
    const workspace = await deps.workspaces.open(turn.session_id);
    const owner = await deps.workspaces.owner(turn.session_id);
    const memory = await MemoryMount.open(deps.storage, deps.workspaces.memoryMountsRoot, turn, owner);
    const mounts = await SessionMounts.open(deps, turn, owner);
    const skillsFolder = skills.length > 0 ? deps.workspaces.skillsFolder(turn.session_id) : null;
    if (skillsFolder) await unpackSkills(skillsFolder, skills, owner);
    const session = await deps.storage.sessions.getSession(turn.account_id, turn.session_id);
    const environment = session
      ? await deps.storage.environments.getEnvironment(turn.account_id, session.environment_id)
      : null;
    // A session whose environment is gone gets no network rather than any.
    const network = networkOf(environment, config, deps.registryHosts);
    // The environment's packages: its layer, built (or waited for) before the turn's first command.
    const packages = environment?.config.type === "cloud" ? environment.config.packages : undefined;
    const layer =
      enabled.includes("bash") && deps.sandbox.status.kind !== "off" && hasPackages(packages)
        ? await openLayer(deps, packages, turn, signal ?? new AbortController().signal)
        : null;
    // Credentials used at egress: the commands see placeholders; the proxy holds the secrets.
    // The session's repositories: the proxy presents each one's token to its repository alone.
    const repositories = session ? await repositoryResourcesForClone(deps, session.id) : [];
    const egress = session
      ? await sessionEgress(
          { ...deps, upstreamCa: deps.config.egressUpstreamCa ?? [] },
          { id: session.id, vault_ids: session.vault_ids },
          repositories.map((r) => ({ url: r.url, token: r.authorization_token })),
        )
      : { env: {}, plan: null };
    const context: Omit<ToolContext, "signal"> = {
      workspace,
      sandbox: deps.sandbox,
      env: { ...(session ? environmentVariablesToObject(session.environment_variables) : {}), ...egress.env },
      ...(egress.plan ? { egress: egress.plan } : {}),
      network,
      webSearch: deps.webSearch ?? null,
      toolSettings: webToolSettings(config.tools),
      limits: toolLimits(deps.config),
      owner,
      skills: skillsFolder,
      memory: memory?.view ?? null,
      layer,
      outputs: mounts.outputs,
      fileMounts: mounts.files,
    };
    if (enabled.includes("bash") && deps.sandbox.status.kind !== "off" && egress.plan) {
      await cloneRepositories(
        deps,
        { ...context, signal: signal ?? new AbortController().signal },
        egress.plan,
        repositories,
      );
    }
    const save = () => deps.workspaces.save(turn.session_id);
    const prompt = [
      skillsPrompt(skills, enabled.includes("read")),
      memory ? memoryPrompt(memory.view) : null,
      outputsPrompt(mounts),
    ];
    const text = prompt.filter((p): p is string => !!p).join("\n\n") || null;
    return new SessionTools(enabled, context, text, memory, save, mounts);
  }

  /**
   * At the end of a turn: collects the outputs the turn left under /mnt/session/outputs as files
   * of the session (sessionMounts.ts), then saves the workspace for the replica that runs the
   * next one (PostgreSQL; nothing on SQLite). A workspace over SANDBOX_SNAPSHOT_MAX_BYTES ends the
   * turn with `workspace_too_large`. Answers the notes of what was not collected (for the turn).
   */
  async finish(): Promise<string[]> {
    const notes = [...(this.mounts?.notes.splice(0) ?? []), ...((await this.mounts?.collect()) ?? [])];
    if (!this.saveWorkspace) return notes;
    try {
      await this.saveWorkspace();
    } catch (err) {
      if (err instanceof WorkspaceTooLargeError) throw new TurnError("workspace_too_large", err.message);
      throw err;
    }
    return notes;
  }

  get specs(): ToolSpec[] {
    return this.enabled.map((name) => BUILTIN_TOOL_SPECS[name]);
  }

  has(name: string): name is BuiltinToolName {
    return isBuiltinName(name) && this.enabled.includes(name);
  }

  /**
   * The result of a call an interrupted attempt of the run started and never finished (the
   * service stopped or was killed during it), or null when it is safe to make again. A `bash`
   * command is never run twice: it may have done all, part or none of its work, and running it
   * again could repeat what it did; the model is told so and checks the workspace itself.
   */
  interrupted(name: BuiltinToolName): ToolResult | null {
    if (name !== "bash") return null;
    return interruptedCommand("the service stopped while it ran, and its process was killed");
  }

  async call(name: BuiltinToolName, input: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> {
    if (!this.context) throw new Error("no built-in tools in this turn");
    await this.memory?.materialise();
    const result = await callBuiltin(name, input, { ...this.context, signal });
    if (!this.memory) return result;
    const back = await this.memory.writeBack();
    if (back.notes.length === 0) return result;
    return {
      content: [...result.content, { type: "text", text: `\n${back.notes.join("\n")}` }],
      is_error: result.is_error || back.error,
    };
  }

  /**
   * Ends the turn: what its tools changed in the memory stores is written back (unless it was
   * aborted) and the mount removed. Answers what the write-back could not save, for the log.
   */
  async close(aborted: boolean): Promise<WriteBackReport | null> {
    if (!this.memory) return null;
    try {
      return aborted ? null : await this.memory.writeBack();
    } finally {
      await this.memory.close();
    }
  }
}

/** What the model is told of a `bash` command cut short (`cause`) and never run again. */
export function interruptedCommand(cause: string): ToolResult {
  return {
    content: [
      {
        type: "text",
        text: `[error] The command was interrupted: ${cause}. Whether it did all, part or none of its work is unknown, so it was not run again; check the workspace before running it again.`,
      },
    ],
    is_error: true,
  };
}

/**
 * The commands' network: the environment's policy; under `limited`, the configured registries'
 * hosts too when `allow_package_managers` is set, and the agent's MCP servers' hosts when
 * `allow_mcp_servers` is. No environment: no network.
 */
export function networkOf(
  environment: EnvironmentRecord | null,
  agent: AgentConfig,
  registryHosts: string[],
): NetworkPolicy {
  const n = environment?.config.type === "cloud" ? environment.config.networking : undefined;
  if (!n) return { type: "limited", allowed_hosts: [] };
  if (n.type === "unrestricted") return { type: "unrestricted" };
  const hosts = [...n.allowed_hosts];
  if (n.allow_package_managers) hosts.push(...registryHosts);
  if (n.allow_mcp_servers) {
    for (const server of agent.mcp_servers) {
      try {
        hosts.push(new URL(server.url).hostname);
      } catch {}
    }
  }
  return { type: "limited", allowed_hosts: [...new Set(hosts)] };
}

/**
 * The environment's package layer for this turn: here already, or built, waited for or
 * unpacked, with `session.status_preparing` recorded when the turn starts waiting and
 * `session.status_prepared` (with the time waited) when it is ready. A failed build ends the
 * turn with `packages_failed` and the manager's words.
 */
async function openLayer(
  deps: SessionToolsDeps,
  packages: EnvironmentPackages,
  turn: { record?: (outputs: RunOutput[]) => Promise<void> },
  signal: AbortSignal,
): Promise<{ host: string; env: Record<string, string[]> }> {
  try {
    const ready = await deps.packageLayers.acquire(packages, signal, async (digest, action) => {
      await turn.record?.([{ type: "session.status_preparing", packages: { digest, action } }]);
    });
    if (ready.action !== null) {
      await turn.record?.([
        {
          type: "session.status_prepared",
          packages: { digest: ready.digest, action: ready.action, duration_ms: ready.waitedMs },
        },
      ]);
    }
    return { host: ready.host, env: ready.env };
  } catch (err) {
    if (err instanceof PackageBuildError) throw new TurnError("packages_failed", err.message);
    throw err;
  }
}

/** How long the clone of one repository may take. */
const CLONE_TIMEOUT_MS = 300_000;

/**
 * Clones each of the session's repositories not cloned yet into its mount path, inside the
 * sandbox as the session's uid, through the proxy that presents its token (sandbox/egress/
 * repository.ts), before the turn's first command. A clone that fails ends the turn with
 * `resource_failed` and git's own words.
 */
async function cloneRepositories(
  deps: SessionToolsDeps,
  ctx: ToolContext,
  plan: EgressPlan,
  repositories: RepositoryForClone[],
): Promise<void> {
  for (const repository of repositories) {
    const { command: _command, timeoutMs: _timeout, signal, egress: _egress, ...exec } = commandRequest(ctx, "", 0);
    const result = await cloneRepository({
      sandbox: deps.sandbox,
      exec,
      egress: plan,
      url: repository.url,
      token: repository.authorization_token,
      mountPath: repository.mount_path,
      checkout: repository.checkout,
      timeoutMs: CLONE_TIMEOUT_MS,
      signal,
    });
    if (!result.ok) throw new TurnError("resource_failed", `${repository.id}: ${result.message}`);
  }
}

/** What the system prompt says of the outputs folder and the file resources. */
function outputsPrompt(mounts: SessionMounts): string {
  const lines = [
    "Files you leave under /mnt/session/outputs/ are collected at the end of each turn as the session's outputs (downloadable by the user).",
  ];
  if (mounts.files.length > 0) {
    lines.push(`Files given to this session (read-only): ${mounts.files.map((m) => m.inside).join(", ")}.`);
  }
  return lines.join("\n");
}
