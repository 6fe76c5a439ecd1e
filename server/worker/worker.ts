/**
 * `cloud-agents worker`: polls a self-hosted environment's work queue with an environment key and
 * services each item it takes (sessionItem.ts), up to `maxSessions` at once. A poll blocks under a
 * second on the server (`block_ms`); failures back off from 1 s to 60 s with jitter (the SDK's
 * worker's figures). A key the server refuses (revoked, or of another environment) ends the worker
 * with an error: no poll can succeed with it. `stop()` (SIGTERM) ends the polling, cuts the running
 * calls short and hands every held item back to the queue at once.
 */
import { type CloudAgentsClient, createCloudAgentsClient } from "../../client/index.ts";
import type { Logger } from "../logger.ts";
import type { LocalTools } from "./localTools.ts";
import { type ItemEnd, SessionItem } from "./sessionItem.ts";

export interface WorkerOptions {
  server: string;
  environmentId: string;
  environmentKey: string;
  workerId: string;
  maxSessions: number;
  leaseSeconds: number;
  tools: LocalTools;
  logger: Logger;
}

/** The key was refused: the worker cannot do anything with it. */
export class WorkerKeyRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "WorkerKeyRefusedError";
  }
}

const POLL_BLOCK_MS = 900;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

export class Worker {
  private readonly stopping = new AbortController();
  private readonly items = new Set<Promise<ItemEnd>>();
  readonly client: CloudAgentsClient;
  /** How each item ended, for the log and the tests. */
  readonly ends: Record<ItemEnd, number> = { turn_ended: 0, stopped: 0, lease_lost: 0, released: 0, not_acked: 0 };

  constructor(private readonly options: WorkerOptions) {
    this.client = createCloudAgentsClient({
      baseUrl: options.server,
      token: options.environmentKey,
      // A poll waits up to a second on the server; the longest request is a workspace's transfer.
      timeoutMs: 120_000,
    });
  }

  stop(): void {
    this.stopping.abort();
  }

  /** Polls until stopped; resolves once every held item is handed back or done. */
  async run(): Promise<void> {
    const { environmentId, workerId, logger } = this.options;
    let failures = 0;
    logger.info("worker polling", { environment_id: environmentId, worker_id: workerId, server: this.options.server });
    try {
      while (!this.stopping.signal.aborted) {
        if (this.items.size >= this.options.maxSessions) {
          await Promise.race([...this.items, this.whenStopped]);
          continue;
        }
        let polled: Awaited<ReturnType<Worker["poll"]>>;
        try {
          polled = await this.poll();
          failures = 0;
        } catch (err) {
          if (this.stopping.signal.aborted) break;
          if (err instanceof WorkerKeyRefusedError) throw err;
          failures++;
          const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
          logger.warn("poll failed; backing off", {
            error: err instanceof Error ? err.message : String(err),
            delay_ms: Math.round(delay),
          });
          await Promise.race([new Promise((r) => setTimeout(r, delay)), this.whenStopped]);
          continue;
        }
        if (!polled) continue;
        logger.info("work item taken", { work_id: polled.id, session_id: polled.data.id });
        const item = new SessionItem(
          {
            client: this.client,
            tools: this.options.tools,
            logger,
            environmentId,
            leaseSeconds: this.options.leaseSeconds,
          },
          polled,
          this.stopping.signal,
        ).run();
        const tracked = item.then(
          (end) => {
            this.ends[end]++;
            return end;
          },
          (err: unknown) => {
            logger.error("work item failed", {
              work_id: polled.id,
              error: err instanceof Error ? err.message : String(err),
            });
            return "released" as const;
          },
        );
        this.items.add(tracked);
        void tracked.finally(() => this.items.delete(tracked));
      }
    } finally {
      await Promise.all(this.items);
      logger.info("worker stopped", { environment_id: environmentId, worker_id: workerId, items: this.ends });
    }
  }

  /** Resolves once the worker is told to stop (one listener, however often it is awaited). */
  private readonly whenStopped = new Promise<void>((resolve) =>
    this.stopping.signal.addEventListener("abort", () => resolve(), { once: true }),
  );

  private async poll() {
    const res = await this.client.GET("/environments/{environment_id}/work/poll", {
      params: { path: { environment_id: this.options.environmentId }, query: { block_ms: POLL_BLOCK_MS } },
      headers: { "Anthropic-Worker-ID": this.options.workerId },
      signal: this.stopping.signal,
    });
    if (res.data) return res.data;
    const status = res.response.status;
    if (status === 204) return null;
    const message = (res.error as { error?: { message?: string } } | undefined)?.error?.message ?? `HTTP ${status}`;
    if (status === 401 || status === 403 || status === 404) {
      throw new WorkerKeyRefusedError(status, `the server refused the environment key (${status}): ${message}`);
    }
    throw new Error(`poll answered ${status}: ${message}`);
  }
}
