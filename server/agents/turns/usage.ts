/**
 * Usage of model requests (API.md, "Usage"): the token counts each provider reports, in the four
 * counts of the API, and the spans a model runtime records around each request.
 */
import type { ModelUsage } from "../../storage/port/sessions.ts";

export type { ModelUsage };

export const NO_USAGE: ModelUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
};

const count = (n: number | null | undefined): number => (typeof n === "number" && Number.isFinite(n) && n > 0 ? n : 0);

/** The Messages API's `usage` of a (streamed) message: its counts as they are. */
export function anthropicUsage(
  u:
    | {
        input_tokens?: number | null;
        output_tokens?: number | null;
        cache_read_input_tokens?: number | null;
        cache_creation_input_tokens?: number | null;
      }
    | null
    | undefined,
): ModelUsage {
  return {
    input_tokens: count(u?.input_tokens),
    output_tokens: count(u?.output_tokens),
    cache_read_input_tokens: count(u?.cache_read_input_tokens),
    cache_creation_input_tokens: count(u?.cache_creation_input_tokens),
  };
}

/**
 * Chat Completions' `usage` (the last chunk of a stream asked with `include_usage`): its
 * `prompt_tokens` include the cached ones, which count as cache reads here.
 */
export function openaiUsage(
  u:
    | {
        prompt_tokens?: number | null;
        completion_tokens?: number | null;
        prompt_tokens_details?: { cached_tokens?: number | null } | null;
      }
    | null
    | undefined,
): ModelUsage {
  const cached = count(u?.prompt_tokens_details?.cached_tokens);
  return {
    input_tokens: Math.max(0, count(u?.prompt_tokens) - cached),
    output_tokens: count(u?.completion_tokens),
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: 0,
  };
}

/** The echo runtime's own counts: one token per whitespace-separated word. */
export function wordCount(texts: string[]): number {
  let n = 0;
  for (const text of texts) n += text.split(/\s+/).filter((w) => w.length > 0).length;
  return n;
}
