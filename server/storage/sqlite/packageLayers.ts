import type { PackageLayerStore } from "../port/packageLayers.ts";
import { CLAIM_SQL, PACKAGE_LAYER_COLUMNS, type PackageLayerRow, toPackageLayer } from "../rows/packageLayers.ts";
import type { SqliteContext } from "./context.ts";

/** The builds of package layers (migration 019); the layer itself is the folder under the data directory. */
export function createPackageLayerStore(ctx: SqliteContext): PackageLayerStore {
  const { db } = ctx;
  const get = db.prepare(`SELECT ${PACKAGE_LAYER_COLUMNS} FROM package_layers WHERE digest = ?`);
  const claim = db.prepare(CLAIM_SQL((n) => `@p${n}`));
  const renew = db.prepare(
    "UPDATE package_layers SET lease_expires_at = ?, updated_at = ? WHERE digest = ? AND builder = ? AND state = 'building'",
  );
  const complete = db.prepare(
    `UPDATE package_layers SET state = 'ready', lease_expires_at = NULL, error = NULL, archive = ?,
       size_bytes = ?, build_ms = ?, updated_at = ? WHERE digest = ? AND builder = ? AND state = 'building'`,
  );
  const fail = db.prepare(
    `UPDATE package_layers SET state = 'failed', lease_expires_at = NULL, error = ?, updated_at = ?
       WHERE digest = ? AND builder = ? AND state = 'building'`,
  );
  const archive = db.prepare("SELECT archive FROM package_layers WHERE digest = ? AND state = 'ready'");
  const read = (digest: string) => {
    const row = get.get(digest) as PackageLayerRow | undefined;
    return row ? toPackageLayer(row) : null;
  };
  return {
    get: read,
    claim(digest, spec, builder, leaseUntil, takeReady) {
      return ctx.tx(() => {
        const claimed = claim.get({
          p1: digest,
          p2: spec,
          p3: builder,
          p4: leaseUntil,
          p5: ctx.now(),
          p6: takeReady ? 1 : 0,
        }) as PackageLayerRow | undefined;
        if (claimed) return { record: toPackageLayer(claimed), claimed: true };
        const record = read(digest);
        if (!record) throw new Error(`package layer ${digest} vanished during its claim`);
        return { record, claimed: false };
      });
    },
    renew(digest, builder, leaseUntil) {
      return ctx.tx(() => renew.run(leaseUntil, ctx.now(), digest, builder).changes === 1);
    },
    complete(digest, builder, result) {
      const bytes = result.archive ? Buffer.from(result.archive) : null;
      return ctx.tx(
        () => complete.run(bytes, bytes?.byteLength ?? 0, result.build_ms, ctx.now(), digest, builder).changes === 1,
      );
    },
    fail(digest, builder, error) {
      return ctx.tx(() => fail.run(error, ctx.now(), digest, builder).changes === 1);
    },
    archive(digest) {
      const row = archive.get(digest) as { archive: Buffer | null } | undefined;
      return row?.archive ? new Uint8Array(row.archive) : null;
    },
  };
}
