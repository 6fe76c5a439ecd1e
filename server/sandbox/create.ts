/** Chooses the sandbox by SANDBOX (auto | bubblewrap | off). */
import type { SandboxConfig } from "../config/sections.ts";
import { BubblewrapSandbox } from "./bubblewrap.ts";
import { NoSandbox } from "./off.ts";
import { PACKAGE_OF, type Sandbox } from "./port.ts";
import { missingPrograms } from "./programs.ts";

export class SandboxUnavailableError extends Error {
  constructor(missing: string[]) {
    super(
      `SANDBOX=bubblewrap, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed (apt-get install ${missing
        .map((m) => PACKAGE_OF[m] ?? m)
        .join(" ")})`,
    );
    this.name = "SandboxUnavailableError";
  }
}

export async function createSandbox(config: SandboxConfig, hidden: string[]): Promise<Sandbox> {
  if (config.mode === "off") return new NoSandbox([]);
  const missing = missingPrograms();
  if (missing.length > 0) {
    if (config.mode === "bubblewrap") throw new SandboxUnavailableError(missing);
    return new NoSandbox(missing);
  }
  return BubblewrapSandbox.create({
    hidden,
    allowPrivateTargets: config.allowPrivateTargets,
    workspaceMaxBytes: config.workspaceMaxBytes,
    memoryMaxBytes: config.memoryMaxBytes,
    maxProcesses: config.maxProcesses,
  });
}
