/**
 * The environment.*, vault.* and vault_credential.* events: written in the transaction of their
 * change (exact data, order, one per change, none for a change that changes nothing or fails),
 * and delivered, signed, to a real receiver with the data fields API.md lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { EVENT_KINDS } from "../../server/storage/port/outbox.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { envelopesSince } from "../helpers/flows/events.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

/** The environment, vault and credential kinds emitted today (refresh_failed comes with credential refresh). */
const RESOURCE_KINDS = EVENT_KINDS.filter(
  (k) => /^(environment|vault|vault_credential)\./.test(k) && k !== "vault_credential.refresh_failed",
);

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

const bearer = (url: string, token = "secret-token") => ({ type: "static_bearer", mcp_server_url: url, token });

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await server.request(method, path, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

describe("environment, vault and credential events", () => {
  it("writes one event per change in its transaction and delivers each with its data fields", async () => {
    const endpoint = await server.request("POST", "/webhook_endpoints", {
      body: { url: `${receiver.url}/resources`, events: RESOURCE_KINDS },
    });
    expect(endpoint.status).toBe(201);
    const secret: string = endpoint.body.signing_secret;
    const events = await envelopesSince(server);

    // Environment: created, updated (a no-op update is not a change), archived once, deleted.
    const env = await ok("POST", "/environments", { name: "events env" });
    await ok("POST", `/environments/${env.id}`, { name: "renamed", metadata: { a: "1" } });
    await ok("POST", `/environments/${env.id}`, { name: "renamed", metadata: { a: "1" } });
    await ok("POST", `/environments/${env.id}/archive`);
    await ok("POST", `/environments/${env.id}/archive`);
    expectError(
      await server.request("POST", `/environments/${env.id}`, { body: { name: "x" } }),
      409,
      "conflict_error",
    );
    await ok("DELETE", `/environments/${env.id}`);

    // Vault and credentials; vault updates have no event kind.
    const vault = await ok("POST", "/vaults", { display_name: "events vault" });
    await ok("POST", `/vaults/${vault.id}`, { display_name: "renamed vault" });
    const creds = `/vaults/${vault.id}/credentials`;
    const c1 = await ok("POST", creds, { auth: bearer("https://mcp.example.com/one") });
    await ok("POST", `${creds}/${c1.id}`, { display_name: "one" });
    await ok("POST", `${creds}/${c1.id}`, { display_name: "one" }); // no change
    await ok("POST", `${creds}/${c1.id}`, { auth: bearer("https://mcp.example.com/one", "rotated-token") });
    await ok("POST", `${creds}/${c1.id}/archive`);
    await ok("POST", `${creds}/${c1.id}/archive`);
    const c2 = await ok("POST", creds, { auth: bearer("https://mcp.example.com/two") });
    const c3 = await ok("POST", creds, { auth: bearer("https://mcp.example.com/three") });
    expectError(
      await server.request("POST", creds, { body: { auth: bearer("https://mcp.example.com/two") } }),
      409,
      "conflict_error",
    );
    await ok("DELETE", `${creds}/${c3.id}`);
    // Archiving the vault archives its active credential (c2) first; deleting it deletes both.
    await ok("POST", `/vaults/${vault.id}/archive`);
    await ok("POST", `/vaults/${vault.id}/archive`);
    await ok("DELETE", `/vaults/${vault.id}`);
    expectError(await server.request("DELETE", `/vaults/${vault.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/environments/${env.id}`), 404, "not_found_error");

    const v = vault.id;
    const [first, second] = [c1.id, c2.id].sort();
    const expected = [
      { id: env.id, type: "environment.created" },
      { id: env.id, type: "environment.updated" },
      { id: env.id, type: "environment.archived" },
      { id: env.id, type: "environment.deleted" },
      { id: v, type: "vault.created" },
      { id: c1.id, type: "vault_credential.created", vault_id: v },
      { id: c1.id, type: "vault_credential.updated", vault_id: v },
      { id: c1.id, type: "vault_credential.updated", vault_id: v },
      { id: c1.id, type: "vault_credential.archived", vault_id: v },
      { id: c2.id, type: "vault_credential.created", vault_id: v },
      { id: c3.id, type: "vault_credential.created", vault_id: v },
      { id: c3.id, type: "vault_credential.deleted", vault_id: v },
      { id: c2.id, type: "vault_credential.archived", vault_id: v },
      { id: v, type: "vault.archived" },
      { id: first, type: "vault_credential.deleted", vault_id: v },
      { id: second, type: "vault_credential.deleted", vault_id: v },
      { id: v, type: "vault.deleted" },
    ];
    // The outbox, in commit order, each envelope checked against its webhook schema.
    const written = await events();
    expect(written.map((e) => e.data)).toEqual(expected);
    expect(RESOURCE_KINDS).toHaveLength(11);
    expect(new Set(written.map((e) => e.data.type))).toEqual(new Set(RESOURCE_KINDS));

    // Delivered: every event once, signed, with exactly the fields API.md lists.
    const received = await receiver.waitForRequests(expected.length, { path: "/resources" });
    const delivered = received.map((r) => {
      const event = verifyWebhook(r.body, r.headers, secret);
      expect(r.headers["webhook-event-type"]).toBe(event.data.type);
      const fields = event.data.type.startsWith("vault_credential.") ? ["id", "type", "vault_id"] : ["id", "type"];
      expect(Object.keys(event.data).sort()).toEqual(fields);
      return event;
    });
    expect(new Set(delivered.map((e) => e.id))).toEqual(new Set(written.map((e) => e.id)));
    // One record per event, each sent once and settled.
    const records = await waitFor(async () => {
      const list = await server.request("GET", `/webhook_events?endpoint_id=${endpoint.body.id}&limit=100`);
      return list.body.data.every((r: { status: string }) => r.status === "succeeded") ? list.body.data : null;
    });
    expect(records).toHaveLength(expected.length);
    for (const r of records) expect(r.attempt_count).toBe(1);
    expect(receiver.on("/resources")).toHaveLength(expected.length);
  });

  it("a credential update that changes nothing writes nothing, and a vault update emits no event", async () => {
    const vault = await ok("POST", "/vaults", { display_name: "quiet", metadata: { k: "v" } });
    const cred = await ok("POST", `/vaults/${vault.id}/credentials`, {
      auth: bearer("https://mcp.example.com/quiet"),
      metadata: { k: "v" },
    });
    const events = await envelopesSince(server);
    const same = await ok("POST", `/vaults/${vault.id}/credentials/${cred.id}`, { metadata: { k: "v" } });
    expect(same.updated_at).toBe(cred.updated_at);
    await ok("POST", `/vaults/${vault.id}`, { metadata: { k: "w" } });
    expect(await events()).toEqual([]);
  });
});
