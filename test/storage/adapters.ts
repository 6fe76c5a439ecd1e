/**
 * The adapters the storage contract suite (test/storage/*.test.ts) runs against: every test there
 * is `describe.each(adapters)`, so one behaviour is checked on each adapter the same way.
 * `open` gives a new, empty, migrated storage; the caller closes it.
 */
import type { Clock } from "../../server/clock.ts";
import type { Storage } from "../../server/storage/port.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { freshPostgresDatabase } from "../helpers/postgres.ts";

export interface StorageAdapter {
  name: string;
  open(clock: Clock): Promise<Storage>;
}

export const adapters: StorageAdapter[] = [
  {
    name: "postgres",
    open: async (clock) => createPostgresStorage({ url: await freshPostgresDatabase(), clock, poolSize: 4 }),
  },
];
