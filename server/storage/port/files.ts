/**
 * Files (`file_` ids, docs/files.md): the metadata rows. The bytes are the blob store's
 * (port/blobs.ts), under the file's id: written before the row, removed after it.
 */
import type { Page, PageQuery } from "./common.ts";

export interface FileRecord {
  id: string;
  account_id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The session whose output it is; null for an upload. */
  scope_session_id: string | null;
  /** An output's path under /mnt/session/outputs/; null for an upload. */
  output_path: string | null;
  created_at: string;
  expires_at: string | null;
}

/** A file to record, its bytes already in the blob store under `id`. */
export type NewFile = Omit<FileRecord, "account_id" | "created_at">;

export type CreateFileResult =
  | {
      ok: true;
      file: FileRecord /** The file it replaced (an output rewritten), whose bytes go now. */;
      replaced: string | null;
    }
  /** The account's files would total more than its limit; `used` is what they total now. */
  | { ok: false; reason: "over_quota"; used: number }
  /** The scope's session no longer exists. */
  | { ok: false; reason: "session_not_found" };

export interface FileStore {
  /**
   * Records a file if the account's files, with it (and without the one it replaces), stay within
   * `accountMaxBytes`. An output (`output_path` set) replaces the session's file of the same path.
   */
  createFile(accountId: string, file: NewFile, accountMaxBytes: number): CreateFileResult;
  getFile(accountId: string, id: string): FileRecord | null;
  /** Newest first; `scopeId` keeps one session's outputs, `ids` only those files (one page). */
  listFiles(accountId: string, options: { page: PageQuery; scopeId?: string; ids?: string[] }): Page<FileRecord>;
  /** Deletes the row (the resources that mount it go with it); the deleted file, or null. */
  deleteFile(accountId: string, id: string): FileRecord | null;
  /** What the account's files total. */
  usedBytes(accountId: string): number;
  /** The outputs of a session, each with its path. */
  sessionOutputs(sessionId: string): FileRecord[];
  /** Which of these ids name a file (the blob sweep keeps their bytes). */
  existingFiles(ids: string[]): string[];
}
