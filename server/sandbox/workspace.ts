/**
 * The workspace of each session (API.md, "Workspace"): one folder under the data folder, made at
 * the session's first run, shown to the tools as `/workspace`. Paths the file tools and the files
 * API are given resolve inside it by safeFs.ts, which never lets the kernel follow a link the
 * session made; a path that would leave it is refused.
 *
 * When the server is root, a workspace and everything in it belong to the session's own uid
 * (identity.ts), which its commands run as; the folders above it are searchable, not listable,
 * by other users (0711), so that bubblewrap, started as that uid, can bind it.
 */
import { chmodSync, mkdirSync } from "node:fs";
import { lchown, lstat, mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { WorkspaceSnapshotInfo } from "../storage/port/workspaceSnapshots.ts";
import type { Owner, SessionUids } from "./identity.ts";
import { type Place, relativeTo, WorkspacePathError } from "./safeFs.ts";
import { type WorkspaceSnapshotOptions, WorkspaceSnapshotSync } from "./workspaceSnapshots.ts";

export { WorkspacePathError };

/** Where the tools see the workspace. */
export const WORKSPACE_MOUNT = "/workspace";
/** The folder of the workspace where the agent's skills are shown, read-only (tools/skills.ts unpacks them). */
export const SKILLS_DIR = "skills";
/** Where a session's commands and tools leave the outputs collected as files at the end of each turn. */
export const OUTPUTS_MOUNT = "/mnt/session/outputs";

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class Workspaces {
  private readonly snapshots: WorkspaceSnapshotSync | null;

  constructor(
    /** `<dataDir>/workspaces`. */
    readonly root: string,
    readonly maxBytes: number,
    /** Where workspaces are saved for other replicas (PostgreSQL); null: the folder is the truth. */
    snapshots: WorkspaceSnapshotOptions | null = null,
    /** The per-session uids (the server is root); null: files belong to the server's user. */
    private readonly uids: SessionUids | null = null,
  ) {
    this.snapshots = snapshots ? new WorkspaceSnapshotSync(root, snapshots) : null;
    if (uids) {
      for (const dir of [root, this.memoryMountsRoot, this.skillsRoot, this.outputsRoot, this.resourceMountsRoot]) {
        mkdirSync(dir, { recursive: true, mode: 0o711 });
        chmodSync(dir, 0o711);
      }
    }
  }

  /** The session's folder on the host (not created). */
  folder(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`not a session id: ${sessionId}`);
    return join(this.root, sessionId);
  }

  /** The session's workspace as a place of safeFs.ts. */
  place(sessionId: string): Place {
    return { root: this.folder(sessionId), mount: WORKSPACE_MOUNT };
  }

  /**
   * The session's folder, made when missing; with snapshots, first brought up to the session's
   * last saved workspace when the folder is missing or older. As root, it (and what a restore
   * put in it) belongs to the session's uid.
   */
  async open(sessionId: string): Promise<string> {
    const dir = this.folder(sessionId);
    await this.restore(sessionId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (this.uids) {
      const stats = await lstat(dir);
      if (!this.uids.owns(stats.uid)) await chownTree(dir, await this.uids.claim(sessionId));
    }
    return dir;
  }

  /** The uid and gid the session's files and commands belong to; null when the server is not root. */
  async owner(sessionId: string): Promise<Owner | null> {
    if (!this.uids) return null;
    const stats = await lstat(this.folder(sessionId)).catch(() => null);
    if (!stats?.isDirectory() || !this.uids.owns(stats.uid)) return null;
    return { uid: stats.uid, gid: stats.gid };
  }

  /** Where each session's turns mount its memory stores (tools/memoryMount.ts), beside the workspaces. */
  get memoryMountsRoot(): string {
    return join(dirname(this.root), "memory-mounts");
  }

  /** Where the egress CA's bundle is written (sandbox/egress/authority.ts), beside the workspaces. */
  get egressRoot(): string {
    return join(dirname(this.root), "egress");
  }

  /** Where each session's skills are unpacked (tools/skills.ts), outside its workspace. */
  get skillsRoot(): string {
    return join(dirname(this.root), "skill-mounts");
  }

  /** The session's skills folder (not created): shown read-only at /workspace/skills. */
  skillsFolder(sessionId: string): string {
    this.folder(sessionId); // checks the id
    return join(this.skillsRoot, sessionId);
  }

  /** Where each session's outputs folder is (shown read-write at /mnt/session/outputs), beside the workspaces. */
  get outputsRoot(): string {
    return join(dirname(this.root), "session-outputs");
  }

  /** The session's outputs folder (not created): what its commands leave there becomes files (tools/sessionMounts.ts). */
  outputsFolder(sessionId: string): string {
    this.folder(sessionId); // checks the id
    return join(this.outputsRoot, sessionId);
  }

  /** Where the copies of each session's `file` resources are kept, read-only to its commands, beside the workspaces. */
  get resourceMountsRoot(): string {
    return join(dirname(this.root), "resource-mounts");
  }

  /** The folder of the session's `file` resource copies (not created). */
  resourceMountsFolder(sessionId: string): string {
    this.folder(sessionId); // checks the id
    return join(this.resourceMountsRoot, sessionId);
  }

  /** With snapshots: restores the last saved workspace over a missing or older folder (true if it did). */
  async restore(sessionId: string): Promise<boolean> {
    if (!this.snapshots) return false;
    const dir = this.folder(sessionId);
    const restored = await this.snapshots.restore(sessionId, dir, await this.exists(sessionId));
    // What the server unpacked belongs to the session's uid, as what its commands made did.
    if (restored && this.uids) await chownTree(dir, await this.uids.claim(sessionId));
    return restored;
  }

  /**
   * With snapshots: saves the session's folder for the other replicas (null without snapshots,
   * without a folder, or when the session is gone). Throws WorkspaceTooLargeError over the limit.
   */
  async save(sessionId: string): Promise<WorkspaceSnapshotInfo | null> {
    if (!this.snapshots || !(await this.exists(sessionId))) return null;
    return this.snapshots.save(sessionId, this.folder(sessionId));
  }

  /** Removes the session's folder, its snapshots, its skills and what a turn that never ended left of its memory mounts. */
  async remove(sessionId: string): Promise<void> {
    const owner = await this.owner(sessionId);
    await rm(this.folder(sessionId), { recursive: true, force: true });
    await rm(join(this.memoryMountsRoot, sessionId), { recursive: true, force: true });
    await rm(this.skillsFolder(sessionId), { recursive: true, force: true });
    await rm(this.outputsFolder(sessionId), { recursive: true, force: true });
    await rm(this.resourceMountsFolder(sessionId), { recursive: true, force: true });
    await this.snapshots?.forget(sessionId);
    if (owner && this.uids) await this.uids.release(sessionId, owner.uid);
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
 * Gives a tree to `owner` (`lchown`: links are not followed; a folder is entered only after
 * `lstat` said it is one). Run on trees no command is running in (a workspace before its turn).
 */
export async function chownTree(dir: string, owner: Owner): Promise<void> {
  await lchown(dir, owner.uid, owner.gid);
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const e of await readdir(current, { withFileTypes: true }).catch(() => [])) {
      const p = join(current, e.name);
      await lchown(p, owner.uid, owner.gid).catch(() => undefined);
      if (e.isDirectory()) stack.push(p);
    }
  }
}

/**
 * The path the tools use (`notes.txt`, `./a/b`, `/workspace/a/b`) as a path relative to the
 * workspace, normalized; refused when it leaves the workspace by its words alone.
 */
export function workspaceRelative(path: string): string {
  return relativeTo(WORKSPACE_MOUNT, path);
}
