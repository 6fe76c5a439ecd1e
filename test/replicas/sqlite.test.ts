/** The replica drill (test/replicas/drill.ts) with two server processes on one SQLite file. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DEPLOYMENTS, EVENTS, runReplicaDrill } from "./drill.ts";

const dataDir = mkdtempSync(join(tmpdir(), "cas-replicas-sqlite-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it(`two processes on one SQLite file: ${EVENTS} events and ${DEPLOYMENTS} every-minute deployments across a SIGKILL, nothing lost, doubled or missed`, async () => {
  const report = await runReplicaDrill({ name: "sqlite", dataDir });
  expect(report.acknowledged).toBeGreaterThanOrEqual(EVENTS);
  expect(report.lost).toBe(0);
  expect(report.pending).toBe(0);
  expect(report.doubled).toBe(0);
  expect(report.missed).toBe(0);
  expect(report.unsettled).toBe(0);
  expect(report.turnsDoubled).toBe(0);
  expect(report.runs).toBeGreaterThanOrEqual(DEPLOYMENTS * 2);
});
