/**
 * Every method of the official SDK's Managed Agents client (`client.beta.*` of @anthropic-ai/sdk,
 * walked from its resource objects' prototypes), each called once with a fetch that records the
 * request it makes: the request must be an operation of the /v1 document (served), or a row of the
 * unserved table (server/surfaces/anthropic/unserved.ts), whose family says why it cannot apply or
 * is not served yet, and docs/anthropic-surface.md must say so too. A new SDK method, or one the
 * server stops serving, fails here until it is served or listed with its reason. Then each recorded
 * request goes to a real server: a served one reaches its route (never "No route", never 405), an
 * unserved one answers 404 naming its method and the reason.
 */
import { readFileSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSERVED_FAMILIES } from "../../server/surfaces/anthropic/unserved.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

/** Resources of `client.beta` that are not the Managed Agents client, and why they are not walked. */
const OTHER_PRODUCTS: Record<string, string> = {
  messages: "the Messages API (model calls), not Managed Agents: this server is not a model provider",
  models: "the Models API, not Managed Agents",
  organization:
    "the Admin API of an Anthropic organization (users, invites, API keys, spend limits), but for its webhooks (SERVED_ORGANIZATION)",
};

/** The one part of `client.beta.organization` served, as webhook endpoints of the account: walked like a family. */
const SERVED_ORGANIZATION = ["webhooks"];

/**
 * Methods that make no request of their own: helpers over the served methods, or local
 * verification. Each is exercised through what it calls.
 */
const HELPERS: Record<string, string> = {
  "client.beta.webhooks.unwrap": "verifies a delivery locally (the signature and the body)",
  "client.beta.webhooks.parseUnverified": "parses a delivery's body locally",
  "client.beta.environments.work.poller": "a loop over work.poll (test/v1/environmentWorker.test.ts)",
  "client.beta.environments.work.worker": "a loop over work.poll, ack, heartbeat and stop (environmentWorker.test.ts)",
  "client.beta.sessions.events.toolRunner": "a loop over events.stream and events.send",
};

interface Method {
  name: string;
  call: () => Promise<unknown>;
}

/** Every method of a resource and of its sub-resources, by prototype. */
function methodsOf(resource: object, name: string): Method[] {
  const proto = Object.getPrototypeOf(resource) as Record<string, unknown>;
  const own = Object.getOwnPropertyNames(proto)
    .filter((m) => m !== "constructor" && !m.startsWith("_") && typeof proto[m] === "function")
    .map((m) => ({
      name: `${name}.${m}`,
      call: () =>
        (proto[m] as (...args: unknown[]) => Promise<unknown>).call(resource, "ID", {
          session_id: "sess_SUB",
          vault_id: "vault_SUB",
          skill_id: "skill_SUB",
          memory_store_id: "memstore_SUB",
          environment_id: "env_SUB",
          tunnel_id: "tun_SUB",
        }),
    }));
  const nested = Object.entries(resource).flatMap(([key, value]) =>
    !key.startsWith("_") && value && typeof value === "object" && "_client" in value
      ? methodsOf(value as object, `${name}.${key}`)
      : [],
  );
  return [...own, ...nested];
}

let server: TestServer;
const validator = new V1SpecValidator();
const recorded: { method: string; path: string }[] = [];
const probe = new Anthropic({
  apiKey: "not-sent-anywhere",
  baseURL: "http://127.0.0.1:9",
  maxRetries: 0,
  fetch: async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    // The SDK probes fetch's abilities with `data:` URLs: only requests to the server count.
    if (url.protocol.startsWith("http"))
      recorded.push({ method: (init?.method ?? "GET").toUpperCase(), path: url.pathname });
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  },
});

/** The request each walked method makes (none for helpers). */
const requests = new Map<string, { method: string; path: string }>();
let walked: string[] = [];

beforeAll(async () => {
  server = await inProcess();
  const beta = probe.beta as unknown as Record<string, unknown>;
  const families = Object.entries(beta).filter(
    ([key, value]) => !key.startsWith("_") && value && typeof value === "object" && "_client" in value,
  );
  const organization = probe.beta.organization as unknown as Record<string, object>;
  const methods = [
    ...families
      .filter(([key]) => !(key in OTHER_PRODUCTS))
      .flatMap(([key, value]) => methodsOf(value as object, `client.beta.${key}`)),
    ...SERVED_ORGANIZATION.flatMap((key) => methodsOf(organization[key] as object, `client.beta.organization.${key}`)),
  ];
  walked = methods.map((m) => m.name);
  for (const m of methods) {
    if (m.name in HELPERS) continue;
    recorded.length = 0;
    await m.call().catch(() => undefined);
    const [first] = recorded;
    if (first) requests.set(m.name, first);
  }
});
afterAll(async () => {
  await server?.stop();
});

