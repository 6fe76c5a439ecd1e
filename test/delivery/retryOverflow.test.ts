/**
 * An extreme retry configuration (1 day × 1000^n) and a receiver asking for an absurd Retry-After
 * must still give every record a real next attempt time: before the cap, the third wait was a
 * date in year 4764 (written "+004764-...", which sorts before "2026" and made the record due at
 * once) or no date at all (the attempt could not be recorded and the record was sent again
 * forever).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { MAX_RETRY_DELAY_MS } from "../../server/delivery/policy.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { inProcess, type TestServer, waitFor, workerPasses } from "../helpers/servers/server.ts";

const DAY = 86_400_000;
let server: TestServer;
let receiver: Receiver;
const clock = new ManualClock("2026-11-21T12:00:00.000Z");

beforeAll(async () => {
  receiver = await startReceiver((req) => (req.path === "/far" ? { status: 500 } : { status: 503, retryAfter: 1e17 }));
  server = await inProcess({
    clock,
    env: {
      WEBHOOK_RETRY_BASE_MS: String(DAY),
      WEBHOOK_RETRY_FACTOR: "1000",
      WEBHOOK_RETRY_JITTER: "0",
      WEBHOOK_POLL_INTERVAL_MS: "20",
      // The clock jumps months ahead: an endpoint failing that long would be disabled otherwise.
      WEBHOOK_AUTO_DISABLE_AFTER_S: "0",
    },
  });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

async function record(endpointId: string): Promise<any> {
  const list = await server.request("GET", `/webhook_events?endpoint_id=${endpointId}`);
  return list.body.data[0];
}

// /far answers 500: the waits are 1 day, then 1000 days and 10^6 days, each capped at 30 days.
// /overflow answers 503 asking for 10^17 s: honoured up to the next step, capped at 30 days too.
const CAP = MAX_RETRY_DELAY_MS;
describe.each([
  ["/far", [DAY, CAP, CAP]],
  ["/overflow", [CAP, CAP, CAP]],
] as const)("a receiver on %s under an extreme retry configuration", (path, waits) => {
  it("gets each of its 4 attempts only when due, and the record ends dead", async () => {
    const endpoint = await server.request("POST", "/webhook_endpoints", {
      body: { url: `${receiver.url}${path}`, events: ["session.created"] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    await server.request("POST", `/webhook_endpoints/${endpoint.body.id}/test`);
    for (const [index, wait] of waits.entries()) {
      const attempt = index + 1;
      await receiver.waitForRequests(attempt, { path });
      const r = await waitFor(
        async () => {
          const current = await record(endpoint.body.id);
          return current.attempt_count === attempt ? current : null;
        },
        { what: `attempt ${attempt} recorded` },
      );
      expect(r.status).toBe("pending");
      expect(r.next_attempt_at).toBe(new Date(clock.now().getTime() + wait).toISOString());
      // Not due yet: nothing more arrives until the clock reaches it, however often the engine looks.
      await workerPasses(server, "webhook-delivery");
      expect(receiver.on(path)).toHaveLength(attempt);
      clock.set(r.next_attempt_at);
    }
    await receiver.waitForRequests(4, { path });
    await waitFor(async () => (await record(endpoint.body.id)).status === "dead", { what: "the record to be dead" });
    clock.advance(365 * DAY);
    await workerPasses(server, "webhook-delivery");
    expect(receiver.on(path)).toHaveLength(4);
  });
});
