/**
 * The delivery thread: runs the delivery engine (DeliveryEngine) on a worker thread with its own
 * SQLite connection, so that sending webhooks uses another core than the API. Started and
 * stopped by DeliveryWorkerThread (server/delivery/workerThreadHost.ts); everything it logs and counts is
 * sent to the server's logger and metrics, and it reports its loop's health for `/readyz`.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { clockFromShared, systemClock } from "../clock.ts";
import { SecretBox } from "../crypto/secretBox.ts";
import type { Logger } from "../logger.ts";
import type { DeliveryOutcome } from "../metrics.ts";
import { openWorkerThreadStorage } from "../storage/open.ts";
import { DeliveryEngine } from "./engine.ts";
import { apiLoadOf } from "./pace.ts";
import type {
  DeliveryWorkerThreadData,
  FromDeliveryWorkerThread,
  ToDeliveryWorkerThread,
} from "./workerThreadProtocol.ts";

const port = parentPort;
if (!port) throw new Error("server/delivery/workerThreadEntry.ts runs on a worker thread (see DeliveryWorkerThread)");
const data = workerData as DeliveryWorkerThreadData;
const post = (message: FromDeliveryWorkerThread) => port.postMessage(message);

const logger: Logger = {
  debug: (msg, fields) => post({ type: "log", level: "debug", msg, fields }),
  info: (msg, fields) => post({ type: "log", level: "info", msg, fields }),
  warn: (msg, fields) => post({ type: "log", level: "warn", msg, fields }),
  error: (msg, fields) => post({ type: "log", level: "error", msg, fields }),
};

if (data.config.threadNice > 0) {
  try {
    // On Linux the nice value is per thread: pid 0 is this thread only, not the server's.
    setPriority(0, data.config.threadNice);
  } catch (err) {
    logger.warn("webhook-delivery: could not lower the delivery thread's priority", {
      nice: data.config.threadNice,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

const clock = data.clock ? clockFromShared(data.clock) : systemClock;
// Its own connection beside the server's (they take turns through the write lock they share).
const storage = openWorkerThreadStorage(data, {
  busyTimeoutMs: data.busyTimeoutMs,
  noAutocheckpoint: data.noAutocheckpoint,
  clock,
});

// Attempts are reported once per turn of the event loop, however many a settle recorded.
let attempts: [DeliveryOutcome, number][] = [];
const metrics = {
  observeDeliveryAttempt(outcome: DeliveryOutcome, seconds: number) {
    if (attempts.length === 0) {
      setImmediate(() => {
        post({ type: "attempts", attempts });
        attempts = [];
      });
    }
    attempts.push([outcome, seconds]);
  },
};

const worker = new DeliveryEngine({
  storage,
  config: data.config,
  clock,
  logger,
  secrets: new SecretBox(Buffer.from(data.secretKey)),
  metrics,
  ...(data.apiLoad ? { apiLoad: apiLoadOf(data.apiLoad) } : {}),
});

const report = () => post({ type: "health", health: worker.health() });
// Often enough that /readyz sees a stuck thread (its loop stops reporting passes) well within
// the loop's stale limit.
const reporter = setInterval(report, 250);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(reporter);
  try {
    await worker.stop();
  } finally {
    report();
    if (attempts.length > 0) post({ type: "attempts", attempts });
    storage.close();
    post({ type: "stopped" });
    port?.close();
  }
}

port.on("message", (message: ToDeliveryWorkerThread) => {
  if (message.type === "notify") worker.notify();
  else if (message.type === "stop") void stop();
  else if (message.type === "abortEndpoint") {
    const report = worker.abortEndpoint(message.endpointId, message.why);
    post({ type: "endpointAborted", seq: message.seq, report });
  }
});
worker.start();
report();
