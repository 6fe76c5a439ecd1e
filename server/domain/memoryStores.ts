import { createHash } from "node:crypto";
import type { Schema } from "../api.ts";
import { ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import type { Page, PageQuery, Storage, Stores } from "../storage/port/index.ts";
import type {
  MemoryAuthor,
  MemoryContent,
  MemoryDeleteResult,
  MemoryRecord,
  MemoryStoreRecord,
  MemorySummaryRecord,
  MemoryVersionRecord,
  MemoryVersionSummaryRecord,
  MemoryWriteResult,
  SessionMemoryStore,
  StoreWriteResult,
} from "../storage/port/memoryStores.ts";
import { memoryPath, memoryPathPrefix } from "./memoryPaths.ts";
import { applyMetadataPatch } from "./metadata.ts";

type MemoryStore = Schema<"MemoryStore">;
type Memory = Schema<"Memory">;
type MemorySummary = Schema<"MemorySummary">;
type MemoryVersion = Schema<"MemoryVersion">;
type MemoryVersionSummary = Schema<"MemoryVersionSummary">;

/** At most this many UTF-8 bytes a memory (100 KiB). */
export { MEMORY_SEGMENT_MAX_BYTES, memoryPath, memoryPathPrefix } from "./memoryPaths.ts";

export const MAX_MEMORY_BYTES = 100 * 1024;
/** At most this many memories a store. */
export const MAX_MEMORIES_PER_STORE = 2000;
/** At most this many memory stores a session. */
export const MAX_SESSION_MEMORY_STORES = 8;

export interface MemoryStoreDeps {
  storage: Storage;
}

export function memoryStoreView(s: MemoryStoreRecord): MemoryStore {
  return {
    id: s.id,
    type: "memory_store",
    name: s.name,
    description: s.description,
    metadata: s.metadata,
    archived_at: s.archived_at,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

function memorySummaryView(m: MemorySummaryRecord): MemorySummary {
  return {
    id: m.id,
    type: "memory",
    memory_store_id: m.store_id,
    path: m.path,
    content_sha256: m.content_sha256,
    size_bytes: m.size_bytes,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

const memoryView = (m: MemoryRecord): Memory => ({ ...memorySummaryView(m), content: m.content });

function versionSummaryView(v: MemoryVersionSummaryRecord): MemoryVersionSummary {
  return {
    id: v.id,
    type: "memory_version",
    memory_id: v.memory_id,
    memory_store_id: v.store_id,
    path: v.path,
    operation: v.operation,
    content_sha256: v.content_sha256,
    size_bytes: v.size_bytes,
    author: v.author,
    redacted_at: v.redacted_at,
    created_at: v.created_at,
  };
}

const versionView = (v: MemoryVersionRecord): MemoryVersion => ({ ...versionSummaryView(v), content: v.content });

const storeNotFound = (id: string) => notFound(`No memory store with id ${id.slice(0, 64)}.`);
const memoryNotFound = (id: string) => notFound(`No memory with id ${id.slice(0, 64)} in this memory store.`);
const versionNotFound = (id: string) => notFound(`No memory version with id ${id.slice(0, 64)} in this memory store.`);
const nameTaken = (name: string) => conflict(`The account already has a memory store named ${name}.`, "name");

/** The content with its SHA-256 and size; over 100 KiB is a 413 naming the field. */
export function memoryContent(content: string): MemoryContent {
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > MAX_MEMORY_BYTES) {
    throw new ApiError(
      "request_too_large",
      `content is ${bytes} bytes; a memory holds at most ${MAX_MEMORY_BYTES} bytes (100 KiB) of UTF-8.`,
      "content",
    );
  }
  return { content, content_sha256: createHash("sha256").update(content, "utf8").digest("hex"), size_bytes: bytes };
}

function storeResult(result: StoreWriteResult, storeId: string, name: string | undefined): MemoryStore {
  if (result.ok) return memoryStoreView(result.store);
  switch (result.reason) {
    case "not_found":
      throw storeNotFound(storeId);
    case "archived":
      throw conflict("The memory store is archived and cannot be changed.");
    case "name_taken":
      throw nameTaken(name ?? "");
  }
}

/** A memory as written, with the version the write made (the /v1 surface shows its id). */
export interface WrittenMemory {
  memory: Memory;
  version: MemoryVersion;
}

function memoryResult(result: MemoryWriteResult, storeId: string, memoryId: string, path?: string): WrittenMemory {
  if (result.ok) return { memory: memoryView(result.memory), version: versionView(result.version) };
  switch (result.reason) {
    case "store_not_found":
      throw storeNotFound(storeId);
    case "store_archived":
      throw conflict("The memory store is archived and its memories cannot be changed.");
    case "memory_not_found":
      throw memoryNotFound(memoryId);
    case "path_taken":
      throw conflict(`The memory store already has a memory at ${path}; update that one.`, "path");
    case "too_many":
      throw conflict(`A memory store holds at most ${MAX_MEMORIES_PER_STORE} memories.`);
    case "precondition_failed":
      throw conflict(
        "content_sha256 does not match the memory's current content: it was changed since you read it. Read it again and retry.",
        "content_sha256",
      );
  }
}

export async function createMemoryStore(
  deps: MemoryStoreDeps,
  accountId: string,
  body: Schema<"CreateMemoryStoreRequest">,
): Promise<MemoryStore> {
  const result = await deps.storage.memoryStores.createStore(accountId, {
    name: body.name,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
  });
  return storeResult(result, "", body.name);
}

export async function getMemoryStore(deps: MemoryStoreDeps, accountId: string, storeId: string): Promise<MemoryStore> {
  const record = await deps.storage.memoryStores.getStore(accountId, storeId);
  if (!record) throw storeNotFound(storeId);
  return memoryStoreView(record);
}

export async function listMemoryStores(
  deps: MemoryStoreDeps,
  accountId: string,
  options: { includeArchived: boolean; page: PageQuery },
): Promise<Page<MemoryStore>> {
  const page = await deps.storage.memoryStores.listStores(accountId, options);
  return { ...page, data: page.data.map(memoryStoreView) };
}

export async function updateMemoryStore(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  body: Schema<"UpdateMemoryStoreRequest">,
): Promise<MemoryStore> {
  const result = await deps.storage.memoryStores.updateStore(accountId, storeId, (current) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    metadata: applyMetadataPatch(current.metadata, body.metadata),
  }));
  return storeResult(result, storeId, body.name);
}

export async function archiveMemoryStore(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
): Promise<MemoryStore> {
  const record = await deps.storage.memoryStores.archiveStore(accountId, storeId);
  if (!record) throw storeNotFound(storeId);
  return memoryStoreView(record);
}

export async function deleteMemoryStore(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
): Promise<Schema<"DeletedMemoryStore">> {
  if (!(await deps.storage.memoryStores.deleteStore(accountId, storeId))) throw storeNotFound(storeId);
  return { id: storeId, type: "memory_store_deleted" };
}

export async function createMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  body: Schema<"CreateMemoryRequest">,
  author: MemoryAuthor,
): Promise<Memory> {
  return (await writeNewMemory(deps, accountId, storeId, body, author)).memory;
}

/** Creates a memory; answers it with the version the create made. */
export async function writeNewMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  body: Schema<"CreateMemoryRequest">,
  author: MemoryAuthor,
): Promise<WrittenMemory> {
  const path = memoryPath(body.path);
  return memoryResult(await storeNewMemory(deps, accountId, storeId, path, body.content, author), storeId, "", path);
}

