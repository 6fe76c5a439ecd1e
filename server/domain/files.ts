/**
 * Files (`file_` ids, docs/files.md): uploads and the outputs of sessions. The bytes go to the
 * blob store (`storage.blobs`) under the file's id before the row is written, and leave it after
 * the row is deleted; a row is written only within the account's total (FILES_ACCOUNT_MAX_BYTES),
 * and no file is larger than FILES_MAX_BYTES. Both limits answer 413.
 */
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { Schema } from "../api.ts";
import type { Config } from "../config/sections.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import type { FileRecord } from "../storage/port/files.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";

type FileView = Schema<"File">;

export interface FileDeps {
  storage: Storage;
  config: Pick<Config, "files">;
  clock: { now(): Date };
}

/** The smallest and largest `expires_in_seconds` (one hour, ninety days), as the SDK documents them. */
export const EXPIRY_RANGE_SECONDS = { min: 3600, max: 7_776_000 } as const;

/** The media types a name's extension tells, for a file uploaded without one (or an output). */
const MIME_BY_EXTENSION: Record<string, string> = {
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  json: "application/json",
  html: "text/html",
  xml: "application/xml",
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
};

/** The media type a name suggests, else `application/octet-stream`. */
export function mimeTypeOf(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) || "application/octet-stream";
}

const EXTENSION_BY_MIME = Object.fromEntries(Object.entries(MIME_BY_EXTENSION).map(([e, m]) => [m, e]));

/**
 * An upload's name as the SDK documents it: its last path component (either slash), without
 * control characters, at most 255 characters; empty becomes `unnamed` plus the extension of its
 * media type, when known.
 */
export function uploadName(filename: string, mimeType: string): string {
  const last = (filename.split(/[/\\]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .normalize("NFC")
    .slice(0, 255);
  if (last !== "" && last !== "." && last !== "..") return last;
  const ext = EXTENSION_BY_MIME[mimeType];
  return ext ? `unnamed.${ext}` : "unnamed";
}

/** A media type as sent, when it is one (`type/subtype`, parameters dropped). */
function mediaType(value: string | undefined, name: string): string {
  const type = (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) && type.length <= 255) {
    return type === "application/octet-stream" ? mimeTypeOf(name) : type;
  }
  return mimeTypeOf(name);
}

export function fileView(f: FileRecord, now: Date = new Date()): FileView {
  return {
    id: f.id,
    type: "file",
    filename: f.filename,
    mime_type: f.mime_type,
    size_bytes: f.size_bytes,
    downloadable: f.expires_at === null || f.expires_at > now.toISOString(),
    scope: f.scope_session_id !== null ? { type: "session", id: f.scope_session_id } : null,
    created_at: f.created_at,
    expires_at: f.expires_at,
  };
}

/** The 413 of a file over the per-file limit. */
export const fileTooLarge = (maxBytes: number, param = "file") =>
  new ApiError("request_too_large", `file: a file may hold at most ${maxBytes} bytes (FILES_MAX_BYTES).`, param);

/** The 413 of a file that would take the account over its total. */
export const accountFull = (used: number, max: number, param = "file") =>
  new ApiError(
    "request_too_large",
    `file: the account's files would total more than ${max} bytes (FILES_ACCOUNT_MAX_BYTES; ${used} are used).`,
    param,
  );

/** How large the next upload of the account may be, and what to say when it is larger. */
export async function uploadLimit(deps: FileDeps, accountId: string): Promise<{ bytes: number; message: string }> {
  const { maxBytes, accountMaxBytes } = deps.config.files;
  const used = await deps.storage.files.usedBytes(accountId);
  const room = Math.max(0, accountMaxBytes - used);
  if (room < maxBytes) return { bytes: room, message: accountFull(used, accountMaxBytes).message };
  return { bytes: maxBytes, message: fileTooLarge(maxBytes).message };
}

/** `expires_in_seconds` as sent in a multipart field: a whole number of seconds in range, or undefined. */
export function expiresInSeconds(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === "string" && /^\d{1,8}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= EXPIRY_RANGE_SECONDS.min && n <= EXPIRY_RANGE_SECONDS.max)) {
    throw invalidRequest(
      `expires_in_seconds: must be a whole number from ${EXPIRY_RANGE_SECONDS.min} to ${EXPIRY_RANGE_SECONDS.max}.`,
      "expires_in_seconds",
    );
  }
  return n;
}

export interface StoreFileInput {
  filename: string;
  mimeType: string;
  source: AsyncIterable<Uint8Array>;
  scopeSessionId: string | null;
  outputPath: string | null;
  expiresAt: string | null;
}

export type StoreFileResult =
  | { ok: true; file: FileRecord }
  | { ok: false; reason: "over_quota"; used: number }
  | { ok: false; reason: "session_not_found" };

/**
 * Stores bytes as a file: into the blob store first, then the row within the account's total
 * (the bytes are removed again when it is refused). An output replaces the session's file of the
 * same path, whose bytes go once the new row is in.
 */
