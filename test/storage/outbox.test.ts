/**
 * The outbox's contract on every adapter: an event is stored with the exact bytes every delivery
 * sends, fanned out in its own transaction to the endpoints subscribed to its kind (held for a
 * disabled one), read back in order, rolled back with its unit of work, and announced by the
 * "events" and "deliveries" signals only after the commit; on PostgreSQL, positions follow commit
 * order across concurrent writers.
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { newId } from "../../server/ids.ts";
import type { Storage, StorageSignal } from "../../server/storage/port/index.ts";
import { ADVISORY_LOCKS } from "../../server/storage/postgres/context.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { fanOut } from "../helpers/flows/fanOut.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";

const noPostgres = requirePostgres() !== null;

const ENVIRONMENT = {
  name: "env",
  description: null,
  config: { type: "cloud" as const, networking: { type: "unrestricted" as const } },
  metadata: {},
};

async function endpoint(storage: Storage, accountId: string, events: string[]) {
  const created = await storage.webhooks.createEndpoint(
    accountId,
    {
      id: newId("wep"),
      url: "https://receiver.example/hook",
      events,
      description: null,
      metadata: {},
      signing_scheme: "webhook_signature",
      secret_sealed: "sealed",
    },
    100,
  );
  if (!created) throw new Error("endpoint not created");
  return created;
}

describe.each(adapters)("outbox ($name)", (adapter) => {
  let clock: ManualClock;
  let storage: Storage;
  let account: string;

  beforeEach(async () => {
    clock = new ManualClock();
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
  });
  afterEach(async () => {
    await storage.close();
  });

  it("stores each event's envelope bytes and fans it out to the subscribed endpoints only", async () => {
    const all = await endpoint(storage, account, ["*"]);
    const envs = await endpoint(storage, account, ["environment.created", "environment.archived"]);
    const agents = await endpoint(storage, account, ["agent.created"]);
    const held = await endpoint(storage, account, ["environment.created"]);
    await storage.webhooks.setEndpointActive(account, held.id, false);
    const other = (await storage.accounts.ensureAccount("other")).id;
    await endpoint(storage, other, ["*"]);

    const environment = await storage.environments.createEnvironment(account, ENVIRONMENT);
    const events = await storage.outbox.listEvents(account);
    const created = events.find((e) => e.envelope.data.type === "environment.created");
    expect(created?.envelope).toEqual({
      id: expect.stringMatching(/^evt_/),
      created_at: clock.now().toISOString(),
      type: "event",
      data: { id: environment.id, type: "environment.created" },
    });
    expect(created?.payload).toBe(JSON.stringify(created?.envelope));
    expect(created?.account_id).toBe(account);

    // The event commits with its fan-out, not its records: the delivery engine's next pass makes them.
    expect(
      (await storage.webhooks.listDeliveries(account, { eventType: "environment.created", page: { limit: 10 } })).data,
    ).toEqual([]);
    await fanOut(storage);
    const records = await storage.webhooks.listDeliveries(account, {
      eventType: "environment.created",
      page: { limit: 10 },
    });
    expect(records.data.map((r) => r.endpoint_id).sort()).toEqual([all.id, envs.id, held.id].sort());
    expect(records.data.every((r) => r.event_id === created?.envelope.id && r.status === "pending")).toBe(true);
    expect(records.data.map((r) => r.endpoint_id)).not.toContain(agents.id);
    // The other account saw nothing.
    expect(await storage.outbox.listEvents(other)).toEqual([]);
    // The held record is not claimable while its endpoint is disabled; the others send these bytes.
    const claimed = await storage.deliveryQueue.claimDue({
      limit: 10,
      endpointConcurrency: 10,
      leaseMs: 1000,
      leaseToken: "w.1",
    });
    const forEvent = claimed.filter((c) => c.event_id === created?.envelope.id);
    expect(forEvent.map((c) => c.endpoint_id).sort()).toEqual([all.id, envs.id].sort());
    expect(forEvent.every((c) => c.payload === created?.payload)).toBe(true);
  });

  it("fans out to the endpoints subscribed at the event's time, in batches, and retention keeps the event until then", async () => {
    const kept = await endpoint(storage, account, ["environment.created"]);
    const gone = await endpoint(storage, account, ["environment.created"]);
    for (let i = 0; i < 5; i++)
      await storage.environments.createEnvironment(account, { ...ENVIRONMENT, name: `e${i}` });
    // Made after the events: it gets none of them. Deleted before the fan-out: nothing is made for it.
    const late = await endpoint(storage, account, ["environment.created"]);
    await storage.webhooks.deleteEndpoint(account, gone.id);
    expect((await storage.housekeeping.deliveryQueue(clock.now().toISOString())).fanning_out).toBe(5);
    // Events past retention with their records still to be made are kept.
    clock.advance(10 * 86_400_000);
    expect(await storage.housekeeping.deleteRetentionBatch("events", clock.now().toISOString(), 100)).toEqual({
      events: 0,
    });
    const claim = { limit: 0, endpointConcurrency: 1, leaseMs: 1000, leaseToken: "w.1", fanOutLimit: 2 };
    const passes: boolean[] = [];
    for (let left = true; left; ) {
      left = (await storage.deliveryQueue.settle([], { degradedThreshold: 5, autoDisableAfterMs: 0 }, claim))
        .fanOutLeft;
      passes.push(left);
    }
    expect(passes).toEqual([true, true, false]);
    expect((await storage.housekeeping.deliveryQueue(clock.now().toISOString())).fanning_out).toBe(0);
    const records = await storage.webhooks.listDeliveries(account, { page: { limit: 20 } });
    expect(records.data.map((r) => r.endpoint_id)).toEqual(Array(5).fill(kept.id));
    const events = await storage.outbox.listEvents(account);
    const created = events.filter((e) => e.envelope.data.type === "environment.created");
    // Each record is the event's: its id, kind, and the event's time as its creation and first due time.
    for (const record of records.data) {
      const event = created.find((e) => e.envelope.id === record.event_id);
      expect(event).toBeDefined();
      expect(record).toMatchObject({
        event_type: "environment.created",
        status: "pending",
        created_at: event?.envelope.created_at,
        next_attempt_at: event?.envelope.created_at,
      });
    }
    expect(new Set(records.data.map((r) => r.event_id)).size).toBe(5);
    expect((await storage.webhooks.listDeliveries(account, { endpointId: late.id, page: { limit: 20 } })).data).toEqual(
      [],
    );
  });

  it("reads events in order after a position, at most a limit", async () => {
    for (let i = 0; i < 5; i++)
      await storage.environments.createEnvironment(account, { ...ENVIRONMENT, name: `e${i}` });
    const events = await storage.outbox.listEvents(account);
    expect(events).toHaveLength(5);
    const seqs = events.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const after = await storage.outbox.listEvents(account, { afterSeq: seqs[1], limit: 2 });
    expect(after.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
  });

  it("rolls an event and its records back with the unit of work that wrote it", async () => {
    await endpoint(storage, account, ["*"]);
    await expect(
      storage.transaction(async (tx) => {
        await tx.environments.createEnvironment(account, ENVIRONMENT);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await storage.outbox.listEvents(account)).toEqual([]);
    expect((await storage.webhooks.listDeliveries(account, { page: { limit: 10 } })).data).toEqual([]);
    expect(await storage.deliveryQueue.hasPending()).toBe(false);
  });

  it("signals deliveries after the commit, and only when there is a fan-out to make", async () => {
    const seen: StorageSignal[] = [];
    for (const name of ["commit", "deliveries"] as const) storage.on(name, () => seen.push(name));
    // Nobody subscribed: an event, nothing to deliver.
    await storage.environments.createEnvironment(account, ENVIRONMENT);
    expect(seen).toEqual(["commit"]);
    // Only a disabled subscriber: the loop is woken to create the held record.
    const held = await endpoint(storage, account, ["environment.created"]);
    await storage.webhooks.setEndpointActive(account, held.id, false);
    seen.length = 0;
    await storage.environments.createEnvironment(account, ENVIRONMENT);
    expect([...seen].sort()).toEqual(["commit", "deliveries"]);
    // A test event to the disabled endpoint: its record is held, the loop is not woken.
    seen.length = 0;
    await storage.webhooks.sendTestEvent(account, held.id);
    expect(seen).toEqual(["commit"]);
    await endpoint(storage, account, ["environment.created"]);
    seen.length = 0;
    let duringTransaction: StorageSignal[] = [];
    await storage.transaction(async (tx) => {
      await tx.environments.createEnvironment(account, ENVIRONMENT);
      duringTransaction = [...seen];
    });
    expect(duringTransaction).toEqual([]);
    expect([...seen].sort()).toEqual(["commit", "deliveries"]);
  });
});

/** The advisory locks of this test's database (the server is shared by other test files). */
const ADVISORY_HERE =
  "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";

