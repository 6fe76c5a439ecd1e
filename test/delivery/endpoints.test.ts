import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { EVENT_KINDS } from "../../server/storage/port/outbox.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { specValidator } from "../helpers/spec/specValidator.ts";

let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  server = await inProcess({ env: { WEBHOOK_POLL_INTERVAL_MS: "50" } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const create = (body: unknown, token?: string) =>
  server.request("POST", "/webhook_endpoints", { body, ...(token ? { token } : {}) });

describe("create a webhook endpoint", () => {
  it("answers 201 with the endpoint and its signing secret, once", async () => {
    const res = await create({
      url: `${receiver.url}/created`,
      events: ["session.status_idled", "agent.created"],
      description: "ops",
      metadata: { team: "a" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^wep_[0-9A-HJKMNP-TV-Z]{26}$/),
      type: "webhook_endpoint",
      url: `${receiver.url}/created`,
      events: ["session.status_idled", "agent.created"],
      description: "ops",
      metadata: { team: "a" },
      signing_scheme: "webhook_signature",
      surface: "cloud",
      name: null,
      previous_secret_expires_at: null,
      active: true,
      disabled_reason: null,
      consecutive_fail: 0,
      degraded: false,
      last_success_at: null,
      last_failure_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: res.body.created_at,
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { signing_secret: _secret, ...withoutSecret } = res.body;
    const got = await server.request("GET", `/webhook_endpoints/${res.body.id}`);
    expect(got.body).toEqual(withoutSecret);
    const list = await server.request("GET", "/webhook_endpoints?limit=100");
    expect(list.body.data.find((e: { id: string }) => e.id === res.body.id)).toEqual(withoutSecret);
  });

  it("defaults description to null and metadata to empty", async () => {
    const res = await create({ url: `${receiver.url}/defaults`, events: ["*"] });
    expect(res.body).toMatchObject({ events: ["*"], description: null, metadata: {} });
  });

  it("never stores the signing secret in clear, nor logs it", async () => {
    const res = await create({ url: `${receiver.url}/secret`, events: ["*"] });
    const secret: string = res.body.signing_secret;
    await server.request("POST", `/webhook_endpoints/${res.body.id}/test`);
    await receiver.waitForRequests(1, { path: "/secret" });
    const needle = Buffer.from(secret.slice("whsec_".length));
    for (const file of readdirSync(server.dataDir, { withFileTypes: true }).filter((e) => e.isFile())) {
      expect(readFileSync(join(server.dataDir, file.name)).includes(needle), file.name).toBe(false);
    }
    expect(JSON.stringify(server.logs)).not.toContain(secret.slice("whsec_".length));
  });

  it.each([
    ["an unknown event kind", { url: "http://127.0.0.1/x", events: ["session.exploded"] }, /^events/],
    ["'*' combined with a kind", { url: "http://127.0.0.1/x", events: ["*", "agent.created"] }, /^events$/],
    ["no events", { url: "http://127.0.0.1/x", events: [] }, /^events/],
    ["duplicate kinds", { url: "http://127.0.0.1/x", events: ["agent.created", "agent.created"] }, /^events/],
    ["a missing url", { events: ["*"] }, /^url$/],
    ["a relative url", { url: "/hooks", events: ["*"] }, /^url$/],
    ["an ftp url", { url: "ftp://127.0.0.1/x", events: ["*"] }, /^url$/],
    ["a url with user-info", { url: "http://user:pw@127.0.0.1/x", events: ["*"] }, /^url$/],
    ["a url over 2048 characters", { url: `http://127.0.0.1/${"a".repeat(2040)}`, events: ["*"] }, /^url$/],
    ["an unknown field", { url: "http://127.0.0.1/x", events: ["*"], secret: "mine" }, /^secret$/],
    [
      "a description over 1024 characters",
      { url: "http://127.0.0.1/x", events: ["*"], description: "d".repeat(1025) },
      /^description$/,
    ],
    ["metadata with a non-string value", { url: "http://127.0.0.1/x", events: ["*"], metadata: { a: 1 } }, /^metadata/],
  ])("rejects %s with 400 naming the field", async (_name, body, param) => {
    const err = expectError(await create(body), 400, "invalid_request_error");
    expect(err.param).toMatch(param);
  });

  it("explains why '*' cannot be combined and why user-info is refused", async () => {
    const star = expectError(
      await create({ url: "http://127.0.0.1/x", events: ["*", "agent.created"] }),
      400,
      "invalid_request_error",
    );
    expect(star.message).toMatch(/'\*' subscribes to every kind/);
    const info = expectError(
      await create({ url: "http://u:p@127.0.0.1/x", events: ["*"] }),
      400,
      "invalid_request_error",
    );
    expect(info.message).toMatch(/user-info/);
  });

  it("answers 401 TOKEN_INVALID without a token", async () => {
    expectError(
      await server.request("POST", "/webhook_endpoints", {
        body: { url: "http://127.0.0.1/x", events: ["*"] },
        token: null,
      }),
      401,
      "TOKEN_INVALID",
    );
    expectError(await server.request("GET", "/webhook_events", { token: "nope" }), 401, "TOKEN_INVALID");
  });
});

describe("endpoint operations", () => {
  it("replaces the configuration with PUT and keeps the secret, the state and the health", async () => {
    const created = (
      await create({ url: `${receiver.url}/before`, events: ["agent.created"], description: "d", metadata: { a: "1" } })
    ).body;
    // Make the health non-trivial first: 21 failed attempts (one per record: the next retry is a
    // minute away) push consecutive_fail above the threshold (20), so the endpoint is degraded.
    receiver.respond((r) => (r.path === "/before" ? { status: 500 } : undefined));
    for (let i = 0; i < 21; i++)
      expect((await server.request("POST", `/webhook_endpoints/${created.id}/test`)).status).toBe(202);
    const failing = await waitFor(async () => {
      const r = await server.request("GET", `/webhook_endpoints/${created.id}`);
      return r.body.consecutive_fail === 21 ? r.body : null;
    });
    receiver.respond(() => undefined);
    const health = {
      consecutive_fail: 21,
      degraded: true,
      last_success_at: null,
      last_failure_at: expect.stringMatching(/Z$/),
    };
    expect(failing).toMatchObject(health);
    const { consecutive_fail, degraded, last_success_at, last_failure_at } = failing;
    await server.request("POST", `/webhook_endpoints/${created.id}/disable`);
    const put = await server.request("PUT", `/webhook_endpoints/${created.id}`, {
      body: { url: `${receiver.url}/after`, events: ["*"] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: created.id,
      url: `${receiver.url}/after`,
      events: ["*"],
      description: null,
      metadata: {},
      active: false,
    });
    expect(put.body.signing_secret).toBeUndefined();
    // The health is untouched by the PUT, in its answer and when read back.
    const unchanged = { consecutive_fail, degraded, last_success_at, last_failure_at };
    expect(put.body).toMatchObject(unchanged);
    expect((await server.request("GET", `/webhook_endpoints/${created.id}`)).body).toMatchObject(unchanged);
    await server.request("POST", `/webhook_endpoints/${created.id}/enable`);
    const { body: test } = await server.request("POST", `/webhook_endpoints/${created.id}/test`);
    const [req] = await receiver.waitForRequests(1, { path: "/after" });
    if (!req) throw new Error("no request");
    expect(verifyWebhook(req.body, req.headers["webhook-signature"], created.signing_secret).id).toBe(test.event_id);
    // Nothing went to the old URL after the PUT: only the 21 failed attempts made before it.
    expect(receiver.on("/before")).toHaveLength(21);
  });

  it("rejects an invalid PUT body and an unknown id", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/put`, events: ["*"] });
    expectError(
      await server.request("PUT", `/webhook_endpoints/${ep.id}`, { body: { url: "ftp://x/", events: ["*"] } }),
      400,
      "invalid_request_error",
    );
    expectError(
      await server.request("PUT", `/webhook_endpoints/${ep.id}`, { body: { events: ["*"] } }),
      400,
      "invalid_request_error",
    );
    expectError(
      await server.request("PUT", "/webhook_endpoints/wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D", {
        body: { url: "http://127.0.0.1/", events: ["*"] },
      }),
      404,
      "not_found_error",
    );
  });

  it("enables and disables idempotently", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/toggle`, events: ["*"] });
    for (const [action, active] of [
      ["disable", false],
      ["disable", false],
      ["enable", true],
      ["enable", true],
    ] as const) {
      const res = await server.request("POST", `/webhook_endpoints/${ep.id}/${action}`);
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(active);
    }
  });

  it("answers the test call with 202 and the ids of the event and its record", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/test202`, events: ["agent.deleted"] });
    const res = await server.request("POST", `/webhook_endpoints/${ep.id}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      event_id: expect.stringMatching(/^evt_/),
      webhook_event_id: expect.stringMatching(/^whev_/),
    });
    const rec = await waitFor(async () => {
      const r = await server.request("GET", `/webhook_events/${res.body.webhook_event_id}`);
      return r.body.status === "succeeded" ? r.body : null;
    });
    expect(rec).toMatchObject({
      type: "webhook_event",
      event_id: res.body.event_id,
      event_type: "webhook.test",
      endpoint_id: ep.id,
      attempt_count: 1,
      last_response_status: 200,
      payload: { id: res.body.event_id, type: "event", data: { id: ep.id, type: "webhook.test" } },
      attempts: [{ number: 1, response_status: 200, error: null }],
    });
  });

  it("deletes with 204 and then answers 404", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/del`, events: ["*"] });
    const res = await server.request("DELETE", `/webhook_endpoints/${ep.id}`);
    expect(res.status).toBe(204);
    expectError(await server.request("DELETE", `/webhook_endpoints/${ep.id}`), 404, "not_found_error");
    expectError(await server.request("POST", `/webhook_endpoints/${ep.id}/test`), 404, "not_found_error");
  });

  it("lists endpoints newest first with keyset pagination", async () => {
    const other = await server.tokenFor("paging");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create({ url: `${receiver.url}/p${i}`, events: ["*"] }, other)).body.id);
    const first = await server.request("GET", "/webhook_endpoints?limit=2", { token: other });
    expect(first.body).toMatchObject({ has_more: true, first_id: ids[4], last_id: ids[3], next_page: ids[3] });
    const second = await server.request("GET", `/webhook_endpoints?limit=2&page=${first.body.next_page}`, {
      token: other,
    });
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const before = await server.request("GET", `/webhook_endpoints?before_id=${ids[1]}`, { token: other });
    expect(before.body.data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[3], ids[2]]);
    expectError(
      await server.request("GET", "/webhook_endpoints?page=vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"),
      400,
      "invalid_request_error",
    );
    expectError(await server.request("GET", "/webhook_endpoints?limit=101"), 400, "invalid_request_error");
  });
});

describe("accounts are isolated", () => {
  it("answers 404 for another account's endpoint and records, and lists only the caller's", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/mine`, events: ["*"] });
    const { body: test } = await server.request("POST", `/webhook_endpoints/${ep.id}/test`);
    const stranger = await server.tokenFor("stranger");
    const calls: [string, string, unknown?][] = [
      ["GET", `/webhook_endpoints/${ep.id}`],
      ["PUT", `/webhook_endpoints/${ep.id}`, { url: "http://127.0.0.1/", events: ["*"] }],
      ["DELETE", `/webhook_endpoints/${ep.id}`],
      ["POST", `/webhook_endpoints/${ep.id}/test`],
      ["POST", `/webhook_endpoints/${ep.id}/enable`],
      ["POST", `/webhook_endpoints/${ep.id}/disable`],
      ["POST", `/webhook_endpoints/${ep.id}/rotate_secret`],
      ["POST", `/webhook_endpoints/${ep.id}/recover`, { since: "2026-01-01T00:00:00Z" }],
      ["GET", `/webhook_events/${test.webhook_event_id}`],
      ["POST", `/webhook_events/${test.webhook_event_id}/retry`],
    ];
    for (const [method, path, body] of calls) {
      expectError(
        await server.request(method, path, { token: stranger, ...(body ? { body } : {}) }),
        404,
        "not_found_error",
      );
    }
    expect((await server.request("GET", "/webhook_endpoints", { token: stranger })).body.data).toEqual([]);
    expect(
      (await server.request("GET", `/webhook_events?endpoint_id=${ep.id}`, { token: stranger })).body.data,
    ).toEqual([]);
    expect((await server.request("GET", `/webhook_endpoints/${ep.id}`)).status).toBe(200);
  });
});

