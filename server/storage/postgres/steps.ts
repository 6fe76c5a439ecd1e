/**
 * Runs the shared transitions (storage/shared/steps.ts) on PostgreSQL: each statement rendered
 * for PostgreSQL (`$n` parameters, row locks), each store method in one transaction of its own
 * when it asks for one.
 */
import type { Async } from "../port/index.ts";
import { bind, render } from "../shared/dialect.ts";
import { driveAsync, type Step, type StepStore, type Steps } from "../shared/steps.ts";
import type { PgContext } from "./context.ts";
import { leaseClockParam, leaseNow } from "./leases.ts";
import { appendEvent, appendEventFor, lockEventOrder } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

function perform(c: PgContext, step: Step): Promise<unknown> | unknown {
  switch (step.op) {
    case "one":
      return c.one(render("postgres", step.sql), bind("postgres", step.params));
    case "all":
      return c.query(render("postgres", step.sql), bind("postgres", step.params));
    case "exec":
    case "tryExec":
      return c.exec(render("postgres", step.sql), bind("postgres", step.params));
    case "page":
      return keysetList(c, {
        ...step.options,
        select: render("postgres", step.options.select),
        params: bind("postgres", step.options.params),
      });
    case "append":
      return appendEvent(c, step.accountId, step.data, step.exceptEndpointId);
    case "appendFor":
      return appendEventFor(c, step.accountId, step.data, step.endpointId);
    case "orderSessionEvents":
      return lockEventOrder(c, step.sessionId);
    case "signal":
      return c.signal(step.name);
    case "now":
      return c.now();
    case "leaseNow":
      return leaseNow(c);
    case "leaseClock":
      return leaseClockParam(c);
    case "transaction":
      return c.tx((tx) => drive(tx, step.steps()));
    case "singleWrite":
      // One statement is atomic on its own: no BEGIN and COMMIT round trips.
      return drive(c, step.steps());
  }
}

/** Drives a transition on `c` (a transaction's context, or the pool's). */
export function drive<T>(c: PgContext, steps: Steps<T>): Promise<T> {
  return driveAsync(steps, async (step) => perform(c, step));
}

/** A store of shared transitions as the adapter's asynchronous store. */
export function storeOf<S>(ctx: PgContext, def: StepStore<S>): Async<S> {
  const store: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(def) as [
    string,
    { tx: boolean; steps: (...a: unknown[]) => Steps<unknown> },
  ][]) {
    store[name] = method.tx
      ? (...args: unknown[]) => ctx.tx((tx) => drive(tx, method.steps(...args)))
      : (...args: unknown[]) => drive(ctx, method.steps(...args));
  }
  return store as Async<S>;
}
