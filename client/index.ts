/**
 * The typed TypeScript SDK of the Cloud Agents Service: openapi-fetch over the types generated
 * from the OpenAPI description. Calls never throw for HTTP errors: each returns `{ data }` or
 * `{ error }` (the error envelope) together with the `response`.
 *
 * @example
 * const client = createCloudAgentsClient({ baseUrl: "http://127.0.0.1:8080", token });
 * const { data, error } = await client.POST("/vaults", { body: { display_name: "Prod" } });
 *
 * Receivers verify deliveries with `verifyWebhook` from `client/webhooks.ts`, a separate entry
 * point because it needs node:crypto (this one runs in browsers too).
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, paths } from "../generated/api.d.ts";

export type { components, paths } from "../generated/api.d.ts";
export type Schemas = components["schemas"];
export type ErrorEnvelope = components["schemas"]["ErrorEnvelope"];
export type CloudAgentsClient = Client<paths>;

/** The path prefix of every operation. */
export const API_BASE_PATH = "/api/v1/cloud";

export interface CloudAgentsClientOptions {
  /** The server's root URL, e.g. `http://127.0.0.1:8080` (the `/api/v1/cloud` prefix is added). */
  baseUrl: string;
  /** A personal access token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** A custom fetch (tests, proxies, retries). Defaults to the global fetch. */
  fetch?: ClientOptions["fetch"];
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

/** Creates a client whose every request carries the bearer token. */
export function createCloudAgentsClient(options: CloudAgentsClientOptions): CloudAgentsClient {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, "")}${API_BASE_PATH}`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const authorization = `Bearer ${options.token}`;
  client.use({
    onRequest({ request }) {
      request.headers.set("Authorization", authorization);
      return request;
    },
  });
  return client;
}

/** The list shape every list operation returns. */
export interface ListPage<T> {
  data: T[];
  next_page: string | null;
  has_more: boolean;
}

/** Thrown by `paginate` when a page request fails; carries the error envelope. */
export class CloudAgentsApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope | undefined,
  ) {
    super(envelope ? `${envelope.error.type}: ${envelope.error.message}` : `HTTP ${status}`);
    this.name = "CloudAgentsApiError";
  }
}

/**
 * Iterates over every record of a list, page by page, following `next_page`.
 *
 * @example
 * for await (const vault of paginate((page) => client.GET("/vaults", { params: { query: { page, limit: 100 } } }))) { ... }
 */
export async function* paginate<T>(
  fetchPage: (
    page: string | undefined,
  ) => Promise<{ data?: ListPage<T> | undefined; error?: unknown; response: Response }>,
): AsyncGenerator<T, void, undefined> {
  let page: string | undefined;
  for (;;) {
    const { data, error, response } = await fetchPage(page);
    if (!data) throw new CloudAgentsApiError(response.status, error as ErrorEnvelope | undefined);
    yield* data.data;
    if (!data.has_more || !data.next_page) return;
    page = data.next_page;
  }
}
