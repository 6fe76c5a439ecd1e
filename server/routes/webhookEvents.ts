import { Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as events from "../domain/webhookEvents.ts";
import { eventTypeCatalog } from "../domain/webhookEventTypes.ts";
import { accountOf, pageQuery, pathParam, queryString } from "../http/context.ts";
import type { DeliveryStatus } from "../storage/port/webhooks.ts";

/** Routes of the Webhook events tag. */
export const webhookEventRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    // The catalog only changes with the spec: built once, by its first request.
    let catalog: { data: ReturnType<typeof eventTypeCatalog> } | null = null;
    r.get("/webhook_event_types", (_req, res) => {
      catalog ??= { data: eventTypeCatalog(deps.spec.json) };
      res.json(catalog);
    });
    r.get("/webhook_events", async (req, res) => {
      res.json(
        await events.listWebhookEvents(
          deps,
          accountOf(res),
          {
            endpointId: queryString(req, "endpoint_id"),
            status: queryString(req, "status") as DeliveryStatus | undefined,
            eventType: queryString(req, "event_type"),
          },
          pageQuery(req, "whev"),
        ),
      );
    });
    r.get("/webhook_events/:webhook_event_id", async (req, res) => {
      res.json(await events.getWebhookEvent(deps, accountOf(res), pathParam(req, "webhook_event_id")));
    });
    r.post("/webhook_events/:webhook_event_id/retry", async (req, res) => {
      res.json(await events.retryWebhookEvent(deps, accountOf(res), pathParam(req, "webhook_event_id")));
    });
    return r;
  },
};
