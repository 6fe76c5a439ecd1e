import { StorageBusyError } from "./storage/port/index.ts";

/**
 * Runs a storage write, retrying it asynchronously while another process holds the database's
 * write lock (StorageBusyError: nothing was written), for up to `maxWaitMs`. Background work
 * uses it for the writes that follow slow work (a run's output, a delivery attempt's outcome),
 * so that a lock held for a moment does not throw that work away.
 */
export async function whenNotBusy<T>(fn: () => T | Promise<T>, maxWaitMs = 30_000): Promise<T> {
  const started = Date.now();
  let delay = 5;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof StorageBusyError) || Date.now() - started + delay > maxWaitMs) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 200);
  }
}
