/**
 * The API section: the service (as `npm start` runs it) against a bare Express 5 handler and a
 * bare `node:http` handler (scripts/bench/bare.ts) doing the same token check and returning the
 * same body, or making the same single SQLite insert. Three processes on copies of one seeded
 * database; the load comes from this process.
 *
 * For each request: the maximum rate (closed loop, CONNECTIONS in flight), then p50/p99 at half
 * of the service's maximum rate (open loop, the same rate for every server). Each measurement is
 * taken `runs` times with the servers alternating (service, Express, node:http, service, ...) and
 * the medians compared. The service's peak RSS is read at the end, after all of that load.
 *
 * PostgreSQL columns (informational, no targets): the same requests to the service on PostgreSQL
 * 15 (scripts/bench/postgres.ts), one replica and two replicas on one database with the load's
 * connections spread across both, each on its own copy (CREATE DATABASE ... TEMPLATE) of a
 * database seeded like the SQLite one. They join the same interleaved runs and are compared with
 * the same bare Express baseline; their latency is taken at half of their own maximum rate, with
 * the baseline at that rate too.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/serverProcess.ts";
import { type Figure, judged } from "./figure.ts";
import { fixedRate, type LoadRequest, maxRate } from "./load.ts";
import {
  type BenchPostgres,
  postgresEnv,
  postgresSuffix,
  REPLICA_COUNTS,
  seedPostgresDatabase,
  skippedFigures,
} from "./postgres.ts";
import { copyDatabase, seedDatabase, step } from "./seed.ts";
import { type BenchProcess, cpuMs, machineBusySince, machineCpu, startBare, startServiceProcess } from "./servers.ts";
import { median, round } from "./stats.ts";

export const BENCH_TOKEN = "cat_bench_0123456789abcdefghijklmnopqrstuv";
const CONNECTIONS = 16;
const SKILLS = 20;

export interface ApiBenchOptions {
  quick?: boolean;
  runs?: number;
  /** The run's PostgreSQL server (or why there is none); null or absent: no PostgreSQL figures. */
  postgres?: BenchPostgres | null;
}

/** What one measurement loads: one server, or the replicas of the service sharing one database. */
interface Target {
  processes: BenchProcess[];
  origins: string[];
}

const single = (p: BenchProcess): Target => ({ processes: [p], origins: [p.base] });
/** CPU milliseconds of every process of a target (the database server's not counted). */
const targetCpuMs = (t: Target) => t.processes.reduce((sum, p) => sum + cpuMs(p.child.pid), 0);

interface Probe {
  label: string;
  request: LoadRequest;
  /** The issue's target for the requests/s ratio against the bare Express handler. */
  rateTarget: number;
  /** A target on the p99 ratio at half the maximum rate. */
  p99Target?: number;
}

function probes(): Probe[] {
  const headers = { authorization: `Bearer ${BENCH_TOKEN}` };
  const json = { ...headers, "content-type": "application/json" };
  let n = 0;
  return [
    {
      label: "GET /skills?limit=20",
      request: { method: "GET", path: "/api/v1/cloud/skills?limit=20", headers },
      rateTarget: 0.75,
      p99Target: 2,
    },
    {
      label: "POST /vaults",
      request: {
        method: "POST",
        path: "/api/v1/cloud/vaults",
        headers: json,
        body: () => JSON.stringify({ display_name: `Bench vault ${++n}`, metadata: { team: "bench" } }),
      },
      rateTarget: 0.6,
    },
    {
      label: "POST /agents",
      request: {
        method: "POST",
        path: "/api/v1/cloud/agents",
        headers: json,
        body: () => JSON.stringify({ name: `bench-agent-${++n}`, model: "echo" }),
      },
      rateTarget: 0.6,
    },
  ];
}

