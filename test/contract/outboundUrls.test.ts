/**
 * SSRF at create: every URL the service will connect to for a tenant (agents' MCP servers,
 * vault credentials' MCP servers and OAuth token endpoints) is refused at create and update when
 * it points to loopback, private, link-local or metadata addresses, with a 400 naming the field,
 * by the same rules as webhook URLs and the setting runs obey (MCP_ALLOW_PRIVATE_TARGETS, which is
 * WEBHOOK_ALLOW_PRIVATE_TARGETS unless set on its own).
 * Only IP literals and the fixed host names are used: no DNS is needed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

const BLOCKED = [
  "http://127.0.0.1:8080/mcp",
  "http://localhost/mcp",
  "https://api.localhost/mcp",
  "http://[::1]/mcp",
  "http://[::ffff:127.0.0.1]/mcp",
  "http://0x7f000001/mcp",
  "http://10.1.2.3/mcp",
  "http://172.16.0.1/mcp",
  "http://192.168.1.10/mcp",
  "http://169.254.169.254/latest/meta-data/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://[fd00::1]/mcp",
  "http://0.0.0.0/mcp",
];
const PUBLIC = "https://93.184.216.34/mcp";

let server: TestServer;
let permissive: TestServer;
beforeAll(async () => {
  server = await inProcess({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" } });
  // MCP_ALLOW_PRIVATE_TARGETS (which follows WEBHOOK_ALLOW_PRIVATE_TARGETS unless set) is what
  // runs obey when they connect: the check at create follows it too (the Ollama walk-through of docs/agents.md).
  permissive = await inProcess({
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "false", MCP_ALLOW_PRIVATE_TARGETS: "true" },
  });
});
afterAll(async () => {
  await server?.stop();
  await permissive?.stop();
});

const mcpServer = (url: string) => ({ type: "url", name: "tools", url });
const oauth = (mcpUrl: string, tokenEndpoint: string) => ({
  type: "mcp_oauth",
  mcp_server_url: mcpUrl,
  access_token: "at.example",
  refresh: {
    client_id: "cloud-agents",
    refresh_token: "rt.example",
    token_endpoint: tokenEndpoint,
    token_endpoint_auth: { type: "none" },
  },
});

async function newVault(s: TestServer): Promise<string> {
  const res = await s.request("POST", "/vaults", { body: { display_name: "ssrf" } });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe("agents' MCP server URLs", () => {
  it("are refused at create for every loopback, private and metadata form, naming the field", async () => {
    for (const url of BLOCKED) {
      const res = await server.request("POST", "/agents", {
        body: {
          name: "a",
          model: "echo",
          mcp_servers: [mcpServer(PUBLIC), mcpServer(url)].map((s, i) => ({ ...s, name: `s${i}` })),
        },
      });
      const error = expectError(res, 400, "invalid_request_error");
      expect(error.param, url).toBe("mcp_servers[1].url");
      expect(error.message).toMatch(/^mcp_servers\[1\]\.url points to /);
    }
  });

  it("are refused at update, and a public address is accepted", async () => {
    const agent = await createAgent(server, { mcp_servers: [mcpServer(PUBLIC)] });
    for (const url of BLOCKED) {
      const res = await server.request("POST", `/agents/${agent.id}`, {
        body: { version: agent.version, mcp_servers: [mcpServer(url)] },
      });
      expect(expectError(res, 400, "invalid_request_error").param, url).toBe("mcp_servers[0].url");
    }
  });

  it("are accepted with WEBHOOK_ALLOW_PRIVATE_TARGETS=true, as webhook URLs are", async () => {
    await createAgent(permissive, { mcp_servers: [mcpServer("http://127.0.0.1:9/mcp")] });
  });
});

describe("vault credentials' URLs", () => {
  it("refuses a blocked MCP server URL at create, for both credential kinds", async () => {
    const vault = await newVault(server);
    for (const url of BLOCKED) {
      for (const auth of [
        { type: "static_bearer", mcp_server_url: url, token: "t" },
        oauth(url, "https://93.184.216.34/token"),
      ]) {
        const res = await server.request("POST", `/vaults/${vault}/credentials`, { body: { auth } });
        expect(expectError(res, 400, "invalid_request_error").param, url).toBe("auth.mcp_server_url");
      }
    }
  });

  it("refuses a blocked OAuth token endpoint at create and update", async () => {
    const vault = await newVault(server);
    const created = await server.request("POST", `/vaults/${vault}/credentials`, {
      body: { auth: oauth(PUBLIC, "https://93.184.216.34/token") },
    });
    expect(created.status, created.text).toBe(200);
    for (const url of BLOCKED) {
      const res = await server.request("POST", `/vaults/${vault}/credentials`, { body: { auth: oauth(PUBLIC, url) } });
      expect(expectError(res, 400, "invalid_request_error").param, url).toBe("auth.refresh.token_endpoint");
      const updated = await server.request("POST", `/vaults/${vault}/credentials/${created.body.id}`, {
        body: { auth: oauth(PUBLIC, url) },
      });
      expect(expectError(updated, 400, "invalid_request_error").param, url).toBe("auth.refresh.token_endpoint");
    }
    const updated = await server.request("POST", `/vaults/${vault}/credentials/${created.body.id}`, {
      body: { auth: { type: "static_bearer", mcp_server_url: "http://192.168.0.1/mcp", token: "t" } },
    });
    expect(expectError(updated, 400, "invalid_request_error").param).toBe("auth.mcp_server_url");
  });

  it("accepts private URLs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true", async () => {
    const vault = await newVault(permissive);
    const res = await permissive.request("POST", `/vaults/${vault}/credentials`, {
      body: { auth: oauth("http://127.0.0.1:9/mcp", "http://127.0.0.1:9/token") },
    });
    expect(res.status, res.text).toBe(200);
  });
});
