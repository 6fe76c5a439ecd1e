/**
 * The memory store tables' rows and their mapping to records: one copy for both adapters (the
 * PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type {
  MemoryAuthor,
  MemoryContent,
  MemoryOperation,
  MemoryRecord,
  MemoryStoreChanges,
  MemoryStoreInput,
  MemoryStoreRecord,
  MemoryVersionRecord,
  SessionMemoryStore,
} from "../port/memoryStores.ts";

export interface MemoryStoreRow {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  metadata: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export type MemoryRow = MemoryRecord;

export interface MemoryVersionRow {
  id: string;
  store_id: string;
  memory_id: string;
  path: string;
  operation: string;
  content: string | null;
  content_sha256: string | null;
  size_bytes: number;
  author_type: string;
  author_id: string;
  redacted_at: string | null;
  created_at: string;
}

export const STORE_COLUMNS = "id, account_id, name, description, metadata, archived_at, created_at, updated_at";
export const MEMORY_COLUMNS = "id, store_id, path, content, content_sha256, size_bytes, created_at, updated_at";
export const MEMORY_SUMMARY_COLUMNS = "id, store_id, path, content_sha256, size_bytes, created_at, updated_at";
export const VERSION_COLUMNS =
  "id, store_id, memory_id, path, operation, content, content_sha256, size_bytes, author_type, author_id, redacted_at, created_at";
export const VERSION_SUMMARY_COLUMNS =
  "id, store_id, memory_id, path, operation, content_sha256, size_bytes, author_type, author_id, redacted_at, created_at";

export const toStore = (r: MemoryStoreRow): MemoryStoreRecord => ({
  ...r,
  metadata: JSON.parse(r.metadata) as Metadata,
});

export function toVersion(r: MemoryVersionRow): MemoryVersionRecord;
export function toVersion(r: Omit<MemoryVersionRow, "content">): Omit<MemoryVersionRecord, "content">;
export function toVersion(r: Omit<MemoryVersionRow, "content"> & { content?: string | null }) {
  const { author_type, author_id, operation, ...rest } = r;
  return {
    ...rest,
    operation: operation as MemoryOperation,
    author: { type: author_type as MemoryAuthor["type"], id: author_id },
  };
}

export const newStoreRow = (accountId: string, input: MemoryStoreInput, now: string): MemoryStoreRow => ({
  id: newId("memstore"),
  account_id: accountId,
  name: input.name,
  description: input.description,
  metadata: JSON.stringify(input.metadata),
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/** The store with the changes applied (a field left out keeps its value). */
export const updatedStore = (
  current: MemoryStoreRecord,
  changes: MemoryStoreChanges,
  now: string,
): MemoryStoreRecord => ({
  ...current,
  name: changes.name ?? current.name,
  description: changes.description !== undefined ? changes.description : current.description,
  metadata: changes.metadata ?? current.metadata,
  updated_at: now,
});

export const newMemoryRow = (storeId: string, path: string, content: MemoryContent, now: string): MemoryRow => ({
  id: newId("mem"),
  store_id: storeId,
  path,
  content: content.content,
  content_sha256: content.content_sha256,
  size_bytes: content.size_bytes,
  created_at: now,
  updated_at: now,
});

/** The version a change of `memory` makes; a delete keeps no content. */
export const newVersionRow = (
  memory: Pick<MemoryRecord, "id" | "store_id" | "path"> & Partial<MemoryContent>,
  operation: MemoryOperation,
  author: MemoryAuthor,
  now: string,
): MemoryVersionRow => ({
  id: newId("memver"),
  store_id: memory.store_id,
  memory_id: memory.id,
  path: memory.path,
  operation,
  content: operation === "deleted" ? null : (memory.content ?? null),
  content_sha256: operation === "deleted" ? null : (memory.content_sha256 ?? null),
  size_bytes: operation === "deleted" ? 0 : (memory.size_bytes ?? 0),
  author_type: author.type,
  author_id: author.id,
  redacted_at: null,
  created_at: now,
});

export const toSessionStore = (r: { memory_store_id: string; access: string }): SessionMemoryStore => ({
  memory_store_id: r.memory_store_id,
  access: r.access as SessionMemoryStore["access"],
});
