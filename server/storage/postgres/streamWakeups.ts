import type { StreamWakeups } from "../port/streams.ts";
import type { PgContext } from "./context.ts";

/** What the wake-ups need to know of the storage's LISTEN connection (context.ts PgListener). */
export interface ListenState {
  readonly listening: boolean;
}

/** How much slower the safety poll runs while the LISTEN connection is up. */
const LISTENING_POLL_FACTOR = 10;

/**
 * The PostgreSQL wake-up source of live streams.
 *
 * - Commits of this process: the context's post-commit "commit" signal, at once.
 * - Commits of other replicas on the same database: every write transaction NOTIFYs the channel
 *   (context.ts, delivered by PostgreSQL at COMMIT to every listener); the storage's LISTEN
 *   connection (PgListener) raises the same "commit" signal here when one arrives.
 * - A poll of the newest positions of both event tables (two index-only MAX lookups) as the
 *   fallback: every `pollIntervalMs` while the LISTEN connection is down (or when there is none),
 *   and every LISTENING_POLL_FACTOR × `pollIntervalMs` while it is up, in case a notification was
 *   lost. The moment the connection is found down, the streams are woken once: commits made since
 *   it dropped were not announced.
 *
 * Wake-ups are coalesced: however many commits arrive in one turn of the event loop, each listener
 * is called once, on the next turn. A wake-up is only a hint (streams read from their position), so
 * a spurious one costs a query, a missed one at most a poll interval.
 */
export class PostgresStreamWakeups implements StreamWakeups {
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending: NodeJS.Immediate | null = null;
  private polling = false;
  private running = false;
  /** The newest positions the last poll saw ("session:event"), null before the first. */
  private positions: string | null = null;
  private lastPollAt = 0;
  private wasListening = false;

  constructor(
    private readonly ctx: PgContext,
    private readonly pollIntervalMs: number,
    private readonly listen: ListenState | null = null,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.ctx.on("commit", () => this.wake());
    this.wasListening = this.listen?.listening ?? false;
    this.positions = null;
    this.lastPollAt = 0;
    void this.poll();
    this.timer = setInterval(() => void this.tick(), Math.max(1, this.pollIntervalMs));
    this.timer.unref();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.pending) clearImmediate(this.pending);
    this.pending = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private tick(): void {
    const listening = this.listen?.listening ?? false;
    if (this.wasListening && !listening) this.wake();
    this.wasListening = listening;
    const interval = listening ? this.pollIntervalMs * LISTENING_POLL_FACTOR : this.pollIntervalMs;
    if (Date.now() - this.lastPollAt >= interval) void this.poll();
  }

  /** Reads the newest positions; wakes the streams when they moved since the last poll. */
  private async poll(): Promise<void> {
    if (this.polling || !this.running) return;
    this.polling = true;
    this.lastPollAt = Date.now();
    try {
      const row = await this.ctx.one<{ s: number; e: number }>(
        `SELECT (SELECT COALESCE(MAX(seq), 0) FROM session_events) AS s,
                (SELECT COALESCE(MAX(seq), 0) FROM events) AS e`,
      );
      const positions = `${row?.s ?? 0}:${row?.e ?? 0}`;
      if (this.positions !== null && positions !== this.positions) this.wake();
      this.positions = positions;
    } catch {
      // The database is unreachable or closing: the next poll tries again (streams end on close).
    } finally {
      this.polling = false;
    }
  }

  /** Calls every listener once on the next turn of the event loop, however many wakes came before. */
  private wake(): void {
    if (this.pending || !this.running) return;
    this.pending = setImmediate(() => {
      this.pending = null;
      if (!this.running) return;
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch {
          // One stream's failure must not keep the others asleep.
        }
      }
    });
  }
}
