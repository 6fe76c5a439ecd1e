/**
 * PostgreSQL for tests: the server the globalSetup (test/helpers/servers/postgresServer.ts) started for
 * this run, and a new empty database on it per caller.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** The test server's base URL; throws saying what is missing when it could not start. */
export function postgresServerUrl(): string {
  const server = inject("postgres");
  if (!server)
    throw new Error(
      "No PostgreSQL test server: test/helpers/servers/postgresServer.ts is not a globalSetup of this config",
    );
  if ("error" in server) throw new Error(server.error);
  return server.url;
}

/** Creates a new, empty database on the test server and returns its URL. */
export async function freshPostgresDatabase(): Promise<string> {
  const base = postgresServerUrl();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}
