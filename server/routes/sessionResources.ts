import { Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as resources from "../domain/sessionResources.ts";
import { accountOf, pageQuery, pathParam } from "../http/context.ts";

/** Routes of the Session resources tag: files and repositories of a session, added and removed while it is idle. */
export const sessionResourceRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.post("/sessions/:session_id/resources", async (req, res) => {
      res.json(
        await resources.addResource(
          deps,
          accountOf(res),
          pathParam(req, "session_id"),
          req.body as resources.ResourceInput,
        ),
      );
    });
    r.get("/sessions/:session_id/resources", async (req, res) => {
      res.json(
        await resources.listResources(deps, accountOf(res), pathParam(req, "session_id"), pageQuery(req, "sres")),
      );
    });
    r.get("/sessions/:session_id/resources/:resource_id", async (req, res) => {
      res.json(
        await resources.getResource(deps, accountOf(res), pathParam(req, "session_id"), pathParam(req, "resource_id")),
      );
    });
    r.post("/sessions/:session_id/resources/:resource_id", async (req, res) => {
      const body = req.body as { authorization_token: string };
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
