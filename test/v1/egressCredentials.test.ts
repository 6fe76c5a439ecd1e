/**
 * The `environment_variable` credential through the official SDK on /v1
 * (`client.beta.vaults.credentials.*` with `BetaManagedAgentsEnvironmentVariableCreateParams` and
 * `...UpdateParams`): create, retrieve, list and update in the SDK's shapes, every response
 * checked against the /v1 document, the secret never in a response.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();
const bodies: string[] = [];

beforeAll(async () => {
  server = await inProcess();
  const check = validator.fetch();
  const keep: typeof fetch = async (input, init) => {
    const res = await check(input, init);
    bodies.push(await res.clone().text());
    return res;
  };
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: keep });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

describe("/v1 environment_variable credentials through the official SDK", () => {
  it("create, retrieve, list, update: the SDK's shapes, the secret never returned", async () => {
    const vault = await client.beta.vaults.create({ display_name: "Egress" });
    const created = await client.beta.vaults.credentials.create(vault.id, {
      display_name: "Payments API",
      auth: {
        type: "environment_variable",
        secret_name: "PAYMENTS_KEY",
        secret_value: "sk_live_sdk_secret_0123456789",
        networking: { type: "limited", allowed_hosts: ["api.example.com", "*.example.net"] },
        injection_location: { header: true },
      },
    });
    expect(created.type).toBe("vault_credential");
    expect(created.auth).toEqual({
      type: "environment_variable",
      secret_name: "PAYMENTS_KEY",
      networking: { type: "limited", allowed_hosts: ["api.example.com", "*.example.net"] },
      injection_location: { header: true, body: false },
    });
    const got = await client.beta.vaults.credentials.retrieve(created.id, { vault_id: vault.id });
    expect(got.auth).toEqual(created.auth);
    const listed = [];
    for await (const c of client.beta.vaults.credentials.list(vault.id)) listed.push(c);
    expect(listed.map((c) => c.id)).toEqual([created.id]);

    const updated = await client.beta.vaults.credentials.update(created.id, {
      vault_id: vault.id,
      auth: {
        type: "environment_variable",
        secret_value: "sk_live_sdk_rotated_9876543210",
        injection_location: { body: true },
        networking: { type: "unrestricted" },
      },
    });
    expect(updated.auth).toEqual({
      type: "environment_variable",
      secret_name: "PAYMENTS_KEY",
      networking: { type: "unrestricted" },
      injection_location: { header: true, body: true },
    });
    // A location update that leaves none on is a 400 through the SDK's error classes.
    await expect(
      client.beta.vaults.credentials.update(created.id, {
        vault_id: vault.id,
        auth: { type: "environment_variable", injection_location: { header: false, body: false } },
      }),
    ).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    const all = bodies.join("\n");
    expect(all).not.toContain("sk_live_sdk_secret_0123456789");
    expect(all).not.toContain("sk_live_sdk_rotated_9876543210");
  });
});
