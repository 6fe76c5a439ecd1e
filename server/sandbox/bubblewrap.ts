/**
 * The `bubblewrap` sandbox: `@anthropic-ai/sandbox-runtime` builds each command's bubblewrap
 * line (its own user, process and network namespaces, the seccomp filter that refuses new Unix
 * sockets, and the socat bridge that is the namespace's only way out); this adapter lays the
 * filesystem itself, because the runtime knows no `/workspace`, and sets who the command is:
 *
 * - as the session's own host uid and gid when the server is root (identity.ts: `setpriv` switches
 *   before bubblewrap starts, with no groups, no capability and `no_new_privs`), as the server's
 *   user otherwise; never as the host's root;
 * - with no capability in any set that can be used (`CapEff`, `CapPrm`, `CapBnd`, `CapAmb` all 0)
 *   and no nested user namespace (`--disable-userns`: `unshare`, `mount`, `chroot` fail). The
 *   seccomp helper needs `CAP_SYS_ADMIN` of the sandbox's own namespace for a moment (its nested
 *   process namespace and /proc); the bridge script drops the bounding set before it and the
 *   helper clears its ambient set before the command, so the command starts with none;
 * - an empty read-only root holding the system's programs read-only (`/usr`, `/etc`, `/opt` and
 *   the `/bin`, `/lib*` links), a private `/tmp`, fresh `/proc` and `/dev`;
 * - the session's workspace read-write at `/workspace`, its skills read-only at
 *   `/workspace/skills` from a folder outside it (nothing the session writes can redirect it);
 * - the session's memory stores at `/mnt/memory/<name>`, each read-write or read-only by its access;
 * - never the server's data folder (database, secret key, other workspaces), `/root`, `/home`,
 *   `/run`, `/var` or the host's `/tmp`; paths the operator names are hidden too;
 * - the bridge connected to a proxy of this command alone (netProxy.ts), which applies the
 *   session's host policy.
 *
 * Limits per command: the time limit (the whole process tree is killed: the sandbox's process
 * namespace dies with its first process), memory (address space per process, and the command's
 * processes together where the host gives the server control groups: commandCgroups.ts),
 * processes (`ulimit -u`, per uid: a session's own when the server is root, and the command's
 * `pids` group), file size and the workspace quota (workspaceQuota.ts), output kept to
 * OUTPUT_LIMIT_BYTES (runCommand.ts).
 */
