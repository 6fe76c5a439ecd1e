/**
 * The walk-throughs of the README and of the docs pages run as a user would run them: every block
 * marked `<!-- walkthrough -->` is executed in order (the README's, then each page's in the order of
 * WALKTHROUGH_PAGES) by bash (-e, -u, pipefail) from the repository folder against a real server
 * process, with the real `npx` (the CLI commands run from the repository and, after the first block's
 * `cd`, from the scratch folder), the SDK packed from client/ and the webhook receiver it verifies
 * deliveries with. Only the port differs. Every wait loop of the README is bounded (its `wait_for`
 * gives up with a message), and the whole run is bounded here too. The files they write land in the
 * scratch folder, never in the repository.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT, type ServerProcess, serverProcess } from "../helpers/servers/server.ts";
import { testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

/** The whole walk-through's bound (a README wait loop that never ends fails the test here at the latest). */
const RUN_LIMIT_MS = 240_000;
const dirs: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The pages whose walk-throughs run, in the order they run: the README first (its first block makes
 * the token, the helpers and the scratch folder every later block uses), then the docs pages, each
 * after the pages whose state it uses: deployments use the README's agent, the streams' `listen`
 * forwards to the webhooks page's receiver, the SDK page's stream follows the README's session.
 * A docs page with a walk-through that is missing here fails the test, so none is left out.
 */
const WALKTHROUGH_PAGES = [
  "README.md",
  "docs/memory-stores.md",
  "docs/idempotency.md",
  "docs/deployments.md",
  "docs/webhooks.md",
  "docs/streams.md",
  "docs/sdk.md",
];

const BLOCK = /<!-- walkthrough -->\s*```sh\n([\s\S]*?)```/g;

/** The walk-through blocks of one page (a path relative to the repository), in page order. */
function blocksOf(page: string): string[] {
  return [...readFileSync(join(ROOT, page), "utf8").matchAll(BLOCK)].map((m) => m[1] ?? "");
}

