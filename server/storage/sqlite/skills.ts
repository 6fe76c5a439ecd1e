import type Database from "better-sqlite3";
import type { SkillListOptions, SkillStore } from "../port/skills.ts";
import { prefixEnd, SKILL_COLUMNS } from "../rows/skills.ts";
import { skillSteps } from "../shared/skills.ts";
import { exec } from "../shared/steps.ts";
import type { SqliteContext } from "./context.ts";
import { storeOf } from "./steps.ts";

/**
 * How many index entries a filtered list may read to decide its plan, and to find a page by
 * walking the id order. See `skillListQuery`.
 */
export const PREFIX_SCAN_CAP = 1000;

/** One owner of visible skills: the account's own, or the vendor skills (account_id NULL). */
interface Scope {
  where: string;
  params: unknown[];
}

interface PrefixFilter {
  column: "name_lower" | "display_title_lower";
  index: "skills_account_name" | "skills_account_title";
  prefix: string;
}

/**
 * Builds the `SELECT ... WHERE ...` that `keysetList` completes with the cursor, the order and
 * the limit, so that a page costs about the same at 100 and at 100,000 skills:
 *
 * - Each owner (the account, the vendor skills) is one index range walked in id order. Without
 *   filters SQLite merges the ranges (MERGE UNION ALL) and stops at the limit; the cursor is
 *   pushed down into both.
 * - With prefix filters, each owner first picks the ids of its page in an inner query, and the
 *   outer query reads just those rows. An owner with fewer than PREFIX_SCAN_CAP matches reads
 *   them from the prefix index (covering: index entries only) and sorts them. An owner with more
 *   walks the id index (which also covers the filtered columns) when a probe of the next
 *   PREFIX_SCAN_CAP entries holds a full page of matches; only matches clustered far from the
 *   cursor fall back to sorting every match, the one case whose cost grows with the matches.
 */
export function skillListQuery(
  db: Database.Database,
  accountId: string,
  options: SkillListOptions,
): { select: string; params: unknown[] } {
  const scopes: Scope[] = [];
  if (options.source !== "vendor") scopes.push({ where: "account_id = ?", params: [accountId] });
  if (options.source !== "custom") scopes.push({ where: "account_id IS NULL", params: [] });

  const filters: PrefixFilter[] = [];
  if (options.namePrefix !== undefined) {
    filters.push({ column: "name_lower", index: "skills_account_name", prefix: options.namePrefix.toLowerCase() });
  }
  if (options.titlePrefix !== undefined) {
    filters.push({
      column: "display_title_lower",
      index: "skills_account_title",
      prefix: options.titlePrefix.toLowerCase(),
    });
  }

  if (filters.length === 0) {
    const arms = scopes.map((s) => `SELECT ${SKILL_COLUMNS} FROM skills INDEXED BY skills_account_id WHERE ${s.where}`);
    return {
      select: arms.length === 1 ? (arms[0] as string) : `SELECT * FROM (${arms.join(" UNION ALL ")}) WHERE 1`,
      params: scopes.flatMap((s) => s.params),
    };
  }

  const filterSql = filters.map((f) => ` AND ${f.column} >= ? AND ${f.column} < ?`).join("");
  const filterParams = filters.flatMap((f) => [f.prefix, prefixEnd(f.prefix)]);
  // The inner queries walk in the direction keysetList will (see pagination.ts).
  const cursor = options.page.cursor;
  const scanDesc = cursor?.direction !== "before";
  const cursorSql = cursor ? ` AND id ${scanDesc ? "<" : ">"} ?` : "";
  const cursorParams = cursor ? [cursor.id] : [];
  const order = `ORDER BY id ${scanDesc ? "DESC" : "ASC"}`;
  const wanted = options.page.limit + 1;

  const arms: string[] = [];
  const params: unknown[] = [];
  for (const scope of scopes) {
    // The most selective prefix, counted up to the cap from its index alone.
    const counted = filters.map((filter) => {
      const { n } = db
        .prepare(
          `SELECT count(*) AS n FROM (SELECT 1 FROM skills INDEXED BY ${filter.index}
           WHERE ${scope.where} AND ${filter.column} >= ? AND ${filter.column} < ? LIMIT ?)`,
        )
        .get(...scope.params, filter.prefix, prefixEnd(filter.prefix), PREFIX_SCAN_CAP) as { n: number };
      return { filter, matches: n };
    });
    const best = counted.reduce((a, b) => (b.matches < a.matches ? b : a));
    let index: string = best.filter.index;
    if (best.matches >= PREFIX_SCAN_CAP) {
      const { n } = db
        .prepare(
          `SELECT count(*) AS n FROM (SELECT name_lower, display_title_lower FROM skills INDEXED BY skills_account_id
           WHERE ${scope.where}${cursorSql} ${order} LIMIT ?) WHERE 1${filterSql}`,
        )
        .get(...scope.params, ...cursorParams, PREFIX_SCAN_CAP, ...filterParams) as { n: number };
      if (n >= wanted) index = "skills_account_id";
    }
    arms.push(
      `SELECT id FROM (SELECT id FROM skills INDEXED BY ${index} WHERE ${scope.where}${filterSql}${cursorSql} ${order} LIMIT ?)`,
    );
    params.push(...scope.params, ...filterParams, ...cursorParams, wanted);
  }
  return { select: `SELECT ${SKILL_COLUMNS} FROM skills WHERE id IN (${arms.join(" UNION ALL ")})`, params };
}

/**
 * Skills on SQLite: the shared transitions (shared/skills.ts) over this adapter's list query and
 * one insert per file. Upserts by name need no hold of their own: the write lock serialises them.
 */
export function createSkillStore(ctx: SqliteContext): SkillStore {
  return storeOf(
    ctx,
    skillSteps({
      listQuery: (accountId, options) => skillListQuery(ctx.db, accountId, options),
      *insertFiles(versionId, files) {
        for (const file of files) {
          yield* exec("INSERT INTO skill_files (version_id, path, content) VALUES (?, ?, ?)", [
            versionId,
            file.path,
            file.content,
          ]);
        }
      },
      // Nothing to hold: the write lock already serialises every upsert.
      *holdName() {},
    }),
  );
}