describe("webhook events", () => {
  it("rejects bad filters and cursors with 400", async () => {
    for (const query of [
      "status=lost",
      "event_type=session.exploded",
      "endpoint_id=not-an-id",
      "page=wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
      "after_id=whev_01JD3R2A5C0QW4E7R9T2Y5V8M1&before_id=whev_01JD3R2A5C0QW4E7R9T2Y5V8M1",
    ]) {
      expectError(await server.request("GET", `/webhook_events?${query}`), 400, "invalid_request_error");
    }
  });

  it("answers 404 for an unknown record", async () => {
    expectError(await server.request("GET", "/webhook_events/whev_01JD3R2A5C0QW4E7R9T2Y5V8M1"), 404, "not_found_error");
    expectError(await server.request("POST", "/webhook_events/nope/retry"), 404, "not_found_error");
  });

  it("pages through records newest first", async () => {
    const token = await server.tokenFor("events-paging");
    const { body: ep } = await create({ url: `${receiver.url}/paging`, events: ["*"] }, token);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await server.request("POST", `/webhook_endpoints/${ep.id}/test`, { token })).body.webhook_event_id);
    const page1 = await server.request("GET", "/webhook_events?limit=2", { token });
    expect(page1.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await server.request("GET", `/webhook_events?limit=2&page=${page1.body.next_page}`, { token });
    expect(page2.body).toMatchObject({ has_more: false, next_page: null });
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
  });
});

