import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, outboxSince } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

describe("environments", () => {
  it("creates with unrestricted networking by default", async () => {
    const res = await server.request("POST", "/environments", { body: { name: "Sandbox" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "environment",
      name: "Sandbox",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: {},
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^env_[0-9A-Z]{26}$/);
    expect((await server.request("GET", `/environments/${res.body.id}`)).body).toEqual(res.body);
  });

  it("keeps limited networking with its allowed hosts", async () => {
    const config = {
      type: "cloud",
      networking: { type: "limited", allowed_hosts: ["api.github.com", "*.example.com"] },
    };
    const res = await server.request("POST", "/environments", {
      body: { name: "Locked", description: "d", config, metadata: { team: "a" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: "d", config, metadata: { team: "a" } });
  });

  it.each([
    ["a missing name", {}, "name"],
    [
      "limited networking without hosts",
      { name: "x", config: { type: "cloud", networking: { type: "limited" } } },
      "config",
    ],
    [
      "limited networking with an empty host list",
      { name: "x", config: { type: "cloud", networking: { type: "limited", allowed_hosts: [] } } },
      "config",
    ],
    [
      "a host with a scheme",
      { name: "x", config: { type: "cloud", networking: { type: "limited", allowed_hosts: ["https://a.com"] } } },
      "config",
    ],
    [
      "hosts with unrestricted networking",
      { name: "x", config: { type: "cloud", networking: { type: "unrestricted", allowed_hosts: ["a.com"] } } },
      "config",
    ],
    ["another config type", { name: "x", config: { type: "local" } }, "config"],
  ])("rejects %s with 400 naming the field", async (_what, body, param) => {
    const res = await server.request("POST", "/environments", { body });
    expect(expectError(res, 400, "invalid_request_error").param ?? "").toContain(param);
  });

  it("updates (config replaced, metadata patched), archives, and refuses changes and new sessions once archived", async () => {
    const { body: env } = await server.request("POST", "/environments", {
      body: { name: "A", metadata: { a: "1", b: "2" } },
    });
    const updated = await server.request("POST", `/environments/${env.id}`, {
      body: {
        name: "B",
        description: "now described",
        config: { type: "cloud", networking: { type: "limited", allowed_hosts: ["x.com"] } },
        metadata: { a: null, c: "3" },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "B",
      description: "now described",
      config: { networking: { type: "limited", allowed_hosts: ["x.com"] } },
      metadata: { b: "2", c: "3" },
    });
    const cleared = await server.request("POST", `/environments/${env.id}`, { body: { description: null } });
    expect(cleared.body).toMatchObject({ name: "B", description: null });

    const agent = await createAgent(server);
    const since = await outboxSince(server);
    const archived = await server.request("POST", `/environments/${env.id}/archive`);
    expect(archived.body.archived_at).not.toBeNull();
    expect((await server.request("POST", `/environments/${env.id}/archive`)).body.archived_at).toBe(
      archived.body.archived_at,
    );
    // Archived once: one event; archiving again changes nothing and emits nothing.
    expect(await since()).toEqual([{ id: env.id, type: "environment.archived" }]);
    expectError(
      await server.request("POST", `/environments/${env.id}`, { body: { name: "C" } }),
      409,
      "conflict_error",
    );
    const refused = await server.request("POST", "/sessions", { body: { agent: agent.id, environment_id: env.id } });
    expect(expectError(refused, 409, "conflict_error").param).toBe("environment_id");

    expect(
      (await server.request("GET", "/environments?limit=100")).body.data.map((e: { id: string }) => e.id),
    ).not.toContain(env.id);
    expect(
      (await server.request("GET", "/environments?limit=100&include_archived=true")).body.data.map(
        (e: { id: string }) => e.id,
      ),
    ).toContain(env.id);
  });

  it("deletes (200 environment_deleted) and answers 404 afterwards, also for new sessions", async () => {
    const { body: env } = await server.request("POST", "/environments", { body: { name: "gone" } });
    const agent = await createAgent(server);
    expect((await server.request("DELETE", `/environments/${env.id}`)).body).toEqual({
      id: env.id,
      type: "environment_deleted",
    });
    expectError(await server.request("GET", `/environments/${env.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/environments/${env.id}`), 404, "not_found_error");
    const refused = await server.request("POST", "/sessions", { body: { agent: agent.id, environment_id: env.id } });
    expect(expectError(refused, 404, "not_found_error").param).toBe("environment_id");
  });

  it("lists newest first with pagination and hides other accounts' environments", async () => {
    const token = await server.tokenFor("env-list");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await server.request("POST", "/environments", { body: { name: `e${i}` }, token })).body.id);
    }
    const first = await server.request("GET", "/environments?limit=2", { token });
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const rest = await server.request("GET", `/environments?limit=2&page=${first.body.next_page}`, { token });
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(rest.body.has_more).toBe(false);
    expectError(await server.request("GET", `/environments/${ids[0]}`), 404, "not_found_error");
    expect(
      (await server.request("GET", "/environments?limit=100")).body.data.map((e: { id: string }) => e.id),
    ).not.toContain(ids[0]);
  });
});
