import type { AppDeps } from "./app.ts";

/** A background worker of the service, started after the server listens and stopped before the database closes. */
export interface BackgroundWorker {
  name: string;
  start(): void;
  /** Stops claiming work and waits (bounded) for work in flight. */
  stop(): Promise<void>;
}

/** Every background worker of the service, in start order (stopped in reverse). */
export function createWorkers(_deps: AppDeps): BackgroundWorker[] {
  const workers: BackgroundWorker[] = [];
  return workers;
}
