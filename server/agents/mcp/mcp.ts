/**
 * The agent's MCP servers for one turn: connected over Streamable HTTP with the official MCP
 * client, each authenticated with the session's vault credential for its URL, their tools
 * listed for the model and called on its behalf. Only servers named by an `mcp_toolset` tool of
 * the agent are connected. Every request goes through the SSRF-guarded fetch.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describeFailure, type FetchLike } from "../../outbound/targetFetch.ts";
import type { AgentConfig } from "../../storage/port/agents.ts";
import type { TextBlock } from "../../storage/port/sessions.ts";
import { truncate } from "../../text.ts";
import { modelToolName, type ToolSpec } from "../turns/conversation.ts";
import { TurnError } from "../turns/port.ts";
import { Bearer, type CredentialDeps, CredentialError, findCredential } from "./credentials.ts";

const CLIENT_INFO = { name: "cloud-agents-service", version: "0.1.0" };
/** A tool result longer than this is cut (the model and the history get the same text). */
const MAX_RESULT_CHARS = 100_000;

export interface McpTool extends ToolSpec {
  server: string;
  /** The tool's name on its server. */
  tool: string;
}

interface Connection {
  name: string;
  client: Client;
}

/** Origin and path of a URL, for messages (no query string: it may carry a key). */
function where(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/**
 * A fetch that presents the credential's bearer token and, when the server answers 401 to a token
 * that can be refreshed, refreshes it once and repeats the request (every MCP request body is a
 * string, so it can be sent again).
 */
function authorizedFetch(base: FetchLike, bearer: Bearer | null): FetchLike {
  if (!bearer) return base;
  const withToken = (init: RequestInit | undefined, token: string): RequestInit => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return { ...init, headers };
  };
  return async (url, init) => {
    const token = await bearer.token();
    const response = await base(url, withToken(init, token));
    if (response.status !== 401 || !bearer.refreshable) return response;
    await response.body?.cancel();
    return base(url, withToken(init, await bearer.afterRejection(token)));
  };
}

export class McpToolbox {
  private constructor(
    private readonly connections: Connection[],
    readonly tools: McpTool[],
    private readonly timeoutMs: number,
  ) {}

  /**
   * Connects the servers the agent's `mcp_toolset` tools name and lists their tools. Any server
   * that cannot be connected ends the turn (TurnError `mcp_error`): running without the tools the
   * agent was configured with would give wrong answers quietly.
   */
  static async connect(
    deps: CredentialDeps & { fetch: FetchLike },
    scope: { account_id: string; vault_ids: string[]; config: AgentConfig },
    signal: AbortSignal,
  ): Promise<McpToolbox> {
    const wanted = new Set(scope.config.tools.flatMap((t) => (t.type === "mcp_toolset" ? [t.mcp_server_name] : [])));
    const servers = scope.config.mcp_servers.filter((s) => wanted.has(s.name));
    const toolbox = new McpToolbox([], [], deps.timeoutMs);
    try {
      for (const server of servers) {
        if (signal.aborted) throw signal.reason;
        await toolbox.add(deps, scope, server, signal);
      }
    } catch (err) {
      await toolbox.close();
      throw err;
    }
    return toolbox;
  }

  private async add(
    deps: CredentialDeps & { fetch: FetchLike },
    scope: { account_id: string; vault_ids: string[] },
    server: { name: string; url: string },
    signal: AbortSignal,
  ): Promise<void> {
    const credential = await findCredential(deps.storage, scope.vault_ids, server.url);
    const bearer = credential ? new Bearer(deps, scope.account_id, credential) : null;
    const client = new Client(CLIENT_INFO);
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      fetch: authorizedFetch(deps.fetch, bearer),
    });
    const options = { signal, timeout: this.timeoutMs };
    try {
      await client.connect(transport, options);
      this.connections.push({ name: server.name, client });
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {}, options);
        for (const tool of page.tools) {
          this.tools.push({
            server: server.name,
            tool: tool.name,
            name: modelToolName(server.name, tool.name),
            description: truncate(tool.description ?? tool.title ?? tool.name, 1024),
            input_schema: tool.inputSchema as Record<string, unknown>,
          });
        }
        cursor = page.nextCursor;
      } while (cursor);
    } catch (err) {
      await client.close().catch(() => undefined);
      if (signal.aborted) throw signal.reason;
      throw new TurnError(
        "mcp_error",
        `The MCP server "${server.name}" (${where(server.url)}) ${problem(err, credential !== null)}`,
        { mcp_server_name: server.name },
      );
    }
  }

  find(modelName: string): McpTool | undefined {
    return this.tools.find((t) => t.name === modelName);
  }

  /** Calls a tool; a failure becomes an error result the model sees (it may try something else). */
  async call(
    tool: McpTool,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ content: TextBlock[]; is_error: boolean }> {
    const connection = this.connections.find((c) => c.name === tool.server);
    if (!connection)
      return { content: [{ type: "text", text: `The MCP server ${tool.server} is not connected.` }], is_error: true };
    try {
      const result = await connection.client.callTool({ name: tool.tool, arguments: input }, undefined, {
        signal,
        timeout: this.timeoutMs,
      });
      return { content: resultBlocks(result), is_error: result.isError === true };
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      return { content: [{ type: "text", text: `The tool call failed: ${describeFailure(err)}` }], is_error: true };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.client.close().catch(() => undefined)));
  }
}

/** Why connecting failed, as the end of a sentence naming the server. */
function problem(err: unknown, hasCredential: boolean): string {
  if (err instanceof CredentialError) return `could not be authenticated: ${err.message}`;
  if (err instanceof StreamableHTTPError && err.code === 401) {
    return hasCredential
      ? "rejected the session's credential for its URL (401); update the credential."
      : "requires authentication (401), and the session's vaults hold no credential for its URL.";
  }
  return `could not be reached: ${describeFailure(err)}`;
}

/** MCP content as text blocks: text as is, other kinds described, the whole bounded. */
function resultBlocks(result: Awaited<ReturnType<Client["callTool"]>>): TextBlock[] {
  const blocks: TextBlock[] = [];
  const content = Array.isArray(result.content) ? (result.content as Record<string, unknown>[]) : [];
  for (const item of content) {
    if (item.type === "text" && typeof item.text === "string") blocks.push({ type: "text", text: item.text });
    else if (item.type === "resource" && typeof (item.resource as { text?: unknown })?.text === "string") {
      blocks.push({ type: "text", text: (item.resource as { text: string }).text });
    } else if (item.type === "resource_link") {
      blocks.push({ type: "text", text: `[resource ${String(item.uri)}]` });
    } else {
      const mime = typeof item.mimeType === "string" ? `, ${item.mimeType}` : "";
      blocks.push({ type: "text", text: `[${String(item.type)} content${mime} omitted]` });
    }
  }
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    blocks.push({ type: "text", text: JSON.stringify(result.structuredContent) });
  }
  let budget = MAX_RESULT_CHARS;
  return blocks.map((b) => {
    const text = b.text.length > budget ? `${b.text.slice(0, budget)}… [truncated]` : b.text;
    budget = Math.max(0, budget - text.length);
    return { type: "text", text };
  });
}
