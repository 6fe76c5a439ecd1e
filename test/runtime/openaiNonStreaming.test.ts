/**
 * The OpenAI-compatible runtime against a server that does not stream: a scripted Chat
 * Completions server on loopback that answers every request with plain JSON, whatever `stream`
 * says (as some local servers and proxies do). The reply, tool calls included, still arrives.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OpenAIChatModel } from "../../server/agents/models/openaiModel.ts";

let server: Server;
let baseUrl: string;
const requests: { stream: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      const parsed = JSON.parse(body) as { stream?: unknown; messages: unknown[] };
      requests.push({ stream: parsed.stream });
      const completion = {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "plain-json",
        choices: [
          {
            index: 0,
            finish_reason: "tool_calls",
            message: {
              role: "assistant",
              content: `plain answer to ${parsed.messages.length} messages`,
              tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } }],
            },
          },
        ],
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

it("reads the reply of a server that answers a streamed request with plain JSON", async () => {
  const model = new OpenAIChatModel({ apiKey: null, baseUrl }, 10_000);
  const request = {
    model: "plain-json",
    system: "be brief",
    items: [{ role: "user" as const, text: "hello" }],
    tools: [{ name: "lookup", description: "looks up", input_schema: { type: "object" } }],
  };
  for (let i = 0; i < 2; i++) {
    const reply = await model.complete(request, new AbortController().signal);
    expect(reply.text).toBe("plain answer to 2 messages");
    expect(reply.tool_calls).toEqual([{ id: "call_1", name: "lookup", input: { q: "x" } }]);
  }
  // Each reply cost one request: the JSON answer is read as it is, not asked for again.
  expect(requests.length).toBe(2);
});
