import { StorageConflictError } from "../port/index.ts";

/** What an optimistic attempt returns when its guarded write found the row changed since it read it. */
export const LOST_RACE: unique symbol = Symbol("lost race");

/** How many times an update is computed again from a fresh read before it gives up with a 409. */
const ATTEMPTS = 5;

/**
 * Runs an optimistic read-compute-write until its guarded write (`UPDATE ... WHERE <the columns
 * as read>`) takes effect: each attempt reads the row, applies the caller's pure update and writes
 * only if nobody changed the row meanwhile, else returns LOST_RACE and the next attempt starts over
 * from what the winner committed (a READ COMMITTED statement sees it). An update that keeps losing
 * becomes StorageConflictError (409), never a lost write.
 */
export async function optimistically<T>(attempt: () => Promise<T | typeof LOST_RACE>): Promise<T> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const result = await attempt();
    if (result !== LOST_RACE) return result;
  }
  throw new StorageConflictError();
}
