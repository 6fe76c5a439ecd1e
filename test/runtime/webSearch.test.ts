/**
 * The built-in `web_search` tool: results from the operator's search backend (WEB_SEARCH_URL, a
 * SearXNG-compatible JSON API — here a real HTTP server the test serves on loopback), with the
 * tool's `blocked_domains` and the environment's networking filtered out, counted in the
 * session's `server_tool_use`; refused with a clear error on a server without a backend. msw
 * stands in for the model provider.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

const providers = mockProviders();
let backend: Server;
const queries: URLSearchParams[] = [];
let s: TestServer;
let bare: TestServer;

const RESULTS = [
  { url: "https://docs.python.org/3/library/json.html", title: "json — JSON encoder", content: "The json module." },
  { url: "https://spam.blocked.test/json", title: "Blocked", content: "Should never show." },
  { url: "https://www.example.org/json", title: "Not allowed by the environment", content: "Outside allowed_hosts." },
  { url: "https://realpython.com/python-json/", title: "Working With JSON", content: "A tutorial." },
];

beforeAll(async () => {
  listen(providers);
  backend = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/search" || url.searchParams.get("format") !== "json") {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams);
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ query: url.searchParams.get("q"), results: RESULTS }));
  });
  await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  s = await inProcess({ env: { ...providerEnv, WEB_SEARCH_URL: url } });
  bare = await inProcess({ env: providerEnv });
});
afterAll(async () => {
  await s.stop();
  await bare.stop();
  backend.close();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
});

const searchTools = (config: Record<string, unknown> = {}) => [
  {
    type: "agent_toolset_20260401",
    default_config: { enabled: false },
    configs: [{ name: "web_search", enabled: true, blocked_domains: ["blocked.test"], ...config }],
  },
];

describe("web_search", () => {
  it("answers the backend's results without the blocked domain or hosts the environment refuses", async () => {
    const agent = await createAgent(s, { name: "searcher", model: "openai/searcher", tools: searchTools() });
    const env = await s.request("POST", "/environments", {
      body: {
        name: "limited",
        config: {
          type: "cloud",
          networking: { type: "limited", allowed_hosts: ["docs.python.org", "realpython.com", "spam.blocked.test"] },
        },
      },
    });
    expect(env.status, env.text).toBe(200);
    const session = await createSession(s, agent.id, env.body.id);
    providers.script("openai", [
      { tool_calls: [{ id: "call_s1", name: "web_search", input: { query: "python json" } }] },
      { text: "The json module does it." },
    ]);
    await say(s, session.id, "How do I read JSON in Python?");
    const events = await waitForTurns(s, session.id);
    // The tool is offered to the model as a function.
    expect(providers.openai[0]?.body.tools.map((t: any) => t.function.name)).toEqual(["web_search"]);
    expect(queries.at(-1)?.get("q")).toBe("python json");
    const result = events.find((e) => e.type === "agent.tool_result");
    expect(result.is_error).toBe(false);
    const text = result.content[0].text as string;
    expect(text).toContain("https://docs.python.org/3/library/json.html");
    expect(text).toContain("https://realpython.com/python-json/");
    expect(text).not.toContain("blocked.test");
    expect(text).not.toContain("example.org");
    // What the model got back is the same.
    expect(providers.openai[1]?.body.messages.at(-1)).toMatchObject({ role: "tool", content: text });
    const after = (await s.request("GET", `/sessions/${session.id}`)).body;
    expect(after.server_tool_use).toEqual({ web_search_requests: 1, web_fetch_requests: 0 });
  });

  it("is refused clearly without a search backend, and its settings are checked", async () => {
    const refused = expectError(
      await bare.request("POST", "/agents", { body: { name: "x", model: "openai/searcher", tools: searchTools() } }),
      400,
      "invalid_request_error",
    );
    expect(refused.message).toContain("no search backend");
    expect(refused.message).toContain("WEB_SEARCH_URL");
    // Without a backend, default_config leaves web_search out of the toolset.
    const fetchOnly = await createAgent(bare, {
      name: "fetcher",
      model: "openai/searcher",
      tools: [
        {
          type: "agent_toolset_20260401",
          default_config: { enabled: false },
          configs: [{ name: "web_fetch", enabled: true, max_content_tokens: 100 }],
        },
      ],
    });
    expect(fetchOnly.tools[0].configs[0].max_content_tokens).toBe(100);
    const both = expectError(
      await s.request("POST", "/agents", {
        body: { name: "x", model: "openai/searcher", tools: searchTools({ allowed_domains: ["docs.python.org"] }) },
      }),
      400,
      "invalid_request_error",
    );
    expect(both.message).toContain("not both");
    const bad = expectError(
      await s.request("POST", "/agents", {
        body: { name: "x", model: "openai/searcher", tools: searchTools({ blocked_domains: ["https://x.test/"] }) },
      }),
      400,
      "invalid_request_error",
    );
    expect(bad.param).toBe("tools[0].configs[0].blocked_domains[0]");
    const wrongTool = expectError(
      await s.request("POST", "/agents", {
        body: {
          name: "x",
          model: "openai/searcher",
          tools: [{ type: "agent_toolset_20260401", configs: [{ name: "read", allowed_domains: ["a.test"] }] }],
        },
      }),
      400,
      "invalid_request_error",
    );
    expect(wrongTool.param).toBe("tools[0].configs[0].allowed_domains");
  });
});
