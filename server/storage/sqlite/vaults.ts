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
  type VaultRow,
} from "../rows/vaults.ts";
import type { SqliteContext } from "./context.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

export function createVaultStore(ctx: SqliteContext): VaultStore {
  const { db } = ctx;
  const getVaultRow = db.prepare("SELECT * FROM vaults WHERE id = ? AND account_id = ?");
  const getCredRow = db.prepare(
    `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE id = ? AND vault_id = ? AND account_id = ?`,
  );
  const countActive = db.prepare(
    "SELECT count(*) AS n FROM vault_credentials WHERE vault_id = ? AND archived_at IS NULL",
  );
  const targetTaken = db.prepare(
    "SELECT 1 FROM vault_credentials WHERE vault_id = ? AND target = ? AND archived_at IS NULL AND id <> ?",
  );

  const findVault = (accountId: string, vaultId: string) => getVaultRow.get(vaultId, accountId) as VaultRow | undefined;
  const credentialEvent = (accountId: string, vaultId: string, id: string, type: CredentialEventType) =>
    appendEvent(ctx, accountId, { id, type, vault_id: vaultId });
  const findCred = (accountId: string, vaultId: string, id: string) =>
    getCredRow.get(id, vaultId, accountId) as CredentialRow | undefined;

  return {
    createVault(accountId, input) {
      return ctx.tx(() => {
        const now = ctx.now();
        const row = newVaultRow(accountId, input, now);
        db.prepare(
          `INSERT INTO vaults (id, account_id, display_name, metadata, archived_at, created_at, updated_at)
         VALUES (@id, @account_id, @display_name, @metadata, @archived_at, @created_at, @updated_at)`,
        ).run(row);
        appendEvent(ctx, accountId, { id: row.id, type: "vault.created" });
        return toVault(row);
      });
    },
    getVault(accountId, vaultId) {
      const row = findVault(accountId, vaultId);
      return row ? toVault(row) : null;
    },
    listVaults(accountId, { includeArchived, page }) {
      return keysetList(db, {
        select: `SELECT * FROM vaults WHERE account_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toVault,
        getId: (v) => v.id,
      });
    },
    updateVault(accountId, vaultId, update) {
      return ctx.tx(() => {
        const row = findVault(accountId, vaultId);
        if (!row) return null;
        if (row.archived_at) return "archived" as const;
        const current = toVault(row);
        const changes = update(current);
        const next = updatedVault(current, changes, ctx.now());
        db.prepare("UPDATE vaults SET display_name = ?, metadata = ?, updated_at = ? WHERE id = ?").run(
          next.display_name,
          JSON.stringify(next.metadata),
          next.updated_at,
          vaultId,
        );
        return next;
      });
    },
    archiveVault(accountId, vaultId) {
      return ctx.tx(() => {
        const row = findVault(accountId, vaultId);
        if (!row) return null;
        if (row.archived_at) return toVault(row);
        const now = ctx.now();
        db.prepare("UPDATE vaults SET archived_at = ?, updated_at = ? WHERE id = ?").run(now, now, vaultId);
        // Its active credentials are archived with it, each with its own event, before the vault's.
        const archived = db
          .prepare(
            `UPDATE vault_credentials SET archived_at = ?, updated_at = ? WHERE vault_id = ? AND archived_at IS NULL
             RETURNING id`,
          )
          .all(now, now, vaultId) as { id: string }[];
        for (const c of archived.sort((a, b) => (a.id < b.id ? -1 : 1))) {
          credentialEvent(accountId, vaultId, c.id, "vault_credential.archived");
        }
        appendEvent(ctx, accountId, { id: vaultId, type: "vault.archived" });
        return toVault({ ...row, archived_at: now, updated_at: now });
      });
    },
    deleteVault(accountId, vaultId) {
      return ctx.tx(() => {
        if (!findVault(accountId, vaultId)) return false;
        // The credentials go with the vault (ON DELETE CASCADE): each gets its event first.
        const credentials = db
          .prepare("SELECT id FROM vault_credentials WHERE vault_id = ? ORDER BY id")
          .all(vaultId) as { id: string }[];
        db.prepare("DELETE FROM vaults WHERE id = ? AND account_id = ?").run(vaultId, accountId);
        for (const c of credentials) credentialEvent(accountId, vaultId, c.id, "vault_credential.deleted");
        appendEvent(ctx, accountId, { id: vaultId, type: "vault.deleted" });
        return true;
      });
    },
    activeCredentials(vaultIds) {
      const out = new Map<string, CredentialRecord[]>(vaultIds.map((id) => [id, []]));
      if (vaultIds.length === 0) return out;
      const rows = db
        .prepare(
          `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials
           WHERE vault_id IN (${vaultIds.map(() => "?").join(",")}) AND archived_at IS NULL ORDER BY id DESC`,
        )
        .all(...vaultIds) as CredentialRow[];
      for (const row of rows) out.get(row.vault_id)?.push(toCredential(row));
      return out;
    },

    createCredential(accountId, vaultId, input, maxActive): CredentialWriteResult {
      return ctx.tx(() => {
        const vault = findVault(accountId, vaultId);
        if (!vault) return { ok: false, reason: "vault_not_found" };
        if (vault.archived_at) return { ok: false, reason: "vault_archived" };
        if (targetTaken.get(vaultId, input.target, "")) return { ok: false, reason: "duplicate_target" };
        if ((countActive.get(vaultId) as { n: number }).n >= maxActive) return { ok: false, reason: "too_many" };
        const now = ctx.now();
        const row = newCredentialRow(vaultId, input, now);
        db.prepare(
          `INSERT INTO vault_credentials (${CREDENTIAL_COLUMNS}, account_id)
           VALUES (@id, @vault_id, @display_name, @metadata, @auth_type, @target, @auth_public,
                   @secret_sealed, @archived_at, @created_at, @updated_at, @account_id)`,
        ).run({ ...row, account_id: accountId });
        credentialEvent(accountId, vaultId, row.id, "vault_credential.created");
        return { ok: true, credential: toCredential(row) };
      });
    },
    getCredential(accountId, vaultId, credentialId) {
      const row = findCred(accountId, vaultId, credentialId);
      return row ? toCredential(row) : null;
    },
    listCredentials(accountId, vaultId, { includeArchived, page }) {
      if (!findVault(accountId, vaultId)) return null;
      return keysetList(db, {
        select: `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE vault_id = ?${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [vaultId],
        key: "id",
        order: "desc",
        page,
        map: toCredential,
        getId: (c) => c.id,
      });
    },
    updateCredential(accountId, vaultId, credentialId, update): CredentialWriteResult {
      return ctx.tx(() => {
        const row = findCred(accountId, vaultId, credentialId);
        if (!row) return { ok: false, reason: "credential_not_found" };
        if (row.archived_at) return { ok: false, reason: "archived" };
        const current = toCredential(row);
        const changes = update(current);
        const auth = changes.auth;
        if (auth && targetTaken.get(vaultId, auth.target, credentialId)) {
          return { ok: false, reason: "duplicate_target" };
        }
        const { next, changed } = updatedCredential(current, changes, ctx.now());
        if (!changed) return { ok: true, credential: current };
        db.prepare(
          `UPDATE vault_credentials SET display_name = ?, metadata = ?, auth_type = ?, target = ?,
           auth_public = ?, secret_sealed = ?, updated_at = ? WHERE id = ?`,
        ).run(
          next.display_name,
          JSON.stringify(next.metadata),
          next.auth_type,
          next.target,
          JSON.stringify(next.auth_public),
          next.secret_sealed,
          next.updated_at,
          credentialId,
        );
        credentialEvent(accountId, vaultId, credentialId, "vault_credential.updated");
        return { ok: true, credential: next };
      });
    },
    archiveCredential(accountId, vaultId, credentialId) {
      return ctx.tx(() => {
        const row = findCred(accountId, vaultId, credentialId);
        if (!row) return null;
        if (row.archived_at) return toCredential(row);
        const now = ctx.now();
        db.prepare("UPDATE vault_credentials SET archived_at = ?, updated_at = ? WHERE id = ?").run(
          now,
          now,
          credentialId,
        );
        credentialEvent(accountId, vaultId, credentialId, "vault_credential.archived");
        return toCredential({ ...row, archived_at: now, updated_at: now });
      });
    },
    storeRefreshedToken(accountId, credentialId, expectedSealed, next) {
      return ctx.tx(() => {
        const row = db
          .prepare("SELECT secret_sealed, archived_at FROM vault_credentials WHERE id = ? AND account_id = ?")
          .get(credentialId, accountId) as { secret_sealed: string; archived_at: string | null } | undefined;
        if (!row || row.archived_at) return "gone";
        if (row.secret_sealed !== expectedSealed) return "changed";
        db.prepare("UPDATE vault_credentials SET auth_public = ?, secret_sealed = ?, updated_at = ? WHERE id = ?").run(
          JSON.stringify(next.auth_public),
          next.secret_sealed,
          ctx.now(),
          credentialId,
        );
        return "ok";
      });
    },
    recordRefreshFailure(accountId, vaultId, credentialId) {
      ctx.tx(() => credentialEvent(accountId, vaultId, credentialId, "vault_credential.refresh_failed"));
    },
    deleteCredential(accountId, vaultId, credentialId) {
      return ctx.tx(() => {
        const deleted =
          db
            .prepare("DELETE FROM vault_credentials WHERE id = ? AND vault_id = ? AND account_id = ?")
            .run(credentialId, vaultId, accountId).changes === 1;
        if (deleted) credentialEvent(accountId, vaultId, credentialId, "vault_credential.deleted");
        return deleted;
      });
    },
  };
}
