/**
 * File work the server does inside a place a session can write (its workspace, a memory store's
 * folder), done so that nothing the session put there can turn it: no link, FIFO, socket or
 * device (API.md, "The sandbox's identity").
 *
 * - A path is walked component by component from an open descriptor of the place's root, each
 *   folder opened with `O_DIRECTORY | O_NOFOLLOW` through `/proc/self/fd/<fd>/<name>` (Node has
 *   no `openat`; the descriptor's magic link pins the folder already opened). The kernel never
 *   follows a link the session made: a link is read (`readlink`, which does not follow) and
 *   resolved here, inside the place only (a relative target, or an absolute one under the
 *   place's mount such as `/workspace/...`); anything else is a WorkspacePathError.
 * - Files are opened with `O_NOFOLLOW | O_NONBLOCK` and used only when `fstat` says they are
 *   regular files: opening a FIFO without its other end returns at once (or ENXIO), a socket
 *   fails, and neither ever holds one of libuv's four pool threads.
 */
import { constants, type Stats } from "node:fs";
import { type FileHandle, lchown, lstat, mkdir, open, readdir, readlink, symlink } from "node:fs/promises";
import { posix } from "node:path";
import type { Owner } from "./identity.ts";

const { O_RDONLY, O_WRONLY, O_CREAT, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK, O_EXCL } = constants;
const DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
/** Links followed in one path, as the kernel's own limit. */
const MAX_LINKS = 40;
/** Entries of one folder looked at together (forEachInTree). */
const STAT_BATCH = 64;
/** The longest name most Linux filesystems take. */
const NAME_MAX = 255;

/** What is wrong with a path: how an API answer or a tool result names it. */
export type PathProblem =
  | "invalid" // not a path of the place (outside it, a NUL, too many links)
  | "not_found"
  | "not_directory" // a file stands where a folder is needed
  | "is_directory" // a folder stands where a file is needed
  | "special" // a FIFO, socket or device
  | "name_too_long";

/** A path the caller may not use, with what is wrong with it. */
export class WorkspacePathError extends Error {
  constructor(
    message: string,
    readonly problem: PathProblem = "invalid",
  ) {
    super(message);
    this.name = "WorkspacePathError";
  }
}

/** A folder the server works in for a session: its host path (trusted) and how the tools see it. */
export interface Place {
  root: string;
  /** `/workspace`, `/mnt/memory/<store>`: absolute link targets under it stay inside. */
  mount: string;
}

/** How a path relative to a place is shown to the tools. */
export function shownIn(place: Place, rel: string): string {
  return rel ? `${place.mount}/${rel}` : place.mount;
}

const at = (fd: number, name: string) => `/proc/self/fd/${fd}/${name}`;

function errno(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? "";
}

/** The problem an errno from the walk means, or null for one to throw as it is. */
function asPathError(err: unknown, shown: string): WorkspacePathError | null {
  switch (errno(err)) {
    case "ENOENT":
      return new WorkspacePathError(`${shown} does not exist.`, "not_found");
    case "ENOTDIR":
      return new WorkspacePathError(`${shown}: a part of the path is a file, not a folder.`, "not_directory");
    case "ENAMETOOLONG":
      return new WorkspacePathError(`${shown}: a name in the path is too long.`, "name_too_long");
    case "ELOOP":
      return new WorkspacePathError(`${shown} goes through a symbolic link that cannot be followed.`);
    case "ENXIO":
    case "EOPNOTSUPP":
      return new WorkspacePathError(`${shown} is not a regular file (a FIFO, socket or device).`, "special");
    case "EACCES":
    case "EPERM":
      return new WorkspacePathError(`${shown} is not accessible (its permissions refuse it).`);
    default:
      return null;
  }
}

/** Runs `fn`, turning the errnos of a path into WorkspacePathError. */
async function mapped<T>(shown: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WorkspacePathError) throw err;
    throw asPathError(err, shown) ?? err;
  }
}

/** A walked path: its folder open, and the target's name in it. */
interface Resolved {
  dir: FileHandle;
  /** The target's name in `dir`; null when the target is `dir` itself. */
  name: string | null;
  /** The path relative to the place, links resolved ("" = the place's root). */
  rel: string;
  /** The target (not followed when it is a link and `followLast` is false); null when it is missing. */
  stats: Stats | null;
}

interface WalkOptions {
  /** Follow a link that is the path's last component (default true). */
  followLast?: boolean;
  /** Make missing folders on the way (owned by `owner` when given). */
  mkdirs?: { owner: Owner | null };
}

/**
 * Walks `rel` (a path relative to the place, already normalized by its words) from the place's
 * root. Throws WorkspacePathError when it leaves the place or a part of it is missing or a file.
 */
