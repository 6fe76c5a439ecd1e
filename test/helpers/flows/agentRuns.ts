/** Helpers for the model runtime tests: an agent wired to a real MCP server through a vault credential. */

import type { TestServer } from "../servers/server.ts";
import { createAgent, createEnvironment, createSession, history, waitForIdle } from "./lifecycle.ts";

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

/** The session's events (every page): the one reader of a history (lifecycle.ts). */
export const sessionEvents = (s: TestServer, sessionId: string): Promise<any[]> => history(s, sessionId);

/** Waits until the session has idled `turns` times (lifecycle.ts's one wait); returns its events. */
export const waitForTurns = (s: TestServer, sessionId: string, turns = 1, timeoutMs = 20_000): Promise<any[]> =>
  waitForIdle(s, sessionId, turns, undefined, { timeoutMs, statusIdle: false });

/** The events of the session without ids and timestamps: what happened, in order. */
export const shape = (events: any[]) =>
  events.map((e) => {
    const { id: _id, created_at: _at, session_id: _s, session_thread_id: _t, ...rest } = e;
    return rest;
  });
