/**
 * Disabling or deleting an endpoint cuts its deliveries in flight short, with a real slow receiver:
 * the held requests' connections are closed, nothing more is sent to the endpoint once the call
 * returned, the engine forgets its decrypted signing secret, and the aborted attempts are recorded
 * as such (not as failures of the endpoint). On the delivery thread (the default) and in-process.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import type { DeliveryEngine } from "../../server/delivery/engine.ts";
import { openStorage } from "../../server/storage/open.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The records of an endpoint as the database holds them, with their attempts' errors (either adapter). */
async function records(server: TestServer, endpointId: string) {
  const rows = await queryRows<{ id: string; status: string; attempt_count: number; lease_until: string | null }>(
    server.databaseUrl,
    "SELECT id, status, attempt_count, lease_until FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id",
    endpointId,
  );
  const attempts = await queryRows<{ delivery_id: string; error: string | null }>(
    server.databaseUrl,
    "SELECT a.delivery_id, a.error FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id " +
      "WHERE d.endpoint_id = ? ORDER BY a.delivery_id, a.number",
    endpointId,
  );
  return rows.map((r) => ({
    ...r,
    attempt_count: Number(r.attempt_count),
    errors: JSON.stringify(attempts.filter((a) => a.delivery_id === r.id).map((a) => a.error)),
  }));
}

/** Waits until the two aborted attempts are recorded and every lease is given back (the records are held). */
const heldAgain = (server: TestServer, endpointId: string) =>
  waitFor(
    async () => {
      const rows = await records(server, endpointId);
      return rows.every((r) => r.lease_until === null) && rows.filter((r) => r.attempt_count > 0).length === 2
        ? rows
        : null;
    },
    { what: "the aborted attempts to be recorded and the leases released" },
  );

/** The endpoint's records once its two held attempts are recorded as aborted (a deleted endpoint's stay discarded). */
const abortedAttempts = (server: TestServer, endpointId: string) =>
  waitFor(
    async () => {
      const rows = await records(server, endpointId);
      return rows.filter((r) => JSON.parse(r.errors).length > 0).length === 2 ? rows : null;
    },
    { what: "the aborted attempts to be recorded" },
  );

