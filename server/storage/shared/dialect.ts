/**
 * The small seam between the SQL both adapters share (in the spirit of pg-boss's dialect.ts and
 * plans.ts): a statement is written once with `?` placeholders and these tokens, and rendered
 * for each database:
 *
 * | token             | SQLite                  | PostgreSQL                       |
 * |-------------------|-------------------------|----------------------------------|
 * | `?`               | `?`                     | `$1`, `$2`, ... in order         |
 * | `{lock}`          | (nothing: the write lock serialises writers) | ` FOR NO KEY UPDATE` |
 * | `{skipLocked}`    | (nothing)               | ` FOR NO KEY UPDATE SKIP LOCKED` |
 * | `{forUpdate}`     | (nothing)               | ` FOR UPDATE` (a row about to be deleted) |
 * | `{forUpdateSkipLocked}` | (nothing)         | ` FOR UPDATE SKIP LOCKED`        |
 * | `{forShare}`      | (nothing)               | ` FOR SHARE` (a row that must not change until commit) |
 * | `{forKeyShare}`   | (nothing)               | ` FOR KEY SHARE` (a row that must not be deleted until commit) |
 * | `{in:COL}`        | `COL IN (SELECT value FROM json_each(?))` | `COL = ANY(?::text[])` |
 * | `{inInt:COL}`     | `COL IN (SELECT value FROM json_each(?))` | `COL = ANY(?::bigint[])` |
 * | `{leaseClock}`    | `?`                     | `coalesce(CAST(? AS text), <the statement's time>)` |
 * | `{indexed:NAME}`  | ` INDEXED BY NAME`      | (nothing: the planner chooses)   |
 * | `{is}`            | `IS`                    | `IS NOT DISTINCT FROM`           |
 * | `{greatest}`      | `max` (of its arguments) | `GREATEST`                      |
 * | `{jsonHas:COL}`   | `? IN (SELECT value FROM json_each(COL))` | `(COL::jsonb) ?? ?` |
 *
 * (`{jsonHas:COL}` takes the member as its own `?`: a JSON array of strings in text column COL
 * contains it; `{in:COL}` and `{inInt:COL}` (an integer column) take a list(...) parameter: COL is
 * one of its values; `{leaseClock}` takes `yield* leaseClock()` (steps.ts): the lease clock's time
 * inside one statement, on PostgreSQL the database's clock unless the clock is injected.) Shared statements
 * never put `?` inside a string literal.
 */
export type Dialect = "sqlite" | "postgres";

const TOKEN =
  /\{(lock|skipLocked|forUpdateSkipLocked|forUpdate|forShare|forKeyShare|greatest|inInt|in|is|indexed|jsonHas|leaseClock)(?::([A-Za-z0-9_.]+))?\}/g;

/** PostgreSQL's time at the start of the statement, as the same ISO text as every stored timestamp. */
const STATEMENT_TIME = `to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const rendered: Record<Dialect, Map<string, string>> = { sqlite: new Map(), postgres: new Map() };

function expand(dialect: Dialect, token: string, arg: string | undefined): string {
  const pg = dialect === "postgres";
  switch (token) {
    case "lock":
      return pg ? " FOR NO KEY UPDATE" : "";
    case "skipLocked":
      return pg ? " FOR NO KEY UPDATE SKIP LOCKED" : "";
    case "forUpdateSkipLocked":
      return pg ? " FOR UPDATE SKIP LOCKED" : "";
    case "forUpdate":
      return pg ? " FOR UPDATE" : "";
    case "forShare":
      return pg ? " FOR SHARE" : "";
    case "forKeyShare":
      return pg ? " FOR KEY SHARE" : "";
    case "greatest":
      return pg ? "GREATEST" : "max";
    case "in":
      return pg ? `${arg} = ANY(?::text[])` : `${arg} IN (SELECT value FROM json_each(?))`;
    case "inInt":
      return pg ? `${arg} = ANY(?::bigint[])` : `${arg} IN (SELECT value FROM json_each(?))`;
    case "leaseClock":
      return pg ? `coalesce(CAST(? AS text), ${STATEMENT_TIME})` : "?";
    case "is":
      return pg ? "IS NOT DISTINCT FROM" : "IS";
    case "indexed":
      return pg ? "" : ` INDEXED BY ${arg}`;
    case "jsonHas":
      return pg ? `(${arg}::jsonb) ?? ?` : `? IN (SELECT value FROM json_each(${arg}))`;
    default:
      throw new Error(`unknown SQL token {${token}}`);
  }
}

/** A shared statement as `dialect` runs it (rendered once per text, then cached). */
export function render(dialect: Dialect, sql: string): string {
  const cache = rendered[dialect];
  let out = cache.get(sql);
  if (out !== undefined) return out;
  out = sql.replace(TOKEN, (_, token: string, arg: string | undefined) => expand(dialect, token, arg));
  if (dialect === "postgres") {
    let n = 0;
    // `??` is PostgreSQL's `?` operator, escaped; every lone `?` is the next parameter.
    out = out.replace(/\?\?|\?/g, (m) => (m === "??" ? "?" : `$${++n}`));
  }
  cache.set(sql, out);
  return out;
}

/** A list bound to one `{in:COL}` parameter (SQLite: as a JSON array; PostgreSQL: as an array). */
export class ListParam {
  constructor(readonly values: readonly (string | number)[]) {}
}

export const list = (values: readonly (string | number)[]): ListParam => new ListParam(values);

/** The parameters as `dialect` binds them. */
export function bind(dialect: Dialect, params: readonly unknown[]): unknown[] {
  return params.map((p) =>
    p instanceof ListParam ? (dialect === "postgres" ? p.values : JSON.stringify(p.values)) : p,
  );
}
