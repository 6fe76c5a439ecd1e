/**
 * A sandbox and workspaces as the server makes them (server/service.ts): per-session uids when
 * this process is root, the process's own user in a user namespace otherwise.
 */
import { join } from "node:path";
import type { ToolLimits } from "../../../server/agents/tools/types.ts";
import type { SandboxConfig } from "../../../server/config/sections.ts";
import { BubblewrapSandbox } from "../../../server/sandbox/bubblewrap.ts";
import { createSandbox } from "../../../server/sandbox/create.ts";
import { SessionUids } from "../../../server/sandbox/identity.ts";
import { Workspaces } from "../../../server/sandbox/workspace.ts";

export const TEST_UID_BASE = 1_000_000_000;
export const TEST_UID_COUNT = 65_536;

export function sandboxConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    mode: "bubblewrap",
    defaultTimeoutMs: 20_000,
    maxTimeoutMs: 60_000,
    workspaceMaxBytes: 2 * 1024 * 1024,
    memoryMaxBytes: 1024 ** 3,
    maxProcesses: 64,
    snapshotMaxBytes: 1024 ** 3,
    allowPrivateTargets: true,
    uidBase: TEST_UID_BASE,
    uidCount: TEST_UID_COUNT,
    ...overrides,
  };
}

/** A bubblewrap sandbox over `dataDir` (hidden from commands) and its workspaces. */
export async function openSandbox(
  dataDir: string,
  overrides: Partial<SandboxConfig> = {},
): Promise<{ sandbox: BubblewrapSandbox; workspaces: Workspaces }> {
  const config = sandboxConfig(overrides);
  const sandbox = await createSandbox(config, dataDir, [dataDir]);
  if (!(sandbox instanceof BubblewrapSandbox)) throw new Error("no bubblewrap sandbox");
  const uids =
    sandbox.status.identity?.model === "session-uid"
      ? new SessionUids(join(dataDir, "sandbox-uids"), { base: config.uidBase, count: config.uidCount })
      : null;
  const workspaces = new Workspaces(join(dataDir, "workspaces"), config.workspaceMaxBytes, null, uids);
  return { sandbox, workspaces };
}

/** The built-in tools' limits in the sandbox tests (a workspace of `workspaceMaxBytes`). */
export function toolLimits(workspaceMaxBytes: number): ToolLimits {
  return {
    defaultTimeoutMs: 20_000,
    maxTimeoutMs: 60_000,
    workspaceMaxBytes,
    fileToolTimeoutMs: 10_000,
    allowPrivateTargets: true,
  };
}
