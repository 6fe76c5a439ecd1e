/**
 * The typed TypeScript SDK of the Cloud Agents Service: openapi-fetch over the types generated
 * from the OpenAPI description, so every operation of the spec is a typed call.
 *
 * - HTTP errors never throw: a call resolves to `{ data, response }` or `{ error, response }`, where
 *   `error` is the error envelope. `CloudAgentsApiError.from(result)` turns it into an Error.
 * - A call rejects only when no HTTP response arrived, after the automatic retries:
 *   `CloudAgentsTimeoutError` or `CloudAgentsConnectionError` (or the caller's own abort).
 * - Network errors, timeouts, 429 and 5xx are retried with backoff and jitter; a POST carries one
 *   `Idempotency-Key` across its retries, so it never runs twice.
 *
 * Runs in Node 20+ and in browsers. Receivers verify deliveries with `verifyWebhook` from the
 * `/webhooks` entry point (Node: it uses node:crypto).
 *
 * @example
 * const client = createCloudAgentsClient({ baseUrl: "http://127.0.0.1:8080", token });
 * const { data, error } = await client.POST("/vaults", { body: { display_name: "Prod" } });
 * for await (const skill of client.paginate("/skills", { params: { query: { limit: 100 } } })) { ... }
 */
import createClient, { type Client, type MaybeOptionalInit } from "openapi-fetch";
import type { components, paths } from "../generated/api.js";
import { CloudAgentsApiError } from "./errors.js";
import {
  createTransport,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  type RetryInfo,
  type RetryPolicy,
} from "./retry.js";
import {
  type DeltaEventType,
  type EventEnvelope,
  type EventEnvelopeOf,
  type EventKind,
  followStream,
  type SessionEvent,
  type SessionEventDelta,
  type SessionEventOf,
  type SessionEventType,
  type StreamOptions,
} from "./streams.js";

export type { components, operations, paths, webhooks } from "../generated/api.js";
export {
  CloudAgentsApiError,
  CloudAgentsConnectionError,
  CloudAgentsError,
  CloudAgentsTimeoutError,
  type ErrorEnvelope,
  type ErrorType,
} from "./errors.js";
export { downloadFile, type UploadFileOptions, uploadFile } from "./files.js";
export { type EditMemoryOptions, editMemory } from "./memory.js";
export {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  newIdempotencyKey,
  type RetryInfo,
  type RetryPolicy,
  retryAfterMs,
} from "./retry.js";
export type {
  DeltaEventType,
  EventEnvelope,
  EventEnvelopeOf,
  EventKind,
  ReconnectInfo,
  SessionEvent,
  SessionEventDelta,
  SessionEventOf,
  SessionEventType,
  StreamOptions,
} from "./streams.js";

export type Schemas = components["schemas"];

/** The path prefix of every operation. */
export const API_BASE_PATH = "/api/v1/cloud";