describe("malformed requests", () => {
  it("answers every webhook operation's malformed, mistyped or oversized request with a 4xx envelope", async () => {
    const { body: ep } = await create({ url: `${receiver.url}/robust`, events: ["*"] });
    const { body: test } = await server.request("POST", `/webhook_endpoints/${ep.id}/test`);
    const operations: [string, string][] = [
      ["GET", "/webhook_endpoints"],
      ["POST", "/webhook_endpoints"],
      ["GET", `/webhook_endpoints/${ep.id}`],
      ["PUT", `/webhook_endpoints/${ep.id}`],
      ["DELETE", `/webhook_endpoints/${ep.id}`],
      ["POST", `/webhook_endpoints/${ep.id}/test`],
      ["POST", `/webhook_endpoints/${ep.id}/enable`],
      ["POST", `/webhook_endpoints/${ep.id}/disable`],
      ["POST", `/webhook_endpoints/${ep.id}/rotate_secret`],
      ["POST", `/webhook_endpoints/${ep.id}/recover`],
      ["GET", "/webhook_event_types"],
      ["GET", "/webhook_events"],
      ["GET", `/webhook_events/${test.webhook_event_id}`],
      ["POST", `/webhook_events/${test.webhook_event_id}/retry`],
    ];
    for (const [method, path] of operations) {
      expectError(await server.request(method, `${path}?unknown=1`), 400, "invalid_request_error");
      if (method === "GET") continue;
      expectError(await server.request(method, path, { raw: "{not json" }), 400, "invalid_request_error");
      expectError(
        await server.request(method, path, { raw: "x", contentType: "text/plain" }),
        400,
        "invalid_request_error",
      );
      expectError(
        await server.request(method, path, { raw: JSON.stringify({ url: "x".repeat(2 * 1024 * 1024) }) }),
        413,
        "request_too_large",
      );
    }
    expect((await server.request("GET", `/webhook_endpoints/${ep.id}`)).status).toBe(200);
  });
});

