/**
 * The worker's own machine (docs/self-hosted.md, "cloud-agents worker"): the sandbox the server
 * uses (bubblewrap, per-session uids when root, the same limits), a workspace per session under
 * the worker's folder, and the built-in tools run there exactly as the server runs them
 * (agents/tools/toolset.ts). Between turns the workspace travels through the server
 * (`GET`/`PUT .../work/{id}/workspace`), so that any worker can take the next turn.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type BuiltinToolName, callBuiltin } from "../agents/tools/toolset.ts";
import { type ToolContext, type ToolResult, toolLimits } from "../agents/tools/types.ts";
import type { SandboxConfig } from "../config/sections.ts";
import { createSandbox } from "../sandbox/create.ts";
import { SessionUids } from "../sandbox/identity.ts";
import type { NetworkPolicy, Sandbox } from "../sandbox/port.ts";
import { SKILLS_DIR, Workspaces } from "../sandbox/workspace.ts";

const KEEP = [SKILLS_DIR] as const;

/** Where one session's calls run on this machine: its workspace, owner, network and limits. */
export type SessionPlace = Omit<ToolContext, "signal">;

export class LocalTools {
  private constructor(
    readonly sandbox: Sandbox,
    private readonly workspaces: Workspaces,
    private readonly config: SandboxConfig,
    private readonly network: NetworkPolicy,
  ) {}

  /**
   * The sandbox and the workspaces under `workDir` (made 0711 when root, as the server's data
   * folder is: the sessions' uids reach their workspaces through it). Commands never see `workDir`.
   */
  static async open(config: SandboxConfig, workDir: string, network: NetworkPolicy): Promise<LocalTools> {
    const sandbox = await createSandbox(config, workDir, [workDir]);
    const uids =
      sandbox.status.identity?.model === "session-uid"
        ? new SessionUids(join(workDir, "sandbox-uids"), { base: config.uidBase, count: config.uidCount })
        : null;
    const workspaces = new Workspaces(join(workDir, "workspaces"), config.workspaceMaxBytes, null, uids);
    return new LocalTools(sandbox, workspaces, config, network);
  }

  /**
   * Makes the session's local workspace the server's (`archive`), or an empty one (null); answers
   * the place its calls run in (made once per item: the workspace and its owner do not change).
   */
  async restore(sessionId: string, archive: Uint8Array | null): Promise<SessionPlace> {
    const folder = this.workspaces.folder(sessionId);
    // Made anew: what the unpacking makes belongs to the worker's user, and `open` gives the whole
    // tree to the session's uid (it does so for a folder that is not the session's).
    await rm(folder, { recursive: true, force: true });
    if (archive) {
      const { unpackWorkspace } = await import("../sandbox/workspaceArchive.ts");
      await unpackWorkspace(archive, folder, KEEP);
    }
    const workspace = await this.workspaces.open(sessionId);
    return {
      workspace,
      sandbox: this.sandbox,
      env: {},
      network: this.network,
      limits: toolLimits(this.config),
      owner: await this.workspaces.owner(sessionId),
      skills: null,
      memory: null,
      layer: null,
      outputs: null,
      fileMounts: [],
    };
  }

  /** The session's local workspace as an archive, for the server. */
  async pack(sessionId: string): Promise<Uint8Array> {
    const { packWorkspace } = await import("../sandbox/workspaceArchive.ts");
    await this.workspaces.open(sessionId);
    return packWorkspace(this.workspaces.folder(sessionId), KEEP);
  }

  /** Runs one built-in call in the session's place (a refused input is an error result; an abort throws). */
  call(
    place: SessionPlace,
    name: BuiltinToolName,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ToolResult> {
    return callBuiltin(name, input, { ...place, signal });
  }

  /** Forgets the session's local workspace (its item is done: the server holds the workspace). */
  async forget(sessionId: string): Promise<void> {
    await this.workspaces.remove(sessionId);
  }
}
