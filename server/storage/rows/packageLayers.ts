import type { PackageLayerRecord, PackageLayerState } from "../port/packageLayers.ts";

/** A `package_layers` row without its archive (both adapters). */
export interface PackageLayerRow {
  digest: string;
  spec: string;
  state: PackageLayerState;
  attempts: number | string;
  builder: string | null;
  lease_expires_at: string | null;
  error: string | null;
  size_bytes: number | string;
  build_ms: number | string | null;
  has_archive: number | boolean;
  created_at: string;
  updated_at: string;
}

/** The columns of a row as PackageLayerRow reads them (`has_archive` computed). */
export const PACKAGE_LAYER_COLUMNS =
  "digest, spec, state, attempts, builder, lease_expires_at, error, size_bytes, build_ms, (archive IS NOT NULL) AS has_archive, created_at, updated_at";

export const toPackageLayer = (r: PackageLayerRow): PackageLayerRecord => ({
  digest: r.digest,
  spec: r.spec,
  state: r.state,
  attempts: Number(r.attempts),
  builder: r.builder,
  lease_expires_at: r.lease_expires_at,
  error: r.error,
  size_bytes: Number(r.size_bytes),
  build_ms: r.build_ms === null ? null : Number(r.build_ms),
  has_archive: r.has_archive === true || r.has_archive === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/**
 * The claim, one statement for both adapters: a new row is ours; an existing one becomes ours
 * only when it failed or its builder's lease ran out (`$now`), and then counts one more attempt.
 * A ready row without an archive is taken too when `$6` is 1 (SQLite: its folder was removed).
 * No row comes back when another builder holds it or it is ready. Parameters: digest, spec,
 * builder, lease until, now, take-ready (1 or 0).
 */
export const CLAIM_SQL = (p: (n: number) => string) =>
  `INSERT INTO package_layers (digest, spec, state, attempts, builder, lease_expires_at, created_at, updated_at)
     VALUES (${p(1)}, ${p(2)}, 'building', 1, ${p(3)}, ${p(4)}, ${p(5)}, ${p(5)})
   ON CONFLICT (digest) DO UPDATE SET state = 'building', attempts = package_layers.attempts + 1,
     builder = excluded.builder, lease_expires_at = excluded.lease_expires_at, error = NULL,
     updated_at = excluded.updated_at
   WHERE package_layers.state = 'failed'
      OR (package_layers.state = 'building' AND package_layers.lease_expires_at < ${p(5)})
      OR (${p(6)} = 1 AND package_layers.state = 'ready' AND package_layers.archive IS NULL)
   RETURNING ${PACKAGE_LAYER_COLUMNS}`;