describe("the contract", () => {
  it("lists exactly the service's event kinds in the spec", () => {
    const schemas = (specValidator().spec.components as { schemas: Record<string, { enum?: string[] }> }).schemas;
    expect(schemas.WebhookEventSelector?.enum).toEqual(["*", ...EVENT_KINDS]);
    expect(schemas.WebhookEventType?.enum).toEqual([...EVENT_KINDS, "webhook.test"]);
  });
});

describe("listing all endpoints", () => {
  it("returns every endpoint of the account without parameters, and caps an account at 100", async () => {
    const token = await server.tokenFor("many-endpoints");
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await create({ url: `http://127.0.0.1:9/hook-${i}`, events: ["*"] }, token);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const all = await server.request("GET", "/webhook_endpoints", { token });
    expect(all.body.data).toHaveLength(100);
    expect(all.body.has_more).toBe(false);
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
    const refused = await create({ url: "http://127.0.0.1:9/one-too-many", events: ["*"] }, token);
    expect(expectError(refused, 409, "conflict_error").message).toMatch(/at most 100 webhook endpoints/);
    await server.request("DELETE", `/webhook_endpoints/${ids[0]}`, { token });
    expect((await create({ url: "http://127.0.0.1:9/again", events: ["*"] }, token)).status).toBe(201);
  });
});
