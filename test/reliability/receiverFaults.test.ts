/**
 * The receiver fault matrix: one endpoint per way a receiver can fail (500, 503 with
 * Retry-After, 429, a timeout, a refused connection, a reset in the middle of the response, a
 * redirect, a slow but timely 2xx), all at once, beside a healthy endpoint. Each failing record
 * is retried on the policy's schedule (Retry-After honoured up to the next step) and ends dead
 * after 4 attempts with the cause recorded; the slow 2xx succeeds; the healthy endpoint gets
 * every event meanwhile.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

// Waits after failed attempts 1, 2 and 3: 100 ms, 400 ms, 1600 ms (no jitter).
const POLICY = {
  WEBHOOK_RETRY_BASE_MS: "100",
  WEBHOOK_RETRY_FACTOR: "4",
  WEBHOOK_RETRY_JITTER: "0",
  // Far above a healthy local answer (~1 ms): on a loaded 2-core machine a 500 ms limit also cut
  // off answers of the 500 receiver (recorded as timeouts, status null).
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_POLL_INTERVAL_MS: "20",
};
const BACKOFF = [100, 400, 1600];
// Retry-After: 1 (s) is honoured up to the next step: max(backoff, min(1000, next step)).
const WITH_RETRY_AFTER = [400, 1000, 1600];

let server: TestServer;
let receiver: Receiver;
let refusedPort = 0;

beforeAll(async () => {
  receiver = await startReceiver((req) => {
    switch (req.path) {
      case "/500":
        return { status: 500, body: "internal trouble" };
      case "/503":
        return { status: 503, retryAfter: 1 };
      case "/429":
        return { status: 429, retryAfter: 1 };
      case "/timeout":
        return { delayMs: 4000 };
      case "/reset":
        return { resetMidResponse: true };
      case "/redirect":
        return { redirectTo: "/redirected" };
      case "/slow":
        return { delayMs: 300 };
      default:
        return { status: 200 };
    }
  });
  // A port nothing listens on: connections are refused.
  refusedPort = await new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  server = await inProcess({ env: POLICY });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

interface Case {
  name: string;
  url: () => string;
  outcome: "dead" | "succeeded";
  status: number | null;
  error: RegExp | null;
  waits?: number[];
}

const CASES: Case[] = [
  {
    name: "500",
    url: () => `${receiver.url}/500`,
    outcome: "dead",
    status: 500,
    error: /^HTTP 500: internal trouble$/,
    waits: BACKOFF,
  },
  {
    name: "503 with Retry-After",
    url: () => `${receiver.url}/503`,
    outcome: "dead",
    status: 503,
    error: /^HTTP 503$/,
    waits: WITH_RETRY_AFTER,
  },
  {
    name: "429 with Retry-After",
    url: () => `${receiver.url}/429`,
    outcome: "dead",
    status: 429,
    error: /^HTTP 429$/,
    waits: WITH_RETRY_AFTER,
  },
  {
    name: "timeout",
    url: () => `${receiver.url}/timeout`,
    outcome: "dead",
    status: null,
    error: /^Timed out after 2000 ms$/,
  },
  {
    name: "connection refused",
    url: () => `http://127.0.0.1:${refusedPort}/x`,
    outcome: "dead",
    status: null,
    error: /ECONNREFUSED/,
  },
  {
    name: "reset mid-response",
    url: () => `${receiver.url}/reset`,
    outcome: "dead",
    status: null,
    error: /ECONNRESET|aborted|socket hang up/,
  },
  {
    name: "3xx",
    url: () => `${receiver.url}/redirect`,
    outcome: "dead",
    status: 302,
    error: /^HTTP 302 redirect to \/redirected \(redirects are not followed\)$/,
  },
  { name: "slow 2xx", url: () => `${receiver.url}/slow`, outcome: "succeeded", status: 200, error: null },
];

describe("the receiver fault matrix", () => {
  it("retries each failure on schedule, records its cause, ends it dead after 4 attempts, and keeps delivering elsewhere", async () => {
    const healthy = await server.request("POST", "/webhook_endpoints", {
      body: { url: `${receiver.url}/healthy`, events: ["*"] },
    });
    const records = new Map<string, string>();
    for (const c of CASES) {
      // Subscribed to a kind this test never emits: each gets exactly its test event.
      const ep = await server.request("POST", "/webhook_endpoints", {
        body: { url: c.url(), events: ["session.deleted"] },
      });
      expect(ep.status, ep.text).toBe(201);
      const sent = await server.request("POST", `/webhook_endpoints/${ep.body.id}/test`);
      records.set(c.name, sent.body.webhook_event_id);
    }
    // While every faulty endpoint fails, the healthy one gets each of 20 events promptly.
    for (let i = 0; i < 20; i++)
      await server.request("POST", "/agents", { body: { name: `during ${i}`, model: "echo" } });
    await receiver.waitForRequests(20, { path: "/healthy", timeoutMs: 10_000 });
    expect(healthy.status).toBe(201);

    for (const c of CASES) {
      const id = records.get(c.name) as string;
      const record = await waitFor(
        async () => {
          const r = (await server.request("GET", `/webhook_events/${id}`)).body;
          return r.status === c.outcome ? r : null;
        },
        { timeoutMs: 30_000, intervalMs: 50, what: `${c.name} to end ${c.outcome}` },
      );
      const attempts = record.attempts as {
        number: number;
        started_at: string;
        response_status: number | null;
        error: string | null;
      }[];
      expect(attempts.length, c.name).toBe(c.outcome === "dead" ? 4 : 1);
      for (const a of attempts) {
        expect(a.response_status, `${c.name} (attempt ${a.number}: ${a.error})`).toBe(c.status);
        if (c.error) expect(a.error ?? "", c.name).toMatch(c.error);
        else expect(a.error, c.name).toBeNull();
      }
      if (c.waits) {
        // Each retry came no sooner than the policy says (and not much later).
        const starts = attempts.map((a) => Date.parse(a.started_at));
        c.waits.forEach((wait, i) => {
          const gap = (starts[i + 1] as number) - (starts[i] as number);
          expect(gap, `${c.name}: wait after attempt ${i + 1}`).toBeGreaterThanOrEqual(wait);
        });
      }
    }
    // A redirect is not followed: its target got nothing.
    expect(receiver.on("/redirected")).toEqual([]);
    // The slow receiver answered once, within the timeout, and was not sent anything again.
    expect(receiver.on("/slow")).toHaveLength(1);
  });
});
