/**
 * The transport under every call: a timeout per attempt, and automatic retries with exponential
 * backoff and jitter for network errors, timeouts, 429 (honouring `Retry-After`) and 5xx. A POST
 * gets an `Idempotency-Key` once, before its first attempt, so every retry of it carries the same
 * key and the service never runs it twice.
 */
import { CloudAgentsConnectionError, CloudAgentsTimeoutError } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt (0 turns retrying off). Default 2. */
  maxRetries: number;
  /** Backoff before the first retry; doubles on each next one. Default 500 ms. */
  baseDelayMs: number;
  /** Upper bound of one backoff. Default 8 s. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the response is returned as is. Default 60 s. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Default time an attempt may take until the response headers arrive. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What `onRetry` is told before the SDK waits and tries again. */
export interface RetryInfo {
  method: string;
  url: string;
  /** The attempt about to be made: 2 for the first retry. */
  attempt: number;
  delayMs: number;
  /** `429`, `503`, ... or `network_error` / `timeout`. */
  reason: string;
}

export interface TransportOptions {
  fetch?: ((input: Request) => Promise<Response>) | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  onRetry?: ((info: RetryInfo) => void) | undefined;
  /** A number in [0, 1) for the jitter (tests). */
  random?: () => number;
}

/** Exponential backoff with equal jitter: half the delay fixed, half random. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** `Retry-After` in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A fresh idempotency key (a UUID v4); crypto.randomUUID needs a secure context in browsers. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * How long to wait before retrying a response, or undefined to return it: 429 and 5xx are retried
 * (a replayed 5xx is the kept outcome of an idempotent POST: retrying cannot change it), and a 409
 * telling that the first request with this Idempotency-Key is still running.
 */
async function retryDelay(
  response: Response,
  retry: number,
  policy: RetryPolicy,
  random: () => number,
): Promise<number | undefined> {
  const { status } = response;
  const after = retryAfterMs(response.headers.get("retry-after"));
  if (status === 429 || (status >= 500 && response.headers.get("idempotent-replayed") !== "true")) {
    if (after === undefined) return backoffDelay(retry, policy, random);
    return after <= policy.maxRetryAfterMs ? after : undefined;
  }
  if (status === 409) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: { param?: unknown } } | null;
    if (body?.error?.param === "Idempotency-Key") return backoffDelay(retry, policy, random);
  }
  return undefined;
}

/** A fetch that times out, retries and adds the Idempotency-Key, as described above. */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const { timeoutMs, retry: policy, onRetry } = options;
  const random = options.random ?? Math.random;
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));

  return async (original: Request) => {
    let request = original;
    if (request.method === "POST" && !request.headers.has("idempotency-key")) {
      const headers = new Headers(request.headers);
      headers.set("Idempotency-Key", newIdempotencyKey());
      request = new Request(request, { headers });
    }
    const caller = original.signal;
    for (let attempt = 1; ; attempt++) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const forward = () => controller.abort(caller.reason);
      if (caller.aborted) forward();
      else caller.addEventListener("abort", forward, { once: true });

      let response: Response | undefined;
      let failure: CloudAgentsConnectionError | undefined;
      try {
        // A clone per attempt: the body of `request` stays unread for the next one.
        response = await send(new Request(request.clone(), { signal: controller.signal }));
      } catch (err) {
        // The caller's own abort is an answer, not a failure to retry.
        if (caller.aborted) throw caller.reason ?? err;
        const where = `${request.method} ${request.url}`;
        failure = timedOut
          ? new CloudAgentsTimeoutError(
              `${where}: no response within ${timeoutMs} ms (${attempt} attempt${attempt > 1 ? "s" : ""}).`,
              attempt,
              timeoutMs,
            )
          : new CloudAgentsConnectionError(
              `${where}: ${describe(err)} (${attempt} attempt${attempt > 1 ? "s" : ""}).`,
              attempt,
              { cause: err },
            );
      } finally {
        clearTimeout(timer);
        caller.removeEventListener("abort", forward);
      }

      const retriesLeft = attempt <= policy.maxRetries;
      if (response) {
        const delay = retriesLeft ? await retryDelay(response, attempt, policy, random) : undefined;
        if (delay === undefined) return response;
        // Free the connection; not awaited (a stream may settle its cancel only once fully torn down).
        response.body?.cancel().catch(() => undefined);
        onRetry?.({
          method: request.method,
          url: request.url,
          attempt: attempt + 1,
          delayMs: delay,
          reason: String(response.status),
        });
        await sleep(delay, caller);
        continue;
      }
      if (!retriesLeft || !failure) throw failure;
      const delay = backoffDelay(attempt, policy, random);
      onRetry?.({
        method: request.method,
        url: request.url,
        attempt: attempt + 1,
        delayMs: delay,
        reason: failure instanceof CloudAgentsTimeoutError ? "timeout" : "network_error",
      });
      await sleep(delay, caller);
    }
  };
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
