/**
 * The sandbox runtime's part of each command (@anthropic-ai/sandbox-runtime): its manager, shared
 * by the sandboxes of one process and initialised with the programs found here, and its command
 * line, built once per process as a template that bubblewrap.ts lays each command's own policy
 * over, with the capabilities dropped where its bridge script does not need them.
 */
import { randomBytes } from "node:crypto";
import { findProgram } from "./programs.ts";
import { shellQuote, shellWords } from "./shellWords.ts";

/**
 * The runtime's manager is one per process: servers of one process (tests) share it, and the
 * last one closed resets it.
 */
let shared: { users: number; ready: Promise<void> } | null = null;
/** The runtime's command line, built on the first command after the runtime's initialisation. */
let template: Promise<Template> | null = null;

type Manager = typeof import("@anthropic-ai/sandbox-runtime")["SandboxManager"];
let manager: Promise<Manager> | null = null;

/**
 * The runtime's package, loaded by the first command: with its own packages (node-forge, the
 * proxies) it took about a sixth of the server's start-up (150 ms of CPU before `/healthz`
 * answered, scripts/bench/profileStartup.ts), for a tool many sessions never call.
 */
function sandboxManager(): Promise<Manager> {
  if (!manager) {
    manager = import("@anthropic-ai/sandbox-runtime").then((m) => m.SandboxManager);
    manager.catch(() => {
      manager = null;
    });
  }
  return manager;
}

/**
 * Initialises the runtime with the paths of its programs found here (no child process): left to
 * itself it looks each one up with `which` under a 1 s timeout, which a loaded machine can exceed,
 * and then reports an installed program as missing. What it still looks up (ripgrep) gets one more try.
 */
async function initializeRuntime(): Promise<void> {
  const SandboxManager = await sandboxManager();
  const bwrapPath = findProgram("bwrap");
  const socatPath = findProgram("socat");
  const rg = findProgram("rg");
  const config = {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    ...(bwrapPath ? { bwrapPath } : {}),
    ...(socatPath ? { socatPath } : {}),
    ...(rg ? { ripgrep: { command: rg } } : {}),
  };
  try {
    await SandboxManager.initialize(config);
  } catch (err) {
    if (!bwrapPath || !socatPath || !rg) throw err;
    await SandboxManager.initialize(config);
  }
}

export function acquireRuntime(): Promise<void> {
  if (!shared) {
    // The runtime's own proxy denies every host; each command is bridged to its own proxy instead.
    const ready = initializeRuntime();
    shared = { users: 0, ready };
    ready.catch(() => {
      shared = null;
    });
  }
  shared.users++;
  return shared.ready;
}

export async function releaseRuntime(): Promise<void> {
  if (!shared) return;
  shared.users--;
  if (shared.users > 0) return;
  shared = null;
  template = null;
  await (await sandboxManager()).reset();
}

/**
 * The runtime's bubblewrap line, built once per process: what the runtime derives per call
 * (which shell, whether the seccomp helper and socat are there: a `which` child process each
 * time, run synchronously) does not change between commands, and our own per-command policy
 * (filesystem layout, workspace, mounts, network proxy, limits) is laid over it by `relayout`.
 * The runtime is asked for a marker command; each command takes the marker's place, quoted
 * for the shell line it lands in.
 */
export interface Template {
  /** The words of the runtime's line, up to and including `--`. */
  options: string[];
  /** The shell that runs the bridge script (`/bin/bash`). */
  shell: string;
  /** The script that starts the network bridge and then runs the command under the seccomp helper, up to the command. */
  scriptHead: string;
  /** Whether the command runs under the seccomp helper (it needs CAP_SYS_ADMIN of the sandbox's namespace). */
  seccomp: boolean;
}

export function runtimeTemplate(): Promise<Template> {
  if (!shared) return Promise.reject(new Error("the sandbox is closed"));
  if (!template) {
    template = buildTemplate();
    template.catch(() => {
      template = null;
    });
  }
  return template;
}

