/**
 * Storage logic written once for both adapters. A transition (create an endpoint, retry a
 * record, ...) is a generator of steps: it yields what it needs from the database (a statement,
 * a page, an outbox event, a signal, the clock) and gets the answer back. Each adapter runs the
 * same generator its own way: SQLite synchronously, with cached prepared statements
 * (sqlite/steps.ts), PostgreSQL with awaits on its pooled connection (postgres/steps.ts). What an
 * adapter keeps for itself is its SQL where it truly differs and its concurrency steps.
 *
 * Statements are written once in the shared dialect of dialect.ts (`?` placeholders and a few
 * tokens such as `{lock}`).
 */
import type { Page } from "../port/common.ts";
import { StorageConflictError, type StorageSignal } from "../port/index.ts";
import type { EventData, EventEnvelope } from "../port/outbox.ts";
import type { AppendedEvent, FanOut } from "../rows/outbox.ts";
import type { KeysetListOptions } from "../rows/pagination.ts";

/** `?, ?, ...`: n placeholders. */
export const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** What a transition asks of its adapter. */
export type Step =
  /** The first row (or null), all rows, or the number of rows changed. */
  | { op: "one" | "all" | "exec"; sql: string; params: readonly unknown[] }
  /** A best-effort write outside any transaction: skipped (0 rows) when another writer holds the lock. */
  | { op: "tryExec"; sql: string; params: readonly unknown[] }
  /** A keyset page of `select` (written in the shared dialect). */
  | { op: "page"; options: KeysetListOptions<never, unknown> }
  /** An outbox event fanned out to its subscribers, committed with the transaction (see `append`). */
  | { op: "append"; accountId: string; data: EventData; exceptEndpointId: string | undefined }
  /** An outbox event with the delivery record of one endpoint, in the transaction (see `appendFor`). */
  | { op: "appendFor"; accountId: string; data: EventData; endpointId: string }
  /** Before a session event's insert: its seq must grow in commit order (the adapter's lock, if it needs one). */
  | { op: "orderSessionEvents"; sessionId: string }
  /** A post-commit signal. */
  | { op: "signal"; name: StorageSignal }
  /** The injected clock's time, as stored. */
  | { op: "now" }
  /** The lease clock's time (see `leaseNow`), or the parameter of a `{leaseClock}` (see `leaseClock`). */
  | { op: "leaseNow" | "leaseClock" }
  /** Steps in one transaction of their own (see `transaction`), or around a single write (see `singleWrite`). */
  | { op: "transaction" | "singleWrite"; steps: () => Steps<unknown> };

/** A transition: yields steps, returns its result. */
export type Steps<T> = Generator<Step, T, unknown>;

export function* one<R>(sql: string, params: readonly unknown[] = []): Steps<R | null> {
  return (yield { op: "one", sql, params }) as R | null;
}

export function* all<R>(sql: string, params: readonly unknown[] = []): Steps<R[]> {
  return (yield { op: "all", sql, params }) as R[];
}

/** Executes a write; returns the number of rows it changed. */
export function* exec(sql: string, params: readonly unknown[] = []): Steps<number> {
  return (yield { op: "exec", sql, params }) as number;
}

/**
 * A write that may be skipped: when another process holds the write lock (SQLite) it changes
 * nothing and returns 0 instead of waiting or failing. For bookkeeping on a read path.
 */
export function* tryExec(sql: string, params: readonly unknown[] = []): Steps<number> {
  return (yield { op: "tryExec", sql, params }) as number;
}

export function* page<Row, T>(options: KeysetListOptions<Row, T>): Steps<Page<T>> {
  return (yield { op: "page", options: options as unknown as KeysetListOptions<never, unknown> }) as Page<T>;
}

/**
 * Appends an outbox event, fanned out to every endpoint of the account subscribed to its kind (but
 * `fanOut.exceptEndpointId`), committed with the transaction; returns its envelope. Its position
 * is not known here: PostgreSQL takes it in the COMMIT's own message (postgres/outbox.ts).
 */
export function* append(
  accountId: string,
  data: EventData,
  fanOut: Pick<FanOut, "exceptEndpointId"> = {},
): Steps<EventEnvelope> {
  return (yield { op: "append", accountId, data, exceptEndpointId: fanOut.exceptEndpointId }) as EventEnvelope;
}

