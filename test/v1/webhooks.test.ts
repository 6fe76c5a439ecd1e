/**
 * Webhooks through /v1: endpoints managed with the official SDK's `client.beta.organization.webhooks`
 * (create, retrieve, update, list, delete, regenerateSigningSecret), each response checked against
 * the /v1 document, and their deliveries, sent by the real delivery engine to a real local receiver,
 * verified with `client.beta.webhooks.unwrap`: a real one is accepted with the fields the SDK's
 * `BetaWebhookEvent` declares, a tampered one and one under a replaced secret are refused. The
 * same endpoints on /api/v1/cloud, and a native endpoint's deliveries keep the native payload.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let receiver: Receiver;
let client: Anthropic;
const validator = new V1SpecValidator();

/** Our event kinds are not in the SDK's `enabled_events` type (it lists the Admin API's only). */
type EnabledEvents = Anthropic.Beta.Organization.WebhookCreateParams["enabled_events"];
const kinds = (...names: string[]) => names as unknown as EnabledEvents;

beforeAll(async () => {
  server = await inProcess();
  receiver = await startReceiver();
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});
afterEach(async () => {
  expect(validator.failures.splice(0)).toEqual([]);
  // A test that failed midway leaves no endpoint for the next one to list.
  for (const e of (await client.beta.organization.webhooks.list({ limit: 100 })).data) {
    await client.beta.organization.webhooks.delete(e.id);
  }
  expect(validator.failures.splice(0)).toEqual([]);
});

const headersOf = (r: { headers: Record<string, string | string[] | undefined> }) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));