describe.each([
  { engine: "the delivery thread", thread: "true" },
  { engine: "the in-process engine", thread: "false" },
])("on $engine", ({ thread }) => {
  // One server for the engine's tests: each test has its own endpoints and receiver, and the
  // endpoint's concurrency, records, attempts and cached secret are the endpoint's own.
  let shared: TestServer | undefined;
  afterAll(async () => {
    await shared?.stop();
  });

  async function setup() {
    shared ??= await inProcess({
      env: {
        WEBHOOK_THREAD: thread,
        WEBHOOK_POLL_INTERVAL_MS: "50",
        // Two attempts in flight per endpoint, two more leased and waiting for a slot.
        WEBHOOK_ENDPOINT_CONCURRENCY: "2",
      },
    });
    const server = shared;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    cleanups.push(() => release());
    const receiver: Receiver = await startReceiver((r) => (r.path === "/slow" ? { hold: held } : undefined));
    cleanups.push(() => receiver.close());
    const create = async (path: string) => {
      const res = await server.request("POST", "/webhook_endpoints", {
        body: { url: `${receiver.url}${path}`, events: ["webhook_endpoint.disabled"] },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const slow = await create("/slow");
    const fast = await create("/fast");
    const sendTest = async (endpointId: string) => {
      const res = await server.request("POST", `/webhook_endpoints/${endpointId}/test`);
      expect(res.status).toBe(202);
      return res.body.webhook_event_id as string;
    };
    // Five records for the slow endpoint: two held by the receiver, two leased and waiting, one due.
    for (let i = 0; i < 5; i++) await sendTest(slow);
    await waitFor(
      async () =>
        receiver.openOn("/slow") === 2 &&
        (await records(server, slow)).filter((r) => r.lease_until !== null).length === 4,
      { what: "two attempts held by the receiver and two records waiting for a slot" },
    );
    const engine = server.service.workers.find((w) => w.name === "webhook-delivery") as unknown as DeliveryEngine;
    if (thread === "false") expect(engine.hasCachedSecret(slow)).toBe(true);
    /** Whether the engine still holds the endpoint's decrypted secret (asked through the API's handle). */
    const secretCached = async (endpointId: string) => {
      if (thread === "false") return engine.hasCachedSecret(endpointId);
      // The thread answers with its cache's state after the (repeated, now empty) abort.
      const report = await server.service.deps.delivery.abortEndpoint(endpointId, "disabled");
      expect(report).toMatchObject({ aborted: 0, released: 0 });
      return report?.secretCached;
    };
    return { server, receiver, slow, fast, sendTest, release, secretCached };
  }

  it("disable closes the held requests' connections, sends nothing more, forgets the secret, and records the attempts as aborted", async () => {
    const { server, receiver, slow, fast, sendTest, release, secretCached } = await setup();
    const res = await server.request("POST", `/webhook_endpoints/${slow}/disable`);
    expect(res.status).toBe(200);
    const sentBeforeReturn = receiver.on("/slow").length;
    expect(sentBeforeReturn).toBe(2);

    // The held requests' sockets were closed by the sender (well before the 10 s attempt timeout).
    await waitFor(() => receiver.openOn("/slow") === 0, { timeoutMs: 2000, what: "the held requests to be closed" });
    // The aborted attempts are recorded and every lease is given back: the records are held.
    const after = await heldAgain(server, slow);
    expect(after.map((r) => r.status)).toEqual(Array(5).fill("pending"));
    for (const r of after.filter((x) => x.attempt_count > 0)) {
      expect(r.attempt_count).toBe(1);
      expect(JSON.parse(r.errors)).toEqual(["Aborted: the endpoint was disabled during the attempt"]);
      const detail = (await server.request("GET", `/webhook_events/${r.id}`)).body;
      expect(detail.attempts).toMatchObject([{ number: 1, response_status: null }]);
    }
    // Not a failure of the endpoint.
    const endpoint = (await server.request("GET", `/webhook_endpoints/${slow}`)).body;
    expect(endpoint).toMatchObject({
      active: false,
      disabled_reason: { type: "manual" },
      consecutive_fail: 0,
      last_failure_at: null,
    });
    // The loop goes on (another endpoint gets its delivery), and nothing more went to this one.
    const other = await sendTest(fast);
    await waitFor(async () => (await server.request("GET", `/webhook_events/${other}`)).body.status === "succeeded", {
      what: "a delivery to another endpoint",
    });
    expect(receiver.on("/slow")).toHaveLength(sentBeforeReturn);
    expect(await secretCached(slow)).toBe(false);

    // Enabled again, every held record goes out (the aborted ones did not use up their round).
    release();
    expect((await server.request("POST", `/webhook_endpoints/${slow}/enable`)).status).toBe(200);
    const delivered = await waitFor(
      async () => {
        const rows = await records(server, slow);
        return rows.every((r) => r.status === "succeeded") ? rows : null;
      },
      { what: "the held records to be delivered" },
    );
    expect(delivered.map((r) => r.attempt_count).sort()).toEqual([1, 1, 1, 2, 2]);
    expect(receiver.on("/slow")).toHaveLength(sentBeforeReturn + 5);
  });

  it("delete closes the held requests' connections, sends nothing more and forgets the secret; the records stay discarded", async () => {
    const { server, receiver, slow, fast, sendTest, secretCached } = await setup();
    expect((await server.request("DELETE", `/webhook_endpoints/${slow}`)).status).toBe(204);
    const sentBeforeReturn = receiver.on("/slow").length;
    expect(sentBeforeReturn).toBe(2);

    await waitFor(() => receiver.openOn("/slow") === 0, { timeoutMs: 2000, what: "the held requests to be closed" });
    // The aborted attempts stay in the history of their (discarded) records; nothing else changes.
    const after = await abortedAttempts(server, slow);
    expect(after.map((r) => [r.status, r.attempt_count, r.lease_until])).toEqual(Array(5).fill(["discarded", 0, null]));
    for (const r of after.filter((x) => JSON.parse(x.errors).length > 0)) {
      expect(JSON.parse(r.errors)).toEqual(["Aborted: the endpoint was deleted during the attempt"]);
    }
    const other = await sendTest(fast);
    await waitFor(async () => (await server.request("GET", `/webhook_events/${other}`)).body.status === "succeeded", {
      what: "a delivery to another endpoint",
    });
    expect(receiver.on("/slow")).toHaveLength(sentBeforeReturn);
    expect(await secretCached(slow)).toBe(false);
  });

  it.each([
    {
      change: "disable",
      // The row is there, not active: disabled; its records are held for an enable.
      apply: async (other: Storage, accountId: string, id: string) =>
        expect((await other.webhooks.setEndpointActive(accountId, id, false))?.active).toBe(false),
      recorded: heldAgain,
      error: "Aborted: the endpoint was disabled during the attempt",
    },
    {
      change: "delete",
      // No row: deleted (the same words as a delete through this server's API, whichever comes first).
      apply: async (other: Storage, accountId: string, id: string) =>
        expect(await other.webhooks.deleteEndpoint(accountId, id)).toBe(true),
      recorded: abortedAttempts,
      error: "Aborted: the endpoint was deleted during the attempt",
    },
  ])(
    "a $change by another process on the database reaches the attempts in flight at the engine's next pass, recorded as such",
    async ({ apply, recorded, error }) => {
      const { server, receiver, slow, fast, sendTest, secretCached } = await setup();
      // Another server (here: another connection) changes the endpoint; this server's API is not told.
      const other = await openStorage(server.service.deps.config, { clock: systemClock, migrate: false });
      try {
        const accountId = (await server.service.deps.storage.accounts.findAccountByName("default"))?.id ?? "";
        await apply(other, accountId, slow);
      } finally {
        await other.close();
      }
      await waitFor(() => receiver.openOn("/slow") === 0, { timeoutMs: 3000, what: "the held requests to be closed" });
      const after = await recorded(server, slow);
      const aborted = after.filter((x) => JSON.parse(x.errors).length > 0);
      expect(aborted).toHaveLength(2);
      for (const r of aborted) expect(JSON.parse(r.errors)).toEqual([error]);
      const delivered = await sendTest(fast);
      await waitFor(
        async () => (await server.request("GET", `/webhook_events/${delivered}`)).body.status === "succeeded",
        { what: "a delivery to another endpoint" },
      );
      expect(receiver.on("/slow")).toHaveLength(2);
      expect(await secretCached(slow)).toBe(false);
    },
  );
});
