/**
 * `claude-*` models on the Anthropic Messages API with the official `@anthropic-ai/sdk`.
 * Requests are streamed; the SDK's own retries are off, the agent loop retries (model.ts) on the
 * injected clock. An `overloaded_error` or `rate_limit_error` sent mid-stream is retried too.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlockParam, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import type { ProviderConfig } from "../../config/sections.ts";
import type { ModelReply } from "../turns/conversation.ts";
import { anthropicUsage } from "../turns/usage.ts";
import {
  type ModelClient,
  type ModelRequest,
  type OnText,
  ProviderError,
  retryAfterMs,
  retryableStatus,
} from "./model.ts";

const RETRYABLE_TYPES = new Set(["overloaded_error", "rate_limit_error", "api_error", "timeout_error"]);

export class AnthropicModel implements ModelClient {
  readonly provider = "Anthropic";
  private readonly client: Anthropic;

  constructor(
    config: ProviderConfig & { apiKey: string },
    timeoutMs: number,
    private readonly maxTokens: number,
    /** ANTHROPIC_THINKING_BUDGET_TOKENS: extended thinking's budget per request; 0 = off. */
    private readonly thinkingBudget = 0,
  ) {
    this.client = new Anthropic({
      // Everything explicit: the SDK would otherwise read ANTHROPIC_* variables of the process itself.
      apiKey: config.apiKey,
      authToken: null,
      baseURL: config.baseUrl ?? "https://api.anthropic.com",
      maxRetries: 0,
      timeout: timeoutMs,
    });
  }

  async complete(request: ModelRequest, signal: AbortSignal, onText?: OnText): Promise<ModelReply> {
    const messages: MessageParam[] = [];
    /** The Messages API wants alternating roles: consecutive parts of one role are merged. */
    const push = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
      if (blocks.length === 0) return;
      const last = messages[messages.length - 1];
      if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks);
      else messages.push({ role, content: blocks });
    };
    for (const item of request.items) {
      if (item.role === "user") push("user", [{ type: "text", text: item.text || "(empty message)" }]);
      else if (item.role === "tool") {
        push("user", [
          { type: "tool_result", tool_use_id: item.tool_call_id, content: item.text, is_error: item.is_error },
        ]);
      } else {
        push("assistant", [
          // Thinking blocks go back first, signed as the API gave them (it checks the signature).
          ...(item.thinking ?? []).flatMap((t) =>
            t.signature ? [{ type: "thinking" as const, thinking: t.text, signature: t.signature }] : [],
          ),
          ...(item.text ? [{ type: "text" as const, text: item.text }] : []),
          ...item.tool_calls.map((c) => ({ type: "tool_use" as const, id: c.id, name: c.name, input: c.input })),
        ]);
      }
    }
    const tools: Tool[] = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.input_schema as Tool["input_schema"],
    }));
    try {
      const stream = this.client.messages.stream(
        {
          model: request.model,
          max_tokens: this.maxTokens,
          messages,
          ...(request.system ? { system: request.system } : {}),
          ...(tools.length > 0 ? { tools } : {}),
          ...(this.thinkingBudget > 0
            ? { thinking: { type: "enabled" as const, budget_tokens: this.thinkingBudget } }
            : {}),
        },
        { signal },
      );
      if (onText) stream.on("text", (delta) => onText(delta));
      const message = await stream.finalMessage();
      let text = "";
      const calls: ModelReply["tool_calls"] = [];
      const thinking: NonNullable<ModelReply["thinking"]> = [];
      for (const block of message.content) {
        if (block.type === "text") text += block.text;
        else if (block.type === "thinking") thinking.push({ text: block.thinking, signature: block.signature || null });
        else if (block.type === "tool_use") {
          calls.push({ id: block.id, name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
        }
      }
      // The final message's usage: message_start's counts with message_delta's output tokens.
      return {
        text,
        tool_calls: calls,
        usage: anthropicUsage(message.usage),
        ...(thinking.length > 0 ? { thinking } : {}),
      };
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw toProviderError(err);
    }
  }
}

function toProviderError(err: unknown): ProviderError {
  if (err instanceof Anthropic.APIConnectionError) {
    return new ProviderError(`The Anthropic API could not be reached: ${err.message}`, true);
  }
  if (err instanceof Anthropic.APIError) {
    const type = err.type ?? null;
    return new ProviderError(
      `The Anthropic API answered ${err.status ?? "with an error"}${type ? ` (${type})` : ""}: ${err.apiMessage ?? err.message}`,
      retryableStatus(err.status) || (type !== null && RETRYABLE_TYPES.has(type)),
      retryAfterMs(err.headers, new Date()),
      err.status ?? (type === "overloaded_error" ? 529 : type === "rate_limit_error" ? 429 : null),
    );
  }
  return new ProviderError(
    `The Anthropic API's answer could not be read: ${err instanceof Error ? err.message : String(err)}`,
    false,
  );
}
