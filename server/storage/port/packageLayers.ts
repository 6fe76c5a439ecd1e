/**
 * The builds of package layers (API.md, "Work beyond the host"; docs/packages.md): one row per
 * distinct package set (its digest), driven by rows so that one build serves every session of
 * every replica and a restart loses nothing. A row is `building` under a lease (the builder
 * renews it; a second replica waits, and takes the build over only when the lease ran out),
 * then `ready` (with the layer's archive on PostgreSQL, so other replicas unpack it instead of
 * building it again) or `failed` (with the package manager's words; the next turn that needs
 * the set tries again).
 */

export type PackageLayerState = "building" | "ready" | "failed";

export interface PackageLayerRecord {
  /** `sha256:` and the hex digest of the normalised set (sandbox/packages/packageSpec.ts). */
  digest: string;
  /** The normalised set as JSON (the build spec every replica reads). */
  spec: string;
  state: PackageLayerState;
  /** Builds started for this set (1 for the first; one more for each take-over or retry). */
  attempts: number;
  /** Who builds it now (or built it last): `<host>:<pid>:<random>`. */
  builder: string | null;
  /** Until when the builder's claim holds (ISO time); null once settled. */
  lease_expires_at: string | null;
  /** Why the last build failed (the manager's words, trimmed); null otherwise. */
  error: string | null;
  /** The archive's size (0 when no archive is kept: SQLite). */
  size_bytes: number;
  /** How long the last successful build took. */
  build_ms: number | null;
  /** Whether the layer's archive is stored (PostgreSQL). */
  has_archive: boolean;
  created_at: string;
  updated_at: string;
}

export interface PackageLayerStore {
  get(digest: string): PackageLayerRecord | null;
  /**
   * Claims the build of `digest` for `builder` until `leaseUntil`: inserts the row (`building`)
   * when there is none, or takes it over when it `failed` or its builder's lease ran out before
   * `now`; with `takeReady`, also a ready row that keeps no archive (its folder is gone: SQLite).
   * Answers the row and whether this call claimed it (false: another builds it, or it is ready).
   */
  claim(
    digest: string,
    spec: string,
    builder: string,
    leaseUntil: string,
    takeReady: boolean,
  ): { record: PackageLayerRecord; claimed: boolean };
  /** Extends the builder's lease; false when the build is no longer its own. */
  renew(digest: string, builder: string, leaseUntil: string): boolean;
  /** Marks the build ready (with its archive, or null); false when it was no longer the builder's. */
  complete(digest: string, builder: string, result: { build_ms: number; archive: Uint8Array | null }): boolean;
  /** Marks the build failed with `error`; false when it was no longer the builder's. */
  fail(digest: string, builder: string, error: string): boolean;
  /** The ready layer's archive; null when none is kept. */
  archive(digest: string): Uint8Array | null;
}
