import type Database from "better-sqlite3";
import type { Page } from "../port/index.ts";
import { createdAtConditions, type KeysetListOptions, keysetPage, keysetScan } from "../rows/pagination.ts";
import { preparedStatement } from "./statements.ts";

export type { KeysetListOptions };

/** Keyset pagination shared by every list (the contract: storage/rows/pagination.ts); `?` parameters. */
export function keysetList<Row, T>(db: Database.Database, o: KeysetListOptions<Row, T>): Page<T> {
  const limit = o.page.limit;
  const cursor = o.page.cursor;
  const { backward, scanDesc } = keysetScan(o);
  const cmp = scanDesc ? "<" : ">";
  const range = createdAtConditions(o as KeysetListOptions<unknown, unknown>);
  const sql =
    `${o.select}${range.map(([condition]) => ` AND ${condition} ?`).join("")}` +
    `${cursor ? ` AND ${o.key} ${cmp} ?` : ""}` +
    ` ORDER BY ${o.key} ${scanDesc ? "DESC" : "ASC"} LIMIT ?`;
  const params = [...o.params, ...range.map(([, value]) => value), ...(cursor ? [cursor.id] : []), limit + 1];
  const rows = preparedStatement(db, sql).all(...params) as Row[];
  return keysetPage(rows, o, backward);
}
