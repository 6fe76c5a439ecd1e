/**
 * Dreams (`client.beta.dreams`) through the official SDK and `/api/v1/cloud`, every /v1 response
 * checked against the document: the real server in-process, its dream worker and run worker, the
 * memory mount, and msw standing in for the model provider. A dream reads its store and sessions'
 * transcripts and its agent rewrites the output store with the file tools: a copy (`create_new`,
 * the input unchanged) or the input itself (`update_existing`, one such dream of a store at a
 * time). Cancel during the provider's back-off interrupts its session; archive; list filters; a
 * provider error fails it; and bad input is a 4xx naming the field.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NoSandbox } from "../../server/sandbox/off.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { createAgent, createEnvironment, createSession, userMessage, waitForIdle } from "../helpers/flows/lifecycle.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const providers = mockProviders();
let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();
const MODEL = "openai/llama3.2";

beforeAll(async () => {
  listen(providers);
  server = await inProcess({
    env: {
      ...providerEnv,
      // A retry waits ten minutes: a dream in back-off stays running until it is canceled.
      RUN_PROVIDER_RETRY_BASE_MS: "600000",
      RUN_PROVIDER_RETRY_MAX_MS: "600000",
      RUN_POLL_INTERVAL_MS: "50",
    },
  });
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
  providers.server.close();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
  // No request failed inside the server (a response the document refuses is logged as an error).
  expect(server.logs.filter((r) => r.msg === "unhandled error")).toEqual([]);
  providers.openai.length = 0;
});

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await server.request(method, path, body === undefined ? {} : { body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** A store with memories, by path. */
async function store(name: string, memories: Record<string, string>): Promise<string> {
  const id = (await ok("POST", "/memory_stores", { name })).id;
  for (const [path, content] of Object.entries(memories))
    await ok("POST", `/memory_stores/${id}/memories`, { path, content });
  return id;
}

/** The store's memories as path -> content. */
async function contents(storeId: string): Promise<Record<string, string>> {
  const list = await ok("GET", `/memory_stores/${storeId}/memories?limit=100`);
  const out: Record<string, string> = {};
  for (const m of list.data) out[m.path] = (await ok("GET", `/memory_stores/${storeId}/memories/${m.id}`)).content;
  return out;
}

/** A finished session of the echo agent that said `text`. */
async function pastSession(text: string): Promise<string> {
  const agent = await createAgent(server, { name: "helper", model: "echo" });
  const session = await createSession(server, agent.id, await createEnvironment(server), {
    initial_events: [userMessage(text)],
  });
  await waitForIdle(server, session.id);
  return session.id;
}

/** The store the dream's agent was told about (its system prompt names `/mnt/memory/<name>/`). */
const mountOf = (body: any): string => {
  const match = /\/mnt\/memory\/([A-Za-z0-9_-]+)\//.exec(JSON.stringify(body.messages));
  if (!match) throw new Error("the dream's prompt names no memory store");
  return `/mnt/memory/${match[1]}`;
};

const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });

const ended = (id: string) =>
  waitFor(
    async () => {
      const dream = await client.beta.dreams.retrieve(id);
      return ["completed", "failed", "canceled"].includes(dream.status) ? dream : null;
    },
    { what: `dream ${id} ended`, timeoutMs: 20_000 },
  );

