/**
 * Fixtures of the session and stream contract tests: an account with an agent and an environment
 * to start sessions in (made through the port, so on every adapter), and a condition wait.
 */

import type pg from "pg";
import type { AgentConfig } from "../../server/storage/port/agents.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { NewSession, UserEventInput } from "../../server/storage/port/sessions.ts";

export const agentConfig = (name: string): AgentConfig => ({
  name,
  model: "claude-test",
  system: null,
  description: null,
  tools: [],
  mcp_servers: [],
  skills: [],
  multiagent: null,
  metadata: {},
});

export const message = (text: string): UserEventInput => ({ type: "user.message", content: [{ type: "text", text }] });

/** An account (by name) with an agent and an environment; `session` starts one with these defaults. */
export async function sessionFixtures(storage: Storage, name = "acme") {
  const account = (await storage.accounts.ensureAccount(name)).id;
  const agentId = (await storage.agents.createAgent(account, agentConfig("writer"))).id;
  const environmentId = (
    await storage.environments.createEnvironment(account, {
      name: "default",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: {},
    })
  ).id;
  const session = async (overrides: Partial<NewSession> = {}) => {
    const result = await storage.sessions.createSession(account, {
      agent: { id: agentId },
      environment_id: environmentId,
      title: null,
      metadata: {},
      vault_ids: [],
      environment_variables: "",
      initial_events: [],
      ...overrides,
    });
    if (!result.ok) throw new Error(`createSession refused: ${result.reason}`);
    return result;
  };
  return { account, agentId, environmentId, session };
}

/** PostgreSQL: whether a statement of another connection to `admin`'s database waits for a lock. */
export async function someoneWaitsOnALock(admin: pg.Client): Promise<boolean> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return (rows[0]?.n ?? 0) > 0;
}
