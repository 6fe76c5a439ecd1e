/**
 * HTTP load for the benchmark, over undici's keep-alive connection pool:
 *
 * - `maxRate`: a closed loop. `connections` clients each send the next request as soon as the
 *   previous answer is read, for `durationMs` after a warm-up; the figure is completed requests/s.
 * - `fixedRate`: an open loop. Requests leave on a fixed schedule (`rate` per second, spread
 *   evenly, whatever the answers do) over up to `connections` connections; the figure is the
 *   latency of each, from the moment it was sent to its last body byte (a request waiting for a
 *   free connection is counted from when it was due to leave).
 *
 * (autocannon was tried: its rate limit sends each second's budget in a burst, and it records
 * latency in whole milliseconds, too coarse for sub-millisecond answers.)
 *
 * Both take one origin or several (replicas of the service): the connections are spread evenly
 * across them (closed loop) and the requests sent to each in turn (open loop).
 *
 * Every answer must have the expected status: the first unexpected one stops the run with its
 * body in the error, so a broken seeding step or a refused request reads as what it is.
 */
import { Pool } from "undici";
import { percentile } from "./stats.ts";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** A fixed body, or one made per request (e.g. a unique name). */
  body?: string | (() => string);
  /** The status every answer must have (default 200). */
  expect?: number;
}

export interface MaxRateResult {
  requests: number;
  /** Requests completed including the warm-up. */
  allRequests: number;
  seconds: number;
  perSecond: number;
}

export interface FixedRateResult {
  rate: number;
  sent: number;
  /** Latencies in ms, sorted ascending. */
  latencies: number[];
  p50: number;
  p99: number;
}

function bodyOf(req: LoadRequest): string | undefined {
  return typeof req.body === "function" ? req.body() : req.body;
}

async function send(pool: Pool, req: LoadRequest): Promise<void> {
  const res = await pool.request({ method: req.method, path: req.path, headers: req.headers, body: bodyOf(req) });
  const expect = req.expect ?? 200;
  if (res.statusCode !== expect) {
    const text = await res.body.text();
    throw new Error(`${req.method} ${req.path} answered ${res.statusCode} (expected ${expect}): ${text.slice(0, 500)}`);
  }
  await res.body.dump({ limit: Number.POSITIVE_INFINITY });
}

/** One keep-alive pool per origin, sharing `connections` between them (at least one each). */
function pools(origins: string | string[], connections: number): Pool[] {
  const list = typeof origins === "string" ? [origins] : origins;
  if (list.length === 0) throw new Error("no origin to load");
  const each = Math.max(1, Math.ceil(connections / list.length));
  return list.map((origin) => new Pool(origin, { connections: each, pipelining: 1 }));
}

const closeAll = (list: Pool[]) => Promise.all(list.map((p) => p.close()));

/** Closed loop: completed requests per second with `connections` requests always in flight. */
export async function maxRate(
  origins: string | string[],
  req: LoadRequest,
  options: { connections: number; durationMs: number; warmupMs: number },
): Promise<MaxRateResult> {
  const poolList = pools(origins, options.connections);
  try {
    let phase: "warmup" | "measure" | "stop" = "warmup";
    let done = 0;
    let all = 0;
    let failure: unknown = null;
    const worker = async (pool: Pool) => {
      while (phase !== "stop" && failure === null) {
        try {
          await send(pool, req);
        } catch (err) {
          failure ??= err;
          return;
        }
        all++;
        if (phase === "measure") done++;
      }
    };
    // Worker i keeps one request in flight on pool i mod n: the connections spread evenly.
    const workers = Array.from({ length: options.connections }, (_, i) =>
      worker(poolList[i % poolList.length] as Pool),
    );
    await new Promise((r) => setTimeout(r, options.warmupMs));
    phase = "measure";
    const started = performance.now();
    await new Promise((r) => setTimeout(r, options.durationMs));
    const seconds = (performance.now() - started) / 1000;
    const requests = done;
    phase = "stop";
    await Promise.all(workers);
    if (failure) throw failure;
    return { requests, allRequests: all, seconds, perSecond: requests / seconds };
  } finally {
    await closeAll(poolList);
  }
}

/** Open loop: latency percentiles at a fixed request rate. */
export async function fixedRate(
  origins: string | string[],
  req: LoadRequest,
  options: { rate: number; durationMs: number; warmupMs: number; connections: number },
): Promise<FixedRateResult> {
  const poolList = pools(origins, options.connections);
  try {
    const latencies: number[] = [];
    const inFlight = new Set<Promise<void>>();
    let failure: unknown = null;
    const interval = 1000 / options.rate;
    const total = Math.round(((options.warmupMs + options.durationMs) / 1000) * options.rate);
    const warmup = Math.round((options.warmupMs / 1000) * options.rate);
    const start = performance.now();
    let sent = 0;
    while (sent < total && failure === null) {
      // Send every request whose time has come, then yield until the next one is due.
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const due = start + sent * interval;
        const measured = sent >= warmup;
        const p: Promise<void> = send(poolList[sent % poolList.length] as Pool, req).then(
          () => {
            if (measured) latencies.push(performance.now() - due);
            inFlight.delete(p);
          },
          (err: unknown) => {
            failure ??= err;
            inFlight.delete(p);
          },
        );
        inFlight.add(p);
        sent++;
      }
      const next = start + sent * interval - performance.now();
      await new Promise((r) => (next > 1 ? setTimeout(r, Math.floor(next)) : setImmediate(r)));
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    latencies.sort((a, b) => a - b);
    return {
      rate: options.rate,
      sent: sent - warmup,
      latencies,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await closeAll(poolList);
  }
}

/** One request at a time over one connection: each request's latency (ms, sorted ascending). */
export async function sequentialLatency(
  origin: string,
  req: LoadRequest,
  options: { requests: number; warmup: number },
): Promise<number[]> {
  const pool = new Pool(origin, { connections: 1, pipelining: 1 });
  try {
    for (let i = 0; i < options.warmup; i++) await send(pool, req);
    const latencies: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      const started = performance.now();
      await send(pool, req);
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  } finally {
    await pool.close();
  }
}
