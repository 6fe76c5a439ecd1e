import type { EnvironmentStore } from "../port/environments.ts";
import type { Async } from "../port/index.ts";
import {
  ENVIRONMENT_COLUMNS,
  type EnvironmentRow,
  newEnvironmentRow,
  toEnvironment,
  updatedEnvironmentRow,
} from "../rows/environments.ts";
import type { PgContext } from "./context.ts";
import { LOST_RACE, optimistically } from "./optimistic.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

const findRow = (ctx: PgContext, accountId: string, id: string) =>
  ctx.one<EnvironmentRow>(`SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE id = $1 AND account_id = $2`, [
    id,
    accountId,
  ]);

/**
 * Environments; the same behaviour as the SQLite adapter's (sqlite/environments.ts). An update is
 * an optimistic write guarded by every column it read (see optimistic.ts): concurrent updates on
 * replicas apply one after the other, each to what the previous one committed.
 */
export function createEnvironmentStore(ctx: PgContext): Async<EnvironmentStore> {
  return {
    createEnvironment(accountId, input) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        const row = newEnvironmentRow(accountId, input, now);
        await tx.exec(`INSERT INTO environments (${ENVIRONMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
          row.id,
          row.account_id,
          row.name,
          row.description,
          row.config,
          row.metadata,
          row.archived_at,
          row.created_at,
          row.updated_at,
        ]);
        await appendEvent(tx, accountId, { id: row.id, type: "environment.created" });
        return toEnvironment(row);
      });
    },
    async getEnvironment(accountId, id) {
      const row = await findRow(ctx, accountId, id);
      return row ? toEnvironment(row) : null;
    },
    listEnvironments(accountId, { includeArchived, page }) {
      return keysetList(ctx, {
        select: `SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE account_id = $1${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toEnvironment,
        getId: (e) => e.id,
      });
    },
    updateEnvironment(accountId, id, update) {
      return ctx.tx((tx) =>
        optimistically(async () => {
          const row = await findRow(tx, accountId, id);
          if (!row) return null;
          if (row.archived_at) return "archived" as const;
          const current = toEnvironment(row);
          const next = update(current);
          const updated = updatedEnvironmentRow(row, current, next, tx.now());
          if (!updated) return current;
          const written = await tx.exec(
            `UPDATE environments SET name = $1, description = $2, config = $3, metadata = $4, updated_at = $5
             WHERE id = $6 AND account_id = $7 AND archived_at IS NULL AND name = $8
               AND description IS NOT DISTINCT FROM $9 AND config = $10 AND metadata = $11 AND updated_at = $12`,
            [
              updated.name,
              updated.description,
              updated.config,
              updated.metadata,
              updated.updated_at,
              id,
              accountId,
              row.name,
              row.description,
              row.config,
              row.metadata,
              row.updated_at,
            ],
          );
          if (written === 0) return LOST_RACE;
          await appendEvent(tx, accountId, { id, type: "environment.updated" });
          return toEnvironment(updated);
        }),
      );
    },
    archiveEnvironment(accountId, id) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        // Only the first archive (of concurrent ones too) emits environment.archived.
        const archived = await tx.one<EnvironmentRow>(
          `UPDATE environments SET archived_at = $1, updated_at = $1
           WHERE id = $2 AND account_id = $3 AND archived_at IS NULL RETURNING ${ENVIRONMENT_COLUMNS}`,
          [now, id, accountId],
        );
        if (!archived) {
          const row = await findRow(tx, accountId, id);
          return row ? toEnvironment(row) : null;
        }
        await appendEvent(tx, accountId, { id, type: "environment.archived" });
        return toEnvironment(archived);
      });
    },
    deleteEnvironment(accountId, id) {
      return ctx.tx(async (tx) => {
        const deleted =
          (await tx.exec("DELETE FROM environments WHERE id = $1 AND account_id = $2", [id, accountId])) === 1;
        if (deleted) await appendEvent(tx, accountId, { id, type: "environment.deleted" });
        return deleted;
      });
    },
  };
}
