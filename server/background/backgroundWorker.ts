/**
 * The contract of a background worker (server/background/workers.ts lists them): started after the
 * server listens, stopped before the database closes, asked for its health by `/readyz` and `/metrics`.
 * Types only, so that the storage port and every worker can name it without importing the workers.
 */

/** What a background worker reports about itself, for `/readyz` and `/metrics`. */
export interface WorkerHealth {
  running: boolean;
  /** Wall-clock ms when the last pass ended without an error (or when the worker started, before its first). */
  lastPassAt: number | null;
  /** Beyond this many ms without a good pass the worker counts as stuck; null = not checked (cron jobs). */
  staleAfterMs: number | null;
  /** The error of the last pass, when it failed. */
  lastError: string | null;
}

/**
 * A background worker of the service, started after the server listens and stopped before the
 * database closes. `/readyz` and `/metrics` read every worker's `health()`: a worker built on
 * `PeriodicLoop` returns `this.loop.health()`.
 */
export interface BackgroundWorker {
  name: string;
  start(): void;
  /** Stops claiming work and waits (bounded) for work in flight. */
  stop(): Promise<void>;
  health(): WorkerHealth;
}
