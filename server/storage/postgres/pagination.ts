import type { Page, PageQuery } from "../port.ts";
import type { PgContext } from "./context.ts";

export interface KeysetListOptions<Row, T> {
  /**
   * `SELECT ... FROM ... WHERE <filters>` with its parameters as `$1`..`$n` (`params`): the
   * filters must already be in place (use `WHERE true` for none). The cursor and the limit
   * become `$n+1` and `$n+2`.
   */
  select: string;
  params: unknown[];
  /** The key column, unique and indexed (an id column: ULIDs sort by creation time). */
  key: string;
  /** List order: `desc` = newest first (the default of every list), `asc` = oldest first. */
  order: "asc" | "desc";
  page: PageQuery;
  map: (row: Row) => T;
  getId: (item: T) => string;
}

/**
 * Keyset pagination shared by the PostgreSQL stores, the same contract as the SQLite adapter's
 * (storage/sqlite/pagination.ts): `limit + 1` rows from an index range, so a page costs the same
 * at row 10 and at row 10 million.
 *
 * - no cursor / `after`: the records after the cursor in list order; `has_more` = more follow.
 * - `before`: the records just before the cursor in list order, returned in list order;
 *   `has_more` = more precede them (continue with `before_id = first_id`).
 * `next_page` is `last_id` when paging forward and more records follow, else null.
 *
 * Key columns are `text COLLATE "C"` in the schema: ids compare byte-wise, as in SQLite.
 */
export async function keysetList<Row extends object, T>(
  ctx: PgContext,
  o: KeysetListOptions<Row, T>,
): Promise<Page<T>> {
  const limit = o.page.limit;
  const cursor = o.page.cursor;
  const backward = cursor?.direction === "before";
  // Walking backward flips both the comparison and the scan direction.
  const scanDesc = (o.order === "desc") !== backward;
  const params = [...o.params];
  let sql = o.select;
  if (cursor) {
    params.push(cursor.id);
    sql += ` AND ${o.key} ${scanDesc ? "<" : ">"} $${params.length}`;
  }
  params.push(limit + 1);
  sql += ` ORDER BY ${o.key} ${scanDesc ? "DESC" : "ASC"} LIMIT $${params.length}`;
  const rows = await ctx.query<Row>(sql, params);
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(o.map);
  if (backward) items.reverse();
  const first = items[0];
  const last = items[items.length - 1];
  const firstId = first ? o.getId(first) : null;
  const lastId = last ? o.getId(last) : null;
  return {
    data: items,
    next_page: !backward && more ? lastId : null,
    first_id: firstId,
    last_id: lastId,
    has_more: more,
  };
}
