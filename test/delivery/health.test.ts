/**
 * Endpoint health: 410 Gone disables at once, sustained failure (no success for
 * WEBHOOK_AUTO_DISABLE_AFTER_S while failing) disables, `disabled_reason` says why, and the
 * operational events webhook_endpoint.degraded / .recovered / .disabled reach the account's
 * endpoints subscribed to them (never an endpoint's own disabled event to itself). Time is an
 * injected clock: a failed record is retried only when the test moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { ManualClock } from "../../server/clock.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { webhookSchema } from "../helpers/flows/events.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

const DAY_MS = 86_400_000;
const HEALTH_KINDS = ["webhook_endpoint.degraded", "webhook_endpoint.recovered", "webhook_endpoint.disabled"];

let server: TestServer;
let receiver: Receiver;
const clock = new ManualClock("2026-11-21T12:00:00.000Z");
let paths = 0;
/** Paths the receiver answers with this status (200 otherwise). */
const failing = new Map<string, number>();

beforeAll(async () => {
  server = await inProcess({
    clock,
    env: { WEBHOOK_POLL_INTERVAL_MS: "50", WEBHOOK_DEGRADED_THRESHOLD: "2", WEBHOOK_ENDPOINT_CONCURRENCY: "1" },
  });
  receiver = await startReceiver((r) => {
    const status = failing.get(r.path);
    return status === undefined ? undefined : { status };
  });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

async function newEndpoint(events: string[]) {
  const path = `/health-${++paths}`;
  const res = await server.request("POST", "/webhook_endpoints", { body: { url: `${receiver.url}${path}`, events } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, secret: res.body.signing_secret as string, path };
}

const getEndpoint = async (id: string) => (await server.request("GET", `/webhook_endpoints/${id}`)).body;

async function sendTest(endpointId: string): Promise<string> {
  const res = await server.request("POST", `/webhook_endpoints/${endpointId}/test`);
  expect(res.status).toBe(202);
  return res.body.webhook_event_id;
}

/** Sends a test event and waits until its one attempt is recorded (the clock does not move: no retry). */
async function attemptOnce(endpointId: string): Promise<any> {
  const id = await sendTest(endpointId);
  return waitFor(
    async () => {
      const r = (await server.request("GET", `/webhook_events/${id}`)).body;
      return r.attempt_count >= 1 ? r : null;
    },
    { what: `the first attempt of ${id}` },
  );
}

/** The health events about `subjectId` the observer received, verified and checked against their schema. */
function healthEventsAt(observer: { path: string; secret: string }, subjectId: string): any[] {
  return receiver
    .on(observer.path)
    .map((r) => verifyWebhook(r.body, r.headers, observer.secret, { now: clock.now() }))
    .filter((e) => HEALTH_KINDS.includes(e.data.type) && e.data.id === subjectId)
    .map((e) => {
      const validate = webhookSchema(e.data.type);
      if (!validate(e)) throw new Error(`${JSON.stringify(e)} does not match its webhook schema`);
      return e.data;
    });
}

async function waitForHealthEvents(observer: { path: string; secret: string }, subjectId: string, count: number) {
  return waitFor(
    () => {
      const got = healthEventsAt(observer, subjectId);
      return got.length >= count ? got : null;
    },
    { what: `${count} health event(s) about ${subjectId}` },
  );
}

/** The kinds of the delivery records an endpoint holds. */
async function recordKinds(endpointId: string): Promise<string[]> {
  const list = await server.request("GET", `/webhook_events?endpoint_id=${endpointId}&limit=100`);
  return list.body.data.map((r: { event_type: string }) => r.event_type);
}

describe("410 Gone", () => {
  it("disables the endpoint at once, tells the account's other subscribed endpoints, and holds its records until enabled", async () => {
    const observer = await newEndpoint(HEALTH_KINDS);
    const gone = await newEndpoint(["*"]); // subscribed to its own health events too
    failing.set(gone.path, 410);
    const first = await attemptOnce(gone.id);
    expect(first).toMatchObject({ status: "pending", attempt_count: 1, last_response_status: 410 });
    const disabled = await getEndpoint(gone.id);
    expect(disabled).toMatchObject({
      active: false,
      disabled_reason: { type: "gone" },
      consecutive_fail: 1,
      updated_at: clock.now().toISOString(),
    });
    expect(await waitForHealthEvents(observer, gone.id, 1)).toEqual([
      { id: gone.id, type: "webhook_endpoint.disabled", consecutive_fail: 1, disabled_reason: { type: "gone" } },
    ]);
    // Its own disabled event was never recorded for it (it would only be held).
    expect(await recordKinds(gone.id)).toEqual(["webhook.test"]);
    expect(server.logs.some((l) => l.level === "warn" && l.endpoint_id === gone.id && /410/.test(l.msg))).toBe(true);

    // Held: a new event is recorded, not sent; the retry due later is not sent either.
    const held = await sendTest(gone.id);
    clock.advance(5 * 60_000);
    const probe = await newEndpoint(["agent.created"]);
    await attemptOnce(probe.id);
    expect(receiver.on(gone.path)).toHaveLength(1);
    expect((await server.request("GET", `/webhook_events/${held}`)).body).toMatchObject({
      status: "pending",
      attempt_count: 0,
    });

    // The receiver is back: enabling clears the reason and sends what was held.
    failing.delete(gone.path);
    const enabled = await server.request("POST", `/webhook_endpoints/${gone.id}/enable`);
    expect(enabled.body).toMatchObject({ active: true, disabled_reason: null });
    await waitFor(async () => (await server.request("GET", `/webhook_events/${held}`)).body.status === "succeeded");
    await waitFor(async () => (await server.request("GET", `/webhook_events/${first.id}`)).body.status === "succeeded");
    expect(await getEndpoint(gone.id)).toMatchObject({ active: true, disabled_reason: null, consecutive_fail: 0 });
  });
});

describe("sustained failure", () => {
  it("disables an endpoint that failed without a success for WEBHOOK_AUTO_DISABLE_AFTER_S (5 days by default)", async () => {
    const observer = await newEndpoint(["webhook_endpoint.disabled"]);
    const ep = await newEndpoint(["agent.created"]);
    failing.set(ep.path, 500);
    const streakStart = clock.now().getTime();
    await attemptOnce(ep.id);
    // One second short of five days: still failing, still enabled (the first record's retry runs too).
    clock.set(new Date(streakStart + 5 * DAY_MS - 1000));
    await attemptOnce(ep.id);
    expect(await getEndpoint(ep.id)).toMatchObject({ active: true, disabled_reason: null });
    // Five days after the first failure of the streak: the next failure disables it.
    clock.set(new Date(streakStart + 5 * DAY_MS));
    await attemptOnce(ep.id);
    const disabled = await getEndpoint(ep.id);
    expect(disabled).toMatchObject({ active: false, disabled_reason: { type: "failing" } });
    const [event] = await waitForHealthEvents(observer, ep.id, 1);
    expect(event).toEqual({
      id: ep.id,
      type: "webhook_endpoint.disabled",
      consecutive_fail: disabled.consecutive_fail,
      disabled_reason: { type: "failing" },
    });
    expect(
      server.logs.some((l) => l.level === "warn" && l.endpoint_id === ep.id && l.disabled_reason === "failing"),
    ).toBe(true);

    // Enabled again, a new streak starts: its first failure does not disable it.
    const enabled = await server.request("POST", `/webhook_endpoints/${ep.id}/enable`);
    expect(enabled.body.disabled_reason).toBeNull();
    await attemptOnce(ep.id);
    expect(await getEndpoint(ep.id)).toMatchObject({ active: true, disabled_reason: null });
    failing.delete(ep.path);
  });

  it("measures the streak from the first failure after the last success", async () => {
    const ep = await newEndpoint(["agent.created"]);
    failing.set(ep.path, 500);
    await attemptOnce(ep.id);
    clock.advance(3 * DAY_MS);
    failing.delete(ep.path);
    expect((await attemptOnce(ep.id)).status).toBe("succeeded");
    failing.set(ep.path, 503);
    const restart = clock.now().getTime();
    await attemptOnce(ep.id);
    // Six days after the first failure, but only five days minus a second into the current streak.
    clock.set(new Date(restart + 5 * DAY_MS - 1000));
    await attemptOnce(ep.id);
    expect(await getEndpoint(ep.id)).toMatchObject({ active: true, disabled_reason: null });
    clock.set(new Date(restart + 5 * DAY_MS));
    await attemptOnce(ep.id);
    expect(await getEndpoint(ep.id)).toMatchObject({ active: false, disabled_reason: { type: "failing" } });
    failing.delete(ep.path);
  });
});

describe("degraded and recovered", () => {
  it("writes webhook_endpoint.degraded once above the threshold and .recovered on the next success, for every subscribed endpoint", async () => {
    const observer = await newEndpoint(["webhook_endpoint.degraded", "webhook_endpoint.recovered"]);
    const unrelated = await newEndpoint(["agent.created"]);
    const ep = await newEndpoint(["*"]);
    failing.set(ep.path, 500);
    for (let i = 0; i < 4; i++) await attemptOnce(ep.id); // threshold 2: degraded at the 3rd failure
    expect(await getEndpoint(ep.id)).toMatchObject({ degraded: true, active: true });
    expect(await waitForHealthEvents(observer, ep.id, 1)).toEqual([
      { id: ep.id, type: "webhook_endpoint.degraded", consecutive_fail: 3 },
    ]);
    // Subscribed to '*', the degraded endpoint holds a record of its own degraded event (only
    // its disabled events skip it); an endpoint not subscribed holds none.
    expect(await recordKinds(ep.id)).toContain("webhook_endpoint.degraded");
    expect(await recordKinds(unrelated.id)).toEqual([]);

    failing.delete(ep.path);
    expect((await attemptOnce(ep.id)).status).toBe("succeeded");
    expect(await getEndpoint(ep.id)).toMatchObject({ degraded: false, consecutive_fail: 0 });
    expect(await waitForHealthEvents(observer, ep.id, 2)).toEqual([
      { id: ep.id, type: "webhook_endpoint.degraded", consecutive_fail: 3 },
      { id: ep.id, type: "webhook_endpoint.recovered" },
    ]);
    // Further successes change nothing.
    await attemptOnce(ep.id);
    await attemptOnce(observer.id);
    expect(healthEventsAt(observer, ep.id)).toHaveLength(2);
  });
});

describe("manual disable", () => {
  it("records disabled_reason manual and emits webhook_endpoint.disabled once, not to the endpoint itself; enable emits nothing", async () => {
    const observer = await newEndpoint(["webhook_endpoint.disabled"]);
    const ep = await newEndpoint(["*"]);
    const first = await server.request("POST", `/webhook_endpoints/${ep.id}/disable`);
    expect(first.body).toMatchObject({ active: false, disabled_reason: { type: "manual" } });
    await server.request("POST", `/webhook_endpoints/${ep.id}/disable`);
    await server.request("POST", `/webhook_endpoints/${ep.id}/enable`);
    await server.request("POST", `/webhook_endpoints/${ep.id}/enable`);
    expect(await waitForHealthEvents(observer, ep.id, 1)).toEqual([
      { id: ep.id, type: "webhook_endpoint.disabled", consecutive_fail: 0, disabled_reason: { type: "manual" } },
    ]);
    await attemptOnce(observer.id);
    expect(healthEventsAt(observer, ep.id)).toHaveLength(1);
    expect(await recordKinds(ep.id)).toEqual([]);
  });
});
