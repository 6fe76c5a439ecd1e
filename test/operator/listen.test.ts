/**
 * `cloud-agents listen` as a real process: it follows the account's events from a real server and
 * forwards each one to a real local receiver that verifies the signature with the secret the
 * command printed - the SDK's verifyWebhook for the default scheme, the `standardwebhooks`
 * package for standard_webhooks, exactly as receivers of real deliveries do.
 */
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../client/webhooks.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createAgent, createEnvironment } from "../helpers/flows/lifecycle.ts";
import { type CliProcess, inProcess, runCli, spawnCli, type TestServer, waitFor } from "../helpers/servers/server.ts";

let server: TestServer;
let receiver: Receiver;
const processes: CliProcess[] = [];
/** The secret each path's listener printed: the receiver verifies with it. */
const secrets = new Map<string, string>();

const flat = (headers: ReceivedRequest["headers"]) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]));

/** 204 when the delivery verifies with the secret its listener printed, 400 otherwise. */
function verifies(req: ReceivedRequest): boolean {
  const secret = secrets.get(req.path);
  if (!secret) return false;
  try {
    if (req.path.startsWith("/standard")) new StandardWebhook(secret).verify(req.body, flat(req.headers));
    else verifyWebhook(req.body, req.headers, secret);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  server = await inProcess();
  receiver = await startReceiver((req) => {
    if (req.path === "/failing") return { status: 503, body: "down for maintenance" };
    return verifies(req) ? { status: 204 } : { status: 400, body: "bad signature" };
  });
}, 60_000);
afterAll(async () => {
  for (const p of processes) await p.kill("SIGKILL");
  await receiver.close();
  await server.stop();
});

async function startListen(args: string[], env: Record<string, string> = {}): Promise<CliProcess> {
  const p = await spawnCli(["listen", "--server", server.url, ...args], { CLOUD_AGENTS_TOKEN: server.token, ...env });
  processes.push(p);
  return p;
}

/** The stored envelopes of account default created after `before` of them. */
async function storedSince(before: number) {
  const storage = server.service.deps.storage;
  const id = (await storage.accounts.findAccountByName("default"))?.id ?? "";
  return (await storage.outbox.listEvents(id, { limit: 100_000 })).slice(before);
}
const storedCount = async () => (await storedSince(0)).length;

describe("cloud-agents listen", () => {
  it("prints its secret, forwards each event signed like a webhook, and prints the receiver's answer", async () => {
    const p = await startListen(["--forward-to", `${receiver.url}/hooks`]);
    const [ready, secretLine] = await p.waitForLines(2);
    expect(ready).toContain(
      `Ready! Forwarding the events of ${server.url} to ${receiver.url}/hooks (webhook_signature)`,
    );
    const secret = /(whsec_[A-Za-z0-9+/=]+)/.exec(secretLine ?? "")?.[1] ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secrets.set("/hooks", secret);

    const before = await storedCount();
    await createEnvironment(server);
    await createAgent(server, { name: "forwarded" });
    const lines = await p.waitForLines(4);
    const expected = await storedSince(before);
    expect(expected.map((e) => e.envelope.data.type)).toEqual(["environment.created", "agent.created"]);
    for (const [i, e] of expected.entries()) {
      expect(lines[2 + i]).toContain(e.envelope.data.type);
      expect(lines[2 + i]).toContain(e.envelope.id);
      expect(lines[2 + i]).toContain("<-- [204]");
    }
    const requests = receiver.on("/hooks");
    expect(requests.map((r) => r.body.toString("utf8"))).toEqual(expected.map((e) => e.payload));
    for (const [i, r] of requests.entries()) {
      expect(r.headers).toMatchObject({
        "content-type": "application/json",
        "webhook-id": expected[i]?.envelope.id,
        "webhook-event-type": expected[i]?.envelope.data.type,
      });
      expect(r.headers["user-agent"]).toMatch(/^CloudAgents-Webhook\//);
      expect(r.headers["webhook-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
    expect(await p.kill("SIGINT")).toBe(0);
    expect(p.stderr()).toContain("Stopped.");
  });

  it("signs with the standard_webhooks scheme, filters with --events, and prints JSON lines with --json", async () => {
    const p = await startListen([
      "--forward-to",
      `${receiver.url}/standard`,
      "--signing-scheme",
      "standard_webhooks",
      "--events",
      "agent.created,agent.archived",
      "--json",
    ]);
    const [readyLine] = await p.waitForLines(1);
    const ready = JSON.parse(readyLine ?? "{}");
    expect(ready).toMatchObject({
      type: "ready",
      signing_scheme: "standard_webhooks",
      server: server.url,
      forward_to: `${receiver.url}/standard`,
      events: ["agent.created", "agent.archived"],
    });
    secrets.set("/standard", ready.signing_secret);

    const before = await storedCount();
    const agent = await createAgent(server, { name: "filtered" });
    await createEnvironment(server);
    await server.request("POST", `/agents/${agent.id}/archive`);
    const lines = (await p.waitForLines(3)).slice(1).map((l) => JSON.parse(l));
    const wanted = (await storedSince(before)).filter((e) => e.envelope.data.type.startsWith("agent."));
    expect(lines).toEqual(
      wanted.map((e) => ({
        type: "event",
        id: e.envelope.id,
        event_type: e.envelope.data.type,
        status: 204,
        ok: true,
        duration_ms: expect.any(Number),
        error: null,
      })),
    );
    const requests = receiver.on("/standard");
    expect(requests.map((r) => r.headers["webhook-signature"])).toEqual(
      requests.map(() => expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/)),
    );
    expect(await p.kill("SIGTERM")).toBe(0);
  });

  it("reports a receiver that fails, and goes on", async () => {
    const p = await startListen(["--forward-to", `${receiver.url}/failing`, "--json"]);
    await p.waitForLines(1);
    await createEnvironment(server);
    await createEnvironment(server);
    const lines = (await p.waitForLines(3)).slice(1).map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.status, l.ok])).toEqual([
      [503, false],
      [503, false],
    ]);
    expect(lines[0].error).toContain("down for maintenance");
    await waitFor(() => receiver.on("/failing").length === 2, { what: "two attempts, no retries" });
    await p.kill("SIGINT");
  });

  it("has --help, and refuses a wrong command line (exit 2) or a missing token (exit 1)", async () => {
    const help = await runCli(["listen", "--help"], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cloud-agents listen --forward-to URL/);
    const wrong = [
      [[], /needs --forward-to/],
      [["--forward-to", "ftp://x"], /--forward-to must be an http or https URL/],
      [["--forward-to", "http://localhost:1", "--events", "agent.exploded"], /unknown: agent.exploded/],
      [["--forward-to", "http://localhost:1", "--signing-scheme", "rot13"], /--signing-scheme must be/],
      [["--forward-to", "http://localhost:1", "--port", "1"], /Unknown option '--port' for cloud-agents listen/],
    ] as const;
    const results = await Promise.all(wrong.map(([args]) => runCli(["listen", ...args], { CLOUD_AGENTS_TOKEN: "x" })));
    for (const [i, res] of results.entries()) {
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toMatch(wrong[i]?.[1] ?? /never/);
    }
    const noToken = await runCli(["listen", "--forward-to", "http://localhost:1"], { CLOUD_AGENTS_TOKEN: "" });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toContain("CLOUD_AGENTS_TOKEN is not set");
    const refused = await runCli(["listen", "--forward-to", "http://localhost:1", "--server", server.url], {
      CLOUD_AGENTS_TOKEN: "not-a-token",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The server refused the event stream \(401\): TOKEN_INVALID/);
  });
});
