import type { ServerResponse } from "node:http";
import type { WorkerHealth } from "../background/backgroundWorker.ts";
import { PeriodicLoop } from "../background/periodicLoop.ts";
import type { StreamsConfig } from "../config/sections.ts";
import { ApiError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { describeError } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { Storage } from "../storage/port/index.ts";
import type { StreamWakeups } from "../storage/port/streams.ts";
import { DeltaHub } from "./deltas.ts";
import { EventStream } from "./eventStream.ts";
import type { StreamEndReason, StreamKind, StreamSource } from "./sources.ts";

/** Rows a stream reads per query, and the bytes of messages after which a read stops early. */
const BATCH_SIZE = 100;
const BATCH_BYTES = 64 * 1024;
const KINDS: readonly StreamKind[] = ["session", "thread", "account"];

export interface StreamHubDeps {
  storage: Storage;
  config: StreamsConfig;
  logger: Logger;
  metrics: Metrics;
}

/**
 * Every open stream of this server, and the one background loop that keeps them moving:
 *
 * - Wake-ups: the storage's wake-up source (this process's commits at once, other processes'
 *   within the poll interval) notifies the loop; one pass asks the database which sessions and
 *   accounts got events since the last pass (one query per table, whatever the number of
 *   streams) and wakes only their streams, which read after their own positions.
 * - Heartbeats: every `heartbeatMs` each stream gets a `: ping`, every stream reads once more
 *   (a fallback that does not depend on any wake-up), and streams whose session was deleted or
 *   whose token was revoked end.
 * - Limits: at most `maxPerAccount` open streams per account (429 beyond).
 * - Shutdown: `closeAll()` ends every stream cleanly and refuses new ones, so the HTTP server
 *   drains at once instead of waiting out its grace period.
 */
export class StreamHub {
  readonly name = "streams";
  private readonly loop: PeriodicLoop;
  private readonly wakeups: StreamWakeups;
  private readonly streams = new Set<EventStream>();
  /** The live deltas of this server's turns, for the session streams that asked for them. */
  readonly deltas = new DeltaHub();
  private readonly perAccount = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  /** The positions the last pass looked up to; null before the first pass. */
  private seen: { sessionSeq: number; eventSeq: number } | null = null;
  private nextHeartbeatAt = 0;
  private closing = false;

  constructor(private readonly deps: StreamHubDeps) {
    this.wakeups = deps.storage.streamWakeups({ pollIntervalMs: deps.config.pollIntervalMs });
    this.loop = new PeriodicLoop({
      name: this.name,
      logger: deps.logger,
      intervalMs: deps.config.heartbeatMs,
      pass: () => this.pass(),
    });
    deps.metrics.onScrape((m) => {
      const counts = new Map<StreamKind, number>(KINDS.map((k) => [k, 0]));
      let buffered = 0;
      for (const stream of this.streams) {
        counts.set(stream.source.kind, (counts.get(stream.source.kind) ?? 0) + 1);
        buffered += stream.buffered;
      }
      for (const [kind, n] of counts) m.openStreams.set({ kind }, n);
      m.streamBufferedBytes.set(buffered);
    });
  }

  /** Open streams on this server. */
  get size(): number {
    return this.streams.size;
  }

  /** The open streams (tests and diagnostics). */
  list(): readonly EventStream[] {
    return [...this.streams];
  }

  /**
   * Opens a stream on `res` over `source`: 503 while shutting down, 429 when the account holds
   * `maxPerAccount` streams already. The headers go out at once, then the events.
   */
  open(source: StreamSource, res: ServerResponse): EventStream {
    if (this.closing) {
      res.setHeader("Retry-After", "1");
      throw new ApiError(
        "api_error",
        "The server is shutting down: reconnect (with Last-Event-ID) in a moment.",
        undefined,
        503,
      );
    }
    const held = this.perAccount.get(source.accountId) ?? 0;
    if (held >= this.deps.config.maxPerAccount) {
      throw new ApiError(
        "rate_limit_error",
        `This account already has ${held} open streams (MAX_STREAMS_PER_ACCOUNT): close one before opening another.`,
      );
    }
    const stream = new EventStream(source, res, {
      batchSize: BATCH_SIZE,
      batchBytes: BATCH_BYTES,
      drainTimeoutMs: this.deps.config.drainTimeoutMs,
      onEnd: (s, reason) => this.ended(s, reason),
      onError: (s, err) =>
        this.deps.logger.error("stream: reading events failed; the stream ends", {
          kind: s.source.kind,
          account_id: s.source.accountId,
          ...describeError(err),
        }),
    });
    this.streams.add(stream);
    this.perAccount.set(source.accountId, held + 1);
    stream.open();
    return stream;
  }

  start(): void {
    if (this.loop.isRunning) return;
    this.closing = false;
    this.unsubscribe = this.wakeups.subscribe(() => this.loop.notify());
    this.wakeups.start();
    this.loop.start();
  }

  /** Ends every stream and refuses new ones (shutdown: before the HTTP server drains). */
  closeAll(): void {
    this.closing = true;
    for (const stream of [...this.streams]) stream.end("shutdown");
  }

  async stop(): Promise<void> {
    this.closeAll();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wakeups.stop();
    await this.loop.stop();
  }

  health(): WorkerHealth {
    return this.loop.health();
  }

  private ended(stream: EventStream, reason: StreamEndReason): void {
    if (!this.streams.delete(stream)) return;
    const account = stream.source.accountId;
    const held = (this.perAccount.get(account) ?? 1) - 1;
    if (held > 0) this.perAccount.set(account, held);
    else this.perAccount.delete(account);
    this.deps.metrics.observeStreamEnd(reason);
    const fields = { kind: stream.source.kind, account_id: account, reason, messages_sent: stream.sent };
    if (reason === "slow_client") {
      this.deps.logger.warn("stream: dropped a client that did not read in time", {
        ...fields,
        drain_timeout_ms: this.deps.config.drainTimeoutMs,
        buffered_bytes: stream.buffered,
      });
    } else {
      this.deps.logger.debug("stream: ended", fields);
    }
  }

  private async pass(): Promise<{ sleepMs: number }> {
    const { storage, config } = this.deps;
    const now = Date.now();
    const heartbeat = now >= this.nextHeartbeatAt;
    if (this.streams.size === 0) {
      // Nobody listens: no query. The first pass with a stream open looks the positions up
      // again and wakes every stream (the branch below), and each stream reads after its own
      // position, so nothing committed meanwhile is missed. (Looking them up here cost every
      // write, or every other one, a query after its commit: on every replica, for PostgreSQL.)
      this.seen = null;
    } else if (this.seen === null) {
      // Streams opened before this position read once more: nothing between their first read
      // and it is missed.
      this.seen = await storage.streams.latest();
      for (const stream of this.streams) stream.wake();
    } else {
      const changes = await storage.streams.changesSince(this.seen.sessionSeq, this.seen.eventSeq);
      this.seen = { sessionSeq: changes.sessionSeq, eventSeq: changes.eventSeq };
      if (changes.sessions.size > 0 || changes.accounts.size > 0) {
        for (const stream of this.streams) if (stream.source.concerns(changes)) stream.wake();
      }
    }
    if (heartbeat) {
      this.nextHeartbeatAt = now + config.heartbeatMs;
      await Promise.all([...this.streams].map((stream) => this.beat(stream)));
    }
    return { sleepMs: Math.max(1, this.nextHeartbeatAt - Date.now()) };
  }

  /** One stream's heartbeat: end it if its session or token is gone, else ping it and read once more. */
  private async beat(stream: EventStream): Promise<void> {
    let reason: StreamEndReason | null;
    try {
      reason = await stream.source.endReason();
    } catch (err) {
      this.deps.logger.warn("stream: checking the stream failed", describeError(err));
      reason = null;
    }
    if (reason) {
      stream.end(reason, stream.source.farewell?.(reason) ?? undefined);
      return;
    }
    stream.ping();
    stream.wake();
  }
}