const template = (path: string) => path.replace(/^(\/v1\/[a-z_]+\/)[^/]+/, "$1{id}");
const documented = () =>
  Object.entries(validator.spec.paths as Record<string, Record<string, unknown>>).flatMap(([t, item]) =>
    Object.keys(item)
      .filter((m) => ["get", "post", "put", "delete"].includes(m))
      .map((m) => ({ method: m.toUpperCase(), regex: new RegExp(`^${t.replace(/\{[^}]+\}/g, "[^/]+")}$`) })),
  );
const unservedRows = UNSERVED_FAMILIES.flatMap((f) =>
  f.operations.map(([method, t, operation]) => ({
    method,
    operation,
    family: f,
    regex: new RegExp(`^${t.replace(/\{id\}/g, "[^/]+")}$`),
  })),
);

describe("every method of the SDK's Managed Agents client", () => {
  it("walks the client: the families it knows and every method of each", () => {
    expect(walked.length).toBeGreaterThan(100);
    for (const family of [
      "agents",
      "sessions",
      "environments",
      "memoryStores",
      "vaults",
      "skills",
      "files",
      "webhooks",
      "organization.webhooks",
    ]) {
      expect(walked.some((m) => m.startsWith(`client.beta.${family}.`))).toBe(true);
    }
    // The helper and product lists name only what the SDK has.
    for (const helper of Object.keys(HELPERS)) expect(walked).toContain(helper);
    for (const product of Object.keys(OTHER_PRODUCTS)) expect(probe.beta).toHaveProperty(product);
    // Every method but the helpers makes one request.
    const silent = walked.filter((m) => !(m in HELPERS) && !requests.has(m));
    expect(silent).toEqual([]);
  });

  it("is served (an operation of the /v1 document) or listed as unserved with the reason", () => {
    const ops = documented();
    const neither: string[] = [];
    const both: string[] = [];
    for (const [name, req] of requests) {
      const served = ops.some((o) => o.method === req.method && o.regex.test(req.path));
      const row = unservedRows.find((r) => r.method === req.method && r.regex.test(req.path));
      if (served && row) both.push(`${name} (${req.method} ${template(req.path)})`);
      if (!served && !row) neither.push(`${name} (${req.method} ${req.path})`);
      if (row) expect(row.operation, `${req.method} ${req.path}`).toBe(name);
    }
    expect(neither, "served by neither the /v1 document nor the unserved table").toEqual([]);
    expect(both, "listed as unserved but served").toEqual([]);
    // Every row of the table is a method of the SDK.
    for (const row of unservedRows) expect(walked).toContain(row.operation);
  });

  it("shows every unserved family on the docs page with its reason", () => {
    const page = readFileSync(new URL("../../docs/anthropic-surface.md", import.meta.url), "utf8");
    for (const f of UNSERVED_FAMILIES) {
      expect(page).toContain(`\`${f.family}\``);
      expect(page).toContain(f.why);
    }
  });

  it("reaches the route of every served method on a real server, and answers 404 naming each unserved one", async () => {
    const unroutable: string[] = [];
    for (const [name, req] of requests) {
      const res = await fetch(`${server.url}${req.path}`, {
        method: req.method,
        headers: { "x-api-key": server.token, "content-type": "application/json" },
        ...(req.method === "POST" ? { body: "{}" } : {}),
      });
      const text = await res.text();
      const row = unservedRows.find((r) => r.method === req.method && r.regex.test(req.path));
      if (row) {
        expect(res.status, name).toBe(404);
        expect(text).toContain(name);
        expect(text).toContain(row.family.kind === "cannot_apply" ? "cannot apply" : "does not serve yet");
      } else if (res.status === 405 || (res.status === 404 && text.includes("No route"))) {
        unroutable.push(`${name}: ${req.method} ${req.path} → ${res.status}`);
      }
    }
    expect(unroutable).toEqual([]);
  });
});
