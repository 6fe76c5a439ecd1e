/**
 * The saved workspaces of sessions (API.md, "Environments that run", Replicas): on PostgreSQL
 * each session's workspace is kept as one compressed archive, replaced at the end of every turn,
 * so the replica that runs the session next restores it. The SQLite adapter has none (the folder
 * under the data directory is the truth): `Storage.workspaceSnapshots` is null there.
 */

/** A saved workspace without its bytes: enough to tell whether a local folder is up to date. */
export interface WorkspaceSnapshotInfo {
  session_id: string;
  /** 1 for the first save of the session, one more for each save after. */
  generation: number;
  /** The archive's size. */
  size_bytes: number;
  updated_at: string;
}

export interface WorkspaceSnapshot extends WorkspaceSnapshotInfo {
  archive: Uint8Array;
}

export interface WorkspaceSnapshotStore {
  /** The session's saved workspace without its bytes; null when none was saved. */
  info(sessionId: string): WorkspaceSnapshotInfo | null;
  /** The session's saved workspace; null when none was saved. */
  get(sessionId: string): WorkspaceSnapshot | null;
  /**
   * Replaces the session's saved workspace with `archive` as the next generation; null (nothing
   * written) when the session no longer exists. The row goes with its session (deleted with it).
   */
  save(sessionId: string, archive: Uint8Array): WorkspaceSnapshotInfo | null;
}