describe.skipIf(noPostgres)("outbox positions on PostgreSQL", () => {
  let storages: Storage[] = [];
  let url: string;

  beforeEach(async () => {
    url = await freshPostgresDatabase();
    storages = [];
  });
  afterEach(async () => {
    for (const s of storages) await s.close();
  });

  it("follow commit order: a transaction left open takes its position at COMMIT, after a writer that committed first", async () => {
    const clock = new ManualClock();
    const a = await createPostgresStorage({ url, clock, poolSize: 4 });
    const b = await createPostgresStorage({ url, clock, poolSize: 4 });
    storages.push(a, b);
    const account = (await a.accounts.ensureAccount("acme")).id;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      firstWritten = resolve;
    });
    const first = a.transaction(async (tx) => {
      await tx.environments.createEnvironment(account, { ...ENVIRONMENT, name: "first" });
      firstWritten();
      await held;
    });
    await written;
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      // The open transaction has made its change and holds no position lock: another writer of
      // the account commits without waiting for it.
      const locks = await probe.query<{ n: number }>(ADVISORY_HERE);
      expect(locks.rows[0]?.n).toBe(0);
      await b.environments.createEnvironment(account, { ...ENVIRONMENT, name: "second" });
      const before = await a.outbox.listEvents(account);
      expect(before.map((e) => e.envelope.data.type)).toEqual(["environment.created"]);
    } finally {
      release();
      await probe.end();
    }
    await first;
    // Positions in commit order: the transaction that committed last holds the greater one.
    const events = await a.outbox.listEvents(account);
    const names = [];
    for (const e of events) names.push((await a.environments.getEnvironment(account, e.envelope.data.id))?.name);
    expect(names).toEqual(["second", "first"]);
    expect(events[0]?.seq).toBeLessThan(events[1]?.seq ?? 0);
  });

  it("are taken under the account's lock in the COMMIT's message: a holder of it makes that account's writers wait, not another's", async () => {
    const clock = new ManualClock();
    const a = await createPostgresStorage({ url, clock, poolSize: 4 });
    storages.push(a);
    const acme = (await a.accounts.ensureAccount("acme")).id;
    const other = (await a.accounts.ensureAccount("other")).id;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // The lock an event's position is taken under (context.ts eventOrderLockSql), held by a session of its own.
      await holder.query("SELECT pg_advisory_lock($1::int4, hashtext($2))", [ADVISORY_LOCKS.eventOrder, acme]);
      let done = false;
      const waiting = a.environments.createEnvironment(acme, { ...ENVIRONMENT, name: "waits" }).then(() => {
        done = true;
      });
      await waitFor(
        async () => {
          const rows = await holder.query<{ n: number }>(`${ADVISORY_HERE} AND NOT granted`);
          return (rows.rows[0]?.n ?? 0) >= 1;
        },
        { what: "acme's writer to wait for its account's lock" },
      );
      // Another account's writer does not wait for it.
      await a.environments.createEnvironment(other, { ...ENVIRONMENT, name: "free" });
      expect(done).toBe(false);
      // Nothing of the waiting writer is visible: its change and its event commit together.
      expect(await a.outbox.listEvents(acme)).toEqual([]);
      await holder.query("SELECT pg_advisory_unlock($1::int4, hashtext($2))", [ADVISORY_LOCKS.eventOrder, acme]);
      await waiting;
      expect((await a.outbox.listEvents(acme)).map((e) => e.envelope.data.type)).toEqual(["environment.created"]);
    } finally {
      await holder.end();
    }
  });
});
