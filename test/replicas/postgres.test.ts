/**
 * The replica drill (test/replicas/drill.ts) with two server processes on one fresh PostgreSQL
 * database (the server test/helpers/servers/postgresServer.ts started for this run). The replicas share
 * one CLOUD_AGENTS_SECRET_KEY, as every replica of a PostgreSQL deployment must.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { DEPLOYMENTS, EVENTS, runReplicaDrill } from "./drill.ts";

const dataDir = mkdtempSync(join(tmpdir(), "cas-replicas-postgres-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let databaseUrl = "";
beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase();
});

it(`two processes on one PostgreSQL database: ${EVENTS} events and ${DEPLOYMENTS} every-minute deployments across a SIGKILL, nothing lost, doubled or missed`, async () => {
  const report = await runReplicaDrill({
    name: "postgres",
    dataDir,
    env: { DATABASE_URL: databaseUrl, CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64") },
  });
  expect(report.acknowledged).toBeGreaterThanOrEqual(EVENTS);
  expect(report.lost).toBe(0);
  expect(report.pending).toBe(0);
  expect(report.doubled).toBe(0);
  expect(report.missed).toBe(0);
  expect(report.unsettled).toBe(0);
  expect(report.turnsDoubled).toBe(0);
  expect(report.runs).toBeGreaterThanOrEqual(DEPLOYMENTS * 2);
});