export interface CloudAgentsClientOptions {
  /** The server's root URL, e.g. `http://127.0.0.1:8080` (the `/api/v1/cloud` prefix is added). */
  baseUrl: string;
  /** A personal access token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Time an attempt may take until the response headers arrive. Default 30 s. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 2; 0 turns retrying off. */
  maxRetries?: number;
  /** Backoff settings (see RetryPolicy). */
  retry?: Partial<Omit<RetryPolicy, "maxRetries">>;
  /** Called before each retry (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
  /** A custom fetch (tests, proxies). Defaults to the global fetch. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

type GetPaths = {
  [P in keyof paths]: paths[P] extends { get: infer Op } ? (Op extends { responses: unknown } ? P : never) : never;
}[keyof paths];
type OkJson<P extends GetPaths> = paths[P]["get"] extends {
  responses: { 200: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

/** The paths of every list operation: a GET whose 200 is a page `{ data, next_page, has_more }`. */
export type ListPath = {
  [P in GetPaths]: [OkJson<P>] extends [never]
    ? never
    : OkJson<P> extends { data: unknown[]; next_page: string | null; has_more: boolean }
      ? P
      : never;
}[GetPaths];
/** The record type a list yields. */
export type ListItem<P extends ListPath> = OkJson<P> extends { data: (infer Item)[] } ? Item : never;
/** The options of a list call (path parameters, filters, `limit`); `page` is set by `paginate`. */
export type ListInit<P extends ListPath> = MaybeOptionalInit<paths[P], "get">;

/** The list shape every list operation returns. */
export interface ListPage<T> {
  data: T[];
  next_page: string | null;
  has_more: boolean;
}

export type CloudAgentsClient = Client<paths> & {
  /**
   * Iterates over every record of a list, page by page, following `next_page`. A page that fails
   * throws CloudAgentsApiError (after the automatic retries).
   *
   * @example
   * for await (const vault of client.paginate("/vaults", { params: { query: { limit: 100 } } })) { ... }
   */
  paginate<P extends ListPath>(path: P, ...init: RequiredKeysInit<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /**
   * Follows a session live (`GET /sessions/{id}/events/stream`): its history, oldest first, then
   * each event as it is committed, including its threads' events. Reconnects with `Last-Event-ID`
   * after a dropped connection, so nothing is lost or repeated; a 4xx (other than 429) throws
   * CloudAgentsApiError; aborting `signal` or leaving the loop closes the stream.
   *
   * @example
   * for await (const event of client.streamSessionEvents(sessionId, { types: ["agent.message"] })) {
   *   console.log(event.content[0]?.text);
   * }
   */
  streamSessionEvents<T extends SessionEventType = SessionEventType>(
    sessionId: string,
    options: StreamOptions<T> & { eventDeltas: readonly DeltaEventType[] },
  ): AsyncGenerator<SessionEventOf<T> | SessionEventDelta, void, undefined>;
  /**
   * With `eventDeltas: ["agent.message"]` the iterator also yields live text (SessionEventDelta:
   * `event_start`, then `event_delta` pieces) while the model streams; the stored
   * `agent.message` follows. Deltas are not replayed after a reconnection.
   *
   * @example
   * for await (const item of client.streamSessionEvents(sessionId, { eventDeltas: ["agent.message"] })) {
   *   if (item.type === "event_delta") process.stdout.write(item.delta?.text ?? "");
   * }
   */
  streamSessionEvents<T extends SessionEventType = SessionEventType>(
    sessionId: string,
    options?: StreamOptions<T>,
  ): AsyncGenerator<SessionEventOf<T>, void, undefined>;
  /** Follows one thread of a session live (`GET /sessions/{id}/threads/{thread_id}/events/stream`), like `streamSessionEvents`. */
  streamThreadEvents<T extends SessionEventType = SessionEventType>(
    sessionId: string,
    threadId: string,
    options?: StreamOptions<T>,
  ): AsyncGenerator<SessionEventOf<T>, void, undefined>;
  /**
   * Follows the account's events live (`GET /events/stream`): every envelope committed from now
   * on (or after `options.after`), the same envelopes webhook endpoints receive.
   *
   * @example
   * for await (const envelope of client.streamEvents({ types: ["session.status_idled"] })) {
   *   console.log(envelope.data.id);
   * }
   */
  streamEvents<T extends EventKind = EventKind>(
    options?: StreamOptions<T>,
  ): AsyncGenerator<EventEnvelopeOf<T>, void, undefined>;
};
type RequiredKeysInit<P extends ListPath> = undefined extends ListInit<P> ? [init?: ListInit<P>] : [init: ListInit<P>];

/** Creates a client whose every request carries the bearer token, a timeout and the retry policy. */
export function createCloudAgentsClient(options: CloudAgentsClientOptions): CloudAgentsClient {
  const transport = createTransport({
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: {
      ...DEFAULT_RETRY_POLICY,
      ...options.retry,
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    },
    onRetry: options.onRetry,
  });
  const apiUrl = `${options.baseUrl.replace(/\/+$/, "")}${API_BASE_PATH}`;
  const headers = { ...options.headers, Authorization: `Bearer ${options.token}` };
  const client = createClient<paths>({ baseUrl: apiUrl, fetch: transport, headers });
  // Streams retry themselves (reconnecting after the last event): their transport does not.
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const streams = {
    apiUrl,
    headers,
    policy,
    fetch: createTransport({
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...policy, maxRetries: 0 },
    }),
  };
  const segment = encodeURIComponent;

  async function* paginate<P extends ListPath>(
    path: P,
    init?: ListInit<P>,
  ): AsyncGenerator<ListItem<P>, void, undefined> {
    const base = (init ?? {}) as { params?: { query?: Record<string, unknown> } & Record<string, unknown> };
    let page: string | undefined;
    for (;;) {
      const query = { ...base.params?.query };
      if (page !== undefined) {
        // The cursor of the next page replaces any starting point given for the first.
        delete query.after_id;
        delete query.before_id;
        query.page = page;
      }
      const get = client.GET as unknown as (
        path: string,
        init: unknown,
      ) => Promise<{ data?: ListPage<ListItem<P>>; error?: unknown; response: Response }>;
      const result = await get(path, { ...base, params: { ...base.params, query } });
      if (!result.data) throw CloudAgentsApiError.from(result);
      yield* result.data.data;
      if (!result.data.has_more || !result.data.next_page) return;
      page = result.data.next_page;
    }
  }

  return Object.assign(client, {
    paginate: paginate as CloudAgentsClient["paginate"],
    streamSessionEvents: ((sessionId: string, opts: StreamOptions<string> = {}) =>
      followStream<SessionEvent>(
        streams,
        `/sessions/${segment(sessionId)}/events/stream`,
        opts,
      )) as CloudAgentsClient["streamSessionEvents"],
    streamThreadEvents: ((sessionId: string, threadId: string, opts: StreamOptions<string> = {}) =>
      followStream<SessionEvent>(
        streams,
        `/sessions/${segment(sessionId)}/threads/${segment(threadId)}/events/stream`,
        opts,
      )) as CloudAgentsClient["streamThreadEvents"],
    streamEvents: ((opts: StreamOptions<string> = {}) =>
      followStream<EventEnvelope>(streams, "/events/stream", opts)) as CloudAgentsClient["streamEvents"],
  });
}
