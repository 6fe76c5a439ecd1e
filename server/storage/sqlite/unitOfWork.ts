/**
 * The SQLite adapter's side of the asynchronous port. Its stores stay synchronous (better-sqlite3
 * answers at once); `asyncStore` exposes one as `Async<...>` and a `UnitOfWorkGate` decides when a
 * call runs:
 *
 * - no unit of work open (nearly always): at once, in the caller's turn of the event loop, its
 *   result wrapped in a settled promise: no extra turn, no queue;
 * - a unit of work open (`storage.transaction`): calls through the main stores, and other units,
 *   wait in arrival order (FIFO) until it ends; calls through its `tx` run inside its transaction.
 *
 * A unit of work holds the connection's transaction across its awaits: BEGIN IMMEDIATE with the
 * process's write lock (as SqliteContext.tx takes it), the stores' own transactions nested in it as
 * savepoints, COMMIT and then the signals they collected (ROLLBACK and no signals when it throws).
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import type { AccountStore } from "../port/accounts.ts";
import type { AgentStore } from "../port/agents.ts";
import type { DeliveryQueue } from "../port/deliveryQueue.ts";
import type { DeploymentStore } from "../port/deployments.ts";
import type { DreamStore } from "../port/dreams.ts";
import type { EnvironmentStore } from "../port/environments.ts";
import type { FileStore } from "../port/files.ts";
import type { HousekeepingStore } from "../port/housekeeping.ts";
import type { IdempotencyStore } from "../port/idempotency.ts";
import type { Async, Stores } from "../port/index.ts";
import type { MemoryStoreStore } from "../port/memoryStores.ts";
import type { MetaStore } from "../port/meta.ts";
import type { OutboxStore } from "../port/outbox.ts";
import type { RunStore } from "../port/runs.ts";
import type { SessionResourceStore } from "../port/sessionResources.ts";
import type { SessionStore } from "../port/sessions.ts";
import type { SkillStore } from "../port/skills.ts";
import type { StreamStore } from "../port/streams.ts";
import type { VaultStore } from "../port/vaults.ts";
import type { WebhookEndpointStore } from "../port/webhooks.ts";
import type { WorkStore } from "../port/work.ts";
import type { SqliteContext } from "./context.ts";

type Method = (...args: unknown[]) => unknown;
/** Runs one synchronous store method now or later; the promise settles with its result. */
type Invoke = (method: Method, store: object, args: unknown[]) => Promise<unknown>;

/** The synchronous stores of the adapter, one per resource (what `Stores` exposes asynchronously). */
export interface SyncStores {
  accounts: AccountStore;
  agents: AgentStore;
  environments: EnvironmentStore;
  idempotency: IdempotencyStore;
  sessions: SessionStore;
  deployments: DeploymentStore;
  runs: RunStore;
  outbox: OutboxStore;
  meta: MetaStore;
  skills: SkillStore;
  vaults: VaultStore;
  memoryStores: MemoryStoreStore;
  files: FileStore;
  sessionResources: SessionResourceStore;
  webhooks: WebhookEndpointStore;
  deliveryQueue: DeliveryQueue;
  housekeeping: HousekeepingStore;
  streams: StreamStore;
  work: WorkStore;
  dreams: DreamStore;
}

/** Runs a synchronous method at once (no unit of work can be open: the delivery thread). */
export const callNow: Invoke = (method, store, args) => {
  try {
    return Promise.resolve(method.apply(store, args));
  } catch (err) {
    return Promise.reject(err);
  }
};

/** `store` as the port exposes it: each method returns a promise, run through `invoke`. */
export function asyncStore<T extends object>(store: T, invoke: Invoke): Async<T> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== "function") continue;
    const method = value as Method;
    out[name] = (...args: unknown[]) => invoke(method, store, args);
  }
  return out as Async<T>;
}

/** Every store of `stores` wrapped with `invoke`. */
export function asyncStores(stores: SyncStores, invoke: Invoke): Stores {
  const out: Partial<Record<keyof SyncStores, unknown>> = {};
  for (const name of Object.keys(stores) as (keyof SyncStores)[]) out[name] = asyncStore(stores[name], invoke);
  return out as { [K in keyof SyncStores]: Async<SyncStores[K]> } satisfies Stores;
}

/** One unit of work while it runs. */
interface Unit {
  readonly id: number;
}

const INSIDE_UNIT =
  "A call through the main storage inside storage.transaction would wait for the unit of work it is part of: make it through tx.";

/** Orders the calls of one connection around its units of work (see the top of this file). */
export class UnitOfWorkGate {
  private active: Unit | null = null;
  private readonly waiting: (() => void)[] = [];
  /** Which unit a call is made from, to refuse a call that would wait for its own unit. */
  private readonly scope = new AsyncLocalStorage<Unit>();
  private units = 0;

  /**
   * @param ctx the connection's context (its transactions and signals)
   * @param stores the connection's synchronous stores, which `tx` exposes inside a unit
   */
  constructor(
    private readonly ctx: SqliteContext,
    private readonly stores: SyncStores,
  ) {}

  /** Whether a unit of work is open (the main stores' calls wait). */
  get busy(): boolean {
    return this.active !== null;
  }

  /** How the main stores' calls run: at once when no unit is open, else after it. */
  readonly invoke: Invoke = (method, store, args) => {
    if (this.active === null) return callNow(method, store, args);
    if (this.scope.getStore() === this.active) return Promise.reject(new Error(INSIDE_UNIT));
    return new Promise((resolve, reject) => {
      // Run later in the caller's async context (http/busyRetry.ts counts a request's commits by it).
      this.waiting.push(
        AsyncResource.bind(() => {
          try {
            resolve(method.apply(store, args));
          } catch (err) {
            reject(err);
          }
        }),
      );
    });
  };

  /** storage.transaction: runs `fn` in one transaction, after the units and calls already waiting. */
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T> {
    if (this.active === null) return this.run(fn);
    if (this.scope.getStore() === this.active) {
      return Promise.reject(new Error("storage.transaction cannot nest: make the calls through the outer unit's tx."));
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(
        AsyncResource.bind(() => {
          this.run(fn).then(resolve, reject);
        }),
      );
    });
  }

  private async run<T>(fn: (tx: Stores) => Promise<T>): Promise<T> {
    // Synchronous up to the first await: when it throws (busy), no unit opened and the gate stays free.
    this.ctx.beginUnit();
    const unit: Unit = { id: ++this.units };
    this.active = unit;
    let result: T;
    try {
      result = await this.scope.run(unit, () => fn(this.txStores(unit)));
    } catch (err) {
      this.active = null;
      try {
        this.ctx.rollbackUnit();
      } finally {
        this.drain();
      }
      throw err;
    }
    this.active = null;
    try {
      this.ctx.commitUnit();
    } finally {
      this.drain();
    }
    return result;
  }

  /** The stores of one unit: calls run in its transaction while it is open, and fail after. */
  private txStores(unit: Unit): Stores {
    return asyncStores(this.stores, (method, store, args) =>
      this.active === unit
        ? callNow(method, store, args)
        : Promise.reject(new Error("This tx belongs to a unit of work that has ended: use the storage.")),
    );
  }

  /** Runs the waiting calls in order, until one of them opens the next unit of work. */
  private drain(): void {
    while (this.active === null) {
      const next = this.waiting.shift();
      if (next === undefined) return;
      next();
    }
  }
}
