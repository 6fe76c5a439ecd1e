import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
/**
 * `mcp_oauth` credentials at run time: an expired (or rejected) access token is refreshed at a
 * real OAuth token endpoint on loopback with each `token_endpoint_auth` method, the new token is
 * sealed back and used at the real MCP server; a failed refresh emits
 * `vault_credential.refresh_failed` and ends the turn with `mcp_error`. Secrets stay out of the
 * history, the logs, the database and the provider requests.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMcpServer, type TestMcpServer } from "../helpers/fakes/mcpServer.ts";
import { startTokenEndpoint, type TestTokenEndpoint } from "../helpers/fakes/oauthServer.ts";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { agentWithMcp, say, sessionEvents, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { envelopesSince } from "../helpers/flows/events.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText } from "../helpers/servers/testDatabase.ts";

const providers = mockProviders();
let mcp: TestMcpServer;
let tokens: TestTokenEndpoint;
let s: TestServer;

beforeAll(async () => {
  listen(providers);
  mcp = await startMcpServer();
  tokens = await startTokenEndpoint();
  s = await inProcess({ env: providerEnv });
});
afterAll(async () => {
  await s.stop();
  await mcp.close();
  await tokens.close();
  providers.server.close();
});
afterEach(() => {
  tokens.requests.length = 0;
  mcp.authorizations.length = 0;
  providers.openai.length = 0;
});

const PAST = "2026-01-01T00:00:00.000Z";
const FUTURE = "2999-01-01T00:00:00.000Z";

function oauth(
  n: string,
  method: "none" | "client_secret_basic" | "client_secret_post",
  expiresAt: string,
  extra: Record<string, unknown> = {},
) {
  return {
    type: "mcp_oauth",
    access_token: `old-access-${n}-7d1f0c`,
    expires_at: expiresAt,
    refresh: {
      client_id: `client-${n}`,
      refresh_token: `refresh-${n}-5e2b9a`,
      token_endpoint: tokens.url,
      token_endpoint_auth:
        method === "none" ? { type: method } : { type: method, client_secret: `client-secret-${n}-a41c` },
      ...extra,
    },
  };
}

/** Runs one turn that calls `add` once; returns the session's events. */
async function turnWithTool(setup: { sessionId: string }) {
  providers.script("openai", [
    { tool_calls: [{ id: "c1", name: "tickets__add", input: { a: 1, b: 2 } }] },
    { text: "3" },
  ]);
  await say(s, setup.sessionId, "1 + 2?");
  return waitForTurns(s, setup.sessionId);
}

