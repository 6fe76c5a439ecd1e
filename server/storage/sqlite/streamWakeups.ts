import type Database from "better-sqlite3";
import type { StreamWakeups } from "../port/streams.ts";
import type { SqliteContext } from "./context.ts";

/**
 * The SQLite wake-up source of live streams: this process's own commits (the adapter's post-commit
 * signal, at once) and other processes' commits on the same file (the CLI, a second server), found
 * by polling `PRAGMA data_version` every `pollIntervalMs`. That pragma changes only when another
 * connection committed, and reading it touches no table, so the poll costs next to nothing.
 */
export class SqliteStreamWakeups implements StreamWakeups {
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private version: number | null = null;

  constructor(
    private readonly ctx: SqliteContext,
    private readonly db: Database.Database,
    private readonly pollIntervalMs: number,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer) return;
    this.unsubscribe = this.ctx.on("commit", () => this.fire());
    this.version = this.dataVersion();
    this.timer = setInterval(() => {
      const version = this.dataVersion();
      if (version !== this.version) {
        this.version = version;
        this.fire();
      }
    }, this.pollIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private dataVersion(): number | null {
    try {
      return this.db.pragma("data_version", { simple: true }) as number;
    } catch {
      // The database is closing: the streams are ending too.
      return this.version;
    }
  }

  private fire(): void {
    for (const listener of this.listeners) listener();
  }
}
