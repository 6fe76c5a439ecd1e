/**
 * A throwaway PostgreSQL 15 server: a temp data directory, a free port, fsync off (the data is
 * thrown away), stopped and removed after. As root (the CI) it runs as user `postgres`, as
 * PostgreSQL refuses root. Used by the test suite's globalSetup (test/helpers/servers/postgresServer.ts)
 * and by `npm run bench` (its PostgreSQL columns).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./serverProcess.ts";

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

/** The folder holding initdb and pg_ctl, or why there is none (what to install). */
export function findPostgresBinaries(): { bin: string } | { error: string } {
  const candidates = candidateBinDirs();
  for (const dir of candidates) {
    if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return { bin: dir };
  }
  return {
    error:
      "PostgreSQL 15 server binaries (initdb, pg_ctl) were not found in " +
      `${candidates.join(", ")}: install them (Debian: apt-get install -y postgresql-15) or set PG_BIN to their folder.`,
  };
}

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT` (no database name: append `/<database>`). */
  url: string;
  /** Creates a database (optionally a copy of `template`, which must have no open connection); returns its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  /** Stops the server (immediate shutdown) and removes its data directory. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** The folder of initdb and pg_ctl (default: findPostgresBinaries(), throwing when there is none). */
  bin?: string;
  /** max_connections (default 300: several service pools and test files share the server). */
  maxConnections?: number;
}

/** Starts a throwaway server and resolves once it accepts connections (about a second after initdb). */
export async function startPostgresServer(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  let bin = options.bin;
  if (!bin) {
    const found = findPostgresBinaries();
    if ("error" in found) throw new Error(found.error);
    bin = found.bin;
  }
  const binDir = bin;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "cloud-agents-pg-"));
  const data = join(dir, "data");
  /** Runs a PostgreSQL tool, as user postgres when we are root. */
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(binDir, tool), ...args]]
      : [join(binDir, tool), args];
    const result = spawnSync(cmd as string, argv as string[], { encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(
        `${tool} ${args.join(" ")} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error?.message}`,
      );
    }
  };
  const port = await freePort();
  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    }
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      `-c max_connections=${options.maxConnections ?? 300}`,
    ].join(" ");
    run("pg_ctl", ["-D", data, "-o", serverOptions, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}`;
  let stopped: Promise<void> | null = null;
  return {
    url,
    async createDatabase(name, template) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name) || (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))) {
        throw new Error(`not a plain database name: ${name}${template ? ` / ${template}` : ""}`);
      }
      const admin = new pg.Client({ connectionString: `${url}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
      } finally {
        await admin.end();
      }
      return `${url}/${name}`;
    },
    stop() {
      stopped ??= (async () => {
        try {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      })();
      return stopped;
    },
  };
}