async function native(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/api/v1/cloud${path}`, {
    ...init,
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
  });
}

describe("client.beta.organization.webhooks", () => {
  it("delivers events that client.beta.webhooks.unwrap verifies, and refuses a tampered or stale one", async () => {
    const made = await client.beta.organization.webhooks.create({
      url: `${receiver.url}/sdk`,
      enabled_events: kinds("agent.created", "agent.updated"),
      name: "agents",
      description: "agent changes",
    });
    expect(made).toMatchObject({
      url: `${receiver.url}/sdk`,
      enabled_events: ["agent.created", "agent.updated"],
      name: "agents",
      description: "agent changes",
      state: "enabled",
      disabled_reason: "",
    });
    expect(made.signing_secret).toMatch(/^whsec_/);
    const { signing_secret: _secret, ...shown } = made;
    expect(await client.beta.organization.webhooks.retrieve(made.id)).toEqual(shown);

    const agent = await client.beta.agents.create({ name: "Hooked", model: "echo" });
    const [delivery] = await receiver.waitForRequests(1, { path: "/sdk" });
    if (!delivery) throw new Error("no delivery");
    const body = delivery.body.toString("utf8");
    const headers = headersOf(delivery);
    const event = client.beta.webhooks.unwrap(body, { headers, key: made.signing_secret });
    // The account's id is both the organization and the workspace here.
    const account = event.data.organization_id;
    expect(account).toMatch(/^acct_/);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "event",
      created_at: expect.any(String),
      data: { id: agent.id, type: "agent.created", version: 1, organization_id: account, workspace_id: account },
    });
    expect(headers["webhook-id"]).toBe(event.id);

    // One byte changed, or the right body under another key: refused.
    const tampered = body.replace('"agent.created"', '"agent.deleted"');
    expect(tampered).not.toBe(body);
    expect(() => client.beta.webhooks.unwrap(tampered, { headers, key: made.signing_secret })).toThrow();
    const other = await client.beta.organization.webhooks.regenerateSigningSecret(made.id);
    expect(other.signing_secret).not.toBe(made.signing_secret);
    expect(() => client.beta.webhooks.unwrap(body, { headers, key: other.signing_secret })).toThrow();

    // After the regeneration the old secret no longer signs: the next delivery verifies with the new one only.
    await client.beta.agents.update(agent.id, { version: agent.version, name: "Hooked again" });
    const [, next] = await receiver.waitForRequests(2, { path: "/sdk" });
    if (!next) throw new Error("no second delivery");
    const nextBody = next.body.toString("utf8");
    const nextHeaders = headersOf(next);
    expect(
      client.beta.webhooks.unwrap(nextBody, { headers: nextHeaders, key: other.signing_secret }).data,
    ).toMatchObject({ id: agent.id, type: "agent.updated" });
    expect(() => client.beta.webhooks.unwrap(nextBody, { headers: nextHeaders, key: made.signing_secret })).toThrow();
    await client.beta.organization.webhooks.delete(made.id);
  });

  it("updates only what is sent, lists /v1's endpoints in pages, and deletes", async () => {
    const names = ["one", "two", "three"];
    const made = [];
    for (const name of names) {
      made.push(
        await client.beta.organization.webhooks.create({
          url: `${receiver.url}/${name}`,
          enabled_events: kinds("session.created"),
          name,
        }),
      );
    }
    // A native endpoint of the same account: listed on /api/v1/cloud, not on /v1.
    const nativeMade = await native("/webhook_endpoints", {
      method: "POST",
      body: JSON.stringify({ url: `${receiver.url}/native`, events: ["vault.created"] }),
    });
    expect(nativeMade.status).toBe(201);
    const nativeEndpoint = (await nativeMade.json()) as { id: string; surface: string; name: string | null };
    expect(nativeEndpoint).toMatchObject({ surface: "cloud", name: null });

    const listed = [];
    for await (const e of client.beta.organization.webhooks.list({ limit: 2 })) listed.push(e.id);
    expect(listed).toEqual(made.map((e) => e.id).reverse());
    const ascending = await client.beta.organization.webhooks.list({ order: "asc", limit: 2 });
    expect(ascending.data.map((e) => e.id)).toEqual(made.slice(0, 2).map((e) => e.id));
    expect(ascending).toMatchObject({ has_more: true, first_id: made[0]?.id, last_id: made[1]?.id });
    await expect(client.beta.organization.webhooks.retrieve(nativeEndpoint.id)).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    );

    const first = made[0] as Anthropic.Beta.Organization.BetaNewOrganizationWebhookEndpoint;
    const renamed = await client.beta.organization.webhooks.update(first.id, { name: "first", enabled_events: [] });
    expect(renamed).toMatchObject({ name: "first", enabled_events: ["session.created"], url: first.url });
    const disabled = await client.beta.organization.webhooks.update(first.id, { state: "disabled" });
    expect(disabled).toMatchObject({ state: "disabled", disabled_reason: "", name: "first" });
    const onNative = (await (await native(`/webhook_endpoints/${first.id}`)).json()) as Record<string, unknown>;
    expect(onNative).toMatchObject({
      surface: "anthropic",
      name: "first",
      active: false,
      signing_scheme: "standard_webhooks",
    });
    expect((await client.beta.organization.webhooks.update(first.id, { state: "enabled" })).state).toBe("enabled");

    // Bad input: a 400 naming the SDK's field; nothing changed.
    await expect(
      client.beta.organization.webhooks.update(first.id, { enabled_events: kinds("session.exploded") }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("enabled_events") });
    await expect(
      client.beta.organization.webhooks.create({ url: "ftp://example.com/x", enabled_events: kinds("agent.created") }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("url") });
    await expect(
      client.beta.organization.webhooks.create({ url: `${receiver.url}/x`, enabled_events: kinds() }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await client.beta.organization.webhooks.retrieve(first.id)).enabled_events).toEqual(["session.created"]);

    for (const e of made) {
      expect(await client.beta.organization.webhooks.delete(e.id)).toEqual({
        id: e.id,
        type: "webhook_endpoint_deleted",
      });
    }
    await expect(client.beta.organization.webhooks.retrieve(first.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    expect((await client.beta.organization.webhooks.list()).data).toEqual([]);
    await native(`/webhook_endpoints/${nativeEndpoint.id}`, { method: "DELETE" });
  });

  it("leaves a native endpoint's deliveries in the native payload", async () => {
    const made = await native("/webhook_endpoints", {
      method: "POST",
      body: JSON.stringify({
        url: `${receiver.url}/cloud`,
        events: ["vault.created"],
        signing_scheme: "standard_webhooks",
      }),
    });
    const endpoint = (await made.json()) as { id: string; signing_secret: string };
    const vault = await client.beta.vaults.create({ display_name: "Keys" });
    const [delivery] = await receiver.waitForRequests(1, { path: "/cloud" });
    if (!delivery) throw new Error("no delivery");
    const event = client.beta.webhooks.unwrap(delivery.body.toString("utf8"), {
      headers: headersOf(delivery),
      key: endpoint.signing_secret,
    });
    expect(event.data).toEqual({ id: vault.id, type: "vault.created" });
    await waitFor(
      async () => (await native(`/webhook_endpoints/${endpoint.id}`, { method: "DELETE" })).status === 204,
      {
        what: "the native endpoint deleted",
      },
    );
  });
});
