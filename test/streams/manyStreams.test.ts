/**
 * Bounded memory with 1,000 open streams: a server process holds 990 streams whose clients read and
 * 10 whose clients never read, while megabytes of events are committed to the slow clients'
 * session. The slow clients are dropped once their connection has stayed backed up for
 * STREAM_DRAIN_TIMEOUT_MS (events are never queued in memory for them), the others keep
 * receiving every event, and the server's resident memory is printed at each step (figures,
 * not assertions: the machine is shared). The same burst is first committed to a session nobody
 * streams, so that what the burst itself costs (request parsing, SQLite's page cache) is not
 * taken for stream buffering. Runs on the suite's database (SQLite, or PostgreSQL with
 * TEST_DATABASE=postgres).
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mustOpen, type SseConnection } from "../helpers/flows/sse.ts";
import { type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { TEST_DATABASE, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const NORMAL = 990;
const SLOW = 10;
const token = `many_streams_${Date.now()}_token`;
let dir: string;
let server: ServerProcess;
const readers: SseConnection[] = [];
const slow: Socket[] = [];

beforeAll(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  dir = mkdtempSync(join(tmpdir(), "cas-streams-"));
  server = await serverProcess({
    env: {
      // The SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database.
      ...(await testDatabaseEnv(join(dir, "db.sqlite"))),
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
      MAX_STREAMS_PER_ACCOUNT: "2000",
      STREAM_DRAIN_TIMEOUT_MS: "1000",
    },
    timeoutMs: 60_000,
  });
}, 60_000);
afterAll(async () => {
  for (const r of readers) r.close();
  for (const s of slow) s.destroy();
  await server?.kill();
  const { rmSync } = await import("node:fs");
  rmSync(dir, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}/api/v1/cloud${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A value of the server's /metrics (summed over its labels matching `labels`). */
async function metric(name: string, labels = ""): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith(name) && (l[name.length] === " " || l[name.length] === "{") && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}
const mib = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const rssMiB = async () => mib(await metric("process_resident_memory_bytes"));

/** A client that sends the request and then never reads a byte. */
function slowClient(path: string): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/v1/cloud${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
      socket.pause();
      resolve(socket);
    });
    socket.on("error", () => {});
    socket.once("error", reject);
  });
}

const message = (text: string) => ({ type: "user.message", content: [{ type: "text", text }] });
/** A user message of about 900 KB (nine text blocks of 100,000 characters); the echo agent answers as much. */
const bigMessage = (i: number) => ({
  type: "user.message",
  content: Array.from({ length: 9 }, (_, k) => ({ type: "text", text: `${i}.${k} `.padEnd(100_000, "x") })),
});

it("holds 1,000 open streams, drops the 10 that do not read, keeps the others whole, within bounded memory", async () => {
  const env = await api("POST", "/environments", { name: "streams" });
  const agent = await api("POST", "/agents", { name: "echo", model: "echo" });
  const a = await api("POST", "/sessions", {
    agent: agent.id,
    environment_id: env.id,
    initial_events: [message("hi")],
  });
  const b = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
  const c = await api("POST", "/sessions", { agent: agent.id, environment_id: env.id });
  const rss = { baseline: 0, control: 0, open: 0, burstMax: 0, after: 0 };
  let bufferedMax = 0;
  let sampling = false;
  const sample = async () => {
    while (sampling) {
      rss.burstMax = Math.max(rss.burstMax, await rssMiB());
      bufferedMax = Math.max(bufferedMax, await metric("cloud_agents_stream_buffered_bytes"));
      await new Promise((r) => setTimeout(r, 100)); // the sampling interval, not a wait
    }
  };
  const burst = async (sessionId: string) => {
    for (let i = 0; i < 15; i++) await api("POST", `/sessions/${sessionId}/events`, { events: [bigMessage(i)] });
  };

  // The control: the same burst to a session nobody streams, before any stream is open.
  rss.baseline = await rssMiB();
  await burst(c.id);
  await waitFor(async () => (await api("GET", `/sessions/${c.id}`)).status === "idle", {
    what: "the control burst answered",
  });
  rss.control = await rssMiB();

  for (let i = 0; i < NORMAL; i += 110) {
    const batch = Array.from({ length: Math.min(110, NORMAL - i) }, () =>
      mustOpen(server.url, `/sessions/${a.id}/events/stream`, { token }),
    );
    readers.push(...(await Promise.all(batch)));
  }
  for (let i = 0; i < SLOW; i++) slow.push(await slowClient(`/sessions/${b.id}/events/stream`));
  await waitFor(async () => (await metric("cloud_agents_open_streams")) === NORMAL + SLOW, {
    timeoutMs: 30_000,
    what: "1,000 open streams",
  });
  // Every reader has the history of session A (its first turn).
  await waitFor(() => readers.every((r) => r.messages.length >= 4), { timeoutMs: 30_000, what: "A's history" });
  rss.open = await rssMiB();

  // About 27 MB of events for the slow clients' session, while their connections are backed up.
  sampling = true;
  const sampler = sample();
  await burst(b.id);
  await waitFor(async () => (await metric("cloud_agents_streams_ended_total", 'reason="slow_client"')) === SLOW, {
    timeoutMs: 60_000,
    what: "the 10 slow clients dropped",
  });
  sampling = false;
  await sampler;

  // The readers were not disturbed: they are all open and get the next event of their session.
  expect(await metric("cloud_agents_open_streams")).toBe(NORMAL);
  await api("POST", `/sessions/${a.id}/events`, { events: [message("still there?")] });
  await waitFor(
    () => readers.every((r) => r.messages.some((m) => m.data.content?.[0]?.text === "Echo: still there?")),
    {
      timeoutMs: 30_000,
      what: "every reader to get the new turn",
    },
  );
  expect(readers.every((r) => !r.isClosed())).toBe(true);
  rss.after = await rssMiB();
  console.log(
    `streams (${TEST_DATABASE}): server RSS ${rss.baseline} MiB at start, ${rss.control} MiB after a control burst of ~27 MB of events ` +
      `to a session nobody streams, ${rss.open} MiB with ${NORMAL + SLOW} open streams, at most ${rss.burstMax} MiB ` +
      `while the same burst went to ${SLOW} clients that do not read (at most ${Math.round(bufferedMax / 1024)} KiB ` +
      `unsent in all streams; the slow clients dropped after STREAM_DRAIN_TIMEOUT_MS), ${rss.after} MiB after, ` +
      `with ${NORMAL} streams still open`,
  );
}, 240_000);
