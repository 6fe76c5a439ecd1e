import type { Page } from "../port/index.ts";
import { createdAtConditions, type KeysetListOptions, keysetPage, keysetScan } from "../rows/pagination.ts";
import type { PgContext } from "./context.ts";

export type { KeysetListOptions };

/**
 * Keyset pagination shared by the PostgreSQL stores, the same contract as the SQLite adapter's
 * (storage/rows/pagination.ts). `select`'s parameters are `$1`..`$n`; the cursor and the limit
 * become `$n+1` and `$n+2`.
 *
 * Key columns are `text COLLATE "C"` in the schema: ids compare byte-wise, as in SQLite.
 */
export async function keysetList<Row extends object, T>(
  ctx: PgContext,
  o: KeysetListOptions<Row, T>,
): Promise<Page<T>> {
  const cursor = o.page.cursor;
  const { backward, scanDesc } = keysetScan(o);
  const params = [...o.params];
  let sql = o.select;
  for (const [condition, value] of createdAtConditions(o as KeysetListOptions<unknown, unknown>)) {
    params.push(value);
    sql += ` AND ${condition} $${params.length}`;
  }
  if (cursor) {
    params.push(cursor.id);
    sql += ` AND ${o.key} ${scanDesc ? "<" : ">"} $${params.length}`;
  }
  params.push(o.page.limit + 1);
  sql += ` ORDER BY ${o.key} ${scanDesc ? "DESC" : "ASC"} LIMIT $${params.length}`;
  return keysetPage(await ctx.query<Row>(sql, params), o, backward);
}
