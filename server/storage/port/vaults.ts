import type { Metadata, Page, PageQuery } from "./common.ts";

export interface VaultRecord {
  id: string;
  account_id: string;
  display_name: string;
  metadata: Metadata;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A credential as stored: public auth fields in clear, secret fields sealed. */
export interface CredentialRecord {
  id: string;
  vault_id: string;
  display_name: string | null;
  metadata: Metadata;
  auth_type: string;
  /** The MCP server URL, or `env:<secret_name>`: one active credential per target per vault. */
  target: string;
  auth_public: Record<string, unknown>;
  secret_sealed: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewCredential {
  id: string;
  display_name: string | null;
  metadata: Metadata;
  auth_type: string;
  target: string;
  auth_public: Record<string, unknown>;
  secret_sealed: string;
}

export interface CredentialChanges {
  display_name?: string | null;
  metadata?: Metadata;
  auth?: Pick<NewCredential, "auth_type" | "target" | "auth_public" | "secret_sealed">;
}

/** Why a credential write was refused. */
export type CredentialWriteResult =
  | { ok: true; credential: CredentialRecord }
  | {
      ok: false;
      reason:
        | "vault_not_found"
        | "credential_not_found"
        | "vault_archived"
        | "archived"
        | "duplicate_target"
        | "too_many";
    };

/**
 * Vaults and their credentials. Each change writes its `vault.*` / `vault_credential.*` event in its
 * transaction; archiving or deleting a vault does the same to its credentials, each with its event.
 */
export interface VaultStore {
  createVault(accountId: string, input: { display_name: string; metadata: Metadata }): VaultRecord;
  getVault(accountId: string, vaultId: string): VaultRecord | null;
  listVaults(accountId: string, options: { includeArchived: boolean; page: PageQuery }): Page<VaultRecord>;
  /** Applies the changes to an active vault; null when not found, "archived" when archived. */
  updateVault(
    accountId: string,
    vaultId: string,
    update: (current: VaultRecord) => { display_name?: string; metadata?: Metadata },
  ): VaultRecord | null | "archived";
  /** Archives the vault and its active credentials (idempotent). */
  archiveVault(accountId: string, vaultId: string): VaultRecord | null;
  deleteVault(accountId: string, vaultId: string): boolean;
  /** Active credentials of each vault, newest first, keyed by vault id. */
  activeCredentials(vaultIds: string[]): Map<string, CredentialRecord[]>;

  createCredential(accountId: string, vaultId: string, input: NewCredential, maxActive: number): CredentialWriteResult;
  getCredential(accountId: string, vaultId: string, credentialId: string): CredentialRecord | null;
  listCredentials(
    accountId: string,
    vaultId: string,
    options: { includeArchived: boolean; page: PageQuery },
  ): Page<CredentialRecord> | null;
  updateCredential(
    accountId: string,
    vaultId: string,
    credentialId: string,
    update: (current: CredentialRecord) => CredentialChanges,
  ): CredentialWriteResult;
  archiveCredential(accountId: string, vaultId: string, credentialId: string): CredentialRecord | null;
  /**
   * Stores a refreshed token (an `mcp_oauth` credential): compare-and-set on the sealed secret
   * the refresh started from, so two runs refreshing at once never overwrite a newer token
   * with an older one. "changed" when another writer got there first (read it again); "gone"
   * when the credential was archived or deleted meanwhile. Emits no event: the configuration
   * did not change, only the token and `auth.expires_at`.
   */
  storeRefreshedToken(
    accountId: string,
    credentialId: string,
    expectedSealed: string,
    next: { auth_public: Record<string, unknown>; secret_sealed: string },
  ): "ok" | "changed" | "gone";
  /** Records that refreshing the credential's token failed: `vault_credential.refresh_failed`. */
  recordRefreshFailure(accountId: string, vaultId: string, credentialId: string): void;
  deleteCredential(accountId: string, vaultId: string, credentialId: string): boolean;
}
