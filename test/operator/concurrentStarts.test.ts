/**
 * Two `npm start` at once in one folder after a source change (two replicas from one checkout, a
 * restart during a deploy), six rounds: each round changes a source file, then starts two real
 * `npm start` processes together, each with its own port and data folder. Both must answer
 * /healthz every round: the build is made once, under the lock both share, in a folder of its own
 * that `dist` is swapped to whole (scripts/lib/buildDir.mjs), so neither loads a torn or mixed
 * build (before, both rebuilt dist/ in place and one died with a SyntaxError in 1 of 6 tries).
 * Also: a start from a build that cannot be loaded exits non-zero and says why.
 *
 * The project is copied to a scratch folder (its sources, scripts and documents; node_modules
 * linked), so that the changes and builds of the test never touch the checkout that runs it.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, ROOT, waitFor } from "../helpers/servers/server.ts";

const ROUNDS = 6;
let project: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "cas-two-starts-"));
  for (const entry of [
    "server",
    "client",
    "console",
    "generated",
    "vendor-skills",
    "scripts",
    "package.json",
    "tsconfig.json",
  ]) {
    cpSync(join(ROOT, entry), join(project, entry), {
      recursive: true,
      filter: (src) => !/\/(dist|\.dist|node_modules)(\/|$)/.test(src.slice(ROOT.length)),
    });
  }
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"));
});
afterAll(() => {
  for (const child of children) {
    try {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group has gone already.
    }
  }
  rmSync(project, { recursive: true, force: true });
});

/** `npm start` in the copy, in a process group of its own (npm, its shell and node). */
function npmStart(port: number, dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn("npm", ["start", "--silent"], {
    cwd: project,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, "service.db")}`,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: "two-starts-token-0123456789",
      LOG_LEVEL: "warn",
      SANDBOX: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  return { child, output: () => output };
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.status === 200,
    () => false,
  );

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  process.kill(-child.pid, "SIGTERM");
  return exited;
}

it(`two npm start at once after a source change both answer /healthz, ${ROUNDS} rounds in a row`, async () => {
  const targets = new Set<string>();
  for (let round = 1; round <= ROUNDS; round++) {
    // A change of content (a touch alone changes no input: the build is then reused).
    appendFileSync(join(project, "server/app.ts"), `\n// round ${round}\n`);
    const starts = await Promise.all(
      [0, 1].map(async (i) => {
        const port = await freePort();
        return { port, ...npmStart(port, mkdtempSync(join(project, `data-${round}-${i}-`))) };
      }),
    );
    for (const s of starts) {
      await waitFor(
        async () => {
          if (s.child.exitCode !== null) throw new Error(`round ${round}: npm start exited:\n${s.output()}`);
          return healthy(s.port);
        },
        { timeoutMs: 120_000, what: `round ${round}: /healthz on ${s.port}` },
      );
    }
    const built = starts.map((s) => s.output().match(/build: dist\/ written/g)?.length ?? 0);
    // Made once for the round, by one of the two; the other found it fresh after the lock.
    expect(
      built.reduce((a, b) => a + b, 0),
      starts.map((s) => s.output()).join("\n---\n"),
    ).toBe(1);
    targets.add(readlinkSync(join(project, "dist")));
    await Promise.all(starts.map((s) => stop(s.child)));
  }
  expect(targets.size).toBe(ROUNDS);
  // Builds no start can use any more are gone: the current one and the one before it stay.
  expect(readdirSync(join(project, ".dist")).filter((n) => !n.startsWith("."))).toHaveLength(2);
}, 900_000);

it("a start from a build that cannot be loaded exits non-zero and says why", async () => {
  const build = join(project, readlinkSync(join(project, "dist")));
  writeFileSync(join(build, "main.cjs"), "this is not ) JavaScript (");
  let code = 0;
  let stderr = "";
  try {
    execFileSync(process.execPath, [join(project, "dist/launcher.js"), "serve"], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (err) {
    const e = err as { status: number; stderr: Buffer };
    code = e.status;
    stderr = e.stderr.toString();
  }
  expect(code).toBe(1);
  expect(stderr).toMatch(/cannot load the server build \(compiling \S+main\.cjs\): Unexpected/);
  expect(stderr).toMatch(/npm run build -- --force/);
  // The advice works: the forced build replaces the damaged one, and a start answers again.
  execFileSync(process.execPath, [join(project, "scripts/build.mjs"), "--force"], { stdio: "ignore" });
  expect(join(project, readlinkSync(join(project, "dist")))).not.toBe(build);
  const port = await freePort();
  const { child } = npmStart(port, mkdtempSync(join(project, "data-after-force-")));
  await waitFor(() => healthy(port), { timeoutMs: 120_000, what: "/healthz after the forced build" });
  await stop(child);
});
