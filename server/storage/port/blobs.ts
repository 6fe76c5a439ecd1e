/**
 * The blob port: bytes by key, streamed in and out, never held whole in memory. The files API
 * keeps each file's bytes under its id. SQLite: one file per blob in the data folder (written to
 * a temporary name, then renamed); PostgreSQL: 1 MiB rows of one table, so every replica reads
 * what another stored. An object store could fill the same port.
 */
import type { Readable } from "node:stream";

export interface StoredBlob {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface BlobStore {
  /**
   * Stores the bytes `source` yields under `key` (a new key). When `source` throws (a limit, a
   * dropped upload) nothing is kept and the error is rethrown.
   */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /** The bytes under `key` as a stream, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the blobs (keys without one are skipped). */
  delete(keys: string[]): Promise<void>;
  /** Keys of the blobs stored before `before` (the sweep of blobs no file names). */
  keysBefore(before: Date, limit: number): Promise<string[]>;
}
