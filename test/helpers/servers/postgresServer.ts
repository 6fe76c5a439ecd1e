/**
 * Vitest globalSetup: starts ONE real PostgreSQL 15 server for the whole test run
 * (scripts/lib/postgresServer.ts: a temp data directory, a free port, fsync off), provides its base
 * URL to the test files (test/helpers/servers/postgres.ts creates a database per file), and stops and
 * removes it after.
 *
 * Without the binaries the run goes on: the tests that need PostgreSQL fail saying what to install
 * (provided `error`), the rest are unaffected.
 */
import type { TestProject } from "vitest/node";
import { findPostgresBinaries, startPostgresServer } from "../../../scripts/lib/postgresServer.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test server's base URL (no database name), or why there is none. */
    postgres: { url: string } | { error: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const found = findPostgresBinaries();
  if ("error" in found) {
    project.provide("postgres", { error: found.error });
    return async () => {};
  }
  const server = await startPostgresServer({ bin: found.bin });
  project.provide("postgres", { url: server.url });
  return () => server.stop();
}
