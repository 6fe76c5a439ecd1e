/**
 * Secrets at egress through the real sandbox (docs/egress.md): a command holds a placeholder; the
 * sandbox's proxy terminates TLS only for the hosts a credential names (with the server's CA,
 * trusted inside through the bundle), verifies the real host with its own CA (the operator's
 * extra upstream CAs), and puts the secret in the headers or the body; every other host gets the
 * placeholder through a blind tunnel. A repository's token is added by the same proxy to its
 * host and path only: cloneRepository clones a branch and a commit, a later `git push` lands a
 * branch, and the token is nowhere the command can look.
 */
import { randomBytes } from "node:crypto";
import { chownSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEgressPlan } from "../../server/agents/tools/egress.ts";
import { SecretBox } from "../../server/crypto/secretBox.ts";
import type { BubblewrapSandbox } from "../../server/sandbox/bubblewrap.ts";
import { type EgressAuthority, egressAuthority, loadOrCreateCa } from "../../server/sandbox/egress/authority.ts";
import { cloneRepository } from "../../server/sandbox/egress/repository.ts";
import { rewriteFor, terminatesTls, underRepository } from "../../server/sandbox/egress/rewrite.ts";
import { hostMatches } from "../../server/sandbox/hostPolicy.ts";
import type { Owner } from "../../server/sandbox/identity.ts";
import type { EgressPlan, EgressSubstitution, ExecRequest } from "../../server/sandbox/port.ts";
import type { Workspaces } from "../../server/sandbox/workspace.ts";
import type { Async } from "../../server/storage/port/index.ts";
import type { MetaStore } from "../../server/storage/port/meta.ts";
import { type GitServer, seedRepository, startGitServer } from "../helpers/servers/gitServer.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { openSandbox } from "../helpers/servers/sandbox.ts";
import { type RecordingServer, recordingServer, testCertificates } from "../helpers/servers/tlsServer.ts";

const skip = requireSandboxPrograms() ?? requireProgram("git", "git") ?? requireProgram("curl", "curl");

/** The service_meta table as a map: the CA's storage path is the session test's (egressSession.test.ts). */
function mapMeta(): Async<MetaStore> {
  const m = new Map<string, string>();
  return {
    get: async (k) => m.get(k) ?? null,
    setIfAbsent: async (k, v) => {
      if (!m.has(k)) m.set(k, v);
      return m.get(k) as string;
    },
    set: async (k, v) => void m.set(k, v),
  };
}