describe("client.beta.dreams", () => {
  it("reorganizes a copy of the store from the sessions' transcripts, leaving the input store as it was", async () => {
    const input = await store("profile", { "color.md": "Likes teal.\n", "color-again.md": "Likes teal!\n" });
    const first = await pastSession("My favourite color is navy now.");
    const second = await pastSession("I started working at Acme.");
    providers.script("openai", [
      (body) => ({
        tool_calls: [
          call("w1", "write", { path: `${mountOf(body)}/person.md`, content: "Likes navy.\nWorks at Acme.\n" }),
          call("e1", "edit", { path: `${mountOf(body)}/color.md`, old_string: "teal", new_string: "navy" }),
        ],
        usage: { input_tokens: 120, output_tokens: 30 },
      }),
      { text: "Merged the profile.", usage: { input_tokens: 200, output_tokens: 8, cache_read_input_tokens: 50 } },
    ]);
    const created = await client.beta.dreams.create({
      inputs: [
        { type: "sessions", session_ids: [second, first] },
        { type: "memory_store", memory_store_id: input },
      ],
      model: MODEL,
      instructions: "One file per person.",
    });
    expect(created).toMatchObject({
      type: "dream",
      status: "pending",
      inputs: [
        { type: "memory_store", memory_store_id: input },
        { type: "sessions", session_ids: [first, second].sort() },
      ],
      model: { id: MODEL, speed: "standard" },
      output_behavior: { type: "create_new" },
      outputs: [],
      session_id: null,
      error: null,
      usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      instructions: "One file per person.",
      ended_at: null,
    });
    expect(created.id).toMatch(/^drm_/);

    const done = await ended(created.id);
    expect(done.status).toBe("completed");
    expect(done.error).toBeNull();
    expect(done.ended_at).not.toBeNull();
    expect(done.usage).toEqual({
      input_tokens: 320,
      output_tokens: 38,
      cache_read_input_tokens: 50,
      cache_creation_input_tokens: 0,
    });
    const [output] = done.outputs;
    expect(output?.memory_store_id).toBeDefined();
    expect(output?.memory_store_id).not.toBe(input);
    // The output: the copy, as the agent rewrote it; the input store unchanged.
    expect(await contents(output?.memory_store_id as string)).toEqual({
      "color.md": "Likes navy.\n",
      "color-again.md": "Likes teal!\n",
      "person.md": "Likes navy.\nWorks at Acme.\n",
    });
    expect(await contents(input)).toEqual({ "color.md": "Likes teal.\n", "color-again.md": "Likes teal!\n" });
    const outputStore = await ok("GET", `/memory_stores/${output?.memory_store_id}`);
    expect(outputStore.name).toBe(`profile-dream-${created.id.slice(-8).toLowerCase()}`);

    // The model was given the instructions and both transcripts, with the echo agent's answers.
    const prompt = JSON.stringify(providers.openai[0]?.body.messages);
    expect(prompt).toContain("One file per person.");
    expect(prompt).toContain("User: My favourite color is navy now.");
    expect(prompt).toContain("Agent: Echo: I started working at Acme.");
    // Only the file tools, and bash (to remove files) where the server has a sandbox.
    const sandboxed = !(server.service.deps.sandbox instanceof NoSandbox);
    expect(providers.openai[0]?.body.tools.map((t: any) => t.function.name).sort()).toEqual(
      ["edit", "glob", "grep", "read", "write", ...(sandboxed ? ["bash"] : [])].sort(),
    );

    // Its session: followable, authored the versions, and its agent and environment are archived.
    const session = await ok("GET", `/sessions/${done.session_id}`);
    expect(session.metadata).toEqual({ dream_id: created.id });
    const agent = await ok("GET", `/agents/${session.agent.id}`);
    expect(agent.archived_at).not.toBeNull();
    expect((await ok("GET", `/environments/${session.environment_id}`)).archived_at).not.toBeNull();
    const versions = await ok("GET", `/memory_stores/${output?.memory_store_id}/memory_versions`);
    expect(new Set(versions.data.map((v: any) => v.author.id))).toEqual(new Set([done.session_id]));

    // The native surface shows the same dream.
    expect(await ok("GET", `/dreams/${created.id}`)).toEqual(done);
  }, 60_000);

  it("update_existing writes into the input store, one such dream of a store at a time", async () => {
    const notes = await store("notes", { "a.md": "alpha\n" });
    const past = await pastSession("Remember beta.");
    providers.script("openai", [
      (body) => ({ tool_calls: [call("w1", "write", { path: `${mountOf(body)}/b.md`, content: "beta\n" })] }),
      { text: "Added beta." },
    ]);
    const params: Anthropic.Beta.DreamCreateParams = {
      inputs: [
        { type: "memory_store", memory_store_id: notes },
        { type: "sessions", session_ids: [past] },
      ],
      model: { id: MODEL, speed: "standard" },
      output_behavior: { type: "update_existing", memory_store_id: notes },
    };
    const dream = await client.beta.dreams.create(params);
    expect(dream.outputs).toEqual([]);
    // A second writer of the store while the first has not stopped: 409, nothing created.
    const held = await client.beta.dreams.create(params).catch((err: unknown) => err);
    expect(held).toBeInstanceOf(Anthropic.ConflictError);
    expect((held as Error).message).toContain(dream.id);
    const done = await ended(dream.id);
    expect(done.status).toBe("completed");
    expect(done.outputs).toEqual([{ type: "memory_store", memory_store_id: notes }]);
    expect(await contents(notes)).toEqual({ "a.md": "alpha\n", "b.md": "beta\n" });
    // Once it ended the store is free again (a create_new dream never held it).
    providers.script("openai", [{ text: "Nothing to change." }]);
    const again = await client.beta.dreams.create(params);
    expect((await ended(again.id)).status).toBe("completed");
  }, 60_000);

  it("cancel interrupts its session during the provider's back-off; archive; a provider error fails one", async () => {
    const s = await store("backoff", { "a.md": "x\n" });
    const past = await pastSession("hello");
    const inputs: Anthropic.Beta.DreamCreateParams["inputs"] = [
      { type: "memory_store", memory_store_id: s },
      { type: "sessions", session_ids: [past] },
    ];
    providers.script("openai", [{ status: 529, body: { error: { message: "Overloaded." } } }]);
    const dream = await client.beta.dreams.create({ inputs, model: MODEL });
    const waiting = await waitFor(
      async () => {
        const d = await client.beta.dreams.retrieve(dream.id);
        if (!d.session_id) return null;
        const session = await ok("GET", `/sessions/${d.session_id}`);
        return session.status === "rescheduling" ? d : null;
      },
      { what: "the dream's session in back-off" },
    );
    expect(waiting.status).toBe("running");
    expect(waiting.outputs).toHaveLength(1);
    // Running: it cannot be archived.
    await expect(client.beta.dreams.archive(dream.id)).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    const canceled = await client.beta.dreams.cancel(dream.id);
    expect(canceled).toMatchObject({ status: "canceled", error: null });
    expect(canceled.ended_at).not.toBeNull();
    // Its session's turn is interrupted; the dream stays canceled; a second cancel changes nothing.
    await waitForIdle(server, waiting.session_id as string);
    const history = await ok("GET", `/sessions/${waiting.session_id}/events?limit=100`);
    expect(history.data.map((e: any) => e.type)).toContain("user.interrupt");
    expect(await client.beta.dreams.cancel(dream.id)).toEqual(canceled);
    expect((await client.beta.dreams.retrieve(dream.id)).status).toBe("canceled");

    const archived = await client.beta.dreams.archive(dream.id);
    expect(archived.archived_at).not.toBeNull();
    expect(await client.beta.dreams.archive(dream.id)).toEqual(archived);
    const listed = async (query: Anthropic.Beta.DreamListParams) => {
      const ids: string[] = [];
      for await (const d of client.beta.dreams.list({ limit: 1, ...query })) ids.push(d.id);
      return ids;
    };
    expect(await listed({})).not.toContain(dream.id);
    expect(await listed({ include_archived: true, statuses: ["canceled"] })).toEqual([dream.id]);

    // A provider error that is not retried fails the dream with its turn's error; then it cannot be canceled.
    providers.script("openai", [{ status: 400, body: { error: { message: "Bad request to the model." } } }]);
    const failing = await client.beta.dreams.create({ inputs, model: MODEL });
    const failed = await ended(failing.id);
    expect(failed.status).toBe("failed");
    expect(failed.error?.type).toBe("provider_error");
    expect(failed.error?.message).toContain("400");
    await expect(client.beta.dreams.cancel(failing.id)).rejects.toBeInstanceOf(Anthropic.BadRequestError);

    // Lists: newest first, by status, within a created_at range, page by page.
    const all = await listed({ include_archived: true });
    expect(all.indexOf(failing.id)).toBeLessThan(all.indexOf(dream.id));
    expect(await listed({ statuses: ["failed"] })).toContain(failing.id);
    expect(await listed({ statuses: ["failed"] })).not.toContain(dream.id);
    expect(await listed({ "created_at[gt]": failed.created_at })).not.toContain(failing.id);
    expect(await listed({ "created_at[lt]": failed.created_at, include_archived: true })).toContain(dream.id);
  }, 60_000);

  it("refuses bad input with a 4xx naming the field, and writes nothing", async () => {
    const s = await store("checks", {});
    const past = await pastSession("hi");
    const both = [
      { type: "memory_store", memory_store_id: s },
      { type: "sessions", session_ids: [past] },
    ];
    const cases: [unknown, number, string, string | null][] = [
      [{ inputs: [both[0], both[0]], model: MODEL }, 400, "exactly one memory_store", "inputs"],
      [{ inputs: both, model: { id: MODEL, speed: "fast" } }, 400, "standard", "model.speed"],
      [{ inputs: both, model: "no-such-model" }, 400, "no-such-model", "model"],
      [
        {
          inputs: [both[0], { type: "sessions", session_ids: [past, past] }],
          model: MODEL,
        },
        400,
        "session_ids",
        null,
      ],
      [
        { inputs: both, model: MODEL, output_behavior: { type: "update_existing", memory_store_id: "memstore_other" } },
        400,
        "memory_store input",
        "output_behavior.memory_store_id",
      ],
      [
        { inputs: [{ ...both[0], memory_store_id: "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1" }, both[1]], model: MODEL },
        404,
        "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
        "inputs",
      ],
      [
        { inputs: [both[0], { type: "sessions", session_ids: ["sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"] }], model: MODEL },
        404,
        "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
        "inputs",
      ],
      [{ inputs: both, model: MODEL, instructions: "" }, 400, "instructions", null],
      [{ inputs: [], model: MODEL }, 400, "inputs", null],
    ];
    for (const [body, status, words, param] of cases) {
      for (const path of ["/api/v1/cloud/dreams", "/v1/dreams"]) {
        const res = await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await res.json()) as any;
        expect([path, res.status], JSON.stringify(answer)).toEqual([path, status]);
        expect(answer.type).toBe("error");
        expect(answer.error.message).toContain(words);
        if (param && path.startsWith("/api")) expect(answer.error.param).toBe(param);
      }
    }
    await ok("POST", `/memory_stores/${s}/archive`);
    const archived = await server.request("POST", "/dreams", { body: { inputs: both, model: MODEL } });
    expect([archived.status, archived.body.error.type]).toEqual([409, "conflict_error"]);
    expect(
      (await ok("GET", "/dreams?include_archived=true&limit=100")).data.some((d: any) =>
        d.inputs.some((i: any) => i.memory_store_id === s),
      ),
    ).toBe(false);
    for (const path of ["/dreams/drm_01JD3R2A5C7E9G1J3M5P7R9T1V", "/dreams/drm_01JD3R2A5C7E9G1J3M5P7R9T1V/cancel"]) {
      const res = await server.request(path.endsWith("cancel") ? "POST" : "GET", path);
      expect([res.status, res.body.error.type]).toEqual([404, "not_found_error"]);
    }
    await expect(client.beta.dreams.retrieve("drm_01JD3R2A5C7E9G1J3M5P7R9T1V")).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    );
  }, 60_000);
});
