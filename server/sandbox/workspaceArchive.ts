/**
 * A workspace as one compressed archive (fflate's zip, compressed off the event loop by its
 * worker threads): `manifest.json` lists every folder, file and symbolic link with its mode (a
 * zip read back by fflate keeps no attributes), and `files/<path>` holds each file's bytes.
 * Folders named in `exclude` at the top (skills/, unpacked again by each turn) stay out.
 * Both directions go through safeFs.ts: packing never follows a link nor reads anything but a
 * regular file (a FIFO the session made is left out, never waited on), and unpacking makes each
 * entry without following a link, so an entry cannot be written through an earlier one.
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import { type AsyncZippable, unzip, zip } from "fflate";
import { chmodFolderIn, forEachInTree, mkdirIn, symlinkIn, WorkspacePathError, writeFileIn } from "./safeFs.ts";

const zipAsync = promisify(
  zip as (data: AsyncZippable, opts: { level: 6 }, cb: (err: Error | null, out: Uint8Array) => void) => void,
);
const unzipAsync = promisify(
  unzip as (data: Uint8Array, cb: (err: Error | null, out: Record<string, Uint8Array>) => void) => void,
);

const MANIFEST = "manifest.json";
const FILES = "files/";

type Entry =
  | { path: string; type: "dir"; mode: number }
  | { path: string; type: "file"; mode: number }
  | { path: string; type: "symlink"; target: string };

interface Manifest {
  version: 1;
  entries: Entry[];
}

/** An archive that this module did not write (or that was damaged). */
export class WorkspaceArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkspaceArchiveError";
  }
}

/** Packs the folder `dir` (its top-level `exclude` names left out) into one archive. */
export async function packWorkspace(dir: string, exclude: readonly string[] = []): Promise<Uint8Array> {
  const entries: Entry[] = [];
  const data: AsyncZippable = {};
  await forEachInTree(
    dir,
    async (e) => {
      if (e.stats.isSymbolicLink()) entries.push({ path: e.rel, type: "symlink", target: await e.readLink() });
      else if (e.stats.isDirectory()) entries.push({ path: e.rel, type: "dir", mode: e.stats.mode & 0o777 });
      else if (e.stats.isFile()) {
        const bytes = await e.readFile().catch(() => null);
        if (!bytes) return; // replaced meanwhile by something that is not a regular file
        entries.push({ path: e.rel, type: "file", mode: e.stats.mode & 0o777 });
        data[FILES + e.rel] = bytes;
      }
      // Sockets, FIFOs and devices are not kept.
    },
    exclude,
  );
  const manifest: Manifest = { version: 1, entries };
  data[MANIFEST] = new TextEncoder().encode(JSON.stringify(manifest));
  return zipAsync(data, { level: 6 });
}

function checkedPath(path: unknown): string {
  if (typeof path !== "string" || !path || path.includes("\0")) throw new WorkspaceArchiveError("bad path in archive");
  const normalized = posix.normalize(path);
  if (normalized !== path || posix.isAbsolute(path) || path === ".." || path.startsWith("../")) {
    throw new WorkspaceArchiveError(`path outside the workspace in archive: ${path}`);
  }
  return path;
}

/**
 * Replaces the contents of `dir` with the archive's (made when missing); the top-level names in
 * `keep` (skills/) are left as they are.
 */
export async function unpackWorkspace(archive: Uint8Array, dir: string, keep: readonly string[] = []): Promise<void> {
  const files = await unzipAsync(archive);
  const raw = files[MANIFEST];
  if (!raw) throw new WorkspaceArchiveError("the archive has no manifest");
  const manifest = JSON.parse(new TextDecoder().decode(raw)) as Manifest;
  if (manifest.version !== 1 || !Array.isArray(manifest.entries)) {
    throw new WorkspaceArchiveError("unknown archive manifest");
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const name of await readdir(dir)) {
    if (!keep.includes(name)) await rm(join(dir, name), { recursive: true, force: true });
  }
  const place = { root: dir, mount: "/workspace" };
  const dirs: { path: string; mode: number }[] = [];
  try {
    for (const entry of manifest.entries) {
      const path = checkedPath(entry.path);
      if (keep.includes(path.split("/")[0] as string)) continue;
      if (entry.type === "dir") {
        await mkdirIn(place, path, null);
        dirs.push({ path, mode: entry.mode & 0o777 });
      } else if (entry.type === "file") {
        const content = files[FILES + path];
        if (!content) throw new WorkspaceArchiveError(`the archive lacks the bytes of ${path}`);
        await writeFileIn(place, path, content, { owner: null, exclusive: true, mode: entry.mode & 0o777 });
      } else if (entry.type === "symlink") {
        await symlinkIn(place, path, entry.target, null);
      }
    }
    // Modes of folders last (deepest first): a read-only folder was filled before it became one.
    for (const d of dirs.sort((a, b) => b.path.length - a.path.length)) await chmodFolderIn(place, d.path, d.mode);
  } catch (err) {
    if (err instanceof WorkspacePathError)
      throw new WorkspaceArchiveError(`the archive cannot be unpacked: ${err.message}`);
    throw err;
  }
}