async function walk(place: Place, rel: string, options: WalkOptions = {}): Promise<Resolved> {
  const shown = shownIn(place, rel);
  const root = await mapped(shown, () => open(place.root, DIR_FLAGS));
  const stack: { fh: FileHandle; name: string }[] = [{ fh: root, name: "" }];
  const canonical = () =>
    stack
      .slice(1)
      .map((s) => s.name)
      .join("/");
  const closeAbove = async (keep: number) => {
    while (stack.length > keep) await (stack.pop() as { fh: FileHandle }).fh.close();
  };
  let parts = rel.split("/").filter((p) => p !== "" && p !== ".");
  let links = 0;
  try {
    while (parts.length > 0) {
      const name = parts.shift() as string;
      if (name === "..") {
        if (stack.length === 1) throw new WorkspacePathError(`${shown} leads outside ${place.mount}.`);
        await closeAbove(stack.length - 1);
        continue;
      }
      if (Buffer.byteLength(name) > NAME_MAX) {
        throw new WorkspacePathError(`${shown}: the name ${name.slice(0, 40)}... is too long.`, "name_too_long");
      }
      const top = (stack[stack.length - 1] as { fh: FileHandle }).fh;
      const last = parts.length === 0;
      let stats = await mapped(shown, () => lstat(at(top.fd, name))).catch((err) => {
        if (err instanceof WorkspacePathError && err.problem === "not_found") return null;
        throw err;
      });
      if (!stats && !last && options.mkdirs) {
        await mapped(shown, () => mkdir(at(top.fd, name), { mode: 0o755 })).catch((err) => {
          if (errno(err) !== "EEXIST") throw err;
        });
        const owner = options.mkdirs.owner;
        if (owner) await lchown(at(top.fd, name), owner.uid, owner.gid);
        stats = await mapped(shown, () => lstat(at(top.fd, name)));
      }
      if (!stats) {
        if (last) {
          const rel = joinRel(canonical(), name);
          return { dir: await detach(), name, rel, stats: null };
        }
        throw new WorkspacePathError(`${shown} does not exist (${name} is missing).`, "not_found");
      }
      if (stats.isSymbolicLink() && (!last || options.followLast !== false)) {
        if (++links > MAX_LINKS) throw new WorkspacePathError(`${shown} goes through too many symbolic links.`);
        const target = await mapped(shown, () => readlink(at(top.fd, name)));
        if (target.startsWith("/")) {
          if (target !== place.mount && !target.startsWith(`${place.mount}/`)) {
            throw new WorkspacePathError(
              `${shown} resolves outside ${place.mount} (through a symbolic link); it is not accessible.`,
            );
          }
          await closeAbove(1);
          parts = [...target.slice(place.mount.length).split("/"), ...parts];
        } else parts = [...target.split("/"), ...parts];
        parts = parts.filter((p) => p !== "" && p !== ".");
        continue;
      }
      if (last) {
        const rel = joinRel(canonical(), name);
        return { dir: await detach(), name, rel, stats };
      }
      if (!stats.isDirectory()) {
        throw new WorkspacePathError(`${shown}: ${name} is a file, not a folder.`, "not_directory");
      }
      const fh = await mapped(shown, () => open(at(top.fd, name), DIR_FLAGS));
      stack.push({ fh, name });
    }
    // The path ends at a folder already open (the root, `..`, or a link to a folder).
    const rel = canonical();
    const dir = await detach();
    return { dir, name: null, rel, stats: await dir.stat() };
  } catch (err) {
    await closeAbove(0);
    throw err;
  }

  /** The innermost folder, kept open for the caller; the others closed. */
  async function detach(): Promise<FileHandle> {
    const top = stack.pop() as { fh: FileHandle };
    await closeAbove(0);
    return top.fh;
  }
}

const joinRel = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** Opens the walked target as a regular file, or throws (it is missing, a folder, or special). */
async function openRegular(r: Resolved, shown: string, flags: number, mode?: number): Promise<FileHandle> {
  if (r.name === null || r.stats?.isDirectory()) {
    throw new WorkspacePathError(`${shown} is a folder, not a file.`, "is_directory");
  }
  const name = r.name;
  const fh = await mapped(shown, () => open(at(r.dir.fd, name), flags | O_NOFOLLOW | O_NONBLOCK, mode));
  const stats = await fh.stat();
  if (!stats.isFile()) {
    await fh.close();
    throw new WorkspacePathError(
      stats.isDirectory()
        ? `${shown} is a folder, not a file.`
        : `${shown} is not a regular file (a FIFO, socket or device).`,
      stats.isDirectory() ? "is_directory" : "special",
    );
  }
  return fh;
}

