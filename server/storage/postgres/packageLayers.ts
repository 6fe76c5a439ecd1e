import type { Async } from "../port/index.ts";
import type { PackageLayerStore } from "../port/packageLayers.ts";
import { CLAIM_SQL, PACKAGE_LAYER_COLUMNS, type PackageLayerRow, toPackageLayer } from "../rows/packageLayers.ts";
import type { PgContext } from "./context.ts";

/** The builds of package layers (migration 019), each ready layer's archive kept for the other replicas. */
export function createPackageLayerStore(ctx: PgContext): Async<PackageLayerStore> {
  const read = async (digest: string) => {
    const row = await ctx.one<PackageLayerRow>(
      `SELECT ${PACKAGE_LAYER_COLUMNS} FROM package_layers WHERE digest = $1`,
      [digest],
    );
    return row ? toPackageLayer(row) : null;
  };
  return {
    get: read,
    async claim(digest, spec, builder, leaseUntil, takeReady) {
      // One statement: of two replicas claiming at once, the row's lock lets exactly one update it.
      const claimed = await ctx.one<PackageLayerRow>(
        CLAIM_SQL((n) => `$${n}`),
        [digest, spec, builder, leaseUntil, ctx.now(), takeReady ? 1 : 0],
      );
      if (claimed) return { record: toPackageLayer(claimed), claimed: true };
      const record = await read(digest);
      if (!record) throw new Error(`package layer ${digest} vanished during its claim`);
      return { record, claimed: false };
    },
    async renew(digest, builder, leaseUntil) {
      const rows = await ctx.query(
        `UPDATE package_layers SET lease_expires_at = $1, updated_at = $2
           WHERE digest = $3 AND builder = $4 AND state = 'building' RETURNING digest`,
        [leaseUntil, ctx.now(), digest, builder],
      );
      return rows.length === 1;
    },
    async complete(digest, builder, result) {
      const bytes = result.archive
        ? Buffer.from(result.archive.buffer, result.archive.byteOffset, result.archive.byteLength)
        : null;
      const rows = await ctx.query(
        `UPDATE package_layers SET state = 'ready', lease_expires_at = NULL, error = NULL, archive = $1,
           size_bytes = $2, build_ms = $3, updated_at = $4
         WHERE digest = $5 AND builder = $6 AND state = 'building' RETURNING digest`,
        [bytes, bytes?.byteLength ?? 0, result.build_ms, ctx.now(), digest, builder],
      );
      return rows.length === 1;
    },
    async fail(digest, builder, error) {
      const rows = await ctx.query(
        `UPDATE package_layers SET state = 'failed', lease_expires_at = NULL, error = $1, updated_at = $2
           WHERE digest = $3 AND builder = $4 AND state = 'building' RETURNING digest`,
        [error, ctx.now(), digest, builder],
      );
      return rows.length === 1;
    },
    async archive(digest) {
      const row = await ctx.one<{ archive: Buffer | null }>(
        "SELECT archive FROM package_layers WHERE digest = $1 AND state = 'ready'",
        [digest],
      );
      return row?.archive ? new Uint8Array(row.archive.buffer, row.archive.byteOffset, row.archive.byteLength) : null;
    },
  };
}