/*
 * The one write path of memories, for the API (the functions around these, which answer a
 * failed write as its 4xx) and for the memory mounts (tools/memoryMount.ts, which tell the agent):
 * the path in its normal form and refused when it cannot be one, the content measured and hashed,
 * the store's limit. Each answers the storage's result, failed writes included.
 */

/** Creates a memory at `path` (400 for a path no memory can have, 413 for content over the limit). */
export function storeNewMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  path: string,
  content: string,
  author: MemoryAuthor,
): Promise<MemoryWriteResult> {
  return deps.storage.memoryStores.createMemory(
    accountId,
    storeId,
    { ...memoryContent(content), path: memoryPath(path), author },
    MAX_MEMORIES_PER_STORE,
  );
}

/** Replaces a memory's content; with `expectedSha256`, only while it still holds that content. */
export function storeMemoryContent(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
  content: string,
  author: MemoryAuthor,
  expectedSha256: string | null,
): Promise<MemoryWriteResult> {
  return deps.storage.memoryStores.updateMemory(accountId, storeId, memoryId, {
    ...memoryContent(content),
    author,
    expectedSha256,
  });
}

/** Deletes a memory; with `expectedSha256`, only while it still holds that content. */
export function removeMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
  author: MemoryAuthor,
  expectedSha256: string | null,
): Promise<MemoryDeleteResult> {
  return deps.storage.memoryStores.deleteMemory(accountId, storeId, memoryId, { author, expectedSha256 });
}

