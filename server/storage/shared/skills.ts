/**
 * Skills and their versions (port/skills.ts), written once for both adapters. Where SQLite's
 * single writer serialises read-then-write operations, PostgreSQL locks what they read: a version
 * upload or delete holds the skill row (`{forUpdate}`) so that two uploads to one skill both
 * succeed with increasing version numbers; an upsert by name holds its (owner, name) through the
 * adapter's `holdName`, so that servers starting at once, or two imports, create one skill and
 * find it, instead of two or a unique violation. What stays per adapter (the seam): the list
 * query, planned for each database, how a version's files are written, and that hold.
 */
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
  SKILL_COLUMNS,
  type SkillRow,
  toSkill,
  toVersion,
  VERSION_COLUMNS,
  type VersionRow,
  type WriteTime,
  withLatestVersion,
} from "../rows/skills.ts";
import { all, exec, now, one, page, type StepStore, type Steps } from "./steps.ts";

export interface SkillSeam {
  /** The `SELECT ... WHERE ...` of a skills page that keysetList completes, in the adapter's own SQL. */
  listQuery(accountId: string, options: SkillListOptions): { select: string; params: unknown[] };
  /** Writes the files of a version. */
  insertFiles(versionId: string, files: NewSkillVersion["files"]): Steps<void>;
  /** Holds (owner, name) until commit: one upsert by that name at a time, across processes. */
  holdName(accountId: string | null, name: string): Steps<void>;
}

const VISIBLE = `SELECT ${SKILL_COLUMNS} FROM skills WHERE id = ? AND (account_id = ? OR account_id IS NULL)`;

/** `hold`: keep the skill row until commit (a version is added or deleted). */
const findVisible = (accountId: string, skillId: string, hold = false) =>
  one<SkillRow>(hold ? `${VISIBLE}{forUpdate}` : VISIBLE, [skillId, accountId]);

/** The time of a write: the ISO timestamp and the candidate version number (epoch µs). */
function* writeTime(): Steps<WriteTime> {
  const iso = yield* now();
  return { iso, us: Date.parse(iso) * 1000 };
}

const findVersion = (skillId: string, selector: VersionSelector) =>
  selector === "latest"
    ? one<VersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ? ORDER BY version DESC LIMIT 1`,
        [skillId],
      )
    : one<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ? AND version = ?`, [
        skillId,
        selector,
      ]);

/** Makes a version the skill's latest; version_seq never goes down (a later upload still gets a greater number). */
const setLatest = (skillId: string, v: Pick<VersionRow, "id" | "name" | "description">, number: number, at: string) =>
  exec(
    `UPDATE skills SET name = ?, name_lower = ?, description = ?, latest_version_id = ?, latest_version = ?,
       version_seq = {greatest}(version_seq, ?), updated_at = ? WHERE id = ?`,
    [v.name, v.name.toLowerCase(), v.description, v.id, number, number, at, skillId],
  );

const setTitle = (skillId: string, title: string, updatedAt: string) =>
  exec("UPDATE skills SET display_title = ?, display_title_lower = ?, updated_at = ? WHERE id = ?", [
    title,
    title.toLowerCase(),
    updatedAt,
    skillId,
  ]);

