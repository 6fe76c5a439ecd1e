/**
 * The webhook receiver of the delivery benchmark, in its own process (so it does not share a
 * core's event loop with the sender it measures). It answers every POST with an empty 200 at once
 * and reports to its parent over IPC:
 *
 *   → { type: "ready", port }                      once listening
 *   ← { type: "mark" }                             resets the request counter
 *   ← { type: "watch", id, count }                 → { type: "reached", id, at, count } once that
 *                                                    many requests arrived since the mark
 *   ← { type: "latencies", id }                    → { type: "latencies", id, values } and clears:
 *                                                    receipt time − the envelope's created_at (ms)
 *                                                    of each distinct event POSTed to /latency
 *
 * Times are wall-clock milliseconds with sub-millisecond precision (comparable across processes).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

export type ReceiverRequest =
  | { type: "mark" }
  | { type: "watch"; id: number; count: number }
  | { type: "latencies"; id: number };

export type ReceiverReply =
  | { type: "ready"; port: number }
  | { type: "reached"; id: number; at: number; count: number }
  | { type: "latencies"; id: number; values: number[] };

const nowMs = () => performance.timeOrigin + performance.now();

function send(message: ReceiverReply): void {
  process.send?.(message);
}

let count = 0;
let watch: { id: number; count: number } | null = null;
let latencies: number[] = [];
const seen = new Set<string>();

function check(): void {
  if (watch && count >= watch.count) {
    send({ type: "reached", id: watch.id, at: nowMs(), count });
    watch = null;
  }
}

const server = createServer((req, res) => {
  const latency = req.url === "/latency";
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => {
    if (latency) chunks.push(c);
  });
  req.on("end", () => {
    const at = nowMs();
    if (latency) {
      const id = String(req.headers["webhook-id"]);
      if (!seen.has(id)) {
        seen.add(id);
        const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { created_at: string };
        latencies.push(at - Date.parse(envelope.created_at));
      }
    }
    res.writeHead(200, { "content-length": "0" });
    res.end();
    count++;
    check();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => send({ type: "ready", port: (server.address() as AddressInfo).port }));

process.on("message", (message: ReceiverRequest) => {
  switch (message.type) {
    case "mark":
      count = 0;
      watch = null;
      break;
    case "watch":
      watch = { id: message.id, count: message.count };
      check();
      break;
    case "latencies":
      send({ type: "latencies", id: message.id, values: latencies });
      latencies = [];
      break;
  }
});
// The parent went away: so do we.
process.on("disconnect", () => process.exit(0));
