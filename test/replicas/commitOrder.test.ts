/**
 * Commit order across accounts and replicas: two server processes on one database, writers of
 * several accounts at once through both, and every account's and every session's stream open on
 * both replicas. Each stream must carry its events in the database's order, each once, none
 * skipped: on PostgreSQL the event-order lock is per account (writers of different accounts do not
 * wait for each other), so this is where a stream or the hub's wake-ups would miss an event that
 * commits after a later position of another account (docs/streams.md).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { mustOpen, type SseConnection } from "../helpers/flows/sse.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { runCli, type ServerProcess, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { queryRows } from "../helpers/servers/testDatabase.ts";

const ACCOUNTS = 6;
/** Vaults each account's writers create (each an outbox event), half through each replica. */
const VAULTS = 40;
/** Messages to each account's session (each a user.message and a turn's events), through both replicas. */
const MESSAGES = 6;

const dataDir = mkdtempSync(join(tmpdir(), "cas-commit-order-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it.each(["sqlite", "postgres"] as const)(
  "%s: writers of many accounts through two replicas; every stream on both gets every event once, in order",
  async (adapter) => {
    const databaseUrl =
      adapter === "postgres" ? await freshPostgresDatabase() : `sqlite:${join(dataDir, `${adapter}.sqlite`)}`;
    const env = {
      DATABASE_URL: databaseUrl,
      CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64"),
      MAX_STREAMS_PER_ACCOUNT: "100",
      // No heartbeat read during the test: a stream that is not woken for an event stays behind.
      STREAM_HEARTBEAT_MS: "600000",
    };
    const replicas: ServerProcess[] = [];
    const streams: SseConnection[] = [];
    try {
      replicas.push(await serverProcess({ env }));
      const tokens: string[] = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const created = await runCli(["token", "create", "--account", `order-${i}`], env);
        expect(created.code, created.stderr).toBe(0);
        tokens.push(created.stdout.trim());
      }
      replicas.push(await serverProcess({ env }));

      const call = async (replica: number, token: string, method: string, path: string, body?: unknown) => {
        for (;;) {
          const res = await fetch(`${(replicas[replica] as ServerProcess).url}/api/v1/cloud${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          const text = await res.text();
          // SQLite, two processes: the file's write lock was held past the wait; nothing was written.
          if (res.status === 503) continue;
          if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
          return JSON.parse(text);
        }
      };

      // Each account: an environment, an agent and a session; its account stream and its session's
      // stream open on both replicas before the writes start.
      const accounts = [];
      for (const [i, token] of tokens.entries()) {
        const environment = await call(i % 2, token, "POST", "/environments", { name: `order ${i}` });
        const agent = await call(i % 2, token, "POST", "/agents", { name: `order ${i}`, model: "echo" });
        const session = await call(i % 2, token, "POST", "/sessions", {
          agent: agent.id,
          environment_id: environment.id,
        });
        const open = (replica: number, path: string) =>
          mustOpen((replicas[replica] as ServerProcess).url, path, { token }).then((s) => {
            streams.push(s);
            return s;
          });
        accounts.push({
          token,
          session: session.id as string,
          accountStreams: [await open(0, "/events/stream"), await open(1, "/events/stream")],
          sessionStreams: [
            await open(0, `/sessions/${session.id}/events/stream`),
            await open(1, `/sessions/${session.id}/events/stream`),
          ],
          vaults: new Set<string>(),
        });
      }

      // Every account's writers at once, through both replicas.
      await Promise.all(
        accounts.flatMap((account) => [
          ...[0, 1].map(async (replica) => {
            for (let n = 0; n < VAULTS / 2; n++) {
              const vault = await call(replica, account.token, "POST", "/vaults", {
                display_name: `r${replica} ${n}`,
              });
              account.vaults.add(vault.id as string);
            }
          }),
          (async () => {
            for (let n = 0; n < MESSAGES; n++) {
              await call(n % 2, account.token, "POST", `/sessions/${account.session}/events`, {
                events: [{ type: "user.message", content: [{ type: "text", text: `message ${n}` }] }],
              });
            }
          })(),
        ]),
      );

      for (const account of accounts) {
        // The turns end: every message answered.
        await waitFor(
          async () => {
            const s = await call(0, account.token, "GET", `/sessions/${account.session}`);
            const events = await call(0, account.token, "GET", `/sessions/${account.session}/events?limit=100`);
            const answers = events.data.filter((e: { type: string }) => e.type === "agent.message").length;
            return s.status === "idle" && answers === MESSAGES;
          },
          { timeoutMs: 120_000, intervalMs: 200, what: `the turns of ${account.session}` },
        );
        const history = (await call(1, account.token, "GET", `/sessions/${account.session}/events?limit=100`)).data.map(
          (e: { id: string }) => e.id,
        );
        // The account's envelopes in the database's order (seq), from the first one its streams were
        // opened before: the environment, agent and session events came earlier.
        const envelopes = (
          await queryRows<{ id: string; kind: string; resource_id: string }>(
            databaseUrl,
            "SELECT e.id, e.kind, e.resource_id FROM events e JOIN sessions s ON s.account_id = e.account_id WHERE s.id = ? ORDER BY e.seq",
            account.session,
          )
        ).map((e) => e.id);
        for (const stream of account.sessionStreams) {
          await waitFor(() => stream.messages.length >= history.length, {
            timeoutMs: 60_000,
            what: `${history.length} events on the session stream of ${account.session}`,
          });
          // The history, in order, each once: nothing skipped, nothing doubled.
          expect(stream.messages.map((m) => m.id)).toEqual(history);
        }
        for (const stream of account.accountStreams) {
          await waitFor(
            () => {
              const ids = new Set(stream.messages.map((m) => m.data.data?.id));
              return [...account.vaults].every((id) => ids.has(id)) && stream.messages.length > 0;
            },
            { timeoutMs: 60_000, what: `every vault's event on an account stream of ${account.session}` },
          );
          const got = stream.messages.map((m) => m.id);
          const first = envelopes.indexOf(got[0] as string);
          expect(first, "the stream's first event is one of the account's").toBeGreaterThanOrEqual(0);
          // Every envelope committed after the stream's first one, in the database's order, each once.
          const expected = envelopes.slice(first);
          await waitFor(() => stream.messages.length >= expected.length, {
            timeoutMs: 60_000,
            what: `${expected.length} envelopes on an account stream`,
          });
          expect(stream.messages.map((m) => m.id)).toEqual(expected);
        }
      }
    } finally {
      for (const s of streams) s.close();
      for (const r of replicas) await r.kill("SIGKILL");
    }
  },
);
