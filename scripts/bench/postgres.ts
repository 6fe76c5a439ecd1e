/**
 * The PostgreSQL columns of `npm run bench`: one throwaway PostgreSQL 15 server for the whole run
 * (scripts/lib/postgresServer.ts), databases seeded through the storage layer like the SQLite ones,
 * and the environment that points a service process (one replica, or two on one database) at them.
 * Without the server binaries (or with `--no-postgres`) the sections skip these figures and say why.
 */
import { randomBytes } from "node:crypto";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { openStorage } from "../../server/storage/open.ts";
import { findPostgresBinaries, type PostgresServer, startPostgresServer } from "../lib/postgresServer.ts";
import type { Figure } from "./figure.ts";
import { seedStorage, step } from "./seed.ts";

/**
 * The run's PostgreSQL server and the secret key every replica shares, or why there is none:
 * `skipped` in a few words (the table's cells), `detail` in full (printed once, in results.json).
 */
export type BenchPostgres = { server: PostgresServer; secretKey: string } | { skipped: string; detail: string };

/** The replica counts every PostgreSQL figure is measured with: one service process, and two on one database. */
export const REPLICA_COUNTS = [1, 2] as const;

/** The suffix of a PostgreSQL figure's name, e.g. " [postgres ×2]". */
export const postgresSuffix = (replicas: number) => ` [postgres ×${replicas}]`;

/** Starts the run's PostgreSQL server; without binaries, or when it cannot start, the reason to print instead. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const found = findPostgresBinaries();
  if ("error" in found) {
    return { skipped: "no PostgreSQL server binaries (install postgresql-15 or set PG_BIN)", detail: found.error };
  }
  try {
    const server = await startPostgresServer({ bin: found.bin });
    return { server, secretKey: randomBytes(32).toString("base64") };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { skipped: `the PostgreSQL server did not start (${detail.split("\n")[0]?.slice(0, 80)})`, detail };
  }
}

/** What a service process needs to run on `url`: the URL and the key every replica shares. */
export function postgresEnv(bench: { secretKey: string }, url: string): Record<string, string> {
  return { DATABASE_URL: url, CLOUD_AGENTS_SECRET_KEY: bench.secretKey };
}

/**
 * Creates database `name`, migrates it and seeds it through the storage layer (openStorage with the
 * PostgreSQL URL) with the same data as the SQLite seed: account `default` holding `token`, `skills`
 * skills. Returns its URL. Closed after: it can serve as the TEMPLATE of per-server copies.
 */
export async function seedPostgresDatabase(
  bench: { server: PostgresServer; secretKey: string },
  name: string,
  token: string,
  skills: number,
): Promise<string> {
  const url = await step(`creating PostgreSQL database ${name}`, () => bench.server.createDatabase(name));
  const config = loadConfig(postgresEnv(bench, url));
  const storage = await step(`opening and migrating PostgreSQL database ${name}`, () =>
    openStorage(config, { clock: systemClock, migrate: true }),
  );
  try {
    await seedStorage(storage, token, skills);
  } finally {
    await storage.close();
  }
  return url;
}

/** The PostgreSQL figures of a section as not measured, saying why (no server binaries, ...). */
export function skippedFigures(section: string, names: string[], why: string): Figure[] {
  return REPLICA_COUNTS.flatMap((replicas) =>
    names.map((name) => ({
      section,
      name: `${name}${postgresSuffix(replicas)}`,
      value: Number.NaN,
      unit: "",
      skipped: why,
    })),
  );
}
