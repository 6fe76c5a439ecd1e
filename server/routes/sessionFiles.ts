import express, { Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as files from "../domain/sessionFiles.ts";
import { accountOf, pathParam, queryString } from "../http/context.ts";

/** Routes of the Session files tag: a session's workspace listed, downloaded and uploaded. */
export const sessionFileRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/sessions/:session_id/files", async (req, res) => {
      res.json(await files.listFiles(deps, accountOf(res), pathParam(req, "session_id"), queryString(req, "path")));
    });
    r.get("/sessions/:session_id/files/content", async (req, res) => {
      const file = await files.readFileContent(
        deps,
        accountOf(res),
        pathParam(req, "session_id"),
        queryString(req, "path") ?? "",
      );
      res.attachment(file.name).type("application/octet-stream").send(file.content);
    });
    r.put(
      "/sessions/:session_id/files/content",
      express.raw({ type: "application/octet-stream", limit: deps.config.maxUploadBytes }),
      async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        res.json(
          await files.writeFileContent(
            deps,
            accountOf(res),
            pathParam(req, "session_id"),
            queryString(req, "path") ?? "",
            body,
          ),
        );
      },
    );
    return r;
  },
};
