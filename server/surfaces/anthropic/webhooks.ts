import { type Request, Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as endpoints from "../../domain/webhookEndpoints.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import { accountOf, pathParam } from "../../http/context.ts";
import { RequestValidationError } from "../../http/validation/errors.ts";
import { bodyOf, defined, onlyFields } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { nativeBody } from "./validation.ts";

type Endpoint = Schema<"WebhookEndpoint">;

/**
 * The SDK's `BetaOrganizationWebhookEndpoint` of one of ours: `enabled_events` are our kinds,
 * `state` our `active`, and `disabled_reason` ours when the server disabled it (empty by hand).
 */
function sdkEndpoint(e: Endpoint) {
  return {
    id: e.id,
    created_at: e.created_at,
    description: e.description ?? "",
    disabled_reason: e.disabled_reason === null || e.disabled_reason.type === "manual" ? "" : e.disabled_reason.type,
    enabled_events: e.events,
    name: e.name ?? "",
    state: e.active ? ("enabled" as const) : ("disabled" as const),
    updated_at: e.updated_at,
    url: e.url,
  };
}

/** The native request of a /v1 body, validated there; its errors name the SDK's field (`enabled_events`). */
async function nativeRequest(req: Request, body: Record<string, unknown>): Promise<Schema<"WebhookEndpointRequest">> {
  try {
    return await nativeBody(req, "WebhookEndpointRequest", body);
  } catch (err) {
    if (!(err instanceof RequestValidationError)) throw err;
    const rename = (text: string | undefined) => text?.replace(/(^|[/ ])events\b/g, "$1enabled_events");
    throw new RequestValidationError(
      err.status,
      err.name,
      err.path,
      rename(err.message) ?? err.message,
      err.errors.map((e) => ({ ...e, path: rename(e.path), message: rename(e.message) })),
    );
  }
}

/** A /v1 label: a string of at most 256 characters (the native request has no such field). */
function nameOf(body: Record<string, unknown>): string | undefined {
  const name = body.name;
  if (name === undefined) return undefined;
  if (typeof name !== "string" || name.length > 256) {
    throw invalidRequest("name must be a string of at most 256 characters.", "name");
  }
  return name;
}

/** An endpoint made on /v1; one made on /api/v1/cloud is managed there (its deliveries are in the native payload). */
async function ownEndpoint(deps: AppDeps, accountId: string, id: string): Promise<Endpoint> {
  const endpoint = await endpoints.getEndpoint(deps, accountId, id);
  if (endpoint.surface !== "anthropic") {
    throw notFound(
      `No webhook endpoint with id ${id.slice(0, 64)} on /v1: it was made on /api/v1/cloud/webhook_endpoints, where it is managed (its deliveries carry the native payload).`,
    );
  }
  return endpoint;
}

/** The SDK's list page: `limit`, `after_id`/`before_id` (ids of this list), `order` by `created_at`. */
function pageOf(all: Endpoint[], q: Record<string, unknown>) {
  const order = q.order === "asc" ? "asc" : "desc";
  const sorted = [...all].sort((a, b) =>
    a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at.localeCompare(b.created_at),
  );
  if (order === "desc") sorted.reverse();
  const limit = typeof q.limit === "number" ? q.limit : 20;
  const at = (name: "after_id" | "before_id") => {
    const id = q[name];
    if (id === undefined) return undefined;
    const index = sorted.findIndex((e) => e.id === id);
    if (index < 0) throw invalidRequest(`${name} must be the id of an endpoint of this list.`, name);
    return index;
  };
  const after = at("after_id");
  const before = at("before_id");
  if (after !== undefined && before !== undefined) {
    throw invalidRequest("Send after_id or before_id, not both.", "before_id");
  }
  let data: Endpoint[];
  let hasMore: boolean;
  if (before !== undefined) {
    data = sorted.slice(Math.max(0, before - limit), before);
    hasMore = before - limit > 0;
  } else {
    const start = after === undefined ? 0 : after + 1;
    data = sorted.slice(start, start + limit);
    hasMore = start + limit < sorted.length;
  }
  const items = data.map(sdkEndpoint);
  return { data: items, has_more: hasMore, first_id: items[0]?.id ?? null, last_id: items.at(-1)?.id ?? null };
}

const CREATE_FIELDS = ["enabled_events", "url", "description", "name"] as const;
const UPDATE_FIELDS = [...CREATE_FIELDS, "state"] as const;

/**
 * Organization webhook endpoints (`client.beta.organization.webhooks`), the endpoints of the
 * account (the same rows as /api/v1/cloud/webhook_endpoints) whose deliveries carry the SDK's
 * payload and the Standard Webhooks signature `client.beta.webhooks.unwrap` verifies.
 */
export const webhooksFamily: AnthropicFamily = {
  name: "organization.webhooks",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/organizations/webhooks", async (req, res) => {
      const body = bodyOf(req);
      onlyFields(body, CREATE_FIELDS);
      const name = nameOf(body) ?? null;
      const request = await nativeRequest(
        req,
        defined({
          url: body.url,
          events: body.enabled_events,
          description: body.description,
          signing_scheme: "standard_webhooks",
        }),
      );
      const created = await endpoints.createEndpoint(deps, accountOf(res), request, { surface: "anthropic", name });
      res.json({ ...sdkEndpoint(created), signing_secret: created.signing_secret });
    });
    r.get("/organizations/webhooks", async (req, res) => {
      const all = await endpoints.listEndpoints(deps, accountOf(res), { limit: endpoints.MAX_ENDPOINTS_PER_ACCOUNT });
      const mine = all.data.filter((e) => e.surface === "anthropic");
      res.json(pageOf(mine, req.query as Record<string, unknown>));
    });
    r.get("/organizations/webhooks/:webhook_endpoint_id", async (req, res) => {
      res.json(sdkEndpoint(await ownEndpoint(deps, accountOf(res), pathParam(req, "webhook_endpoint_id"))));
    });
    r.post("/organizations/webhooks/:webhook_endpoint_id", async (req, res) => {
      const accountId = accountOf(res);
      const id = pathParam(req, "webhook_endpoint_id");
      const body = bodyOf(req);
      onlyFields(body, UPDATE_FIELDS);
      const current = await ownEndpoint(deps, accountId, id);
      const name = nameOf(body);
      const state = body.state;
      if (state !== undefined && state !== "enabled" && state !== "disabled") {
        throw invalidRequest("state must be enabled or disabled.", "state");
      }
      const events =
        Array.isArray(body.enabled_events) && body.enabled_events.length === 0 ? undefined : body.enabled_events;
      const request = await nativeRequest(
        req,
        defined({
          url: body.url ?? current.url,
          events: events ?? current.events,
          description: body.description ?? current.description ?? undefined,
          metadata: current.metadata,
          signing_scheme: current.signing_scheme,
        }),
      );
      let updated = await endpoints.replaceEndpoint(deps, accountId, id, request, name);
      if (state !== undefined && (state === "enabled") !== updated.active) {
        updated = await endpoints.setEndpointActive(deps, accountId, id, state === "enabled");
      }
      res.json(sdkEndpoint(updated));
    });
    r.delete("/organizations/webhooks/:webhook_endpoint_id", async (req, res) => {
      const accountId = accountOf(res);
      const id = pathParam(req, "webhook_endpoint_id");
      await ownEndpoint(deps, accountId, id);
      await endpoints.deleteEndpoint(deps, accountId, id);
      res.json({ id, type: "webhook_endpoint_deleted" });
    });
    r.post("/organizations/webhooks/:webhook_endpoint_id/regenerate_signing_secret", async (req, res) => {
      const accountId = accountOf(res);
      const id = pathParam(req, "webhook_endpoint_id");
      await ownEndpoint(deps, accountId, id);
      // The SDK's semantics: the old secret stops signing at once (no overlap).
      const rotated = await endpoints.rotateEndpointSecret(deps, accountId, id, { previous_secret_expires_in: 0 });
      res.json({ signing_secret: rotated.signing_secret });
    });
    return r;
  },
};
