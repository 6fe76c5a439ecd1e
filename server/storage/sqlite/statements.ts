/**
 * Prepared statements of a connection, by their SQL text: SQLite parses and plans a statement
 * when it is prepared, and a page of skills (a merge of two index ranges) cost more to prepare
 * than to run. The cache is per connection and bounded (the oldest statement is dropped past
 * MAX_STATEMENTS), so SQL built from a request's options can never grow it without end.
 */
import type Database from "better-sqlite3";

/** The most statements kept per connection (the service's own SQL has a few hundred shapes). */
export const MAX_STATEMENTS = 1000;

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement of `key` on `db`, prepared from `sql()` the first time. `key` is the SQL as the
 * caller has it (steps keep theirs in the shared dialect and render it on a miss only).
 */
export function preparedStatement(
  db: Database.Database,
  key: string,
  sql: () => string = () => key,
): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(key);
  if (stmt) return stmt;
  stmt = db.prepare(sql());
  if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
  cache.set(key, stmt);
  return stmt;
}
