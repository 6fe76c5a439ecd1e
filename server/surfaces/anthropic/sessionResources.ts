import { Router } from "express";
import type { AppDeps } from "../../appDeps.ts";
import * as resources from "../../domain/sessionResources.ts";
import { accountOf, pathParam } from "../../http/context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

/** A memory store resource as `BetaManagedAgentsMemoryStoreResource` (with its `instructions`). */
const sdkResource = (r: Awaited<ReturnType<typeof resources.listResources>>["data"][number]) =>
  r.type === "memory_store" ? { ...r, instructions: null } : r;

/** Session resources (`client.beta.sessions.resources`): add, list, retrieve, update (rotate a token), delete. */
export const sessionResourcesFamily: AnthropicFamily = {
  name: "sessions.resources",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/sessions/:session_id/resources", async (req, res) => {
      const { mount_path, ...rest } = (req.body ?? {}) as Record<string, unknown>;
      // `mount_path: null` is the default mount (ours leaves the field out).
      const body = await nativeBody(req, "CreateSessionResourceRequest", mount_path === null ? rest : req.body);
      res.json(await resources.addResource(deps, accountOf(res), pathParam(req, "session_id"), body));
    });
    r.get("/sessions/:session_id/resources", async (req, res) => {
      const page = await resources.listResources(
        deps,
        accountOf(res),
        pathParam(req, "session_id"),
        sdkPageQuery(req, "sres"),
      );
      res.json(await sdkPage(page, sdkResource));
    });
    r.get("/sessions/:session_id/resources/:resource_id", async (req, res) => {
      res.json(
        await resources.getResource(deps, accountOf(res), pathParam(req, "session_id"), pathParam(req, "resource_id")),
      );
    });
    r.post("/sessions/:session_id/resources/:resource_id", async (req, res) => {
      const body = await nativeBody(req, "UpdateSessionResourceRequest", req.body);
      res.json(
        await resources.rotateToken(
          deps,
          accountOf(res),
          pathParam(req, "session_id"),
          pathParam(req, "resource_id"),
          body.authorization_token,
        ),
      );
    });
    r.delete("/sessions/:session_id/resources/:resource_id", async (req, res) => {
      res.json(
        await resources.deleteResource(
          deps,
          accountOf(res),
          pathParam(req, "session_id"),
          pathParam(req, "resource_id"),
        ),
      );
    });
    return r;
  },
};
