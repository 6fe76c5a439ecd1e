/**
 * The compiled server for the tests and scripts that start `cloud-agents` as a process: dist/main.js,
 * built by scripts/build.mjs (what `npm start` runs). Started from the build, a server answers
 * /healthz after ~0.55 s of CPU; through tsx (which compiles the TypeScript at every start) after
 * ~2.8 s, and the test suites start hundreds of processes.
 *
 * `ensureServerBundle()` makes dist/ match the sources: the vitest configs run it once per run
 * (test/helpers/serverBundle.ts, a globalSetup) and `startServerProcess`/`runCli` once per process
 * (for the scripts, and a run without that setup). It rebuilds when a file under the folders the
 * bundle is made of (server/, client/, generated/), the build script and its package edits,
 * package.json, tsconfig.json or the installed packages changed since the last build it made
 * (dist/.build-stamp.json, the time that build started). A build is made under a lock
 * (dist/.build-lock, a folder: mkdir is atomic), so two runs (or two test workers) never build at once, and the second finds the first one's build fresh. A run whose sources change
 * while another run's servers start from dist/ may see the new build: run one at a time then.
 *
 * After a build it starts the server once, so that the launcher writes its V8 code cache
 * (dist/v8-cache/, server/launcher.ts) before the tests start servers concurrently: the commands
 * other than `serve` read the cache but never write it, and without it each process compiles the
 * ~6 MB script again (~0.5 s of CPU more).
 *
 * CLOUD_AGENTS_FROM_SOURCE=1 runs server/main.ts through tsx instead (no build), e.g. to debug.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "../..");
const DIST = join(ROOT, "dist");
/** The launcher of the build: `node dist/main.js <command>`. */
export const DIST_MAIN = join(DIST, "main.js");
/** The TypeScript entry point, run through tsx's loader with CLOUD_AGENTS_FROM_SOURCE=1. */
export const SERVER_MAIN = join(ROOT, "server/main.ts");
/** `node --import <tsx loader>`: runs a TypeScript entry point in this one process. */
export const NODE_TSX: readonly string[] = [
  process.execPath,
  "--import",
  pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href,
];
/** What the build writes last of the files a start needs. */
const OUTPUTS = ["main.js", "server.cjs", "thread.mjs"].map((f) => join(DIST, f));
const STAMP = join(DIST, ".build-stamp.json");
const LOCK = join(DIST, ".build-lock");
/** The folders the bundle's modules come from (scripts/build.mjs bundles server/main.ts). */
const SOURCE_DIRS = ["server", "client", "generated"].map((d) => join(ROOT, d));
/** The files that change the build as a whole (node_modules/.package-lock.json: npm's own, rewritten by an install). */
const BUILD_INPUTS = [
  "scripts/build.mjs",
  "scripts/lib/dependencyPatches.mjs",
  "package.json",
  "tsconfig.json",
  "node_modules/.package-lock.json",
].map((f) => join(ROOT, f));
/** A lock older than this whose owner cannot be told (no pid written yet) is taken as abandoned. */
const LOCK_GRACE_MS = 10_000;
const BUILD_TIMEOUT_MS = 300_000;

/** Runs the server from its sources (tsx) instead of dist/. */
export function fromSource(): boolean {
  return process.env.CLOUD_AGENTS_FROM_SOURCE === "1";
}

/**
 * The program and arguments that run `cloud-agents <args>` in ONE process (the pid is the server:
 * the launcher runs the bundle in its own process, server/launcher.ts, and tsx's loader too), with
 * `nodeArgs` given to node.
 */
export function cliCommand(args: readonly string[], nodeArgs: readonly string[] = []): [string, string[]] {
  if (fromSource()) return [NODE_TSX[0] as string, [...NODE_TSX.slice(1), ...nodeArgs, SERVER_MAIN, ...args]];
  return [process.execPath, [...nodeArgs, DIST_MAIN, ...args]];
}

