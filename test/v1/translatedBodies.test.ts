/**
 * /v1 bodies are validated once, in their translated form, by the native document's validators
 * (server/surfaces/anthropic/validation.ts): the translations must then refuse what the SDK's body
 * may not hold and the native request would never show (a field they do not carry over, a
 * malformed precondition), and never fail on a body of the wrong shape. Each is a 400 in the
 * Anthropic envelope naming the field.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
const validator = new V1SpecValidator();

beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server?.stop());

async function post(path: string, body: unknown): Promise<{ status: number; type: string; message: string }> {
  const res = await validator.fetch()(`${server.url}${path}`, {
    method: "POST",
    headers: { "x-api-key": server.token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: { type: string; message: string } };
  return { status: res.status, type: json.error?.type ?? "", message: json.error?.message ?? "" };
}

const refused = (field: string) => ({
  status: 400,
  type: "invalid_request_error",
  message: expect.stringContaining(field) as unknown as string,
});

it("refuses what a translation would drop or cannot read, naming the field, and never answers 500", async () => {
  const store = await server.request("POST", "/memory_stores", { body: { name: "translated" } });
  const memories = `/v1/memory_stores/${store.body.id}/memories`;
  expect(await post(memories, { path: "/a.md", content: "x", colour: "red" })).toEqual(refused("colour"));
  expect(await post(memories, { path: 5, content: "x" })).toEqual(refused("path"));
  const created = await post(memories, { path: "/a.md", content: "x" });
  expect(created.status).toBe(200);
  const list = await server.request("GET", `/memory_stores/${store.body.id}/memories`);
  const memory = `${memories}/${list.body.data[0].id}`;
  expect(await post(memory, { colour: "red" })).toEqual(refused("colour"));
  expect(await post(memory, { precondition: "yes" })).toEqual(refused("precondition"));
  expect(await post(memory, { precondition: { type: "etag" } })).toEqual(refused("precondition.type"));
  expect(await post(memory, { precondition: { type: "content_sha256", content_sha256: "xyz" } })).toEqual(
    refused("precondition.content_sha256"),
  );
  expect(await post(memory, { precondition: { type: "content_sha256", colour: 1 } })).toEqual(
    refused("precondition.colour"),
  );

  const agent = await server.request("POST", "/agents", { body: { name: "translated", model: "echo" } });
  const env = await server.request("POST", "/environments", { body: { name: "translated" } });
  const session = { agent: agent.body.id, environment_id: env.body.id };
  const resource = { type: "memory_store", memory_store_id: store.body.id };
  expect(await post("/v1/sessions", { ...session, resources: [{ ...resource, instructions: "be brief" }] })).toEqual(
    refused("resources[0].instructions"),
  );
  expect((await post("/v1/sessions", { ...session, resources: [null] })).status).toBe(400);
  expect((await post("/v1/agents", [])).status).toBe(400);
  expect(await post("/v1/agents", { name: "x", model: "echo", execution_identity: 5 })).toEqual(
    refused("execution_identity"),
  );
  expect(await post("/v1/environments", { name: "p", config: { type: "cloud", packages: 5 } })).toEqual(
    refused("config.packages"),
  );
  expect(validator.failures).toEqual([]);
});
