/**
 * Vaults and their credentials (port/vaults.ts), written once for both adapters. Updates are
 * optimistic writes guarded by the columns they read; writes that check the vault's other
 * credentials first (the active limit, one active credential per target) hold the vault row
 * (`{forUpdate}`, PostgreSQL) while they check, so replicas cannot both pass the check. On SQLite
 * the write lock serialises them.
 */
import type { CredentialRecord, CredentialWriteResult, VaultStore } from "../port/vaults.ts";
import {
  CREDENTIAL_COLUMNS,
  type CredentialEventType,
  type CredentialRow,
  newCredentialRow,
  newVaultRow,
  toCredential,
  toVault,
  updatedCredential,
  updatedVault,
  VAULT_COLUMNS,
  type VaultRow,
} from "../rows/vaults.ts";
import { list } from "./dialect.ts";
import { all, append, exec, LOST_RACE, now, one, optimistically, page, type StepStore, type Steps } from "./steps.ts";

const credentialEvent = (accountId: string, vaultId: string, id: string, type: CredentialEventType) =>
  append(accountId, { id, type, vault_id: vaultId });

const VAULT = `SELECT ${VAULT_COLUMNS} FROM vaults WHERE id = ? AND account_id = ?`;
const CREDENTIAL = `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE id = ? AND vault_id = ? AND account_id = ?`;

/** `hold`: keep the vault row until commit (its credentials are counted or checked). */
const findVault = (accountId: string, vaultId: string, hold = false) =>
  one<VaultRow>(hold ? `${VAULT}{forUpdate}` : VAULT, [vaultId, accountId]);

const findCredential = (accountId: string, vaultId: string, id: string) =>
  one<CredentialRow>(CREDENTIAL, [id, vaultId, accountId]);

/** Whether another active credential of the vault has this target. */
function* targetTaken(vaultId: string, target: string, exceptId: string): Steps<boolean> {
  const row = yield* one(
    "SELECT 1 FROM vault_credentials WHERE vault_id = ? AND target = ? AND archived_at IS NULL AND id <> ?",
    [vaultId, target, exceptId],
  );
  return row !== null;
}

