import type { Async } from "../port/index.ts";
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
import type { PgContext } from "./context.ts";
import { LOST_RACE, optimistically } from "./optimistic.ts";
import { appendEvent } from "./outbox.ts";
import { keysetList } from "./pagination.ts";

const credentialEvent = (ctx: PgContext, accountId: string, vaultId: string, id: string, type: CredentialEventType) =>
  appendEvent(ctx, accountId, { id, type, vault_id: vaultId });

/** `lock`: " FOR UPDATE" to hold the vault while its credentials are counted or checked. */
const findVault = (ctx: PgContext, accountId: string, vaultId: string, lock = "") =>
  ctx.one<VaultRow>(`SELECT ${VAULT_COLUMNS} FROM vaults WHERE id = $1 AND account_id = $2${lock}`, [
    vaultId,
    accountId,
  ]);

const findCredential = (ctx: PgContext, accountId: string, vaultId: string, id: string) =>
  ctx.one<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE id = $1 AND vault_id = $2 AND account_id = $3`,
    [id, vaultId, accountId],
  );

/** Whether another active credential of the vault has this target. */
const targetTaken = async (ctx: PgContext, vaultId: string, target: string, exceptId: string) =>
  (await ctx.one(
    "SELECT 1 FROM vault_credentials WHERE vault_id = $1 AND target = $2 AND archived_at IS NULL AND id <> $3",
    [vaultId, target, exceptId],
  )) !== null;

/**
 * Vaults and their credentials; the same behaviour as the SQLite adapter's (sqlite/vaults.ts).
 * Updates are optimistic writes guarded by the columns they read (optimistic.ts); writes that
 * check the vault's other credentials first (the active limit, one active credential per target)
 * hold the vault row (`FOR UPDATE`) while they check, so replicas cannot both pass the check.
 */
export function createVaultStore(ctx: PgContext): Async<VaultStore> {
  return {
    createVault(accountId, input) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        const row = newVaultRow(accountId, input, now);
        await tx.exec(`INSERT INTO vaults (${VAULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          row.id,
          row.account_id,
          row.display_name,
          row.metadata,
          row.archived_at,
          row.created_at,
          row.updated_at,
        ]);
        await appendEvent(tx, accountId, { id: row.id, type: "vault.created" });
        return toVault(row);
      });
    },
    async getVault(accountId, vaultId) {
      const row = await findVault(ctx, accountId, vaultId);
      return row ? toVault(row) : null;
    },
    listVaults(accountId, { includeArchived, page }) {
      return keysetList(ctx, {
        select: `SELECT ${VAULT_COLUMNS} FROM vaults WHERE account_id = $1${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [accountId],
        key: "id",
        order: "desc",
        page,
        map: toVault,
        getId: (v) => v.id,
      });
    },
    updateVault(accountId, vaultId, update) {
      return ctx.tx((tx) =>
        optimistically(async () => {
          const row = await findVault(tx, accountId, vaultId);
          if (!row) return null;
          if (row.archived_at) return "archived" as const;
          const current = toVault(row);
          const changes = update(current);
          const next = updatedVault(current, changes, tx.now());
          const written = await tx.exec(
            `UPDATE vaults SET display_name = $1, metadata = $2, updated_at = $3
             WHERE id = $4 AND account_id = $5 AND archived_at IS NULL
               AND display_name = $6 AND metadata = $7 AND updated_at = $8`,
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
      );
    },
    archiveVault(accountId, vaultId) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        // Only the first archive (of concurrent ones too) archives the credentials and emits events.
        const archived = await tx.one<VaultRow>(
          `UPDATE vaults SET archived_at = $1, updated_at = $1
           WHERE id = $2 AND account_id = $3 AND archived_at IS NULL RETURNING ${VAULT_COLUMNS}`,
          [now, vaultId, accountId],
        );
        if (!archived) {
          const row = await findVault(tx, accountId, vaultId);
          return row ? toVault(row) : null;
        }
        // Its active credentials are archived with it, each with its own event, before the vault's.
        const credentials = await tx.query<{ id: string }>(
          `UPDATE vault_credentials SET archived_at = $1, updated_at = $1 WHERE vault_id = $2 AND archived_at IS NULL
           RETURNING id`,
          [now, vaultId],
        );
        for (const c of credentials.sort((a, b) => (a.id < b.id ? -1 : 1))) {
          await credentialEvent(tx, accountId, vaultId, c.id, "vault_credential.archived");
        }
        await appendEvent(tx, accountId, { id: vaultId, type: "vault.archived" });
        return toVault(archived);
      });
    },
    deleteVault(accountId, vaultId) {
      return ctx.tx(async (tx) => {
        if (!(await findVault(tx, accountId, vaultId, " FOR UPDATE"))) return false;
        // The credentials go with the vault (ON DELETE CASCADE): each gets its event first.
        const credentials = await tx.query<{ id: string }>(
          "SELECT id FROM vault_credentials WHERE vault_id = $1 ORDER BY id",
          [vaultId],
        );
        await tx.exec("DELETE FROM vaults WHERE id = $1 AND account_id = $2", [vaultId, accountId]);
        for (const c of credentials) await credentialEvent(tx, accountId, vaultId, c.id, "vault_credential.deleted");
        await appendEvent(tx, accountId, { id: vaultId, type: "vault.deleted" });
        return true;
      });
    },
    async activeCredentials(vaultIds) {
      const out = new Map<string, CredentialRecord[]>(vaultIds.map((id) => [id, []]));
      if (vaultIds.length === 0) return out;
      const rows = await ctx.query<CredentialRow>(
        `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials
         WHERE vault_id = ANY($1::text[]) AND archived_at IS NULL ORDER BY id DESC`,
        [vaultIds],
      );
      for (const row of rows) out.get(row.vault_id)?.push(toCredential(row));
      return out;
    },

    createCredential(accountId, vaultId, input, maxActive) {
      return ctx.tx(async (tx): Promise<CredentialWriteResult> => {
        // The vault row is held until commit: concurrent creates count and check one after the other.
        const vault = await findVault(tx, accountId, vaultId, " FOR UPDATE");
        if (!vault) return { ok: false, reason: "vault_not_found" };
        if (vault.archived_at) return { ok: false, reason: "vault_archived" };
        if (await targetTaken(tx, vaultId, input.target, "")) return { ok: false, reason: "duplicate_target" };
        const active = await tx.one<{ n: number }>(
          "SELECT count(*) AS n FROM vault_credentials WHERE vault_id = $1 AND archived_at IS NULL",
          [vaultId],
        );
        if ((active?.n ?? 0) >= maxActive) return { ok: false, reason: "too_many" };
        const now = tx.now();
        const row = newCredentialRow(vaultId, input, now);
        await tx.exec(
          `INSERT INTO vault_credentials (${CREDENTIAL_COLUMNS}, account_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
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
        await credentialEvent(tx, accountId, vaultId, row.id, "vault_credential.created");
        return { ok: true, credential: toCredential(row) };
      });
    },
    async getCredential(accountId, vaultId, credentialId) {
      const row = await findCredential(ctx, accountId, vaultId, credentialId);
      return row ? toCredential(row) : null;
    },
    async listCredentials(accountId, vaultId, { includeArchived, page }) {
      if (!(await findVault(ctx, accountId, vaultId))) return null;
      return keysetList(ctx, {
        select: `SELECT ${CREDENTIAL_COLUMNS} FROM vault_credentials WHERE vault_id = $1${includeArchived ? "" : " AND archived_at IS NULL"}`,
        params: [vaultId],
        key: "id",
        order: "desc",
        page,
        map: toCredential,
        getId: (c) => c.id,
      });
    },
    updateCredential(accountId, vaultId, credentialId, update) {
      return ctx.tx((tx) =>
        optimistically(async (): Promise<CredentialWriteResult | typeof LOST_RACE> => {
          const row = await findCredential(tx, accountId, vaultId, credentialId);
          if (!row) return { ok: false, reason: "credential_not_found" };
          if (row.archived_at) return { ok: false, reason: "archived" };
          const current = toCredential(row);
          const changes = update(current);
          const auth = changes.auth;
          if (auth) {
            // A new target is checked against the vault's other credentials while the vault is held.
            await findVault(tx, accountId, vaultId, " FOR UPDATE");
            if (await targetTaken(tx, vaultId, auth.target, credentialId))
              return { ok: false, reason: "duplicate_target" };
          }
          const { next, changed } = updatedCredential(current, changes, tx.now());
          if (!changed) return { ok: true, credential: current };
          const written = await tx.exec(
            `UPDATE vault_credentials SET display_name = $1, metadata = $2, auth_type = $3, target = $4,
               auth_public = $5, secret_sealed = $6, updated_at = $7
             WHERE id = $8 AND archived_at IS NULL AND display_name IS NOT DISTINCT FROM $9 AND metadata = $10
               AND auth_type = $11 AND target = $12 AND auth_public = $13 AND secret_sealed = $14 AND updated_at = $15`,
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
          await credentialEvent(tx, accountId, vaultId, credentialId, "vault_credential.updated");
          return { ok: true, credential: next };
        }),
      );
    },
    archiveCredential(accountId, vaultId, credentialId) {
      return ctx.tx(async (tx) => {
        const now = tx.now();
        const archived = await tx.one<CredentialRow>(
          `UPDATE vault_credentials SET archived_at = $1, updated_at = $1
           WHERE id = $2 AND vault_id = $3 AND account_id = $4 AND archived_at IS NULL RETURNING ${CREDENTIAL_COLUMNS}`,
          [now, credentialId, vaultId, accountId],
        );
        if (!archived) {
          const row = await findCredential(tx, accountId, vaultId, credentialId);
          return row ? toCredential(row) : null;
        }
        await credentialEvent(tx, accountId, vaultId, credentialId, "vault_credential.archived");
        return toCredential(archived);
      });
    },
    storeRefreshedToken(accountId, credentialId, expectedSealed, next) {
      return ctx.tx(async (tx) => {
        // Compare-and-set on the sealed secret the refresh started from.
        const written = await tx.exec(
          `UPDATE vault_credentials SET auth_public = $1, secret_sealed = $2, updated_at = $3
           WHERE id = $4 AND account_id = $5 AND archived_at IS NULL AND secret_sealed = $6`,
          [JSON.stringify(next.auth_public), next.secret_sealed, tx.now(), credentialId, accountId, expectedSealed],
        );
        if (written === 1) return "ok" as const;
        const row = await tx.one<{ archived_at: string | null }>(
          "SELECT archived_at FROM vault_credentials WHERE id = $1 AND account_id = $2",
          [credentialId, accountId],
        );
        return !row || row.archived_at ? ("gone" as const) : ("changed" as const);
      });
    },
    async recordRefreshFailure(accountId, vaultId, credentialId) {
      await ctx.tx((tx) => credentialEvent(tx, accountId, vaultId, credentialId, "vault_credential.refresh_failed"));
    },
    deleteCredential(accountId, vaultId, credentialId) {
      return ctx.tx(async (tx) => {
        const deleted =
          (await tx.exec("DELETE FROM vault_credentials WHERE id = $1 AND vault_id = $2 AND account_id = $3", [
            credentialId,
            vaultId,
            accountId,
          ])) === 1;
        if (deleted) await credentialEvent(tx, accountId, vaultId, credentialId, "vault_credential.deleted");
        return deleted;
      });
    },
  };
}
