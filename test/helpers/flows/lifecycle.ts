/** Helpers for the agent, session and thread tests: seeding, sending messages, reading the outbox. */
import type { EventData } from "../../../server/storage/port/outbox.ts";
import { type ApiResponse, type TestServer, waitFor } from "../servers/server.ts";

/** The `data` of every outbox event of an account, oldest first. */
export async function outboxData(server: TestServer, account = "default"): Promise<EventData[]> {
  const storage = server.service.deps.storage;
  const acct = await storage.accounts.findAccountByName(account);
  // Fail loudly: an empty list here would make every "emits nothing" assertion pass vacuously.
  if (!acct) throw new Error(`no account named ${account}`);
  return (await storage.outbox.listEvents(acct.id, { limit: 100_000 })).map((e) => e.envelope.data);
}

/** Returns a function giving the outbox events written since it was made. */
export async function outboxSince(server: TestServer, account = "default"): Promise<() => Promise<EventData[]>> {
  const before = (await outboxData(server, account)).length;
  return async () => (await outboxData(server, account)).slice(before);
}

export async function createEnvironment(server: TestServer, token?: string): Promise<string> {
  const res = await server.request("POST", "/environments", { body: { name: "test env" }, token });
  if (res.status !== 200) throw new Error(`environment create failed: ${res.text}`);
  return res.body.id;
}

export async function createAgent(
  server: TestServer,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<any> {
  const res = await server.request("POST", "/agents", { body: { name: "echo agent", model: "echo", ...body }, token });
  if (res.status !== 200) throw new Error(`agent create failed: ${res.text}`);
  return res.body;
}

export async function createSession(
  server: TestServer,
  agent: unknown,
  environmentId: string,
  extra: Record<string, unknown> = {},
  token?: string,
): Promise<any> {
  const res = await server.request("POST", "/sessions", {
    body: { agent, environment_id: environmentId, ...extra },
    token,
  });
  if (res.status !== 200) throw new Error(`session create failed: ${res.text}`);
  return res.body;
}

export const userMessage = (text: string) => ({ type: "user.message", content: [{ type: "text", text }] });

export async function sendMessage(server: TestServer, sessionId: string, text: string, token?: string): Promise<any> {
  const res = await server.request("POST", `/sessions/${sessionId}/events`, {
    body: { events: [userMessage(text)] },
    token,
  });
  if (res.status !== 202) throw new Error(`send failed: ${res.text}`);
  return res.body.data[0];
}

/** The whole history of a session (or thread), oldest first, following the pages. */
export async function history(
  server: TestServer,
  sessionId: string,
  threadId?: string,
  token?: string,
): Promise<any[]> {
  const base = threadId ? `/sessions/${sessionId}/threads/${threadId}/events` : `/sessions/${sessionId}/events`;
  const out: any[] = [];
  let page: string | null = null;
  for (;;) {
    const res: ApiResponse = await server.request("GET", `${base}?limit=100${page ? `&page=${page}` : ""}`, { token });
    if (res.status !== 200) throw new Error(`history failed: ${res.text}`);
    out.push(...res.body.data);
    if (!res.body.has_more) return out;
    page = res.body.next_page;
  }
}

/**
 * The one wait for a session's turns: until its history holds `count` `session.status_idled`
 * events and (unless `statusIdle` is false: a test that queued another turn behind them) the
 * session is idle; answers the history.
 */
export async function waitForIdle(
  server: TestServer,
  sessionId: string,
  count = 1,
  token?: string,
  { timeoutMs = 10_000, statusIdle = true }: { timeoutMs?: number; statusIdle?: boolean } = {},
): Promise<any[]> {
  return waitFor(
    async () => {
      const events = await history(server, sessionId, undefined, token);
      if (events.filter((e) => e.type === "session.status_idled").length < count) return null;
      if (!statusIdle) return events;
      const session = await server.request("GET", `/sessions/${sessionId}`, { token });
      return session.body.status === "idle" ? events : null;
    },
    { timeoutMs, intervalMs: 25, what: `${count} idle turn(s) of ${sessionId}` },
  );
}
