/**
 * The adapters the storage contract suite (test/storage/*.test.ts) runs against: every test there
 * is `describe.each(adapters)`, so one behaviour is checked on each adapter the same way.
 * `open` gives a new, empty, migrated storage; the caller closes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Clock } from "../../server/clock.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";

export interface StorageAdapter {
  name: string;
  open(clock: Clock): Promise<Storage>;
}

const allAdapters: StorageAdapter[] = [
  {
    name: "sqlite",
    open: async (clock) => {
      // A real file (WAL, the write lock), removed when the storage closes.
      const dir = mkdtempSync(join(tmpdir(), "cas-contract-"));
      const storage = createSqliteStorage({ path: join(dir, "db.sqlite"), clock });
      const close = storage.close.bind(storage);
      return Object.assign(storage, {
        close: async () => {
          await close();
          rmSync(dir, { recursive: true, force: true });
        },
      });
    },
  },
  {
    name: "postgres",
    open: async (clock) => createPostgresStorage({ url: await freshPostgresDatabase(), clock, poolSize: 4 }),
  },
];
/** SQLite, and PostgreSQL where its binaries are installed (test/helpers/servers/requires.ts). */
export const adapters = allAdapters.filter((adapter) => adapter.name !== "postgres" || requirePostgres() === null);
