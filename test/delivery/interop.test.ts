/**
 * Interop with verification code nobody here wrote: the `standardwebhooks` and `svix` npm packages
 * verify the real deliveries of a `standard_webhooks` endpoint, and stripe-node's
 * `Stripe.webhooks.constructEvent` those of a `webhook_signature` endpoint, across a secret
 * rotation (both secrets during the overlap, only the new one once the old has expired). Every
 * delivery is captured by the real local receiver; time comes from an injected clock that starts
 * at the real now (the libraries compare the signed timestamp with their own clock).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { Webhook as StandardWebhook } from "standardwebhooks";
import Stripe from "stripe";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { ManualClock } from "../../server/clock.ts";
import { newId } from "../../server/ids.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
let receiver: Receiver;
let clock: ManualClock;
let paths = 0;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  server = await inProcess({ clock, env: { WEBHOOK_POLL_INTERVAL_MS: "50" } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});
// The libraries check the signed timestamp against the real clock: each test starts at the real now.
beforeEach(() => clock.set(new Date()));

async function newEndpoint(extra: Record<string, unknown> = {}) {
  const path = `/interop-${++paths}`;
  const res = await server.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}${path}`, events: ["agent.created"], ...extra },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, secret: res.body.signing_secret as string, path, body: res.body };
}

/** Sends a webhook.test event through the real pipeline and returns the request the receiver got. */
async function deliverTest(ep: { id: string; path: string }): Promise<ReceivedRequest> {
  const before = receiver.on(ep.path).length;
  const res = await server.request("POST", `/webhook_endpoints/${ep.id}/test`);
  expect(res.status).toBe(202);
  const got = await receiver.waitForRequests(before + 1, { path: ep.path });
  const req = got[before];
  if (!req) throw new Error("no request");
  expect(req.headers["webhook-id"]).toBe(res.body.event_id);
  return req;
}

/** The headers as the libraries take them: one string per name. */
const flat = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v ?? "")]));

const rotate = (endpointId: string, body?: unknown) =>
  server.request("POST", `/webhook_endpoints/${endpointId}/rotate_secret`, body === undefined ? {} : { body });

const stripeVerify = (req: ReceivedRequest, secret: string) =>
  Stripe.webhooks.constructEvent(
    req.body,
    String(req.headers["webhook-signature"]),
    secret,
    300,
    undefined,
    clock.now().getTime(),
  );

