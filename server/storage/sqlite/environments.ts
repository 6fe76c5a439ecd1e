import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { EnvironmentConfig, EnvironmentRecord, EnvironmentStore } from "../port/environments.ts";
import { canonicalJson } from "../rows/json.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
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
      return ctx.tx(() => {
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
        // An update that changes nothing is not a change: no write, no event.
        const fields = (e: typeof next) => canonicalJson([e.name, e.description, e.config, e.metadata]);
        if (fields(next) === fields(current)) return current;
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
        appendEvent(ctx, accountId, { id, type: "environment.updated" });
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