/** The skill transitions over an adapter's seam. */
export function skillSteps(seam: SkillSeam): StepStore<SkillStore> {
  function* writeVersion(id: string, skillId: string, input: NewSkillVersion, number: number, createdAt: string) {
    const row = newVersionRow(id, skillId, input, number, createdAt);
    yield* exec(`INSERT INTO skill_versions (${VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      row.id,
      row.skill_id,
      row.version,
      row.name,
      row.description,
      row.directory,
      row.digest,
      row.file_count,
      row.total_bytes,
      row.created_at,
    ]);
    if (input.files.length > 0) yield* seam.insertFiles(row.id, input.files);
    return row;
  }

  function* insertNewSkill(accountId: string | null, input: NewSkill): Steps<{ skill: SkillRow; version: VersionRow }> {
    const t = yield* writeTime();
    const skill = newSkillRow(accountId, input, t);
    // The skill row first: the version row references it. Lower-cased here (JavaScript's Unicode
    // rules, not the database's).
    yield* exec(
      `INSERT INTO skills (id, account_id, source, name, name_lower, description, display_title, display_title_lower,
         latest_version_id, latest_version, version_seq, metadata, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        skill.id,
        skill.account_id,
        skill.source,
        skill.name,
        skill.name.toLowerCase(),
        skill.description,
        skill.display_title,
        skill.display_title.toLowerCase(),
        skill.latest_version_id,
        skill.latest_version,
        skill.version_seq,
        skill.metadata,
        skill.created_at,
        skill.updated_at,
      ],
    );
    const version = yield* writeVersion(skill.latest_version_id, skill.id, input.version, t.us, t.iso);
    return { skill, version };
  }

  /** Adds a version to an existing (held) skill row and makes it the latest. */
  function* appendVersion(skill: SkillRow, input: NewSkillVersion): Steps<{ skill: SkillRow; version: VersionRow }> {
    const t = yield* writeTime();
    const number = Math.max(t.us, skill.version_seq + 1);
    const version = yield* writeVersion(newId("skillver"), skill.id, input, number, t.iso);
    yield* setLatest(skill.id, version, number, t.iso);
    return { skill: withLatestVersion(skill, input, version.id, number, t.iso), version };
  }

  /** Upsert by name within one owner: shared by the vendor loader and `skills import`. */
  function* upsert(accountId: string | null, input: NewSkill): Steps<SkillUpsertResult> {
    yield* seam.holdName(accountId, input.version.name);
    const owner = accountId === null ? "account_id IS NULL" : "account_id = ?";
    const existing = yield* one<SkillRow>(
      `SELECT ${SKILL_COLUMNS} FROM skills WHERE ${owner} AND name = ? ORDER BY id DESC LIMIT 1{forUpdate}`,
      accountId === null ? [input.version.name] : [accountId, input.version.name],
    );
    if (!existing) {
      const created = yield* insertNewSkill(accountId, input);
      return { outcome: "created", skill: toSkill(created.skill), version: toVersion(created.version) };
    }
    // Vendor titles follow the shipped files; an account's title is the account's to keep.
    const retitle = accountId === null && existing.display_title !== input.display_title;
    const latest = yield* findVersion(existing.id, "latest");
    if (latest && latest.digest === input.version.digest) {
      let skill = existing;
      if (retitle) {
        const at = yield* now();
        yield* setTitle(existing.id, input.display_title, at);
        skill = { ...existing, display_title: input.display_title, updated_at: at };
      }
      return { outcome: "unchanged", skill: toSkill(skill), version: toVersion(latest) };
    }
    let base = existing;
    if (retitle) {
      yield* setTitle(existing.id, input.display_title, existing.updated_at);
      base = { ...existing, display_title: input.display_title };
    }
    const appended = yield* appendVersion(base, input.version);
    return { outcome: "updated", skill: toSkill(appended.skill), version: toVersion(appended.version) };
  }

  return {
    createSkill: {
      tx: true,
      *steps(accountId, input) {
        const created = yield* insertNewSkill(accountId, input);
        return { skill: toSkill(created.skill), version: toVersion(created.version) };
      },
    },
    getSkill: {
      tx: false,
      *steps(accountId, skillId) {
        const row = yield* findVisible(accountId, skillId);
        return row ? toSkill(row) : null;
      },
    },
    listSkills: {
      tx: false,
      steps: (accountId, options) =>
        page({
          ...seam.listQuery(accountId, options),
          key: "id",
          order: "desc",
          page: options.page,
          map: toSkill,
          getId: (s) => s.id,
        }),
    },
    deleteSkill: {
      tx: true,
      *steps(accountId, skillId) {
        const row = yield* findVisible(accountId, skillId);
        if (!row) return "not_found" as const;
        if (row.account_id === null) return "vendor" as const;
        // Cascades to the versions and their files. Deleted meanwhile by another request: not found.
        const deleted = yield* exec("DELETE FROM skills WHERE id = ? AND account_id = ?", [skillId, accountId]);
        return deleted > 0 ? ("deleted" as const) : ("not_found" as const);
      },
    },
    createVersion: {
      tx: true,
      *steps(accountId, skillId, input) {
        const row = yield* findVisible(accountId, skillId, true);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.account_id === null) return { ok: false, reason: "vendor" } as const;
        if (row.name !== input.name) return { ok: false, reason: "name_mismatch" } as const;
        const appended = yield* appendVersion(row, input);
        return { ok: true, skill: toSkill(appended.skill), version: toVersion(appended.version) } as const;
      },
    },
    getVersion: {
      tx: false,
      *steps(accountId, skillId, selector) {
        if (!(yield* findVisible(accountId, skillId))) return null;
        const row = yield* findVersion(skillId, selector);
        return row ? toVersion(row) : null;
      },
    },
    listVersions: {
      tx: false,
      *steps(accountId, skillId, query) {
        if (!(yield* findVisible(accountId, skillId))) return null;
        return yield* page({
          select: `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = ?`,
          params: [skillId],
          key: "id",
          order: "desc",
          page: query,
          map: toVersion,
          getId: (v) => v.id,
        });
      },
    },
    deleteVersion: {
      tx: true,
      *steps(accountId, skillId, selector) {
        const skill = yield* findVisible(accountId, skillId, true);
        if (!skill) return { ok: false, reason: "skill_not_found" } as const;
        const version = yield* findVersion(skillId, selector);
        if (!version) return { ok: false, reason: "version_not_found" } as const;
        if (skill.account_id === null) return { ok: false, reason: "vendor" } as const;
        const count = yield* one<{ n: number | string }>(
          "SELECT count(*) AS n FROM skill_versions WHERE skill_id = ?",
          [skillId],
        );
        if (Number(count?.n ?? 0) <= 1) return { ok: false, reason: "only_version" } as const;
        yield* exec("DELETE FROM skill_versions WHERE id = ?", [version.id]);
        const at = yield* now();
        let next: SkillRow = { ...skill, updated_at: at };
        if (version.id === skill.latest_version_id) {
          const previous = yield* findVersion(skillId, "latest");
          if (!previous) throw new Error(`skill ${skillId} has no version left`);
          // version_seq keeps the deleted number: a later upload still gets a greater version.
          yield* setLatest(skillId, previous, previous.version, at);
          next = {
            ...next,
            name: previous.name,
            description: previous.description,
            latest_version_id: previous.id,
            latest_version: previous.version,
          };
        } else {
          yield* exec("UPDATE skills SET updated_at = ? WHERE id = ?", [at, skillId]);
        }
        return { ok: true, skill: toSkill(next), version: toVersion(version) } as const;
      },
    },
    versionFiles: {
      tx: false,
      *steps(versionId) {
        const rows = yield* all<{ path: string; content: Buffer }>(
          "SELECT path, content FROM skill_files WHERE version_id = ? ORDER BY path",
          [versionId],
        );
        return rows.map((r): SkillFile => ({ path: r.path, content: new Uint8Array(r.content) }));
      },
    },
    upsertVendorSkill: { tx: true, steps: (input) => upsert(null, { ...input, metadata: {} }) },
    upsertAccountSkill: { tx: true, steps: upsert },
    importSkills: {
      tx: true,
      *steps(accountId, inputs) {
        const ids: string[] = [];
        for (const input of inputs) ids.push((yield* insertNewSkill(accountId, input)).skill.id);
        return ids;
      },
    },
  };
}
