/**
 * Sessions through the official SDK: `agent_with_overrides` at create (the turn's model request
 * carries the overridden model, system prompt and tools, the agent itself unchanged), the agent's
 * tools updated while idle, and the list filters the SDK offers (`statuses[]`, `agent_id` with
 * `agent_version`, `deployment_id`, `memory_store_id`). Every response is checked against the /v1
 * document; the model provider is the scripted fake.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { waitForTurns } from "../helpers/flows/agentRuns.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const providers = mockProviders();
let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();

beforeAll(async () => {
  listen(providers);
  server = await inProcess({ env: providerEnv });
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
  providers.server.close();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
  providers.openai.length = 0;
});

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

/** Sends a message through the SDK and waits for the session's `turns`-th idle; returns its events. */
async function turn(sessionId: string, text: string, turns: number) {
  await client.beta.sessions.events.send(sessionId, {
    events: [{ type: "user.message", content: [{ type: "text", text }] }],
  });
  return waitForTurns(server, sessionId, turns);
}

const lookup = {
  type: "custom" as const,
  name: "lookup_order",
  description: "Looks an order up.",
  input_schema: { type: "object" as const, properties: { id: { type: "string" } } },
};

describe("agent_with_overrides and the agent's tools while idle", () => {
  it("runs the session's overrides over the pinned agent version, and leaves the agent as it was", async () => {
    const agent = await client.beta.agents.create({
      name: "base",
      model: "openai/base-model",
      system: "Agent prompt.",
    });
    const environment = await client.beta.environments.create({ name: "overrides" });
    const session = await client.beta.sessions.create({
      agent: {
        type: "agent_with_overrides",
        id: agent.id,
        model: { id: "openai/override-model" },
        system: "Session prompt.",
        tools: [lookup],
      },
      environment_id: environment.id,
    });
    expect(session.agent).toMatchObject({
      id: agent.id,
      version: 1,
      model: { id: "openai/override-model" },
      system: "Session prompt.",
      tools: [expect.objectContaining({ type: "custom", name: "lookup_order" })],
    });
    const native = await server.request("GET", `/sessions/${session.id}`);
    expect(native.body).toMatchObject({
      agent: { id: agent.id, version: 1 },
      agent_overrides: { model: "openai/override-model", system: "Session prompt." },
    });

    providers.script("openai", [{ text: "First answer." }]);
    const events = await turn(session.id, "hello", 1);
    expect(events.map((e) => e.type)).toContain("agent.message");
    const first = providers.openai[0]?.body;
    expect(first.model).toBe("override-model");
    expect(first.messages[0]).toMatchObject({ role: "system" });
    expect(JSON.stringify(first.messages[0])).toContain("Session prompt.");
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(["lookup_order"]);
    // The agent itself did not change.
    expect(await client.beta.agents.retrieve(agent.id)).toMatchObject({
      version: 1,
      system: "Agent prompt.",
      tools: [],
    });

    // While idle, the session's tools change for its next turns; the other overrides stay.
    const updated = await client.beta.sessions.update(session.id, { agent: { tools: [] } });
    expect(updated.agent).toMatchObject({
      tools: [],
      system: "Session prompt.",
      model: { id: "openai/override-model" },
    });
    providers.script("openai", [{ text: "Second answer." }]);
    await turn(session.id, "again", 2);
    const second = providers.openai[1]?.body;
    expect(second.tools ?? []).toEqual([]);
    expect(JSON.stringify(second.messages[0])).toContain("Session prompt.");
  });

  it("refuses overrides an agent would be refused, naming the field, and makes no session", async () => {
    const agent = await client.beta.agents.create({ name: "strict", model: "echo" });
    const environment = await client.beta.environments.create({ name: "strict" });
    const before = (await all(client.beta.sessions.list({ agent_id: agent.id }))).length;
    const badModel = await client.beta.sessions
      .create({
        agent: { type: "agent_with_overrides", id: agent.id, model: "nonesuch-model" },
        environment_id: environment.id,
      })
      .catch((e: unknown) => e);
    expect(badModel).toBeInstanceOf(Anthropic.BadRequestError);
    expect((badModel as Error).message).toContain("model");
    const badToolset = await client.beta.sessions
      .create({
        agent: {
          type: "agent_with_overrides",
          id: agent.id,
          tools: [{ type: "mcp_toolset", mcp_server_name: "absent" }],
        },
        environment_id: environment.id,
      })
      .catch((e: unknown) => e);
    expect(badToolset).toBeInstanceOf(Anthropic.BadRequestError);
    expect((badToolset as Error).message).toContain("absent");
    const unknownVersion = await client.beta.sessions
      .create({
        agent: { type: "agent_with_overrides", id: agent.id, version: 9, system: "x" },
        environment_id: environment.id,
      })
      .catch((e: unknown) => e);
    expect(unknownVersion).toBeInstanceOf(Anthropic.NotFoundError);
    expect((await all(client.beta.sessions.list({ agent_id: agent.id }))).length).toBe(before);

    // An update of the tools is checked the same way.
    const session = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id });
    const badUpdate = await client.beta.sessions
      .update(session.id, { agent: { tools: [{ type: "mcp_toolset", mcp_server_name: "absent" }] } })
      .catch((e: unknown) => e);
    expect(badUpdate).toBeInstanceOf(Anthropic.BadRequestError);
    expect((await server.request("GET", `/sessions/${session.id}`)).body.agent_overrides).toBeNull();
  });
});

