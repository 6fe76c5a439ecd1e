/**
 * The compiled server for the tests and scripts that start `cloud-agents` as a process: dist/launcher.js,
 * built by scripts/build.mjs (what `npm start` runs). Started from the build, a server answers
 * /healthz after ~0.55 s of CPU; through tsx (which compiles the TypeScript at every start) after
 * ~2.8 s, and the test suites start hundreds of processes.
 *
 * `ensureServerBundle()` makes dist/ match the sources: the vitest configs run it once per run
 * (test/helpers/servers/serverBundle.ts, a globalSetup) and `startServerProcess`/`runCli` once per process
 * (for the scripts, and a run without that setup). It runs scripts/build.mjs, which builds only
 * when an input changed and under the lock every build of the folder shares, and swaps `dist` to
 * the new build atomically (scripts/lib/buildDir.mjs): two runs (or two test workers) never build
 * at once, and a server process started meanwhile runs the old build or the new one, whole.
 *
 * After a build it starts the server once, so that the launcher writes its V8 code cache
 * (dist/v8-cache/, server/launcher.ts) before the tests start servers concurrently: the commands
 * other than `serve` read the cache but never write it, and without it each process compiles the
 * ~6 MB script again (~0.5 s of CPU more).
 *
 * CLOUD_AGENTS_FROM_SOURCE=1 runs server/main.ts through tsx instead (no build), e.g. to debug.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "../..");
const DIST = join(ROOT, "dist");
/** The launcher of the build: `node dist/launcher.js <command>`. */
export const DIST_LAUNCHER = join(DIST, "launcher.js");
/** The TypeScript entry point, run through tsx's loader with CLOUD_AGENTS_FROM_SOURCE=1. */
export const SERVER_MAIN = join(ROOT, "server/main.ts");
/** `node --import <tsx loader>`: runs a TypeScript entry point in this one process. */
export const NODE_TSX: readonly string[] = [
  process.execPath,
  "--import",
  pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href,
];
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
  return [process.execPath, [...nodeArgs, DIST_LAUNCHER, ...args]];
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
  const child = spawn(process.execPath, [join(ROOT, "scripts/build.mjs")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { code, output } = await finished(child, BUILD_TIMEOUT_MS);
  if (code !== 0) throw new Error(`scripts/build.mjs failed (exit ${code}):\n${output}`);
  if (!/up to date/.test(output)) process.stderr.write(`serverBundle: ${output}`);
  if (!hasCodeCache()) await warmCodeCache();
}

/**
 * True when dist/v8-cache holds a code cache: each build has its own folder, so a new build
 * starts without one (an unchanged build is not made again and keeps it).
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
