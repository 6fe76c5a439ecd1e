/**
 * What a turn mounts for a session besides its workspace, skills and memory stores (docs/files.md):
 *
 * - **Outputs**: a folder of the session outside the workspace, shown read-write at
 *   `/mnt/session/outputs` to `bash` and the file tools. At the end of each turn (`collect`) every
 *   regular file under it becomes a file of the account with the session's scope; one the last
 *   turn already collected with the same bytes is left alone, one rewritten replaces its file
 *   (the file's id changes). The folder is written by the command, so it is read with safeFs's
 *   walk, which never follows a link or opens a FIFO; links and special files are skipped, and a
 *   file over FILES_MAX_BYTES or the account's total is refused with a note, never a crash. On
 *   another replica the folder is missing at first: it is filled again from the collected files.
 * - **File resources**: each `file` resource copied from the blob store into a folder of the
 *   server outside the workspace (kept while the file is the same) and mounted read-only at its
 *   `mount_path`; the file tools see it there read-only too. A mount point inside the workspace
 *   is made a plain empty file first, whatever the session left there (renamed aside, never
 *   followed); a path through a link is not mounted (a note says so).
 */
import { randomBytes } from "node:crypto";
import { chmod, lchown, lstat, mkdir, open, rename, rm } from "node:fs/promises";
import { join, posix } from "node:path";
import { pipeline } from "node:stream/promises";
import type { FilesConfig } from "../../config/sections.ts";
import { fileTooLarge, mimeTypeOf, storeFile } from "../../domain/files.ts";
import type { Owner } from "../../sandbox/identity.ts";
import { forEachInTree, mkdirIn, statIn, WorkspacePathError, withFolderIn, writeFileIn } from "../../sandbox/safeFs.ts";
import { OUTPUTS_MOUNT, WORKSPACE_MOUNT, type Workspaces } from "../../sandbox/workspace.ts";
import type { FileRecord } from "../../storage/port/files.ts";
import type { Storage } from "../../storage/port/index.ts";

export interface SessionMountsDeps {
  storage: Storage;
  workspaces: Workspaces;
  files: FilesConfig;
  clock: { now(): Date };
}

/** A `file` resource as the sandbox and the file tools see it. */
export interface FileMount {
  /** The server's read-only copy. */
  host: string;
  /** Its absolute path inside the sandbox. */
  inside: string;
}

/** At most this many outputs are collected at the end of one turn (the rest wait for the next). */
export const MAX_OUTPUTS_PER_TURN = 1000;

async function makeFolder(path: string, mode: number, owner: Owner | null): Promise<void> {
  await mkdir(path, { recursive: true, mode });
  const stats = await lstat(path);
  if (!stats.isDirectory()) throw new Error(`${path} is not a folder`);
  await chmod(path, mode);
  if (owner) await lchown(path, owner.uid, owner.gid);
}

