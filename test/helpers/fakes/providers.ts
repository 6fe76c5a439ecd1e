/**
 * msw stand-ins for the model providers' HTTP APIs (third-party services that cannot run here):
 * the OpenAI Chat Completions and Anthropic Messages endpoints, answering scripted replies as
 * streams (SSE), as the SDKs request them. Each request body is recorded. Any other request that
 * leaves this process for a non-loopback host fails the test; loopback traffic (the service
 * itself, the real MCP server, the local token endpoint, webhook receivers) passes through.
 */
import { HttpResponse, http } from "msw";
import { type SetupServer, setupServer } from "msw/node";

export const OPENAI_BASE_URL = "https://openai.provider.test/v1";
export const ANTHROPIC_BASE_URL = "https://anthropic.provider.test";
export const OPENAI_API_KEY = "sk-test-openai-key-0123456789abcdef";
export const ANTHROPIC_API_KEY = "sk-ant-test-key-0123456789abcdef";

/** One scripted answer: the model's text and tool calls, or an HTTP error, or an error mid-stream. */
export type Step =
  | {
      text?: string;
      tool_calls?: { id: string; name: string; input: Record<string, unknown> }[];
      /** The tokens the provider reports (default: 10 in, 5 out, nothing cached). */
      usage?: ScriptedUsage;
      /** Reasoning before the answer: an Anthropic thinking block (signed), OpenAI's `reasoning_content`. */
      thinking?: string;
    }
  | { status: number; body: unknown; headers?: Record<string, string> }
  | {
      streamError: { type: string; message: string };
      /** Anthropic: text streamed before the error. */
      partialText?: string;
    };

/** Token counts a scripted answer reports, in each provider's own terms. */
export interface ScriptedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

const DEFAULT_USAGE: ScriptedUsage = { input_tokens: 10, output_tokens: 5 };

export interface RecordedCall {
  headers: Headers;
  body: any;
}

export interface ProviderMock {
  server: SetupServer;
  openai: RecordedCall[];
  anthropic: RecordedCall[];
  /**
   * The next answers of each provider, in order (a missing step answers 500). A function is
   * called with the request's body when its turn comes (an answer that depends on the prompt).
   */
  script(provider: "openai" | "anthropic", steps: (Step | ((body: any) => Step))[]): void;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

function sse(chunks: string[]): HttpResponse<ReadableStream> {
  const encoder = new TextEncoder();
  const stream = new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } });
}

export function openaiStream(step: Extract<Step, { text?: string }>): string[] {
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_760_000_000,
      model: "test-model",
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  const out = [chunk({ role: "assistant", content: "" })];
  // A reasoning summary in two pieces too, before the answer (vLLM's and DeepSeek's field).
  if (step.thinking) {
    const half = Math.ceil(step.thinking.length / 2);
    out.push(
      chunk({ reasoning_content: step.thinking.slice(0, half) }),
      chunk({ reasoning_content: step.thinking.slice(half) }),
    );
  }
  // The text arrives in two pieces: the SDK has to assemble the stream.
  if (step.text) {
    const half = Math.ceil(step.text.length / 2);
    out.push(chunk({ content: step.text.slice(0, half) }), chunk({ content: step.text.slice(half) }));
  }
  (step.tool_calls ?? []).forEach((call, index) => {
    const args = JSON.stringify(call.input);
    out.push(
      chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, 3) } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(3) } }] }),
    );
  });
  out.push(chunk({}, step.tool_calls?.length ? "tool_calls" : "stop"));
  // The usage chunk (stream_options.include_usage): prompt_tokens count the cached tokens too.
  const usage = step.usage ?? DEFAULT_USAGE;
  const cached = usage.cache_read_input_tokens ?? 0;
  out.push(
    `data: ${JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_760_000_000,
      model: "test-model",
      choices: [],
      usage: {
        prompt_tokens: usage.input_tokens + cached,
        completion_tokens: usage.output_tokens,
        total_tokens: usage.input_tokens + cached + usage.output_tokens,
        prompt_tokens_details: { cached_tokens: cached },
      },
    })}\n\n`,
    "data: [DONE]\n\n",
  );
  return out;
}

