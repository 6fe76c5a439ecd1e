/**
 * A real MCP server (the official SDK's McpServer over its Streamable HTTP transport) on
 * loopback, for the runtime tests: it records the Authorization header of every request,
 * refuses tokens it does not accept with 401, and serves a few tools whose calls it counts.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface TestMcpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  /** The Authorization header of every request, in order (undefined when absent). */
  authorizations: (string | undefined)[];
  /** Tool calls in order: name and arguments. */
  calls: { name: string; args: Record<string, unknown> }[];
  /** The bearer tokens accepted from now on (empty: any request, even without a token). */
  accept(tokens: string[]): void;
  /** Holds every `slow_step` call open until `release()` is called. */
  holdSlowSteps(): void;
  release(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve(text ? JSON.parse(text) : undefined);
    });
    req.on("error", reject);
  });
}

export async function startMcpServer(options: { tokens?: string[] } = {}): Promise<TestMcpServer> {
  let accepted = options.tokens ?? [];
  const authorizations: (string | undefined)[] = [];
  const calls: TestMcpServer["calls"] = [];
  let hold: Promise<void> | null = null;
  let releaseHold: () => void = () => undefined;

  /** A fresh server per request: the stateless mode of the Streamable HTTP transport. */
  function mcpServer(): McpServer {
    const server = new McpServer({ name: "test-tickets", version: "1.0.0" });
    server.registerTool(
      "lookup_ticket",
      { description: "Looks a ticket up by its number.", inputSchema: { number: z.number().int() } },
      async ({ number }) => {
        calls.push({ name: "lookup_ticket", args: { number } });
        return { content: [{ type: "text", text: `Ticket ${number}: open, waiting for the customer.` }] };
      },
    );
    server.registerTool(
      "add",
      { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => {
        calls.push({ name: "add", args: { a, b } });
        return { content: [{ type: "text", text: String(a + b) }] };
      },
    );
    server.registerTool(
      "slow_step",
      { description: "A step that takes a while.", inputSchema: { step: z.number().int() } },
      async ({ step }) => {
        calls.push({ name: "slow_step", args: { step } });
        if (hold) await hold;
        return { content: [{ type: "text", text: `step ${step} done` }] };
      },
    );
    server.registerTool("fails", { description: "Always fails.", inputSchema: {} }, async () => {
      calls.push({ name: "fails", args: {} });
      return { content: [{ type: "text", text: "the ticket system is down" }], isError: true };
    });
    return server;
  }

  const http: Server = createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    if (accepted.length > 0 && !accepted.some((t) => req.headers.authorization === `Bearer ${t}`)) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer error="invalid_token"' });
      res.end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, await readBody(req));
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    calls,
    accept(tokens) {
      accepted = tokens;
    },
    holdSlowSteps() {
      hold = new Promise((resolve) => {
        releaseHold = resolve;
      });
    },
    release() {
      releaseHold();
      hold = null;
    },
    async close() {
      releaseHold();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