/** Why dist/ does not match the sources, or null when it does. */
export function staleReason(): string | null {
  let builtAt: number;
  try {
    builtAt = (JSON.parse(readFileSync(STAMP, "utf8")) as { startedAt: number }).startedAt;
  } catch {
    return "no build made for the tests yet";
  }
  for (const file of OUTPUTS) {
    if (!exists(file)) return `${relative(ROOT, file)} is missing`;
  }
  for (const file of BUILD_INPUTS) {
    const mtime = mtimeOf(file);
    if (mtime === undefined) continue;
    if (mtime > builtAt) return `${relative(ROOT, file)} changed`;
  }
  for (const dir of SOURCE_DIRS) {
    const changed = newerUnder(dir, builtAt);
    if (changed) return `${relative(ROOT, changed)} changed`;
  }
  return null;
}

let ensured: Promise<void> | undefined;

/**
 * Builds dist/ when it does not match the sources (under the lock) and writes the launcher's code
 * cache; once per process (the memo), nothing with CLOUD_AGENTS_FROM_SOURCE=1.
 */
export function ensureServerBundle({ again = false } = {}): Promise<void> {
  if (fromSource()) return Promise.resolve();
  if (again || ensured === undefined) {
    ensured = ensure();
    ensured.catch(() => {
      ensured = undefined;
    });
  }
  return ensured;
}

async function ensure(): Promise<void> {
  if (staleReason() === null && hasCodeCache()) return;
  const unlock = await lock();
  try {
    // Another run may have built while this one waited.
    const reason = staleReason();
    if (reason !== null) await build(reason);
    if (!hasCodeCache()) await warmCodeCache();
  } finally {
    unlock();
  }
}

async function build(reason: string): Promise<void> {
  // A build that fails half-way leaves no stamp: the next run builds again.
  rmSync(STAMP, { force: true });
  // A file saved while the build reads the sources is newer than this: the next run builds again.
  const startedAt = Date.now() - 100;
  process.stderr.write(`serverBundle: building dist/ (${reason})\n`);
  const child = spawn(process.execPath, [join(ROOT, "scripts/build.mjs")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { code, output } = await finished(child, BUILD_TIMEOUT_MS);
  if (code !== 0) throw new Error(`scripts/build.mjs failed (exit ${code}):\n${output}`);
  writeFileSync(STAMP, `${JSON.stringify({ startedAt })}\n`);
}

/**
 * True when dist/v8-cache holds a code cache: the build removes those of other bundles (a rebuild
 * of an unchanged bundle keeps its own).
 */
function hasCodeCache(): boolean {
  try {
    return readdirSync(join(DIST, "v8-cache")).some((name) => name.endsWith(".bin"));
  } catch {
    return false;
  }
}

/**
 * Starts `serve` once on a throwaway database and stops it once it listens: the launcher writes
 * the code cache right after the server listens (before it handles the SIGTERM).
 */
async function warmCodeCache(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cas-warm-"));
  try {
    const [command, args] = cliCommand(["serve"]);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATABASE_URL: `sqlite:${join(dir, "warm.db")}`,
        DATA_DIR: dir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
      if (/listening on http:\/\//.test(output)) child.kill("SIGTERM");
    });
    const { code } = await finished(child, 60_000);
    if (!/listening on http:\/\//.test(output)) {
      throw new Error(`the built server did not start (exit ${code}):\n${output}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for `child` to exit (SIGKILLed after `timeoutMs`); its stdout and stderr interleaved. */
function finished(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((res, rej) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (err) => {
      clearTimeout(timer);
      rej(err);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      res({ code, output });
    });
  });
}

/** Takes the build lock (a folder holding its owner's pid); resolves with its release. */
async function lock(): Promise<() => void> {
  mkdirSync(DIST, { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (lockAbandoned()) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${relative(ROOT, LOCK)} is held by a build that does not end`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The lock's owner has exited (or never wrote its pid within the grace time). */
function lockAbandoned(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(LOCK, "pid"), "utf8"));
  } catch {
    const since = mtimeOf(LOCK);
    return since !== undefined && Date.now() - since > LOCK_GRACE_MS;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  return mtimeOf(path) !== undefined;
}

/**
 * A file under `dir` modified after `since`, if any (outputs and scratch folders skipped: dot
 * folders, dist, node_modules). Files only: a source removed or renamed changes the modules that
 * imported it, or the build would fail.
 */
function newerUnder(dir: string, since: number): string | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith(".") || entry.name === "dist" || entry.name === "node_modules") continue;
      const changed = newerUnder(path, since);
      if (changed) return changed;
    } else if ((mtimeOf(path) ?? 0) > since) {
      return path;
    }
  }
  return undefined;
}
