/**
 * The `bubblewrap` sandbox: `@anthropic-ai/sandbox-runtime` builds each command's bubblewrap
 * line (its own user, process and network namespaces, no capabilities, the seccomp filter that
 * refuses new Unix sockets, and the socat bridge that is the namespace's only way out); this
 * adapter lays the filesystem itself, because the runtime knows no `/workspace`:
 *
 * - an empty read-only root holding the system's programs read-only (`/usr`, `/etc`, `/opt` and
 *   the `/bin`, `/lib*` links), a private `/tmp`, fresh `/proc` and `/dev`;
 * - the session's workspace read-write at `/workspace` (its skills read-only inside it);
 * - the session's memory stores at `/mnt/memory/<name>`, each read-write or read-only by its access;
 * - never the server's data folder (database, secret key, other workspaces), `/root`, `/home`,
 *   `/run`, `/var` or the host's `/tmp`; paths the operator names are hidden too;
 * - the bridge connected to a proxy of this command alone (netProxy.ts), which applies the
 *   session's host policy.
 *
 * Limits per command: the time limit (the whole process tree is killed: the sandbox's process
 * namespace dies with its first process), memory (address space per process), processes (per
 * command: the count is kept in the command's own user namespace), file size and the workspace
 * quota (checked after the command), output kept to OUTPUT_LIMIT_BYTES.
 */
import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SandboxManager } from "@anthropic-ai/sandbox-runtime";
import { NetProxy } from "./netProxy.ts";
import type { ExecRequest, ExecResult, Sandbox, SandboxStatus } from "./port.ts";
import { findProgram } from "./programs.ts";
import { shellWords } from "./shellWords.ts";
import { usageBytes, WORKSPACE_MOUNT } from "./workspace.ts";

/** stdout and stderr kept per call; the rest is counted and cut with a note. */
export const OUTPUT_LIMIT_BYTES = 100 * 1024;
/** The PATH commands run with. */
export const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** Top-level folders of the host shown read-only (symlinks among them are recreated as links). */
const SYSTEM_ENTRIES = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt"];
/** The runtime's seccomp helper, run inside the sandbox: its folder is shown read-only. */
const SECCOMP_DIR = join(
  dirname(createRequire(import.meta.url).resolve("@anthropic-ai/sandbox-runtime")),
  "..",
  "vendor",
  "seccomp",
);
/** Proxy variables the runtime sets that commands need; its other variables are dropped. */
const KEPT_SETENV = new Set(["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"]);

export interface BubblewrapOptions {
  /** Paths commands must never see even when under a shown folder (data folder, secret key file). */
  hidden: string[];
  allowPrivateTargets: boolean;
  workspaceMaxBytes: number;
  memoryMaxBytes: number;
  maxProcesses: number;
}

/** Arguments each bubblewrap option takes (an unknown option fails closed). */
const ARITY: Record<string, number> = {
  "--new-session": 0,
  "--die-with-parent": 0,
  "--unshare-net": 0,
  "--unshare-pid": 0,
  "--unshare-user": 0,
  "--unshare-user-try": 0,
  "--unshare-ipc": 0,
  "--unshare-uts": 0,
  "--unshare-cgroup-try": 0,
  "--bind": 2,
  "--ro-bind": 2,
  "--dev-bind": 2,
  "--setenv": 2,
  "--unsetenv": 1,
  "--dev": 1,
  "--proc": 1,
  "--tmpfs": 1,
  "--dir": 1,
  "--cap-drop": 1,
  "--cap-add": 1,
  "--chdir": 1,
  "--symlink": 2,
};

/** A Unix socket (the runtime's bridge socket) that is bound into the sandbox. */
const BRIDGE_SOCKET = /\.sock$/;

/**
 * The runtime's manager is one per process: servers of one process (tests) share it, and the
 * last one closed resets it.
 */
let shared: { users: number; ready: Promise<void> } | null = null;

