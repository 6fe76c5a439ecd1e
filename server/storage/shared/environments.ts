/**
 * Environments (port/environments.ts), written once for both adapters. An update is an
 * optimistic write guarded by every column it read (see `optimistically`): concurrent updates on
 * PostgreSQL replicas apply one after the other, each to what the previous one committed.
 */
import type { EnvironmentStore } from "../port/environments.ts";
import {
  ENVIRONMENT_COLUMNS,
  type EnvironmentRow,
  newEnvironmentRow,
  toEnvironment,
  updatedEnvironmentRow,
} from "../rows/environments.ts";
import { append, exec, LOST_RACE, now, one, optimistically, page, type StepStore } from "./steps.ts";

const findRow = (accountId: string, id: string) =>
  one<EnvironmentRow>(`SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE id = ? AND account_id = ?`, [
    id,
    accountId,
  ]);

export const environments: StepStore<EnvironmentStore> = {
  createEnvironment: {
    tx: true,
    *steps(accountId, input) {
      const row = newEnvironmentRow(accountId, input, yield* now());
      yield* exec(`INSERT INTO environments (${ENVIRONMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
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
      yield* append(accountId, { id: row.id, type: "environment.created" });
      return toEnvironment(row);
    },
  },
  getEnvironment: {
    tx: false,
    *steps(accountId, id) {
      const row = yield* findRow(accountId, id);
      return row ? toEnvironment(row) : null;
    },
  },
  listEnvironments: {
    tx: false,
    steps: (accountId, { includeArchived, page: query }) =>
      page({
        select: `SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page: query,
        map: toEnvironment,
        getId: (e) => e.id,
      }),
  },
  updateEnvironment: {
    tx: true,
    steps: (accountId, id, update) =>
      optimistically(function* () {
        const row = yield* findRow(accountId, id);
        if (!row) return null;
        if (row.archived_at) return "archived" as const;
        const current = toEnvironment(row);
        const updated = updatedEnvironmentRow(row, current, update(current), yield* now());
        if (!updated) return current;
        const written = yield* exec(
          `UPDATE environments SET name = ?, description = ?, config = ?, metadata = ?, updated_at = ?
           WHERE id = ? AND account_id = ? AND archived_at IS NULL AND name = ?
             AND description {is} ? AND config = ? AND metadata = ? AND updated_at = ?`,
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
        yield* append(accountId, { id, type: "environment.updated" });
        return toEnvironment(updated);
      }),
  },
  archiveEnvironment: {
    tx: true,
    *steps(accountId, id) {
      const at = yield* now();
      // Only the first archive (of concurrent ones too) emits environment.archived.
      const archived = yield* one<EnvironmentRow>(
        `UPDATE environments SET archived_at = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND archived_at IS NULL RETURNING ${ENVIRONMENT_COLUMNS}`,
        [at, at, id, accountId],
      );
      if (!archived) {
        const row = yield* findRow(accountId, id);
        return row ? toEnvironment(row) : null;
      }
      yield* append(accountId, { id, type: "environment.archived" });
      return toEnvironment(archived);
    },
  },
  deleteEnvironment: {
    tx: true,
    *steps(accountId, id) {
      const deleted = (yield* exec("DELETE FROM environments WHERE id = ? AND account_id = ?", [id, accountId])) === 1;
      if (deleted) yield* append(accountId, { id, type: "environment.deleted" });
      return deleted;
    },
  },
};
