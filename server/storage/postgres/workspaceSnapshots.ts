import type { Async } from "../port/index.ts";
import type { WorkspaceSnapshot, WorkspaceSnapshotInfo, WorkspaceSnapshotStore } from "../port/workspaceSnapshots.ts";
import type { PgContext } from "./context.ts";
import { sqlState } from "./errors.ts";

const INFO_COLUMNS = "session_id, generation, size_bytes, updated_at";

/** The sessions' saved workspaces: one bytea row per session (migration 015). */
export function createWorkspaceSnapshotStore(ctx: PgContext): Async<WorkspaceSnapshotStore> {
  return {
    info(sessionId) {
      return ctx.one<WorkspaceSnapshotInfo>(`SELECT ${INFO_COLUMNS} FROM workspace_snapshots WHERE session_id = $1`, [
        sessionId,
      ]);
    },

    async get(sessionId) {
      const row = await ctx.one<WorkspaceSnapshotInfo & { archive: Buffer }>(
        `SELECT ${INFO_COLUMNS}, archive FROM workspace_snapshots WHERE session_id = $1`,
        [sessionId],
      );
      if (!row) return null;
      const { archive, ...info } = row;
      const snapshot: WorkspaceSnapshot = {
        ...info,
        archive: new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength),
      };
      return snapshot;
    },

    async save(sessionId, archive) {
      try {
        // Only for a session that exists; one statement, so two saves never share a generation.
        return await ctx.one<WorkspaceSnapshotInfo>(
          `INSERT INTO workspace_snapshots (session_id, generation, archive, size_bytes, updated_at)
             SELECT id, 1, $2, $3, $4 FROM sessions WHERE id = $1
           ON CONFLICT (session_id) DO UPDATE SET generation = workspace_snapshots.generation + 1,
             archive = EXCLUDED.archive, size_bytes = EXCLUDED.size_bytes, updated_at = EXCLUDED.updated_at
           RETURNING ${INFO_COLUMNS}`,
          [
            sessionId,
            Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength),
            archive.byteLength,
            ctx.now(),
          ],
        );
      } catch (err) {
        // The session was deleted while the row was written (its delete committed first).
        if (sqlState(err) === "23503") return null;
        throw err;
      }
    },
  };
}
