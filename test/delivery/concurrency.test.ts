import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(env: Record<string, string> = {}, dataDir?: string) {
  const server = await inProcess({
    env: { WEBHOOK_POLL_INTERVAL_MS: "50", ...env },
    ...(dataDir ? { dataDir } : {}),
  });
  cleanups.push(() => server.stop());
  return server;
}

async function receiverFor() {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

async function endpoint(server: TestServer, receiver: Receiver, path: string) {
  const res = await server.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}${path}`, events: ["*"] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function sendTest(server: TestServer, endpointId: string) {
  const res = await server.request("POST", `/webhook_endpoints/${endpointId}/test`);
  expect(res.status).toBe(202);
  return res.body as { event_id: string; webhook_event_id: string };
}

function status(server: TestServer, id: string) {
  return waitFor(async () => (await server.request("GET", `/webhook_events/${id}`)).body.status === "succeeded", {
    what: `${id} to succeed`,
  });
}

function holdUntilReleased() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

describe("concurrency bounds", () => {
  it("keeps delivering to other endpoints while a slow receiver holds all of its own slots", async () => {
    const server = await setup();
    const receiver = await receiverFor();
    const slow = await endpoint(server, receiver, "/slow");
    const fast = await endpoint(server, receiver, "/fast");
    const { held, release } = holdUntilReleased();
    cleanups.push(release);
    receiver.respond((r) => (r.path === "/slow" ? { hold: held } : undefined));
    // More slow records than the per-endpoint bound (8): the slow endpoint saturates its slots.
    const slowRecords = [];
    for (let i = 0; i < 12; i++) slowRecords.push(await sendTest(server, slow));
    await receiver.waitForRequests(8, { path: "/slow" });
    const fastRecords = [];
    for (let i = 0; i < 10; i++) fastRecords.push(await sendTest(server, fast));
    for (const r of fastRecords) await status(server, r.webhook_event_id);
    expect(receiver.on("/slow")).toHaveLength(8);
    expect(receiver.maxOpen("/slow")).toBe(8);
    release();
    for (const r of slowRecords) await status(server, r.webhook_event_id);
    expect(receiver.maxOpen("/slow")).toBeLessThanOrEqual(8);
    expect(receiver.on("/slow")).toHaveLength(12);
  });

  it("bounds the attempts in flight overall", async () => {
    const server = await setup({ WEBHOOK_CONCURRENCY: "3", WEBHOOK_ENDPOINT_CONCURRENCY: "2" });
    const receiver = await receiverFor();
    const { held, release } = holdUntilReleased();
    cleanups.push(release);
    receiver.respond(() => ({ hold: held }));
    const ids = [];
    for (const path of ["/a", "/b", "/c"]) ids.push(await endpoint(server, receiver, path));
    const records = [];
    for (const id of ids) for (let i = 0; i < 3; i++) records.push(await sendTest(server, id));
    await receiver.waitForRequests(3);
    // A later event gets no slot while 3 attempts are open.
    const probe = await sendTest(server, ids[0] as string);
    await waitFor(
      async () => (await server.request("GET", `/webhook_events/${probe.webhook_event_id}`)).body.status === "pending",
    );
    expect(receiver.requests).toHaveLength(3);
    for (const path of ["/a", "/b", "/c"]) expect(receiver.maxOpen(path)).toBeLessThanOrEqual(2);
    release();
    for (const r of [...records, probe]) await status(server, r.webhook_event_id);
    // Over the whole run (held phase, release, the 7 later attempts), never more than 3 requests
    // were open at once at the receiver, and the bound was reached.
    expect(receiver.requests).toHaveLength(10);
    expect(receiver.maxOpenOverall()).toBe(3);
    for (const path of ["/a", "/b", "/c"]) expect(receiver.maxOpen(path)).toBeLessThanOrEqual(2);
  });
});

describe("graceful shutdown", () => {
  it("lets an attempt in flight finish before the database closes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cas-shutdown-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await inProcess({ dataDir, env: { WEBHOOK_SHUTDOWN_GRACE_MS: "10000" } });
    const receiver = await receiverFor();
    receiver.respond(() => ({ delayMs: 300 }));
    const id = await endpoint(server, receiver, "/slow");
    const { webhook_event_id } = await sendTest(server, id);
    await receiver.waitForRequests(1);
    await server.stop();
    const [row] = await queryRows(
      server.databaseUrl,
      "SELECT status, attempt_count, lease_until FROM webhook_deliveries WHERE id = ?",
      webhook_event_id,
    );
    expect(row).toEqual({ status: "succeeded", attempt_count: 1, lease_until: null });
  });

  it("releases the lease of an attempt that outlives the grace period, and the next server sends it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cas-shutdown-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await inProcess({ dataDir, env: { WEBHOOK_SHUTDOWN_GRACE_MS: "100" } });
    const receiver = await receiverFor();
    const { held, release } = holdUntilReleased();
    cleanups.push(release);
    receiver.respond(() => ({ hold: held }));
    const id = await endpoint(first, receiver, "/stuck");
    const { webhook_event_id, event_id } = await sendTest(first, id);
    await receiver.waitForRequests(1);
    await first.stop();
    const [row] = await queryRows(
      first.databaseUrl,
      "SELECT status, attempt_count, lease_until, lease_token FROM webhook_deliveries WHERE id = ?",
      webhook_event_id,
    );
    expect(row).toEqual({ status: "pending", attempt_count: 0, lease_until: null, lease_token: null });
    expect(first.logs.some((l) => l.msg.includes("released leases"))).toBe(true);

    receiver.respond(() => undefined);
    const second = await setup({}, dataDir);
    await status(second, webhook_event_id);
    const again = receiver.requests.filter((r) => r.headers["webhook-id"] === event_id);
    expect(again).toHaveLength(2);
    expect(again[1]?.body.equals(again[0]?.body ?? Buffer.alloc(0))).toBe(true);
  });
});
