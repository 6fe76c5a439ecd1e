/**
 * A `/healthz` probe on a fresh TCP connection every `intervalMs`, from a process of its own:
 * what a monitoring client or a load balancer sees of the server. Run by the load script next to
 * its keep-alive workers. In the load script's own process the probe measured that process too:
 * 200 busy workers delay its event loop by up to a few hundred milliseconds, and the probe's
 * connect and response events wait for it.
 *
 *   node --import tsx scripts/lib/healthProbe.ts --base http://127.0.0.1:PORT [--from EPOCH_MS] --until EPOCH_MS [--interval 100]
 *
 * Prints one JSON line (a ProbeReport) on stdout when done. Each probe is timed from the
 * request's creation to: the TCP connect (the kernel's handshake, which does not need the
 * server's process), the response's first byte (the server accepted, read and answered), the
 * end of the response.
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ROOT } from "./serverProcess.ts";

export interface ProbeReport {
  count: number;
  /** Transport errors (no response). */
  errors: number;
  /** Answers other than 200 (a 503 names a failed readiness check). */
  notOk: number;
  /** Whole probe (request created to response end). */
  p50: number;
  p99: number;
  max: number;
  /** The longest TCP connect. */
  connectMaxMs: number;
  /** The longest wait for the first byte of the response. */
  firstByteMaxMs: number;
  /** The probe process's own event-loop delay (it should stay near 0: the probe is then truthful). */
  loopDelayMaxMs: number;
}

interface Timing {
  status: number;
  connect: number;
  firstByte: number;
  total: number;
}

function probeOnce(base: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let connect = Number.NaN;
    let firstByte = Number.NaN;
    const req = request(`${base}/healthz`, { agent: false }, (res) => {
      firstByte = performance.now() - t0;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connect, firstByte, total: performance.now() - t0 }));
      res.on("error", reject);
    });
    req.on("socket", (socket) =>
      socket.once("connect", () => {
        connect = performance.now() - t0;
      }),
    );
    req.on("error", reject);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Probes from the wall-clock time `fromEpochMs` until `untilEpochMs`. */
export async function runProbe(
  base: string,
  fromEpochMs: number,
  untilEpochMs: number,
  intervalMs = 100,
): Promise<ProbeReport> {
  await new Promise((r) => setTimeout(r, Math.max(0, fromEpochMs - Date.now())));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const timings: Timing[] = [];
  let errors = 0;
  while (Date.now() < untilEpochMs) {
    try {
      timings.push(await probeOnce(base));
    } catch {
      errors++;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  loop.disable();
  const totals = timings.map((t) => t.total).sort((a, b) => a - b);
  return {
    count: timings.length,
    errors,
    notOk: timings.filter((t) => t.status !== 200).length,
    p50: round(percentile(totals, 50)),
    p99: round(percentile(totals, 99)),
    max: round(totals.at(-1) ?? 0),
    connectMaxMs: round(Math.max(0, ...timings.map((t) => t.connect))),
    firstByteMaxMs: round(Math.max(0, ...timings.map((t) => t.firstByte))),
    loopDelayMaxMs: round(loop.count > 0 ? loop.max / 1e6 : 0),
  };
}

/**
 * Runs the probe as a child process (started ahead of `fromEpochMs`, so that its start-up is not
 * measured); resolves with its report once it has exited.
 */
export function spawnProbe(
  base: string,
  fromEpochMs: number,
  untilEpochMs: number,
  intervalMs = 100,
): Promise<ProbeReport> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      import.meta.filename,
      ...["--base", base, "--from", String(fromEpochMs), "--until", String(untilEpochMs)],
      ...["--interval", String(intervalMs)],
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) reject(new Error(`the /healthz probe exited with ${code}: ${err}`));
      else resolve(JSON.parse(out) as ProbeReport);
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      from: { type: "string", default: "0" },
      until: { type: "string" },
      interval: { type: "string", default: "100" },
    },
  });
  const [from, until, interval] = [Number(values.from), Number(values.until), Number(values.interval)];
  if (!values.base || !Number.isFinite(from) || !Number.isFinite(until) || !(interval > 0)) {
    console.error("usage: healthProbe.ts --base URL [--from EPOCH_MS] --until EPOCH_MS [--interval MS]");
    process.exit(2);
  }
  runProbe(values.base, from, until, interval).then(
    (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
