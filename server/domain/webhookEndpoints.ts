import type { Schema } from "../api.ts";
import type { Clock } from "../clock.ts";
import type { WebhookConfig } from "../config/sections.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import type { DeliveryControl } from "../delivery/control.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { checkTargetUrl } from "../outbound/addressPolicy.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import type { EndpointSurface, WebhookEndpointConfig, WebhookEndpointRecord } from "../storage/port/webhooks.ts";
import { generateSigningSecret, isStandardBase64Secret } from "./webhookSigning.ts";

type Endpoint = Schema<"WebhookEndpoint">;
type EndpointRequest = Schema<"WebhookEndpointRequest">;

export interface WebhookEndpointDeps {
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  config: { webhook: Pick<WebhookConfig, "allowPrivateTargets"> };
  /** Disable and delete cut the endpoint's deliveries in flight short through it. */
  delivery: Pick<DeliveryControl, "abortEndpoint">;
}

export function endpointView(e: WebhookEndpointRecord): Endpoint {
  return {
    id: e.id,
    type: "webhook_endpoint",
    url: e.url,
    events: e.events as Endpoint["events"],
    description: e.description,
    metadata: e.metadata,
    signing_scheme: e.signing_scheme,
    surface: e.surface,
    name: e.name,
    previous_secret_expires_at: e.previous_secret_expires_at,
    active: e.active,
    disabled_reason: e.disabled_reason === null ? null : { type: e.disabled_reason },
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
    signing_scheme: body.signing_scheme ?? "webhook_signature",
  };
}

/**
 * Endpoints per account. The interface lists "all endpoints of the account" with no parameters, so
 * the list's default page size equals this limit.
 */
export const MAX_ENDPOINTS_PER_ACCOUNT = 100;

/**
 * Creates an endpoint. `made` is for /v1/organizations/webhooks: the surface whose payload its
 * deliveries carry and the SDK's label (a native endpoint is `cloud`, without one).
 */
export async function createEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  body: EndpointRequest,
  made: { surface: EndpointSurface; name: string | null } = { surface: "cloud", name: null },
): Promise<Schema<"WebhookEndpointWithSecret">> {
  const config = await endpointConfig(deps, body);
  const id = newId("wep");
  const secret = generateSigningSecret();
  // The secret is stored sealed, bound to the endpoint id, and shown only in this response.
  const record = await deps.storage.webhooks.createEndpoint(
    accountId,
    { ...config, ...made, id, secret_sealed: deps.secrets.encrypt(secret, id) },
    MAX_ENDPOINTS_PER_ACCOUNT,
  );
  if (!record) {
    throw conflict(
      `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints (so that GET /webhook_endpoints returns them all); delete one first.`,
    );
  }
  return { ...endpointView(record), signing_secret: secret };
}

export async function getEndpoint(deps: WebhookEndpointDeps, accountId: string, endpointId: string): Promise<Endpoint> {
  const record = await deps.storage.webhooks.getEndpoint(accountId, endpointId);
  if (!record) throw endpointNotFound(endpointId);
  return endpointView(record);
}

export async function listEndpoints(
  deps: WebhookEndpointDeps,
  accountId: string,
  page: PageQuery,
): Promise<Page<Endpoint>> {
  const result = await deps.storage.webhooks.listEndpoints(accountId, page);
  return { ...result, data: result.data.map(endpointView) };
}

/** Replaces the configuration (PUT); `name` (/v1's label) is kept unless given. */
export async function replaceEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  body: EndpointRequest,
  name?: string | null,
): Promise<Endpoint> {
  // 404 before 400: another account's endpoint must not reveal whether its URL would be valid.
  const current = await deps.storage.webhooks.getEndpoint(accountId, endpointId);
  if (!current) throw endpointNotFound(endpointId);
  const config = await endpointConfig(deps, body);
  if (config.signing_scheme === "standard_webhooks" && current.signing_scheme !== "standard_webhooks") {
    // Standard Webhooks libraries base64-decode the secret: one made before secrets were standard
    // base64 (base64url) would not decode, so every delivery would fail verification.
    if (!isStandardBase64Secret(deps.secrets.decrypt(current.secret_sealed, endpointId))) {
      throw conflict(
        "This endpoint's signing secret predates standard base64 secrets, which the Standard Webhooks libraries need: rotate it first (POST /webhook_endpoints/{endpoint_id}/rotate_secret), then switch signing_scheme to standard_webhooks.",
        "signing_scheme",
      );
    }
  }
  const record = await deps.storage.webhooks.replaceEndpoint(accountId, endpointId, {
    ...config,
    ...(name === undefined ? {} : { name }),
  });
  if (!record) throw endpointNotFound(endpointId);
  return endpointView(record);
}

