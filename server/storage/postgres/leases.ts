/**
 * The clock leases are measured on (shared/steps.ts leaseNow and `{leaseClock}`). Several replicas
 * share one database: a lease one of them writes must expire at the same moment for all of them,
 * whatever their own clocks say, so with the real clock the database's clock decides (read as the
 * same ISO text as every other timestamp). An injected clock (tests, a ManualClock) decides
 * itself, so that tests can expire a lease by moving time.
 */
import { systemClock } from "../../clock.ts";
import { DB_NOW, type PgContext } from "./context.ts";

/** The current time leases and due times are compared with (see above). */
export async function leaseNow(ctx: PgContext): Promise<string> {
  if (ctx.clock !== systemClock) return ctx.now();
  const row = await ctx.one<{ now: string }>(`SELECT ${DB_NOW} AS now`);
  if (!row) throw new Error("the database did not return its clock");
  return row.now;
}

/** The parameter of a `{leaseClock}`: the injected clock's time, or null for the database's (the statement's start). */
export const leaseClockParam = (ctx: PgContext): string | null => (ctx.clock === systemClock ? null : ctx.now());