async function buildTemplate(): Promise<Template> {
  const SandboxManager = await sandboxManager();
  const marker = `CLOUDAGENTSCOMMAND${randomBytes(12).toString("hex")}`;
  const wrapped = await SandboxManager.wrapWithSandbox(
    marker,
    "/bin/bash",
    {
      filesystem: { disabled: true, denyRead: [], allowWrite: [], denyWrite: [] },
      network: { allowedDomains: [], deniedDomains: [] },
    },
    undefined,
    { commandId: `cloud-agents-${process.pid}` },
  );
  // The runtime counts wrapped commands until told each one ended; this template is one.
  SandboxManager.cleanupAfterCommand();
  const words = shellWords(wrapped);
  const dash = words.indexOf("--");
  const tail = words.slice(dash + 1);
  // `<shell> -c '<shell> -c <bridge script>'`: the outer shell only execs the inner one.
  const [shell, flag, line] = tail;
  const inner = line === undefined ? [] : shellWords(line);
  const script = inner[2];
  if (dash < 0 || tail.length !== 3 || flag !== "-c" || inner.length !== 3 || inner[0] !== shell || inner[1] !== "-c")
    throw new Error("the sandbox runtime's command line does not have the expected shape");
  if (!shell || script === undefined) throw new Error("the sandbox runtime's command line has no shell");
  const at = script.indexOf(marker);
  if (
    at < 0 ||
    script.indexOf(marker, at + 1) >= 0 ||
    !/\s$/.test(script.slice(0, at)) ||
    script.slice(at + marker.length) !== ""
  )
    throw new Error("the sandbox runtime's command line does not end with the command");
  const { head, seccomp } = withCapabilityDrops(withoutSocksBridge(script.slice(0, at)));
  return { options: words.slice(0, dash + 1), shell, scriptHead: head, seccomp };
}

/**
 * The bridge script with the capabilities dropped where they are not needed: socat gets none, and
 * the seccomp helper starts with an empty bounding set and only CAP_SYS_ADMIN (ambient), which it
 * clears before the command. A script of another shape fails the sandbox (it would leave
 * capabilities to the command).
 */
function withCapabilityDrops(head: string): { head: string; seccomp: boolean } {
  const setpriv = findProgram("setpriv");
  if (!setpriv) throw new Error("the sandbox needs setpriv (apt-get install util-linux)");
  const lines = head.split("\n");
  const socat = lines.findIndex((l) => / TCP-LISTEN:3128,fork,reuseaddr UNIX-CONNECT:\S+ >\/dev\/null 2>&1 &$/.test(l));
  const last = lines.length - 1;
  if (socat < 0 || socat === last)
    throw new Error("the sandbox runtime's bridge script does not have the expected shape");
  lines[socat] = `${setpriv} --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- ${lines[socat]}`;
  const seccomp = /\/apply-seccomp \S+ -c $/.test(lines[last] as string);
  if (seccomp) {
    lines[last] = `${setpriv} --bounding-set=-all --inh-caps=-setpcap --ambient-caps=-setpcap -- ${lines[last]}`;
  }
  return { head: lines.join("\n"), seccomp };
}

/**
 * The bridge script without its second socat (the runtime's SOCKS port, 1080): both of the
 * runtime's bridges lead to the one HTTP proxy of the command (netProxy.ts), which closes what is
 * not HTTP, and the proxy variables the command gets all name the HTTP port (3128). One process
 * fewer to start per command. A script of another shape is kept as it is.
 */
function withoutSocksBridge(head: string): string {
  const lines = head.split("\n");
  const socks = lines.filter((l) => / TCP-LISTEN:1080,fork,reuseaddr UNIX-CONNECT:\S+ >\/dev\/null 2>&1 &$/.test(l));
  const trap = lines.filter((l) => l === "trap 'rc=$?; kill %1 %2 2>/dev/null; exit $rc' EXIT");
  if (socks.length !== 1 || trap.length !== 1 || lines.indexOf(socks[0] as string) !== 1) return head;
  return lines
    .filter((l) => l !== socks[0])
    .map((l) => (l === trap[0] ? "trap 'rc=$?; kill %1 2>/dev/null; exit $rc' EXIT" : l))
    .join("\n");
}

/** The runtime's line for one command: the template with the command in the marker's place. */
export function commandWords(t: Template, command: string): string[] {
  return [...t.options, t.shell, "-c", `${t.scriptHead}${shellQuote(command)}`];
}
