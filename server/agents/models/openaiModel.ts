/**
 * `openai/<model>` on any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM), with
 * the official `openai` SDK. Requests are streamed; a server that does not stream (it answers the
 * whole completion as JSON, whatever `stream` says) is read as it answered, without asking again.
 * The SDK's own retries are off, the agent loop retries (model.ts) on the injected clock.
 */
import OpenAI from "openai";
import { ChatCompletionStream } from "openai/lib/ChatCompletionStream";
import type { ChatCompletion, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { ProviderConfig } from "../../config/sections.ts";
import type { ModelReply, ToolCall } from "../turns/conversation.ts";
import { openaiUsage } from "../turns/usage.ts";
import {
  type ModelClient,
  type ModelRequest,
  type OnText,
  ProviderError,
  retryAfterMs,
  retryableStatus,
} from "./model.ts";

export class OpenAIChatModel implements ModelClient {
  readonly provider = "OpenAI-compatible server";
  private readonly client: OpenAI;

  constructor(config: ProviderConfig, timeoutMs: number) {
    this.client = new OpenAI({
      // A local server takes no key; the SDK insists on one, and the server ignores it.
      apiKey: config.apiKey ?? "none",
      // Everything explicit: the SDK would otherwise read OPENAI_* variables of the process itself.
      baseURL: config.baseUrl ?? "https://api.openai.com/v1",
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: timeoutMs,
    });
  }

  async complete(request: ModelRequest, signal: AbortSignal, onText?: OnText): Promise<ModelReply> {
    const messages: ChatCompletionMessageParam[] = [];
    if (request.system) messages.push({ role: "system", content: request.system });
    for (const item of request.items) {
      if (item.role === "user") messages.push({ role: "user", content: item.text });
      else if (item.role === "tool")
        messages.push({ role: "tool", tool_call_id: item.tool_call_id, content: item.text });
      else {
        messages.push({
          role: "assistant",
          content: item.text || null,
          ...(item.tool_calls.length > 0
            ? {
                tool_calls: item.tool_calls.map((c) => ({
                  id: c.id,
                  type: "function" as const,
                  function: { name: c.name, arguments: JSON.stringify(c.input) },
                })),
              }
            : {}),
        });
      }
    }
    const tools: ChatCompletionTool[] = request.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.input_schema },
    }));
    try {
      const { data: stream, response } = await this.client.chat.completions
        .create(
          {
            model: request.model,
            messages,
            ...(tools.length > 0 ? { tools } : {}),
            stream: true,
            // The usage comes in a last chunk.
            stream_options: { include_usage: true },
          },
          { signal },
        )
        .withResponse();
      const reasoning = { text: "" };
      const completion: ChatCompletion = /^application\/json/i.test(response.headers.get("content-type") ?? "")
        ? // Not streamed: the whole completion in one JSON body.
          ((await response.json()) as ChatCompletion)
        : await streamed(ChatCompletionStream.fromReadableStream(stream.toReadableStream()), onText, reasoning);
      const message = completion.choices[0]?.message;
      // A reasoning summary, where the server returns one (vLLM, DeepSeek: reasoning_content; Ollama, OpenRouter: reasoning).
      const summary = reasoning.text || reasoningOf(message);
      const calls: ToolCall[] = [];
      for (const call of message?.tool_calls ?? []) {
        if (call.type !== "function") continue;
        calls.push({ id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) });
      }
      return {
        text: message?.content ?? "",
        tool_calls: calls,
        usage: openaiUsage(completion.usage),
        ...(summary ? { thinking: [{ text: summary, signature: null }] } : {}),
      };
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw toProviderError(err);
    }
  }
}

/**
 * The stream's completion, its text passed to `onText` as it arrives, and the pieces of a reasoning
 * summary gathered into `reasoning` (the SDK's snapshot keeps only the last piece of a field it does not know).
 */
function streamed(
  stream: ChatCompletionStream,
  onText: OnText | undefined,
  reasoning: { text: string },
): Promise<ChatCompletion> {
  if (onText) stream.on("content", (delta) => onText(delta));
  stream.on("chunk", (chunk) => {
    reasoning.text += reasoningOf(chunk.choices[0]?.delta);
  });
  return stream.finalChatCompletion();
}

/** The reasoning text of a message or delta (`reasoning_content` or `reasoning`), or "". */
function reasoningOf(part: unknown): string {
  if (!part || typeof part !== "object") return "";
  const { reasoning_content, reasoning } = part as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof reasoning_content === "string") return reasoning_content;
  return typeof reasoning === "string" ? reasoning : "";
}

/** The model's arguments string as an object; unreadable JSON is passed on for the tool to refuse. */
function parseArguments(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { unparsed_arguments: raw };
  }
}

function toProviderError(err: unknown): ProviderError {
  if (err instanceof OpenAI.APIConnectionError) {
    return new ProviderError(`The OpenAI-compatible server could not be reached: ${err.message}`, true);
  }
  if (err instanceof OpenAI.APIError) {
    const status = err.status;
    return new ProviderError(
      `The OpenAI-compatible server answered ${status ?? "with an error"}: ${err.message}`,
      retryableStatus(status),
      retryAfterMs(err.headers, new Date()),
      status ?? null,
    );
  }
  return new ProviderError(
    `The OpenAI-compatible server's answer could not be read: ${err instanceof Error ? err.message : String(err)}`,
    false,
  );
}
