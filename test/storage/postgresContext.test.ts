/**
 * The PostgreSQL adapter's foundation against a real server: migrations under the advisory lock,
 * transactions (commit, rollback, nesting, deadlock retry), post-commit signals here and on another
 * replica (NOTIFY/LISTEN), unique violations as StorageConflictError.
 */
import Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import {
  StorageBusyError,
  StorageConflictError,
  StorageInputError,
  type StorageSignal,
} from "../../server/storage/port/index.ts";
import {
  createPool,
  inlineParams,
  NamedStatements,
  NOTIFY_CHANNEL,
  PgContext,
  PgHub,
  PgListener,
} from "../../server/storage/postgres/context.ts";
import {
  loadPostgresMigrations,
  migratePostgres,
  postgresMigrationStatus,
} from "../../server/storage/postgres/migrate.ts";
import { migrate } from "../../server/storage/sqlite/migrate.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";

const noPostgres = requirePostgres() !== null;

let url: string;
const pools: pg.Pool[] = [];
const listeners: PgListener[] = [];

function open(clock = new ManualClock()): PgContext {
  const pool = createPool({ url, poolSize: 4 });
  pools.push(pool);
  return new PgContext(new PgHub(pool, clock));
}

beforeAll(async () => {
  if (!noPostgres) url = await freshPostgresDatabase();
});

afterAll(async () => {
  for (const l of listeners) await l.stop();
  for (const p of pools) await p.end();
});