/** What is at a path: its canonical path and `lstat` (a final link is followed unless told not to). */
export async function statIn(
  place: Place,
  rel: string,
  followLast = true,
): Promise<{ rel: string; stats: Stats | null }> {
  const r = await walk(place, rel, { followLast });
  await r.dir.close();
  return { rel: r.rel, stats: r.stats };
}

/** Reads a regular file of the place. */
export async function readFileIn(place: Place, rel: string): Promise<{ rel: string; bytes: Buffer; stats: Stats }> {
  const shown = shownIn(place, rel);
  const r = await walk(place, rel);
  try {
    if (!r.stats) throw new WorkspacePathError(`${shown} does not exist.`, "not_found");
    const fh = await openRegular(r, shown, O_RDONLY);
    try {
      return { rel: r.rel, bytes: await fh.readFile(), stats: await fh.stat() };
    } finally {
      await fh.close();
    }
  } finally {
    await r.dir.close();
  }
}

export interface WriteOptions {
  /** Owner of what is made (the session's uid, when the server is root). */
  owner: Owner | null;
  /** Make missing folders on the way. */
  mkdirs?: boolean;
  /** Fail when the file exists. */
  exclusive?: boolean;
  mode?: number;
}

/** Writes (creates or replaces the content of) a regular file of the place. */
export async function writeFileIn(
  place: Place,
  rel: string,
  bytes: Uint8Array,
  options: WriteOptions,
): Promise<{ rel: string; created: boolean; stats: Stats }> {
  const shown = shownIn(place, rel);
  const r = await walk(place, rel, options.mkdirs ? { mkdirs: { owner: options.owner } } : {});
  try {
    const flags = O_WRONLY | O_CREAT | (options.exclusive ? O_EXCL : 0);
    const fh = await openRegular(r, shown, flags, options.mode ?? 0o644);
    try {
      const created = r.stats === null;
      await fh.truncate(0);
      await fh.writeFile(bytes);
      if (created && options.owner) await fh.chown(options.owner.uid, options.owner.gid);
      // Exactly this mode (the one given to open is cut by the umask).
      if (options.mode !== undefined) await fh.chmod(options.mode);
      return { rel: r.rel, created, stats: await fh.stat() };
    } finally {
      await fh.close();
    }
  } finally {
    await r.dir.close();
  }
}

/** Makes the folder `rel` (and its missing parents), owned by `owner` when given. */
export async function mkdirIn(place: Place, rel: string, owner: Owner | null): Promise<void> {
  const shown = shownIn(place, rel);
  const r = await walk(place, rel, { mkdirs: { owner }, followLast: false });
  try {
    if (r.name === null || r.stats?.isDirectory()) return;
    if (r.stats) throw new WorkspacePathError(`${shown} exists and is not a folder.`, "not_directory");
    const name = r.name;
    await mapped(shown, () => mkdir(at(r.dir.fd, name), { mode: 0o755 }));
    if (owner) await lchown(at(r.dir.fd, name), owner.uid, owner.gid);
  } finally {
    await r.dir.close();
  }
}

/** Makes a symbolic link at `rel` (its parents must exist); the link itself is never followed. */
export async function symlinkIn(place: Place, rel: string, target: string, owner: Owner | null): Promise<void> {
  const shown = shownIn(place, rel);
  const r = await walk(place, rel, { followLast: false });
  try {
    if (r.name === null || r.stats) throw new WorkspacePathError(`${shown} exists already.`, "not_directory");
    const name = r.name;
    await mapped(shown, () => symlink(target, at(r.dir.fd, name)));
    if (owner) await lchown(at(r.dir.fd, name), owner.uid, owner.gid);
  } finally {
    await r.dir.close();
  }
}

/** Sets the mode of the folder `rel` (through its descriptor: a link there is refused, not followed). */
export async function chmodFolderIn(place: Place, rel: string, mode: number): Promise<void> {
  await withFolderIn(place, rel, (_path, _rel, folder) => folder.chmod(mode));
}

/** One entry met by forEachInTree. */
export interface TreeEntry {
  /** Its path relative to the tree's root. */
  rel: string;
  /** Its `lstat`. */
  stats: Stats;
  /** Its bytes, read only while it is a regular file (never through a link, never blocking). */
  readFile(): Promise<Buffer>;
  /** It opened for reading, only while it is a regular file (never through a link, never blocking): for streaming it. */
  openFile(): Promise<FileHandle>;
  /** A link's target (the link is not followed). */
  readLink(): Promise<string>;
}

/**
 * Visits every entry under `root` (sorted, parents first), never following a link: each folder is
 * entered through a descriptor opened with `O_NOFOLLOW`, so a link swapped in meanwhile is not
 * entered. Top-level names in `skipTop` are left out.
 */
