import { Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as dreams from "../domain/dreams.ts";
import { accountOf, pageQuery, pathParam, queryFlag, queryList } from "../http/context.ts";
import type { DreamStatus } from "../storage/port/dreams.ts";

/** Routes of the Dreams tag. */
export const dreamRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.post("/dreams", async (req, res) => {
      res.json(await dreams.createDream(deps, accountOf(res), req.body as Schema<"CreateDreamRequest">));
    });
    r.get("/dreams", async (req, res) => {
      res.json(
        await dreams.listDreams(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          statuses: queryList(req, "statuses") as DreamStatus[] | undefined,
          createdAt: undefined,
          page: pageQuery(req, "drm"),
        }),
      );
    });
    r.get("/dreams/:dream_id", async (req, res) => {
      res.json(await dreams.getDream(deps, accountOf(res), pathParam(req, "dream_id")));
    });
    r.post("/dreams/:dream_id/archive", async (req, res) => {
      res.json(await dreams.archiveDream(deps, accountOf(res), pathParam(req, "dream_id")));
    });
    r.post("/dreams/:dream_id/cancel", async (req, res) => {
      res.json(await dreams.cancelDream(deps, accountOf(res), pathParam(req, "dream_id")));
    });
    return r;
  },
};
