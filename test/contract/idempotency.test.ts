/**
 * Idempotency-Key on POST (API.md, "Idempotency and limits"), through the real server and SQLite:
 * a retry replays the first response and creates nothing (no second row, no second event); the key
 * is bound to its path and body; a key still in flight answers 409; records expire after 24 h.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_RETENTION_MS, requestFingerprint } from "../../server/http/idempotency.ts";
import { startReceiver } from "../helpers/fakes/receiver.ts";
import { createAgent, createEnvironment, outboxSince } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText, queryRows } from "../helpers/servers/testDatabase.ts";

const clock = new ManualClock(new Date());
let server: TestServer;
beforeAll(async () => {
  server = await inProcess({ clock });
});
afterAll(async () => {
  await server.stop();
});

const key = (name: string) => ({ "Idempotency-Key": `${name}-${Math.random().toString(36).slice(2)}` });
const accountId = async () => (await server.service.deps.storage.accounts.findAccountByName("default"))?.id ?? "";

describe("Idempotency-Key", () => {
  it("replays a session create: same response, Idempotent-Replayed, no second session and no second event", async () => {
    const envId = await createEnvironment(server);
    const agent = await createAgent(server, { name: "idempotent" });
    const headers = key("session");
    const body = { agent: agent.id, environment_id: envId, title: "Once" };
    const events = await outboxSince(server);

    const first = await server.request("POST", "/sessions", { body, headers });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await server.request("POST", "/sessions", { body, headers });
    // The same body written with other key order and spacing is the same request.
    const reordered = await server.request("POST", "/sessions", {
      raw: `{ "title": "Once", "environment_id": "${envId}", "agent": "${agent.id}" }`,
      headers,
    });

    for (const replay of [again, reordered]) {
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.headers.get("content-type")).toMatch(/^application\/json/);
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
    }
    expect((await events()).filter((e) => e.type === "session.created")).toEqual([
      { id: first.body.id, type: "session.created" },
    ]);
    const sessions = await server.request("GET", "/sessions?limit=100");
    expect(sessions.body.data.filter((s: { title: string }) => s.title === "Once")).toHaveLength(1);

    // Without a key, the same body creates a second session.
    const unkeyed = await server.request("POST", "/sessions", { body });
    expect(unkeyed.body.id).not.toBe(first.body.id);
  });

  it("replays an agent create and an archive; a webhook endpoint receives one delivery per event", async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await server.request("POST", "/webhook_endpoints", {
        body: { url: `${receiver.url}/hooks`, events: ["agent.created", "agent.archived"] },
      });
      expect(endpoint.status).toBe(201);
      const create = key("agent");
      const a = await server.request("POST", "/agents", { body: { name: "Once", model: "echo" }, headers: create });
      const b = await server.request("POST", "/agents", { body: { name: "Once", model: "echo" }, headers: create });
      expect(b.body).toEqual(a.body);
      const archive = key("archive");
      const x = await server.request("POST", `/agents/${a.body.id}/archive`, { headers: archive });
      const y = await server.request("POST", `/agents/${a.body.id}/archive`, { headers: archive });
      expect(y.headers.get("idempotent-replayed")).toBe("true");
      expect(y.body).toEqual(x.body);

      const received = await receiver.waitForRequests(2, { path: "/hooks" });
      // Give a (wrong) second delivery the time to arrive: the event after this one is delivered too.
      const marker = await server.request("POST", "/agents", { body: { name: "marker", model: "echo" } });
      await receiver.waitForRequests(3, { path: "/hooks" });
      const types = receiver.on("/hooks").map((r) => JSON.parse(r.body.toString()).data);
      expect(types).toEqual([
        { id: a.body.id, type: "agent.created", version: 1 },
        { id: a.body.id, type: "agent.archived", version: 1 },
        { id: marker.body.id, type: "agent.created", version: 1 },
      ]);
      expect(received).toHaveLength(2);
      await server.request("DELETE", `/webhook_endpoints/${endpoint.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it("refuses the key for another body or another path with 422 idempotency_error", async () => {
    const headers = key("vault");
    const first = await server.request("POST", "/vaults", { body: { display_name: "One" }, headers });
    expect(first.status).toBe(200);
    const otherBody = await server.request("POST", "/vaults", { body: { display_name: "Two" }, headers });
    const error = expectError(otherBody, 422, "idempotency_error");
    expect(error.param).toBe("Idempotency-Key");
    expect(error.message).toContain("another body");
    const otherPath = await server.request("POST", "/environments", { body: { name: "x" }, headers });
    expect(expectError(otherPath, 422, "idempotency_error").message).toContain("another path");
    const vaults = await server.request("GET", "/vaults?limit=100");
    expect(vaults.body.data.map((v: { display_name: string }) => v.display_name)).not.toContain("Two");
  });

  it("keys belong to an account: another account's same key runs its own request", async () => {
    const headers = key("shared");
    const mine = await server.request("POST", "/vaults", { body: { display_name: "Mine" }, headers });
    const theirs = await server.request("POST", "/vaults", {
      body: { display_name: "Mine" },
      headers,
      token: await server.tokenFor("idem-other"),
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("answers 409 while the first request with the key still runs, and takes over a key whose lease lapsed", async () => {
    const storage = server.service.deps.storage;
    const headers = key("inflight");
    const body = { display_name: "In flight" };
    // Another request holds the key: the state between its claim and its response.
    const now = clock.now().getTime();
    const held = await storage.idempotency.claim(
      {
        accountId: await accountId(),
        key: headers["Idempotency-Key"],
        method: "POST",
        path: "/api/v1/cloud/vaults",
        fingerprint: "held by another request",
      },
      {
        expiredBefore: new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString(),
        lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString(),
      },
    );
    expect(held.outcome).toBe("claimed");
    // A different body is still a different request, even while the first runs.
    expectError(await server.request("POST", "/vaults", { body, headers }), 422, "idempotency_error");

    const sameKeyAndBody = { ...headers, "Idempotency-Key": `${headers["Idempotency-Key"]}-b` };
    await storage.idempotency.claim(
      {
        accountId: await accountId(),
        key: sameKeyAndBody["Idempotency-Key"],
        method: "POST",
        path: "/api/v1/cloud/vaults",
        fingerprint: fingerprintOf(body),
      },
      {
        expiredBefore: new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString(),
        lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString(),
      },
    );
    const busy = await server.request("POST", "/vaults", { body, headers: sameKeyAndBody });
    const error = expectError(busy, 409, "conflict_error");
    expect(error.param).toBe("Idempotency-Key");
    expect(error.message).toContain("still running");

    // The process that held it died: once the lease has lapsed, the retry runs.
    clock.advance(IDEMPOTENCY_LEASE_MS + 1);
    const taken = await server.request("POST", "/vaults", { body, headers: sameKeyAndBody });
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    const replay = await server.request("POST", "/vaults", { body, headers: sameKeyAndBody });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps responses 24 hours: after that the key is free again, and expired rows are purged", async () => {
    const headers = key("expiry");
    const first = await server.request("POST", "/vaults", { body: { display_name: "Day one" }, headers });
    clock.advance(IDEMPOTENCY_RETENTION_MS - 1000);
    const replay = await server.request("POST", "/vaults", { body: { display_name: "Day one" }, headers });
    expect(replay.body.id).toBe(first.body.id);
    clock.advance(2000);
    const fresh = await server.request("POST", "/vaults", { body: { display_name: "Day one" }, headers });
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(fresh.body.id).not.toBe(first.body.id);

    // Retention deletes in batches; what is left after it is younger than 24 h.
    const storage = server.service.deps.storage;
    clock.advance(IDEMPOTENCY_RETENTION_MS + 1000);
    const cutoff = new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
    const before = await rows();
    let deleted = 0;
    for (let n = await storage.idempotency.deleteExpiredIdempotencyKeys(cutoff, 2); n > 0; ) {
      expect(n).toBeLessThanOrEqual(2);
      deleted += n;
      n = await storage.idempotency.deleteExpiredIdempotencyKeys(cutoff, 2);
    }
    expect(deleted, `cutoff ${cutoff}, rows ${JSON.stringify(before.map((r) => [r.key, r.created_at]))}`).toBe(
      before.length,
    );
    expect(deleted).toBeGreaterThan(0);
    expect(await rows()).toEqual([]);
  });

  it("stores replayed bodies sealed: a new endpoint's signing secret is not in the database in clear", async () => {
    const receiver = await startReceiver();
    try {
      const headers = key("endpoint");
      const body = { url: `${receiver.url}/sealed`, events: ["agent.created"] };
      const created = await server.request("POST", "/webhook_endpoints", { body, headers });
      expect(created.status).toBe(201);
      const replay = await server.request("POST", "/webhook_endpoints", { body, headers });
      expect(replay.status).toBe(201);
      expect(replay.body.signing_secret).toBe(created.body.signing_secret);
      // Every byte the database holds (SQLite: file and WAL; PostgreSQL: every row).
      expect(await databaseText(server.databaseUrl)).not.toContain(created.body.signing_secret);
      expect((await rows()).some((r) => r.body_sealed?.startsWith("v1:"))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("validates the key and keeps nothing for a refused request", async () => {
    const long = await server.request("POST", "/vaults", {
      body: { display_name: "x" },
      headers: { "Idempotency-Key": "k".repeat(256) },
    });
    expect(expectError(long, 400, "invalid_request_error").param).toBe("Idempotency-Key");
    const control = await server.request("POST", "/vaults", {
      body: { display_name: "x" },
      headers: { "Idempotency-Key": "tab\there" },
    });
    expect(expectError(control, 400, "invalid_request_error").param).toBe("Idempotency-Key");

    // A request refused by validation, then corrected, may reuse its key.
    const headers = key("corrected");
    expectError(
      await server.request("POST", "/vaults", { body: { display_name: 42 }, headers }),
      400,
      "invalid_request_error",
    );
    expectError(
      await server.request("POST", "/agents", { body: { name: "x", model: "no-such-runtime" }, headers }),
      400,
      "invalid_request_error",
    );
    const ok = await server.request("POST", "/vaults", { body: { display_name: "fixed" }, headers });
    expect(ok.status).toBe(200);
  });
});

/** The rows of the idempotency table, read through a second connection to the same database. */
function rows(): Promise<{ key: string; created_at: string; body_sealed: string | null }[]> {
  return queryRows(server.databaseUrl, "SELECT key, created_at, body_sealed FROM idempotency_keys");
}

/** The fingerprint the server computes for a JSON body. */
function fingerprintOf(body: unknown): string {
  const req = {
    body,
    files: undefined,
    get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : undefined),
  };
  return requestFingerprint(req as never);
}