export const vaults: StepStore<VaultStore> = {
  createVault: {
    tx: true,
    *steps(accountId, input) {
      const row = newVaultRow(accountId, input, yield* now());
      yield* exec(`INSERT INTO vaults (${VAULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
        row.id,
        row.account_id,
        row.display_name,
        row.metadata,
        row.archived_at,
        row.created_at,
        row.updated_at,
      ]);
      yield* append(accountId, { id: row.id, type: "vault.created" });
      return toVault(row);
    },
  },
  getVault: {
    tx: false,
    *steps(accountId, vaultId) {
      const row = yield* findVault(accountId, vaultId);
      return row ? toVault(row) : null;
    },
  },
  listVaults: {
    tx: false,
    steps: (accountId, { includeArchived, page: query }) =>
      page({
        select: `SELECT ${VAULT_COLUMNS} FROM vaults WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page: query,
        map: toVault,
        getId: (v) => v.id,
      }),
  },
  updateVault: {
    tx: true,
    steps: (accountId, vaultId, update) =>
      optimistically(function* () {
        const row = yield* findVault(accountId, vaultId);
        if (!row) return null;
        if (row.archived_at) return "archived" as const;
        const current = toVault(row);
        const next = updatedVault(current, update(current), yield* now());
        const written = yield* exec(
          `UPDATE vaults SET display_name = ?, metadata = ?, updated_at = ?
           WHERE id = ? AND account_id = ? AND archived_at IS NULL
             AND display_name = ? AND metadata = ? AND updated_at = ?`,
          [
            next.display_name,
            JSON.stringify(next.metadata),
            next.updated_at,
            vaultId,
            accountId,
            row.display_name,
            row.metadata,
            row.updated_at,
          ],
        );
        return written === 0 ? LOST_RACE : next;
      }),
  },
  archiveVault: {
    tx: true,
    *steps(accountId, vaultId) {
      const at = yield* now();
      // Only the first archive (of concurrent ones too) archives the credentials and emits events.
      const archived = yield* one<VaultRow>(
        `UPDATE vaults SET archived_at = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND archived_at IS NULL RETURNING ${VAULT_COLUMNS}`,
        [at, at, vaultId, accountId],
      );
      if (!archived) {
        const row = yield* findVault(accountId, vaultId);
        return row ? toVault(row) : null;
      }
      // Its active credentials are archived with it, each with its own event, before the vault's.
      const credentials = yield* all<{ id: string }>(
        `UPDATE vault_credentials SET archived_at = ?, updated_at = ? WHERE vault_id = ? AND archived_at IS NULL
         RETURNING id`,
        [at, at, vaultId],
      );
      for (const c of credentials.sort((a, b) => (a.id < b.id ? -1 : 1))) {
        yield* credentialEvent(accountId, vaultId, c.id, "vault_credential.archived");
      }
      yield* append(accountId, { id: vaultId, type: "vault.archived" });
      return toVault(archived);
    },
  },
  deleteVault: {
    tx: true,
    *steps(accountId, vaultId) {
      if (!(yield* findVault(accountId, vaultId, true))) return false;
      // The credentials go with the vault (ON DELETE CASCADE): each gets its event first.
      const credentials = yield* all<{ id: string }>(
        "SELECT id FROM vault_credentials WHERE vault_id = ? ORDER BY id",
        [vaultId],
      );
      yield* exec("DELETE FROM vaults WHERE id = ? AND account_id = ?", [vaultId, accountId]);
      for (const c of credentials) yield* credentialEvent(accountId, vaultId, c.id, "vault_credential.deleted");
      yield* append(accountId, { id: vaultId, type: "vault.deleted" });
      return true;
    },
  },
  activeCredentials: {
    tx: false,
    *steps(vaultIds) {
      const out = new Map<string, CredentialRecord[]>(vaultIds.map((id) => [id, []]));
      if (vaultIds.length === 0) return out;
      const rows = yield* all<CredentialRow>(
        `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials
         WHERE {in:vault_id} AND archived_at IS NULL ORDER BY id DESC`,
        [list(vaultIds)],
      );
      for (const row of rows) out.get(row.vault_id)?.push(toCredential(row));
      return out;
    },
  },

  createCredential: {
    tx: true,
    *steps(accountId, vaultId, input, maxActive): Steps<CredentialWriteResult> {
      // The vault row is held until commit: concurrent creates count and check one after the other.
      const vault = yield* findVault(accountId, vaultId, true);
      if (!vault) return { ok: false, reason: "vault_not_found" };
      if (vault.archived_at) return { ok: false, reason: "vault_archived" };
      if (yield* targetTaken(vaultId, input.target, "")) return { ok: false, reason: "duplicate_target" };
      const active = yield* one<{ n: number }>(
        "SELECT count(*) AS n FROM vault_credentials WHERE vault_id = ? AND archived_at IS NULL",
        [vaultId],
      );
      if ((active?.n ?? 0) >= maxActive) return { ok: false, reason: "too_many" };
      const row = newCredentialRow(vaultId, input, yield* now());
      yield* exec(
        `INSERT INTO vault_credentials (${CREDENTIAL_COLUMNS}, account_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.vault_id,
          row.display_name,
          row.metadata,
          row.auth_type,
          row.target,
          row.auth_public,
          row.secret_sealed,
          row.archived_at,
          row.created_at,
          row.updated_at,
          accountId,
        ],
      );
      yield* credentialEvent(accountId, vaultId, row.id, "vault_credential.created");
      return { ok: true, credential: toCredential(row) };
    },
  },
  getCredential: {
    tx: false,
    *steps(accountId, vaultId, credentialId) {
      const row = yield* findCredential(accountId, vaultId, credentialId);
      return row ? toCredential(row) : null;
    },
  },
  listCredentials: {
    tx: false,
    *steps(accountId, vaultId, { includeArchived, page: query }) {
      if (!(yield* findVault(accountId, vaultId))) return null;
      return yield* page({
        select: `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE vault_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [vaultId],
        key: "id",
        order: "desc",
        page: query,
        map: toCredential,
        getId: (c) => c.id,
      });
    },
  },
  updateCredential: {
    tx: true,
    steps: (accountId, vaultId, credentialId, update) =>
      optimistically(function* (): Steps<CredentialWriteResult | typeof LOST_RACE> {
        const row = yield* findCredential(accountId, vaultId, credentialId);
        if (!row) return { ok: false, reason: "credential_not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        const current = toCredential(row);
        const changes = update(current);
        if (changes.auth) {
          // A new target is checked against the vault's other credentials while the vault is held.
          yield* findVault(accountId, vaultId, true);
          if (yield* targetTaken(vaultId, changes.auth.target, credentialId)) {
            return { ok: false, reason: "duplicate_target" };
          }
        }
        const { next, changed } = updatedCredential(current, changes, yield* now());
        if (!changed) return { ok: true, credential: current };
        const written = yield* exec(
          `UPDATE vault_credentials SET display_name = ?, metadata = ?, auth_type = ?, target = ?,
             auth_public = ?, secret_sealed = ?, updated_at = ?
           WHERE id = ? AND archived_at IS NULL AND display_name {is} ? AND metadata = ?
             AND auth_type = ? AND target = ? AND auth_public = ? AND secret_sealed = ? AND updated_at = ?`,
          [
            next.display_name,
            JSON.stringify(next.metadata),
            next.auth_type,
            next.target,
            JSON.stringify(next.auth_public),
            next.secret_sealed,
            next.updated_at,
            credentialId,
            row.display_name,
            row.metadata,
            row.auth_type,
            row.target,
            row.auth_public,
            row.secret_sealed,
            row.updated_at,
          ],
        );
        if (written === 0) return LOST_RACE;
        yield* credentialEvent(accountId, vaultId, credentialId, "vault_credential.updated");
        return { ok: true, credential: next };
      }),
  },
  archiveCredential: {
    tx: true,
    *steps(accountId, vaultId, credentialId) {
      const at = yield* now();
      const archived = yield* one<CredentialRow>(
        `UPDATE vault_credentials SET archived_at = ?, updated_at = ?
         WHERE id = ? AND vault_id = ? AND account_id = ? AND archived_at IS NULL RETURNING ${CREDENTIAL_COLUMNS}`,
        [at, at, credentialId, vaultId, accountId],
      );
      if (!archived) {
        const row = yield* findCredential(accountId, vaultId, credentialId);
        return row ? toCredential(row) : null;
      }
      yield* credentialEvent(accountId, vaultId, credentialId, "vault_credential.archived");
      return toCredential(archived);
    },
  },
  storeRefreshedToken: {
    tx: true,
    *steps(accountId, credentialId, expectedSealed, next) {
      // Compare-and-set on the sealed secret the refresh started from.
      const written = yield* exec(
        `UPDATE vault_credentials SET auth_public = ?, secret_sealed = ?, updated_at = ?
         WHERE id = ? AND account_id = ? AND archived_at IS NULL AND secret_sealed = ?`,
        [JSON.stringify(next.auth_public), next.secret_sealed, yield* now(), credentialId, accountId, expectedSealed],
      );
      if (written === 1) return "ok" as const;
      const row = yield* one<{ archived_at: string | null }>(
        "SELECT archived_at FROM vault_credentials WHERE id = ? AND account_id = ?",
        [credentialId, accountId],
      );
      return !row || row.archived_at ? ("gone" as const) : ("changed" as const);
    },
  },
  recordRefreshFailure: {
    tx: true,
    *steps(accountId, vaultId, credentialId) {
      yield* credentialEvent(accountId, vaultId, credentialId, "vault_credential.refresh_failed");
    },
  },
  deleteCredential: {
    tx: true,
    *steps(accountId, vaultId, credentialId) {
      const deleted = yield* exec("DELETE FROM vault_credentials WHERE id = ? AND vault_id = ? AND account_id = ?", [
        credentialId,
        vaultId,
        accountId,
      ]);
      if (deleted === 1) yield* credentialEvent(accountId, vaultId, credentialId, "vault_credential.deleted");
      return deleted === 1;
    },
  },
};
