/**
 * The delivery section. A thin adapter until the delivery engine's own section lands (the
 * delivery engineer's scripts/bench/delivery.ts replaces this file): it runs the existing
 * scripts/bench-delivery.ts (the real service in-process, a receiver on loopback, a baseline of
 * plain keep-alive POSTs to the same receiver at the same concurrency in the same run) once per
 * endpoint count and returns its printed figures as `Figure`s.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Figure, judged } from "./figure.ts";
import { ROOT } from "./servers.ts";
import { round } from "./stats.ts";

const run = promisify(execFile);

function number(text: string, pattern: RegExp, what: string): number {
  const m = pattern.exec(text);
  if (!m?.[1]) throw new Error(`bench-delivery printed no ${what}:\n${text.slice(-2000)}`);
  return Number(m[1]);
}

export async function runDeliveryBench(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const endpoints of [1, 10]) {
    const events = Math.round((options.quick ? 2000 : 10_000) / endpoints);
    // The latency part runs once, with the 10-endpoint run.
    const seconds = endpoints === 10 ? (options.quick ? 3 : 10) : 1;
    let stdout: string;
    try {
      ({ stdout } = await run(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/bench-delivery.ts",
          "--endpoints",
          String(endpoints),
          "--events",
          String(events),
          "--seconds",
          String(seconds),
        ],
        { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
      ));
    } catch (err) {
      // One failed run (its cause in the note) does not lose the other's figures.
      const cause = /\n(\w*Error: .*)/.exec(String((err as { stderr?: string }).stderr ?? err))?.[1] ?? String(err);
      figures.push(
        judged({
          section: "delivery",
          name: `drain rate to ${endpoints} endpoint${endpoints > 1 ? "s" : ""}`,
          value: Number.NaN,
          unit: "deliveries/s",
          target: { of: "ratio", op: ">=", value: 0.75 },
          note: `scripts/bench-delivery.ts failed: ${cause.slice(0, 300)}`,
        }),
      );
      continue;
    }
    const baseline = number(stdout, /no service: ([\d.]+) requests\/s/, "baseline");
    const rate = number(stdout, /deliveries in [\d.]+ s: ([\d.]+) deliveries\/s/, "delivery rate");
    const note = `${events * endpoints} deliveries (${events} events × ${endpoints} endpoint${endpoints > 1 ? "s" : ""}), service and receiver in one process (scripts/bench-delivery.ts)`;
    figures.push(
      judged({
        section: "delivery",
        name: `drain rate to ${endpoints} endpoint${endpoints > 1 ? "s" : ""}`,
        value: round(rate),
        unit: "deliveries/s",
        baseline: { name: "plain node:http keep-alive POSTs, same receiver and concurrency", value: round(baseline) },
        ratio: round(rate / baseline),
        target: { of: "ratio", op: ">=", value: 0.75 },
        note,
      }),
    );
    if (endpoints === 10) {
      figures.push(
        judged({
          section: "delivery",
          name: "drain rate to 10 endpoints (absolute)",
          value: round(rate),
          unit: "deliveries/s",
          target: { of: "value", op: ">=", value: 3000 },
          note,
        }),
        judged({
          section: "delivery",
          name: "event-to-receipt p99 at 200 events/s",
          value: number(stdout, /p99 ([\d.]+) ms, max/, "latency p99"),
          unit: "ms",
          target: { of: "value", op: "<=", value: 20 },
          note: `p50 ${number(stdout, /p50 ([\d.]+) ms, p90/, "latency p50")} ms; test events through the API for ${seconds} s; created_at has millisecond resolution`,
        }),
      );
    }
  }
  return figures;
}