export async function runApiBench(options: ApiBenchOptions = {}): Promise<Figure[]> {
  const runs = options.runs ?? (options.quick ? 1 : 3);
  const durationMs = options.quick ? 2000 : 5000;
  const warmupMs = options.quick ? 500 : 1000;
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-api-"));
  const servers: BenchProcess[] = [];
  try {
    await step("seeding the API database", () => seedDatabase(join(dir, "seed"), BENCH_TOKEN, SKILLS));
    copyDatabase(join(dir, "seed"), join(dir, "service"));
    const serviceProcess = await startServiceProcess({
      dataDir: join(dir, "service"),
      token: BENCH_TOKEN,
      port: await freePort(),
    });
    servers.push(serviceProcess);
    // The page the bare handlers return: the service's own answer to the same request.
    const page = await fetch(`${serviceProcess.base}/api/v1/cloud/skills?limit=20`, {
      headers: { authorization: `Bearer ${BENCH_TOKEN}` },
    });
    const pageText = await page.text();
    if (page.status !== 200) throw new Error(`GET /skills on the service answered ${page.status}: ${pageText}`);
    const bodyFile = join(dir, "skills-page.json");
    writeFileSync(bodyFile, pageText);
    const expressProcess = await startBare("express", copyDatabase(join(dir, "seed"), join(dir, "express")), bodyFile);
    servers.push(expressProcess);
    const httpProcess = await startBare("http", copyDatabase(join(dir, "seed"), join(dir, "http")), bodyFile);
    servers.push(httpProcess);
    // The same-work baseline of GET /skills: Express with the service's own SQLite list query.
    const workProcess = await startBare(
      "express-work",
      copyDatabase(join(dir, "seed"), join(dir, "express-work")),
      bodyFile,
    );
    servers.push(workProcess);
    // The same work: the baseline's page must be the service's (the same rows, in the same order).
    const workPage = await fetch(`${workProcess.base}/api/v1/cloud/skills?limit=20`, {
      headers: { authorization: `Bearer ${BENCH_TOKEN}` },
    });
    const ids = (text: string) => (JSON.parse(text) as { data: { id: string }[] }).data.map((s) => s.id).join(",");
    const workText = await workPage.text();
    if (workPage.status !== 200 || ids(workText) !== ids(pageText)) {
      throw new Error(
        `the same-work baseline's GET /skills page is not the service's: ${workPage.status} ${ids(workText) || workText} vs ${ids(pageText)}`,
      );
    }
    const service = single(serviceProcess);
    const express = single(expressProcess);
    const http = single(httpProcess);
    const work = single(workProcess);

    // The service on PostgreSQL: one replica, and two replicas sharing one database.
    const onPostgres: { replicas: number; target: Target }[] = [];
    const pgBench = options.postgres && "server" in options.postgres ? options.postgres : null;
    if (pgBench) {
      await step("seeding the API database on PostgreSQL", () =>
        seedPostgresDatabase(pgBench, "api_seed", BENCH_TOKEN, SKILLS),
      );
      for (const replicas of REPLICA_COUNTS) {
        const url = await step(`copying the PostgreSQL seed for ${replicas} replica(s)`, () =>
          pgBench.server.createDatabase(`api_replicas_${replicas}`, "api_seed"),
        );
        const processes: BenchProcess[] = [];
        for (let i = 0; i < replicas; i++) {
          const replica = await startServiceProcess({
            dataDir: join(dir, `postgres-${replicas}-${i}`),
            token: BENCH_TOKEN,
            port: await freePort(),
            env: postgresEnv(pgBench, url),
          });
          servers.push(replica);
          processes.push(replica);
        }
        onPostgres.push({ replicas, target: { processes, origins: processes.map((p) => p.base) } });
      }
    }
    const order = [service, ...onPostgres.map((p) => p.target), express, http];

    const figures: Figure[] = [];
    for (const probe of probes()) {
      // The same-work baseline only answers GET /skills differently from the bare Express app.
      const sameWork = probe.request.method === "GET";
      const targets = sameWork ? [...order, work] : order;
      const rates = new Map<Target, number[]>(targets.map((s) => [s, []]));
      // Requests per CPU-second of the server process (warm-up included): a busy
      // machine slows every process down, but changes the CPU a request costs much less.
      const perCpu = new Map<Target, number[]>(targets.map((s) => [s, []]));
      // The share of the whole machine's CPU busy during each run (service, load, database server).
      const busy = new Map<Target, number[]>(targets.map((s) => [s, []]));
      for (let run = 0; run < runs; run++) {
        for (const target of targets) {
          const cpuBefore = targetCpuMs(target);
          const machineBefore = machineCpu();
          const result = await maxRate(target.origins, probe.request, {
            connections: CONNECTIONS,
            durationMs,
            warmupMs,
          });
          const cpuSeconds = (targetCpuMs(target) - cpuBefore) / 1000;
          rates.get(target)?.push(result.perSecond);
          perCpu.get(target)?.push(result.allRequests / cpuSeconds);
          busy.get(target)?.push(machineBusySince(machineBefore));
        }
      }
      const cpuRate = (s: Target) => median(perCpu.get(s) ?? []);
      const rate = (s: Target) => median(rates.get(s) ?? []);
      const pct = (s: Target) => `${Math.round(100 * median(busy.get(s) ?? []))}%`;
      const note = `${runs} interleaved runs of ${durationMs / 1000} s, ${CONNECTIONS} connections, medians`;
      figures.push(
        judged({
          section: "api",
          name: `${probe.label} requests/s`,
          value: round(rate(service)),
          unit: "req/s",
          baseline: { name: "bare Express 5 handler", value: round(rate(express)) },
          ratio: round(rate(service) / rate(express)),
          target: { of: "ratio", op: ">=", value: probe.rateTarget },
          note,
        }),
        {
          section: "api",
          name: `${probe.label} requests per CPU-second`,
          value: round(cpuRate(service)),
          unit: "req/CPU-s",
          baseline: { name: "bare Express 5 handler", value: round(cpuRate(express)) },
          ratio: round(cpuRate(service) / cpuRate(express)),
          note: `the same runs; requests completed per second of the server process's CPU time (vs node:http: ${round(cpuRate(service) / cpuRate(http))})`,
        },
        {
          section: "api",
          name: `${probe.label} requests/s vs node:http`,
          value: round(rate(service)),
          unit: "req/s",
          baseline: { name: "bare node:http handler", value: round(rate(http)) },
          ratio: round(rate(service) / rate(http)),
          note,
        },
      );
      if (sameWork) {
        figures.push(
          judged({
            section: "api",
            name: `${probe.label} requests/s vs the same SQLite work`,
            value: round(rate(service)),
            unit: "req/s",
            baseline: { name: "bare Express 5, same token lookup, list query and JSON", value: round(rate(work)) },
            ratio: round(rate(service) / rate(work)),
            target: { of: "ratio", op: ">=", value: 0.8 },
            note: `${note}; requests per CPU-second ${round(cpuRate(service))} vs ${round(cpuRate(work))}`,
          }),
        );
      }

      /** p50 and p99 of each target at `perSecond` (open loop), interleaved, `runs` times. */
      const latencies = async (targets: Target[], perSecond: number) => {
        const p50s = new Map<Target, number[]>(targets.map((s) => [s, []]));
        const p99s = new Map<Target, number[]>(targets.map((s) => [s, []]));
        for (let run = 0; run < runs; run++) {
          for (const target of targets) {
            const result = await fixedRate(target.origins, probe.request, {
              rate: perSecond,
              durationMs,
              warmupMs,
              connections: 64,
            });
            p50s.get(target)?.push(result.p50);
            p99s.get(target)?.push(result.p99);
          }
        }
        return {
          p50: (s: Target) => median(p50s.get(s) ?? []),
          p99: (s: Target) => median(p99s.get(s) ?? []),
        };
      };

      // Latency at half of the service's maximum rate, the same rate for every server.
      const half = Math.max(1, Math.round(rate(service) / 2));
      const { p50, p99 } = await latencies([service, express, http], half);
      const latencyNote = `${half} req/s (half the service's maximum), ${runs} interleaved runs of ${durationMs / 1000} s, medians`;
      figures.push(
        judged({
          section: "api",
          name: `${probe.label} p99 at half max`,
          value: round(p99(service)),
          unit: "ms",
          baseline: { name: "bare Express 5 handler, same rate", value: round(p99(express)) },
          ratio: round(p99(service) / p99(express)),
          ...(probe.p99Target === undefined ? {} : { target: { of: "ratio", op: "<=", value: probe.p99Target } }),
          note: latencyNote,
        }),
        {
          section: "api",
          name: `${probe.label} p50 at half max`,
          value: round(p50(service)),
          unit: "ms",
          baseline: { name: "bare Express 5 handler, same rate", value: round(p50(express)) },
          ratio: round(p50(service) / p50(express)),
          note: latencyNote,
        },
      );

      // The same figures on PostgreSQL, informational: latency at half of each one's own maximum.
      for (const { replicas, target } of onPostgres) {
        const suffix = postgresSuffix(replicas);
        const where = `${replicas === 1 ? "one service process" : `${replicas} service processes on one database, the load's connections spread across them`}, PostgreSQL 15 on the same machine`;
        figures.push({
          section: "api",
          name: `${probe.label} requests/s${suffix}`,
          value: round(rate(target)),
          unit: "req/s",
          baseline: { name: "bare Express 5 handler (SQLite)", value: round(rate(express)) },
          ratio: round(rate(target) / rate(express)),
          note: `${where}; ${note}; requests per CPU-second of the service process(es), the database server's not counted: ${round(cpuRate(target))}`,
        });
        const halfOwn = Math.max(1, Math.round(rate(target) / 2));
        const own = await latencies([target, express], halfOwn);
        const ownNote = `${where}; ${halfOwn} req/s (half its own maximum), the baseline at the same rate, ${runs} interleaved runs of ${durationMs / 1000} s, medians`;
        figures.push(
          ...(["p99", "p50"] as const).map((p) => ({
            section: "api",
            name: `${probe.label} ${p} at half max${suffix}`,
            value: round(own[p](target)),
            unit: "ms",
            baseline: { name: "bare Express 5 handler (SQLite), same rate", value: round(own[p](express)) },
            ratio: round(own[p](target) / own[p](express)),
            note: ownNote,
          })),
        );
      }
      const pgOne = onPostgres.find((p) => p.replicas === 1);
      const pgTwo = onPostgres.find((p) => p.replicas === 2);
      if (pgOne && pgTwo && probe.request.method === "POST") {
        figures.push(
          judged({
            section: "api",
            name: `${probe.label} requests/s, PostgreSQL ×2 vs ×1`,
            value: round(rate(pgTwo.target)),
            unit: "req/s",
            baseline: { name: "one replica on PostgreSQL, same runs", value: round(rate(pgOne.target)) },
            ratio: round(rate(pgTwo.target) / rate(pgOne.target)),
            target: { of: "ratio", op: ">=", value: 1.0 },
            note: `${note}; two service processes and PostgreSQL 15 on the same cores as one; the machine's CPU busy ${pct(pgTwo.target)} (×2) vs ${pct(pgOne.target)} (×1); requests per CPU-second of the service processes ${round(cpuRate(pgTwo.target))} vs ${round(cpuRate(pgOne.target))}`,
          }),
        );
      }
      if (options.postgres && "skipped" in options.postgres) {
        const names = ["requests/s", "p99 at half max", "p50 at half max"].map((n) => `${probe.label} ${n}`);
        figures.push(...skippedFigures("api", names, options.postgres.skipped));
      }
    }
    figures.push(
      judged({
        section: "api",
        name: "peak RSS under the API load",
        value: round(serviceProcess.peakRssMiB()),
        unit: "MiB",
        baseline: { name: "bare Express 5 server, same load", value: round(expressProcess.peakRssMiB()) },
        ratio: round(serviceProcess.peakRssMiB() / expressProcess.peakRssMiB()),
        target: { of: "value", op: "<=", value: 160 },
        note: "VmHWM of the service process after every API measurement above",
      }),
    );
    return figures;
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
