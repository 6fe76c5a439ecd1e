/**
 * The service's Prometheus metrics (prom-client), one registry per service instance (tests run
 * several in one process). Code that does work records into it through the `observe*` methods;
 * figures that live in the database are read by the callbacks registered with `onScrape`, right
 * before each scrape renders.
 */
import { readFileSync } from "node:fs";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

const VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

/** What became of one delivery attempt (`aborted`: cut short because its endpoint was disabled or deleted). */
export type DeliveryOutcome = "succeeded" | "retry" | "dead" | "aborted";

/** A value read at scrape time. */
export type ScrapeCallback = (metrics: Metrics) => void | Promise<void>;

export class Metrics {
  readonly registry = new Registry();
  private readonly scrapeCallbacks: ScrapeCallback[] = [];

  private readonly httpDuration = new Histogram({
    name: "cloud_agents_http_request_duration_seconds",
    help: "HTTP requests by method, route template and status, and how long they took.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly deliveryAttempts = new Counter({
    name: "cloud_agents_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts by outcome: succeeded, retry (failed, tried again later), dead (failed for the last time) or aborted (its endpoint was disabled or deleted during the attempt).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  private readonly deliveryDuration = new Histogram({
    name: "cloud_agents_webhook_delivery_attempt_duration_seconds",
    help: "How long webhook delivery attempts took (request sent to response or failure), by outcome.",
    labelNames: ["outcome"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  private readonly fireLag = new Histogram({
    name: "cloud_agents_deployment_fire_lag_seconds",
    help: "How late deployments fired: the time from a run's scheduled time to the moment it was started.",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });
  /** Pending delivery records: due (or in flight), scheduled (a retry later) and held (endpoint disabled). */
  readonly deliveryQueueDepth = new Gauge({
    name: "cloud_agents_webhook_queue_depth",
    help: "Pending webhook delivery records by state: due (or in flight), scheduled (retry later), held (endpoint disabled).",
    labelNames: ["state"] as const,
    registers: [this.registry],
  });
  readonly deliveryOldestDueAge = new Gauge({
    name: "cloud_agents_webhook_oldest_due_age_seconds",
    help: "How long the oldest due webhook delivery record has been waiting (0 when none is due).",
    registers: [this.registry],
  });
  readonly deliveryFanOutBacklog = new Gauge({
    name: "cloud_agents_webhook_fanout_backlog",
    help: "Events whose webhook delivery records the delivery engine has still to create (one per subscribed endpoint).",
    registers: [this.registry],
  });
  readonly deliveryDead = new Gauge({
    name: "cloud_agents_webhook_dead_records",
    help: "Webhook delivery records in the dead-letter queue.",
    registers: [this.registry],
  });
  readonly workQueue = new Gauge({
    name: "cloud_agents_work_items",
    help: "Work items of self-hosted environments by state: queued (waiting for a worker), leased (a worker holds it).",
    labelNames: ["state"] as const,
    registers: [this.registry],
  });
  readonly workOldestQueuedAge = new Gauge({
    name: "cloud_agents_work_oldest_queued_age_seconds",
    help: "How long the oldest queued work item of a self-hosted environment has waited (0 when none is queued).",
    registers: [this.registry],
  });
  readonly workWorkersPolling = new Gauge({
    name: "cloud_agents_work_workers_polling",
    help: "Workers of self-hosted environments that polled in the last 30 seconds.",
    registers: [this.registry],
  });
  readonly workLeasesLost = new Gauge({
    name: "cloud_agents_work_leases_lost",
    help: "Leases of work items that ran out (their worker stopped heartbeating) and put the item back, over the items kept.",
    registers: [this.registry],
  });
  readonly activeRuns = new Gauge({
    name: "cloud_agents_active_runs",
    help: "Agent runs executing now (all workers on this database).",
    registers: [this.registry],
  });
  readonly queuedRuns = new Gauge({
    name: "cloud_agents_queued_runs",
    help: "Agent runs waiting for a worker.",
    registers: [this.registry],
  });
  readonly workerUp = new Gauge({
    name: "cloud_agents_worker_up",
    help: "1 when the background worker is running, 0 when it is stopped.",
    labelNames: ["worker"] as const,
    registers: [this.registry],
  });
  readonly workerLastPassAge = new Gauge({
    name: "cloud_agents_worker_last_pass_age_seconds",
    help: "Seconds since the background worker's last good pass (or its start).",
    labelNames: ["worker"] as const,
    registers: [this.registry],
  });
  private readonly retentionDeleted = new Counter({
    name: "cloud_agents_retention_deleted_rows_total",
    help: "Rows the retention job deleted, by table.",
    labelNames: ["table"] as const,
    registers: [this.registry],
  });
  private readonly scrapeErrors = new Counter({
    name: "cloud_agents_metrics_scrape_errors_total",
    help: "Scrapes in which a source of gauges (for example the database) failed; those gauges keep their last value.",
    registers: [this.registry],
  });
  private readonly retentionLastRun = new Gauge({
    name: "cloud_agents_retention_last_run_timestamp_seconds",
    help: "When the retention job last finished (Unix time).",
    registers: [this.registry],
  });

  /** Open live streams (Server-Sent Events) by kind: session, thread, account. */
  readonly openStreams = new Gauge({
    name: "cloud_agents_open_streams",
    help: "Open live streams (Server-Sent Events) on this server, by kind: session, thread or account.",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly streamBufferedBytes = new Gauge({
    name: "cloud_agents_stream_buffered_bytes",
    help: "Bytes written to open streams and not yet taken by their clients' connections (bounded: a backed-up stream writes nothing more).",
    registers: [this.registry],
  });
  private readonly streamsEnded = new Counter({
    name: "cloud_agents_streams_ended_total",
    help: "Live streams that ended, by reason: client_closed, slow_client (dropped: it did not read in time), session_deleted, token_revoked, shutdown, error.",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });

  constructor() {
    new Gauge({
      name: "cloud_agents_build_info",
      help: "The running version (always 1).",
      labelNames: ["version"] as const,
      registers: [this.registry],
    }).set({ version: VERSION }, 1);
    // process_* and nodejs_* series: CPU, memory, handles, event-loop lag, GC.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Registers a callback that sets gauges from their source right before each scrape. */
  onScrape(callback: ScrapeCallback): void {
    this.scrapeCallbacks.push(callback);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  observeDeliveryAttempt(outcome: DeliveryOutcome, seconds: number): void {
    this.deliveryAttempts.inc({ outcome });
    this.deliveryDuration.observe({ outcome }, seconds);
  }

  /** The scheduler calls this when it starts a deployment run: `lagSeconds` = started − scheduled. */
  observeDeploymentFireLag(lagSeconds: number): void {
    this.fireLag.observe(Math.max(0, lagSeconds));
  }

  observeRetention(deleted: Record<string, number>, finishedAt: Date): void {
    for (const [table, n] of Object.entries(deleted)) this.retentionDeleted.inc({ table }, n);
    this.retentionLastRun.set(finishedAt.getTime() / 1000);
  }

  observeStreamEnd(reason: string): void {
    this.streamsEnded.inc({ reason });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every series, after the scrape callbacks ran. */
  async render(): Promise<string> {
    for (const callback of this.scrapeCallbacks) {
      try {
        await callback(this);
      } catch {
        // One failing source (an unreadable database) must not hide the other series.
        this.scrapeErrors.inc();
      }
    }
    return this.registry.metrics();
  }
}
