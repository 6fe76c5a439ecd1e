import type { HousekeepingStore } from "../port/housekeeping.ts";
import type { Async } from "../port/index.ts";
import { errorMessage } from "../rows/housekeeping.ts";
import { describeMigrationStatus } from "../rows/migrations.ts";
import { housekeeping } from "../shared/housekeeping.ts";
import type { PgContext } from "./context.ts";
import { postgresMigrationStatus } from "./migrate.ts";
import { storeOf } from "./steps.ts";

/** Housekeeping over PostgreSQL: the shared retention batches and figures (shared/housekeeping.ts), and the readiness check. */
export function createHousekeepingStore(ctx: PgContext): Async<HousekeepingStore> {
  return {
    ...storeOf(ctx, housekeeping),
    async check() {
      try {
        await ctx.query("SELECT 1");
      } catch (err) {
        return { database: `the database does not answer: ${errorMessage(err)}`, migrations: "not checked" };
      }
      let migrations: string | null;
      try {
        migrations = describeMigrationStatus(await postgresMigrationStatus(ctx.hub.pool));
      } catch (err) {
        migrations = `cannot read the applied migrations: ${errorMessage(err)}`;
      }
      return { database: null, migrations };
    },
  };
}
