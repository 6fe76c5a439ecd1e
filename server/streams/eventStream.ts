import type { ServerResponse } from "node:http";
import { StorageBusyError } from "../storage/port/index.ts";
import type { StreamBatch, StreamEndReason, StreamSource } from "./sources.ts";
import { PING, SSE_HEADERS } from "./sse.ts";

/** How soon a read that found the database busy is tried again. */
const BUSY_RETRY_MS = 5;

export interface EventStreamOptions {
  /** Rows read per query; a stream with more to send reads the next batch on a later turn of the event loop. */
  batchSize: number;
  /** A read stops once its messages reach this many bytes (and the rows after are not loaded). */
  batchBytes: number;
  /** How long a backed-up connection may take to drain before the client is dropped. */
  drainTimeoutMs: number;
  /** Called once when the stream has ended, whatever ended it. */
  onEnd(stream: EventStream, reason: StreamEndReason): void;
  /** A read failed: the stream ends (the client reconnects with Last-Event-ID). */
  onError(stream: EventStream, err: unknown): void;
}

/**
 * One open stream: an HTTP response that sends the committed events after its position, as
 * SSE messages, whenever it is woken.
 *
 * What is sent is always read from the database after the last position written, never queued
 * in memory: a wake-up (a commit, the heartbeat) only says "read again", and a read loads at most
 * `batchSize` rows and stops once its messages reach `batchBytes`. When the connection backs up
 * (`res.write` returns false: the socket's buffer is full), the stream writes nothing more - not
 * even pings - until the client has read it (`drain`); the events wait in the database meanwhile.
 * So a stream holds at most the socket's buffer and about one batch, however slow its client, and
 * a client that does not drain within `drainTimeoutMs` is dropped: it reconnects with
 * `Last-Event-ID` and continues from the database.
 */
export class EventStream {
  private position: number;
  /** Something may have been committed since the last read. */
  private dirty = true;
  private pumpScheduled = false;
  /** A read is waiting for the database: the next one starts after it. */
  private reading = false;
  private backedUp = false;
  private drainTimer: NodeJS.Timeout | null = null;
  private ended = false;
  /** Messages written so far (tests, logs). */
  sent = 0;

  constructor(
    readonly source: StreamSource,
    private readonly res: ServerResponse,
    private readonly options: EventStreamOptions,
  ) {
    this.position = source.start;
  }

  /** Sends the headers at once (the client knows the stream is open), then the events after the start position. */
  open(): void {
    this.res.on("close", () => this.finish("client_closed"));
    this.res.writeHead(200, SSE_HEADERS);
    this.res.flushHeaders();
    this.schedule();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Bytes written to the connection and not yet taken by the client's socket. */
  get buffered(): number {
    return this.res.writableLength;
  }

  /** Events may have been committed: read after the position (at most one read per turn of the event loop). */
  wake(): void {
    this.dirty = true;
    this.schedule();
  }

  /**
   * A live message that is not stored (a delta: API.md, "Live text"): written at once, between two
   * batches of stored events; dropped when the connection is backed up or the stream ended.
   */
  sendLive(text: string): void {
    if (this.ended || this.backedUp) return;
    this.write(text);
  }

  /** The heartbeat comment, unless the connection is backed up (it would only add to the backlog). */
  ping(): void {
    if (this.ended || this.backedUp) return;
    this.write(PING);
  }

  /**
   * Ends the response cleanly (shutdown, a deleted session, a revoked token) and then closes its
   * connection: a keep-alive connection left idle would hold a shutting-down server until its
   * keep-alive timeout.
   */
  end(reason: StreamEndReason, lastMessage?: string): void {
    if (this.ended) return;
    // The farewell goes after what was sent (never into a backed-up connection).
    if (lastMessage !== undefined && !this.backedUp) this.res.write(lastMessage);
    this.finish(reason);
    const socket = this.res.socket;
    this.res.end(() => socket?.end());
  }

  /** Drops the connection at once: a client that does not read is not waited for. */
  drop(reason: StreamEndReason): void {
    if (this.ended) return;
    this.finish(reason);
    this.res.destroy();
  }

  private schedule(): void {
    if (this.pumpScheduled || this.reading || this.backedUp || this.ended || !this.dirty) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      void this.pump();
    });
  }

  /**
   * Reads one batch after the position and writes it, stopping early when the connection backs up.
   * One read at a time: a wake-up during a read is served by the next one. Never rejects.
   */
  private async pump(): Promise<void> {
    if (this.ended || this.backedUp || this.reading || !this.dirty) return;
    this.dirty = false;
    this.reading = true;
    let batch: StreamBatch;
    try {
      batch = await this.source.read(this.position, this.options.batchSize, this.options.batchBytes);
    } catch (err) {
      this.reading = false;
      if (err instanceof StorageBusyError) {
        // Nothing was read (the database could not be read now): read again in a moment.
        this.dirty = true;
        setTimeout(() => this.schedule(), BUSY_RETRY_MS).unref();
        return;
      }
      this.options.onError(this, err);
      this.end("error");
      return;
    }
    this.reading = false;
    if (this.ended) return;
    for (const message of batch.messages) {
      this.position = message.position;
      this.sent++;
      if (!this.write(message.text)) {
        // The rest of the batch is read again after the drain, from the database.
        this.dirty = true;
        return;
      }
    }
    this.position = batch.position;
    // A full batch: there may be more; read it on a later turn, after other I/O.
    if (batch.more) this.dirty = true;
    this.schedule();
  }

  /** Writes, and returns false when the connection backed up (then waits for the client to drain it). */
  private write(text: string): boolean {
    if (this.res.write(text)) return true;
    if (this.ended) return false;
    this.backedUp = true;
    this.res.once("drain", this.onDrain);
    this.drainTimer = setTimeout(() => this.drop("slow_client"), this.options.drainTimeoutMs);
    this.drainTimer.unref();
    return false;
  }

  private readonly onDrain = (): void => {
    if (this.drainTimer) clearTimeout(this.drainTimer);
    this.drainTimer = null;
    this.backedUp = false;
    this.schedule();
  };

  private finish(reason: StreamEndReason): void {
    if (this.ended) return;
    this.ended = true;
    if (this.drainTimer) clearTimeout(this.drainTimer);
    this.drainTimer = null;
    this.res.off("drain", this.onDrain);
    this.options.onEnd(this, reason);
  }
}
