/**
 * The headers of a webhook delivery are documented on every `webhooks:` entry of the description
 * (as header parameters, which the docs list under the event): a real delivery, in each signing
 * scheme, to an HTTP receiver carries every documented required header, and every header it
 * carries beyond HTTP's own framing is documented.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { inProcess, ROOT, type TestServer } from "../helpers/servers/server.ts";

type Json = Record<string, any>;
const spec = JSON.parse(readFileSync(join(ROOT, "generated/openapi.json"), "utf8")) as Json;
const resolve = (p: Json): Json =>
  typeof p.$ref === "string" ? spec.components.parameters[p.$ref.split("/").pop() as string] : p;

/** Headers HTTP itself sets (framing, the host) or that the request body's media type documents. */
const HTTP_OWN = new Set([
  "host",
  "content-length",
  "connection",
  "content-type",
  "transfer-encoding",
  "accept",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
]);

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

async function deliveredHeaders(scheme: string): Promise<Record<string, unknown>> {
  const path = `/hook-${scheme}`;
  const created = await server.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}${path}`, events: ["*"], signing_scheme: scheme },
  });
  expect(created.status).toBe(201);
  expect((await server.request("POST", `/webhook_endpoints/${created.body.id}/test`)).status).toBe(202);
  const [req] = await receiver.waitForRequests(1, { path });
  if (!req) throw new Error("no delivery");
  return req.headers as Record<string, unknown>;
}

describe("webhook delivery headers", () => {
  const entries = Object.entries(spec.webhooks as Json).map(([name, item]) => ({
    name,
    headers: ((item.post.parameters ?? []) as Json[]).map(resolve).filter((p) => p.in === "header"),
  }));

  it("every webhook entry documents the same delivery headers", () => {
    expect(entries.length).toBeGreaterThan(30);
    const names = (e: (typeof entries)[number]) => e.headers.map((h) => String(h.name).toLowerCase()).sort();
    for (const e of entries) expect(names(e), e.name).toEqual(names(entries[0] as (typeof entries)[number]));
    for (const h of entries[0]?.headers ?? []) {
      expect(h.description, String(h.name)).toBeTruthy();
      expect(h.example ?? h.examples, String(h.name)).toBeDefined();
    }
  });

  it.each(["webhook_signature", "standard_webhooks"])(
    "a %s delivery sends exactly the documented headers",
    async (scheme) => {
      const documented = entries[0]?.headers ?? [];
      const sent = await deliveredHeaders(scheme);
      const names = new Set(documented.map((h) => String(h.name).toLowerCase()));
      for (const h of documented.filter((d) => d.required))
        expect(sent, String(h.name)).toHaveProperty(String(h.name).toLowerCase());
      const undocumented = Object.keys(sent).filter((k) => !HTTP_OWN.has(k) && !names.has(k));
      expect(undocumented).toEqual([]);
      if (scheme === "standard_webhooks") expect(sent).toHaveProperty("webhook-timestamp");
      else expect(sent).not.toHaveProperty("webhook-timestamp");
    },
  );
});
