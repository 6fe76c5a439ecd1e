/**
 * The PostgreSQL adapter's shared context: the pool, the clock, transactions and post-commit signals.
 *
 * Stores that behave alike on both adapters are written once as transitions (storage/shared/,
 * run here by steps.ts); the others call this context directly: `ctx.one(...)` for a read,
 * `ctx.tx(async (tx) => ...)` around a write, whose `tx.signal(...)` is raised after COMMIT.
 *
 * The context's API:
 *   - `query<R>(sql, params?)`: Promise<R[]> (the rows); `one<R>(sql, params?)`: Promise<R | null>
 *     (the first row); `exec(sql, params?)`: Promise<number> (rows affected, for UPDATE/DELETE).
 *     On a context bound to a transaction they run on its client, else on a pooled connection
 *     (autocommit: one statement, one transaction).
 *   - `tx(fn)`: runs `fn(txCtx)` in one transaction: BEGIN / COMMIT (ROLLBACK when it throws) on one
 *     client. Nested calls (on a transaction's context) reuse the same transaction. A deadlock or a
 *     serialization failure of the outermost transaction runs `fn` again (a few times, with a short
 *     jittered pause), so `fn` must be re-runnable: only queries through `txCtx` and pure work.
 *     A unique violation (23505) that escapes becomes StorageConflictError (HTTP 409). There are no
 *     savepoints: a failed statement aborts the whole transaction, so a store avoids statements that
 *     fail by design (`INSERT ... ON CONFLICT DO NOTHING` and a look at the row count instead), and
 *     a unit of work that catches a store's error must end (rethrow), not carry on.
 *   - `now()`: the injected clock's time as the API's timestamp string (same text as SQLite).
 *   - `signal(name)`: raise a StorageSignal after the current transaction commits (at once outside
 *     one); `on(name, listener)`: subscribe. A transaction that wrote raises "commit" as well.
 *   - `inTransaction`: whether this context is bound to a transaction's client.
 *   - `lockEventOrder(accountId)` / `lockSessionEventOrder(sessionId)`: inside a transaction, before
 *     inserting rows whose identity column readers follow "after seq N" (outbox events, session
 *     events): an identity value is taken at INSERT, not at COMMIT, so without it a later commit could
 *     carry a smaller seq than one a reader already passed. The lock is the account's (one per
 *     account, a session's events take their account's), held until COMMIT, so within an account seq
 *     order is commit order, which is all a reader needs: every stream reads one account's or one
 *     session's rows. Writers of different accounts never wait for each other (docs/streams.md).
 *   - DB_NOW: an SQL expression of the database clock in the same text format (leases across
 *     replicas); `isUniqueViolation(err, constraint?)` in errors.ts for stores that map a specific key.
 *
 * Int8 columns (bigint, bigserial, count(*)) arrive as JS numbers (see PG_TYPES): every such value
 * here (sequence positions, counts, byte sizes) stays far below 2^53.
 */
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import type { Clock } from "../../clock.ts";
import { StorageBusyError, type StorageSignal } from "../port/index.ts";
import { isRetryable, toStorageError } from "./errors.ts";

/**
 * Timestamps are `text` columns holding exactly what the SQLite adapter stores
 * (`Date.toISOString()`: ISO-8601 UTC with milliseconds, e.g. 2026-11-21T12:00:00.000Z), not
 * `timestamptz`: the stores compare them as strings against the injected clock's `now()` (due
 * times, leases, cut-offs, keyset cursors), return them to the API unchanged, and must behave the
 * same on both adapters. Fixed-width ISO strings sort in time order under the "C" collation the
 * schema gives every text column (byte order, as SQLite's BINARY), whatever the database's locale.
 */
export const DB_NOW = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The NOTIFY channel every replica of one database listens on. */
export const NOTIFY_CHANNEL = "cloud_agents";

/** int8 (bigint, bigserial, count(*)) as a number instead of pg's default string. */
const INT8_OID = 20;
export const PG_TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID && format !== "binary") return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The adapter's advisory lock keys. `migrate` is a bigint key (pg_advisory_xact_lock(int8));
 * `eventOrder` is the first key of the two-key form (int4, int4), the second being a hash of the
 * account id (two accounts that share a hash only wait for each other). The two forms never collide.
 */
