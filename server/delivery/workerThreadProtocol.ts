/**
 * The messages between the server and its delivery thread (server/delivery/workerThreadEntry.ts, started by
 * DeliveryWorkerThread): what the thread is given at start, what it is told, and what it reports.
 */

import type { WorkerHealth } from "../background/backgroundWorker.ts";
import type { WebhookConfig } from "../config/sections.ts";
import type { LogLevel } from "../logger.ts";
import type { DeliveryOutcome } from "../metrics.ts";
import type { EndpointAbortReason, EndpointAbortReport } from "./engine.ts";

export interface DeliveryWorkerThreadData {
  /** The SQLite file (the thread opens its own connection; the server has migrated it). */
  path: string;
  /** The write lock shared with the server's connection (see storage/sqlite/writeLock.ts). */
  writeLock: SharedArrayBuffer;
  busyTimeoutMs: number;
  /** Turn the connection's automatic checkpoints off: the server checkpoints the WAL itself. */
  noAutocheckpoint: boolean;
  config: WebhookConfig;
  /** The SecretBox key (endpoint signing secrets are sealed with it). */
  secretKey: Uint8Array;
  /** The injected clock's shared cell (tests); absent: the system clock. */
  clock: SharedArrayBuffer | null;
  /** The server thread's event-loop utilization (pace.ts, ApiLoadMeter), set by DeliveryWorkerThread. */
  apiLoad?: SharedArrayBuffer;
}

/** Server → thread. `abortEndpoint` is answered by `endpointAborted` with the same `seq`. */
export type ToDeliveryWorkerThread =
  | { type: "notify" }
  | { type: "stop" }
  | { type: "abortEndpoint"; seq: number; endpointId: string; why: EndpointAbortReason };

/** Thread → server. */
export type FromDeliveryWorkerThread =
  | { type: "health"; health: WorkerHealth }
  | { type: "log"; level: Exclude<LogLevel, "silent">; msg: string; fields: Record<string, unknown> | undefined }
  /** Attempts recorded since the last report: their outcome and duration in seconds. */
  | { type: "attempts"; attempts: [DeliveryOutcome, number][] }
  /** The endpoint's attempts were cut short (see DeliveryEngine.abortEndpoint). */
  | { type: "endpointAborted"; seq: number; report: EndpointAbortReport }
  | { type: "stopped" };