export async function getMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
): Promise<Memory> {
  const record = await deps.storage.memoryStores.getMemory(accountId, storeId, memoryId);
  if (!record) throw await missing(deps, accountId, storeId, memoryNotFound(memoryId));
  return memoryView(record);
}

/** The 404 for something inside a store: the store may be the missing one. */
async function missing(deps: MemoryStoreDeps, accountId: string, storeId: string, inner: ApiError) {
  return (await deps.storage.memoryStores.getStore(accountId, storeId)) ? inner : storeNotFound(storeId);
}

export async function listMemories(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  options: { pathPrefix: string | undefined; page: PageQuery },
): Promise<Page<MemorySummary>> {
  const page = await deps.storage.memoryStores.listMemories(accountId, storeId, {
    ...options,
    pathPrefix: memoryPathPrefix(options.pathPrefix),
  });
  if (!page) throw storeNotFound(storeId);
  return { ...page, data: page.data.map(memorySummaryView) };
}

export async function updateMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
  body: Schema<"UpdateMemoryRequest">,
  author: MemoryAuthor,
): Promise<Memory> {
  return (await writeMemory(deps, accountId, storeId, memoryId, body, author)).memory;
}

/** Updates a memory's content; answers it with the version the update made. */
export async function writeMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
  body: Schema<"UpdateMemoryRequest">,
  author: MemoryAuthor,
): Promise<WrittenMemory> {
  if (body.content === undefined && body.path === undefined) {
    throw invalidRequest("Give the memory a new content, a new path, or both.", "content");
  }
  const path = body.path !== undefined ? memoryPath(body.path) : undefined;
  // A rename alone keeps the content: the current one (under the precondition, if any).
  const content =
    body.content ?? (await deps.storage.memoryStores.getMemory(accountId, storeId, memoryId))?.content ?? null;
  if (content === null) {
    const store = await deps.storage.memoryStores.getStore(accountId, storeId);
    throw store ? memoryNotFound(memoryId) : storeNotFound(storeId);
  }
  const result = await deps.storage.memoryStores.updateMemory(accountId, storeId, memoryId, {
    ...memoryContent(content),
    author,
    expectedSha256: body.content_sha256 ?? null,
    ...(path !== undefined ? { path } : {}),
  });
  return memoryResult(result, storeId, memoryId, path);
}

export async function deleteMemory(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryId: string,
  author: MemoryAuthor,
  expectedSha256: string | null = null,
): Promise<Schema<"DeletedMemory">> {
  const result = await removeMemory(deps, accountId, storeId, memoryId, author, expectedSha256);
  if (!result.ok) {
    if (result.reason === "store_not_found") throw storeNotFound(storeId);
    if (result.reason === "store_archived") {
      throw conflict("The memory store is archived and its memories cannot be changed.");
    }
    if (result.reason === "precondition_failed") {
      throw conflict(
        "expected_content_sha256 does not match the memory's current content: it was changed since you read it, and nothing was deleted. Read it again and retry.",
        "expected_content_sha256",
      );
    }
    throw memoryNotFound(memoryId);
  }
  return { id: memoryId, type: "memory_deleted" };
}