describe("mcp_oauth refresh", () => {
  for (const method of ["none", "client_secret_basic", "client_secret_post"] as const) {
    it(`refreshes an expired access token with ${method} and uses the new one`, async () => {
      const n = method;
      mcp.accept([`fresh-access-${n}`]);
      tokens.grant({ access_token: `fresh-access-${n}`, refresh_token: `rotated-refresh-${n}`, expires_in: 3600 });
      const setup = await agentWithMcp(s, {
        model: "openai/m",
        mcpUrl: mcp.url,
        auth: oauth(n, method, PAST, { scope: "tickets:read", resource: mcp.url }),
      });
      const events = await turnWithTool(setup);
      expect(events.some((e) => e.type === "session.error")).toBe(false);
      expect(events.find((e) => e.type === "agent.tool_result").content[0].text).toBe("3");

      expect(tokens.requests).toHaveLength(1);
      const req = tokens.requests[0];
      expect(req?.form).toMatchObject({
        grant_type: "refresh_token",
        refresh_token: `refresh-${n}-5e2b9a`,
        scope: "tickets:read",
        resource: mcp.url,
      });
      if (method === "client_secret_basic") {
        const basic = Buffer.from(`client-${n}:client-secret-${n}-a41c`).toString("base64");
        expect(req?.authorization).toBe(`Basic ${basic}`);
        expect(req?.form.client_secret).toBeUndefined();
      } else {
        expect(req?.authorization).toBeUndefined();
        expect(req?.form.client_id).toBe(`client-${n}`);
        expect(req?.form.client_secret).toBe(method === "client_secret_post" ? `client-secret-${n}-a41c` : undefined);
      }
      // The MCP server only ever saw the fresh token.
      expect(new Set(mcp.authorizations)).toEqual(new Set([`Bearer fresh-access-${n}`]));

      // Sealed back: the credential shows the new expiry, and the next turn needs no refresh.
      const cred = await s.request("GET", `/vaults/${setup.vaultId}/credentials/${setup.credentialId}`);
      expect(Date.parse(cred.body.auth.expires_at)).toBeGreaterThan(Date.now() + 3_000_000);
      expect(JSON.stringify(cred.body)).not.toContain("fresh-access");
      await say(s, setup.sessionId, "Again?");
      providers.script("openai", [{ text: "Still 3." }]);
      await waitForTurns(s, setup.sessionId, 2);
      expect(tokens.requests).toHaveLength(1);
    });
  }

  it("refreshes a token the MCP server rejects before its expiry, and keeps the rotated refresh token", async () => {
    mcp.accept(["fresh-access-rejected"]);
    tokens.grant({ access_token: "fresh-access-rejected", refresh_token: "rotated-refresh-r", expires_in: 60 });
    const setup = await agentWithMcp(s, { model: "openai/m", mcpUrl: mcp.url, auth: oauth("r", "none", FUTURE) });
    const events = await turnWithTool(setup);
    expect(events.some((e) => e.type === "session.error")).toBe(false);
    expect(mcp.authorizations[0]).toBe("Bearer old-access-r-7d1f0c");
    expect(mcp.authorizations.slice(1).every((a) => a === "Bearer fresh-access-rejected")).toBe(true);
    expect(tokens.requests).toHaveLength(1);

    // Revoked again: the next refresh presents the rotated refresh token.
    mcp.accept(["fresh-access-second"]);
    tokens.grant({ access_token: "fresh-access-second", expires_in: 60 });
    await turnWithTool(setup).then(() => waitForTurns(s, setup.sessionId, 2));
    expect(tokens.requests[1]?.form.refresh_token).toBe("rotated-refresh-r");
  });

  it("emits vault_credential.refresh_failed and ends the turn with mcp_error when the refresh fails", async () => {
    mcp.accept(["never-issued"]);
    tokens.fail("invalid_grant");
    const setup = await agentWithMcp(s, {
      model: "openai/m",
      mcpUrl: mcp.url,
      auth: oauth("f", "client_secret_post", PAST),
    });
    const since = await envelopesSince(s);
    await say(s, setup.sessionId, "Hello");
    const events = await waitForTurns(s, setup.sessionId);
    const error = events.find((e) => e.type === "session.error");
    expect(error.error.type).toBe("mcp_error");
    expect(error.error.message).toContain(setup.credentialId);
    expect(error.error.message).toContain("invalid_grant");
    expect(providers.openai).toHaveLength(0);
    expect(mcp.authorizations).toHaveLength(0);
    const failed = (await since()).filter((e) => e.data.type === "vault_credential.refresh_failed");
    expect(failed.map((e) => e.data)).toEqual([
      { id: setup.credentialId, type: "vault_credential.refresh_failed", vault_id: setup.vaultId },
    ]);
    // The credential is unchanged: still the old token and expiry.
    const cred = await s.request("GET", `/vaults/${setup.vaultId}/credentials/${setup.credentialId}`);
    expect(cred.body.auth.expires_at).toBe(PAST);
  });

  it("emits refresh_failed for an expired token without a refresh configuration", async () => {
    const setup = await agentWithMcp(s, {
      model: "openai/m",
      mcpUrl: mcp.url,
      auth: { type: "mcp_oauth", access_token: "expired-no-refresh-91b3", expires_at: PAST },
    });
    mcp.accept(["whatever"]);
    const since = await envelopesSince(s);
    await say(s, setup.sessionId, "Hello");
    const events = await waitForTurns(s, setup.sessionId);
    expect(events.find((e) => e.type === "session.error").error.message).toContain("no refresh configuration");
    expect((await since()).filter((e) => e.data.type === "vault_credential.refresh_failed")).toHaveLength(1);
  });

  it("refuses a token endpoint on a private address when private targets are not allowed", async () => {
    // Made while private targets are allowed, run after a restart that refuses them: the run's own
    // guard refuses the token endpoint that create accepted then (create refuses it now).
    const dataDir = mkdtempSync(join(tmpdir(), "cas-ssrf-refresh-"));
    const open = await inProcess({ env: providerEnv, dataDir });
    // The MCP server URL is public-looking but unresolvable; the refresh happens first and is refused.
    const setup = await agentWithMcp(open, {
      model: "openai/m",
      mcpUrl: "http://mcp.invalid/mcp",
      auth: oauth("g", "none", PAST),
    });
    await open.stop();
    const guarded = await inProcess({ env: { ...providerEnv, MCP_ALLOW_PRIVATE_TARGETS: "false" }, dataDir });
    try {
      await say(guarded, setup.sessionId, "Hello");
      const events = await waitForTurns(guarded, setup.sessionId);
      const error = events.find((e) => e.type === "session.error");
      expect(error.error.type).toBe("mcp_error");
      expect(error.error.message).toMatch(/loopback/);
      expect(tokens.requests).toHaveLength(0);
    } finally {
      await guarded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("never lets a credential secret reach the history, the logs, the database or the provider", async () => {
    const { storage } = s.service.deps;
    const sessions = await storage.sessions.listSessions(
      (await storage.accounts.findAccountByName("default"))?.id ?? "",
      { includeArchived: true, statuses: undefined, agentId: undefined, page: { limit: 100 } },
    );
    const history = JSON.stringify(await Promise.all(sessions.data.map((session) => sessionEvents(s, session.id))));
    const logs = JSON.stringify(s.logs);
    // Every byte the database holds (SQLite: file, WAL; PostgreSQL: every row).
    const db = await databaseText(s.databaseUrl);
    const secrets = [
      "old-access-none-7d1f0c",
      "refresh-client_secret_basic-5e2b9a",
      "client-secret-client_secret_post-a41c",
      "fresh-access-none",
      "rotated-refresh-r",
      "fresh-access-second",
    ];
    expect(history.length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      expect(history).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(db).not.toContain(secret);
    }
  });
});
