import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { EnvironmentConfig, EnvironmentRecord, EnvironmentStore } from "../port/environments.ts";
import type { SqliteContext } from "./context.ts";
import { keysetList } from "./pagination.ts";

interface EnvironmentRow {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  config: string;
  metadata: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

const toEnvironment = (r: EnvironmentRow): EnvironmentRecord => ({
  ...r,
  config: JSON.parse(r.config) as EnvironmentConfig,
  metadata: JSON.parse(r.metadata) as Metadata,
});

export function createEnvironmentStore(ctx: SqliteContext): EnvironmentStore {
  const { db } = ctx;
  const getRow = db.prepare("SELECT * FROM environments WHERE id = ? AND account_id = ?");
  const findRow = (accountId: string, id: string) => getRow.get(id, accountId) as EnvironmentRow | undefined;

  return {
    createEnvironment(accountId, input) {
      const now = ctx.nowIso();
      const row: EnvironmentRow = {
        id: newId("env"),
        account_id: accountId,
        name: input.name,
        description: input.description,
        config: JSON.stringify(input.config),
        metadata: JSON.stringify(input.metadata),
        archived_at: null,
        created_at: now,
        updated_at: now,
      };
      // Every write is a transaction of the context, which turns a lock held elsewhere into StorageBusyError.
      ctx.tx(() =>
        db
          .prepare(
            `INSERT INTO environments (id, account_id, name, description, config, metadata, archived_at, created_at, updated_at)
             VALUES (@id, @account_id, @name, @description, @config, @metadata, @archived_at, @created_at, @updated_at)`,
          )
          .run(row),
      );
      return toEnvironment(row);
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
        const next = update(toEnvironment(row));
        const updated: EnvironmentRow = {
          ...row,
          name: next.name,
          description: next.description,
          config: JSON.stringify(next.config),
          metadata: JSON.stringify(next.metadata),
          updated_at: ctx.nowIso(),
        };
        db.prepare(
          "UPDATE environments SET name = @name, description = @description, config = @config, metadata = @metadata, updated_at = @updated_at WHERE id = @id",
        ).run(updated);
        return toEnvironment(updated);
      });
    },
    archiveEnvironment(accountId, id) {
      return ctx.tx(() => {
        const row = findRow(accountId, id);
        if (!row) return null;
        if (row.archived_at) return toEnvironment(row);
        const now = ctx.nowIso();
        db.prepare("UPDATE environments SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, id);
        return toEnvironment({ ...row, archived_at: now, updated_at: now });
      });
    },
    deleteEnvironment(accountId, id) {
      return db.prepare("DELETE FROM environments WHERE id = ? AND account_id = ?").run(id, accountId).changes === 1;
    },
  };
}
