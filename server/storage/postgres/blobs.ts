/**
 * The blob store of the PostgreSQL adapter: a blob's bytes as rows of `blob_chunks` (migration
 * 018), 1 MiB each, written one statement at a time as the source yields them and read back one
 * row at a time, so neither side holds more than a chunk. A blob is complete before the file row
 * that names it is written; a failed write removes what it wrote.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { BlobStore, StoredBlob } from "../port/blobs.ts";
import type { PgContext } from "./context.ts";

/** The bytes of one row. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

export function createPgBlobStore(ctx: PgContext): BlobStore {
  const remove = (key: string) => ctx.exec("DELETE FROM blob_chunks WHERE blob_key = $1", [key]);
  return {
    async put(key, source): Promise<StoredBlob> {
      const hash = createHash("sha256");
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const created = ctx.now();
      const flush = async (bytes: Buffer) => {
        await ctx.exec("INSERT INTO blob_chunks (blob_key, seq, data, created_at) VALUES ($1, $2, $3, $4)", [
          key,
          seq++,
          bytes,
          created,
        ]);
      };
      try {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.byteLength;
          pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          pendingBytes += chunk.byteLength;
          while (pendingBytes >= BLOB_CHUNK_BYTES) {
            const all = Buffer.concat(pending, pendingBytes);
            await flush(all.subarray(0, BLOB_CHUNK_BYTES));
            const rest = all.subarray(BLOB_CHUNK_BYTES);
            pending = rest.byteLength > 0 ? [Buffer.from(rest)] : [];
            pendingBytes = rest.byteLength;
          }
        }
        // The last (or only) chunk; an empty blob is one empty row, so that it exists.
        if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending, pendingBytes));
      } catch (err) {
        await remove(key).catch(() => {});
        throw err;
      }
      return { size, sha256: hash.digest("hex") };
    },

    async open(key) {
      const first = await ctx.one<{ n: number }>("SELECT count(*) AS n FROM blob_chunks WHERE blob_key = $1", [key]);
      const count = Number(first?.n ?? 0);
      if (count === 0) return null;
      async function* chunks() {
        for (let seq = 0; seq < count; seq++) {
          const row = await ctx.one<{ data: Buffer }>("SELECT data FROM blob_chunks WHERE blob_key = $1 AND seq = $2", [
            key,
            seq,
          ]);
          if (!row) throw new Error(`blob ${key} lost its chunk ${seq} while it was read`);
          if (row.data.byteLength > 0) yield row.data;
        }
      }
      return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
    },

    async delete(keys) {
      if (keys.length === 0) return;
      await ctx.exec("DELETE FROM blob_chunks WHERE blob_key = ANY($1::text[])", [keys]);
    },

    async keysBefore(before, limit) {
      const rows = await ctx.query<{ blob_key: string }>(
        "SELECT blob_key FROM blob_chunks WHERE seq = 0 AND created_at < $1 ORDER BY created_at LIMIT $2",
        [before.toISOString(), limit],
      );
      return rows.map((r) => r.blob_key);
    },
  };
}