/** Writes a blob to `path` (a temporary name, then renamed): never the whole file in memory. */
async function copyBlob(
  storage: Storage,
  key: string,
  path: string,
  mode: number,
  owner: Owner | null,
): Promise<boolean> {
  const stream = await storage.blobs.open(key);
  if (!stream) return false;
  const temp = `${path}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(temp, "wx", mode);
  try {
    await pipeline(stream, handle.createWriteStream());
    if (owner) await lchown(temp, owner.uid, owner.gid);
    await chmod(temp, mode);
    await rename(temp, path);
    return true;
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export class SessionMounts {
  private constructor(
    private readonly deps: SessionMountsDeps,
    private readonly turn: { account_id: string; session_id: string },
    /** The outputs folder on the host. */
    readonly outputs: string,
    readonly files: FileMount[],
    /** What the mounting had to say (for the first command's output). */
    readonly notes: string[],
  ) {}

  static async open(
    deps: SessionMountsDeps,
    turn: { account_id: string; session_id: string },
    owner: Owner | null,
  ): Promise<SessionMounts> {
    const outputs = deps.workspaces.outputsFolder(turn.session_id);
    const fresh = !(await lstat(outputs).catch(() => null));
    await makeFolder(deps.workspaces.outputsRoot, 0o711, null);
    await makeFolder(outputs, 0o700, owner);
    // Another replica collected them, or the folder was lost: the outputs come back from the files.
    if (fresh) {
      const place = { root: outputs, mount: OUTPUTS_MOUNT };
      for (const f of await deps.storage.files.sessionOutputs(turn.session_id)) {
        if (!f.output_path) continue;
        const parts = f.output_path.split("/");
        const name = parts.pop() as string;
        const dir = parts.join("/");
        if (dir) await mkdirIn(place, dir, owner);
        await withFolderIn(place, dir, (folder) => copyBlob(deps.storage, f.id, `${folder}/${name}`, 0o644, owner));
      }
    }
    const notes: string[] = [];
    const files = await mountFileResources(deps, turn.session_id, owner, notes);
    return new SessionMounts(deps, turn, outputs, files, notes);
  }

  /**
   * Collects the outputs the turn left: each regular file under the folder becomes (or replaces)
   * a file scoped to the session, unless the same bytes were collected already. Answers notes
   * for what was refused or skipped.
   */
  async collect(): Promise<string[]> {
    const notes: string[] = [];
    const known = new Map<string, FileRecord>();
    for (const f of await this.deps.storage.files.sessionOutputs(this.turn.session_id)) {
      if (f.output_path) known.set(f.output_path, f);
    }
    let collected = 0;
    const { maxBytes } = this.deps.files;
    await forEachInTree(this.outputs, async (entry) => {
      const shown = `${OUTPUTS_MOUNT}/${entry.rel}`;
      if (entry.stats.isDirectory()) return;
      if (!entry.stats.isFile()) {
        notes.push(`[note] ${shown} is not a regular file (a link, FIFO or socket); it was not collected.`);
        return;
      }
      if (entry.stats.size > maxBytes) {
        notes.push(`[note] ${shown} was not collected: ${fileTooLarge(maxBytes).message}`);
        return;
      }
      const previous = known.get(entry.rel);
      if (previous && previous.size_bytes === entry.stats.size && (await sameBytes(entry, previous.sha256))) return;
      if (collected >= MAX_OUTPUTS_PER_TURN) {
        notes.push(`[note] ${shown} was not collected: at most ${MAX_OUTPUTS_PER_TURN} outputs are collected a turn.`);
        return;
      }
      let handle: Awaited<ReturnType<typeof entry.openFile>>;
      try {
        handle = await entry.openFile();
      } catch (err) {
        if (err instanceof WorkspacePathError)
          return void notes.push(`[note] ${shown} could not be read: ${err.message}`);
        throw err;
      }
      try {
        const { storage, files, clock } = this.deps;
        const stored = await storeFile({ storage, config: { files }, clock }, this.turn.account_id, {
          filename: entry.rel,
          mimeType: mimeTypeOf(entry.rel),
          source: limited(handle.createReadStream({ autoClose: false }), maxBytes),
          scopeSessionId: this.turn.session_id,
          outputPath: entry.rel,
          expiresAt: null,
        });
        if (!stored.ok && stored.reason === "over_quota") {
          notes.push(
            `[note] ${shown} was not collected: the account's files would total more than ${this.deps.files.accountMaxBytes} bytes (FILES_ACCOUNT_MAX_BYTES).`,
          );
        } else if (stored.ok) collected++;
      } catch (err) {
        if (!(err instanceof OutputTooLargeError)) throw err;
        notes.push(`[note] ${shown} was not collected: ${fileTooLarge(maxBytes).message}`);
      } finally {
        await handle.close();
      }
    });
    return notes;
  }
}

class OutputTooLargeError extends Error {}

/** The stream's chunks, failing once they pass `max` bytes (a file that grew while it was read). */
async function* limited(source: AsyncIterable<Uint8Array>, max: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > max) throw new OutputTooLargeError();
    yield chunk;
  }
}

