/**
 * The provider-neutral model port of the agent loop, the error it fails with, and the retry
 * policy for provider errors: rate limits, overload, server errors and dropped connections are
 * retried with exponential backoff (a Retry-After the provider sends is honoured up to the cap),
 * on the injected clock; any other error ends the turn.
 */
import { type Clock, sleepOn } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { ChatItem, ModelReply, ToolSpec } from "../turns/conversation.ts";

export interface ModelRequest {
  /** The provider's model name (`openai/` stripped). */
  model: string;
  system: string | null;
  items: ChatItem[];
  tools: ToolSpec[];
}

/** Called with each piece of the reply's text as the provider streams it. */
export type OnText = (text: string) => void;

/** One provider API: sends the conversation (streamed) and returns the complete reply. */
export interface ModelClient {
  /** The provider's name in messages, e.g. "Anthropic". */
  readonly provider: string;
  complete(request: ModelRequest, signal: AbortSignal, onText?: OnText): Promise<ModelReply>;
}

/** A provider request failed. `retryable`: rate limit, overload, server error, connection. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** How long the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
    /** The HTTP status the provider answered, when it answered (429: rate limited; 529, 503: overloaded). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** HTTP statuses worth retrying: timeout, conflict, rate limit, server errors, Anthropic's 529 overload. */
const RETRYABLE_STATUS = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

export const retryableStatus = (status: number | undefined): boolean =>
  status !== undefined && RETRYABLE_STATUS.has(status);

/** `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, in ms; null when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now: Date): number | null {
  const ms = headers?.get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const raw = headers?.get("retry-after");
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.ceil(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  maxMs: number;
}

/** The wait before retry `n` (1-based): base × 2^(n-1), or the provider's Retry-After, capped. */
export function backoffMs(policy: RetryPolicy, n: number, retryAfter: number | null): number {
  const exponential = policy.baseMs * 2 ** (n - 1);
  return Math.min(policy.maxMs, Math.max(exponential, retryAfter ?? 0));
}

/** Calls the model, retrying retryable provider errors per the policy. */
export async function completeWithRetries(
  client: ModelClient,
  request: ModelRequest,
  options: {
    policy: RetryPolicy;
    clock: Clock;
    logger: Logger;
    signal: AbortSignal;
    context: Record<string, unknown>;
    onText?: OnText;
    /** Called before a retry: the text streamed by the failed attempt is void. */
    onRetry?: () => void;
    /**
     * Called before the back-off of a retry (the session is rescheduled while it waits) and after
     * it (it runs again); either rejects when the run is no longer wanted, which ends the retries.
     */
    backoff?: { start(err: ProviderError, waitMs: number): Promise<void>; end(): Promise<void> };
  },
): Promise<ModelReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.complete(request, options.signal, options.onText);
    } catch (err) {
      if (options.signal.aborted) throw options.signal.reason;
      if (!(err instanceof ProviderError) || !err.retryable || attempt > options.policy.maxRetries) throw err;
      const wait = backoffMs(options.policy, attempt, err.retryAfterMs);
      options.logger.warn("model provider request failed; retrying", {
        ...options.context,
        provider: client.provider,
        attempt,
        retry_in_ms: wait,
        error: err.message,
      });
      await options.backoff?.start(err, wait);
      await sleepOn(options.clock, wait, options.signal);
      await options.backoff?.end();
      options.onRetry?.();
    }
  }
}
