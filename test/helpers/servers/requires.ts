/**
 * Tests that need an optional system program (Go, Python, Chromium, the PostgreSQL server binaries,
 * the sandbox's bubblewrap, socat and ripgrep) ask here first. Where the program is missing, the
 * answer is why (the Debian package to install) and the tests skip, with ONE line printed; under
 * `CI=true` a missing program fails the file instead (`.ci/run` installs them all, so a skip there
 * would hide a broken install step).
 *
 *   const missing = requireProgram("go", "golang-go");
 *   describe.skipIf(missing !== null)("…", () => { … });
 */
import { accessSync, constants, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { inject } from "vitest";
import { PACKAGE_OF as SANDBOX_PROGRAMS } from "../../../server/sandbox/port.ts";

const reported = new Set<string>();

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `program` (a name looked up on PATH, or an absolute path) can be run. */
export function hasProgram(program: string): boolean {
  if (isAbsolute(program)) return executable(program);
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && executable(join(dir, program)));
}

/** Skips (one line) or, under CI=true, fails: the common end of every requirement. */
function missing(what: string, debianPackage: string): string {
  const reason = `${what} not found: install it with \`apt-get install -y ${debianPackage}\``;
  if (process.env.CI === "true") {
    throw new Error(`${reason} (CI=true: a missing program fails instead of skipping; .ci/run installs it)`);
  }
  if (!reported.has(reason)) {
    reported.add(reason);
    console.warn(`skipped: ${reason}`);
  }
  return reason;
}

/** null when `program` can run here; otherwise why not (the tests skip, or fail under CI=true). */
export function requireProgram(program: string, debianPackage: string): string | null {
  return hasProgram(program) ? null : missing(`\`${program}\``, debianPackage);
}

/**
 * null when the run's PostgreSQL test server is up (test/helpers/servers/postgresServer.ts, a globalSetup);
 * otherwise why not. Without the binaries the SQLite side of every suite still runs.
 */
export function requirePostgres(): string | null {
  const server = inject("postgres");
  if (server && !("error" in server)) return null;
  return missing("the PostgreSQL 15 server binaries (initdb, pg_ctl)", "postgresql-15");
}

/** null when the sandbox's programs (bubblewrap, socat, ripgrep) are all here; otherwise why not. */
export function requireSandboxPrograms(): string | null {
  const reasons = Object.entries(SANDBOX_PROGRAMS)
    .map(([program, debianPackage]) => requireProgram(program, debianPackage))
    .filter((r): r is string => r !== null);
  return reasons.length === 0 ? null : reasons.join("; ");
}

/**
 * The cgroup v1 controllers (`pids`, `memory`) under which this process may make groups, found
 * without the server's code (its own group from /proc/self/cgroup, a probe group made and
 * removed): the sandbox must use exactly these, so a sandbox that silently gives up on groups
 * the host allows fails its tests instead of skipping their assertions.
 */
export function writableCgroups(): string[] {
  let own = "";
  try {
    own = readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const controller of ["pids", "memory"]) {
    const path = new RegExp(`^\\d+:(?:[^:]*,)?${controller}(?:,[^:]*)?:(.*)$`, "m").exec(own)?.[1];
    if (path === undefined) continue;
    const probe = join("/sys/fs/cgroup", controller, path, `cloud-agents-probe-${process.pid}`);
    try {
      mkdirSync(probe);
      rmdirSync(probe);
      found.push(controller);
    } catch {
      // Not writable here.
    }
  }
  return found;
}
