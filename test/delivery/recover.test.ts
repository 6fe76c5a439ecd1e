/**
 * POST /webhook_endpoints/{id}/recover: the dead records of one endpoint created in a window are
 * queued again with a fresh round of attempts, oldest first; nothing else moves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { deliveryRecord, waitForDeliveryStatus } from "../helpers/flows/deliveryRecords.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

// Retries 5 ms apart: a failing record is dead within a few polls.
const ENV = {
  WEBHOOK_ENDPOINT_CONCURRENCY: "1",
  WEBHOOK_RETRY_BASE_MS: "5",
  WEBHOOK_RETRY_FACTOR: "1",
  WEBHOOK_RETRY_JITTER: "0",
  WEBHOOK_POLL_INTERVAL_MS: "50",
};

let server: TestServer;
let receiver: Receiver;
let paths = 0;
const failingPaths = new Set<string>();

beforeAll(async () => {
  server = await inProcess({ env: ENV });
  receiver = await startReceiver((r) => (failingPaths.has(r.path) ? { status: 500 } : undefined));
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

async function newEndpoint(token?: string) {
  const path = `/recover-${++paths}`;
  const res = await server.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}${path}`, events: ["agent.created"] },
    token,
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, path };
}

async function sendTest(endpointId: string): Promise<{ event_id: string; webhook_event_id: string }> {
  const res = await server.request("POST", `/webhook_endpoints/${endpointId}/test`);
  expect(res.status).toBe(202);
  return res.body;
}

const record = (id: string) => deliveryRecord(server, id);
const waitForStatus = (id: string, status: string) => waitForDeliveryStatus(server, id, status);

/** A window boundary strictly between the records made before and after it. */
async function boundary(): Promise<string> {
  const earlier = Date.now();
  await waitFor(() => Date.now() > earlier, { intervalMs: 1, what: "the clock to move past the records before" });
  const at = new Date().toISOString();
  await waitFor(() => Date.now() > Date.parse(at), { intervalMs: 1, what: "the clock to move past the boundary" });
  return at;
}

const recover = (endpointId: string, body: unknown, token?: string) =>
  server.request("POST", `/webhook_endpoints/${endpointId}/recover`, { body, token });

describe("recover", () => {
  it("re-queues the endpoint's dead records of the window with fresh attempts, oldest first, and nothing else", async () => {
    const ep = await newEndpoint();
    const other = await newEndpoint();
    failingPaths.add(ep.path).add(other.path);
    const before = await sendTest(ep.id);
    await waitForStatus(before.webhook_event_id, "dead");
    const since = await boundary();
    failingPaths.delete(ep.path);
    const delivered = await sendTest(ep.id);
    await waitForStatus(delivered.webhook_event_id, "succeeded");
    failingPaths.add(ep.path);
    const a = await sendTest(ep.id);
    const b = await sendTest(ep.id);
    const elsewhere = await sendTest(other.id);
    const until = await boundary();
    const after = await sendTest(ep.id);
    for (const r of [before, a, b, after, elsewhere]) await waitForStatus(r.webhook_event_id, "dead");
    expect((await record(a.webhook_event_id)).attempt_count).toBe(4);

    failingPaths.delete(ep.path);
    const sentBefore = receiver.on(ep.path).length;
    const res = await recover(ep.id, { since, until });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ requeued: 2 });
    for (const r of [a, b]) await waitForStatus(r.webhook_event_id, "succeeded");
    // A fresh round: the fifth attempt succeeded, with the same envelope; oldest first.
    const recovered = await record(a.webhook_event_id);
    expect(recovered).toMatchObject({ attempt_count: 5, last_response_status: 200, payload: { id: a.event_id } });
    expect(recovered.attempts.map((x: { response_status: number }) => x.response_status)).toEqual([
      500, 500, 500, 500, 200,
    ]);
    expect(
      receiver
        .on(ep.path)
        .slice(sentBefore)
        .map((r) => r.headers["webhook-id"]),
    ).toEqual([a.event_id, b.event_id]);
    // Outside the window, another endpoint's, and a delivered record: untouched.
    expect((await record(before.webhook_event_id)).status).toBe("dead");
    expect((await record(after.webhook_event_id)).status).toBe("dead");
    expect((await record(elsewhere.webhook_event_id)).status).toBe("dead");
    expect(await record(delivered.webhook_event_id)).toMatchObject({ status: "succeeded", attempt_count: 1 });

    // `until` defaults to now: the two left.
    expect((await recover(ep.id, { since: (await record(before.webhook_event_id)).created_at })).body).toEqual({
      requeued: 2,
    });
    for (const r of [before, after]) await waitForStatus(r.webhook_event_id, "succeeded");
    expect((await recover(ep.id, { since: "2000-01-01T00:00:00Z" })).body).toEqual({ requeued: 0 });
    failingPaths.delete(other.path);
  });

  it("re-queues a disabled endpoint's dead records and holds them until it is enabled", async () => {
    const ep = await newEndpoint();
    failingPaths.add(ep.path);
    const since = await boundary();
    const dead = await sendTest(ep.id);
    await waitForStatus(dead.webhook_event_id, "dead");
    failingPaths.delete(ep.path);
    await server.request("POST", `/webhook_endpoints/${ep.id}/disable`);
    const sent = receiver.on(ep.path).length;
    expect((await recover(ep.id, { since })).body).toEqual({ requeued: 1 });
    expect(await record(dead.webhook_event_id)).toMatchObject({ status: "pending", attempt_count: 4 });
    // Held: another endpoint's delivery shows that the loop ran meanwhile.
    const probe = await newEndpoint();
    await waitForStatus((await sendTest(probe.id)).webhook_event_id, "succeeded");
    expect(receiver.on(ep.path)).toHaveLength(sent);
    await server.request("POST", `/webhook_endpoints/${ep.id}/enable`);
    await waitForStatus(dead.webhook_event_id, "succeeded");
  });

  it("answers a bad window with 400 naming the field, and an unknown or foreign endpoint with 404", async () => {
    const ep = await newEndpoint();
    const cases: [unknown, string][] = [
      [{}, "since"],
      [{ since: "yesterday" }, "since"],
      [{ since: "2026-11-21T12:00:00Z", until: "2026-11-21" }, "until"],
      [{ since: "2026-11-21T12:00:00Z", until: "2026-11-21T12:00:00Z" }, "until"],
      [{ since: "2026-11-21T12:00:00Z", until: "2026-11-21T11:00:00Z" }, "until"],
      [{ since: "2999-01-01T00:00:00Z" }, "since"],
      [{ since: "2026-11-21T12:00:00Z", status: "dead" }, "status"],
    ];
    for (const [body, param] of cases) {
      const err = expectError(await recover(ep.id, body), 400, "invalid_request_error");
      expect(err.param, JSON.stringify(body)).toBe(param);
    }
    const window = { since: "2026-11-21T00:00:00Z" };
    expectError(await recover("wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D", window), 404, "not_found_error");
    const stranger = await server.tokenFor("recover-stranger");
    expectError(await recover(ep.id, window, stranger), 404, "not_found_error");
  });
});
