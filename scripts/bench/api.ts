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
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/serverProcess.ts";
import { type Figure, judged } from "./figure.ts";
import { fixedRate, type LoadRequest, maxRate } from "./load.ts";
import { copyDatabase, seedDatabase, step } from "./seed.ts";
import { type BenchProcess, cpuMs, startBare, startServiceProcess } from "./servers.ts";
import { median, round } from "./stats.ts";

export const BENCH_TOKEN = "cat_bench_0123456789abcdefghijklmnopqrstuv";
const CONNECTIONS = 16;
const SKILLS = 20;

export interface ApiBenchOptions {
  quick?: boolean;
  runs?: number;
}

interface Probe {
  label: string;
  request: LoadRequest;
  /** The target for the requests/s ratio against the bare Express handler. */
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
    const service = await startServiceProcess({
      dataDir: join(dir, "service"),
      token: BENCH_TOKEN,
      port: await freePort(),
    });
    servers.push(service);
    // The page the bare handlers return: the service's own answer to the same request.
    const page = await fetch(`${service.base}/api/v1/cloud/skills?limit=20`, {
      headers: { authorization: `Bearer ${BENCH_TOKEN}` },
    });
    const pageText = await page.text();
    if (page.status !== 200) throw new Error(`GET /skills on the service answered ${page.status}: ${pageText}`);
    const bodyFile = join(dir, "skills-page.json");
    writeFileSync(bodyFile, pageText);
    const express = await startBare("express", copyDatabase(join(dir, "seed"), join(dir, "express")), bodyFile);
    servers.push(express);
    const http = await startBare("http", copyDatabase(join(dir, "seed"), join(dir, "http")), bodyFile);
    servers.push(http);
    const order = [service, express, http];

    const figures: Figure[] = [];
    for (const probe of probes()) {
      const rates = new Map<BenchProcess, number[]>(order.map((s) => [s, []]));
      // Requests per CPU-second of the server process (warm-up included): a busy
      // machine slows every process down, but changes the CPU a request costs much less.
      const perCpu = new Map<BenchProcess, number[]>(order.map((s) => [s, []]));
      for (let run = 0; run < runs; run++) {
        for (const server of order) {
          const cpuBefore = cpuMs(server.child.pid);
          const result = await maxRate(server.base, probe.request, { connections: CONNECTIONS, durationMs, warmupMs });
          const cpuSeconds = (cpuMs(server.child.pid) - cpuBefore) / 1000;
          rates.get(server)?.push(result.perSecond);
          perCpu.get(server)?.push(result.allRequests / cpuSeconds);
        }
      }
      const cpuRate = (s: BenchProcess) => median(perCpu.get(s) ?? []);
      const rate = (s: BenchProcess) => median(rates.get(s) ?? []);
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

      // Latency at half of the service's maximum rate, the same rate for every server.
      const half = Math.max(1, Math.round(rate(service) / 2));
      const p50s = new Map<BenchProcess, number[]>(order.map((s) => [s, []]));
      const p99s = new Map<BenchProcess, number[]>(order.map((s) => [s, []]));
      for (let run = 0; run < runs; run++) {
        for (const server of order) {
          const result = await fixedRate(server.base, probe.request, {
            rate: half,
            durationMs,
            warmupMs,
            connections: 64,
          });
          p50s.get(server)?.push(result.p50);
          p99s.get(server)?.push(result.p99);
        }
      }
      const p = (m: Map<BenchProcess, number[]>, s: BenchProcess) => median(m.get(s) ?? []);
      const latencyNote = `${half} req/s (half the service's maximum), ${runs} interleaved runs of ${durationMs / 1000} s, medians`;
      figures.push(
        judged({
          section: "api",
          name: `${probe.label} p99 at half max`,
          value: round(p(p99s, service)),
          unit: "ms",
          baseline: { name: "bare Express 5 handler, same rate", value: round(p(p99s, express)) },
          ratio: round(p(p99s, service) / p(p99s, express)),
          ...(probe.p99Target === undefined ? {} : { target: { of: "ratio", op: "<=", value: probe.p99Target } }),
          note: latencyNote,
        }),
        {
          section: "api",
          name: `${probe.label} p50 at half max`,
          value: round(p(p50s, service)),
          unit: "ms",
          baseline: { name: "bare Express 5 handler, same rate", value: round(p(p50s, express)) },
          ratio: round(p(p50s, service) / p(p50s, express)),
          note: latencyNote,
        },
      );
    }
    figures.push(
      judged({
        section: "api",
        name: "peak RSS under the API load",
        value: round(service.peakRssMiB()),
        unit: "MiB",
        baseline: { name: "bare Express 5 server, same load", value: round(express.peakRssMiB()) },
        ratio: round(service.peakRssMiB() / express.peakRssMiB()),
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
