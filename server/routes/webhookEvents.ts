import { Router } from "express";
import type { AppDeps, RouteModule } from "../app.ts";
import * as events from "../domain/webhookEvents.ts";
import { accountOf, pageQuery, pathParam } from "../http/context.ts";
import type { DeliveryStatus } from "../storage/port/webhooks.ts";

/** A single-valued query parameter (the spec has already checked its type and enum). */
function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/** Routes of the Webhook events tag. */
export const webhookEventRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/webhook_events", (req, res) => {
      res.json(
        events.listWebhookEvents(
          deps,
          accountOf(res),
          {
            endpointId: queryValue(req.query, "endpoint_id"),
            status: queryValue(req.query, "status") as DeliveryStatus | undefined,
            eventType: queryValue(req.query, "event_type"),
          },
          pageQuery(req, "whev"),
        ),
      );
    });
    r.get("/webhook_events/:webhook_event_id", (req, res) => {
      res.json(events.getWebhookEvent(deps, accountOf(res), pathParam(req, "webhook_event_id")));
    });
    r.post("/webhook_events/:webhook_event_id/retry", (req, res) => {
      res.json(events.retryWebhookEvent(deps, accountOf(res), pathParam(req, "webhook_event_id")));
    });
    return r;
  },
};