/** The memories of the given ids with their content, in one read (a page's); missing ones are left out. */
export async function getMemories(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryIds: readonly string[],
): Promise<Memory[]> {
  const records = await deps.storage.memoryStores.getMemories(accountId, storeId, memoryIds);
  if (!records) throw storeNotFound(storeId);
  return records.map(memoryView);
}

/** The newest version of each of the given memories, in one read. */
export async function newestMemoryVersions(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  memoryIds: readonly string[],
): Promise<MemoryVersionSummary[]> {
  const records = await deps.storage.memoryStores.newestVersions(accountId, storeId, memoryIds);
  if (!records) throw storeNotFound(storeId);
  return records.map(versionSummaryView);
}

/** The versions of the given ids with their content, in one read; missing ones are left out. */
export async function getMemoryVersions(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  versionIds: readonly string[],
): Promise<MemoryVersion[]> {
  const records = await deps.storage.memoryStores.getVersions(accountId, storeId, versionIds);
  if (!records) throw storeNotFound(storeId);
  return records.map(versionView);
}

export async function listMemoryVersions(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  options: { memoryId: string | undefined; page: PageQuery },
): Promise<Page<MemoryVersionSummary>> {
  const page = await deps.storage.memoryStores.listVersions(accountId, storeId, options);
  if (!page) throw storeNotFound(storeId);
  return { ...page, data: page.data.map(versionSummaryView) };
}

export async function getMemoryVersion(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  versionId: string,
): Promise<MemoryVersion> {
  const record = await deps.storage.memoryStores.getVersion(accountId, storeId, versionId);
  if (!record) throw await missing(deps, accountId, storeId, versionNotFound(versionId));
  return versionView(record);
}

export async function redactMemoryVersion(
  deps: MemoryStoreDeps,
  accountId: string,
  storeId: string,
  versionId: string,
): Promise<MemoryVersion> {
  const record = await deps.storage.memoryStores.redactVersion(accountId, storeId, versionId);
  if (!record) throw await missing(deps, accountId, storeId, versionNotFound(versionId));
  return versionView(record);
}

/** A session create's `resources`, normalised (access defaults to read_write); each store once. */
export function sessionMemoryStores(
  resources: (Schema<"SessionResourceInput"> | { type: "file" | "github_repository" })[],
): SessionMemoryStore[] {
  const seen = new Map<string, number>();
  const stores = resources.flatMap((r, i) => (r.type === "memory_store" ? [{ r, i }] : []));
  if (stores.length > 8) {
    throw invalidRequest(`resources: a session uses at most 8 memory stores, got ${stores.length}.`, "resources");
  }
  return stores.map(({ r, i }) => {
    const first = seen.get(r.memory_store_id);
    if (first !== undefined) {
      throw invalidRequest(
        `resources[${i}] repeats the memory store ${r.memory_store_id} of resources[${first}].`,
        `resources[${i}].memory_store_id`,
      );
    }
    seen.set(r.memory_store_id, i);
    return { memory_store_id: r.memory_store_id, access: r.access ?? "read_write" };
  });
}

/**
 * Records the memory stores of a session being created, inside its unit of work: an unknown store
 * is a 404 and an archived one a 409, each naming the resource (the caller's transaction rolls back).
 */
export async function attachMemoryStores(
  tx: Stores,
  accountId: string,
  sessionId: string,
  resources: SessionMemoryStore[],
): Promise<void> {
  const result = await tx.memoryStores.attachToSession(accountId, sessionId, resources);
  if (result.ok) return;
  const id = resources[result.index]?.memory_store_id ?? "";
  const param = `resources[${result.index}].memory_store_id`;
  if (result.reason === "not_found") throw notFound(`No memory store with id ${id.slice(0, 64)}.`, param);
  throw conflict(`The memory store ${id} is archived and cannot be attached to a new session.`, param);
}
