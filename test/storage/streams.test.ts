/**
 * The stream store's contract on every adapter (positions, changes since a position, reads after a
 * position in commit order), and on PostgreSQL: commit order under concurrent transactions (a
 * reader never passes an event committed later with a smaller position) and the wake-ups of live
 * streams across replicas (LISTEN/NOTIFY, the poll fallback, coalescing, start/stop).
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { UserEventInput } from "../../server/storage/port/sessions.ts";
import { createPool, PgContext, PgHub } from "../../server/storage/postgres/context.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { PostgresStreamWakeups } from "../../server/storage/postgres/streamWakeups.ts";
import { quietPeriod, waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";
import { message, sessionFixtures, someoneWaitsOnALock } from "./sessionFixtures.ts";

const noPostgres = requirePostgres() !== null;

/** An account with an agent and an environment, and a way to make sessions in it with initial messages. */
async function fixtures(storage: Storage, name = "acme") {
  const made = await sessionFixtures(storage, name);
  return {
    account: made.account,
    session: (initial: UserEventInput[] = []) => made.session({ initial_events: initial }),
  };
}

describe.each(adapters)("streams on $name", (adapter) => {
  let storage: Storage;

  beforeEach(async () => {
    storage = await adapter.open(new ManualClock());
  });

  afterEach(async () => {
    await storage.close();
  });

  it("reads positions, changes since a position, and events after a position in commit order", async () => {
    expect(await storage.streams.latest()).toEqual({ sessionSeq: 0, eventSeq: 0 });
    const acme = await fixtures(storage, "acme");
    const globex = await fixtures(storage, "globex");
    const start = await storage.streams.latest();
    expect(start.eventSeq).toBeGreaterThan(0);

    const a = await acme.session([message("a1"), message("a2")]);
    const b = await globex.session([message("b1")]);
    const afterCreate = await storage.streams.latest();
    expect(afterCreate.sessionSeq).toBeGreaterThan(start.sessionSeq);
    expect(afterCreate.eventSeq).toBeGreaterThan(start.eventSeq);

    const changes = await storage.streams.changesSince(start.sessionSeq, start.eventSeq);
    expect(changes.sessions).toEqual(new Set([a.session.id, b.session.id]));
    expect(changes.accounts).toEqual(new Set([acme.account, globex.account]));
    expect(changes.sessionSeq).toBe(afterCreate.sessionSeq);
    expect(changes.eventSeq).toBe(afterCreate.eventSeq);
    const none = await storage.streams.changesSince(afterCreate.sessionSeq, afterCreate.eventSeq);
    expect(none).toEqual({ ...afterCreate, sessions: new Set(), accounts: new Set() });

    const appended = await storage.sessions.appendEvents(acme.account, a.session.id, [message("a3")]);
    if (!appended.ok) throw new Error(appended.reason);
    const later = await storage.streams.changesSince(afterCreate.sessionSeq, afterCreate.eventSeq);
    expect(later.sessions).toEqual(new Set([a.session.id]));
    expect(later.accounts).toEqual(new Set());

    // A session's events after a position, oldest first, limited; positions strictly increase.
    const all = [...(await storage.streams.sessionEventsAfter(a.session.id, undefined, 0, 100))];
    expect(all.map((e) => e.event.content?.[0]?.text)).toEqual(["a1", "a2", "a3"]);
    expect(all.map((e) => e.event)).toEqual([...a.events, ...appended.events]);
    const seqs = all.map((e) => e.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
    const firstSeq = seqs[0] as number;
    expect(await storage.streams.sessionEventSeq(a.session.id, a.events[0]?.id as string)).toBe(firstSeq);
    expect(await storage.streams.sessionEventSeq(b.session.id, a.events[0]?.id as string)).toBeNull();
    const rest = [...(await storage.streams.sessionEventsAfter(a.session.id, undefined, firstSeq, 1))];
    expect(rest.map((e) => e.event.content?.[0]?.text)).toEqual(["a2"]);
    expect([...(await storage.streams.sessionEventsAfter(a.session.id, "sthr_none", 0, 10))]).toEqual([]);

    // An account's envelopes after a position: the exact payload the outbox stored.
    const outbox = await storage.outbox.listEvents(acme.account);
    const envelopes = [...(await storage.streams.eventsAfter(acme.account, 0, 100))];
    expect(envelopes).toEqual(
      outbox.map((e) => ({ seq: e.seq, id: e.envelope.id, kind: e.envelope.data.type, payload: e.payload })),
    );
    const lastEnvelope = envelopes[envelopes.length - 1];
    expect(await storage.streams.latestEventSeq(acme.account)).toBe(lastEnvelope?.seq);
    expect(await storage.streams.eventSeq(acme.account, lastEnvelope?.id as string)).toBe(lastEnvelope?.seq);
    expect(await storage.streams.eventSeq(globex.account, lastEnvelope?.id as string)).toBeNull();
    const tail = [...(await storage.streams.eventsAfter(acme.account, envelopes[0]?.seq as number, 1))];
    expect(tail).toEqual([envelopes[1]]);
    expect(await storage.streams.latestEventSeq("acct_none")).toBe(0);
  });

  it("tells whether a token is active and a session exists", async () => {
    const acme = await fixtures(storage);
    const token = await storage.accounts.createToken(acme.account, "f".repeat(64), "cas_ffff");
    expect(await storage.streams.tokenActive(token.id)).toBe(true);
    await storage.accounts.revokeToken(token.id);
    expect(await storage.streams.tokenActive(token.id)).toBe(false);
    expect(await storage.streams.tokenActive("tok_none")).toBe(false);
    const { session } = await acme.session();
    expect(await storage.streams.sessionExists(acme.account, session.id)).toBe(true);
    expect(await storage.streams.sessionExists("acct_other", session.id)).toBe(false);
    await storage.sessions.deleteSession(acme.account, session.id);
    expect(await storage.streams.sessionExists(acme.account, session.id)).toBe(false);
  });
});

describe.skipIf(noPostgres)("streams on postgres: commit order across concurrent transactions", () => {
  let url: string;
  let storage: Storage;
  let admin: pg.Client;

  beforeEach(async () => {
    url = await freshPostgresDatabase();
    storage = await createPostgresStorage({ url, clock: new ManualClock(), poolSize: 4 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterEach(async () => {
    await admin.end();
    await storage.close();
  });

  /**
   * T1 writes (its row takes a position) and stays open; T2 then writes and tries to commit. A reader
   * looks while T1 is open and again after both committed: it must have seen both writes, so T2's
   * row cannot become visible at a position past T1's before T1 commits.
   */
  async function race(
    first: (tx: Storage["sessions"]) => Promise<unknown>,
    second: () => Promise<unknown>,
    read: (from: number) => Promise<{ to: number; seen: string[] }>,
    from: number,
  ): Promise<string[]> {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = false;
    const t1 = storage.transaction(async (tx) => {
      await first(tx.sessions);
      wrote = true;
      await gate;
    });
    await waitFor(() => wrote, { what: "T1's write" });
    let t2Done = false;
    const t2 = second().then(() => {
      t2Done = true;
    });
    // T2 either committed already (then the reader must not lose T1's row) or waits for T1.
    await waitFor(async () => t2Done || (await someoneWaitsOnALock(admin)), { what: "T2 to commit or to wait" });
    const early = await read(from);
    release();
    await Promise.all([t1, t2]);
    const late = await read(early.to);
    return [...early.seen, ...late.seen];
  }

  it("a pass reads nothing again while another database's transactions come and go", async () => {
    const acme = await fixtures(storage);
    const { session } = await acme.session([message("a1")]);
    // Three clients of another database of the cluster: each transaction takes an id and ends,
    // some at once, some after a short wait, so passes meet them in progress and just ended.
    const elsewhere = await freshPostgresDatabase();
    let stop = false;
    const churn = async (hold: number) => {
      const client = new pg.Client({ connectionString: elsewhere });
      await client.connect();
      let n = 0;
      try {
        while (!stop) {
          await client.query("BEGIN");
          await client.query("SELECT pg_current_xact_id()");
          if (hold > 0 && n % 2 === 0) await new Promise((resolve) => setTimeout(resolve, hold));
          await client.query("COMMIT");
          n++;
        }
      } finally {
        await client.end();
      }
      return n;
    };
    const churning = [churn(0), churn(1), churn(3)];
    try {
      let again = 0;
      // Each round writes (so an earlier pass's positions are below the latest), then reads from
      // the latest positions: a pass that goes back to an earlier pass's positions finds the write.
      for (let i = 0; i < 300; i++) {
        const wrote = await storage.sessions.appendEvents(acme.account, session.id, [message(`m${i}`)]);
        if (!wrote.ok) throw new Error(wrote.reason);
        const at = await storage.streams.latest();
        const changes = await storage.streams.changesSince(at.sessionSeq, at.eventSeq);
        if (changes.sessions.size > 0 || changes.accounts.size > 0) again++;
      }
      expect(again).toBe(0);
    } finally {
      stop = true;
    }
    expect(Math.min(...(await Promise.all(churning)))).toBeGreaterThan(0);
  });

  it("session events: a reader sees both writes though the first transaction commits last", async () => {
    const acme = await fixtures(storage);
    const a = (await acme.session()).session.id;
    const b = (await acme.session()).session.id;
    const start = await storage.streams.latest();
    const seen = await race(
      (tx) => tx.appendEvents(acme.account, a, [message("from T1")]),
      () => storage.sessions.appendEvents(acme.account, b, [message("from T2")]),
      async (from) => {
        const changes = await storage.streams.changesSince(from, start.eventSeq);
        return { to: changes.sessionSeq, seen: [...changes.sessions] };
      },
      start.sessionSeq,
    );
    expect(new Set(seen)).toEqual(new Set([a, b]));
    const [ea] = await storage.streams.sessionEventsAfter(a, undefined, start.sessionSeq, 10);
    const [eb] = await storage.streams.sessionEventsAfter(b, undefined, start.sessionSeq, 10);
    // Positions follow commit order: T1 committed first.
    expect((ea?.seq ?? 0) < (eb?.seq ?? 0)).toBe(true);
  });

  it("outbox events: an account stream reading after its position misses none", async () => {
    const acme = await fixtures(storage);
    const a = (await acme.session()).session.id;
    const b = (await acme.session()).session.id;
    const from = await storage.streams.latestEventSeq(acme.account);
    const seen = await race(
      (tx) => tx.updateSession(acme.account, a, (c) => ({ ...c, title: "T1" })),
      () => storage.sessions.updateSession(acme.account, b, (c) => ({ ...c, title: "T2" })),
      async (after) => {
        const rows = [...(await storage.streams.eventsAfter(acme.account, after, 100))];
        const last = rows[rows.length - 1];
        return {
          to: last ? last.seq : after,
          seen: rows.map((r) => (JSON.parse(r.payload) as { data: { id: string } }).data.id),
        };
      },
      from,
    );
    expect(seen.sort()).toEqual([a, b].sort());
  });
});

describe.skipIf(noPostgres)("streams on postgres: wake-ups across replicas", () => {
  let url: string;
  const opened: Storage[] = [];
  const stoppers: (() => unknown)[] = [];

  const open = async () => {
    const storage = await createPostgresStorage({ url, clock: new ManualClock(), poolSize: 3 });
    opened.push(storage);
    return storage;
  };

  /**
   * An account and a session made through a storage of their own, closed before the test goes on:
   * its close sends the notifications it still held (a replica tells the others after its commits,
   * spaced apart: PgHub.notify), so none of them reaches A later as if from B's write below.
   */
  async function accountWithSession() {
    const setup = await createPostgresStorage({ url, clock: new ManualClock(), poolSize: 1 });
    try {
      const acme = await fixtures(setup);
      const { session } = await acme.session();
      return { account: acme.account, session };
    } finally {
      await setup.close();
    }
  }

  /** Starts the storage's LISTEN connection and waits until it listens. */
  async function listen(storage: Storage) {
    const maintenance = storage.maintenance();
    for (const m of maintenance) m.start();
    stoppers.push(async () => {
      for (const m of maintenance) await m.stop();
    });
    // Listening since a moment (running alone also counts the reconnecting state).
    await waitFor(() => maintenance.every((m) => m.health().lastPassAt !== null), { what: "the LISTEN connection" });
  }

  function watch(storage: Storage, pollIntervalMs: number) {
    const wakeups = storage.streamWakeups({ pollIntervalMs });
    let calls = 0;
    wakeups.subscribe(() => {
      calls++;
    });
    wakeups.start();
    stoppers.push(() => wakeups.stop());
    return { wakeups, calls: () => calls };
  }

  beforeEach(async () => {
    url = await freshPostgresDatabase();
  });

  afterEach(async () => {
    for (const stop of stoppers.splice(0)) await stop();
    for (const storage of opened.splice(0)) await storage.close();
  });

  it("wakes the streams of replica A at a commit of replica B, by NOTIFY (no poll in time)", async () => {
    const a = await open();
    const b = await open();
    const acme = await accountWithSession();
    const { session } = acme;
    await listen(a);
    const watcher = watch(a, 600_000);
    // Proves a negative: no wake-up comes on its own (the poll is 10 minutes away), so the one
    // below is B's NOTIFY. No condition shows an absence; 50 ms covers any immediate or timer.
    await quietPeriod(50);
    expect(watcher.calls()).toBe(0);
    await b.sessions.appendEvents(acme.account, session.id, [message("from B")]);
    await waitFor(() => watcher.calls() > 0, { what: "a wake-up on A" });
    // A's stream finds the event through its own connection.
    const events = await a.streams.sessionEventsAfter(session.id, undefined, 0, 10);
    expect([...events].map((e) => e.event.content?.[0]?.text)).toEqual(["from B"]);
  });

  it("wakes them by polling when replica A has no LISTEN connection", async () => {
    const a = await open();
    const b = await open();
    const acme = await accountWithSession();
    const { session } = acme;
    const watcher = watch(a, 50);
    // Polls call the watcher only when they find something: this lets any start-up wake-up pass
    // first (an absence no condition shows), so the one counted below is B's commit, found by a poll.
    await quietPeriod(120);
    const before = watcher.calls();
    await b.sessions.appendEvents(acme.account, session.id, [message("from B")]);
    await waitFor(() => watcher.calls() > before, { what: "a wake-up on A by polling" });
  });

  it("still wakes them after the LISTEN connection was killed", async () => {
    const a = await open();
    const b = await open();
    const acme = await accountWithSession();
    const { session } = acme;
    await listen(a);
    const watcher = watch(a, 200);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'cloud-agents-listen'`,
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    const before = watcher.calls();
    await b.sessions.appendEvents(acme.account, session.id, [message("after the drop")]);
    await waitFor(() => watcher.calls() > before, { what: "a wake-up on A after the drop" });
  });

  it("polls every interval while the LISTEN connection stays down, and wakes the streams when it drops", async () => {
    const a = await open();
    const b = await open();
    const acme = await accountWithSession();
    const { session } = acme;
    // Connections the test needs later, opened now: the database will refuse new ones.
    await Promise.all([1, 2, 3].map(() => a.streams.latest()));
    await Promise.all([1, 2, 3].map(() => b.streams.latest()));
    await listen(a);
    // While listening, the safety poll runs every 10 intervals (20 s): a wake-up within a few
    // seconds below comes from the drop and the fallback poll, not from it.
    const watcher = watch(a, 2000);
    // From another database: a database cannot close itself to new connections.
    const database = url.slice(url.lastIndexOf("/") + 1);
    const admin = new pg.Client({ connectionString: `${url.slice(0, url.lastIndexOf("/"))}/postgres` });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND application_name = 'cloud-agents-listen'`,
        [database],
      );
      // Found down at the next tick: one wake-up, with no commit.
      await waitFor(() => watcher.calls() > 0, { what: "the wake-up of the drop", timeoutMs: 8000 });
      const before = watcher.calls();
      await b.sessions.appendEvents(acme.account, session.id, [message("while A cannot listen")]);
      await waitFor(() => watcher.calls() > before, { what: "a wake-up by the fallback poll", timeoutMs: 8000 });
    } finally {
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });

  it("coalesces the commits of one turn into one call, and stops and starts cleanly", async () => {
    const pool = createPool({ url, poolSize: 1 });
    const hub = new PgHub(pool, new ManualClock());
    const wakeups = new PostgresStreamWakeups(new PgContext(hub), 600_000);
    let calls = 0;
    const unsubscribe = wakeups.subscribe(() => {
      calls++;
    });
    wakeups.start();
    wakeups.start();
    try {
      for (let i = 0; i < 5; i++) hub.raise(["commit"]);
      await waitFor(() => calls > 0, { what: "the coalesced wake-up" });
      // The quiet periods below prove negatives (no second call for the same turn, none for another
      // signal, none while stopped): a wake-up is one immediate away, 20 ms is ample.
      await quietPeriod(20);
      expect(calls).toBe(1);
      // Other signals are not commits of events.
      hub.raise(["deployments"]);
      await quietPeriod(20);
      expect(calls).toBe(1);
      wakeups.stop();
      hub.raise(["commit"]);
      await quietPeriod(20);
      expect(calls).toBe(1);
      wakeups.start();
      hub.raise(["commit"]);
      await waitFor(() => calls === 2, { what: "a wake-up after a restart" });
      unsubscribe();
      hub.raise(["commit"]);
      await quietPeriod(20);
      expect(calls).toBe(2);
    } finally {
      wakeups.stop();
      await pool.end();
    }
  });
});