export const ADVISORY_LOCKS = {
  migrate: 0x63610001,
  eventOrder: 0x63610002,
} as const;

/**
 * A row that takes PgContext.lockEventOrder's lock (and the transaction's id) inside a statement of
 * the caller's own, e.g. as a CTE the first insert it guards reads, so that both cost one round
 * trip; `account` is the account id's placeholder (outbox.ts FAN_OUT_EVENT, sent with the COMMIT).
 */
export function eventOrderLockSql(account: string): string {
  return `SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.eventOrder}::int4, hashtext(${account})) AS locked, pg_current_xact_id() AS xid`;
}

/** How often the outermost transaction is run again after a deadlock or a serialization failure. */
const MAX_ATTEMPTS = 5;

type Listener = () => void;

/** What a notification carries: which replica committed, and the signals its transaction raised. */
interface Notification {
  from: string;
  signals: StorageSignal[];
}

const WRITE_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/**
 * The state every context of one storage shares: the pool, the clock, the listeners, and this
 * replica's id (so it ignores the notifications of its own commits, which it raised already).
 */
export class PgHub {
  readonly replicaId = randomUUID();
  readonly statements = new NamedStatements();
  private readonly listeners = new Map<StorageSignal, Set<Listener>>();
  /** The signals to tell the other replicas of in the next notification (see `notify`). */
  private unsent = new Set<StorageSignal>();
  /** The notifications being sent, while there are any. */
  private sending: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly pool: pg.Pool,
    readonly clock: Clock,
  ) {}

  on(name: StorageSignal, listener: Listener): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Runs the listeners of these signals (after a commit of this process, or a notification of another). */
  raise(names: Iterable<StorageSignal>): void {
    for (const name of names) {
      for (const listener of this.listeners.get(name) ?? []) {
        try {
          listener();
        } catch {
          // A listener (a loop's notify) must never undo a committed transaction's caller.
        }
      }
    }
  }

  /** Raises the signals of a commit that arrived by NOTIFY; its own commits were raised already. */
  receive(payload: string | undefined): void {
    let note: Notification;
    try {
      note = JSON.parse(payload ?? "") as Notification;
    } catch {
      return;
    }
    if (!note || note.from === this.replicaId || !Array.isArray(note.signals)) return;
    this.raise(note.signals.filter((s): s is StorageSignal => typeof s === "string"));
  }

  payload(signals: Iterable<StorageSignal>): string {
    return JSON.stringify({ from: this.replicaId, signals: [...signals] } satisfies Notification);
  }

  /**
   * Tells the other replicas of signals raised here by a commit: a NOTIFY of its own, sent after
   * the commit (a hint: a crash in between loses it, and their loops' polling finds the change).
   * One at a time, NOTIFY_SPACING_MS apart at least: the signals raised meanwhile go together in
   * the next, so a busy replica sends at most about a hundred a second, not one a commit (each is
   * a transaction of the server's). Not inside the writing transaction: a
   * transaction that notifies takes a lock at COMMIT that every notifying transaction of the
   * server waits for (PostgreSQL serialises their commits to order the notification queue), which
   * would queue the writers of every account behind one another.
   */
  notify(signals: Iterable<StorageSignal>): void {
    if (this.closed) return;
    for (const name of signals) this.unsent.add(name);
    if (this.unsent.size > 0) this.sending ??= this.send();
  }

  private async send(): Promise<void> {
    while (this.unsent.size > 0) {
      const payload = this.payload(this.unsent);
      this.unsent = new Set();
      await this.pool.query("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, payload]).catch(() => {
        // A hint only: the other replicas' polling finds the change anyway.
      });
      // The signals of the next few milliseconds' commits go together (unref'd: never holds the process).
      await new Promise((resolve) => setTimeout(resolve, NOTIFY_SPACING_MS).unref());
    }
    this.sending = null;
  }

  /** Sends the notifications not sent yet, then refuses new ones (before the pool ends). */
  async drain(): Promise<void> {
    while (this.sending) await this.sending;
    this.closed = true;
  }
}

