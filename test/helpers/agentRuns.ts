/** Helpers for the model runtime tests: an agent wired to a real MCP server through a vault credential. */
import { createAgent, createEnvironment, createSession } from "./lifecycle.ts";
import { type TestServer, waitFor } from "./server.ts";

export interface AgentSetup {
  agentId: string;
  sessionId: string;
  vaultId: string;
  credentialId: string;
}

/**
 * Creates a vault with `auth` as its credential, an agent on `model` with the MCP server as its
 * `tickets` toolset, and a session using the vault.
 */
export async function agentWithMcp(
  s: TestServer,
  options: { model: string; mcpUrl: string; auth: Record<string, unknown> | null; system?: string },
): Promise<AgentSetup> {
  const vault = await s.request("POST", "/vaults", { body: { display_name: "tools" } });
  let credentialId = "";
  if (options.auth) {
    const cred = await s.request("POST", `/vaults/${vault.body.id}/credentials`, {
      body: { auth: { mcp_server_url: options.mcpUrl, ...options.auth } },
    });
    if (cred.status !== 200) throw new Error(`credential create failed: ${cred.text}`);
    credentialId = cred.body.id;
  }
  const agent = await createAgent(s, {
    name: "ticket agent",
    model: options.model,
    system: options.system ?? "You answer questions about support tickets.",
    mcp_servers: [{ type: "url", name: "tickets", url: options.mcpUrl }],
    tools: [{ type: "mcp_toolset", mcp_server_name: "tickets" }],
  });
  const env = await createEnvironment(s);
  const session = await createSession(s, agent.id, env, { vault_ids: [vault.body.id] });
  return { agentId: agent.id, sessionId: session.id, vaultId: vault.body.id, credentialId };
}

export async function say(s: TestServer, sessionId: string, text: string): Promise<void> {
  const res = await s.request("POST", `/sessions/${sessionId}/events`, {
    body: { events: [{ type: "user.message", content: [{ type: "text", text }] }] },
  });
  if (res.status !== 202) throw new Error(`send failed: ${res.text}`);
}

/** The session's events (every page), checked against the spec by the test client. */
export async function sessionEvents(s: TestServer, sessionId: string): Promise<any[]> {
  const out: any[] = [];
  let page: string | null = null;
  do {
    const res: { body: any } = await s.request(
      "GET",
      `/sessions/${sessionId}/events?limit=100${page ? `&page=${page}` : ""}`,
    );
    out.push(...res.body.data);
    page = res.body.has_more ? res.body.next_page : null;
  } while (page);
  return out;
}

/** Waits until the session has idled `turns` times; returns its events. */
export async function waitForTurns(s: TestServer, sessionId: string, turns = 1, timeoutMs = 20_000): Promise<any[]> {
  return waitFor(
    async () => {
      const events = await sessionEvents(s, sessionId);
      return events.filter((e) => e.type === "session.status_idled").length >= turns ? events : null;
    },
    { timeoutMs, intervalMs: 25, what: `${turns} turn(s) of session ${sessionId}` },
  );
}

/** The events of the session without ids and timestamps: what happened, in order. */
export const shape = (events: any[]) =>
  events.map((e) => {
    const { id: _id, created_at: _at, session_id: _s, session_thread_id: _t, ...rest } = e;
    return rest;
  });
