/**
 * The WAL section: the size of the SQLite write-ahead log under the API's write load. The server
 * runs as its own process; `connections` keep-alive clients create vaults and add credentials to
 * them back to back over HTTP for `seconds`, while the WAL file is sampled every 50 ms. Reported:
 * the peak size during the load and the settled size (once the writes stopped and the checkpointer
 * has had a few intervals to catch up), in MiB, with the write rate that produced them.
 *
 *   npm run bench -- --only wal
 *   tsx scripts/bench/wal.ts [--seconds 20 --connections 32]     (prints the figures as JSON)
 *
 * `measureWalUnderLoad` is also what `npm run test:reliability` runs (test/reliability/walBounded).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { Agent, type IncomingMessage, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { startServerProcess } from "../lib/serverProcess.ts";
import { type Figure, judged } from "./figure.ts";
import { round, sleep } from "./stats.ts";

export interface WalLoadOptions {
  /** Seconds of writes (default 20). */
  seconds?: number;
  /** Concurrent keep-alive clients (default 32). */
  connections?: number;
  /** How long to wait, at most, for the WAL to settle after the writes stop (default 10 s). */
  settleTimeoutMs?: number;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface WalLoadReport {
  seconds: number;
  connections: number;
  /** Writes answered 2xx, and per second. */
  writes: number;
  writesPerSecond: number;
  /** Answers by status (anything but 2xx is worth a look). */
  statuses: Record<string, number>;
  /** Requests that got no answer at all. */
  transportErrors: number;
  /** The largest WAL file seen during the load and the settle time, in bytes. */
  peakBytes: number;
  /** The WAL file's size once it stopped changing after the load (or at the settle timeout). */
  settledBytes: number;
  /** The database file's size at the end, for scale. */
  databaseBytes: number;
}

export const MiB = 1024 * 1024;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function post(
  agent: Agent,
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = request(
      `${base}/api/v1/cloud${path}`,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": String(payload.length),
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Runs the write load against a fresh server process and measures its WAL file. */
export async function measureWalUnderLoad(options: WalLoadOptions = {}): Promise<WalLoadReport> {
  const seconds = options.seconds ?? 20;
  const connections = options.connections ?? 32;
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "cas-wal-"));
  const token = `cat_${randomBytes(24).toString("hex")}`;
  const dbPath = join(dir, "db.sqlite");
  const walPath = `${dbPath}-wal`;
  const server = await startServerProcess({
    env: {
      DATABASE_URL: `sqlite:${dbPath}`,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
      // The credentials' MCP URLs are example hosts: with private targets allowed the create-time
      // SSRF check does not resolve them, so the load measures writes, not DNS timeouts.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      RATE_LIMIT_PER_MINUTE: "0",
      ...options.env,
    },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let peakBytes = 0;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, fileSize(walPath));
  }, 50);
  const statuses: Record<string, number> = {};
  let writes = 0;
  let transportErrors = 0;
  try {
    const deadline = Date.now() + seconds * 1000;
    const client = async (n: number) => {
      let vault: string | null = null;
      for (let i = 0; Date.now() < deadline; i++) {
        try {
          // A vault, then credentials in it: two tables, their events and the outbox rows.
          const reply: { status: number; body: string } =
            vault === null || i % 4 === 0
              ? await post(agent, server.url, token, "/vaults", {
                  display_name: `load ${n}.${i}`,
                  metadata: { client: String(n), note: "x".repeat(200) },
                })
              : await post(agent, server.url, token, `/vaults/${vault}/credentials`, {
                  display_name: `credential ${n}.${i}`,
                  auth: {
                    type: "static_bearer",
                    mcp_server_url: `https://mcp${n}-${i}.example.com/sse`,
                    token: "t".repeat(64),
                  },
                });
          statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
          if (reply.status >= 200 && reply.status < 300) {
            writes++;
            if (vault === null || i % 4 === 0) vault = (JSON.parse(reply.body) as { id: string }).id;
          }
        } catch {
          transportErrors++;
        }
      }
    };
    const started = Date.now();
    const progress = setInterval(
      () =>
        log(
          `wal load: ${writes} writes, WAL ${round(fileSize(walPath) / MiB)} MiB (peak ${round(peakBytes / MiB)} MiB)`,
        ),
      5000,
    );
    await Promise.all(Array.from({ length: connections }, (_, n) => client(n)));
    clearInterval(progress);
    const elapsed = (Date.now() - started) / 1000;
    // Settled: the file has not changed for 3 s (a few checkpoint intervals), or the timeout.
    const settleDeadline = Date.now() + (options.settleTimeoutMs ?? 10_000);
    let last = fileSize(walPath);
    let stableSince = Date.now();
    while (Date.now() < settleDeadline && Date.now() - stableSince < 3000) {
      await sleep(100);
      const now = fileSize(walPath);
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
    }
    clearInterval(sampler);
    peakBytes = Math.max(peakBytes, last);
    return {
      seconds,
      connections,
      writes,
      writesPerSecond: Math.round(writes / elapsed),
      statuses,
      transportErrors,
      peakBytes,
      settledBytes: last,
      databaseBytes: fileSize(dbPath),
    };
  } finally {
    clearInterval(sampler);
    agent.destroy();
    await server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `wal` section of `npm run bench`: peak and settled WAL size under the API write load. */
export async function runWalBench(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const report = await measureWalUnderLoad({
    seconds: options.quick ? 5 : 20,
    connections: 32,
    log: (line) => console.error(line),
  });
  const note = `${report.connections} clients, ${report.seconds} s of POST /vaults and POST /vaults/{id}/credentials, ${report.writesPerSecond} writes/s; database ${round(report.databaseBytes / MiB)} MiB at the end`;
  return [
    judged({
      section: "wal",
      name: "SQLite WAL peak under the write load",
      value: round(report.peakBytes / MiB),
      unit: "MiB",
      target: { of: "value", op: "<=", value: 64 },
      note,
    }),
    judged({
      section: "wal",
      name: "SQLite WAL settled after the write load",
      value: round(report.settledBytes / MiB),
      unit: "MiB",
      target: { of: "value", op: "<=", value: 64 },
      note: "once the file stopped changing for 3 s after the writes (checkpoints every 1 s)",
    }),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { seconds: { type: "string", default: "20" }, connections: { type: "string", default: "32" } },
  });
  const report = await measureWalUnderLoad({
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    log: (line) => console.error(line),
  });
  console.log(
    JSON.stringify({ ...report, peakMiB: round(report.peakBytes / MiB), settledMiB: round(report.settledBytes / MiB) }),
  );
}