/** Whether the entry's bytes hash to `sha256` (read through the no-follow handle). */
async function sameBytes(
  entry: { openFile(): Promise<import("node:fs/promises").FileHandle> },
  sha256: string,
): Promise<boolean> {
  const { createHash } = await import("node:crypto");
  const handle = await entry.openFile().catch(() => null);
  if (!handle) return false;
  try {
    const hash = createHash("sha256");
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    return hash.digest("hex") === sha256;
  } finally {
    await handle.close();
  }
}

/**
 * Copies each `file` resource of the session into its folder of copies (a copy is kept while the
 * file is the same: the name is the file's id) and makes each mount point inside the workspace a
 * plain file. Resources whose file is gone or whose path cannot be mounted are left out, with a note.
 */
async function mountFileResources(
  deps: SessionMountsDeps,
  sessionId: string,
  owner: Owner | null,
  notes: string[],
): Promise<FileMount[]> {
  const resources = (await deps.storage.sessionResources.sessionResources(sessionId)).filter(
    (r) => r.type === "file" && r.file_id !== null,
  );
  const folder = deps.workspaces.resourceMountsFolder(sessionId);
  if (resources.length === 0) {
    await rm(folder, { recursive: true, force: true });
    return [];
  }
  await makeFolder(deps.workspaces.resourceMountsRoot, 0o711, null);
  await makeFolder(folder, 0o711, null);
  const mounts: FileMount[] = [];
  for (const r of resources) {
    const fileId = r.file_id as string;
    const host = join(folder, fileId);
    const have = await lstat(host).catch(() => null);
    if (!have?.isFile() && !(await copyBlob(deps.storage, fileId, host, 0o444, null))) {
      notes.push(`[note] ${r.mount_path}: the file ${fileId} of resource ${r.id} is gone; it is not mounted.`);
      continue;
    }
    if (r.mount_path.startsWith(`${WORKSPACE_MOUNT}/`)) {
      const problem = await prepareWorkspacePoint(deps.workspaces, sessionId, r.mount_path, owner, notes);
      if (problem) {
        notes.push(`[note] ${r.mount_path} (resource ${r.id}) is not mounted: ${problem}`);
        continue;
      }
    }
    mounts.push({ host, inside: r.mount_path });
  }
  return mounts;
}

/**
 * Makes `mountPath` inside the workspace a plain file bubblewrap can mount over, reached through
 * real folders only: whatever else stands there is renamed aside (never followed). Answers why it
 * cannot be, or null.
 */
async function prepareWorkspacePoint(
  workspaces: Workspaces,
  sessionId: string,
  mountPath: string,
  owner: Owner | null,
  notes: string[],
): Promise<string | null> {
  const place = workspaces.place(sessionId);
  const rel = mountPath.slice(WORKSPACE_MOUNT.length + 1);
  try {
    const found = await statIn(place, rel, false).catch((err: unknown) => {
      // A folder on the way is missing: made below, with the file.
      if (err instanceof WorkspacePathError && err.problem === "not_found") return { rel, stats: null };
      throw err;
    });
    // A link on the way would send the mount elsewhere: not mounted.
    if (found.rel !== rel) return `the path goes through a link (to ${WORKSPACE_MOUNT}/${found.rel}).`;
    if (found.stats && !found.stats.isFile()) {
      const parent = posix.dirname(rel) === "." ? "" : posix.dirname(rel);
      const name = posix.basename(rel);
      const aside = `${name}.moved-${Date.now()}`;
      await withFolderIn(place, parent, (dir) => rename(`${dir}/${name}`, `${dir}/${aside}`));
      notes.push(`[note] ${mountPath} was not a file; it was renamed to ${aside} beside it.`);
    }
    if (!found.stats?.isFile()) {
      await writeFileIn(place, rel, new Uint8Array(0), { owner, mkdirs: true, exclusive: true });
    }
    return null;
  } catch (err) {
    if (err instanceof WorkspacePathError) return err.message;
    throw err;
  }
}
