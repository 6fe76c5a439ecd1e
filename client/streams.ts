/**
 * Live streams (Server-Sent Events) as async iterators: `streamSessionEvents`,
 * `streamThreadEvents` and `streamEvents` on the client.
 *
 * Each iterator yields the events as they are committed (a session's history first). When the
 * connection drops or the server ends it (a restart, a slow-client drop), it reconnects with
 * `Last-Event-ID` set to the last event it yielded, so no event is lost or repeated. Reconnection
 * attempts back off exponentially (with `Retry-After` honoured); a 4xx other than 429 (an unknown
 * session, a bad resume point, a revoked token) ends the iteration with `CloudAgentsApiError`.
 * Aborting the `signal`, or leaving the `for await` loop, closes the connection and ends the
 * iteration without an error. Messages are parsed with `eventsource-parser`.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";

export type { EventSourceMessage };

import type { components } from "../generated/api.js";
import { CloudAgentsApiError } from "./errors.js";
import { backoffDelay, type RetryPolicy, retryAfterMs } from "./retry.js";

export type SessionEvent = components["schemas"]["SessionEvent"];
export type SessionEventType = components["schemas"]["SessionEventType"];
export type EventEnvelope = components["schemas"]["EventEnvelope"];
export type EventKind = components["schemas"]["WebhookEventType"];
/**
 * A live delta of a session stream opened with `eventDeltas` (never stored, never replayed):
 * `event_start` when the model starts streaming an agent message's text, `event_delta` with each
 * piece (`delta.text`). Tell them from events by `type`.
 */
export type SessionEventDelta = components["schemas"]["SessionEventDeltaMessage"]["data"];
/** The event types that have live deltas. */
export type DeltaEventType = SessionEventDelta["event"]["type"];

/** The members of a union whose `type` can be one of `T`. */
type WithType<U, T> = U extends { type: infer K } ? ([Extract<K, T>] extends [never] ? never : U) : never;
/** A session event of one of the types `T`. */
export type SessionEventOf<T extends SessionEventType> = WithType<SessionEvent, T>;
/** An envelope whose `data.type` is one of `T`. */
export type EventEnvelopeOf<T extends EventKind> = Omit<EventEnvelope, "data"> & {
  data: WithType<EventEnvelope["data"], T>;
};

/** What `onReconnect` is told before the iterator waits and connects again. */
export interface ReconnectInfo {
  /** Failed connection attempts in a row so far (0 after a stream that was open and ended). */
  failures: number;
  delayMs: number;
  /** `ended` (the server closed an open stream), `network_error`, or a status such as `503`. */
  reason: string;
  /** The `Last-Event-ID` the next connection sends (undefined before any event). */
  lastEventId: string | undefined;
}

export interface StreamOptions<T extends string> {
  /** Only events of these types (the `types[]` filter). */
  types?: readonly T[];
  /**
   * Session streams only: live deltas of these event types (`event_deltas[]`), yielded as
   * SessionEventDelta values between the events.
   */
  eventDeltas?: readonly DeltaEventType[];
  /** Start after this event id instead of at the beginning (sent as `Last-Event-ID`). */
  after?: string;
  /** Aborting it closes the stream; the iteration then ends without an error. */
  signal?: AbortSignal;
  /**
   * Connection attempts in a row that may fail (network error, 429, 5xx) before the iterator
   * gives up with the last error. Default: unlimited (like a browser's EventSource).
   */
  maxFailures?: number;
  /** Called before each reconnection (logging). */
  onReconnect?: (info: ReconnectInfo) => void;
  /** Called each time the stream is open: first, and after every reconnection (events committed from then on are sent). */
  onOpen?: () => void;
}

export interface StreamTransport {
  /** The API root: `<baseUrl>/api/v1/cloud`. */
  apiUrl: string;
  headers: Record<string, string>;
  /** The client's transport with retrying off (the iterator retries itself), or a custom fetch. */
  fetch: (request: Request) => Promise<Response>;
  policy: RetryPolicy;
  random?: () => number;
}

