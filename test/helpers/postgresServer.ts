/**
 * Vitest globalSetup: starts ONE real PostgreSQL 15 server for the whole test run (a temp data
 * directory, a free port, fsync off: the data is thrown away), provides its base URL to the test
 * files (test/helpers/postgres.ts creates a database per file), and stops and removes it after.
 * As root (the CI) the server runs as user `postgres`, as PostgreSQL refuses root.
 *
 * Without the binaries the run goes on: the tests that need PostgreSQL fail saying what to install
 * (provided `error`), the rest are unaffected.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test server's base URL (no database name), or why there is none. */
    postgres: { url: string } | { error: string };
  }
}

/** Where initdb and pg_ctl may be: $PG_BIN, Debian's versioned folders (15 first), pg_config's, the usual ones. */
function candidateBinDirs(): string[] {
  // Set explicitly, it is the only place looked at: a wrong PG_BIN fails rather than finding another server.
  if (process.env.PG_BIN) return [process.env.PG_BIN];
  const debian = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .filter((v) => /^\d+$/.test(v) && Number(v) >= 15)
        .sort((a, b) => (a === "15" ? -1 : b === "15" ? 1 : Number(b) - Number(a)))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  let pgConfig: string | null = null;
  try {
    pgConfig = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // No pg_config on PATH.
  }
  return [...debian, pgConfig, "/usr/local/pgsql/bin", "/usr/local/bin", "/usr/bin"].filter((d): d is string =>
    Boolean(d),
  );
}

function findBinDir(candidates: string[]): string | null {
  for (const dir of candidates) {
    if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const candidates = candidateBinDirs();
  const bin = findBinDir(candidates);
  if (!bin) {
    project.provide("postgres", {
      error:
        "PostgreSQL 15 server binaries (initdb, pg_ctl) were not found in " +
        `${candidates.join(", ")}: install them (Debian: apt-get install -y postgresql-15) or set PG_BIN to their folder.`,
    });
    return async () => {};
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "cloud-agents-pg-"));
  const data = join(dir, "data");
  /** Runs a PostgreSQL tool, as user postgres when we are root. */
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const result = spawnSync(cmd as string, argv as string[], { encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
    ].join(" ");
    run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide("postgres", { url: `postgres://postgres@127.0.0.1:${port}` });
  return async () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