/**
 * The least time between two notifications of one replica (PgHub.notify): what it adds to another
 * replica's wake-up at most (its loops and streams), and what bounds the notifications a busy
 * replica sends. 10 ms measured against none: the machine's CPU a request at two replicas 1,641 vs
 * 1,769 µs (scripts/bench, PostgreSQL ×2).
 */
const NOTIFY_SPACING_MS = 10;

/** How many distinct statement texts get a name (NamedStatements). */
const NAMED_STATEMENTS = 500;

/**
 * Names for the statements the stores send, so each connection parses and plans a statement once
 * and then only binds and executes it (node-postgres prepares a named statement on a connection the
 * first time it runs there, and keeps it for the connection's life). The stores' texts are
 * constants, or built from a few options (a page's filters): a small set. The first
 * NAMED_STATEMENTS distinct texts with parameters get a name (from a hash of the text), kept for
 * the process's life; any text after those goes unnamed, as every statement did before, so no
 * connection ever holds more than that many. A text without parameters goes unnamed too: it may
 * hold several statements, which only the simple protocol runs.
 */
export class NamedStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit = NAMED_STATEMENTS) {}

  query(text: string, values: unknown[]): pg.QueryConfig {
    if (values.length === 0) return { text, values };
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      // Named after the text: two hubs on one pool give one text one name (node-postgres refuses a
      // name a connection prepared for another text).
      name = `s_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  }

  /** How many texts have a name. */
  get size(): number {
    return this.names.size;
  }
}

/** The open transaction of a bound context: its client and what it will raise once committed. */
interface TxState {
  client: pg.PoolClient;
  signals: Set<StorageSignal>;
  wrote: boolean;
  /** The accounts whose event-order lock this transaction holds (lockEventOrder). */
  orderLocked: Set<string>;
  /** The sessions whose account's lock it holds (lockSessionEventOrder). */
  sessionsLocked: Set<string>;
  /** The statements sent in the COMMIT's own message (atCommit), in order. */
  atCommit: CommitStatement[];
}

/** A statement of `atCommit`: its text with the parameters inlined, and who gets its rows. */
interface CommitStatement {
  text: string;
  onRows: (rows: Record<string, unknown>[]) => void;
}

/**
 * `$n` of `sql` replaced by `params[n - 1]` as an SQL literal (pg's escapeLiteral for text: quotes
 * doubled, and the E'' form when there is a backslash), for a statement sent by the simple protocol.
 * The text must hold no `$n` other than its placeholders (no dollar quoting).
 */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`no parameter $${n} for the statement`);
    const value = params[index];
    if (value === null || value === undefined) return "NULL";
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value === "string") return pg.escapeLiteral(value);
    throw new Error(`parameter $${n} is a ${typeof value}: only text, finite numbers and null are inlined`);
  });
}

export class PgContext {
  /** @param txState set on a context bound to a transaction (see `tx`). */
  constructor(
    readonly hub: PgHub,
    private readonly txState: TxState | null = null,
  ) {}

  get clock(): Clock {
    return this.hub.clock;
  }

  get inTransaction(): boolean {
    return this.txState !== null;
  }

  /** The current time as the API's timestamp string. */
  now(): string {
    return this.hub.clock.now().toISOString();
  }

  async query<R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.send<R>(sql, params)).rows;
  }

  async one<R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R | null> {
    return (await this.send<R>(sql, params)).rows[0] ?? null;
  }

  /** Executes a statement and returns how many rows it affected. */
  async exec(sql: string, params: unknown[] = []): Promise<number> {
    return (await this.send(sql, params)).rowCount ?? 0;
  }

  /** Sends a statement: on the transaction's connection, or the pool (a write outside a transaction raises "commit"). */
  private async send<R extends object>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    const query = this.hub.statements.query(sql, params);
    if (this.txState) {
      // Errors inside a transaction stay raw, so `tx` can tell a deadlock (retry) from the rest.
      const result = await this.txState.client.query<R>(query);
      if (WRITE_COMMANDS.has(result.command) && (result.rowCount ?? 0) > 0) this.txState.wrote = true;
      return result;
    }
    let result: pg.QueryResult<R>;
    try {
      result = await this.hub.pool.query<R>(query);
    } catch (err) {
      throw toStorageError(toBusy(err, this.hub.pool));
    }
    if (WRITE_COMMANDS.has(result.command) && (result.rowCount ?? 0) > 0) this.hub.raise(["commit"]);
    return result;
  }

  /**
   * Serialises the writers of one account's commit-ordered rows (outbox and session events) until
   * this transaction ends (see the top). Taken once per account and transaction.
   */
  async lockEventOrder(accountId: string): Promise<void> {
    const state = this.requireTx("lockEventOrder");
    if (state.orderLocked.has(accountId)) return;
    // pg_current_xact_id(): the transaction takes its id now, before its first position (see
    // streams.ts, changesSince: a position taken after a snapshot belongs to an id at or past its xmax).
    await state.client.query(eventOrderLockSql("$1"), [accountId]);
    state.orderLocked.add(accountId);
  }

  /**
   * Sends `sql` (with `params` inlined: inlineParams) in the COMMIT's own message, after every
   * other statement of this transaction, and hands its rows to `onRows` once the transaction has
   * committed (before its signals are raised: `onRows` may add some with `signal`). For a statement
   * that takes a lock the account's other writers wait for (the outbox's event-order lock): held
   * from there to COMMIT within one message, it is never held across a round trip to this process,
   * so the next writer waits for the server's work only, not for this process's turn on a busy
   * machine. It counts as a write (the commit raises "commit"). A failure of the statement fails
   * the COMMIT: the transaction rolls back, and a deadlock runs it again, as any statement's.
   */
  atCommit(sql: string, params: readonly unknown[], onRows: (rows: Record<string, unknown>[]) => void): void {
    const state = this.requireTx("atCommit");
    state.atCommit.push({ text: inlineParams(sql, params), onRows });
    state.wrote = true;
  }

  /** lockEventOrder for the account of a session (looked up in the same statement), once per session and transaction. */
  async lockSessionEventOrder(sessionId: string): Promise<void> {
    const state = this.requireTx("lockSessionEventOrder");
    if (state.sessionsLocked.has(sessionId)) return;
    const row = await state.client.query<{ account_id: string }>(
      `SELECT account_id, pg_advisory_xact_lock($1::int4, hashtext(account_id)), pg_current_xact_id()
       FROM sessions WHERE id = $2`,
      [ADVISORY_LOCKS.eventOrder, sessionId],
    );
    const accountId = row.rows[0]?.account_id;
    if (accountId === undefined) {
      // No such session: the insert that follows fails on its foreign key; nothing to order.
      return;
    }
    state.orderLocked.add(accountId);
    state.sessionsLocked.add(sessionId);
  }

  private requireTx(what: string): TxState {
    if (!this.txState) throw new Error(`${what} outside a transaction`);
    return this.txState;
  }

  /** Marks a signal to raise when the current transaction commits (at once outside one). */
  signal(name: StorageSignal): void {
    if (this.txState) {
      this.txState.signals.add(name);
      return;
    }
    this.hub.raise([name]);
    this.hub.notify([name]);
  }

  on(name: StorageSignal, listener: Listener): () => void {
    return this.hub.on(name, listener);
  }

  /** Runs `fn` in one transaction (see the comment at the top of this file). */
  async tx<T>(fn: (tx: PgContext) => Promise<T>): Promise<T> {
    if (this.txState) return fn(this);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(fn);
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) {
          await new Promise((resolve) => setTimeout(resolve, 2 ** attempt + Math.random() * 10 * attempt));
          continue;
        }
        throw toStorageError(err);
      }
    }
  }

  private async attempt<T>(fn: (tx: PgContext) => Promise<T>): Promise<T> {
    const client = await connect(this.hub.pool);
    const state: TxState = {
      client,
      signals: new Set(),
      wrote: false,
      orderLocked: new Set(),
      sessionsLocked: new Set(),
      atCommit: [],
    };
    // A connection that failed mid-transaction is in an unknown state: the pool drops it.
    let broken = true;
    try {
      await client.query("BEGIN");
      let result: T;
      try {
        result = await fn(new PgContext(this.hub, state));
        if (state.atCommit.length > 0) {
          // The atCommit statements and the COMMIT in one message, one round trip (the simple
          // protocol runs them in order and stops at the first error).
          const results = await client.query([...state.atCommit.map((s) => s.text), "COMMIT"].join(";\n"));
          // One result a statement (pg returns an array for several statements, and there are two at least).
          const list = results as unknown as pg.QueryResult[];
          for (const [i, statement] of state.atCommit.entries()) statement.onRows(list[i]?.rows ?? []);
        } else {
          await client.query("COMMIT");
        }
      } catch (err) {
        await client.query("ROLLBACK").then(
          () => {
            broken = false;
          },
          () => {},
        );
        throw err;
      }
      broken = false;
      if (state.wrote) state.signals.add("commit");
      this.hub.raise(state.signals);
      this.hub.notify(state.signals);
      return result;
    } finally {
      client.release(broken ? true : undefined);
    }
  }
}

/** How long a caller waits for a pooled connection before the storage counts as busy (default). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pooled connection; every connection in use for the pool's connect timeout becomes StorageBusyError
 * (nothing was written: the request is retried, then answered 503 with Retry-After).
 */
async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (err) {
    throw toBusy(err, pool);
  }
}

function toBusy(err: unknown, pool: pg.Pool): unknown {
  if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) {
    return new StorageBusyError(
      `All ${pool.options.max} database connections of this process stayed in use for ${pool.options.connectionTimeoutMillis} ms.`,
    );
  }
  return err;
}

/** Options of the pool every context of one storage shares. */
export interface PgPoolOptions {
  url: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How the connections name themselves in pg_stat_activity (default "cloud-agents"). */
  applicationName?: string;
  /** How long a caller waits for a free connection before StorageBusyError (default 10 s). */
  connectTimeoutMs?: number;
}

export function createPool(
  options: PgPoolOptions,
  onProblem: (message: string, fields: Record<string, unknown>) => void = () => {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? "cloud-agents",
    types: PG_TYPES,
    // Connections the pool holds idle close after a while (the database's own limit is shared).
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // A unit of work stuck between statements must not hold its locks forever: the server ends
    // its session after a minute (the caller gets an error, the transaction rolls back).
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client's connection dropped (the server restarted): the pool replaces it on demand.
  pool.on("error", (err) =>
    onProblem("An idle PostgreSQL connection failed; the pool replaces it", { error: err.message }),
  );
  return pool;
}

/**
 * The connection that LISTENs for the commits of other replicas and raises their signals here.
 * A hint only: it reconnects after a failure (backing off up to 10 s) and the loops keep polling.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private delayMs = 100;
  private connected: Promise<void> | null = null;
  private everConnected = false;
  /** Why the connection is down (null while listening). */
  lastError: string | null = null;
  /** When the connection last started listening (ms). */
  listeningSince: number | null = null;

  constructor(
    private readonly url: string,
    private readonly hub: PgHub,
    private readonly onProblem: (message: string, fields: Record<string, unknown>) => void = () => {},
  ) {}

  /** Connects (resolves once listening, or after the first failure, which is retried in the background). */
  start(): Promise<void> {
    this.connected ??= this.connect();
    return this.connected;
  }

  /** Whether the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Whether it was started and not stopped (listening, or reconnecting). */
  get running(): boolean {
    return this.connected !== null && !this.stopped;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: "cloud-agents-listen" });
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      if (this.client === client) this.client = null;
      this.lastError = err instanceof Error ? err.message : String(err);
      this.listeningSince = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      if (this.stopped) return;
      this.onProblem("The LISTEN connection failed; reconnecting (polling continues)", {
        error: err instanceof Error ? err.message : String(err),
      });
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.connect();
      }, this.delayMs);
      this.retryTimer.unref();
      this.delayMs = Math.min(this.delayMs * 2, 10_000);
    };
    client.on("error", fail);
    client.on("end", () => fail(new Error("connection ended")));
    client.on("notification", (msg) => {
      if (msg.channel === NOTIFY_CHANNEL) this.hub.receive(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      fail(err);
      return;
    }
    if (this.stopped || failed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delayMs = 100;
    this.lastError = null;
    this.listeningSince = Date.now();
    // Commits made while we were disconnected were missed: wake every loop once to look.
    if (this.everConnected) this.hub.raise(["deliveries", "runs", "deployments", "dreams", "commit"]);
    this.everConnected = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      client.removeAllListeners("error");
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
  }
}
