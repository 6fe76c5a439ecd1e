/**
 * The list section: does a page cost the same at 1,000 and at 1,000,000 rows? Two databases are
 * seeded through the storage layer (one account with 1k skills; one with 1M, `--quick`: 100k),
 * the service (as `npm start` runs it) serves each, and the same list requests are timed on both,
 * one request at a time, the two servers alternating run by run. Ratio: median at 1M / at 1k.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/serverProcess.ts";
import { BENCH_TOKEN } from "./api.ts";
import { type Figure, judged } from "./figure.ts";
import { type LoadRequest, sequentialLatency } from "./load.ts";
import { seedDatabase, step } from "./seed.ts";
import { type BenchProcess, startServiceProcess } from "./servers.ts";
import { median, percentile, round } from "./stats.ts";

const SMALL = 1_000;

export async function runListBench(options: { quick?: boolean; runs?: number } = {}): Promise<Figure[]> {
  const large = options.quick ? 100_000 : 1_000_000;
  const runs = options.runs ?? (options.quick ? 1 : 3);
  const requests = options.quick ? 100 : 300;
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-lists-"));
  const servers: BenchProcess[] = [];
  try {
    const small = await step(`seeding ${SMALL} skills`, () => seedDatabase(join(dir, "small"), BENCH_TOKEN, SMALL));
    const t0 = performance.now();
    const big = await step(`seeding ${large} skills`, () => seedDatabase(join(dir, "large"), BENCH_TOKEN, large));
    const seedSeconds = (performance.now() - t0) / 1000;
    console.error(`bench: lists: ${large} skills seeded in ${seedSeconds.toFixed(0)} s`);
    const smallServer = await startServiceProcess({
      dataDir: join(dir, "small"),
      token: BENCH_TOKEN,
      port: await freePort(),
    });
    servers.push(smallServer);
    const largeServer = await startServiceProcess({
      dataDir: join(dir, "large"),
      token: BENCH_TOKEN,
      port: await freePort(),
    });
    servers.push(largeServer);

    const headers = { authorization: `Bearer ${BENCH_TOKEN}` };
    const middle = (ids: string[]) => ids[Math.floor(ids.length / 2)] as string;
    const queries: { label: string; target: boolean; at: (ids: string[]) => LoadRequest }[] = [
      {
        label: "first page (limit=20)",
        target: true,
        at: () => ({ method: "GET", path: "/api/v1/cloud/skills?limit=20", headers }),
      },
      {
        label: "deep cursor (page= middle)",
        target: true,
        at: (ids) => ({ method: "GET", path: `/api/v1/cloud/skills?limit=20&page=${middle(ids)}`, headers }),
      },
      {
        label: "name= prefix, 10 matches",
        target: false,
        at: () => ({ method: "GET", path: "/api/v1/cloud/skills?limit=20&name=bench-000001", headers }),
      },
    ];
    // A first pass over every query on both servers warms them up (JIT, statement cache, the
    // pages each query reads), so both sizes are compared warm.
    for (const q of queries) {
      await sequentialLatency(smallServer.base, q.at(small.skillIds), { requests: 100, warmup: 0 });
      await sequentialLatency(largeServer.base, q.at(big.skillIds), { requests: 100, warmup: 0 });
    }
    const figures: Figure[] = [];
    for (const q of queries) {
      const medians = { small: [] as number[], large: [] as number[] };
      const p99s = { small: [] as number[], large: [] as number[] };
      for (let run = 0; run < runs; run++) {
        for (const [key, server, ids] of [
          ["small", smallServer, small.skillIds],
          ["large", largeServer, big.skillIds],
        ] as const) {
          const latencies = await sequentialLatency(server.base, q.at(ids), { requests, warmup: 50 });
          medians[key].push(percentile(latencies, 50));
          p99s[key].push(percentile(latencies, 99));
        }
      }
      const a = median(medians.small);
      const b = median(medians.large);
      figures.push(
        judged({
          section: "lists",
          name: `GET /skills ${q.label}, median at ${large.toLocaleString("en")} rows`,
          value: round(b),
          unit: "ms",
          baseline: { name: `the same at ${SMALL.toLocaleString("en")} rows`, value: round(a) },
          ratio: round(b / a),
          ...(q.target ? { target: { of: "ratio", op: "<=", value: 1.2 } as const } : {}),
          note: `${requests} sequential requests per run, ${runs} interleaved runs, medians; p99 ${round(median(p99s.large))} ms vs ${round(median(p99s.small))} ms`,
        }),
      );
    }
    return figures;
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
