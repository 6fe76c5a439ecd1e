import type Database from "better-sqlite3";
import { newId } from "../../ids.ts";
import type {
  NewSkill,
  NewSkillVersion,
  SkillFile,
  SkillListOptions,
  SkillStore,
  SkillUpsertResult,
  VersionSelector,
} from "../port/skills.ts";
import {
  newSkillRow,
  newVersionRow,
  prefixEnd,
  SKILL_COLUMNS,
  type SkillRow,
  toSkill,
  toVersion,
  VERSION_COLUMNS,
  type VersionRow,
  withLatestVersion,
  writeTime,
} from "../rows/skills.ts";
import type { SqliteContext } from "./context.ts";
import { keysetList } from "./pagination.ts";

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

export function createSkillStore(ctx: SqliteContext): SkillStore {
  const { db } = ctx;

  const getVisible = db.prepare(
    `SELECT ${SKILL_COLUMNS} FROM skills WHERE id = ? AND (account_id = ? OR account_id IS NULL)`,
  );
  const insertSkill = db.prepare(
    `INSERT INTO skills (id, account_id, source, name, name_lower, description, display_title, display_title_lower,
       latest_version_id, latest_version, version_seq, metadata, created_at, updated_at)
     VALUES (@id, @account_id, @source, @name, @name_lower, @description, @display_title, @display_title_lower,
       @latest_version_id, @latest_version, @version_seq, @metadata, @created_at, @updated_at)`,
  );
  const insertVersion = db.prepare(
    `INSERT INTO skill_versions (${VERSION_COLUMNS})
     VALUES (@id, @skill_id, @version, @name, @description, @directory, @digest, @file_count, @total_bytes, @created_at)`,
  );
  const insertFile = db.prepare("INSERT INTO skill_files (version_id, path, content) VALUES (?, ?, ?)");
  const setLatest = db.prepare(
    `UPDATE skills SET name = ?, name_lower = ?, description = ?, latest_version_id = ?, latest_version = ?,
       version_seq = max(version_seq, ?), updated_at = ? WHERE id = ?`,
  );
  const getVersionRow = db.prepare(`SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ? AND version = ?`);
  const newestVersionRow = db.prepare(
    `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ? ORDER BY version DESC LIMIT 1`,
  );
  const setTitle = db.prepare(
    "UPDATE skills SET display_title = ?, display_title_lower = ?, updated_at = ? WHERE id = ?",
  );
  const countVersions = db.prepare("SELECT count(*) AS n FROM skill_versions WHERE skill_id = ?");

  const findVisible = (accountId: string, skillId: string) =>
    getVisible.get(skillId, accountId) as SkillRow | undefined;

  /** The time of a write: the ISO timestamp and the candidate version number (epoch µs). */
  const now = () => writeTime(ctx.clock);

  function writeVersion(
    id: string,
    skillId: string,
    input: NewSkillVersion,
    number: number,
    createdAt: string,
  ): VersionRow {
    const row = newVersionRow(id, skillId, input, number, createdAt);
    insertVersion.run(row);
    for (const file of input.files) insertFile.run(row.id, file.path, file.content);
    return row;
  }

  function insertNewSkill(accountId: string | null, input: NewSkill): { skill: SkillRow; version: VersionRow } {
    const t = now();
    const skill = newSkillRow(accountId, input, t);
    // The skill row first: the version row references it.
    insertSkill.run({
      ...skill,
      name_lower: skill.name.toLowerCase(),
      display_title_lower: skill.display_title.toLowerCase(),
    });
    const version = writeVersion(skill.latest_version_id, skill.id, input.version, t.us, t.iso);
    return { skill, version };
  }

  /** Adds a version to an existing skill row and makes it the latest. */
  function appendVersion(skill: SkillRow, input: NewSkillVersion): { skill: SkillRow; version: VersionRow } {
    const t = now();
    const number = Math.max(t.us, skill.version_seq + 1);
    const version = writeVersion(newId("skillver"), skill.id, input, number, t.iso);
    setLatest.run(input.name, input.name.toLowerCase(), input.description, version.id, number, number, t.iso, skill.id);
    return { skill: withLatestVersion(skill, input, version.id, number, t.iso), version };
  }

  function findVersion(skillId: string, selector: VersionSelector): VersionRow | undefined {
    return (selector === "latest" ? newestVersionRow.get(skillId) : getVersionRow.get(skillId, selector)) as
      | VersionRow
      | undefined;
  }

  /** Upsert by name within one owner: shared by the vendor loader and `skills import`. */
  function upsert(scope: Scope, accountId: string | null, input: NewSkill): SkillUpsertResult {
    return ctx.tx(() => {
      const existing = db
        .prepare(`SELECT ${SKILL_COLUMNS} FROM skills WHERE ${scope.where} AND name = ? ORDER BY id DESC LIMIT 1`)
        .get(...scope.params, input.version.name) as SkillRow | undefined;
      if (!existing) {
        const created = insertNewSkill(accountId, input);
        return { outcome: "created", skill: toSkill(created.skill), version: toVersion(created.version) };
      }
      // Vendor titles follow the shipped files; an account's title is the account's to keep.
      const retitle = accountId === null && existing.display_title !== input.display_title;
      const latest = findVersion(existing.id, "latest");
      if (latest && latest.digest === input.version.digest) {
        let skill = existing;
        if (retitle) {
          const t = now();
          setTitle.run(input.display_title, input.display_title.toLowerCase(), t.iso, existing.id);
          skill = { ...existing, display_title: input.display_title, updated_at: t.iso };
        }
        return { outcome: "unchanged", skill: toSkill(skill), version: toVersion(latest) };
      }
      if (retitle) {
        setTitle.run(input.display_title, input.display_title.toLowerCase(), existing.updated_at, existing.id);
        existing.display_title = input.display_title;
      }
      const appended = appendVersion(existing, input.version);
      return { outcome: "updated", skill: toSkill(appended.skill), version: toVersion(appended.version) };
    });
  }

  return {
    createSkill(accountId, input) {
      return ctx.tx(() => {
        const created = insertNewSkill(accountId, input);
        return { skill: toSkill(created.skill), version: toVersion(created.version) };
      });
    },

    getSkill(accountId, skillId) {
      const row = findVisible(accountId, skillId);
      return row ? toSkill(row) : null;
    },

    listSkills(accountId, options) {
      const { select, params } = skillListQuery(db, accountId, options);
      return keysetList(db, {
        select,
        params,
        key: "id",
        order: "desc",
        page: options.page,
        map: toSkill,
        getId: (s) => s.id,
      });
    },

    deleteSkill(accountId, skillId) {
      return ctx.tx(() => {
        const row = findVisible(accountId, skillId);
        if (!row) return "not_found";
        if (row.account_id === null) return "vendor";
        db.prepare("DELETE FROM skills WHERE id = ? AND account_id = ?").run(skillId, accountId);
        return "deleted";
      });
    },

    createVersion(accountId, skillId, input) {
      return ctx.tx(() => {
        const row = findVisible(accountId, skillId);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.account_id === null) return { ok: false, reason: "vendor" } as const;
        if (row.name !== input.name) return { ok: false, reason: "name_mismatch" } as const;
        const appended = appendVersion(row, input);
        return { ok: true, skill: toSkill(appended.skill), version: toVersion(appended.version) } as const;
      });
    },

    getVersion(accountId, skillId, selector) {
      if (!findVisible(accountId, skillId)) return null;
      const row = findVersion(skillId, selector);
      return row ? toVersion(row) : null;
    },

    listVersions(accountId, skillId, page) {
      if (!findVisible(accountId, skillId)) return null;
      return keysetList(db, {
        select: `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ?`,
        params: [skillId],
        key: "id",
        order: "desc",
        page,
        map: toVersion,
        getId: (v) => v.id,
      });
    },

    deleteVersion(accountId, skillId, selector) {
      return ctx.tx(() => {
        const skill = findVisible(accountId, skillId);
        if (!skill) return { ok: false, reason: "skill_not_found" } as const;
        const version = findVersion(skillId, selector);
        if (!version) return { ok: false, reason: "version_not_found" } as const;
        if (skill.account_id === null) return { ok: false, reason: "vendor" } as const;
        if ((countVersions.get(skillId) as { n: number }).n <= 1) return { ok: false, reason: "only_version" } as const;
        db.prepare("DELETE FROM skill_versions WHERE id = ?").run(version.id);
        const t = now();
        let next: SkillRow = { ...skill, updated_at: t.iso };
        if (version.id === skill.latest_version_id) {
          const previous = newestVersionRow.get(skillId) as VersionRow;
          // version_seq keeps the deleted number: a later upload still gets a greater version.
          setLatest.run(
            previous.name,
            previous.name.toLowerCase(),
            previous.description,
            previous.id,
            previous.version,
            previous.version,
            t.iso,
            skillId,
          );
          next = {
            ...next,
            name: previous.name,
            description: previous.description,
            latest_version_id: previous.id,
            latest_version: previous.version,
          };
        } else {
          db.prepare("UPDATE skills SET updated_at = ? WHERE id = ?").run(t.iso, skillId);
        }
        return { ok: true, skill: toSkill(next), version: toVersion(version) } as const;
      });
    },

    versionFiles(versionId) {
      const rows = db
        .prepare("SELECT path, content FROM skill_files WHERE version_id = ? ORDER BY path")
        .all(versionId) as { path: string; content: Buffer }[];
      return rows.map((r): SkillFile => ({ path: r.path, content: new Uint8Array(r.content) }));
    },

    upsertVendorSkill(input) {
      return upsert({ where: "account_id IS NULL", params: [] }, null, { ...input, metadata: {} });
    },

    upsertAccountSkill(accountId, input) {
      return upsert({ where: "account_id = ?", params: [accountId] }, accountId, input);
    },

    importSkills(accountId, inputs) {
      return ctx.tx(() => {
        return inputs.map((input) => insertNewSkill(accountId, input).skill.id);
      });
    },
  };
}