/** The docs pages (docs/*.md) that hold at least one walk-through, in name order. */
function docsPagesWithWalkthroughs(): string[] {
  return readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`)
    .filter((page) => blocksOf(page).length > 0);
}

it("lists every docs page that holds a walk-through, and each listed page holds one", () => {
  expect([...WALKTHROUGH_PAGES.slice(1)].sort()).toEqual(docsPagesWithWalkthroughs());
  for (const page of WALKTHROUGH_PAGES) expect(blocksOf(page).length, page).toBeGreaterThan(0);
});

/** Files git would report in the repository (untracked or modified, not ignored). */
const repoChanges = () =>
  execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: ROOT, encoding: "utf8" });

it("runs every walk-through of the README and the docs pages verbatim against a real server", async () => {
  const blocks = WALKTHROUGH_PAGES.flatMap(blocksOf);
  expect(blocks.length).toBeGreaterThanOrEqual(12);
  const data = mkdtempSync(join(tmpdir(), "cas-readme-data-"));
  const scratch = mkdtempSync(join(tmpdir(), "cas-readme-tmp-"));
  dirs.push(data, scratch);
  // The server and the walk-throughs' CLI commands share the database: the SQLite file, or with
  // TEST_DATABASE=postgres a PostgreSQL database.
  const env = { ...(await testDatabaseEnv(join(data, "db.sqlite"))), WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
  server = await serverProcess({ env, timeoutMs: 120_000 });
  const before = repoChanges();

  // Between blocks an `echo`: curl's JSON ends without a newline, so without it a block's first line
  // of output would continue the previous block's last one, whichever page that block came from.
  const script = blocks.join("\necho\n").replaceAll("http://127.0.0.1:8080", server.url);
  const result = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    // TMPDIR: the walk-throughs' `mktemp -d` scratch folder is made where this test can look into it.
    // Its own process group, so that a run that overstays is ended with everything it started.
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], {
      cwd: ROOT,
      env: { ...process.env, ...env, TMPDIR: scratch },
      detached: true,
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      reject(
        new Error(
          `the walk-throughs did not finish within ${RUN_LIMIT_MS} ms (or left a process running that holds their output); their output:\n${out}`,
        ),
      );
    }, RUN_LIMIT_MS);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });

  expect(result.code, result.out).toBe(0);
  expect(result.out).toContain('"source":"vendor"');
  expect(result.out).toMatch(/"type":"skill_version","skill_id":"skill_/);
  const [work] = readdirSync(scratch).map((d) => join(scratch, d));
  if (!work) throw new Error("the walk-throughs made no scratch folder");
  expect(readFileSync(join(work, "release-notes.zip")).subarray(0, 2).toString()).toBe("PK");
  expect(result.out).toContain('"type":"vault_credential"');
  expect(result.out).not.toContain("ghp_example");
  expect(result.out).toContain("Field 'credentials' is not supported on vault create.");
  expect(result.out).toContain("content_sha256 does not match the memory's current content");
  expect(result.out).toMatch(
    /"operation":"created","content_sha256":null,"size_bytes":0,"author":\{"type":"api_token"/,
  );
  expect(result.out).toContain("Echo: Hello, agent!");
  expect(result.out).toContain('"environment_variables":"CHANNEL=#eng\\nREPO=acme/api"');
  expect(result.out).toMatch(/"timezone":"Europe\/Berlin","upcoming_runs_at":\["20\d\d-/);
  expect(result.out).toMatch(/"status":"succeeded","error":null,"trigger_context":\{"type":"manual"\}/);
  expect(result.out).toMatch(/"status":"paused","paused_reason":\{"type":"manual"\}/);
  expect(result.out).toMatch(/Idempotent-Replayed: true\r?$/im);
  expect(result.out).toContain('"type":"idempotency_error"');
  expect(result.out.match(/"name":"Created once"/g)).toHaveLength(1);
  // The local receiver got the test event and a real one, and verified both signatures.
  expect(result.out).toMatch(/^verified webhook\.test evt_[0-9A-Z]{26}$/m);
  expect(result.out).toMatch(/^verified agent\.created evt_[0-9A-Z]{26}$/m);
  expect(result.out).not.toContain("rejected:");
  expect(result.out).toMatch(/"event_id":"evt_[0-9A-Z]{26}","webhook_event_id":"whev_/);
  expect(result.out).toMatch(/"attempts":\[/);
  // After the rotation, the endpoint shows until when the previous secret still signs.
  expect(result.out).toMatch(/"previous_secret_expires_at":"20\d\d-/);
  expect(result.out).toMatch(/\{"requeued":\d+\}/);
  expect(result.out).toContain("environment.created environment.updated");
  expect(result.out).toMatch(/}204$/m); // the DELETE of the endpoint
  // Live streams: curl reads a session's stream, listen forwards an event the receiver verifies.
  expect(result.out).toMatch(/^event: session\.status_run_started$/m);
  expect(result.out).toMatch(/^data: \{"id":"sevt_[0-9A-Z]{26}","type":"agent\.message"/m);
  expect(result.out).toMatch(
    /^Ready! Forwarding the events of http:\/\/127\.0\.0\.1:\d+ to http:\/\/127\.0\.0\.1:4242\/listen/m,
  );
  expect(result.out).toMatch(/environment\.created +evt_[0-9A-Z]{26} {2}<-- \[204\]/);
  expect(result.out).toMatch(/^verified environment\.created evt_[0-9A-Z]{26}$/m);
  // The operators' walk-through: readiness with the sandbox, the metrics, a token made and revoked.
  expect(result.out).toMatch(/"checks":\{"database":"ok","migrations":"ok"/);
  expect(result.out).toMatch(/"sandbox":\{"kind":"(bubblewrap|off)"/);
  expect(result.out).toMatch(/cloud_agents_build_info\{version="\d+\.\d+\.\d+"\} 1$/m);
  expect(result.out).toMatch(/^Revoked tok_[0-9A-Z]{26}$/m);
  // The SDK quick start, with the packed SDK and plain node.
  expect(result.out).toMatch(/^created vault_[0-9A-Z]{26}$/m);
  expect(result.out).toMatch(/^error 404 not_found_error$/m);
  expect(result.out).toMatch(/^vendor skills [1-9]\d*$/m);
  expect(result.out).toMatch(/^agent: Echo: Streaming\?$/m);
  // Nothing was left in the repository.
  expect(repoChanges()).toBe(before);
}, 300_000);