describe("sessions.list filters", () => {
  it("filters by statuses[], agent_id with agent_version, deployment_id and memory_store_id", async () => {
    const agent = await client.beta.agents.create({ name: "filtered", model: "echo" });
    const environment = await client.beta.environments.create({ name: "filters" });
    const v1 = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id });
    await client.beta.agents.update(agent.id, { version: 1, system: "v2" });
    const v2 = await client.beta.sessions.create({ agent: agent.id, environment_id: environment.id });
    const ids = async (params: Anthropic.Beta.Sessions.SessionListParams) =>
      (await all(client.beta.sessions.list({ limit: 1, ...params }))).map((s) => s.id).sort();

    expect(await ids({ agent_id: agent.id })).toEqual([v1.id, v2.id].sort());
    expect(await ids({ agent_id: agent.id, agent_version: 1 })).toEqual([v1.id]);
    expect(await ids({ agent_id: agent.id, agent_version: 2 })).toEqual([v2.id]);
    const versionAlone = await client.beta.sessions.list({ agent_version: 1 }).catch((e: unknown) => e);
    expect(versionAlone).toBeInstanceOf(Anthropic.BadRequestError);
    expect(await ids({ agent_id: agent.id, statuses: ["idle"] })).toEqual([v1.id, v2.id].sort());
    expect(await ids({ agent_id: agent.id, statuses: ["running", "terminated"] })).toEqual([]);
    const badStatus = await client.beta.sessions.list({ statuses: ["sleeping" as "idle"] }).catch((e: unknown) => e);
    expect(badStatus).toBeInstanceOf(Anthropic.BadRequestError);

    const store = await client.beta.memoryStores.create({ name: "filter-notes" });
    const withStore = await client.beta.sessions.create({
      agent: agent.id,
      environment_id: environment.id,
      resources: [{ type: "memory_store", memory_store_id: store.id }],
    });
    expect(await ids({ memory_store_id: store.id })).toEqual([withStore.id]);

    const deployment = await client.beta.deployments.create({
      name: "filter-digest",
      agent: agent.id,
      environment_id: environment.id,
      initial_events: [{ type: "user.message", content: [{ type: "text", text: "report" }] }],
    });
    const run = await client.beta.deployments.run(deployment.id);
    await waitFor(async () => (await client.beta.deploymentRuns.retrieve(run.id)).session_id !== null);
    const { session_id } = await client.beta.deploymentRuns.retrieve(run.id);
    expect(await ids({ deployment_id: deployment.id })).toEqual([session_id]);
    expect(await ids({ deployment_id: deployment.id, memory_store_id: store.id })).toEqual([]);
  });
});
