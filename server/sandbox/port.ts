/**
 * The sandbox port (API.md, "Environments that run"): runs one `bash` command of a session in an
 * OS sandbox whose only writable place is the session's workspace, shown as `/workspace`. The
 * `bubblewrap` adapter (bubblewrap.ts) runs it; `off` (off.ts) runs nothing and says why.
 */

import type { SecureContext } from "node:tls";
import type { Owner } from "./identity.ts";

/** Which hosts a command may reach, from the session's environment. */
export type NetworkPolicy = { type: "unrestricted" } | { type: "limited"; allowed_hosts: string[] };

export interface ExecRequest {
  /** The session's workspace folder on the host (mounted at /workspace). */
  workspace: string;
  /**
   * The session's own host uid and gid (identity.ts): required when the server runs as root,
   * whose commands never run as root; null when the server is another user (commands run as it).
   */
  owner: Owner | null;
  command: string;
  timeoutMs: number;
  /** The session's `environment_variables` (HOME and PATH are set by the sandbox). */
  env: Record<string, string>;
  network: NetworkPolicy;
  /**
   * Folders from outside the workspace shown read-only inside it (skills): host path → path under
   * /workspace. The mount point is made a plain folder first, whatever the session left there.
   */
  readOnly?: { host: string; inside: string }[];
  /** Folders mounted outside the workspace (memory stores): host path → absolute path inside. */
  mounts?: { host: string; inside: string; readOnly: boolean }[];
  /**
   * The environment's package layer (sandbox/packages/, docs/packages.md): the host folder shown
   * read-only at /mnt/packages, and its search paths (`PATH`, `PYTHONPATH`, `NODE_PATH`,
   * `LD_LIBRARY_PATH`, ...), put before the command's own values of them.
   */
  layer?: { host: string; env: Record<string, string[]> } | null;
  /**
   * Secrets used at egress (sandbox/egress/, docs/egress.md): the proxy terminates TLS for the
   * hosts these name, with certificates of the server's CA (whose bundle is shown read-only at
   * EGRESS_CA_BUNDLE and named by SSL_CERT_FILE and the like), and puts the secrets in; the
   * command itself only ever holds placeholders.
   */
  egress?: EgressPlan;
  signal: AbortSignal;
}

/** Where a command sees the CA bundle (the system's CAs and the server's egress CA). */
export const EGRESS_CA_BUNDLE = "/run/cloud-agents/ca-bundle.crt";

/** A vault credential's placeholder, replaced by its secret in requests to its hosts. */
export interface EgressSubstitution {
  placeholder: string;
  secret: string;
  /** The `allowed_hosts` (exact names, IPv4 addresses, `*.example.com`); null: any host. */
  hosts: string[] | null;
  header: boolean;
  body: boolean;
}

/** A header the proxy sets on requests to one repository (its host, port and path) only. */
export interface EgressHeaderGrant {
  protocol: "http:" | "https:";
  host: string;
  port: number;
  /** The repository's path (`/owner/repo`): requests under it (`.git` or not) get the header. */
  pathPrefix: string;
  name: string;
  value: string;
}

export interface EgressPlan {
  substitutions: EgressSubstitution[];
  headers: EgressHeaderGrant[];
  /** The TLS context the proxy shows a command for a host (the server's CA issues it). */
  contextFor(host: string): SecureContext;
  /** The CAs the proxy trusts upstream: Node's own plus the operator's extra ones. */
  upstreamCa: string[];
  /** The bundle on the host, mounted read-only at EGRESS_CA_BUNDLE. */
  caBundlePath: string;
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
  /** Who commands run as on the host (identity.ts): absent when no command runs. */
  identity?: SandboxIdentityStatus;
  /** Why the sandbox cannot run here beyond missing programs (a folder the sandbox's uids cannot reach). */
  problem?: string;
}

export type SandboxIdentityStatus =
  | { model: "session-uid"; uid_base: number; uid_count: number }
  | { model: "user-namespace"; uid: number };

export interface Sandbox {
  readonly status: SandboxStatus;
  exec(request: ExecRequest): Promise<ExecResult>;
  close(): Promise<void>;
}

/**
 * The sandbox's programs: bubblewrap, socat (the network bridge), ripgrep (grep) and setpriv
 * (util-linux: the switch to a session's uid, and the capability drops inside).
 */
export const SANDBOX_PROGRAMS = ["bwrap", "socat", "rg", "setpriv"] as const;
/** The Debian package of each program, for messages. */
export const PACKAGE_OF: Record<string, string> = {
  bwrap: "bubblewrap",
  socat: "socat",
  rg: "ripgrep",
  setpriv: "util-linux",
};
