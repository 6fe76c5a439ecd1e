import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { freePort, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { queryRows, TEST_DATABASE, testDatabaseUrl } from "../helpers/servers/testDatabase.ts";

const BURST = 600;
const KILL_AFTER = 200;

/** A real server on the data folder's database (its SQLite file, or with TEST_DATABASE=postgres its PostgreSQL database). */
function spawnServer(
  dataDir: string,
  port: number,
  token: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return serverProcess({
    dbPath: join(dataDir, "db.sqlite"),
    token,
    port,
    env: {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      WEBHOOK_RETRY_BASE_MS: "50",
      WEBHOOK_RETRY_FACTOR: "2",
      WEBHOOK_TIMEOUT_MS: "1000",
      // A killed server's leases expire after 2 s; the restarted one then sends those records again.
      WEBHOOK_LEASE_MS: "2000",
      WEBHOOK_POLL_INTERVAL_MS: "100",
      ...env,
    },
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once("exit", () => res());
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

describe("a server killed in the middle of a burst", () => {
  it("loses no acknowledged event: every one arrives at least once after a restart on the same database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cas-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const token = `crash_${randomBytes(16).toString("hex")}`;
    // Until the restart the receiver answers nothing: it holds every request open, so the first
    // server never completes a delivery and every acknowledged event can only be delivered by the
    // restarted server (the one that must find the records, and the leases, the killed one left).
    let releaseHeld: () => void = () => {};
    const held = new Promise<void>((res) => {
      releaseHeld = res;
    });
    cleanups.push(() => releaseHeld());
    const receiver: Receiver = await startReceiver(() => ({ hold: held }));
    cleanups.push(() => receiver.close());
    const port = await freePort();

    // The first server's held attempts time out only after 10 s (its leases last 11 s), far longer
    // than the burst: it cannot burn through a record's 4 attempts before it is killed.
    const first = await spawnServer(dataDir, port, token, { WEBHOOK_TIMEOUT_MS: "10000", WEBHOOK_LEASE_MS: "11000" });
    cleanups.push(() => {
      first.child.kill("SIGKILL");
    });
    const api = (base: string, method: string, path: string, body?: unknown) =>
      fetch(`${base}/api/v1/cloud${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const created = await api(first.url, "POST", "/webhook_endpoints", {
      url: `${receiver.url}/crash`,
      events: ["*"],
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string };

    // The burst: 8 clients firing test events; SIGKILL once KILL_AFTER are acknowledged.
    const acknowledged = new Set<string>();
    let sent = 0;
    let killedAt = -1;
    const client = async () => {
      while (sent < BURST && killedAt < 0) {
        sent++;
        try {
          const res = await api(first.url, "POST", `/webhook_endpoints/${endpoint.id}/test`);
          if (res.status === 202) acknowledged.add(((await res.json()) as { event_id: string }).event_id);
        } catch {
          // The server died under this request: it was never acknowledged.
        }
        if (acknowledged.size >= KILL_AFTER && killedAt < 0) {
          killedAt = acknowledged.size;
          first.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await killed(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");
    // From here on every request is answered 200; the ones that reached the killed server's held
    // connections are never answered (their sockets died with it).
    const restartIndex = receiver.requests.length;
    const restartedAt = new Date().toISOString();
    receiver.respond(() => ({ delayMs: 5 }));
    releaseHeld();
    const receivedBeforeRestart = new Set(
      receiver.requests.slice(0, restartIndex).map((r) => String(r.headers["webhook-id"])),
    ).size;
    // The restart path is needed: the killed server had sent (and seen answered) none of them.
    expect(receivedBeforeRestart).toBeLessThan(acknowledged.size);

    const second = await spawnServer(dataDir, port, token);
    cleanups.push(async () => {
      second.child.kill("SIGTERM");
      await killed(second.child);
    });
    // Only requests that arrived after the restart (and were answered 200) count as received.
    const receivedIds = () =>
      new Set(receiver.requests.slice(restartIndex).map((r) => String(r.headers["webhook-id"])));
    await waitFor(
      () => {
        const got = receivedIds();
        for (const id of acknowledged) if (!got.has(id)) return false;
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 50, what: "every acknowledged event at the receiver" },
    );
    // Let the restarted server settle (leases of the killed one expire and those records go out
    // again) before counting duplicates.
    await waitFor(
      async () => {
        const res = await api(second.url, "GET", "/webhook_events?status=pending&limit=1");
        return ((await res.json()) as { data: unknown[] }).data.length === 0;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: "no pending delivery record" },
    );
    const got = receivedIds();
    const lost = [...acknowledged].filter((id) => !got.has(id));
    const duplicates = receiver.requests.length - restartIndex - got.size;
    console.log(
      `crash test (${TEST_DATABASE}): ${acknowledged.size} events acknowledged before SIGKILL, ${receivedBeforeRestart} sent (held, ` +
        `never answered) and 0 delivered before the restart, ${got.size} distinct events received in the end, ` +
        `${lost.length} lost, ${duplicates} duplicate deliveries (at-least-once)`,
    );
    expect(lost).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // Every delivery of one event carried the same bytes.
    const bodies = new Map<string, string>();
    for (const r of receiver.requests) {
      const id = String(r.headers["webhook-id"]);
      const previous = bodies.get(id);
      if (previous !== undefined) expect(r.body.toString("utf8")).toBe(previous);
      else bodies.set(id, r.body.toString("utf8"));
    }

    // The restarted server shuts down gracefully on SIGTERM.
    second.child.kill("SIGTERM");
    await killed(second.child);
    expect(second.child.exitCode).toBe(0);

    // The database agrees: every acknowledged event's record succeeded, and only after the restart
    // (so by the restarted server: the killed one never had an answer).
    const rows = await queryRows<{ event_id: string; status: string; delivered_at: string | null }>(
      await testDatabaseUrl(join(dataDir, "db.sqlite")),
      "SELECT event_id, status, delivered_at FROM webhook_deliveries WHERE endpoint_id = ?",
      endpoint.id,
    );
    const byEvent = new Map(rows.map((r) => [r.event_id, r]));
    const notDelivered = [...acknowledged].filter((id) => {
      const row = byEvent.get(id);
      return row?.status !== "succeeded" || (row.delivered_at ?? "") < restartedAt;
    });
    expect(notDelivered).toEqual([]);
  }, 120_000);
});
