/**
 * The vault tables' rows, their mapping to records and the records a change makes: one copy for
 * both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { CredentialChanges, CredentialRecord, NewCredential, VaultRecord } from "../port/vaults.ts";
import { canonicalJson } from "./json.ts";

export interface VaultRow {
  id: string;
  account_id: string;
  display_name: string;
  metadata: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CredentialRow {
  id: string;
  vault_id: string;
  display_name: string | null;
  metadata: string;
  auth_type: string;
  target: string;
  auth_public: string;
  secret_sealed: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export const VAULT_COLUMNS = "id, account_id, display_name, metadata, archived_at, created_at, updated_at";
export const CREDENTIAL_COLUMNS =
  "id, vault_id, display_name, metadata, auth_type, target, auth_public, secret_sealed, archived_at, created_at, updated_at";

export const toVault = (r: VaultRow): VaultRecord => ({ ...r, metadata: JSON.parse(r.metadata) as Metadata });
export const toCredential = (r: CredentialRow): CredentialRecord => ({
  ...r,
  metadata: JSON.parse(r.metadata) as Metadata,
  auth_public: JSON.parse(r.auth_public) as Record<string, unknown>,
});

/** The events a credential's change writes (with its vault's id). */
export type CredentialEventType =
  | "vault_credential.created"
  | "vault_credential.updated"
  | "vault_credential.archived"
  | "vault_credential.deleted"
  | "vault_credential.refresh_failed";

export const newVaultRow = (
  accountId: string,
  input: { display_name: string; metadata: Metadata },
  now: string,
): VaultRow => ({
  id: newId("vault"),
  account_id: accountId,
  display_name: input.display_name,
  metadata: JSON.stringify(input.metadata),
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/** The vault with the changes applied (a field left out keeps its value). */
export const updatedVault = (
  current: VaultRecord,
  changes: { display_name?: string; metadata?: Metadata },
  now: string,
): VaultRecord => ({
  ...current,
  display_name: changes.display_name ?? current.display_name,
  metadata: changes.metadata ?? current.metadata,
  updated_at: now,
});

export const newCredentialRow = (vaultId: string, input: NewCredential, now: string): CredentialRow => ({
  id: input.id,
  vault_id: vaultId,
  display_name: input.display_name,
  metadata: JSON.stringify(input.metadata),
  auth_type: input.auth_type,
  target: input.target,
  auth_public: JSON.stringify(input.auth_public),
  secret_sealed: input.secret_sealed,
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/**
 * The credential with the changes applied, and whether that is a change: new auth always counts as
 * one (its secrets are sealed afresh and cannot be compared); otherwise an update that changes
 * nothing writes nothing and emits no event.
 */
export function updatedCredential(
  current: CredentialRecord,
  changes: CredentialChanges,
  now: string,
): { next: CredentialRecord; changed: boolean } {
  const auth = changes.auth;
  const next: CredentialRecord = {
    ...current,
    ...(auth ?? {}),
    display_name: changes.display_name !== undefined ? changes.display_name : current.display_name,
    metadata: changes.metadata ?? current.metadata,
    updated_at: now,
  };
  const changed =
    Boolean(auth) ||
    canonicalJson([next.display_name, next.metadata]) !== canonicalJson([current.display_name, current.metadata]);
  return { next, changed };
}
