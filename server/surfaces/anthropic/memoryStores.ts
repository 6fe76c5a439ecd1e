import { type Request, type Response, Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as memory from "../../domain/memoryStores.ts";
import { conflict, invalidRequest } from "../../errors.ts";
import { accountOf, pathParam, queryFlag, queryInt, queryString, type RequestAuth } from "../../http/context.ts";
import { redactMemoryVersionEverywhere } from "../../http/memoryRedaction.ts";
import type { MemoryAuthor } from "../../storage/port/memoryStores.ts";
import { bodyOf, objectField, onlyFields } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type MemorySummary = Schema<"MemorySummary">;
type MemoryVersionSummary = Schema<"MemoryVersionSummary">;
type View = "basic" | "full";

/** A `view=full` list page holds at most this many items (as the hosted service caps it). */
const FULL_VIEW_MAX_LIMIT = 20;

/** Our memory paths are relative (`notes/a.md`); the SDK's start with `/` (`/notes/a.md`). */
const sdkPath = (path: string) => `/${path}`;

function ourPath(path: unknown, param: string): string {
  if (typeof path !== "string") throw invalidRequest(`${param}: must be a string.`, param);
  if (!path.startsWith("/") || path.length < 2) {
    throw invalidRequest(`${param} must start with / and name a memory, got "${path.slice(0, 80)}".`, param);
  }
  return memory.memoryPath(path.slice(1), param);
}

/** The SDK's `precondition` of a memory update: `{type: "content_sha256", content_sha256?}`, or none. */
function preconditionOf(value: unknown): { content_sha256?: string } | undefined {
  if (value === undefined) return undefined;
  const precondition = objectField(value);
  if (!precondition) throw invalidRequest("precondition: must be an object.", "precondition");
  onlyFields(precondition, ["type", "content_sha256"], "precondition.");
  if (precondition.type !== "content_sha256") {
    throw invalidRequest('precondition.type: must be "content_sha256".', "precondition.type");
  }
  const sha = precondition.content_sha256;
  if (sha === undefined) return {};
  if (typeof sha !== "string" || !/^[0-9a-f]{64}$/.test(sha)) {
    throw invalidRequest(
      "precondition.content_sha256: must be 64 lowercase hex digits (a SHA-256).",
      "precondition.content_sha256",
    );
  }
  return { content_sha256: sha };
}

function author(res: Response): MemoryAuthor {
  const auth = res.locals.auth as RequestAuth | undefined;
  if (!auth) throw new Error("author() called on a route without authentication");
  return { type: "api_token", id: auth.tokenId };
}

function viewOf(req: Request, fallback: View): View {
  const view = queryString(req, "view");
  return view === "basic" || view === "full" ? view : fallback;
}

/** Our store as `BetaManagedAgentsMemoryStore` (its `description` is a string: empty when none). */
function sdkStore(s: Schema<"MemoryStore">) {
  return { ...s, description: s.description ?? "" };
}

/** Who made a version, as the SDK's actor. */
function sdkActor(a: MemoryVersionSummary["author"]) {
  return a.type === "session"
    ? { type: "session_actor" as const, session_id: a.id }
    : { type: "api_actor" as const, api_key_id: a.id };
}

/** Our version as `BetaManagedAgentsMemoryVersion` (`updated` is the SDK's `modified`). */
function sdkVersion(v: MemoryVersionSummary, content: string | null) {
  const kept = v.content_sha256 !== null;
  return {
    id: v.id,
    type: "memory_version" as const,
    memory_id: v.memory_id,
    memory_store_id: v.memory_store_id,
    operation: v.operation === "updated" ? ("modified" as const) : v.operation,
    // Once redacted, nothing of what it held shows: not its content, its digest, its size or its path.
    path: v.redacted_at === null ? sdkPath(v.path) : null,
    content: kept && v.redacted_at === null ? content : null,
    content_sha256: v.redacted_at === null ? v.content_sha256 : null,
    content_size_bytes: kept && v.redacted_at === null ? v.size_bytes : null,
    created_by: sdkActor(v.author),
    redacted_at: v.redacted_at,
    created_at: v.created_at,
  };
}

/** Our memory as `BetaManagedAgentsMemory`: `memory_version_id` is the version holding its content. */
function sdkMemory(m: MemorySummary, versionId: string, content: string | null) {
  return {
    id: m.id,
    type: "memory" as const,
    memory_store_id: m.memory_store_id,
    memory_version_id: versionId,
    path: sdkPath(m.path),
    content_sha256: m.content_sha256,
    content_size_bytes: m.size_bytes,
    content,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/**
 * A memory with the id of the version holding its current content. The two are read one after the
 * other: when a write came between them (the newest version is not the content read), both are read
 * again, so the pair always belongs together.
 */
async function currentMemory(deps: AppDeps, accountId: string, storeId: string, memoryId: string, view: View) {
  for (let attempt = 0; ; attempt++) {
    const m = await memory.getMemory(deps, accountId, storeId, memoryId);
    const newest = await memory.listMemoryVersions(deps, accountId, storeId, { memoryId, page: { limit: 1 } });
    const version = newest.data[0];
    const matches = version && (version.content_sha256 === m.content_sha256 || version.redacted_at !== null);
    if ((matches && version) || attempt >= 4) {
      return sdkMemory(m, version?.id ?? "", view === "full" ? m.content : null);
    }
  }
}

/**
 * A page of memories with the versions holding their current content, read for the whole page at
 * once (the memories, then the newest version of each: two reads). A memory whose newest version
 * does not hold the content read (a write came between) is read again on its own, as
 * `currentMemory` does, so the pair always belongs together.
 */
async function currentMemories(
  deps: AppDeps,
  accountId: string,
  storeId: string,
  memoryIds: readonly string[],
  view: View,
) {
  const memories = new Map((await memory.getMemories(deps, accountId, storeId, memoryIds)).map((m) => [m.id, m]));
  const newest = new Map(
    (await memory.newestMemoryVersions(deps, accountId, storeId, memoryIds)).map((v) => [v.memory_id, v]),
  );
  const shown = [];
  for (const id of memoryIds) {
    const m = memories.get(id);
    const version = newest.get(id);
    const matches = m && version && (version.content_sha256 === m.content_sha256 || version.redacted_at !== null);
    shown.push(
      m && version && matches
        ? sdkMemory(m, version.id, view === "full" ? m.content : null)
        : await currentMemory(deps, accountId, storeId, id, view),
    );
  }
  return shown;
}

/**
 * `depth=1`: the direct children of a prefix, in path order: the memories right below it, and one
 * `memory_prefix` item per folder holding deeper ones (its path ends with `/`; pass it as
 * `path_prefix` to go down). A store holds at most 2,000 memories, read a page of 100 at a time.
 * The cursor is the id of the first memory (in path order) of the page's last item.
 */
async function rolledUp(deps: AppDeps, accountId: string, storeId: string, prefix: string, req: Request, view: View) {
  const query = sdkPageQuery(req, "mem");
  const limit = view === "full" ? Math.min(query.limit, FULL_VIEW_MAX_LIMIT) : query.limit;
  const below: { id: string; path: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await memory.listMemories(deps, accountId, storeId, {
      pathPrefix: prefix === "/" ? undefined : prefix.slice(1),
      page: { limit: 100, ...(cursor ? { cursor: { direction: "after" as const, id: cursor } } : {}) },
    });
    for (const m of page.data) below.push({ id: m.id, path: sdkPath(m.path) });
    cursor = page.has_more ? (page.next_page ?? undefined) : undefined;
  } while (cursor);
  below.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Each item: a memory right below the prefix, or the folder of deeper ones (keyed by its path).
  const items: { key: string; first: string; memoryId: string | null }[] = [];
  for (const m of below) {
    const rest = m.path.slice(prefix.length);
    const slash = rest.indexOf("/");
    const key = slash === -1 ? m.path : `${prefix}${rest.slice(0, slash + 1)}`;
    if (items.at(-1)?.key === key) continue;
    items.push({ key, first: m.id, memoryId: slash === -1 ? m.id : null });
  }
  let start = 0;
  if (query.cursor) {
    const at = items.findIndex((i) => i.first === query.cursor?.id);
    if (at === -1) throw invalidRequest("page: that memory is gone since the page was read; list again.", "page");
    start = at + 1;
  }
  const slice = items.slice(start, start + limit);
  const memories = new Map(
    (
      await currentMemories(
        deps,
        accountId,
        storeId,
        slice.flatMap((i) => (i.memoryId ? [i.memoryId] : [])),
        view,
      )
    ).map((m) => [m.id, m]),
  );
  const data = slice.map((i) =>
    i.memoryId ? memories.get(i.memoryId) : { type: "memory_prefix" as const, path: i.key },
  );
  const more = start + limit < items.length;
  return { data, next_page: more ? (slice.at(-1)?.first ?? null) : null };
}

export const memoryStoresFamily: AnthropicFamily = {
  name: "memoryStores",
  router(deps: AppDeps) {
    const r = Router();
    const store = "/memory_stores/:memory_store_id";
    const storeId = (req: Request) => pathParam(req, "memory_store_id");

    r.post("/memory_stores", async (req, res) => {
      const body = await nativeBody(req, "CreateMemoryStoreRequest", bodyOf(req));
      res.json(sdkStore(await memory.createMemoryStore(deps, accountOf(res), body)));
    });
    r.get("/memory_stores", async (req, res) => {
      const page = await memory.listMemoryStores(deps, accountOf(res), {
        includeArchived: queryFlag(req, "include_archived"),
        page: sdkPageQuery(req, "memstore"),
      });
      res.json(await sdkPage(page, sdkStore));
    });
    r.get(store, async (req, res) => {
      res.json(sdkStore(await memory.getMemoryStore(deps, accountOf(res), storeId(req))));
    });
    r.post(store, async (req, res) => {
      // The SDK's `name: null` keeps the name (a store always has one); `description: null` clears it.
      const { name, ...rest } = bodyOf(req);
      const body = await nativeBody(req, "UpdateMemoryStoreRequest", {
        ...rest,
        ...(name !== null && name !== undefined ? { name } : {}),
      });
      res.json(sdkStore(await memory.updateMemoryStore(deps, accountOf(res), storeId(req), body)));
    });
    r.delete(store, async (req, res) => {
      res.json(await memory.deleteMemoryStore(deps, accountOf(res), storeId(req)));
    });
    r.post(`${store}/archive`, async (req, res) => {
      res.json(sdkStore(await memory.archiveMemoryStore(deps, accountOf(res), storeId(req))));
    });

    r.post(`${store}/memories`, async (req, res) => {
      const raw = bodyOf(req) as { path: unknown; content: string | null };
      onlyFields(raw, ["path", "content"]);
      const body = await nativeBody(req, "CreateMemoryRequest", {
        path: ourPath(raw.path, "path"),
        content: raw.content ?? "",
      });
      const written = await memory.writeNewMemory(deps, accountOf(res), storeId(req), body, author(res));
      const view = viewOf(req, "basic");
      res.json(sdkMemory(written.memory, written.version.id, view === "full" ? written.memory.content : null));
    });
    r.get(`${store}/memories`, async (req, res) => {
      const depth = queryInt(req, "depth");
      if (depth !== undefined && depth !== 0 && depth !== 1) {
        throw invalidRequest(
          "depth: 0 lists every memory below path_prefix, 1 its direct children with deeper ones rolled up into memory_prefix items; deeper roll-ups are not offered.",
          "depth",
        );
      }
      const prefix = queryString(req, "path_prefix");
      if (depth === 1) {
        res.json(await rolledUp(deps, accountOf(res), storeId(req), prefix ?? "/", req, viewOf(req, "basic")));
        return;
      }
      const view = viewOf(req, "basic");
      const query = sdkPageQuery(req, "mem");
      const page = await memory.listMemories(deps, accountOf(res), storeId(req), {
        // `/` lists the whole store; `/notes/` is our `notes/`.
        pathPrefix: prefix === undefined || prefix === "/" ? undefined : prefix.slice(1),
        page: view === "full" ? { ...query, limit: Math.min(query.limit, FULL_VIEW_MAX_LIMIT) } : query,
      });
      const ids = page.data.map((m) => m.id);
      const data = await currentMemories(deps, accountOf(res), storeId(req), ids, view);
      res.json({ data, next_page: page.has_more ? page.next_page : null });
    });
    r.get(`${store}/memories/:memory_id`, async (req, res) => {
      const id = pathParam(req, "memory_id");
      res.json(await currentMemory(deps, accountOf(res), storeId(req), id, viewOf(req, "full")));
    });
    r.post(`${store}/memories/:memory_id`, async (req, res) => {
      const id = pathParam(req, "memory_id");
      const account = accountOf(res);
      const raw = bodyOf(req) as { content?: string | null; path?: unknown; precondition?: unknown };
      onlyFields(raw, ["content", "path", "precondition"]);
      const precondition = preconditionOf(raw.precondition);
      const view = viewOf(req, "basic");
      const current = await memory.getMemory(deps, account, storeId(req), id);
      // A new path renames the memory (it keeps its id); its content stays unless one is given.
      const path = raw.path !== undefined && raw.path !== null ? ourPath(raw.path, "path") : undefined;
      const renamed = path !== undefined && path !== current.path;
      const expected = precondition?.content_sha256;
      if ((raw.content === undefined || raw.content === null) && !renamed) {
        // Nothing to change: the precondition still has to hold.
        if (expected !== undefined && expected !== current.content_sha256) {
          throw conflict(
            "precondition.content_sha256 does not match the memory's current content: it was changed since you read it. Read it again and retry.",
            "precondition.content_sha256",
          );
        }
        res.json(await currentMemory(deps, account, storeId(req), id, view));
        return;
      }
      const body = await nativeBody(req, "UpdateMemoryRequest", {
        ...(raw.content !== undefined && raw.content !== null ? { content: raw.content } : {}),
        ...(renamed ? { path } : {}),
        ...(expected !== undefined ? { content_sha256: expected } : {}),
      });
      const written = await memory.writeMemory(deps, account, storeId(req), id, body, author(res));
      res.json(sdkMemory(written.memory, written.version.id, view === "full" ? written.memory.content : null));
    });
    r.delete(`${store}/memories/:memory_id`, async (req, res) => {
      const id = pathParam(req, "memory_id");
      const expected = queryString(req, "expected_content_sha256") ?? null;
      res.json(await memory.deleteMemory(deps, accountOf(res), storeId(req), id, author(res), expected));
    });

    r.get(`${store}/memory_versions`, async (req, res) => {
      const view = viewOf(req, "basic");
      const query = sdkPageQuery(req, "memver");
      const account = accountOf(res);
      const page = await memory.listMemoryVersions(deps, account, storeId(req), {
        memoryId: queryString(req, "memory_id"),
        page: view === "full" ? { ...query, limit: Math.min(query.limit, FULL_VIEW_MAX_LIMIT) } : query,
      });
      // The full view's contents, for the whole page in one read.
      const contents = new Map<string, string | null>();
      if (view === "full") {
        const ids = page.data.map((v) => v.id);
        for (const v of await memory.getMemoryVersions(deps, account, storeId(req), ids)) contents.set(v.id, v.content);
      }
      // A version gone since the page was read is read on its own (its 404, as before).
      const contentOf = async (id: string) =>
        contents.has(id)
          ? (contents.get(id) ?? null)
          : (await memory.getMemoryVersion(deps, account, storeId(req), id)).content;
      res.json(await sdkPage(page, async (v) => sdkVersion(v, view === "full" ? await contentOf(v.id) : null)));
    });
    r.get(`${store}/memory_versions/:memory_version_id`, async (req, res) => {
      const v = await memory.getMemoryVersion(deps, accountOf(res), storeId(req), pathParam(req, "memory_version_id"));
      res.json(sdkVersion(v, viewOf(req, "full") === "full" ? v.content : null));
    });
    r.post(`${store}/memory_versions/:memory_version_id/redact`, async (req, res) => {
      const id = pathParam(req, "memory_version_id");
      const v = await redactMemoryVersionEverywhere(deps, accountOf(res), storeId(req), id);
      res.json(sdkVersion(v, null));
    });
    return r;
  },
};
