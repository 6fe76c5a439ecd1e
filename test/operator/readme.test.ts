/**
 * The README's walk-throughs run as written: every block marked `<!-- walkthrough -->` is executed
 * in order by bash (-e, -u, pipefail) against a real server process. Only the port differs.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT, type ServerProcess, startServerProcess } from "../helpers/processes.ts";

const dirs: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function walkthroughBlocks(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  return [...readme.matchAll(/<!-- walkthrough -->\s*```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

it("runs every walk-through of the README verbatim against a real server", async () => {
  const blocks = walkthroughBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  const data = mkdtempSync(join(tmpdir(), "cas-readme-data-"));
  const work = mkdtempSync(join(tmpdir(), "cas-readme-work-"));
  dirs.push(data, work);
  const env = { DATABASE_URL: `sqlite:${data}/db.sqlite` };
  server = await startServerProcess(env);

  // The walk-throughs run "from the repository folder"; here they run in a scratch folder, so
  // `npx cloud-agents` is pointed at this repository's CLI.
  const shim = `npx() { if [ "$1" = cloud-agents ]; then shift; "${ROOT}node_modules/.bin/tsx" "${ROOT}server/main.ts" "$@"; else command npx "$@"; fi; }\n`;
  const script = shim + blocks.join("\n").replaceAll("http://127.0.0.1:8080", server.url);
  const result = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd: work, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out }));
  });

  expect(result.code, result.out).toBe(0);
  expect(result.out).toContain('"source":"vendor"');
  expect(result.out).toMatch(/"type":"skill_version","skill_id":"skill_/);
  expect(readFileSync(join(work, "release-notes.zip")).subarray(0, 2).toString()).toBe("PK");
  expect(result.out).toContain('"type":"vault_credential"');
  expect(result.out).not.toContain("ghp_example");
  expect(result.out).toContain("Field 'credentials' is not supported on vault create.");
  expect(result.out).toContain("Echo: Hello, agent!");
  expect(result.out).toContain('"environment_variables":"CHANNEL=#eng\\nREPO=acme/api"');
  expect(result.out).toMatch(/"timezone":"Europe\/Berlin","upcoming_runs_at":\["20\d\d-/);
  expect(result.out).toMatch(/"status":"succeeded","error":null,"trigger_context":\{"type":"manual"\}/);
  expect(result.out).toMatch(/"status":"paused","paused_reason":\{"type":"manual"\}/);
  expect(result.out).toMatch(/"event_id":"evt_[0-9A-Z]{26}","webhook_event_id":"whev_/);
  expect(result.out).toMatch(/"attempts":\[/);
  // After the rotation, the endpoint shows until when the previous secret still signs.
  expect(result.out).toMatch(/"previous_secret_expires_at":"20\d\d-/);
  expect(result.out).toMatch(/\{"requeued":\d+\}/);
  expect(result.out).toContain("environment.created environment.updated");
  expect(result.out.trimEnd().endsWith("204")).toBe(true);
}, 120_000);