/** Appends an outbox event with the delivery record of one endpoint (a test event): the event and the record's id. */
export function* appendFor(accountId: string, data: EventData, endpointId: string): Steps<AppendedEvent> {
  return (yield { op: "appendFor", accountId, data, endpointId }) as AppendedEvent;
}

export function* orderSessionEvents(sessionId: string): Steps<void> {
  yield { op: "orderSessionEvents", sessionId };
}

export function* signal(name: StorageSignal): Steps<void> {
  yield { op: "signal", name };
}

export function* now(): Steps<string> {
  return (yield { op: "now" }) as string;
}

/**
 * The time leases and due times are compared with. Several replicas share one PostgreSQL
 * database: a lease one of them writes must expire at the same moment for all of them, so there
 * the database's clock decides (with the real clock; an injected one decides itself, so tests can
 * expire a lease by moving time; see postgres/leases.ts). On SQLite: the injected clock.
 */
export function* leaseNow(): Steps<string> {
  return (yield { op: "leaseNow" }) as string;
}

/**
 * The parameter of a `{leaseClock}` token: the lease clock inside one statement, for the checks a
 * loop makes on every pass (one round trip on PostgreSQL instead of two).
 */
export function* leaseClock(): Steps<string | null> {
  return (yield { op: "leaseClock" }) as string | null;
}

/**
 * Runs `steps` in one transaction (inside the caller's when one is open): for a store method that
 * looks before it takes the write lock (or opens a transaction), as a loop's pass does. `steps`
 * makes a new generator each time: PostgreSQL runs a transaction again after a deadlock.
 */
export function* transaction<T>(steps: () => Steps<T>): Steps<T> {
  return (yield { op: "transaction", steps }) as T;
}

/**
 * Steps with a single write, which needs no transaction to be atomic: PostgreSQL runs them as
 * they come (no BEGIN and COMMIT round trips); SQLite in a transaction of its own all the same,
 * as its writers take the process's write lock there (and a lock held too long is
 * StorageBusyError instead of a stalled event loop).
 */
export function* singleWrite<T>(steps: () => Steps<T>): Steps<T> {
  return (yield { op: "singleWrite", steps }) as T;
}

/**
 * A store written as transitions: each method's steps, and whether they run in one transaction
 * of their own (writes, and reads that must see one state) or as plain reads.
 */
export type StepStore<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? { tx: boolean; steps: (...args: A) => Steps<R> } : never;
};

/** Drives a transition, each step performed by `perform` (synchronously). */
export function driveSync<T>(steps: Steps<T>, perform: (step: Step) => unknown): T {
  let answer: unknown;
  for (;;) {
    const next = steps.next(answer);
    if (next.done) return next.value;
    answer = perform(next.value);
  }
}

/** Drives a transition, each step performed by `perform` (awaited). */
export async function driveAsync<T>(steps: Steps<T>, perform: (step: Step) => Promise<unknown>): Promise<T> {
  let answer: unknown;
  for (;;) {
    const next = steps.next(answer);
    if (next.done) return next.value;
    answer = await perform(next.value);
  }
}

/** What an optimistic attempt returns when its guarded write found the row changed since it read it. */
export const LOST_RACE: unique symbol = Symbol("lost race");

/** How many times an update is computed again from a fresh read before it gives up with a 409. */
const OPTIMISTIC_ATTEMPTS = 5;

/**
 * Runs an optimistic read-compute-write until its guarded write (`UPDATE ... WHERE <the columns
 * as read>`) takes effect: each attempt reads the row, applies the caller's pure update and writes
 * only if nobody changed the row meanwhile, else returns LOST_RACE and the next attempt starts over
 * from what the winner committed. On SQLite the write lock means the first attempt always wins; on
 * PostgreSQL (READ COMMITTED) a later attempt sees the winner's row. An update that keeps losing
 * becomes StorageConflictError (409), never a lost write.
 */
export function* optimistically<T>(attempt: () => Steps<T | typeof LOST_RACE>): Steps<T> {
  for (let i = 0; i < OPTIMISTIC_ATTEMPTS; i++) {
    const result = yield* attempt();
    if (result !== LOST_RACE) return result;
  }
  throw new StorageConflictError();
}
