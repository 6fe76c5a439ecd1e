/**
 * The workspace of each session (API.md, "Workspace"): one folder under the data folder, made at
 * the session's first run, shown to the tools as `/workspace`. Paths the file tools and the files
 * API are given resolve inside it, symlinks resolved; a path that would leave it is refused.
 */
import { lstat, mkdir, readdir, realpath, rm } from "node:fs/promises";
import { dirname, isAbsolute, join, posix, relative, sep } from "node:path";
import type { WorkspaceSnapshotInfo } from "../storage/port/workspaceSnapshots.ts";
import { type WorkspaceSnapshotOptions, WorkspaceSnapshotSync } from "./workspaceSnapshots.ts";

/** Where the tools see the workspace. */
export const WORKSPACE_MOUNT = "/workspace";

/** A path the caller may not use: outside the workspace, or not a valid path. */
export class WorkspacePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkspacePathError";
  }
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class Workspaces {
  private readonly snapshots: WorkspaceSnapshotSync | null;

  constructor(
    /** `<dataDir>/workspaces`. */
    readonly root: string,
    readonly maxBytes: number,
    /** Where workspaces are saved for other replicas (PostgreSQL); null: the folder is the truth. */
    snapshots: WorkspaceSnapshotOptions | null = null,
  ) {
    this.snapshots = snapshots ? new WorkspaceSnapshotSync(root, snapshots) : null;
  }

  /** The session's folder on the host (not created). */
  folder(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`not a session id: ${sessionId}`);
    return join(this.root, sessionId);
  }

  /**
   * The session's folder, made when missing; with snapshots, first brought up to the session's
   * last saved workspace when the folder is missing or older.
   */
  async open(sessionId: string): Promise<string> {
    const dir = this.folder(sessionId);
    await this.restore(sessionId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** Where each session's turns mount its memory stores (tools/memoryMount.ts), beside the workspaces. */
  get memoryMountsRoot(): string {
    return join(dirname(this.root), "memory-mounts");
  }

  /** With snapshots: restores the last saved workspace over a missing or older folder (true if it did). */
  async restore(sessionId: string): Promise<boolean> {
    if (!this.snapshots) return false;
    return this.snapshots.restore(sessionId, this.folder(sessionId), await this.exists(sessionId));
  }

  /**
   * With snapshots: saves the session's folder for the other replicas (null without snapshots,
   * without a folder, or when the session is gone). Throws WorkspaceTooLargeError over the limit.
   */
  async save(sessionId: string): Promise<WorkspaceSnapshotInfo | null> {
    if (!this.snapshots || !(await this.exists(sessionId))) return null;
    return this.snapshots.save(sessionId, this.folder(sessionId));
  }

  /** Removes the session's folder, its snapshots and what a turn that never ended left of its memory mounts. */
  async remove(sessionId: string): Promise<void> {
    await rm(this.folder(sessionId), { recursive: true, force: true });
    await rm(join(this.memoryMountsRoot, sessionId), { recursive: true, force: true });
    await this.snapshots?.forget(sessionId);
  }

  /** Whether the session has a folder (it has run, or a file was uploaded). */
  async exists(sessionId: string): Promise<boolean> {
    try {
      return (await lstat(this.folder(sessionId))).isDirectory();
    } catch {
      return false;
    }
  }

  /** The ids of the sessions that have a folder. */
  async sessions(): Promise<string[]> {
    try {
      return (await readdir(this.root)).filter((n) => SESSION_ID.test(n));
    } catch {
      return [];
    }
  }
}

/**
 * The path the tools use (`notes.txt`, `./a/b`, `/workspace/a/b`) as a path relative to the
 * workspace, normalized; refused when it leaves the workspace by its words alone.
 */
export function workspaceRelative(path: string): string {
  if (typeof path !== "string" || path.length === 0) throw new WorkspacePathError("The path is empty.");
  if (path.includes("\0")) throw new WorkspacePathError("The path contains a NUL character.");
  let rel: string;
  if (path === WORKSPACE_MOUNT || path.startsWith(`${WORKSPACE_MOUNT}/`)) rel = path.slice(WORKSPACE_MOUNT.length);
  else if (posix.isAbsolute(path)) {
    throw new WorkspacePathError(`${path} is outside the workspace (${WORKSPACE_MOUNT}); use a path inside it.`);
  } else rel = path;
  const normalized = posix.normalize(rel.replace(/^\/+/, "") || ".").replace(/^\.$/, "");
  if (normalized === ".." || normalized.startsWith("../")) {
    throw new WorkspacePathError(`${path} is outside the workspace (${WORKSPACE_MOUNT}).`);
  }
  return normalized.replace(/\/$/, "");
}

/** How a host path inside `root` is shown to the tools. */
export function shownPath(root: string, hostPath: string): string {
  const rel = relative(root, hostPath).split(sep).join("/");
  return rel ? `${WORKSPACE_MOUNT}/${rel}` : WORKSPACE_MOUNT;
}

function inside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * Resolves a tool's path to a host path inside the workspace `root`, following symlinks: the
 * path itself when it exists, else its nearest existing ancestor, must resolve inside the
 * workspace. Throws WorkspacePathError otherwise.
 */
export async function resolveInWorkspace(root: string, path: string): Promise<string> {
  const realRoot = await realpath(root);
  const rel = workspaceRelative(path);
  const target = rel ? join(realRoot, rel) : realRoot;
  let probe = target;
  const missing: string[] = [];
  for (;;) {
    try {
      const real = await realpath(probe);
      if (!inside(realRoot, real)) {
        throw new WorkspacePathError(
          `${path} resolves outside the workspace (through a symbolic link); it is not accessible.`,
        );
      }
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch (err) {
      if (err instanceof WorkspacePathError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
      // A dangling symlink must not be written through: refuse it like an outside one.
      try {
        if ((await lstat(probe)).isSymbolicLink()) {
          throw new WorkspacePathError(
            `${path} goes through a symbolic link that points nowhere inside the workspace.`,
          );
        }
      } catch (inner) {
        if (inner instanceof WorkspacePathError) throw inner;
      }
      if (probe === realRoot) throw err;
      missing.push(probe.slice(dirname(probe).length + 1));
      probe = dirname(probe);
    }
  }
}

/** The bytes the files under `dir` take (symlinks not followed). */
export async function usageBytes(dir: string): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(current, e.name);
      if (e.isDirectory()) stack.push(p);
      else {
        try {
          const s = await lstat(p);
          total += Math.max(s.size, s.blocks * 512);
        } catch {
          // vanished meanwhile
        }
      }
    }
  }
  return total;
}