export async function storeFile(deps: FileDeps, accountId: string, input: StoreFileInput): Promise<StoreFileResult> {
  const id = newId("file");
  const blob = await deps.storage.blobs.put(id, input.source);
  let result: Awaited<ReturnType<Storage["files"]["createFile"]>>;
  try {
    result = await deps.storage.files.createFile(
      accountId,
      {
        id,
        filename: input.filename,
        mime_type: input.mimeType,
        size_bytes: blob.size,
        sha256: blob.sha256,
        scope_session_id: input.scopeSessionId,
        output_path: input.outputPath,
        expires_at: input.expiresAt,
      },
      deps.config.files.accountMaxBytes,
    );
  } catch (err) {
    await deps.storage.blobs.delete([id]);
    throw err;
  }
  if (!result.ok) {
    await deps.storage.blobs.delete([id]);
    return result;
  }
  if (result.replaced) await deps.storage.blobs.delete([result.replaced]);
  return { ok: true, file: result.file };
}

/** An upload the HTTP layer received into a temporary file (http/requestBodies.ts). */
export interface UploadedFile {
  path: string;
  filename: string;
  mimeType: string;
  size: number;
}

export async function uploadFile(
  deps: FileDeps,
  accountId: string,
  upload: UploadedFile | undefined,
  options: { expiresInSeconds?: number | undefined },
): Promise<FileView> {
  if (!upload) throw invalidRequest("file: send the file as a multipart/form-data part named file.", "file");
  const { maxBytes, accountMaxBytes } = deps.config.files;
  if (upload.size > maxBytes) throw fileTooLarge(maxBytes);
  const filename = uploadName(upload.filename, upload.mimeType);
  const now = deps.clock.now();
  const expiresAt =
    options.expiresInSeconds !== undefined
      ? new Date(now.getTime() + options.expiresInSeconds * 1000).toISOString()
      : null;
  const stored = await storeFile(deps, accountId, {
    filename,
    mimeType: mediaType(upload.mimeType, filename),
    source: createReadStream(upload.path, { highWaterMark: 256 * 1024 }),
    scopeSessionId: null,
    outputPath: null,
    expiresAt,
  });
  if (!stored.ok) throw accountFull(stored.reason === "over_quota" ? stored.used : 0, accountMaxBytes);
  return fileView(stored.file, now);
}

async function fileOf(deps: FileDeps, accountId: string, id: string): Promise<FileRecord> {
  const file = await deps.storage.files.getFile(accountId, id);
  if (!file) throw notFound(`No file with id ${id.slice(0, 64)}.`);
  return file;
}

export async function getFile(deps: FileDeps, accountId: string, id: string): Promise<FileView> {
  return fileView(await fileOf(deps, accountId, id), deps.clock.now());
}

export async function listFiles(
  deps: FileDeps,
  accountId: string,
  options: { page: PageQuery; scopeId?: string | undefined; ids?: string[] | undefined },
): Promise<Page<FileView>> {
  const page = await deps.storage.files.listFiles(accountId, {
    page: options.page,
    ...(options.scopeId !== undefined ? { scopeId: options.scopeId } : {}),
    ...(options.ids !== undefined ? { ids: options.ids } : {}),
  });
  const now = deps.clock.now();
  return { ...page, data: page.data.map((f) => fileView(f, now)) };
}

/** Deletes the file (its row, then its bytes); the resources that mount it go with the row. */
export async function deleteFile(deps: FileDeps, accountId: string, id: string): Promise<Schema<"DeletedFile">> {
  const deleted = await deps.storage.files.deleteFile(accountId, id);
  if (!deleted) throw notFound(`No file with id ${id.slice(0, 64)}.`);
  await deps.storage.blobs.delete([id]);
  return { id, type: "file_deleted" };
}

/** The file and a stream of its bytes; 404 when it expired (or its bytes are gone). */
export async function openFileContent(
  deps: FileDeps,
  accountId: string,
  id: string,
): Promise<{ file: FileView; stream: Readable }> {
  const file = fileView(await fileOf(deps, accountId, id), deps.clock.now());
  if (!file.downloadable) throw notFound(`The file ${id} expired at ${file.expires_at}; its bytes are gone.`);
  const stream = await deps.storage.blobs.open(id);
  if (!stream) throw notFound(`No file with id ${id.slice(0, 64)}.`);
  return { file, stream };
}

/** The ids of the files scoped to a session (their bytes are removed when the session is deleted). */
export async function sessionFileIds(deps: Pick<FileDeps, "storage">, sessionId: string): Promise<string[]> {
  const page = await deps.storage.files.sessionOutputs(sessionId);
  return page.map((f) => f.id);
}

/** How long a blob no file row names is kept before the sweep removes it (an upload still being recorded). */
export const ORPHAN_BLOB_AGE_MS = 60 * 60 * 1000;

/** Removes the bytes no file names any more (a deleted session's outputs, an interrupted upload). */
export async function sweepOrphanBlobs(deps: Pick<FileDeps, "storage" | "clock">, batch = 500): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ORPHAN_BLOB_AGE_MS);
  const keys = await deps.storage.blobs.keysBefore(before, batch);
  if (keys.length === 0) return 0;
  const live = new Set(await deps.storage.files.existingFiles(keys));
  const orphans = keys.filter((k) => !live.has(k));
  await deps.storage.blobs.delete(orphans);
  return orphans.length;
}
