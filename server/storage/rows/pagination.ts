/**
 * Keyset pagination, the part both adapters share: the options of a list, which way a page scans,
 * and the page made of the rows it read. Each adapter's keysetList builds and runs the statement in
 * its dialect (storage/sqlite/pagination.ts, storage/postgres/pagination.ts).
 *
 * It fetches `limit + 1` rows from an index range, so a page costs the same at row 10 and at row
 * 10 million.
 *
 * - no cursor / `after`: the records after the cursor in list order; `has_more` = more follow.
 * - `before`: the records just before the cursor in list order, returned in list order;
 *   `has_more` = more precede them (continue with `before_id = first_id`).
 * `next_page` is `last_id` when paging forward and more records follow, else null.
 */
import type { Page, PageQuery } from "../port/index.ts";

export interface KeysetListOptions<Row, T> {
  /**
   * `SELECT ... FROM ... WHERE <filters>` with its parameters (`params`, in the adapter's
   * placeholders): the filters must already be in place (`WHERE 1` / `WHERE true` for none).
   */
  select: string;
  params: unknown[];
  /** The key column, unique and indexed (an id column: ULIDs sort by creation time). */
  key: string;
  /** List order: `desc` = newest first (the default of every list), `asc` = oldest first. */
  order: "asc" | "desc";
  /** The creation-time column the page's `createdAt` bounds apply to (default `created_at`). */
  createdAtColumn?: string;
  page: PageQuery;
  map: (row: Row) => T;
  getId: (item: T) => string;
}

/**
 * Which way a page scans the key: walking backward flips both the comparison and the scan
 * direction. The page's own `order`, when given, replaces the list's.
 */
export function keysetScan(o: Pick<KeysetListOptions<unknown, unknown>, "order" | "page">): {
  backward: boolean;
  scanDesc: boolean;
} {
  const backward = o.page.cursor?.direction === "before";
  return { backward, scanDesc: ((o.page.order ?? o.order) === "desc") !== backward };
}

const RANGE_OPERATORS = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/**
 * The page's `created_at` bounds as conditions on the list's `created_at` column (the select's
 * own, qualified by `createdAtColumn` where it joins), each with its value, for the adapter to
 * number: `[["t.created_at >=", "2026-..."], ...]`.
 */
export function createdAtConditions(o: KeysetListOptions<unknown, unknown>): [string, string][] {
  const range = o.page.createdAt;
  if (!range) return [];
  const column = o.createdAtColumn ?? "created_at";
  return (Object.keys(RANGE_OPERATORS) as (keyof typeof RANGE_OPERATORS)[])
    .filter((k) => range[k] !== undefined)
    .map((k) => [`${column} ${RANGE_OPERATORS[k]}`, range[k] as string]);
}

/** The page of the (at most `limit + 1`) rows a scan read. */
export function keysetPage<Row, T>(rows: Row[], o: KeysetListOptions<Row, T>, backward: boolean): Page<T> {
  const limit = o.page.limit;
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
