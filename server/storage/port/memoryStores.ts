import type { Metadata, Page, PageQuery } from "./common.ts";

export interface MemoryStoreRecord {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  metadata: Metadata;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A memory: a text file of a store, by path. */
export interface MemoryRecord {
  id: string;
  store_id: string;
  path: string;
  content: string;
  content_sha256: string;
  size_bytes: number;
  created_at: string;
  updated_at: string;
}

export type MemorySummaryRecord = Omit<MemoryRecord, "content">;

/** Who made a change: the API token of the call, or a session (its agent's tools). */
export interface MemoryAuthor {
  type: "api_token" | "session";
  id: string;
}

export type MemoryOperation = "created" | "updated" | "deleted";

/** One change of a memory; `content` is null for a delete and once redacted. */
export interface MemoryVersionRecord {
  id: string;
  store_id: string;
  memory_id: string;
  path: string;
  operation: MemoryOperation;
  content: string | null;
  content_sha256: string | null;
  size_bytes: number;
  author: MemoryAuthor;
  redacted_at: string | null;
  created_at: string;
}

export type MemoryVersionSummaryRecord = Omit<MemoryVersionRecord, "content">;

/** A content to write, with its digest and size computed by the caller. */
export interface MemoryContent {
  content: string;
  content_sha256: string;
  size_bytes: number;
}

export interface MemoryStoreInput {
  name: string;
  description: string | null;
  metadata: Metadata;
}

export type MemoryStoreChanges = Partial<MemoryStoreInput>;

export type StoreWriteResult =
  | { ok: true; store: MemoryStoreRecord }
  | { ok: false; reason: "not_found" | "archived" | "name_taken" };

export type MemoryWriteResult =
  | { ok: true; memory: MemoryRecord; version: MemoryVersionRecord }
  | {
      ok: false;
      reason:
        | "store_not_found"
        | "store_archived"
        | "memory_not_found"
        | "path_taken"
        | "too_many"
        | "precondition_failed";
    };

export type MemoryDeleteResult =
  | { ok: true; version: MemoryVersionRecord }
  | { ok: false; reason: "store_not_found" | "store_archived" | "memory_not_found" | "precondition_failed" };

/** A memory store a session uses (its `resources`). */
export interface SessionMemoryStore {
  memory_store_id: string;
  access: "read_write" | "read_only";
}

export type AttachResult = { ok: true } | { ok: false; reason: "not_found" | "archived"; index: number };

/**
 * Memory stores, their memories and the versions every change of a memory makes. A store's
 * changes write their `memory_store.*` event in their transaction. A memory's write locks its store
 * (PostgreSQL: the store row `FOR UPDATE`) while it checks the archived state, the path, the count
 * and the `content_sha256` precondition, so concurrent writers apply one after the other and none
 * is lost. Deleting a store deletes its memories and versions; redacting a version removes its
 * content from the database (on SQLite with secure_delete and a WAL truncation, see the adapter).
 */
export interface MemoryStoreStore {
  createStore(accountId: string, input: MemoryStoreInput): StoreWriteResult;
  getStore(accountId: string, storeId: string): MemoryStoreRecord | null;
  /** The stores of the given ids, in one read; absent ones are left out. */
  getStores(accountId: string, storeIds: readonly string[]): MemoryStoreRecord[];
  listStores(accountId: string, options: { includeArchived: boolean; page: PageQuery }): Page<MemoryStoreRecord>;
  /** Applies the changes to an active store. */
  updateStore(
    accountId: string,
    storeId: string,
    update: (current: MemoryStoreRecord) => MemoryStoreChanges,
  ): StoreWriteResult;
  /** Archives the store (idempotent: the event only the first time). */
  archiveStore(accountId: string, storeId: string): MemoryStoreRecord | null;
  /** Deletes the store, its memories and all their versions. */
  deleteStore(accountId: string, storeId: string): boolean;

  /** Creates a memory at a free path of an active store holding fewer than `maxPerStore`. */
  createMemory(
    accountId: string,
    storeId: string,
    input: MemoryContent & { path: string; author: MemoryAuthor },
    maxPerStore: number,
  ): MemoryWriteResult;
  getMemory(accountId: string, storeId: string, memoryId: string): MemoryRecord | null;
  /** The memories of the given ids, with their content, in one read (absent ones left out); null when the store is not found. */
  getMemories(accountId: string, storeId: string, memoryIds: readonly string[]): MemoryRecord[] | null;
  /** Oldest first; null when the store is not found. */
  listMemories(
    accountId: string,
    storeId: string,
    options: { pathPrefix: string | undefined; page: PageQuery },
  ): Page<MemorySummaryRecord> | null;
  /**
   * Replaces the content; with `expectedSha256` only while the current content has that digest
   * (else "precondition_failed", nothing written).
   */
  updateMemory(
    accountId: string,
    storeId: string,
    memoryId: string,
    input: MemoryContent & {
      author: MemoryAuthor;
      expectedSha256: string | null;
      /** A new path (a rename; "path_taken" when another memory of the store has it). */
      path?: string;
    },
  ): MemoryWriteResult;
  /**
   * Deletes the memory (its last version records the delete); with `expectedSha256` only while the
   * current content has that digest (else "precondition_failed", nothing deleted).
   */
  deleteMemory(
    accountId: string,
    storeId: string,
    memoryId: string,
    input: { author: MemoryAuthor; expectedSha256: string | null },
  ): MemoryDeleteResult;

  /** Newest first, optionally of one memory; null when the store is not found. */
  listVersions(
    accountId: string,
    storeId: string,
    options: { memoryId: string | undefined; page: PageQuery },
  ): Page<MemoryVersionSummaryRecord> | null;
  getVersion(accountId: string, storeId: string, versionId: string): MemoryVersionRecord | null;
  /** The versions of the given ids, with their content, in one read (absent ones left out); null when the store is not found. */
  getVersions(accountId: string, storeId: string, versionIds: readonly string[]): MemoryVersionRecord[] | null;
  /** The newest version of each of the given memories, in one read; null when the store is not found. */
  newestVersions(accountId: string, storeId: string, memoryIds: readonly string[]): MemoryVersionSummaryRecord[] | null;
  /** Removes the version's content from the database (idempotent); null when not found. */
  redactVersion(accountId: string, storeId: string, versionId: string): MemoryVersionRecord | null;

  /**
   * Records the memory stores of a new session (in the session create's unit of work): each must
   * be an active store of the account. The stores are held (PostgreSQL: `FOR SHARE`) so an archive
   * running at the same time waits for the session's commit.
   */
  attachToSession(accountId: string, sessionId: string, resources: SessionMemoryStore[]): AttachResult;
  /** The memory stores of a session, in the order given at create. */
  sessionStores(accountId: string, sessionId: string): SessionMemoryStore[];
  /** The memory stores of each of several sessions, in one read, each session's in the order given at create. */
  sessionsStores(accountId: string, sessionIds: readonly string[]): (SessionMemoryStore & { session_id: string })[];
}
