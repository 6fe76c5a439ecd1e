/**
 * Streams are driven by what is committed in the database, not by this process's own writes: a
 * second server process on the same database commits events, and the streams of the first
 * one (this process) send them. Nothing in process A is told about B's commits: on SQLite A finds
 * them by polling PRAGMA data_version (STREAM_POLL_INTERVAL_MS); on PostgreSQL by B's NOTIFY at
 * commit. A's heartbeat (whose fallback read would find them too) is set to 10 minutes, so only
 * the wake-up source can bring them here in time.
 *
 * The second block always runs on PostgreSQL (two replicas on one fresh database), with the
 * poll fallback set to 10 minutes too: only LISTEN/NOTIFY can bring replica B's commits to A.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createEnvironment, createSession, history, userMessage } from "../helpers/flows/lifecycle.ts";
import { mustOpen, type SseConnection } from "../helpers/flows/sse.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { inProcess, type ServerProcess, serverProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const noPostgres = requirePostgres() !== null;

let a: TestServer;
let b: ServerProcess;
const open: SseConnection[] = [];

beforeAll(async () => {
  a = await inProcess({ env: { STREAM_HEARTBEAT_MS: "600000" } });
  b = await serverProcess({
    env: {
      // The same database (and on PostgreSQL the same secret key) as A.
      ...(await testDatabaseEnv(a.dbPath)),
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: a.token,
    },
    timeoutMs: 60_000,
  });
}, 60_000);
afterAll(async () => {
  for (const c of open) c.close();
  await b?.kill();
  await a?.stop();
});

/** A request to a server process's API (B), with A's token. */
async function call(server: ServerProcess, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}/api/v1/cloud${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} on B: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const onB = (method: string, path: string, body?: unknown) => call(b, a.token, method, path, body);

describe("a stream on one server process", () => {
  it("sends the events another process commits to the same database", async () => {
    const env = await createEnvironment(a);
    const agent = await createAgent(a);
    const session = await createSession(a, agent.id, env);
    const sessionStream = await mustOpen(a.url, `/sessions/${session.id}/events/stream`, { token: a.token });
    const accountStream = await mustOpen(a.url, "/events/stream", { token: a.token });
    open.push(sessionStream, accountStream);

    // Process B commits a new agent (agent.created in the outbox), which process A does not react
    // to with a commit of its own: only the poll can bring it to A's stream.
    const other = await onB("POST", "/agents", { name: "made by B", model: "echo" });
    await accountStream.waitForMessages(1);
    expect(accountStream.messages[0]).toMatchObject({ event: "agent.created", data: { data: { id: other.id } } });

    // A message to the session, through B.
    const sent = await onB("POST", `/sessions/${session.id}/events`, { events: [userMessage("from B")] });
    expect(sent.data[0].type).toBe("user.message");
    await sessionStream.waitForMessages(1);
    expect(sessionStream.messages[0]?.data).toEqual(sent.data[0]);

    // The turn (run by either process) reaches the stream in full, in order, once.
    const events = await waitFor(
      async () => {
        const h = await history(a, session.id);
        return h.some((e) => e.type === "session.status_idled") ? h : null;
      },
      { what: "the turn of the message sent through B" },
    );
    await sessionStream.waitForMessages(events.length);
    expect(sessionStream.messages.map((m) => m.raw)).toEqual(events.map((e) => JSON.stringify(e)));
  });
});

describe.skipIf(noPostgres)("a stream on one PostgreSQL replica", () => {
  it("sees a commit made on another replica at once, through LISTEN/NOTIFY (no poll, no heartbeat in time)", async () => {
    const shared = {
      DATABASE_URL: await freshPostgresDatabase(),
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const replicaA = await inProcess({
      env: { ...shared, STREAM_HEARTBEAT_MS: "600000", STREAM_POLL_INTERVAL_MS: "60000" },
    });
    let replicaB: ServerProcess | null = null;
    try {
      replicaB = await serverProcess({
        env: { ...shared, CLOUD_AGENTS_BOOTSTRAP_TOKEN: replicaA.token },
        timeoutMs: 60_000,
      });
      const accountStream = await mustOpen(replicaA.url, "/events/stream", { token: replicaA.token });
      open.push(accountStream);
      const started = Date.now();
      const made = await call(replicaB, replicaA.token, "POST", "/agents", { name: "made on B", model: "echo" });
      await accountStream.waitForMessages(1);
      const latencyMs = Date.now() - started;
      expect(accountStream.messages[0]).toMatchObject({ event: "agent.created", data: { data: { id: made.id } } });
      // Far below the 1-minute poll (10 minutes while LISTEN is up) and the heartbeat: only the NOTIFY can have brought it.
      expect(latencyMs).toBeLessThan(30_000);
      console.log(`replica B's commit reached replica A's stream in ${latencyMs} ms`);
    } finally {
      await replicaB?.kill();
      await replicaA.stop();
    }
  }, 120_000);
});
