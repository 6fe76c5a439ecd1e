/**
 * Workspaces across replicas (API.md, "Environments that run", Replicas). On PostgreSQL the
 * workspace of a session is saved at the end of every turn as one archive in the database, and
 * the replica that runs the session next restores it first when its own folder is missing or
 * older. Which save a local folder holds is written beside it (`<root>/<session>.generation`,
 * outside the folder, so no tool sees it).
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Async } from "../storage/port/index.ts";
import type { WorkspaceSnapshotInfo, WorkspaceSnapshotStore } from "../storage/port/workspaceSnapshots.ts";

export interface WorkspaceSnapshotOptions {
  store: Async<WorkspaceSnapshotStore>;
  /** The largest archive saved (SANDBOX_SNAPSHOT_MAX_BYTES). */
  maxBytes: number;
  /** Top-level folders never saved nor replaced by a restore (skills/: unpacked again by each turn). */
  keep: readonly string[];
}

/** The workspace's archive is larger than SANDBOX_SNAPSHOT_MAX_BYTES: it was not saved. */
export class WorkspaceTooLargeError extends Error {
  constructor(
    readonly sizeBytes: number,
    readonly maxBytes: number,
  ) {
    super(
      `The workspace compresses to ${sizeBytes} bytes, more than the ${maxBytes} bytes a saved workspace may take (SANDBOX_SNAPSHOT_MAX_BYTES); it was not saved. Remove files you do not need.`,
    );
    this.name = "WorkspaceTooLargeError";
  }
}

export class WorkspaceSnapshotSync {
  /** Restores in progress per session: a turn and a files request never unpack at once. */
  private readonly restoring = new Map<string, Promise<void>>();

  constructor(
    private readonly root: string,
    private readonly options: WorkspaceSnapshotOptions,
  ) {}

  private marker(sessionId: string): string {
    return join(this.root, `${sessionId}.generation`);
  }

  /** The save the local folder holds (0: none, or unknown). */
  private async localGeneration(sessionId: string): Promise<number> {
    const text = await readFile(this.marker(sessionId), "utf8").catch(() => "");
    const n = Number.parseInt(text, 10);
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  }

  private async remember(sessionId: string, generation: number): Promise<void> {
    await writeFile(this.marker(sessionId), `${generation}\n`, { mode: 0o600 });
  }

  /**
   * Makes the folder `dir` of the session hold its last saved workspace when it is missing or
   * older (nothing when nothing was saved). Resolves to whether it unpacked the archive.
   */
  restore(sessionId: string, dir: string, folderExists: boolean): Promise<boolean> {
    const running = this.restoring.get(sessionId);
    if (running) return running.then(() => this.restore(sessionId, dir, folderExists));
    let restored = false;
    const job = (async () => {
      const info = await this.options.store.info(sessionId);
      if (!info) return;
      if (folderExists && (await this.localGeneration(sessionId)) >= info.generation) return;
      const snapshot = await this.options.store.get(sessionId);
      if (!snapshot) return; // its session was deleted meanwhile
      const { unpackWorkspace } = await import("./workspaceArchive.ts");
      await unpackWorkspace(snapshot.archive, dir, this.options.keep);
      await this.remember(sessionId, snapshot.generation);
      restored = true;
    })().finally(() => this.restoring.delete(sessionId));
    this.restoring.set(sessionId, job);
    return job.then(() => restored);
  }

  /**
   * Saves the folder `dir` as the session's workspace; null when the session is gone. Throws
   * WorkspaceTooLargeError (nothing saved) when the archive exceeds the limit.
   */
  async save(sessionId: string, dir: string): Promise<WorkspaceSnapshotInfo | null> {
    // The archive code (and fflate) is loaded by the first save or restore, not at start.
    const { packWorkspace } = await import("./workspaceArchive.ts");
    const archive = await packWorkspace(dir, this.options.keep);
    if (archive.byteLength > this.options.maxBytes) {
      throw new WorkspaceTooLargeError(archive.byteLength, this.options.maxBytes);
    }
    const info = await this.options.store.save(sessionId, archive);
    if (info) await this.remember(sessionId, info.generation);
    return info;
  }

  async forget(sessionId: string): Promise<void> {
    await rm(this.marker(sessionId), { force: true });
  }
}
