/**
 * An agent clones a repository, fixes a file and pushes a branch (docs/files.md, "Repositories"),
 * end to end through the official SDK: a session created on /v1 with a `github_repository`
 * resource whose HTTPS git server (git's own http-backend, test/helpers/servers/gitServer.ts)
 * refuses every request without the token; the real sandbox; a scripted model on loopback. The
 * repository is cloned before the turn's first command, at the SDK's default path
 * `/workspace/<name>`; the agent's `git push` lands the branch on the server; the token is
 * nowhere the commands can look (environment, files, `/proc`, `.git/config`) nor in the events.
 * A rotated token is the one the next turn's push presents; a clone that fails ends the turn with
 * `resource_failed` and git's words.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { type GitServer, seedRepository, startGitServer } from "../helpers/servers/gitServer.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { testCertificates } from "../helpers/servers/tlsServer.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const skip = requireSandboxPrograms() ?? requireProgram("git", "git");
const TOKEN = "ghp_session_repo_token_0123456789abcdef";
const ROTATED = "ghp_session_repo_token_rotated_9876543210";
const certs = testCertificates();
const dirs: string[] = [];
const validator = new V1SpecValidator();
let model: FakeModel;
let git: GitServer;
let commits: { main: string; dev: string };
let s: TestServer;
let client: Anthropic;

beforeAll(async () => {
  if (skip) return;
  model = await startFakeModel();
  git = await startGitServer({ token: TOKEN, tls: certs });
  commits = seedRepository(git.root, "app");
  const caDir = mkdtempSync(join(tmpdir(), "repo-upstream-ca-"));
  dirs.push(caDir);
  writeFileSync(join(caDir, "ca.pem"), certs.caPem);
  s = await inProcess({
    env: {
      SANDBOX: "bubblewrap",
      SANDBOX_ALLOW_PRIVATE_TARGETS: "true",
      SANDBOX_EGRESS_UPSTREAM_CA_FILE: join(caDir, "ca.pem"),
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-test-openai-key-0123456789abcdef",
    },
  });
  client = new Anthropic({ baseURL: s.url, apiKey: s.token, maxRetries: 0, fetch: validator.fetch() });
}, 60_000);

afterAll(async () => {
  await s?.stop();
  await git?.close();
  await model?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const results = (events: any[]) =>
  events
    .filter((e) => e.type === "agent.tool_result")
    .map((e) => e.content.map((b: { text: string }) => b.text).join(""))
    .join("\n");

async function sessionWith(url: string, checkout?: { type: "branch"; name: string }) {
  const agent = await client.beta.agents.create({
    name: "fixer",
    model: "openai/llama3.2",
    tools: [{ type: "agent_toolset_20260401" }],
  });
  const environment = await client.beta.environments.create({ name: "repos" });
  return await client.beta.sessions.create({
    agent: agent.id,
    environment_id: environment.id,
    resources: [{ type: "github_repository", url, authorization_token: TOKEN, ...(checkout ? { checkout } : {}) }],
  });
}

const bash = (id: string, command: string) => ({ tool_calls: [{ id, name: "bash", input: { command } }] });

describe.skipIf(skip !== null)("an agent given a repository", () => {
  it("finds it cloned at /workspace/<name>, pushes a branch the server receives, and never sees the token", async () => {
    const session = await sessionWith(`https://localhost:${git.port}/app.git`, { type: "branch", name: "dev" });
    const [resource] = (await client.beta.sessions.resources.list(session.id)).data;
    expect(resource).toMatchObject({ type: "github_repository", mount_path: "/workspace/app" });
    expect(JSON.stringify(resource)).not.toContain(TOKEN);
    model.script([
      bash(
        "c1",
        [
          "cd /workspace/app && git rev-parse HEAD && git rev-parse --abbrev-ref HEAD",
          "echo fixed > FIX.md && git add FIX.md",
          "git -c user.name=Agent -c user.email=agent@example.test commit --quiet -m 'the fix'",
          "git push --quiet origin HEAD:refs/heads/fix 2>&1; echo push=$?",
          // The token is looked for in two halves, so that the command itself does not hold it.
          `t="${TOKEN.slice(0, 10)}""${TOKEN.slice(10)}"`,
          `grep -rc "$t" /workspace /tmp 2>/dev/null | grep -vc ':0$'; echo files-done`,
          `tr '\\0' '\\n' < /proc/self/environ | grep -c "$t"; env | grep -c x-access-token`,
          "cat /workspace/app/.git/config",
        ].join("; "),
      ),
      { text: "Pushed the fix." },
    ]);
    await say(s, session.id, "Fix the repository and push a branch.");
    const events = await waitForTurns(s, session.id, 1, 120_000);
    const out = results(events);
    expect(out).toContain(commits.dev);
    expect(out).toMatch(/^dev$/m);
    expect(out).toContain("push=0");
    expect(out).toMatch(/^0\nfiles-done$/m);
    expect(out).toMatch(/^0\n0$/m);
    expect(out).toContain(`url = https://localhost:${git.port}/app.git`);
    // The server received the branch, with the fix on top of dev, and checked the token.
    expect(git.git("app", "log", "--format=%s", "-1", "fix")).toBe("the fix");
    expect(git.git("app", "rev-parse", "fix^")).toBe(commits.dev);
    expect(git.requests.filter((r) => r.path.includes("git-receive-pack")).every((r) => r.authorized)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(s.logs.map((l) => JSON.stringify(l)).join("\n")).not.toContain(TOKEN);
    expect(validator.failures.splice(0)).toEqual([]);
  });

  it("presents a rotated token from the next turn on, and leaves the clone as the session left it", async () => {
    const session = await sessionWith(`https://localhost:${git.port}/app.git`);
    model.script([bash("c1", "cd /workspace/app && git rev-parse HEAD && echo local > LOCAL.md"), { text: "Looked." }]);
    await say(s, session.id, "Look at it.");
    let events = await waitForTurns(s, session.id, 1, 120_000);
    expect(results(events)).toContain(commits.main);
    const [resource] = (await client.beta.sessions.resources.list(session.id)).data;
    if (resource?.type !== "github_repository") throw new Error(`not the repository: ${JSON.stringify(resource)}`);
    await client.beta.sessions.resources.update(resource.id, {
      session_id: session.id,
      authorization_token: ROTATED,
    });
    const before = git.requests.length;
    model.script([
      bash("c2", "cd /workspace/app && ls LOCAL.md && git fetch --quiet origin 2>&1; echo fetch=$?"),
      { text: "Fetched." },
    ]);
    await say(s, session.id, "Fetch.");
    events = await waitForTurns(s, session.id, 2, 120_000);
    const out = results(events);
    // The clone was not made again (the session's file is there); the server refused the old
    // token's replacement, which it does not know: the rotated token is the one presented.
    expect(out).toContain("LOCAL.md");
    expect(out).not.toContain("fetch=0");
    const rotated = `Basic ${Buffer.from(`x-access-token:${ROTATED}`).toString("base64")}`;
    expect(git.requests.slice(before).some((r) => r.authorization === rotated)).toBe(true);
    expect(git.requests.slice(before).some((r) => r.authorized)).toBe(false);
    expect(validator.failures.splice(0)).toEqual([]);
  });

  it("ends the turn with resource_failed and git's words when the clone fails", async () => {
    const session = await sessionWith(`https://localhost:${git.port}/missing.git`);
    model.script([bash("c1", "echo never"), { text: "Never." }]);
    await say(s, session.id, "Try.");
    const events = await waitForTurns(s, session.id, 1, 120_000);
    const error = events.find((e) => e.type === "session.error");
    expect(error?.error.type).toBe("resource_failed");
    expect(error?.error.message).toMatch(
      /git clone of https:\/\/localhost:\d+\/missing\.git failed: .*(not found|404)/is,
    );
    expect(results(events)).not.toContain("never");
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(validator.failures.splice(0)).toEqual([]);
  });
});
