/**
 * Self-hosted environments over HTTP, on both surfaces: `config.type: "self_hosted"`; environment
 * keys (secret shown once, listed without it, revoked: 401); the work operations as the official
 * SDK calls them on /v1 (poll, ack, heartbeat with its 412, stop, update, list, retrieve, stats)
 * and their mirror on /api/v1/cloud; and an environment key's scope: its environment's work
 * (another's: 403), the sessions its workers hold (another: 403; only user.tool_result posts),
 * nothing else (401). Work items are queued through the storage port here, as a turn queues them.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
const validator = new V1SpecValidator();
const sdk = (apiKey: string) => new Anthropic({ baseURL: server.url, apiKey, maxRetries: 0, fetch: validator.fetch() });

beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

async function selfHosted(name = "farm") {
  const env = await server.request("POST", "/environments", { body: { name, config: { type: "self_hosted" } } });
  expect(env.status).toBe(200);
  const key = await server.request("POST", `/environments/${env.body.id}/keys`, { body: { name: "worker-1" } });
  expect(key.status).toBe(200);
  const agent = await createAgent(server);
  const session = async () => (await createSession(server, agent.id, env.body.id)).id as string;
  const queue = async (sessionId: string) =>
    server.service.deps.storage.work.enqueueSession(await accountId(), env.body.id, sessionId);
  return { env: env.body.id as string, key: key.body, session, queue };
}

async function accountId(): Promise<string> {
  const account = await server.service.deps.storage.accounts.findAccountByName("default");
  if (!account) throw new Error("no default account");
  return account.id;
}

describe("self-hosted environments", () => {
  it("are a config type of both surfaces, without networking or packages", async () => {
    const env = await server.request("POST", "/environments", { body: { name: "a", config: { type: "self_hosted" } } });
    expect(env.body.config).toEqual({ type: "self_hosted" });
    const bad = await server.request("POST", "/environments", {
      body: { name: "b", config: { type: "self_hosted", networking: { type: "unrestricted" } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("config.networking");
    const viaSdk = await sdk(server.token).beta.environments.create({ name: "c", config: { type: "self_hosted" } });
    expect(viaSdk.config).toEqual({ type: "self_hosted" });
    expect((await sdk(server.token).beta.environments.retrieve(env.body.id)).config).toEqual({ type: "self_hosted" });
  });

  it("have keys: the secret shown once, listed without it, refused on a cloud environment, revoked at once", async () => {
    const { env, key } = await selfHosted();
    expect(key).toMatchObject({ type: "environment_key", environment_id: env, name: "worker-1", revoked_at: null });
    expect(key.secret).toMatch(/^cak_env_[A-Za-z0-9_-]{43}$/);
    const list = await server.request("GET", `/environments/${env}/keys`);
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(key.secret);
    expect(server.logs.some((l) => JSON.stringify(l).includes(key.secret))).toBe(false);
    const cloud = await server.request("POST", "/environments", { body: { name: "cloud" } });
    expect((await server.request("POST", `/environments/${cloud.body.id}/keys`, { body: {} })).status).toBe(409);

    expect((await server.request("GET", `/environments/${env}/work/stats`, { token: key.secret })).status).toBe(200);
    const revoked = await server.request("POST", `/environments/${env}/keys/${key.id}/revoke`);
    expect(revoked.body.revoked_at).not.toBeNull();
    const after = await server.request("GET", `/environments/${env}/work/stats`, { token: key.secret });
    expect(after.status).toBe(401);
    await expect(sdk(key.secret).beta.environments.work.stats(env)).rejects.toMatchObject({ status: 401 });
  });
});

describe("the work queue through the official SDK (/v1)", () => {
  it("polls, acks, heartbeats on the lease, refuses a stale heartbeat with 412, stops", async () => {
    const { env, key, session, queue } = await selfHosted();
    const worker = sdk(key.secret);
    const work = worker.beta.environments.work;
    expect(await work.poll(env, { block_ms: 50 })).toBeNull();
    const s = await session();
    const queued = await queue(s);

    const polled = await work.poll(env, { block_ms: 999, "Anthropic-Worker-ID": "w1" });
    expect(polled).toMatchObject({ id: queued.id, type: "work", state: "queued", data: { type: "session", id: s } });
    expect(polled?.secret).toBeNull();
    // Handed out: a second worker's poll gets nothing while the first may still ack it.
    expect(await work.poll(env, { "Anthropic-Worker-ID": "w2" })).toBeNull();
    expect(await work.stats(env)).toMatchObject({ type: "work_queue_stats", depth: 1, pending: 1, workers_polling: 2 });

    const acked = await work.ack(queued.id, { environment_id: env });
    expect(acked.state).toBe("starting");
    await expect(work.ack(queued.id, { environment_id: env })).rejects.toMatchObject({ status: 409 });

    const beat = await work.heartbeat(queued.id, { environment_id: env, expected_last_heartbeat: "NO_HEARTBEAT" });
    expect(beat).toMatchObject({ type: "work_heartbeat", lease_extended: true, state: "active", ttl_seconds: 90 });
    const stale = await work
      .heartbeat(queued.id, { environment_id: env, expected_last_heartbeat: "NO_HEARTBEAT" })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(Anthropic.PreconditionFailedError);
    expect((stale as InstanceType<typeof Anthropic.PreconditionFailedError>).errorCode).toBe(
      "heartbeat_precondition_failed",
    );
    expect((stale as { error: { error: { details: unknown } } }).error.error.details).toMatchObject({
      current_state: { state: "active", lease_extended: false, last_heartbeat: beat.last_heartbeat },
    });
    const next = await work.heartbeat(queued.id, {
      environment_id: env,
      expected_last_heartbeat: beat.last_heartbeat,
      desired_ttl_seconds: 60,
    });
    expect(next.ttl_seconds).toBe(60);

    const updated = await work.update(queued.id, { environment_id: env, metadata: { host: "farm-1" } });
    expect(updated.metadata).toEqual({ host: "farm-1" });
    expect((await work.retrieve(queued.id, { environment_id: env })).state).toBe("active");
    const listed = [];
    for await (const w of work.list(env)) listed.push(w.id);
    expect(listed).toEqual([queued.id]);

    expect((await work.stop(queued.id, { environment_id: env })).state).toBe("stopping");
    const told = await work.heartbeat(queued.id, { environment_id: env, expected_last_heartbeat: next.last_heartbeat });
    expect(told.state).toBe("stopping");
    expect((await work.stop(queued.id, { environment_id: env, force: true })).state).toBe("stopped");
    await expect(work.stop(queued.id, { environment_id: env, force: true })).rejects.toMatchObject({ status: 409 });
    const gone = await work.heartbeat(queued.id, { environment_id: env });
    expect(gone).toMatchObject({ lease_extended: false, state: "stopped" });
  });

  it("are mirrored on /api/v1/cloud, with the account's token too", async () => {
    const { env, key, session, queue } = await selfHosted();
    expect((await server.request("GET", `/environments/${env}/work/poll`, { token: key.secret })).status).toBe(204);
    const item = await queue(await session());
    const polled = await server.request("GET", `/environments/${env}/work/poll?block_ms=10`, {
      token: key.secret,
      headers: { "Anthropic-Worker-ID": "cloud-worker" },
    });
    expect(polled.body).toMatchObject({ id: item.id, state: "queued" });
    const ack = await server.request("POST", `/environments/${env}/work/${item.id}/ack`, { token: key.secret });
    expect(ack.body.state).toBe("starting");
    const beat = await server.request(
      "POST",
      `/environments/${env}/work/${item.id}/heartbeat?expected_last_heartbeat=NO_HEARTBEAT`,
      { token: key.secret },
    );
    expect(beat.body).toMatchObject({ lease_extended: true, state: "active" });
    const stale = await server.request(
      "POST",
      `/environments/${env}/work/${item.id}/heartbeat?expected_last_heartbeat=NO_HEARTBEAT`,
      { token: key.secret },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.error).toMatchObject({
      type: "precondition_failed_error",
      details: { error_code: "heartbeat_precondition_failed", current_state: { state: "active" } },
    });
    const list = await server.request("GET", `/environments/${env}/work`);
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([item.id]);
    expect((await server.request("GET", `/environments/${env}/work/stats`)).body).toMatchObject({ depth: 0 });
    const stop = await server.request("POST", `/environments/${env}/work/${item.id}/stop`, { body: { force: true } });
    expect(stop.body.state).toBe("stopped");
    expect((await server.request("GET", `/environments/${env}/work/work_00000000000000000000000000`)).status).toBe(404);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^cloud_agents_work_items\{state="queued"\} \d+$/m);
    expect(metrics).toMatch(/^cloud_agents_work_items\{state="leased"\} \d+$/m);
    expect(metrics).toMatch(/^cloud_agents_work_workers_polling [1-9]\d*$/m);
    expect(metrics).toMatch(/^cloud_agents_work_oldest_queued_age_seconds \d/m);
    expect(metrics).toMatch(/^cloud_agents_work_leases_lost \d+$/m);
  });
});

describe("an environment key's scope", () => {
  it("reads only the sessions its workers hold, posts only tool results, and reaches nothing else", async () => {
    const { env, key, session, queue } = await selfHosted();
    const other = await selfHosted("other farm");
    const worker = sdk(key.secret);
    const held = await session();
    const notHeld = await session();
    const item = await queue(held);
    await queue(notHeld);
    // Queued but not acknowledged: not held yet.
    await expect(worker.beta.sessions.retrieve(held)).rejects.toMatchObject({ status: 403 });
    const first = await worker.beta.environments.work.poll(env);
    const second = await worker.beta.environments.work.poll(env);
    expect([first?.id, second?.id]).toContain(item.id);
    await worker.beta.environments.work.ack(item.id, { environment_id: env });

    expect((await worker.beta.sessions.retrieve(held)).id).toBe(held);
    const events = [];
    for await (const e of worker.beta.sessions.events.list(held)) events.push(e);
    expect(Array.isArray(events)).toBe(true);
    await expect(worker.beta.sessions.retrieve(notHeld)).rejects.toMatchObject({ status: 403 });
    const native = await server.request("GET", `/sessions/${notHeld}/events`, { token: key.secret });
    expect(native.status).toBe(403);
    await expect(
      worker.beta.sessions.events.send(held, {
        events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }],
      }),
    ).rejects.toMatchObject({ status: 403 });

    // Another environment's work, and every other operation.
    await expect(worker.beta.environments.work.stats(other.env)).rejects.toMatchObject({ status: 403 });
    await expect(sdk(other.key.secret).beta.environments.work.poll(env)).rejects.toMatchObject({ status: 403 });
    await expect(worker.beta.agents.list()).rejects.toMatchObject({ status: 401 });
    await expect(worker.beta.environments.retrieve(env)).rejects.toMatchObject({ status: 401 });
    expect((await server.request("GET", "/agents", { token: key.secret })).status).toBe(401);
    expect((await server.request("POST", `/environments/${env}/keys`, { token: key.secret, body: {} })).status).toBe(
      401,
    );
    expect((await server.request("GET", `/environments/${env}/work/stats`, { token: "cak_env_nope" })).status).toBe(
      401,
    );

    // Interrupting the session stops its item: the key no longer reads it; archiving stops a queued one.
    const interrupt = await server.request("POST", `/sessions/${held}/events`, {
      body: { events: [{ type: "user.interrupt" }] },
    });
    expect(interrupt.status).toBe(202);
    expect((await worker.beta.environments.work.retrieve(item.id, { environment_id: env })).state).toBe("stopped");
    const beat = await worker.beta.environments.work.heartbeat(item.id, { environment_id: env });
    expect(beat).toMatchObject({ state: "stopped", lease_extended: false });
    await expect(worker.beta.sessions.retrieve(held)).rejects.toMatchObject({ status: 403 });
    expect((await server.request("POST", `/sessions/${notHeld}/archive`)).status).toBe(200);
    const live = await server.service.deps.storage.work.sessionWork(notHeld);
    expect(live).toBeNull();
  });
});