class Aborted extends Error {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A connection attempt that did not open the stream: the error, and how long the server asks to wait. */
interface Failure {
  error: Error;
  /** `network_error` or the status, for `onReconnect`. */
  reason: string;
  retryAfterMs: number | undefined;
}

/**
 * One connection attempt: the open response, a Failure worth retrying (network error, 429, 5xx),
 * or null when aborted. Any other error status throws CloudAgentsApiError.
 */
async function connect(
  transport: StreamTransport,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response | Failure | null> {
  let response: Response;
  try {
    response = await transport.fetch(new Request(url, { headers, signal }));
  } catch (err) {
    if (signal.aborted) return null;
    return {
      error: err instanceof Error ? err : new Error(String(err)),
      reason: "network_error",
      retryAfterMs: undefined,
    };
  }
  if (response.ok && response.body) return response;
  const body = await response.json().catch(() => null);
  const error = new CloudAgentsApiError(response.status, body, response.headers.get("request-id"));
  // Only a full account (429) or a server in trouble (5xx) may get better by waiting.
  if (response.status !== 429 && response.status < 500) throw error;
  return { error, reason: String(response.status), retryAfterMs: retryAfterMs(response.headers.get("retry-after")) };
}

/**
 * Yields the messages of an open response until it ends (`ended`), the connection drops
 * (`dropped`) or the iteration is aborted (`aborted`). `seen` is told each message's id.
 */
async function* read<T>(
  response: Response,
  signal: AbortSignal,
  parse: (message: EventSourceMessage) => T,
  seen: (id: string) => void,
): AsyncGenerator<T, "ended" | "dropped" | "aborted", undefined> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => queue.push(message) });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const cancel = () => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return signal.aborted ? "aborted" : "ended";
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      for (let message = queue.shift(); message; message = queue.shift()) {
        if (signal.aborted) return "aborted";
        const value = parse(message);
        if (message.id !== undefined) seen(message.id);
        yield value;
      }
    }
  } catch {
    return signal.aborted ? "aborted" : "dropped";
  } finally {
    signal.removeEventListener("abort", cancel);
    cancel();
  }
}

/** The messages' data, parsed as JSON (what the client's iterators yield). */
export const parseData = <T>(message: EventSourceMessage): T => JSON.parse(message.data) as T;

/**
 * Follows a stream at `path` (relative to the API root), reconnecting with `Last-Event-ID` after
 * the last event yielded. `parse` turns each message into the value yielded (default: its data
 * parsed as JSON; the CLI keeps the raw message, to forward its exact bytes).
 */
export async function* followStream<T>(
  transport: StreamTransport,
  path: string,
  options: StreamOptions<string>,
  parse: (message: EventSourceMessage) => T = parseData,
): AsyncGenerator<T, void, undefined> {
  const query = [
    ...(options.types ?? []).map((t) => `types[]=${encodeURIComponent(t)}`),
    ...(options.eventDeltas ?? []).map((t) => `event_deltas[]=${encodeURIComponent(t)}`),
  ].join("&");
  const url = `${transport.apiUrl}${path}${query ? `?${query}` : ""}`;
  if (options.signal?.aborted) return;
  // One controller for the whole iteration: the caller's abort, or leaving the loop, ends it.
  const controller = new AbortController();
  const forward = () => controller.abort();
  options.signal?.addEventListener("abort", forward, { once: true });
  let lastEventId = options.after;
  let failures = 0;
  try {
    for (;;) {
      const headers: Record<string, string> = { ...transport.headers, Accept: "text/event-stream" };
      if (lastEventId !== undefined) headers["Last-Event-ID"] = lastEventId;
      const outcome = await connect(transport, url, headers, controller.signal);
      if (outcome === null) return;
      let reason: string;
      let retryAfter: number | undefined;
      if (outcome instanceof Response) {
        failures = 0;
        options.onOpen?.();
        const how = yield* read<T>(outcome, controller.signal, parse, (id) => {
          lastEventId = id;
        });
        if (how === "aborted") return;
        reason = how === "ended" ? "ended" : "network_error";
      } else {
        failures++;
        if (options.maxFailures !== undefined && failures > options.maxFailures) throw outcome.error;
        reason = outcome.reason;
        retryAfter = outcome.retryAfterMs;
      }
      // After an open stream ended: a short pause (a restarting server); after failures: backoff.
      const backoff = backoffDelay(Math.max(1, failures), transport.policy, transport.random);
      const delayMs = Math.min(
        transport.policy.maxRetryAfterMs,
        retryAfter ?? (failures === 0 ? backoff / 2 : backoff),
      );
      options.onReconnect?.({ failures, delayMs, reason, lastEventId });
      try {
        await sleep(delayMs, controller.signal);
      } catch {
        return;
      }
    }
  } finally {
    options.signal?.removeEventListener("abort", forward);
    controller.abort();
  }
}
