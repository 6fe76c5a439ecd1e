import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as endpoints from "../domain/webhookEndpoints.ts";
import { accountOf, pageQuery, pathParam } from "../http/context.ts";

/** Routes of the Webhook endpoints tag. */
export const webhookEndpointRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/webhook_endpoints", async (req, res) => {
      res.json(await endpoints.listEndpoints(deps, accountOf(res), pageQuery(req, "wep")));
    });
    r.post("/webhook_endpoints", async (req, res) => {
      const created = await endpoints.createEndpoint(
        deps,
        accountOf(res),
        req.body as Schema<"WebhookEndpointRequest">,
      );
      res.status(201).json(created);
    });
    r.get("/webhook_endpoints/:endpoint_id", async (req, res) => {
      res.json(await endpoints.getEndpoint(deps, accountOf(res), pathParam(req, "endpoint_id")));
    });
    r.put("/webhook_endpoints/:endpoint_id", async (req, res) => {
      res.json(
        await endpoints.replaceEndpoint(
          deps,
          accountOf(res),
          pathParam(req, "endpoint_id"),
          req.body as Schema<"WebhookEndpointRequest">,
        ),
      );
    });
    r.delete("/webhook_endpoints/:endpoint_id", async (req, res) => {
      await endpoints.deleteEndpoint(deps, accountOf(res), pathParam(req, "endpoint_id"));
      res.status(204).end();
    });
    r.post("/webhook_endpoints/:endpoint_id/test", async (req, res) => {
      res.status(202).json(await endpoints.testEndpoint(deps, accountOf(res), pathParam(req, "endpoint_id")));
    });
    r.post("/webhook_endpoints/:endpoint_id/enable", async (req, res) => {
      res.json(await endpoints.setEndpointActive(deps, accountOf(res), pathParam(req, "endpoint_id"), true));
    });
    r.post("/webhook_endpoints/:endpoint_id/disable", async (req, res) => {
      res.json(await endpoints.setEndpointActive(deps, accountOf(res), pathParam(req, "endpoint_id"), false));
    });
    r.post("/webhook_endpoints/:endpoint_id/rotate_secret", async (req, res) => {
      res.json(
        await endpoints.rotateEndpointSecret(
          deps,
          accountOf(res),
          pathParam(req, "endpoint_id"),
          req.body as Schema<"RotateWebhookSecretRequest"> | undefined,
        ),
      );
    });
    r.post("/webhook_endpoints/:endpoint_id/recover", async (req, res) => {
      res
        .status(202)
        .json(
          await endpoints.recoverEndpoint(
            deps,
            accountOf(res),
            pathParam(req, "endpoint_id"),
            req.body as Schema<"RecoverWebhookEndpointRequest">,
          ),
        );
    });
    return r;
  },
};