function acquireRuntime(): Promise<void> {
  if (!shared) {
    // The runtime's own proxy denies every host; each command is bridged to its own proxy instead.
    const ready = SandboxManager.initialize({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    });
    shared = { users: 0, ready };
    ready.catch(() => {
      shared = null;
    });
  }
  shared.users++;
  return shared.ready;
}

async function releaseRuntime(): Promise<void> {
  if (!shared) return;
  shared.users--;
  if (shared.users > 0) return;
  shared = null;
  await SandboxManager.reset();
}

export class BubblewrapSandbox implements Sandbox {
  readonly status: SandboxStatus = { kind: "bubblewrap", missing: [] };
  private readonly socketDir: string;
  private readonly bwrap: string;
  private readonly rootLayout: string[];
  private calls = 0;
  private closed = false;

  private constructor(private readonly options: BubblewrapOptions) {
    this.bwrap = findProgram("bwrap") ?? "bwrap";
    this.socketDir = mkdtempSync(join(tmpdir(), "cloud-agents-net-"));
    this.rootLayout = rootLayout(options.hidden);
  }

  static async create(options: BubblewrapOptions): Promise<BubblewrapSandbox> {
    await acquireRuntime();
    return new BubblewrapSandbox(options);
  }

  /** The bubblewrap argv of one command (exported for the escape tests' own checks). */
  async argv(request: ExecRequest, socketPath: string): Promise<string[]> {
    const { memoryMaxBytes, maxProcesses, workspaceMaxBytes } = this.options;
    const script = [
      `ulimit -v ${Math.floor(memoryMaxBytes / 1024)} 2>/dev/null`,
      `ulimit -u ${maxProcesses}`,
      `ulimit -f ${Math.max(1, Math.floor(workspaceMaxBytes / 1024))}`,
      "exec 2>&1",
      request.command,
    ].join("\n");
    const wrapped = await SandboxManager.wrapWithSandbox(
      script,
      "/bin/bash",
      {
        filesystem: { disabled: true, denyRead: [], allowWrite: [], denyWrite: [] },
        network: { allowedDomains: [], deniedDomains: [] },
      },
      request.signal,
      { commandId: `cloud-agents-${process.pid}-${++this.calls}` },
    );
    return this.relayout(shellWords(wrapped), request, socketPath);
  }

  /** Replaces the runtime's filesystem (`--bind / /`) with ours; binds our proxy at its bridge path. */
  private relayout(words: string[], request: ExecRequest, socketPath: string): string[] {
    if (words[0] !== "bwrap") throw new Error("the sandbox runtime did not produce a bubblewrap command");
    const out: string[] = [this.bwrap];
    let bridge: string | null = null;
    let rooted = false;
    let i = 1;
    for (; i < words.length && words[i] !== "--"; ) {
      const option = words[i] as string;
      const arity = ARITY[option];
      if (arity === undefined) throw new Error(`unexpected bubblewrap option ${option}`);
      const args = words.slice(i + 1, i + 1 + arity);
      i += 1 + arity;
      if (option === "--bind" && args[0] === "/" && args[1] === "/") {
        out.push(...this.rootLayout, "--bind", request.workspace, WORKSPACE_MOUNT);
        for (const ro of request.readOnly ?? []) out.push("--ro-bind", ro.host, `${WORKSPACE_MOUNT}/${ro.inside}`);
        for (const m of request.mounts ?? []) out.push(m.readOnly ? "--ro-bind" : "--bind", m.host, m.inside);
        rooted = true;
        continue;
      }
      if (option === "--bind" && args[0] && BRIDGE_SOCKET.test(args[0]) && args[0] === args[1]) {
        bridge = args[0];
        continue;
      }
      if (option === "--setenv") {
        if (KEPT_SETENV.has((args[0] ?? "").toUpperCase())) out.push(option, ...args);
        continue;
      }
      out.push(option, ...args);
    }
    if (!rooted) throw new Error("the sandbox runtime's command has no root to replace");
    if (!bridge) throw new Error("the sandbox runtime's command has no network bridge");
    out.push(
      "--bind",
      socketPath,
      bridge,
      "--unshare-ipc",
      "--unshare-uts",
      "--setenv",
      "TMPDIR",
      "/tmp",
      "--chdir",
      WORKSPACE_MOUNT,
      "--remount-ro",
      "/",
      ...words.slice(i),
    );
    return out;
  }

