/**
 * The blob store of the SQLite adapter: one file per blob in a folder beside the database
 * (`<data folder>/files/`). A blob is written to a temporary name in the same folder, flushed,
 * then renamed to its key, so a reader never sees half a blob and a crash leaves only a
 * temporary file (swept with the orphans). Keys are the files' ids (letters, digits, `_`).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { BlobStore, StoredBlob } from "../port/blobs.ts";

const KEY = /^[A-Za-z0-9_]{1,128}$/;
const TEMP_PREFIX = ".tmp-";

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`blob key ${JSON.stringify(key.slice(0, 40))} is not a file id`);
  return key;
}

export function createFolderBlobStore(folder: string): BlobStore {
  let made: Promise<unknown> | null = null;
  const ready = () => {
    made ??= mkdir(folder, { recursive: true, mode: 0o700 });
    return made;
  };
  return {
    async put(key, source): Promise<StoredBlob> {
      await ready();
      const final = join(folder, checkKey(key));
      const temp = join(folder, `${TEMP_PREFIX}${key}-${randomBytes(6).toString("hex")}`);
      const handle = await open(temp, "wx", 0o600);
      const hash = createHash("sha256");
      let size = 0;
      try {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.byteLength;
          let written = 0;
          while (written < chunk.byteLength) {
            const { bytesWritten } = await handle.write(chunk, written, chunk.byteLength - written);
            written += bytesWritten;
          }
        }
        await handle.sync();
        await handle.close();
        await rename(temp, final);
      } catch (err) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw err;
      }
      return { size, sha256: hash.digest("hex") };
    },

    async open(key): Promise<Readable | null> {
      const path = join(folder, checkKey(key));
      try {
        const handle = await open(path, "r");
        return handle.createReadStream({ autoClose: true, highWaterMark: 256 * 1024 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },

    async delete(keys) {
      await Promise.all(keys.map((k) => rm(join(folder, checkKey(k)), { force: true })));
    },

    async keysBefore(before, limit) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw err;
      }
      const keys: string[] = [];
      for (const name of names) {
        if (keys.length >= limit) break;
        const stats = await stat(join(folder, name)).catch(() => null);
        if (!stats || stats.mtimeMs >= before.getTime()) continue;
        // A temporary file older than the cut-off is an abandoned write: removed at once.
        if (name.startsWith(TEMP_PREFIX)) await rm(join(folder, name), { force: true });
        else if (KEY.test(name)) keys.push(name);
      }
      return keys;
    },
  };
}