/**
 * Enables or disables by hand. A disabled endpoint's deliveries in flight are cut short before
 * this returns (their connections closed, nothing more sent, its decrypted secret forgotten).
 */
export async function setEndpointActive(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  active: boolean,
): Promise<Endpoint> {
  const record = await deps.storage.webhooks.setEndpointActive(accountId, endpointId, active);
  if (!record) throw endpointNotFound(endpointId);
  if (!active) await deps.delivery.abortEndpoint(endpointId, "disabled");
  return endpointView(record);
}

/** Deletes the endpoint; its deliveries in flight are cut short before this returns (as on disable). */
export async function deleteEndpoint(deps: WebhookEndpointDeps, accountId: string, endpointId: string): Promise<void> {
  if (!(await deps.storage.webhooks.deleteEndpoint(accountId, endpointId))) throw endpointNotFound(endpointId);
  await deps.delivery.abortEndpoint(endpointId, "deleted");
}

export async function testEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
): Promise<Schema<"WebhookTestResult">> {
  const result = await deps.storage.webhooks.sendTestEvent(accountId, endpointId);
  if (!result) throw endpointNotFound(endpointId);
  // On the wire a delivery record is a "webhook event" (whev_).
  return { event_id: result.event_id, webhook_event_id: result.delivery_id };
}

/** The overlap during which the previous secret keeps signing, when the request does not say (one day). */
export const DEFAULT_PREVIOUS_SECRET_EXPIRES_IN_S = 86_400;

/**
 * Gives the endpoint a new signing secret, shown in this response only. The replaced secret keeps
 * signing next to it for `previous_secret_expires_in` seconds (by the injected clock), so receivers
 * can switch over without rejecting a delivery.
 */
export async function rotateEndpointSecret(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  body: Schema<"RotateWebhookSecretRequest"> | undefined,
): Promise<Schema<"WebhookEndpointWithSecret">> {
  const expiresIn = body?.previous_secret_expires_in ?? DEFAULT_PREVIOUS_SECRET_EXPIRES_IN_S;
  const secret = generateSigningSecret();
  const previousExpiresAt =
    expiresIn === 0 ? null : new Date(deps.clock.now().getTime() + expiresIn * 1000).toISOString();
  const record = await deps.storage.webhooks.rotateSecret(
    accountId,
    endpointId,
    deps.secrets.encrypt(secret, endpointId),
    previousExpiresAt,
  );
  if (!record) throw endpointNotFound(endpointId);
  return { ...endpointView(record), signing_secret: secret };
}

/**
 * Queues again, with fresh attempts, every dead record of the endpoint whose event occurred in
 * [since, until) (until defaults to now).
 */
export async function recoverEndpoint(
  deps: WebhookEndpointDeps,
  accountId: string,
  endpointId: string,
  body: Schema<"RecoverWebhookEndpointRequest">,
): Promise<Schema<"WebhookRecoverResult">> {
  // Stored timestamps are UTC with milliseconds and compare as text: bring the bounds to that form.
  const since = new Date(body.since);
  const until = body.until === undefined ? deps.clock.now() : new Date(body.until);
  if (Number.isNaN(since.getTime())) throw invalidRequest("since must be an RFC 3339 date-time.", "since");
  if (Number.isNaN(until.getTime())) throw invalidRequest("until must be an RFC 3339 date-time.", "until");
  if (until.getTime() <= since.getTime()) {
    throw invalidRequest(
      body.until === undefined ? "since must be in the past." : "until must be after since.",
      body.until === undefined ? "since" : "until",
    );
  }
  const requeued = await deps.storage.webhooks.recoverDeliveries(
    accountId,
    endpointId,
    since.toISOString(),
    until.toISOString(),
  );
  if (requeued === null) throw endpointNotFound(endpointId);
  return { requeued };
}
