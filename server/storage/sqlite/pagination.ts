import type Database from "better-sqlite3";
import type { Page, PageQuery } from "../port.ts";

export interface KeysetListOptions<Row, T> {
  /** `SELECT ... FROM ... WHERE <filters>`: the filters must already be in place (use `WHERE 1` for none). */
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
 * Keyset pagination shared by every list. It fetches `limit + 1` rows from an index range, so
 * a page costs the same at row 10 and at row 10 million.
 *
 * - no cursor / `after`: the records after the cursor in list order; `has_more` = more follow.
 * - `before`: the records just before the cursor in list order, returned in list order;
 *   `has_more` = more precede them (continue with `before_id = first_id`).
 * `next_page` is `last_id` when paging forward and more records follow, else null.
 */
export function keysetList<Row, T>(db: Database.Database, o: KeysetListOptions<Row, T>): Page<T> {
  const limit = o.page.limit;
  const cursor = o.page.cursor;
  const backward = cursor?.direction === "before";
  // Walking backward flips both the comparison and the scan direction.
  const scanDesc = (o.order === "desc") !== backward;
  const cmp = scanDesc ? "<" : ">";
  const sql =
    `${o.select}${cursor ? ` AND ${o.key} ${cmp} ?` : ""}` + ` ORDER BY ${o.key} ${scanDesc ? "DESC" : "ASC"} LIMIT ?`;
  const params = cursor ? [...o.params, cursor.id, limit + 1] : [...o.params, limit + 1];
  const rows = db.prepare(sql).all(...params) as Row[];
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(o.map);
  if (backward) items.reverse();
  const first = items[0];
  const last = items[items.length - 1];
  const firstId = first ? o.getId(first) : null;
  const lastId = last ? o.getId(last) : null;
  return {
    data: items,
    // `next_page` is the forward cursor, set exactly when `has_more` is true while paging forward.
    // Paging backward, `has_more` says whether records precede the page: continue with
    // `before_id = first_id`; there is no forward cursor to follow.
    next_page: !backward && more ? lastId : null,
    first_id: firstId,
    last_id: lastId,
    has_more: more,
  };
}