describe.skipIf(noPostgres)("PostgreSQL migrations", () => {
  it("apply once even when several replicas start together, and are recorded", async () => {
    const replicas = [0, 1, 2].map(() => createPool({ url, poolSize: 2 }));
    pools.push(...replicas);
    const applied = await Promise.all(replicas.map((p) => migratePostgres(p)));
    const versions = loadPostgresMigrations().map((m) => m.version);
    expect(applied.flat().sort()).toEqual(versions);
    const again = await migratePostgres(replicas[0] as pg.Pool);
    expect(again).toEqual([]);
    expect(await postgresMigrationStatus(replicas[0] as pg.Pool)).toEqual({ pending: [], unknown: [] });
  });

  it("leave neither the version nor half the schema of a migration that fails", async () => {
    const pool = createPool({ url, poolSize: 1 });
    pools.push(pool);
    const bad = [
      ...loadPostgresMigrations(),
      { version: 999, name: "broken", sql: "CREATE TABLE half_done (x int); SELECT 1 / 0;" },
    ];
    await expect(migratePostgres(pool, bad)).rejects.toThrow(/migration 999 \(broken\) failed: division by zero/);
    expect((await pool.query("SELECT to_regclass('half_done') AS t")).rows[0]?.t).toBeNull();
    expect((await pool.query("SELECT 1 FROM schema_migrations WHERE version = 999")).rowCount).toBe(0);
    expect(await postgresMigrationStatus(pool, bad)).toEqual({ pending: [999], unknown: [] });
    expect(await postgresMigrationStatus(pool, [])).toEqual({
      pending: [],
      unknown: loadPostgresMigrations().map((m) => m.version),
    });
  });

  it("build the SQLite schema's tables, columns, NOT NULLs and indexes", async () => {
    const sqlite = new Database(":memory:");
    migrate(sqlite);
    const pool = createPool({ url, poolSize: 1 });
    pools.push(pool);
    await migratePostgres(pool);
    const sqliteTables = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const pgColumns = (
      await pool.query<{ table_name: string; column_name: string; is_nullable: string }>(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
      )
    ).rows;
    // The tables only PostgreSQL has: the saved workspaces of replicas and the files' bytes (on SQLite both are folders).
    const postgresOnly = ["workspace_snapshots", "blob_chunks"];
    const pgTables = [...new Set(pgColumns.map((c) => c.table_name))].filter((t) => !postgresOnly.includes(t));
    expect(pgTables.sort()).toEqual([...sqliteTables].sort());
    expect(
      pgColumns
        .filter((c) => c.table_name === "workspace_snapshots")
        .map((c) => c.column_name)
        .sort(),
    ).toEqual(["archive", "generation", "session_id", "size_bytes", "updated_at"]);
    for (const table of sqliteTables) {
      const columns = sqlite.prepare(`PRAGMA table_info(${table})`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      const expected = columns.map((c) => `${c.name} ${c.notnull || c.pk ? "NOT NULL" : "NULL"}`).sort();
      const actual = pgColumns
        .filter((c) => c.table_name === table)
        .map((c) => `${c.column_name} ${c.is_nullable === "NO" ? "NOT NULL" : "NULL"}`)
        .sort();
      expect(actual, table).toEqual(expected);
    }
    const sqliteIndexes = (
      sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
        .all() as { name: string }[]
    ).map((i) => i.name);
    const pgIndexes = (
      await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
    ).rows.map((i) => i.indexname);
    // Every SQLite index, under the same name; PostgreSQL adds the foreign-key side indexes of its
    // cascades and its own names for primary keys and UNIQUE constraints.
    for (const name of sqliteIndexes) expect(pgIndexes, name).toContain(name);
    sqlite.close();
  });

  it("sort text byte-wise, as SQLite does, whatever the database locale", async () => {
    const ctx = open();
    const rows = await ctx.query<{ v: string }>(
      "SELECT id AS v FROM (VALUES ('b'), ('B'), ('a'), ('_x'), ('A')) AS t(id) ORDER BY id COLLATE \"C\"",
    );
    expect(rows.map((r) => r.v)).toEqual(["A", "B", "_x", "a", "b"]);
    await ctx.exec("INSERT INTO service_meta (key, value) VALUES ('b', '1'), ('B', '2'), ('a', '3'), ('_x', '4')");
    const keys = await ctx.query<{ key: string }>(
      "SELECT key FROM service_meta WHERE key IN ('a','b','B','_x') ORDER BY key",
    );
    expect(keys.map((r) => r.key)).toEqual(["B", "_x", "a", "b"]);
  });
});

describe.skipIf(noPostgres)("PgContext", () => {
  it("commits a transaction's writes and raises its signals (and commit) only after COMMIT", async () => {
    const ctx = open();
    const seen: string[] = [];
    let visibleAtSignal: number | null = null;
    const other = open();
    ctx.on("runs", () => {
      seen.push("runs");
    });
    ctx.on("commit", () => seen.push("commit"));
    ctx.on("runs", () => {
      // The listener runs after COMMIT: another connection already sees the row.
      void other.one<{ n: number }>("SELECT count(*) AS n FROM service_meta WHERE key = 'tx1'").then((r) => {
        visibleAtSignal = r?.n ?? null;
      });
    });
    const result = await ctx.tx(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      await tx.exec("INSERT INTO service_meta (key, value) VALUES ('tx1', 'v')");
      tx.signal("runs");
      expect(seen).toEqual([]);
      // A nested call joins the same transaction.
      await ctx.tx(async () => undefined);
      await tx.tx(async (inner) => inner.exec("UPDATE service_meta SET value = 'w' WHERE key = 'tx1'"));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen.sort()).toEqual(["commit", "runs"]);
    await waitFor(() => visibleAtSignal !== null, { what: "the listener's read" });
    expect(visibleAtSignal).toBe(1);
    expect((await ctx.one<{ value: string }>("SELECT value FROM service_meta WHERE key = 'tx1'"))?.value).toBe("w");
  });

  it("rolls back everything when the function throws, and raises nothing", async () => {
    const ctx = open();
    const seen: string[] = [];
    ctx.on("runs", () => seen.push("runs"));
    ctx.on("commit", () => seen.push("commit"));
    await expect(
      ctx.tx(async (tx) => {
        await tx.exec("INSERT INTO service_meta (key, value) VALUES ('rolled', 'v')");
        tx.signal("runs");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(seen).toEqual([]);
    expect(await ctx.one("SELECT 1 FROM service_meta WHERE key = 'rolled'")).toBeNull();
  });

  it("raises no commit signal for a transaction that only read", async () => {
    const ctx = open();
    const seen: string[] = [];
    ctx.on("commit", () => seen.push("commit"));
    await ctx.tx((tx) => tx.query("SELECT * FROM service_meta"));
    expect(seen).toEqual([]);
  });

  it("turns a unique violation into StorageConflictError, inside and outside a transaction", async () => {
    const ctx = open();
    await ctx.exec("INSERT INTO service_meta (key, value) VALUES ('dup', 'v')");
    await expect(ctx.exec("INSERT INTO service_meta (key, value) VALUES ('dup', 'v')")).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    await expect(
      ctx.tx((tx) => tx.exec("INSERT INTO service_meta (key, value) VALUES ('dup', 'v')")),
    ).rejects.toBeInstanceOf(StorageConflictError);
  });

  it("turns text PostgreSQL cannot store (a NUL character, which SQLite keeps) into StorageInputError (400), inside and outside a transaction", async () => {
    const ctx = open();
    await expect(ctx.one("SELECT value FROM service_meta WHERE key = $1", ["nul\u0000key"])).rejects.toBeInstanceOf(
      StorageInputError,
    );
    await expect(
      ctx.tx((tx) => tx.exec("INSERT INTO service_meta (key, value) VALUES ($1, 'v')", ["nul\u0000key"])),
    ).rejects.toBeInstanceOf(StorageInputError);
  });

  it("runs a transaction again after a deadlock, so both writers succeed", async () => {
    const ctx = open();
    await ctx.exec("INSERT INTO service_meta (key, value) VALUES ('dl-a', '0'), ('dl-b', '0')");
    let attempts = 0;
    let bothLocked: () => void = () => {};
    let firstLocked = 0;
    const barrier = new Promise<void>((resolve) => {
      bothLocked = resolve;
    });
    const writer = (first: string, second: string) =>
      ctx.tx(async (tx) => {
        attempts++;
        await tx.exec("UPDATE service_meta SET value = (value::int + 1)::text WHERE key = $1", [first]);
        if (++firstLocked === 2) bothLocked();
        // Wait for the other writer to hold its first row (a bound, not a sleep: the retried
        // victim finds the barrier open).
        await Promise.race([barrier, new Promise((r) => setTimeout(r, 2000))]);
        await tx.exec("UPDATE service_meta SET value = (value::int + 1)::text WHERE key = $1", [second]);
      });
    await Promise.all([writer("dl-a", "dl-b"), writer("dl-b", "dl-a")]);
    // One of the two was chosen as the deadlock victim and ran again.
    expect(attempts).toBe(3);
    const rows = await ctx.query<{ key: string; value: string }>(
      "SELECT key, value FROM service_meta WHERE key LIKE 'dl-%' ORDER BY key",
    );
    expect(rows).toEqual([
      { key: "dl-a", value: "2" },
      { key: "dl-b", value: "2" },
    ]);
  });

  it("answers StorageBusyError when every pooled connection stays in use", async () => {
    const pool = createPool({ url, poolSize: 1, connectTimeoutMs: 200 });
    pools.push(pool);
    const ctx = new PgContext(new PgHub(pool, new ManualClock()));
    let release: () => void = () => {};
    const held = ctx.tx(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await expect(ctx.tx((tx) => tx.query("SELECT 1"))).rejects.toBeInstanceOf(StorageBusyError);
    await expect(ctx.query("SELECT 1")).rejects.toBeInstanceOf(StorageBusyError);
    release();
    await held;
    expect(await ctx.query<{ n: number }>("SELECT 1 AS n")).toEqual([{ n: 1 }]);
  });

  it("takes its timestamps from the injected clock, in the SQLite adapter's text format", () => {
    const ctx = open(new ManualClock("2026-01-02T03:04:05.006Z"));
    expect(ctx.now()).toBe("2026-01-02T03:04:05.006Z");
  });

  it("wakes another replica through NOTIFY, and not itself twice", async () => {
    const a = open();
    const b = open();
    const listenerB = new PgListener(url, b.hub);
    const listenerA = new PgListener(url, a.hub);
    listeners.push(listenerA, listenerB);
    await listenerA.start();
    await listenerB.start();
    expect(listenerB.listening).toBe(true);
    const onA: StorageSignal[] = [];
    const onB: StorageSignal[] = [];
    for (const s of ["runs", "commit", "deliveries"] as const) {
      a.on(s, () => onA.push(s));
      b.on(s, () => onB.push(s));
    }
    await a.tx(async (tx) => {
      await tx.exec("INSERT INTO service_meta (key, value) VALUES ('notify', 'v')");
      tx.signal("runs");
    });
    await waitFor(() => onB.length >= 2, { what: "replica B's signals" });
    expect(onB.sort()).toEqual(["commit", "runs"]);
    // Give A's own notification time to arrive: it must not raise A's signals a second time.
    await b.tx((tx) => tx.exec("INSERT INTO service_meta (key, value) VALUES ('notify2', 'v')"));
    await waitFor(() => onA.includes("commit") && onA.length >= 3, { what: "replica A's signals" });
    expect(onA.sort()).toEqual(["commit", "commit", "runs"]);
    // A rolled-back transaction notifies nobody.
    await expect(
      a.tx(async (tx) => {
        tx.signal("deliveries");
        await tx.exec("INSERT INTO service_meta (key, value) VALUES ('notify3', 'v')");
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    await b.tx(async (tx) => {
      tx.signal("runs");
    });
    await waitFor(() => onA.filter((s) => s === "runs").length === 2, { what: "the marker notification" });
    expect(onB).not.toContain("deliveries");
  });

  it("sends atCommit statements with the COMMIT, their parameters inlined as the server reads them, and hands over their rows only once committed", async () => {
    const ctx = open();
    const hostile = [
      "it's",
      "back\\slash \\' and '' quotes",
      "$1 $2 dollar $$ quoted $$",
      "naïve ✓ 😀",
      "",
      "x".repeat(10_000),
    ];
    // Every value comes back exactly: inlined as a literal, it is the same text the server stores.
    const row = await ctx.one<Record<string, string>>(
      inlineParams(`SELECT ${hostile.map((_, i) => `$${i + 1}::text AS v${i}`).join(", ")}`, hostile),
    );
    expect(hostile.map((_, i) => row?.[`v${i}`])).toEqual(hostile);
    expect(inlineParams("SELECT $1, $2, $3", [null, 42, "a"])).toBe("SELECT NULL, 42, 'a'");
    expect(() => inlineParams("SELECT $2", ["a"])).toThrow("no parameter $2");
    expect(() => inlineParams("SELECT $1", [{ a: 1 }])).toThrow("only text, finite numbers and null");

    const got: unknown[] = [];
    const seen: StorageSignal[] = [];
    ctx.on("deliveries", () => seen.push("deliveries"));
    await ctx.tx(async (tx) => {
      await tx.exec("INSERT INTO service_meta (key, value) VALUES ('atc1', 'v')");
      tx.atCommit("INSERT INTO service_meta (key, value) VALUES ($1, $2) RETURNING value", ["atc2", "it's"], (rows) => {
        got.push(rows);
        tx.signal("deliveries");
      });
      // Not sent yet: another connection does not see it, nor does this transaction.
      expect(await tx.one("SELECT 1 FROM service_meta WHERE key = 'atc2'")).toBeNull();
      expect(got).toEqual([]);
    });
    expect(got).toEqual([[{ value: "it's" }]]);
    expect(seen).toEqual(["deliveries"]);
    expect((await ctx.query("SELECT key FROM service_meta WHERE key IN ('atc1', 'atc2') ORDER BY key")).length).toBe(2);

    // A failing atCommit statement fails the COMMIT: nothing of the transaction stays.
    await expect(
      ctx.tx(async (tx) => {
        await tx.exec("INSERT INTO service_meta (key, value) VALUES ('atc3', 'v')");
        tx.atCommit("INSERT INTO service_meta (key, value) VALUES ($1, $2)", ["atc1", "duplicate"], () =>
          got.push("never"),
        );
      }),
    ).rejects.toBeInstanceOf(StorageConflictError);
    expect(await ctx.one("SELECT 1 FROM service_meta WHERE key = 'atc3'")).toBeNull();
    expect(got).toHaveLength(1);
    expect(() => ctx.atCommit("SELECT 1", [], () => {})).toThrow("atCommit outside a transaction");
  });

  it("tells the other replicas of a burst of commits in a few notifications that carry every signal", async () => {
    const a = open();
    const own = createPool({ url, poolSize: 1 });
    pools.push(own);
    const counter = await own.connect();
    const payloads: string[] = [];
    counter.on("notification", (msg) => payloads.push(msg.payload ?? ""));
    await counter.query(`LISTEN ${NOTIFY_CHANNEL}`);
    try {
      const commits = 60;
      await Promise.all(
        Array.from({ length: commits }, (_, i) =>
          a.tx(async (tx) => {
            await tx.exec("INSERT INTO service_meta (key, value) VALUES ($1, 'v')", [`burst${i}`]);
            if (i === commits - 1) tx.signal("runs");
          }),
        ),
      );
      const mine = () =>
        payloads
          .map((p) => JSON.parse(p) as { from: string; signals: string[] })
          .filter((n) => n.from === a.hub.replicaId);
      await waitFor(() => mine().some((n) => n.signals.includes("runs")), {
        what: "the notification of the last signal",
      });
      await a.hub.drain();
      // Sixty commits, one notification at a time and 10 ms apart: far fewer notifications than commits.
      expect(mine().length).toBeLessThan(commits / 2);
      expect(new Set(mine().flatMap((n) => n.signals))).toEqual(new Set(["commit", "runs"]));
      // Closed: nothing more is sent.
      await a.tx((tx) => tx.exec("INSERT INTO service_meta (key, value) VALUES ('after-drain', 'v')"));
      const before = payloads.length;
      await counter.query("SELECT pg_notify($1, 'marker')", [NOTIFY_CHANNEL]);
      await waitFor(() => payloads.includes("marker"), { what: "the marker" });
      expect(payloads.length).toBe(before + 1);
    } finally {
      await counter.query("UNLISTEN *");
      counter.release();
    }
  });

  it("prepares each statement once a connection, names a bounded number of texts, and leaves texts without parameters unnamed", async () => {
    const pool = createPool({ url, poolSize: 1 });
    pools.push(pool);
    const ctx = new PgContext(new PgHub(pool, new ManualClock()));
    const prepared = async () =>
      (await ctx.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements"))[0]?.n;
    expect(await prepared()).toBe(0);
    for (let i = 0; i < 5; i++) {
      await ctx.one("SELECT value FROM service_meta WHERE key = $1", [`k${i}`]);
      await ctx.tx((tx) => tx.exec("UPDATE service_meta SET value = $1 WHERE key = $2", ["v", `k${i}`]));
    }
    // Two texts, prepared once each on the pool's one connection, however often they ran.
    expect(await prepared()).toBe(2);
    expect(ctx.hub.statements.size).toBe(2);

    const names = new NamedStatements(2);
    const first = names.query("SELECT $1", [1]);
    expect(first).toEqual({ name: expect.stringMatching(/^s_[0-9a-f]{24}$/), text: "SELECT $1", values: [1] });
    expect(names.query("SELECT $1", [2])).toEqual({ ...first, values: [2] });
    // Another hub names the same text the same way.
    expect(new NamedStatements().query("SELECT $1", [3]).name).toBe(first.name);
    expect(names.query("SELECT $1, 2", [1]).name).not.toBe(first.name);
    expect(names.query("SELECT $1, 3", [1]).name).toBeUndefined();
    expect(names.query("SELECT 1; SELECT 2", []).name).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it("reconnects the LISTEN connection after it is killed", async () => {
    const a = open();
    const b = open();
    const listener = new PgListener(url, b.hub);
    listeners.push(listener);
    await listener.start();
    const onB: StorageSignal[] = [];
    b.on("deployments", () => onB.push("deployments"));
    const since = listener.listeningSince;
    const killed = await a.query<{ ok: boolean }>(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'cloud-agents-listen' AND datname = current_database()",
    );
    expect(killed.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => listener.listening && listener.listeningSince !== since, {
      what: "the listener to reconnect",
      timeoutMs: 10_000,
    });
    onB.length = 0;
    await a.tx(async (tx) => {
      tx.signal("deployments");
    });
    await waitFor(() => onB.includes("deployments"), { what: "a signal after the reconnect" });
  });
});
