import type { EnvironmentStore } from "../port/environments.ts";
import { type EnvironmentRow, newEnvironmentRow, toEnvironment, updatedEnvironmentRow } from "../rows/environments.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

export function createEnvironmentStore(ctx: SqliteContext): EnvironmentStore {
  const { db } = ctx;
  const getRow = db.prepare("SELECT * FROM environments WHERE id = ? AND account_id = ?");
  const findRow = (accountId: string, id: string) => getRow.get(id, accountId) as EnvironmentRow | undefined;

  return {
    createEnvironment(accountId, input) {
      return ctx.tx(() => {
        const now = ctx.now();
        const row = newEnvironmentRow(accountId, input, now);
        db.prepare(
          `INSERT INTO environments (id, account_id, name, description, config, metadata, archived_at, created_at, updated_at)
         VALUES (@id, @account_id, @name, @description, @config, @metadata, @archived_at, @created_at, @updated_at)`,
        ).run(row);
        appendEvent(ctx, accountId, { id: row.id, type: "environment.created" });
        return toEnvironment(row);
      });
    },
    getEnvironment(accountId, id) {
      const row = findRow(accountId, id);
      return row ? toEnvironment(row) : null;
    },
    listEnvironments(accountId, { includeArchived, page }) {
      return keysetList(db, {
        select: `SELECT * FROM environments WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toEnvironment,
        getId: (e) => e.id,
      });
    },
    updateEnvironment(accountId, id, update) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return null;
        if (row.archived_at) return "archived" as const;
        const current = toEnvironment(row);
        const next = update(current);
        const updated = updatedEnvironmentRow(row, current, next, ctx.now());
        if (!updated) return current;
        db.prepare(
          "UPDATE environments SET name = @name, description = @description, config = @config, metadata = @metadata, updated_at = @updated_at WHERE id = @id",
        ).run(updated);
        appendEvent(ctx, accountId, { id, type: "environment.updated" });
        return toEnvironment(updated);
      });
    },
    archiveEnvironment(accountId, id) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return null;
        if (row.archived_at) return toEnvironment(row);
        const now = ctx.now();
        db.prepare("UPDATE environments SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, id);
        appendEvent(ctx, accountId, { id, type: "environment.archived" });
        return toEnvironment({ ...row, archived_at: now, updated_at: now });
      });
    },
    deleteEnvironment(accountId, id) {
      return ctx.tx(() => {
        const deleted =
          db.prepare("DELETE FROM environments WHERE id = ? AND account_id = ?").run(id, accountId).changes === 1;
        if (deleted) appendEvent(ctx, accountId, { id, type: "environment.deleted" });
        return deleted;
      });
    },
  };
}