describe.skipIf(skip !== null)("secrets at egress through the sandbox's proxy", () => {
  let dataDir: string;
  let sandbox: BubblewrapSandbox;
  let workspaces: Workspaces;
  let workspace: string;
  let owner: Owner | null;
  let authority: EgressAuthority;
  let caKeyPem: string;
  let api: RecordingServer;
  let other: RecordingServer;
  let plain: RecordingServer;
  let gitHttp: GitServer;
  let gitHttps: GitServer;
  let commits: { main: string; dev: string };
  let mntHost: string;
  const secret = `sk_live_${randomBytes(16).toString("hex")}`;
  const placeholder = `cas_placeholder_${randomBytes(12).toString("hex")}`;
  const token = `ghs_${randomBytes(18).toString("hex")}`;
  const certs = testCertificates();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "egress-sandbox-"));
    ({ sandbox, workspaces } = await openSandbox(dataDir));
    workspace = await workspaces.open("sess_egress");
    owner = await workspaces.owner("sess_egress");
    const meta = mapMeta();
    const secrets = new SecretBox(randomBytes(32));
    caKeyPem = (await loadOrCreateCa(meta, secrets)).keyPem;
    authority = await egressAuthority(
      { meta, secrets, folder: workspaces.egressRoot, upstreamCa: [certs.caPem] },
      meta,
    );
    api = await recordingServer(certs);
    other = await recordingServer(certs);
    plain = await recordingServer(null);
    gitHttp = await startGitServer({ token });
    gitHttps = await startGitServer({ token, tls: certs });
    commits = seedRepository(gitHttp.root, "app");
    // The same repository (same commits) on both servers.
    cpSync(join(gitHttp.root, "app.git"), join(gitHttps.root, "app.git"), { recursive: true });
    mntHost = join(dataDir, "mnt-repo");
    mkdirSync(mntHost, { mode: 0o700 });
    if (owner) chownSync(mntHost, owner.uid, owner.gid);
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    for (const s of [api, other, plain, gitHttp, gitHttps]) await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const credential = (over: Partial<EgressSubstitution> = {}): EgressSubstitution => ({
    placeholder,
    secret,
    hosts: ["localhost"],
    header: true,
    body: false,
    ...over,
  });

  const plan = (subs: EgressSubstitution[], repos: { url: string; token: string }[] = []): EgressPlan =>
    buildEgressPlan(authority, subs, repos);

  async function run(command: string, egress: EgressPlan, extra: Partial<ExecRequest> = {}): Promise<string> {
    const result = await sandbox.exec({
      workspace,
      owner,
      command,
      timeoutMs: 30_000,
      env: { API_KEY: placeholder },
      network: { type: "unrestricted" },
      egress,
      signal: new AbortController().signal,
      ...extra,
    });
    return `${result.output}${result.exit_code === 0 ? "" : `\n[exit ${result.exit_code}] ${result.failure ?? ""}`}`;
  }

  it("puts the secret in the header of a request to the named host over TLS, and never lets it back", async () => {
    const out = await run(
      `curl -sS --fail https://localhost:${api.port}/v1/thing -H "Authorization: Bearer $API_KEY"`,
      plan([credential()]),
    );
    expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
    // The upstream echoed the header: the command sees the placeholder again.
    expect(out).toContain(`ok /v1/thing Bearer ${placeholder}`);
    expect(out).not.toContain(secret);
  });

  it("puts the secret in the body when the credential says so (and not in headers then)", async () => {
    const out = await run(
      `curl -sS --fail https://localhost:${api.port}/b -H "X-Key: $API_KEY" --data "key=$API_KEY&more=1"`,
      plan([credential({ header: false, body: true })]),
    );
    const seen = api.requests.at(-1);
    expect(seen?.body).toBe(`key=${secret}&more=1`);
    expect(seen?.headers["content-length"]).toBe(String(`key=${secret}&more=1`.length));
    expect(seen?.headers["x-key"]).toBe(placeholder);
    expect(out).not.toContain(secret);
  });

  it("gives any other host the placeholder, through a tunnel it does not open", async () => {
    const egress = plan([credential()]);
    // 127.0.0.1 is the same server under a name the credential does not hold: a blind tunnel
    // (curl -k: the test CA is not in the sandbox's bundle, which proves the proxy did not terminate).
    const strict = await run(`curl -sS https://127.0.0.1:${other.port}/x -o /dev/null; echo "rc=$?"`, egress);
    expect(strict).toMatch(/rc=60/); // the upstream's own certificate, unknown inside
    await run(`curl -sSk https://127.0.0.1:${other.port}/t -H "Authorization: Bearer $API_KEY"`, egress);
    expect(other.requests.at(-1)?.headers.authorization).toBe(`Bearer ${placeholder}`);
    await run(`curl -sS http://127.0.0.1:${plain.port}/p -H "Authorization: Bearer $API_KEY"`, egress);
    expect(plain.requests.at(-1)?.headers.authorization).toBe(`Bearer ${placeholder}`);
  });

  it("refuses a request whose header a secret would split, and goes on serving", async () => {
    const before = api.requests.length;
    const out = await run(
      `curl -sS -o /dev/null -w '%{http_code}' https://localhost:${api.port}/split -H "Authorization: Bearer $API_KEY"`,
      plan([credential({ secret: "abc\r\nX-Injected: 1" })]),
    );
    expect(out).toContain("502");
    expect(api.requests.length).toBe(before);
    await run(`curl -sS --fail https://localhost:${api.port}/after -H "X: $API_KEY"`, plan([credential()]));
    expect(api.requests.at(-1)?.headers.x).toBe(secret);
  });

  it("substitutes in plain-HTTP requests to a named host too", async () => {
    await run(`curl -sS http://localhost:${plain.port}/n -H "Authorization: Bearer $API_KEY"`, plan([credential()]));
    expect(plain.requests.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
  });

  it("keeps the secret out of the command's environment, /proc and files", async () => {
    const out = await run(
      [
        'echo "$API_KEY" > key.txt',
        "env",
        "cat /proc/self/environ | tr '\\0' '\\n'",
        "cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n' | grep API_KEY | head -3",
        "grep -r . /workspace 2>/dev/null | head -50",
        "cat /run/cloud-agents/ca-bundle.crt | grep -c 'BEGIN CERTIFICATE'",
      ].join("; "),
      plan([credential()]),
    );
    expect(out).toContain(`API_KEY=${placeholder}`);
    expect(out).toContain(`SSL_CERT_FILE=/run/cloud-agents/ca-bundle.crt`);
    expect(out).not.toContain(secret);
  });

  it("escape: a wildcard matches subdomains only, never a look-alike; the CA's key is nowhere inside", async () => {
    expect(hostMatches("example.com.evil", "*.example.com")).toBe(false);
    expect(hostMatches("evilexample.com", "*.example.com")).toBe(false);
    expect(hostMatches("example.com", "*.example.com")).toBe(false);
    expect(hostMatches("api.example.com", "*.example.com")).toBe(true);
    const wild = plan([credential({ hosts: ["*.example.com"] })]);
    expect(terminatesTls(wild, "example.com.evil", 443)).toBe(false);
    expect(rewriteFor(wild, { protocol: "https:", host: "example.com.evil", port: 443, path: "/" })).toBeNull();
    expect(terminatesTls(wild, "api.example.com", 443)).toBe(true);
    // A repository's token goes to its own path only, never to a path a server could read as another.
    expect(underRepository("/acme/app.git/info/refs?service=git-upload-pack", "/acme/app.git")).toBe(true);
    expect(underRepository("/acme/app/git-receive-pack", "/acme/app.git")).toBe(true);
    for (const sneaky of [
      "/acme/app.git/../other.git/info/refs",
      "/acme/app.git/%2e%2e/other.git/info/refs",
      "/acme/app.git/%2E%2E%2Fother.git",
      "/acme/app.git//..//other.git",
      "/acme/app.git\\..\\other.git",
      "/acme/app.github/info/refs",
      "/acme/application.git/info/refs",
    ])
      expect(underRepository(sneaky, "/acme/app.git"), sneaky).toBe(false);

    // A line of the CA's private key, looked for wherever a command can read.
    const keyLine = caKeyPem.split("\n")[5] as string;
    const out = await run(
      [
        `echo matches=$(grep -rlF -e '${keyLine}' /run /tmp /workspace /etc/ssl 2>/dev/null | wc -l)`,
        "grep -c 'PRIVATE KEY' /run/cloud-agents/ca-bundle.crt",
        `ls ${workspaces.egressRoot} 2>&1 | head -1`,
        "echo probe > /run/cloud-agents/ca-bundle.crt 2>&1 | head -1",
      ].join("; "),
      plan([credential()]),
    );
    expect(out).toContain("matches=0"); // found nowhere
    expect(out).toMatch(/^0$/m); // the bundle holds certificates only
    expect(out).toMatch(/No such file or directory/);
    expect(out).toMatch(/Read-only file system|Permission denied/);
  });

  it("clones a branch over HTTP and a commit over HTTPS with the token the proxy adds; push lands; no token inside", async () => {
    const httpUrl = `http://localhost:${gitHttp.port}/app.git`;
    const httpsUrl = `https://localhost:${gitHttps.port}/app.git`;
    const repos = [
      { url: httpUrl, token },
      { url: httpsUrl, token },
    ];
    const egress = plan([], repos);
    const mounts = [{ host: mntHost, inside: "/mnt/repo", readOnly: false }];
    const exec = {
      workspace,
      owner,
      env: {},
      network: { type: "unrestricted" as const },
      mounts,
    };
    // Without the proxy's header the server refuses: it really checks the token.
    const refused = await run(`git ls-remote ${httpUrl} 2>&1; echo "rc=$?"`, plan([]), { mounts });
    expect(refused).toMatch(/rc=128/);
    expect(gitHttp.requests.at(-1)?.authorized).toBe(false);

    const branch = await cloneRepository({
      sandbox,
      exec,
      egress,
      url: httpUrl,
      token,
      mountPath: "/workspace/app",
      checkout: { type: "branch", name: "dev" },
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });
    expect(branch, JSON.stringify(branch)).toEqual({ ok: true });
    const commit = await cloneRepository({
      sandbox,
      exec,
      egress,
      url: httpsUrl,
      token,
      mountPath: "/mnt/repo",
      checkout: { type: "commit", sha: commits.main },
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });
    expect(commit, JSON.stringify(commit)).toEqual({ ok: true });
    expect(gitHttps.requests.some((r) => r.authorized)).toBe(true);

    const state = await run(
      [
        "cd /workspace/app && git rev-parse HEAD && git rev-parse --abbrev-ref HEAD && ls",
        "cd /mnt/repo && git rev-parse HEAD && ls",
      ].join("; "),
      egress,
      { mounts },
    );
    expect(state).toContain(commits.dev);
    expect(state).toContain("DEV.md");
    expect(state).toContain(commits.main);

    // A later command commits and pushes a branch through the same path.
    const push = await run(
      [
        "cd /workspace/app",
        "echo fixed > FIX.md && git add FIX.md",
        "git -c user.name=Agent -c user.email=agent@example.test commit --quiet -m fix",
        "git push --quiet origin HEAD:refs/heads/fix 2>&1; echo push=$?",
        "cd /mnt/repo && git fetch --quiet origin 2>&1; echo fetch=$?",
      ].join(" && "),
      egress,
      { mounts },
    );
    expect(push).toContain("push=0");
    expect(push).toContain("fetch=0");
    expect(gitHttp.git("app", "log", "-1", "--format=%s", "refs/heads/fix")).toBe("fix");

    // The token is nowhere: environment, /proc, .git/config, any file of the workspace or mount.
    const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
    const look = await run(
      [
        "env",
        "cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n'",
        "cat /workspace/app/.git/config /mnt/repo/.git/config",
        `echo matches=$(grep -rlF -e '${token}' -e '${basic}' /workspace /mnt /run /tmp 2>/dev/null | wc -l)`,
      ].join("; "),
      egress,
      { mounts },
    );
    expect(look).toContain(`url = ${httpUrl}`);
    expect(look).toContain("matches=0");
    expect(look).not.toContain(token);
    expect(look).not.toContain(basic);

    // A push to another host (the same server under 127.0.0.1) carries no token and is refused.
    const before = gitHttp.requests.length;
    const elsewhere = await run(
      `cd /workspace/app && git push http://127.0.0.1:${gitHttp.port}/app.git HEAD:refs/heads/stolen 2>&1; echo push=$?`,
      egress,
      { mounts },
    );
    expect(elsewhere).toMatch(/push=128/);
    const sent = gitHttp.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(r.authorization).toBeUndefined();
    expect(() => gitHttp.git("app", "rev-parse", "--verify", "refs/heads/stolen")).toThrow();
  }, 120_000);
});
