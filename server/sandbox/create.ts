/** Chooses the sandbox by SANDBOX (auto | bubblewrap | off) and checks what it needs of the host. */
import { createHash } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SandboxConfig } from "../config/sections.ts";
import { BubblewrapSandbox, SECCOMP_DIR } from "./bubblewrap.ts";
import { uidModel } from "./identity.ts";
import { NoSandbox } from "./off.ts";
import { PACKAGE_OF, type Sandbox } from "./port.ts";
import { missingPrograms } from "./programs.ts";

export class SandboxUnavailableError extends Error {
  constructor(why: string) {
    super(`SANDBOX=bubblewrap, but ${why}`);
    this.name = "SandboxUnavailableError";
  }
}

function missingText(missing: string[]): string {
  return `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed (apt-get install ${missing
    .map((m) => PACKAGE_OF[m] ?? m)
    .join(" ")})`;
}

/**
 * Why the sandbox's uids could not reach `path` (bubblewrap binds each command's folders as the
 * command's uid), or null: every folder above it must be searchable by others (`o+x`).
 */
export function reachProblem(path: string): string | null {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    let mode = 0;
    try {
      mode = statSync(dir).mode;
    } catch {
      return `${dir} cannot be read`;
    }
    if ((mode & 0o001) === 0) {
      return `${dir} is not searchable by other users (mode ${(mode & 0o777).toString(8).padStart(4, "0")}), so the sessions' sandbox uids cannot reach ${path}: run chmod o+x ${dir}, or put DATA_DIR elsewhere`;
    }
    if (dir === dirname(dir)) return null;
  }
}

/**
 * Makes the data folder searchable (not listable) by the sandbox's uids, and its own files
 * (database, secret key) readable by the server only: commands reach their workspaces through it.
 */
function openDataFolder(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  chmodSync(dataDir, 0o711);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(dataDir, entry.name);
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) chmodSync(path, mode & 0o700);
  }
}

/**
 * A copy of the seccomp helper's folder under the data folder (made once per helper version):
 * the package's own may sit in a checkout only root can search.
 */
function copySeccompHelper(dataDir: string): string | null {
  if (!existsSync(SECCOMP_DIR)) return null;
  const hash = createHash("sha256");
  for (const arch of readdirSync(SECCOMP_DIR).sort()) {
    const binary = join(SECCOMP_DIR, arch, "apply-seccomp");
    if (existsSync(binary)) hash.update(arch).update(readFileSync(binary));
  }
  const parent = join(dataDir, "sandbox-helpers");
  const copy = join(parent, `seccomp-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(copy)) return copy;
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  chmodSync(parent, 0o755);
  const staging = `${copy}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(SECCOMP_DIR, staging, { recursive: true });
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, copy);
  } catch {
    // Another server made it meanwhile.
    rmSync(staging, { recursive: true, force: true });
  }
  return copy;
}

export async function createSandbox(config: SandboxConfig, dataDir: string, hidden: string[]): Promise<Sandbox> {
  if (config.mode === "off") return new NoSandbox([]);
  const unavailable = (missing: string[], problem: string | null): Sandbox => {
    if (config.mode === "bubblewrap") throw new SandboxUnavailableError(problem ?? missingText(missing));
    return new NoSandbox(missing, problem);
  };
  const missing = missingPrograms();
  if (missing.length > 0) return unavailable(missing, null);
  const identity = uidModel({ base: config.uidBase, count: config.uidCount });
  let seccompCopy: string | null = null;
  if (identity.kind === "session-uid") {
    const problem = reachProblem(dataDir) ?? reachProblem(join(tmpdir(), "x"));
    if (problem) return unavailable([], problem);
    openDataFolder(dataDir);
    seccompCopy = copySeccompHelper(dataDir);
  }
  return BubblewrapSandbox.create({
    hidden,
    identity,
    seccompCopy,
    allowPrivateTargets: config.allowPrivateTargets,
    workspaceMaxBytes: config.workspaceMaxBytes,
    memoryMaxBytes: config.memoryMaxBytes,
    maxProcesses: config.maxProcesses,
  });
}
