/**
 * Shared pieces of the storage contract suite: a storage per describe block (opened on each
 * adapter of adapters.ts), an account, and the outbox events a change emitted.
 */
import { afterAll, beforeAll } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { StorageAdapter } from "./adapters.ts";

export interface SuiteContext {
  storage: Storage;
  clock: ManualClock;
  accountId: string;
  /** The kinds (and ids) of the outbox events emitted since the last call, oldest first. */
  newEvents(): Promise<{ type: string; id: string; data: Record<string, unknown> }[]>;
}

/** Opens a fresh storage on `adapter` before the block's tests and closes it after. */
export function useStorage(adapter: StorageAdapter): SuiteContext {
  let lastSeq = 0;
  const suite = {
    clock: new ManualClock("2026-11-21T12:00:00.000Z"),
    accountId: "",
    async newEvents() {
      const events = await suite.storage.outbox.listEvents(suite.accountId, { afterSeq: lastSeq, limit: 1000 });
      lastSeq = events.at(-1)?.seq ?? lastSeq;
      return events.map((e) => {
        const data = e.envelope.data as unknown as Record<string, unknown>;
        return { type: String(data.type), id: String(data.id), data };
      });
    },
  } as SuiteContext;
  beforeAll(async () => {
    suite.storage = await adapter.open(suite.clock);
    suite.accountId = (await suite.storage.accounts.ensureAccount("contract")).id;
  });
  afterAll(async () => {
    await suite.storage?.close();
  });
  return suite;
}

/** Settles every promise and sorts the outcomes: values, and errors by their name. */
export async function outcomes<T>(promises: Promise<T>[]): Promise<{ values: T[]; errors: string[] }> {
  const settled = await Promise.allSettled(promises);
  return {
    values: settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : [])),
    errors: settled.flatMap((s) =>
      s.status === "rejected" ? [s.reason instanceof Error ? s.reason.name : String(s.reason)] : [],
    ),
  };
}
