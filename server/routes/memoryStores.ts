import { type Response, Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as memory from "../domain/memoryStores.ts";
import { accountOf, pageQuery, pathParam, queryFlag, queryString, type RequestAuth } from "../http/context.ts";
import { redactMemoryVersionEverywhere } from "../http/memoryRedaction.ts";
import type { MemoryAuthor } from "../storage/port/memoryStores.ts";

/** The author of a change made through the API: the caller's token. */
function apiAuthor(res: Response): MemoryAuthor {
  const auth = res.locals.auth as RequestAuth | undefined;
  if (!auth) throw new Error("apiAuthor() called on a route without authentication");
  return { type: "api_token", id: auth.tokenId };
}

/** Routes of the Memory stores tag: stores, their memories and the memories' versions. */
export const memoryStoreRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    const store = "/memory_stores/:memory_store_id";
    r.get("/memory_stores", async (req, res) => {
      res.json(
        await memory.listMemoryStores(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "memstore"),
        }),
      );
    });
    r.post("/memory_stores", async (req, res) => {
      res.json(await memory.createMemoryStore(deps, accountOf(res), req.body as Schema<"CreateMemoryStoreRequest">));
    });
    r.get(store, async (req, res) => {
      res.json(await memory.getMemoryStore(deps, accountOf(res), pathParam(req, "memory_store_id")));
    });
    r.post(store, async (req, res) => {
      res.json(
        await memory.updateMemoryStore(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          req.body as Schema<"UpdateMemoryStoreRequest">,
        ),
      );
    });
    r.post(`${store}/archive`, async (req, res) => {
      res.json(await memory.archiveMemoryStore(deps, accountOf(res), pathParam(req, "memory_store_id")));
    });
    r.delete(store, async (req, res) => {
      res.json(await memory.deleteMemoryStore(deps, accountOf(res), pathParam(req, "memory_store_id")));
    });

    r.get(`${store}/memories`, async (req, res) => {
      res.json(
        await memory.listMemories(deps, accountOf(res), pathParam(req, "memory_store_id"), {
          pathPrefix: queryString(req, "path_prefix"),
          page: pageQuery(req, "mem"),
        }),
      );
    });
    r.post(`${store}/memories`, async (req, res) => {
      res.json(
        await memory.createMemory(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          req.body as Schema<"CreateMemoryRequest">,
          apiAuthor(res),
        ),
      );
    });
    r.get(`${store}/memories/:memory_id`, async (req, res) => {
      res.json(
        await memory.getMemory(deps, accountOf(res), pathParam(req, "memory_store_id"), pathParam(req, "memory_id")),
      );
    });
    r.post(`${store}/memories/:memory_id`, async (req, res) => {
      res.json(
        await memory.updateMemory(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          pathParam(req, "memory_id"),
          req.body as Schema<"UpdateMemoryRequest">,
          apiAuthor(res),
        ),
      );
    });
    r.delete(`${store}/memories/:memory_id`, async (req, res) => {
      res.json(
        await memory.deleteMemory(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          pathParam(req, "memory_id"),
          apiAuthor(res),
          queryString(req, "expected_content_sha256") ?? null,
        ),
      );
    });

    r.get(`${store}/memory_versions`, async (req, res) => {
      res.json(
        await memory.listMemoryVersions(deps, accountOf(res), pathParam(req, "memory_store_id"), {
          memoryId: queryString(req, "memory_id"),
          page: pageQuery(req, "memver"),
        }),
      );
    });
    r.get(`${store}/memory_versions/:memory_version_id`, async (req, res) => {
      res.json(
        await memory.getMemoryVersion(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          pathParam(req, "memory_version_id"),
        ),
      );
    });
    r.post(`${store}/memory_versions/:memory_version_id/redact`, async (req, res) => {
      res.json(
        await redactMemoryVersionEverywhere(
          deps,
          accountOf(res),
          pathParam(req, "memory_store_id"),
          pathParam(req, "memory_version_id"),
        ),
      );
    });
    return r;
  },
};
