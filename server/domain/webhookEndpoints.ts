import type { Schema } from "../api.ts";
import type { WebhookConfig } from "../config.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import { generateSigningSecret } from "../delivery/signing.ts";
import { checkTargetUrl } from "../delivery/ssrf.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import type { WebhookEndpointConfig, WebhookEndpointRecord } from "../storage/port/webhooks.ts";
import type { Page, PageQuery, Storage } from "../storage/port.ts";

type Endpoint = Schema<"WebhookEndpoint">;
type EndpointRequest = Schema<"WebhookEndpointRequest">;

export interface WebhookEndpointDeps {
  storage: Storage;
  secrets: SecretBox;
  config: { webhook: Pick<WebhookConfig, "allowPrivateTargets"> };
}

export function endpointView(e: WebhookEndpointRecord): Endpoint {
  return {
    id: e.id,
    type: "webhook_endpoint",
    url: e.url,
    events: e.events as Endpoint["events"],
    description: e.description,
    metadata: e.metadata,
    active: e.active,
    consecutive_fail: e.consecutive_fail,
    degraded: e.degraded,
    last_success_at: e.last_success_at,
    last_failure_at: e.last_failure_at,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

const endpointNotFound = (id: string) => notFound(`No webhook endpoint with id ${id.slice(0, 64)}.`);

/**
 * Validates a create/PUT body beyond the schema: `*` stands alone, and the URL is http(s),
 * without user-info, and not a loopback/private/link-local/metadata target (unless allowed).
 */
async function endpointConfig(deps: WebhookEndpointDeps, body: EndpointRequest): Promise<WebhookEndpointConfig> {
  if (body.events.includes("*") && body.events.length > 1) {
    throw invalidRequest("events: '*' subscribes to every kind and cannot be combined with other kinds.", "events");
  }
  const problem = await checkTargetUrl(body.url, { allowPrivate: deps.config.webhook.allowPrivateTargets });
  if (problem) throw invalidRequest(`url ${problem}.`, "url");
  return {
    url: body.url,
    events: [...body.events],
    description: body.description ?? null,
    metadata: body.metadata ?? {},
  };
}

/**
 * Endpoints per account. The interface lists "all endpoints of the account" with no parameters, so
 * the list's default page size equals this limit.
 */
export const MAX_ENDPOINTS_PER_ACCOUNT = 100;

export async function createEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  body: EndpointRequest,
): Promise<Schema<"WebhookEndpointWithSecret">> {
  const config = await endpointConfig(deps, body);
  const id = newId("wep");
  const secret = generateSigningSecret();
  // The secret is stored sealed, bound to the endpoint id, and shown only in this response.
  const record = deps.storage.webhooks.createEndpoint(
    accountId,
    { ...config, id, secret_sealed: deps.secrets.encrypt(secret, id) },
    MAX_ENDPOINTS_PER_ACCOUNT,
  );
  if (!record) {
    throw conflict(
      `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints (so that GET /webhook_endpoints returns them all); delete one first.`,
    );
  }
  return { ...endpointView(record), signing_secret: secret };
}

export function getEndpoint(deps: WebhookEndpointDeps, accountId: string, endpointId: string): Endpoint {
  const record = deps.storage.webhooks.getEndpoint(accountId, endpointId);
  if (!record) throw endpointNotFound(endpointId);
  return endpointView(record);
}

export function listEndpoints(deps: WebhookEndpointDeps, accountId: string, page: PageQuery): Page<Endpoint> {
  const result = deps.storage.webhooks.listEndpoints(accountId, page);
  return { ...result, data: result.data.map(endpointView) };
}

export async function replaceEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  body: EndpointRequest,
): Promise<Endpoint> {
  // 404 before 400: another account's endpoint must not reveal whether its URL would be valid.
  if (!deps.storage.webhooks.getEndpoint(accountId, endpointId)) throw endpointNotFound(endpointId);
  const config = await endpointConfig(deps, body);
  const record = deps.storage.webhooks.replaceEndpoint(accountId, endpointId, config);
  if (!record) throw endpointNotFound(endpointId);
  return endpointView(record);
}

export function setEndpointActive(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  active: boolean,
): Endpoint {
  const record = deps.storage.webhooks.setEndpointActive(accountId, endpointId, active);
  if (!record) throw endpointNotFound(endpointId);
  return endpointView(record);
}

export function deleteEndpoint(deps: WebhookEndpointDeps, accountId: string, endpointId: string): void {
  if (!deps.storage.webhooks.deleteEndpoint(accountId, endpointId)) throw endpointNotFound(endpointId);
}

export function testEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
): Schema<"WebhookTestResult"> {
  const result = deps.storage.webhooks.sendTestEvent(accountId, endpointId);
  if (!result) throw endpointNotFound(endpointId);
  return result;
}
