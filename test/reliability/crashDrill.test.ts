/**
 * The crash drill: a burst of 2,000 acknowledged webhook events while the server is killed
 * (SIGKILL: no shutdown code runs) at 5 random moments and restarted on the same database each
 * time. Every acknowledged event must reach the receiver (0 lost); duplicates are allowed
 * (at-least-once) and counted.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { prng } from "../../scripts/lib/prng.ts";
import { startReceiver } from "../helpers/fakes/receiver.ts";
import { freePort, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";

const EVENTS = 2000;
const KILLS = 5;
const CLIENTS = 8;
const SEED = Number(process.env.CRASH_SEED ?? 42);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

it(`loses no acknowledged event of a ${EVENTS}-event burst with ${KILLS} SIGKILLs at random moments`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cas-drill-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startReceiver(() => ({ delayMs: 2 }));
  cleanups.push(() => receiver.close());
  const token = `drill_${randomBytes(16).toString("hex")}`;
  const port = await freePort();
  const env = {
    WEBHOOK_RETRY_BASE_MS: "50",
    WEBHOOK_RETRY_FACTOR: "2",
    WEBHOOK_TIMEOUT_MS: "1000",
    // A killed server's leases expire after 2 s; the next server then sends those records again.
    WEBHOOK_LEASE_MS: "2000",
    WEBHOOK_POLL_INTERVAL_MS: "100",
  };
  let server: ServerProcess = await serverProcess({
    dbPath: join(dataDir, "db.sqlite"),
    token,
    port,
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...env },
  });
  cleanups.push(async () => {
    await server.kill("SIGKILL");
  });
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/v1/cloud${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const created = await api("POST", "/webhook_endpoints", { url: `${receiver.url}/drill`, events: ["*"] });
  expect(created.status).toBe(201);
  const endpoint = (await created.json()) as { id: string };

  // The moments: after how many acknowledged events each SIGKILL comes (seeded, distinct).
  const random = prng(SEED);
  const killAt = new Set<number>();
  while (killAt.size < KILLS) killAt.add(100 + Math.floor(random() * (EVENTS - 200)));
  const moments = [...killAt].sort((a, b) => a - b);
  const pending = [...moments];
  console.log(`crash drill (CRASH_SEED=${SEED}): SIGKILL after ${moments.join(", ")} acknowledged events`);

  const acknowledged = new Set<string>();
  let unanswered = 0;
  let restarting: Promise<void> | null = null;
  const restart = async () => {
    await server.kill("SIGKILL");
    server = await serverProcess({
      dbPath: join(dataDir, "db.sqlite"),
      token,
      port,
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...env },
    });
  };
  const client = async () => {
    while (acknowledged.size < EVENTS) {
      if (restarting) {
        await restarting;
        continue;
      }
      try {
        const res = await api("POST", `/webhook_endpoints/${endpoint.id}/test`);
        if (res.status === 202) acknowledged.add(((await res.json()) as { event_id: string }).event_id);
      } catch {
        // The server died under this request: it was not acknowledged (it may still be delivered).
        unanswered++;
        await new Promise((r) => setTimeout(r, 20)); // a retry back-off, not a wait
      }
      const next = pending[0];
      if (next !== undefined && acknowledged.size >= next && !restarting) {
        pending.shift();
        restarting = restart().finally(() => {
          restarting = null;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  if (restarting) await restarting;

  // Everything acknowledged arrives, and nothing stays pending.
  const received = () => new Set(receiver.requests.map((r) => String(r.headers["webhook-id"])));
  await waitFor(
    () => {
      const got = received();
      for (const id of acknowledged) if (!got.has(id)) return false;
      return true;
    },
    { timeoutMs: 120_000, intervalMs: 100, what: "every acknowledged event at the receiver" },
  );
  await waitFor(
    async () => {
      const res = await api("GET", `/webhook_events?status=pending&limit=1`);
      return ((await res.json()) as { data: unknown[] }).data.length === 0;
    },
    { timeoutMs: 120_000, intervalMs: 200, what: "no pending delivery record" },
  );
  const got = received();
  const lost = [...acknowledged].filter((id) => !got.has(id));
  const duplicates = receiver.requests.length - got.size;
  const extra = [...got].filter((id) => !acknowledged.has(id)).length;
  console.log(
    `crash drill: ${acknowledged.size} events acknowledged across ${KILLS} SIGKILLs and restarts, ` +
      `${unanswered} requests cut off by a kill, ${receiver.requests.length} deliveries received for ${got.size} distinct events ` +
      `(${extra} of them committed but never acknowledged), ${lost.length} lost, ${duplicates} duplicates (at-least-once)`,
  );
  expect(lost).toEqual([]);
  expect(acknowledged.size).toBeGreaterThanOrEqual(EVENTS);
  // Every delivery of one event carried the same bytes.
  const bodies = new Map<string, string>();
  for (const r of receiver.requests) {
    const id = String(r.headers["webhook-id"]);
    const body = r.body.toString("utf8");
    expect(bodies.get(id) ?? body).toBe(body);
    bodies.set(id, body);
  }
  await server.kill("SIGTERM");
  expect(server.child.exitCode).toBe(0);
});