export function anthropicStream(step: Step): string[] {
  const ev = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  const usage = ("usage" in step ? step.usage : undefined) ?? DEFAULT_USAGE;
  const out = [
    ev("message_start", {
      type: "message_start",
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // As the API does: message_start has the input (and cache) counts, message_delta the output.
        usage: {
          input_tokens: usage.input_tokens,
          output_tokens: 1,
          cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
          cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
        },
      },
    }),
  ];
  if ("streamError" in step) {
    if (step.partialText) {
      out.push(
        ev("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
        ev("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: step.partialText },
        }),
      );
    }
    out.push(ev("error", { type: "error", error: step.streamError }));
    return out;
  }
  if ("status" in step) return out;
  let index = 0;
  if (step.thinking) {
    out.push(
      ev("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "thinking_delta", thinking: step.thinking },
      }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: `sig-${step.thinking.length}` },
      }),
      ev("content_block_stop", { type: "content_block_stop", index }),
    );
    index++;
  }
  if (step.text) {
    const half = Math.ceil(step.text.length / 2);
    out.push(
      ev("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: step.text.slice(0, half) },
      }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: step.text.slice(half) },
      }),
      ev("content_block_stop", { type: "content_block_stop", index }),
    );
    index++;
  }
  for (const call of step.tool_calls ?? []) {
    const args = JSON.stringify(call.input);
    out.push(
      ev("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
      }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: args.slice(0, 3) },
      }),
      ev("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: args.slice(3) },
      }),
      ev("content_block_stop", { type: "content_block_stop", index }),
    );
    index++;
  }
  out.push(
    ev("message_delta", {
      type: "message_delta",
      delta: { stop_reason: step.tool_calls?.length ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
    ev("message_stop", { type: "message_stop" }),
  );
  return out;
}

export function mockProviders(): ProviderMock {
  const scripts: Record<"openai" | "anthropic", (Step | ((body: any) => Step))[]> = { openai: [], anthropic: [] };
  const mock: ProviderMock = {
    server: setupServer(),
    openai: [],
    anthropic: [],
    script(provider, steps) {
      scripts[provider] = [...steps];
    },
  };
  const next = (provider: "openai" | "anthropic"): Step => {
    const step = scripts[provider].shift() ?? { status: 500, body: { error: { message: "no scripted answer left" } } };
    return typeof step === "function" ? step(mock[provider].at(-1)?.body) : step;
  };
  mock.server.use(
    http.post(`${OPENAI_BASE_URL}/chat/completions`, async ({ request }) => {
      mock.openai.push({ headers: request.headers, body: await request.json() });
      const step = next("openai");
      if ("status" in step)
        return HttpResponse.json(step.body as object, { status: step.status, headers: step.headers });
      if ("streamError" in step) return sse([`data: ${JSON.stringify({ error: step.streamError })}\n\n`]);
      return sse(openaiStream(step));
    }),
    http.post(`${ANTHROPIC_BASE_URL}/v1/messages`, async ({ request }) => {
      mock.anthropic.push({ headers: request.headers, body: await request.json() });
      const step = next("anthropic");
      if ("status" in step)
        return HttpResponse.json(step.body as object, { status: step.status, headers: step.headers });
      return sse(anthropicStream(step));
    }),
  );
  return mock;
}

/** Starts intercepting: unhandled requests to other hosts fail; loopback requests go through. */
export function listen(mock: ProviderMock): void {
  mock.server.listen({
    onUnhandledRequest(request, print) {
      if (LOOPBACK.has(new URL(request.url).hostname)) return;
      print.error();
      throw new Error(`unexpected request to ${request.method} ${request.url}`);
    },
  });
}

/** The environment that points the service's runtimes at the mocked providers. */
export const providerEnv = {
  OPENAI_BASE_URL,
  OPENAI_API_KEY,
  ANTHROPIC_BASE_URL,
  ANTHROPIC_API_KEY,
};
