/**
 * GET /webhook_event_types: the catalog read from the spec's `webhooks` section. Every kind the
 * service emits is in it, and its JSON Schema validates the real payloads of that kind - driven
 * here through the public API, every emitted kind at least once - and refuses another kind's.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_KINDS } from "../../server/storage/port/outbox.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createDeployment } from "../helpers/flows/deployments.ts";
import { type Envelope, envelopesSince, specWebhooks } from "../helpers/flows/events.ts";
import { createAgent, createEnvironment, createSession, sendMessage, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;
let receiver: Receiver;
/** Paths the receiver answers with this status (200 otherwise). */
const answers = new Map<string, number>();

beforeAll(async () => {
  server = await inProcess({ env: { WEBHOOK_POLL_INTERVAL_MS: "50", WEBHOOK_DEGRADED_THRESHOLD: "1" } });
  receiver = await startReceiver((r) => {
    const status = answers.get(r.path);
    return status === undefined ? undefined : { status };
  });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

interface Catalog {
  data: { name: string; description: string; schema: Record<string, unknown> }[];
}

async function catalog(): Promise<Catalog> {
  const res = await server.request("GET", "/webhook_event_types");
  expect(res.status).toBe(200);
  return res.body;
}

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await server.request(method, path, body === undefined ? {} : { body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Drives every emitted kind through the public API and returns the envelopes written meanwhile. */
async function driveEveryKind(): Promise<Envelope[]> {
  const events = await envelopesSince(server);
  // Sessions, threads and agents.
  const sub = await createAgent(server, { name: "sub" });
  const coordinator = await createAgent(server, { multiagent: { type: "coordinator", agents: [sub.id] } });
  await ok("POST", `/agents/${sub.id}`, { version: 1, description: "v2" });
  const envId = await createEnvironment(server);
  const session = await createSession(server, coordinator.id, envId);
  await sendMessage(server, session.id, "hello");
  await waitForIdle(server, session.id);
  const thread = (await ok("GET", `/sessions/${session.id}/threads`)).data[0].id;
  await ok("POST", `/sessions/${session.id}/events`, {
    events: [{ type: "user.interrupt", session_thread_id: thread }],
  });
  await ok("POST", `/sessions/${session.id}`, { title: "renamed" });
  await ok("POST", `/sessions/${session.id}/archive`);
  await ok("DELETE", `/sessions/${session.id}`);

  // Deployments and runs: one succeeds, one fails (its agent archived), which pauses the deployment.
  const runner = await createAgent(server, { name: "runner" });
  const deployment = await createDeployment(server, runner.id, envId);
  await ok("POST", `/deployments/${deployment.id}`, { name: "renamed" });
  const run = await ok("POST", `/deployments/${deployment.id}/run`);
  await waitFor(async () => (await ok("GET", `/deployment_runs/${run.id}`)).status === "succeeded");
  await ok("POST", `/agents/${runner.id}/archive`);
  await ok("POST", `/deployments/${deployment.id}/run`);
  await ok("POST", `/deployments/${deployment.id}/unpause`);
  await ok("POST", `/deployments/${deployment.id}/archive`);
  await ok("DELETE", `/deployments/${deployment.id}`);
  await ok("DELETE", `/agents/${runner.id}`);

  // Environments, vaults and credentials.
  const env = await ok("POST", "/environments", { name: "catalog" });
  await ok("POST", `/environments/${env.id}`, { description: "described" });
  await ok("POST", `/environments/${env.id}/archive`);
  await ok("DELETE", `/environments/${env.id}`);
  const vault = await ok("POST", "/vaults", { display_name: "catalog" });
  const auth = { type: "static_bearer", mcp_server_url: "https://mcp.example.com/catalog", token: "t0ken" };
  const cred = await ok("POST", `/vaults/${vault.id}/credentials`, { auth });
  await ok("POST", `/vaults/${vault.id}/credentials/${cred.id}`, { display_name: "catalog" });
  await ok("POST", `/vaults/${vault.id}/credentials/${cred.id}/archive`);
  await ok("DELETE", `/vaults/${vault.id}/credentials/${cred.id}`);
  await ok("POST", `/vaults/${vault.id}/archive`);
  await ok("DELETE", `/vaults/${vault.id}`);
  // Memory stores.
  const memoryStore = await ok("POST", "/memory_stores", { name: "catalog" });
  await ok("POST", `/memory_stores/${memoryStore.id}/archive`);
  await ok("DELETE", `/memory_stores/${memoryStore.id}`);

  // Webhook endpoints: a test event; degraded (threshold 1: the 2nd failure), recovered, disabled (410).
  const ep = await ok("POST", "/webhook_endpoints", { url: `${receiver.url}/catalog`, events: ["agent.created"] });
  const attempt = async (status: number | undefined) => {
    if (status === undefined) answers.delete("/catalog");
    else answers.set("/catalog", status);
    const { webhook_event_id } = await ok("POST", `/webhook_endpoints/${ep.id}/test`);
    await waitFor(async () => (await ok("GET", `/webhook_events/${webhook_event_id}`)).attempt_count >= 1);
  };
  await attempt(500);
  await attempt(500);
  await attempt(undefined);
  await attempt(410);
  return await events();
}

describe("GET /webhook_event_types", () => {
  it("lists every kind of the spec's webhooks section, in its order, with a description", async () => {
    const { data } = await catalog();
    expect(data.map((t) => t.name)).toEqual(Object.keys(specWebhooks()));
    expect(new Set(data.map((t) => t.name))).toEqual(new Set([...EVENT_KINDS, "webhook.test"]));
    for (const t of data) {
      expect(t.description.length, t.name).toBeGreaterThan(20);
      expect(t.description, t.name).not.toMatch(/\n|Sent by HTTP POST/);
      expect(t.schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      // Self-contained: no reference back into the spec.
      expect(JSON.stringify(t.schema), t.name).not.toContain("$ref");
    }
    const byName = new Map(data.map((t) => [t.name, t]));
    expect(byName.get("vault_credential.created")?.schema).toMatchObject({
      required: ["id", "type", "vault_id"],
      properties: { type: { const: "vault_credential.created" } },
    });
    expect(byName.get("webhook_endpoint.disabled")?.schema).toMatchObject({
      required: ["id", "type", "consecutive_fail", "disabled_reason"],
      properties: { disabled_reason: { properties: { type: { enum: ["gone", "failing", "manual"] } } } },
    });
  });

  it("answers 401 without a token and 400 for an unknown parameter", async () => {
    expectError(await server.request("GET", "/webhook_event_types", { token: null }), 401, "TOKEN_INVALID");
    expectError(await server.request("GET", "/webhook_event_types?limit=5"), 400, "invalid_request_error");
  });

  it("has, for every kind the service emits, a schema that validates its real payloads and refuses other kinds'", async () => {
    const written = await driveEveryKind();
    const emitted = new Set(written.map((e) => e.data.type as string));
    // Everything but the kinds only a model runtime emits (a credential's failed refresh, a
    // provider error's retry: test/runtime/oauthRefresh.test.ts, test/runtime/rescheduling.test.ts)
    // is emitted by the drive above.
    const modelOnly = ["vault_credential.refresh_failed", "session.status_rescheduled"];
    expect(emitted).toEqual(new Set([...EVENT_KINDS, "webhook.test"].filter((k) => !modelOnly.includes(k))));

    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const { data } = await catalog();
    const validators = new Map(data.map((t) => [t.name, ajv.compile(t.schema)]));
    for (const envelope of written) {
      const validate = validators.get(envelope.data.type);
      if (!validate) throw new Error(`${envelope.data.type} is not in the catalog`);
      expect(validate(envelope.data), `${JSON.stringify(envelope.data)}: ${ajv.errorsText(validate.errors)}`).toBe(
        true,
      );
      // The schema is the kind's own: another kind's payload (or a missing field) is refused.
      const other = [...validators.entries()].find(([name]) => name !== envelope.data.type)?.[1];
      expect(other?.(envelope.data)).toBe(false);
      expect(validate({ ...envelope.data, extra: 1 })).toBe(false);
    }
    // Those kinds have no payload here: their schemas validate the spec's examples of them.
    for (const kind of modelOnly) {
      const declared = (specWebhooks()[kind] as any).post.requestBody.content["application/json"].example.data;
      expect(validators.get(kind)?.(declared), kind).toBe(true);
    }
  }, 90_000);
});
