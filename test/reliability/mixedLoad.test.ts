/**
 * The mixed-load run: 200 keep-alive connections of mixed reads and writes against the server
 * as its own process for 30 s (after a 5 s warm-up), plus a /healthz probe on a fresh
 * connection every 100 ms from a process of its own. It prints the figures (max latency is the
 * one to watch: the target is 1 s); it asserts only what must always hold: every request
 * answered, none with a 5xx.
 */
import { expect, it } from "vitest";
import { runMixedLoad } from "../../scripts/load-mixed.ts";

it("serves 200 connections of mixed reads and writes for 30 s without an error, and reports the latencies", async () => {
  const report = await runMixedLoad({
    connections: Number(process.env.LOAD_CONNECTIONS ?? 200),
    seconds: Number(process.env.LOAD_SECONDS ?? 30),
    warmupSeconds: 5,
    scenario: "mixed",
    seed: 1,
    log: (line) => console.log(line),
  });
  const { probe, serverLoopDelay, generatorLoopDelay } = report;
  console.log(
    `mixed load: ${report.requests} requests, ${report.throughput} req/s (per 5 s: ${report.windows.join(", ")}), ` +
      `webhook deliveries ${report.deliveriesPerSecond}/s, ` +
      `latency p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms; ` +
      `first answer on each connection max ${report.firstAnswerMaxMs} ms; ` +
      `fresh-connection /healthz (own process, ${probe.count} probes) p50 ${probe.p50} ms, p99 ${probe.p99} ms, max ${probe.max} ms ` +
      `(TCP connect max ${probe.connectMaxMs} ms, first byte max ${probe.firstByteMaxMs} ms, ${probe.notOk} not 200, ` +
      `probe event-loop delay max ${probe.loopDelayMaxMs} ms); ` +
      `server event-loop delay max ${serverLoopDelay.maxMs} ms (${serverLoopDelay.warnings} warnings); ` +
      `load generator event-loop delay p99 ${generatorLoopDelay.p99Ms} ms, max ${generatorLoopDelay.maxMs} ms; ` +
      `slowest: ${report.slowest.join("; ")}`,
  );
  expect(report.errors).toBe(0);
  expect(Object.keys(report.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
  expect(report.requests).toBeGreaterThan(0);
});
