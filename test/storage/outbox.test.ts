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
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
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

  it("signals deliveries after the commit, and only when a record can go out", async () => {
    const seen: StorageSignal[] = [];
    for (const name of ["commit", "deliveries"] as const) storage.on(name, () => seen.push(name));
    // Nobody subscribed: an event, nothing to deliver.
    await storage.environments.createEnvironment(account, ENVIRONMENT);
    expect(seen).toEqual(["commit"]);
    // Only a disabled subscriber: the record is held, the delivery loop is not woken.
    const held = await endpoint(storage, account, ["environment.created"]);
    await storage.webhooks.setEndpointActive(account, held.id, false);
    seen.length = 0;
    await storage.environments.createEnvironment(account, ENVIRONMENT);
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

  it("follow commit order: a writer waits for an earlier uncommitted one", async () => {
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
    let secondDone = false;
    const second = b.environments.createEnvironment(account, { ...ENVIRONMENT, name: "second" }).then(() => {
      secondDone = true;
    });
    // The second writer is waiting for the first one's position lock (a condition, not a sleep).
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      await waitFor(
        async () => {
          const waiting = await probe.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
          );
          return (waiting.rows[0]?.n ?? 0) >= 1;
        },
        { what: "the second writer to wait for the lock" },
      );
    } catch (err) {
      release();
      throw err;
    } finally {
      await probe.end();
    }
    // Without the lock it would have committed already, its position above the first one's.
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    const events = await a.outbox.listEvents(account);
    const names = [];
    for (const e of events) names.push((await a.environments.getEnvironment(account, e.envelope.data.id))?.name);
    expect(names).toEqual(["first", "second"]);
  });
});
