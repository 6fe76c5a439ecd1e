/**
 * The sandbox port (API.md, "Environments that run"): runs one `bash` command of a session in an
 * OS sandbox whose only writable place is the session's workspace, shown as `/workspace`. The
 * `bubblewrap` adapter (bubblewrap.ts) runs it; `off` (off.ts) runs nothing and says why.
 */

/** Which hosts a command may reach, from the session's environment. */
export type NetworkPolicy = { type: "unrestricted" } | { type: "limited"; allowed_hosts: string[] };

export interface ExecRequest {
  /** The session's workspace folder on the host (mounted at /workspace). */
  workspace: string;
  command: string;
  timeoutMs: number;
  /** The session's `environment_variables` (HOME and PATH are set by the sandbox). */
  env: Record<string, string>;
  network: NetworkPolicy;
  /** Other folders mounted read-only inside the workspace (skills): host path → path under /workspace. */
  readOnly?: { host: string; inside: string }[];
  /** Folders mounted outside the workspace (memory stores): host path → absolute path inside. */
  mounts?: { host: string; inside: string; readOnly: boolean }[];
  signal: AbortSignal;
}

export interface ExecResult {
  /** stdout and stderr interleaved, cut to the output limit with a note of what was cut. */
  output: string;
  /** The exit code; null when the command was killed. */
  exit_code: number | null;
  /** Why the call failed beyond a non-zero exit: timed out, workspace over quota, refused. */
  failure: string | null;
}

export interface SandboxStatus {
  kind: "bubblewrap" | "off";
  /** Programs the sandbox needs that this machine lacks (empty when it runs). */
  missing: string[];
  /**
   * The control groups that cap each command's processes together (`pids`, `memory`); empty
   * when the host gives the server none (then only the per-process `ulimit`s apply).
   */
  cgroups?: string[];
}

export interface Sandbox {
  readonly status: SandboxStatus;
  exec(request: ExecRequest): Promise<ExecResult>;
  close(): Promise<void>;
}

/** The sandbox's programs: bubblewrap, socat (the network bridge) and ripgrep (grep). */
export const SANDBOX_PROGRAMS = ["bwrap", "socat", "rg"] as const;
/** The Debian package of each program, for messages. */
export const PACKAGE_OF: Record<string, string> = { bwrap: "bubblewrap", socat: "socat", rg: "ripgrep" };