export async function forEachInTree(
  root: string,
  fn: (entry: TreeEntry) => Promise<void>,
  skipTop: readonly string[] = [],
): Promise<void> {
  const visit = async (folder: FileHandle, prefix: string): Promise<void> => {
    const names = (await readdir(`/proc/self/fd/${folder.fd}`)).sort().filter((n) => prefix || !skipTop.includes(n));
    // The entries of a folder are looked at in parallel (the pool's threads), in batches.
    const all: (Stats | null)[] = [];
    for (let i = 0; i < names.length; i += STAT_BATCH) {
      const batch = names.slice(i, i + STAT_BATCH).map((n) => lstat(at(folder.fd, n)).catch(() => null));
      all.push(...(await Promise.all(batch)));
    }
    for (const [index, name] of names.entries()) {
      const path = at(folder.fd, name);
      const stats = all[index];
      if (!stats) continue; // vanished meanwhile
      const rel = prefix ? `${prefix}/${name}` : name;
      const openFile = async () => {
        const fh = await mapped(rel, () => open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK));
        if (!(await fh.stat()).isFile()) {
          await fh.close();
          throw new WorkspacePathError(`${rel} is not a regular file.`, "special");
        }
        return fh;
      };
      await fn({
        rel,
        stats,
        openFile,
        readFile: async () => {
          const fh = await mapped(rel, () => open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK));
          try {
            if (!(await fh.stat()).isFile()) {
              throw new WorkspacePathError(`${rel} is not a regular file.`, "special");
            }
            return await fh.readFile();
          } finally {
            await fh.close();
          }
        },
        readLink: () => readlink(path),
      });
      if (!stats.isDirectory()) continue;
      const sub = await open(path, DIR_FLAGS).catch(() => null);
      if (!sub) continue; // replaced by something else meanwhile, or unreadable
      try {
        await visit(sub, rel);
      } finally {
        await sub.close();
      }
    }
  };
  const top = await open(root, DIR_FLAGS);
  try {
    await visit(top, "");
  } finally {
    await top.close();
  }
}

/** The entries of a folder of the place, each with its `lstat` (links are not followed). */
export async function listIn(
  place: Place,
  rel: string,
): Promise<{ rel: string; entries: { name: string; stats: Stats }[] }> {
  return withFolderIn(place, rel, async (path, canonical) => {
    const entries: { name: string; stats: Stats }[] = [];
    for (const name of (await readdir(path)).sort()) {
      const stats = await lstat(`${path}/${name}`).catch(() => null);
      if (stats) entries.push({ name, stats });
    }
    return { rel: canonical, entries };
  });
}

/**
 * Runs `fn` with a path that names the folder at `rel` for as long as it runs
 * (`/proc/self/fd/<fd>`: a walker or a child process's working directory given it cannot be sent
 * elsewhere by a link made meanwhile).
 */
export async function withFolderIn<T>(
  place: Place,
  rel: string,
  fn: (path: string, canonical: string, folder: FileHandle) => Promise<T>,
): Promise<T> {
  const shown = shownIn(place, rel);
  const r = await walk(place, rel);
  let folder = r.dir;
  try {
    if (r.name !== null) {
      if (!r.stats) throw new WorkspacePathError(`${shown} does not exist.`, "not_found");
      if (!r.stats.isDirectory()) throw new WorkspacePathError(`${shown} is a file, not a folder.`, "not_directory");
      const name = r.name;
      folder = await mapped(shown, () => open(at(r.dir.fd, name), DIR_FLAGS));
      await r.dir.close();
    }
    return await fn(`/proc/self/fd/${folder.fd}`, r.rel, folder);
  } finally {
    await folder.close();
  }
}

/** A path's words as a path relative to `mount` (`/workspace/a`, `./a`, `a` → `a`); throws when it leaves it. */
export function relativeTo(mount: string, path: string): string {
  if (typeof path !== "string" || path.length === 0) throw new WorkspacePathError("The path is empty.");
  if (path.includes("\0")) throw new WorkspacePathError("The path contains a NUL character.");
  let rel: string;
  if (path === mount || path.startsWith(`${mount}/`)) rel = path.slice(mount.length);
  else if (posix.isAbsolute(path)) {
    throw new WorkspacePathError(`${path} is outside the workspace (${mount}); use a path inside it.`);
  } else rel = path;
  const normalized = posix.normalize(rel.replace(/^\/+/, "") || ".").replace(/^\.$/, "");
  if (normalized === ".." || normalized.startsWith("../")) {
    throw new WorkspacePathError(`${path} is outside the workspace (${mount}).`);
  }
  return normalized.replace(/\/$/, "");
}
