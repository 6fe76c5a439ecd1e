/**
 * Runs the shared transitions (storage/shared/steps.ts) on SQLite, synchronously: each statement
 * rendered for SQLite and prepared once per connection, each store method in one transaction of
 * its own when it asks for one.
 */
import type Database from "better-sqlite3";
import { bind, render } from "../shared/dialect.ts";
import { driveSync, type Step, type StepStore, type Steps } from "../shared/steps.ts";
import { isBusy, type SqliteContext } from "./context.ts";
import { appendEventTo } from "./outbox.ts";
import { keysetList } from "./pagination.ts";
import { preparedStatement } from "./statements.ts";

function prepared(db: Database.Database, sql: string): Database.Statement {
  return preparedStatement(db, sql, () => render("sqlite", sql));
}

function perform(ctx: SqliteContext, step: Step): unknown {
  switch (step.op) {
    case "one":
      return prepared(ctx.db, step.sql).get(...bind("sqlite", step.params)) ?? null;
    case "all":
      return prepared(ctx.db, step.sql).all(...bind("sqlite", step.params));
    case "exec":
      return prepared(ctx.db, step.sql).run(...bind("sqlite", step.params)).changes;
    case "tryExec":
      try {
        return prepared(ctx.db, step.sql).run(...bind("sqlite", step.params)).changes;
      } catch (err) {
        if (isBusy(err)) return 0;
        throw err;
      }
    case "page":
      return keysetList(ctx.db, {
        ...step.options,
        select: render("sqlite", step.options.select),
        params: bind("sqlite", step.options.params),
      });
    case "append":
      return appendEventTo(ctx, step.accountId, step.data, { exceptEndpointId: step.exceptEndpointId }).event.envelope;
    case "appendFor":
      return appendEventTo(ctx, step.accountId, step.data, { onlyEndpointId: step.endpointId });
    case "orderSessionEvents":
      // The write lock already puts every writer's session events in commit order.
      return;
    case "signal":
      return ctx.signal(step.name);
    case "now":
    case "leaseNow":
    case "leaseClock":
      // One process's clock decides: SQLite's database is not shared across machines.
      return ctx.now();
    case "transaction":
    case "singleWrite":
      return ctx.tx(() => drive(ctx, step.steps()));
  }
}

/** Drives a transition now, on the context's connection (inside whatever transaction is open). */
export function drive<T>(ctx: SqliteContext, steps: Steps<T>): T {
  return driveSync(steps, (step) => perform(ctx, step));
}

/** A store of shared transitions as the adapter's synchronous store. */
export function storeOf<S>(ctx: SqliteContext, def: StepStore<S>): S {
  const store: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(def) as [
    string,
    { tx: boolean; steps: (...a: unknown[]) => Steps<unknown> },
  ][]) {
    store[name] = method.tx
      ? (...args: unknown[]) => ctx.tx(() => drive(ctx, method.steps(...args)))
      : (...args: unknown[]) => drive(ctx, method.steps(...args));
  }
  return store as S;
}