import { chmodSync, existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { chown, lchown, lstat, mkdir, rename } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { CommandCgroups } from "./commandCgroups.ts";
import { asOwner, type Owner, type UidModel } from "./identity.ts";
import { NetProxy } from "./netProxy.ts";
import { LAYER_MOUNT, withLayerEnv } from "./packages/layerMount.ts";
import { EGRESS_CA_BUNDLE, type ExecRequest, type ExecResult, type Sandbox, type SandboxStatus } from "./port.ts";
import { findProgram } from "./programs.ts";
import { runCommand } from "./runCommand.ts";
import { acquireRuntime, commandWords, releaseRuntime, runtimeTemplate, type Template } from "./runtimeTemplate.ts";
import { WarmShells } from "./warmShells.ts";
import { WORKSPACE_MOUNT } from "./workspace.ts";
import { measureWorkspace, QuotaWatch, trimNewest } from "./workspaceQuota.ts";

/** The PATH commands run with. */
export const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/** Top-level folders of the host shown read-only (symlinks among them are recreated as links). */
const SYSTEM_ENTRIES = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt"];
/** The runtime's seccomp helper, run inside the sandbox: its folder is shown read-only. */
export const SECCOMP_DIR = join(
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
  /** Who commands run as (identity.ts). */
  identity: UidModel;
  /**
   * A copy of the runtime's seccomp helper folder that every sandbox uid can reach (the server is
   * root and its checkout may sit in a folder only root can search); null: the package's own.
   */
  seccompCopy?: string | null;
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
  "--disable-userns": 0,
  "--chdir": 1,
  "--symlink": 2,
};

/** A Unix socket (the runtime's bridge socket) that is bound into the sandbox. */
const BRIDGE_SOCKET = /\.sock$/;

export class BubblewrapSandbox implements Sandbox {
  readonly status: SandboxStatus;
  private readonly socketDir: string;
  /** Per-command control groups, where the host gives the server some. */
  private readonly cgroups: CommandCgroups | null;
  /** Shells waiting in fresh groups for the next commands (with the groups only). */
  private readonly shells: WarmShells | null;
  private readonly bwrap: string;
  private readonly rootLayout: string[];
  private calls = 0;
  private closed = false;
  /** Each workspace's size after its last command (a bounded map: the oldest are forgotten). */
  private readonly sizes = new Map<string, number>();

  private remember(workspace: string, bytes: number): void {
    this.sizes.delete(workspace);
    this.sizes.set(workspace, bytes);
    if (this.sizes.size > 10_000) this.sizes.delete(this.sizes.keys().next().value as string);
  }

  /** The shared runtime, acquired (and initialised) by this sandbox's first command. */
  private ready: Promise<void> | null = null;

  private readonly setpriv: string;

  private constructor(private readonly options: BubblewrapOptions) {
    this.bwrap = findProgram("bwrap") ?? "bwrap";
    this.setpriv = findProgram("setpriv") ?? "/usr/bin/setpriv";
    this.socketDir = mkdtempSync(join(tmpdir(), "cloud-agents-net-"));
    // Searchable by the sessions' uids (bubblewrap binds each command's socket as that uid).
    if (options.identity.kind === "session-uid") chmodSync(this.socketDir, 0o711);
    this.cgroups = CommandCgroups.open({ maxProcesses: options.maxProcesses, memoryMaxBytes: options.memoryMaxBytes });
    this.shells = this.cgroups ? new WarmShells(this.cgroups, SANDBOX_PATH) : null;
    const { identity } = options;
    this.status = {
      kind: "bubblewrap",
      missing: [],
      cgroups: this.cgroups?.controllers ?? [],
      identity:
        identity.kind === "session-uid"
          ? { model: "session-uid", uid_base: identity.base, uid_count: identity.count }
          : { model: "user-namespace", uid: identity.uid },
    };
    this.rootLayout = rootLayout(options.hidden, options.seccompCopy ?? null);
  }

  /**
   * The runtime (its package, its own proxies and host-side socat bridges) is loaded and
   * initialised by the first command, not at start-up; that command waits for it, and every
   * command fails with its error if it failed.
   */
  static async create(options: BubblewrapOptions): Promise<BubblewrapSandbox> {
    return new BubblewrapSandbox(options);
  }

  private runtime(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the sandbox is closed"));
    if (!this.ready) {
      this.ready = acquireRuntime();
      this.ready.catch(() => {});
    }
    return this.ready;
  }

  /**
   * Who the command runs as: the session's own uid when the server is root (refused without one:
   * a command never runs as root), the server's user otherwise.
   */
  private commandOwner(request: ExecRequest): Owner | null {
    const { identity } = this.options;
    if (identity.kind === "user-namespace") return null;
    const owner = request.owner;
    if (!owner || owner.uid < identity.base || owner.uid >= identity.base + identity.count || owner.gid !== owner.uid) {
      throw new Error("the command has no sandbox uid of its session: it is not run as root instead");
    }
    return owner;
  }

  /** The bubblewrap argv of one command, behind the switch to its uid (exported for the escape tests' own checks). */
  async argv(request: ExecRequest, socketPath: string, fileLimitBytes?: number): Promise<string[]> {
    const owner = this.commandOwner(request);
    const line = await this.bwrapArgv(request, socketPath, fileLimitBytes ?? this.options.workspaceMaxBytes);
    return owner ? asOwner(this.setpriv, owner, line) : line;
  }

  private async bwrapArgv(request: ExecRequest, socketPath: string, fileLimitBytes: number): Promise<string[]> {
    const { memoryMaxBytes, maxProcesses } = this.options;
    const script = [
      `ulimit -v ${Math.floor(memoryMaxBytes / 1024)} 2>/dev/null`,
      `ulimit -u ${maxProcesses}`,
      // No single file past what is left of the quota (`ulimit -f` counts 1024-byte blocks).
      `ulimit -f ${Math.max(1, Math.floor(fileLimitBytes / 1024))}`,
      "exec 2>&1",
      AWAIT_BRIDGE,
      request.command,
    ].join("\n");
    // Built on the first command, not at start-up (the runtime runs `which` child processes for it).
    await this.runtime();
    const template = await runtimeTemplate();
    return this.relayout(template, commandWords(template, script), request, socketPath);
  }

  /** Replaces the runtime's filesystem (`--bind / /`) with ours; binds our proxy at its bridge path. */
  private relayout(template: Template, words: string[], request: ExecRequest, socketPath: string): string[] {
    if (!words[0] || basename(words[0]) !== "bwrap")
      throw new Error("the sandbox runtime did not produce a bubblewrap command");
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
        // The package layer, read-only whatever the command does (it is rebuilt, never edited).
        if (request.layer) out.push("--ro-bind", request.layer.host, LAYER_MOUNT);
        // The egress CA's bundle (certificates only: its key never leaves the server's memory).
        if (request.egress) out.push("--ro-bind", request.egress.caBundlePath, EGRESS_CA_BUNDLE);
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
      // The capabilities are ours (below), not the runtime's (which adds CAP_SETFCAP for root).
      if (option === "--cap-drop" || option === "--cap-add") continue;
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
      // No nested user namespace: a command cannot become root of one (unshare, mount, chroot).
      "--disable-userns",
      "--cap-drop",
      "ALL",
      // For the seccomp helper only (its process namespace and /proc); see the file's comment.
      ...(template.seccomp ? ["--cap-add", "CAP_SYS_ADMIN", "--cap-add", "CAP_SETPCAP"] : []),
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
    const maxBytes = this.options.workspaceMaxBytes;
    const startedMs = Date.now();
    // What is left of the quota: no file of the command can pass it (`ulimit -f`). The size after
    // the workspace's last command is trusted for this (a file tool or upload since then only
    // loosens the per-file line; the watcher and the measure after the command are exact).
    const before = this.sizes.get(request.workspace) ?? (await measureWorkspace(request.workspace));
    const left = Math.max(0, maxBytes - before);
    const socketPath = join(this.socketDir, `${process.pid}-${++this.calls}.sock`);
    const proxy = await NetProxy.listen(socketPath, {
      policy: request.network,
      ...(request.egress ? { egress: request.egress } : {}),
      allowPrivate: this.options.allowPrivateTargets,
    });
    try {
      const owner = this.commandOwner(request);
      // bubblewrap connects the bridge as the command's uid.
      if (owner) await chown(socketPath, owner.uid, owner.gid);
      const notes = await prepareMountPoints(request, owner);
      const argv = await this.argv(request, socketPath, left);
      // Exactly the command's variables (never in an argv, where any local user could read them).
      const env = environment(request.env, !!request.egress, request.layer?.env ?? null);
      const shell = this.shells?.take() ?? null;
      // Measured while it runs: past the quota (or past what it held already, when it was over) it ends.
      const line = Math.max(maxBytes, before);
      const overText = (bytes: number) =>
        `The workspace reached ${bytes} bytes (inodes counted), more than its quota of ${maxBytes} bytes (SANDBOX_WORKSPACE_MAX_BYTES)`;
      const watch = (end: (failure: string) => void) => {
        const w = new QuotaWatch(request.workspace, line, (bytes) =>
          end(`${overText(bytes)}: the command was stopped.`),
        );
        w.start();
        return () => w.stop();
      };
      const ran = runCommand(argv, env, request.timeoutMs, request.signal, shell, watch);
      // The group's removal (an RCU wait on cgroup v1) overlaps the measure after the command.
      const closing = ran.finally(() => shell?.group.close()).catch(() => undefined);
      const result = await ran;
      const [after] = await Promise.all([measureWorkspace(request.workspace), closing]);
      this.remember(request.workspace, after);
      if (after > maxBytes && after > before) {
        // What the command made past the line does not stay.
        const trimmed = await trimNewest(request.workspace, maxBytes, startedMs);
        this.remember(request.workspace, trimmed.bytes);
        result.exit_code = null;
        result.failure = `${overText(after)}: the command was stopped, and the ${trimmed.removed} newest files and folders it made were removed, leaving ${trimmed.bytes} bytes.${trimmed.bytes > maxBytes ? " It is still over its quota: remove files to continue." : ""}`;
      } else if (after > maxBytes && result.failure === null) {
        result.failure = `${overText(after)}; remove files to continue.`;
      }
      if (notes.length > 0) result.output = `${notes.join("\n")}\n${result.output}`;
      return result;
    } finally {
      await proxy.close();
      rmSync(socketPath, { force: true });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A runtime still initialising is released once it is up (or failed: then nothing is left).
    if (
      this.ready &&
      (await this.ready.then(
        () => true,
        () => false,
      ))
    )
      await releaseRuntime();
    rmSync(this.socketDir, { recursive: true, force: true });
    await this.shells?.close();
    await this.cgroups?.close();
  }
}

/**
 * Waits (up to 2 s) until the bridge listens on port 3128 before the command runs: socat is
 * started in the background, and a command that connects at once (`curl` in its first
 * millisecond) would otherwise be refused on a loaded machine. It is the first line of the
 * command's own script, so socat's start (~17 ms here) overlaps the seccomp helper's and the
 * inner shell's (overhead p50 55 ms with the wait before them, 45 ms here). Bash builtins read the namespace's
 * own /proc/net/tcp (LISTEN is state 0A, port 3128 is 0C38); `sleep` runs only while it is not up.
 */
const AWAIT_BRIDGE =
  'for __b in {1..1000}; do read -r -d "" __t </proc/net/tcp; [[ $__t == *":0C38 00000000:0000 0A"* ]] && break; sleep 0.002; done; unset __b __t';

/** Environment names as the API takes them (and none that bubblewrap could read as an option). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables that name the CA bundle for the common TLS clients (curl, OpenSSL, git, Node, Python). */
const CA_BUNDLE_VARIABLES = [
  "SSL_CERT_FILE",
  "CURL_CA_BUNDLE",
  "GIT_SSL_CAINFO",
  "NODE_EXTRA_CA_CERTS",
  "REQUESTS_CA_BUNDLE",
  "PIP_CERT",
];

/**
 * The command's environment: the session's variables, HOME and PATH (names checked), the CA
 * bundle's, and the package layer's search paths first.
 */
function environment(
  vars: Record<string, string>,
  egress: boolean,
  layer: Record<string, string[]> | null,
): Record<string, string> {
  const base: Record<string, string> = { ...vars, HOME: WORKSPACE_MOUNT, PATH: SANDBOX_PATH };
  if (egress) for (const name of CA_BUNDLE_VARIABLES) base[name] = EGRESS_CA_BUNDLE;
  const env = layer ? withLayerEnv(base, layer, SANDBOX_PATH) : base;
  for (const [name, value] of Object.entries(env)) {
    if (!ENV_NAME.test(name)) throw new Error(`invalid environment variable name ${JSON.stringify(name)}`);
    if (value.includes("\0")) throw new Error("a command or variable holds a NUL character");
  }
  return env;
}

/**
 * Makes each read-only mount's point in the workspace a plain folder the mount can cover. Whatever
 * the session left there (a link to a host folder, a file, a FIFO) is renamed aside, never
 * followed: bubblewrap would otherwise mount through it, or fail every later command. Answers
 * notes for the command's output.
 */
async function prepareMountPoints(request: ExecRequest, owner: Owner | null): Promise<string[]> {
  const notes: string[] = [];
  for (const ro of request.readOnly ?? []) {
    // One component (`skills`): its parent is the workspace folder the server made.
    if (ro.inside.includes("/")) throw new Error(`a read-only mount point must be a name, not ${ro.inside}`);
    const point = join(request.workspace, ro.inside);
    const found = await lstat(point).catch(() => null);
    if (found?.isDirectory()) continue;
    if (found) {
      const aside = `${ro.inside}.moved-${Date.now()}`;
      await rename(point, join(request.workspace, aside));
      notes.push(
        `[note] ${WORKSPACE_MOUNT}/${ro.inside} was not a folder (${kindOf(found)}); it was renamed to ${WORKSPACE_MOUNT}/${aside}: ${WORKSPACE_MOUNT}/${ro.inside} shows the skills.`,
      );
    }
    await mkdir(point, { mode: 0o755 }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    });
    if (owner) await lchown(point, owner.uid, owner.gid);
  }
  return notes;
}

function kindOf(stats: import("node:fs").Stats): string {
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isFile()) return "a file";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  return "a special file";
}

/** The read-only root: system folders, links as links, the hidden paths masked, /tmp private. */
function rootLayout(hidden: string[], seccompCopy: string | null): string[] {
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
  if (seccompCopy) out.push("--ro-bind", seccompCopy, SECCOMP_DIR);
  else if (existsSync(SECCOMP_DIR)) out.push("--ro-bind", SECCOMP_DIR, SECCOMP_DIR);
  return out;
}