const STANDARD_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe("standard_webhooks: the standardwebhooks and svix packages verify real deliveries", () => {
  it("verifies an event and a test delivery with the endpoint's secret, and refuses tampering or another secret", async () => {
    const ep = await newEndpoint({ signing_scheme: "standard_webhooks" });
    expect(ep.secret).toMatch(STANDARD_SECRET);
    expect(ep.body).toMatchObject({ signing_scheme: "standard_webhooks", previous_secret_expires_at: null });
    const agent = await server.request("POST", "/agents", { body: { name: "interop", model: "echo" } });
    expect(agent.status).toBe(200);
    await receiver.waitForRequests(1, { path: ep.path });
    await deliverTest(ep);
    const requests = receiver.on(ep.path);
    expect(requests).toHaveLength(2);
    const types = new Set<string>();
    for (const req of requests) {
      const envelope = JSON.parse(req.body.toString("utf8"));
      types.add(envelope.data.type);
      expect(req.headers["webhook-id"]).toBe(envelope.id);
      expect(req.headers["webhook-timestamp"]).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(req.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      const headers = flat(req.headers);
      expect(new StandardWebhook(ep.secret).verify(req.body, headers)).toEqual(envelope);
      expect(new SvixWebhook(ep.secret).verify(req.body.toString("utf8"), headers)).toEqual(envelope);
      // The SDK's helper reads the same headers.
      expect(verifyWebhook(req.body, req.headers, ep.secret, { now: clock.now() })).toEqual(envelope);
      const tampered = Buffer.from(req.body.toString("utf8").replace('"type":"event"', '"type":"event" '));
      expect(() => new StandardWebhook(ep.secret).verify(tampered, headers)).toThrow(/No matching signature/);
      expect(() => new SvixWebhook(ep.secret).verify(tampered.toString("utf8"), headers)).toThrow();
      const stranger = `whsec_${randomBytes(32).toString("base64")}`;
      expect(() => new StandardWebhook(stranger).verify(req.body, headers)).toThrow(/No matching signature/);
      expect(() => new SvixWebhook(stranger).verify(req.body.toString("utf8"), headers)).toThrow();
    }
    expect(types).toEqual(new Set(["agent.created", "webhook.test"]));
  });

  it("verifies with either secret during a rotation (new signature first), and only with the new one after expiry", async () => {
    const ep = await newEndpoint({ signing_scheme: "standard_webhooks" });
    const rotated = await rotate(ep.id, { previous_secret_expires_in: 120 });
    expect(rotated.status).toBe(200);
    const fresh: string = rotated.body.signing_secret;
    expect(fresh).toMatch(STANDARD_SECRET);
    expect(fresh).not.toBe(ep.secret);
    const expiresAt = new Date(clock.now().getTime() + 120_000).toISOString();
    expect(rotated.body).toMatchObject({
      id: ep.id,
      signing_scheme: "standard_webhooks",
      previous_secret_expires_at: expiresAt,
    });
    const read = await server.request("GET", `/webhook_endpoints/${ep.id}`);
    expect(read.body.previous_secret_expires_at).toBe(expiresAt);
    expect(read.body.signing_secret).toBeUndefined();

    const during = await deliverTest(ep);
    const signatures = String(during.headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    const id = String(during.headers["webhook-id"]);
    const at = new Date(Number(during.headers["webhook-timestamp"]) * 1000);
    // New secret first, then the old one.
    expect(signatures[0]).toBe(new StandardWebhook(fresh).sign(id, at, during.body));
    expect(signatures[1]).toBe(new StandardWebhook(ep.secret).sign(id, at, during.body));
    for (const secret of [fresh, ep.secret]) {
      expect(new StandardWebhook(secret).verify(during.body, flat(during.headers))).toMatchObject({ id });
      expect(new SvixWebhook(secret).verify(during.body.toString("utf8"), flat(during.headers))).toMatchObject({ id });
    }

    clock.advance(120_001);
    const after = await deliverTest(ep);
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(new StandardWebhook(fresh).verify(after.body, flat(after.headers))).toMatchObject({ type: "event" });
    expect(new SvixWebhook(fresh).verify(after.body.toString("utf8"), flat(after.headers))).toMatchObject({
      type: "event",
    });
    expect(() => new StandardWebhook(ep.secret).verify(after.body, flat(after.headers))).toThrow(
      /No matching signature/,
    );
    expect(() => new SvixWebhook(ep.secret).verify(after.body.toString("utf8"), flat(after.headers))).toThrow();
    expect((await server.request("GET", `/webhook_endpoints/${ep.id}`)).body.previous_secret_expires_at).toBeNull();
  });
});

describe("webhook_signature: stripe-node's constructEvent verifies real deliveries", () => {
  it("verifies with either secret during a rotation and rejects the old one after expiry", async () => {
    const ep = await newEndpoint();
    expect(ep.body.signing_scheme).toBe("webhook_signature");
    expect(ep.secret).toMatch(STANDARD_SECRET);
    const before = await deliverTest(ep);
    expect(String(before.headers["webhook-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(before.headers["webhook-timestamp"]).toBeUndefined();
    expect(stripeVerify(before, ep.secret)).toMatchObject({ id: before.headers["webhook-id"], type: "event" });

    // Default overlap: one day.
    const rotated = await rotate(ep.id);
    expect(rotated.status).toBe(200);
    const fresh: string = rotated.body.signing_secret;
    expect(rotated.body.previous_secret_expires_at).toBe(new Date(clock.now().getTime() + 86_400_000).toISOString());
    const during = await deliverTest(ep);
    const header = String(during.headers["webhook-signature"]);
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    // New first: t=<t>,v1=<new>,v1=<old>, exactly what Stripe's own test helper makes for each secret.
    const sign = (secret: string) =>
      Stripe.webhooks.generateTestHeaderString({ payload: during.body.toString("utf8"), secret, timestamp: t });
    expect(header).toBe(`${sign(fresh)},${sign(ep.secret).split(",")[1]}`);
    for (const secret of [fresh, ep.secret]) {
      expect(stripeVerify(during, secret)).toMatchObject({ id: during.headers["webhook-id"], type: "event" });
      expect(verifyWebhook(during.body, during.headers, secret, { now: clock.now() }).id).toBe(
        during.headers["webhook-id"],
      );
    }

    // One second before expiry both still sign; at expiry the old one stops.
    clock.advance(86_399_000);
    expect(stripeVerify(await deliverTest(ep), ep.secret)).toMatchObject({ type: "event" });
    clock.advance(1_000);
    const after = await deliverTest(ep);
    expect(String(after.headers["webhook-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripeVerify(after, fresh)).toMatchObject({ type: "event" });
    expect(() => stripeVerify(after, ep.secret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => verifyWebhook(after.body, after.headers, ep.secret, { now: clock.now() })).toThrow(
      /No v1 signature matches/,
    );
  });

  it("stops the previous secret at once with previous_secret_expires_in 0, and keeps both secrets sealed at rest", async () => {
    const ep = await newEndpoint();
    const rotated = await rotate(ep.id, { previous_secret_expires_in: 0 });
    expect(rotated.body.previous_secret_expires_at).toBeNull();
    const fresh: string = rotated.body.signing_secret;
    const req = await deliverTest(ep);
    expect(String(req.headers["webhook-signature"]).match(/v1=/g)).toHaveLength(1);
    expect(stripeVerify(req, fresh)).toMatchObject({ type: "event" });
    expect(() => stripeVerify(req, ep.secret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    // A second rotation during an overlap keeps one previous secret: the current one.
    const second = await rotate(ep.id, { previous_secret_expires_in: 600 });
    const third = await rotate(ep.id, { previous_secret_expires_in: 600 });
    const overlap = await deliverTest(ep);
    expect(String(overlap.headers["webhook-signature"]).match(/v1=/g)).toHaveLength(2);
    expect(stripeVerify(overlap, third.body.signing_secret)).toMatchObject({ type: "event" });
    expect(stripeVerify(overlap, second.body.signing_secret)).toMatchObject({ type: "event" });
    expect(() => stripeVerify(overlap, fresh)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    for (const secret of [ep.secret, fresh, second.body.signing_secret, third.body.signing_secret]) {
      const needle = Buffer.from(secret.slice("whsec_".length));
      for (const file of readdirSync(server.dataDir, { withFileTypes: true }).filter((e) => e.isFile())) {
        expect(readFileSync(join(server.dataDir, file.name)).includes(needle), file.name).toBe(false);
      }
      expect(JSON.stringify(server.logs)).not.toContain(secret.slice("whsec_".length));
    }
  });

  it("keeps verifying an endpoint whose secret predates standard base64, which must rotate before switching to standard_webhooks", async () => {
    // An endpoint as an earlier version made it: a base64url secret, straight into storage.
    const storage = server.service.deps.storage;
    const account = await storage.accounts.findAccountByName("default");
    if (!account) throw new Error("no default account");
    const id = newId("wep");
    const legacy = `whsec_${Buffer.from(`${randomBytes(30).toString("hex")}-_`)
      .toString("base64url")
      .slice(0, 43)}`;
    const path = `/interop-${++paths}`;
    await storage.webhooks.createEndpoint(
      account.id,
      {
        id,
        url: `${receiver.url}${path}`,
        events: ["agent.created"],
        description: null,
        metadata: {},
        signing_scheme: "webhook_signature",
        secret_sealed: server.service.deps.secrets.encrypt(legacy, id),
      },
      100,
    );
    const ep = { id, path };
    expect(stripeVerify(await deliverTest(ep), legacy)).toMatchObject({ type: "event" });

    const body = { url: `${receiver.url}${path}`, events: ["agent.created"], signing_scheme: "standard_webhooks" };
    const refused = expectError(
      await server.request("PUT", `/webhook_endpoints/${id}`, { body }),
      409,
      "conflict_error",
    );
    expect(refused.param).toBe("signing_scheme");
    expect(refused.message).toMatch(/rotate it first/);
    expect((await server.request("GET", `/webhook_endpoints/${id}`)).body.signing_scheme).toBe("webhook_signature");

    const fresh: string = (await rotate(id, { previous_secret_expires_in: 0 })).body.signing_secret;
    const switched = await server.request("PUT", `/webhook_endpoints/${id}`, { body });
    expect(switched.status).toBe(200);
    expect(switched.body.signing_scheme).toBe("standard_webhooks");
    const req = await deliverTest(ep);
    expect(new StandardWebhook(fresh).verify(req.body, flat(req.headers))).toMatchObject({ type: "event" });
    // PUT without signing_scheme goes back to the default.
    const back = await server.request("PUT", `/webhook_endpoints/${id}`, {
      body: { url: `${receiver.url}${path}`, events: ["agent.created"] },
    });
    expect(back.body.signing_scheme).toBe("webhook_signature");
    expect(stripeVerify(await deliverTest(ep), fresh)).toMatchObject({ type: "event" });
  });
});

describe("rotate_secret requests", () => {
  it("refuses an out-of-range or mistyped previous_secret_expires_in, and unknown or foreign endpoints", async () => {
    const ep = await newEndpoint();
    for (const body of [
      { previous_secret_expires_in: -1 },
      { previous_secret_expires_in: 604_801 },
      { previous_secret_expires_in: "86400" },
      { previous_secret_expires_in: 1.5 },
      { other: 1 },
    ]) {
      const err = expectError(await rotate(ep.id, body), 400, "invalid_request_error");
      expect(err.param).toMatch(/^(previous_secret_expires_in|other)$/);
    }
    expect((await rotate(ep.id, { previous_secret_expires_in: 604_800 })).status).toBe(200);
    expectError(await rotate("wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D"), 404, "not_found_error");
    const stranger = await server.tokenFor("rotate-stranger");
    expectError(
      await server.request("POST", `/webhook_endpoints/${ep.id}/rotate_secret`, { token: stranger }),
      404,
      "not_found_error",
    );
    // The refused calls changed nothing: the stranger's 404 left the endpoint's secret alone.
    const req = await deliverTest(ep);
    expect(String(req.headers["webhook-signature"]).match(/v1=/g)).toHaveLength(2);
  });
});
