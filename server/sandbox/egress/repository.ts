/**
 * A repository's token at egress (docs/egress.md): the sandbox's proxy sets
 * `Authorization: Basic base64("x-access-token:<token>")` — the form GitHub, GitHub Enterprise,
 * Gitea and GitLab (with a token as the password) accept over git's smart HTTP — on requests to
 * that repository's scheme, host, port and path only; the token never enters the sandbox.
 * `cloneRepository` runs `git clone` (then the checkout) inside the sandbox, as the session's
 * uid, through that proxy; the remote it leaves in `.git/config` is the plain URL, so a later
 * `git fetch` or `git push` from `bash` goes the same way (when its command's egress plan holds
 * the same grant: session.ts builds it from the session's repositories).
 */
import type { EgressHeaderGrant, EgressPlan, ExecRequest, ExecResult, Sandbox } from "../port.ts";
import { WORKSPACE_MOUNT } from "../workspace.ts";

/** A repository and the token the proxy presents for it. */
export interface RepositoryAccess {
  url: string;
  token: string;
}

export type RepositoryCheckout = { type: "branch"; name: string } | { type: "commit"; sha: string };

/** Why a repository URL cannot be served this way, or null. */
export function repositoryUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username || url.password) return "must not hold user-info (the token is given apart)";
  if (url.search || url.hash) return "must not hold a query or fragment";
  if (url.pathname.replace(/\/+$/, "").length < 2) return "must name a repository path";
  return null;
}

/** The header the proxy sets for a repository: on its scheme, host, port and path only. */
export function repositoryGrant(access: RepositoryAccess): EgressHeaderGrant {
  const problem = repositoryUrlProblem(access.url);
  if (problem) throw new Error(`the repository URL ${problem}`);
  const url = new URL(access.url);
  const protocol = url.protocol as "http:" | "https:";
  return {
    protocol,
    host: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
    port: Number(url.port || (protocol === "https:" ? 443 : 80)),
    pathPrefix: url.pathname.replace(/\/+$/, ""),
    name: "authorization",
    value: `Basic ${Buffer.from(`x-access-token:${access.token}`).toString("base64")}`,
  };
}

/** A git branch name or commit id as the clone accepts them (no option, no revision syntax). */
const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]{1,255}(?<![./])$/;
const SHA = /^[0-9a-f]{7,64}$/i;

/** Where a repository may be mounted: inside the workspace or under /mnt/ (the caller binds a host folder there). */
export function mountPathProblem(path: string): string | null {
  if (!path.startsWith("/")) return "must be absolute";
  if (path.split("/").some((p) => p === ".." || p === ".")) return "must not hold . or .. segments";
  if (!(path.startsWith(`${WORKSPACE_MOUNT}/`) || path.startsWith("/mnt/")))
    return "must be under /workspace/ or /mnt/";
  return null;
}

export interface CloneRequest {
  sandbox: Sandbox;
  /**
   * The session's command context, as a `bash` call of it gets: workspace, owner, env, network,
   * readOnly, and the mounts (a mount path under /mnt/ needs a read-write host folder mounted
   * exactly there).
   */
  exec: Omit<ExecRequest, "command" | "timeoutMs" | "signal" | "egress">;
  /** The session's egress plan (session.ts `buildEgressPlan`); this repository's grant is added when missing. */
  egress: EgressPlan;
  url: string;
  token: string;
  /**
   * The repository's folder inside the sandbox (made by the clone; an existing one must be empty).
   * One that already holds `.git` was cloned by an earlier turn: it is left as the session left it.
   */
  mountPath: string;
  /** The branch or commit to check out; null: the repository's default branch. */
  checkout: RepositoryCheckout | null;
  timeoutMs: number;
  signal: AbortSignal;
}

export type CloneResult = { ok: true } | { ok: false; message: string };

/**
 * Clones a repository into the sandbox through the proxy that adds its token, then checks out
 * the branch (tracking `origin/<name>`), the commit (detached) or the default branch; a folder
 * already cloned is left alone. The URL, path and revision reach
 * the script as variables, never as script text. A failure answers git's own words.
 */
export async function cloneRepository(request: CloneRequest): Promise<CloneResult> {
  const urlProblem = repositoryUrlProblem(request.url);
  if (urlProblem) return { ok: false, message: `The repository URL ${urlProblem}.` };
  const pathProblem = mountPathProblem(request.mountPath);
  if (pathProblem) return { ok: false, message: `The mount path ${pathProblem}.` };
  const { checkout } = request;
  if (checkout?.type === "branch" && !BRANCH.test(checkout.name))
    return { ok: false, message: `The branch name ${JSON.stringify(checkout.name.slice(0, 64))} is not valid.` };
  if (checkout?.type === "commit" && !SHA.test(checkout.sha))
    return { ok: false, message: "The commit must be a hexadecimal commit id." };
  const grant = repositoryGrant({ url: request.url, token: request.token });
  const egress: EgressPlan = request.egress.headers.some((g) => g.value === grant.value && g.host === grant.host)
    ? request.egress
    : { ...request.egress, headers: [...request.egress.headers, grant] };
  const script = [
    "set -e",
    'if [ -e "$CAS_CLONE_PATH/.git" ]; then exit 0; fi',
    'git clone --quiet --no-checkout -- "$CAS_CLONE_URL" "$CAS_CLONE_PATH"',
    'cd "$CAS_CLONE_PATH"',
    'if [ "$CAS_CLONE_KIND" = branch ]; then',
    '  git checkout --quiet -B "$CAS_CLONE_REV" --track "origin/$CAS_CLONE_REV"',
    'elif [ "$CAS_CLONE_KIND" = default ]; then',
    "  git reset --quiet --hard HEAD",
    "else",
    '  git cat-file -e "$CAS_CLONE_REV^{commit}" 2>/dev/null || git fetch --quiet origin "$CAS_CLONE_REV"',
    '  git checkout --quiet --detach "$CAS_CLONE_REV"',
    "fi",
  ].join("\n");
  const result: ExecResult = await request.sandbox.exec({
    ...request.exec,
    env: {
      ...request.exec.env,
      GIT_TERMINAL_PROMPT: "0",
      CAS_CLONE_URL: request.url,
      CAS_CLONE_PATH: request.mountPath,
      CAS_CLONE_KIND: checkout?.type ?? "default",
      CAS_CLONE_REV: checkout === null ? "" : checkout.type === "branch" ? checkout.name : checkout.sha,
    },
    command: script,
    timeoutMs: request.timeoutMs,
    egress,
    signal: request.signal,
  });
  if (result.exit_code === 0 && result.failure === null) return { ok: true };
  const words = [result.output.trim(), result.failure].filter(Boolean).join("\n");
  // The proxy shows the token as "[repository token]"; nothing else of it can reach the output.
  return { ok: false, message: `git clone of ${request.url} failed: ${words || `exit code ${result.exit_code}`}` };
}