  async exec(request: ExecRequest): Promise<ExecResult> {
    const socketPath = join(this.socketDir, `${process.pid}-${++this.calls}.sock`);
    const proxy = await NetProxy.listen(socketPath, {
      policy: request.network,
      allowPrivate: this.options.allowPrivateTargets,
    });
    try {
      const argv = await this.argv(request, socketPath);
      const env: Record<string, string> = { ...request.env, HOME: WORKSPACE_MOUNT, PATH: SANDBOX_PATH };
      const result = await run(argv, env, request.timeoutMs, request.signal);
      if (result.failure === null) {
        const used = await usageBytes(request.workspace);
        if (used > this.options.workspaceMaxBytes) {
          result.failure = `The workspace holds ${used} bytes, more than its quota of ${this.options.workspaceMaxBytes} bytes (SANDBOX_WORKSPACE_MAX_BYTES); remove files to continue.`;
        }
      }
      return result;
    } finally {
      await proxy.close();
      rmSync(socketPath, { force: true });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await releaseRuntime();
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}

/** The read-only root: system folders, links as links, the hidden paths masked, /tmp private. */
function rootLayout(hidden: string[]): string[] {
  const out = ["--tmpfs", "/"];
  for (const name of SYSTEM_ENTRIES) {
    const path = `/${name}`;
    let stat: import("node:fs").Stats;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) out.push("--symlink", readlinkSync(path), path);
    else if (stat.isDirectory()) out.push("--ro-bind", path, path);
  }
  for (const path of hidden) {
    if (!existsSync(path) || !SYSTEM_ENTRIES.some((e) => path === `/${e}` || path.startsWith(`/${e}/`))) continue;
    if (lstatSync(path).isDirectory()) out.push("--tmpfs", path);
    else out.push("--ro-bind", "/dev/null", path);
  }
  out.push("--tmpfs", "/tmp", "--dir", WORKSPACE_MOUNT);
  // After the private /tmp: a checkout under /tmp (a CI clone) must not have its helper masked.
  if (existsSync(SECCOMP_DIR)) out.push("--ro-bind", SECCOMP_DIR, SECCOMP_DIR);
  return out;
}

/** Runs the sandbox, keeping OUTPUT_LIMIT_BYTES of output; kills it at the time limit or on abort. */
function run(argv: string[], env: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const [file, ...args] = argv;
    const child = spawn(file as string, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let cutBytes = 0;
    const take = (chunk: Buffer) => {
      const room = OUTPUT_LIMIT_BYTES - keptBytes;
      if (room > 0) {
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        kept.push(part);
        keptBytes += part.length;
        cutBytes += chunk.length - part.length;
      } else cutBytes += chunk.length;
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    const onAbort = () => kill();
    signal.addEventListener("abort", onAbort, { once: true });
    // Aborted while the sandbox was being prepared: the listener would never fire.
    if (signal.aborted) kill();
    child.on("error", (err) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(signal.reason);
      let output = Buffer.concat(kept).toString("utf8");
      if (cutBytes > 0) {
        output += `\n[output cut: ${cutBytes} more bytes were not kept (the limit is ${OUTPUT_LIMIT_BYTES} bytes)]`;
      }
      resolve({
        output,
        exit_code: timedOut ? null : code,
        failure: timedOut
          ? `The command ran longer than its time limit of ${timeoutMs} ms; it and every process it started were killed.`
          : cutBytes > 0
            ? `The command wrote more than ${OUTPUT_LIMIT_BYTES} bytes of output; the rest was cut (redirect large output to a file and read parts of it).`
            : null,
      });
    });
  });
}
