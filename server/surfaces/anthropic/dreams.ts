import { Router } from "express";
import type { AppDeps } from "../../appDeps.ts";
import * as dreams from "../../domain/dreams.ts";
import { accountOf, pathParam, queryFlag, queryList } from "../../http/context.ts";
import type { DreamStatus } from "../../storage/port/dreams.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

/** Dreams (`client.beta.dreams`): the native dreams, whose objects already have the SDK's shape. */
export const dreamsFamily: AnthropicFamily = {
  name: "dreams",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/dreams", async (req, res) => {
      const body = await nativeBody(req, "CreateDreamRequest", bodyOf(req));
      res.json(await dreams.createDream(deps, accountOf(res), body));
    });
    r.get("/dreams", async (req, res) => {
      const { createdAt, ...page } = sdkPageQuery(req, "drm");
      const list = await dreams.listDreams(deps, accountOf(res), {
        includeArchived: queryFlag(req, "include_archived"),
        statuses: queryList(req, "statuses") as DreamStatus[] | undefined,
        createdAt,
        page,
      });
      res.json(await sdkPage(list, (d) => d));
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
