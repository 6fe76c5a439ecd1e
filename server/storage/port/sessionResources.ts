/**
 * The `file` and `github_repository` resources of sessions (`sres_` ids, docs/files.md). Memory
 * stores a session uses stay in port/memoryStores.ts. Writes check, in their transaction, that
 * the session exists, is not archived and runs no turn.
 */
import type { Page, PageQuery } from "./common.ts";

export type RepositoryCheckout = { type: "branch"; name: string } | { type: "commit"; sha: string };

export interface SessionResourceRecord {
  id: string;
  session_id: string;
  account_id: string;
  type: "file" | "github_repository";
  file_id: string | null;
  url: string | null;
  checkout: RepositoryCheckout | null;
  /** The repository's token, sealed (crypto/secretBox.ts); null for a file. */
  token_sealed: string | null;
  mount_path: string;
  created_at: string;
  updated_at: string;
}

export type NewSessionResource = Pick<
  SessionResourceRecord,
  "id" | "type" | "file_id" | "url" | "checkout" | "token_sealed" | "mount_path"
>;

/** Why a write to a session's resources was refused. */
export type ResourceRefusal =
  | { ok: false; reason: "session_not_found" | "archived" | "busy" | "not_found" | "file_not_found" | "not_repository" }
  /** The caller's check of the session's other resources refused it (its message). */
  | { ok: false; reason: "refused"; message: string };

export interface SessionResourceStore {
  /**
   * Adds a resource to an idle session: `check` sees the session's resources first (mount paths,
   * counts) and returns a refusal message or null. A `file` must be a file of the account.
   */
  addResource(
    accountId: string,
    sessionId: string,
    resource: NewSessionResource,
    check: (existing: SessionResourceRecord[]) => string | null,
  ): { ok: true; resource: SessionResourceRecord } | ResourceRefusal;
  /** Oldest first. null when the session does not exist. */
  listResources(accountId: string, sessionId: string, page: PageQuery): Page<SessionResourceRecord> | null;
  /** Every resource of the session, oldest first (the turn's mounts, the repository clones). */
  sessionResources(sessionId: string): SessionResourceRecord[];
  getResource(accountId: string, sessionId: string, id: string): SessionResourceRecord | null;
  /** Replaces a repository's sealed token while the session is idle. */
  rotateToken(
    accountId: string,
    sessionId: string,
    id: string,
    tokenSealed: string,
  ): { ok: true; resource: SessionResourceRecord } | ResourceRefusal;
  deleteResource(accountId: string, sessionId: string, id: string): { ok: true } | ResourceRefusal;
}
