import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
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
import type { PgContext } from "./context.ts";
import { keysetList } from "./pagination.ts";

/**
 * The first key of the advisory locks that serialise upserts by name (the second: a hash of the
 * owner and the name; two names that share a hash only wait for each other).
 */
const UPSERT_LOCK_CLASS = 0x63610100;

/**
 * The `SELECT ... WHERE ...` of a skills page that keysetList completes with the cursor, the order
 * and the limit. The visible skills are two owners, the account's and the vendor skills (account_id
 * NULL): one arm per owner, each with the cursor, the order and the limit of the page itself, so
 * each is an index range walked in id order that stops after `limit + 1` rows (the account's on
 * skills_account_id; the planner may take a prefix index instead when a filter is selective), and
 * the outer query merges at most twice a page. A single ORDER BY over the UNION ALL would have
 * PostgreSQL sort every visible skill for each page. Prefix filters are ranges on the lower-cased
 * columns, as on SQLite.
 */
function skillListQuery(accountId: string, options: SkillListOptions): { select: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let filters = "";
  if (options.namePrefix !== undefined) {
    const prefix = options.namePrefix.toLowerCase();
    filters += ` AND name_lower >= ${p(prefix)} AND name_lower < ${p(prefixEnd(prefix))}`;
  }
  if (options.titlePrefix !== undefined) {
    const prefix = options.titlePrefix.toLowerCase();
    filters += ` AND display_title_lower >= ${p(prefix)} AND display_title_lower < ${p(prefixEnd(prefix))}`;
  }
  // The arms walk in the direction keysetList will (see pagination.ts).
  const cursor = options.page.cursor;
  const scanDesc = cursor?.direction !== "before";
  if (cursor) filters += ` AND id ${scanDesc ? "<" : ">"} ${p(cursor.id)}`;
  const page = ` ORDER BY id ${scanDesc ? "DESC" : "ASC"} LIMIT ${p(options.page.limit + 1)}`;
  const arms: string[] = [];
  if (options.source !== "vendor") {
    arms.push(`(SELECT ${SKILL_COLUMNS} FROM skills WHERE account_id = ${p(accountId)}${filters}${page})`);
  }
  if (options.source !== "custom") {
    arms.push(`(SELECT ${SKILL_COLUMNS} FROM skills WHERE account_id IS NULL${filters}${page})`);
  }
  return { select: `SELECT * FROM (${arms.join(" UNION ALL ")}) AS visible WHERE true`, params };
}

/**
 * Skills on PostgreSQL: the same records, versions, errors and pages as storage/sqlite/skills.ts.
 *
 * Where SQLite's single writer serializes read-then-write operations, these lock what they read:
 * a version upload or delete locks the skill row (`FOR UPDATE`) so that two uploads to one skill
 * both succeed with increasing version numbers, as on SQLite; an upsert by name takes a
 * transaction-level advisory lock on (owner, name), so that servers starting at once, or two
 * imports, create one skill and find it, instead of two or a unique violation.
 */
export function createSkillStore(ctx: PgContext): Async<SkillStore> {
  const VISIBLE = `SELECT ${SKILL_COLUMNS} FROM skills WHERE id = $1 AND (account_id = $2 OR account_id IS NULL)`;

  const findVisible = (c: PgContext, accountId: string, skillId: string, lock = false) =>
    c.one<SkillRow>(`${VISIBLE}${lock ? " FOR UPDATE" : ""}`, [skillId, accountId]);

  /** The time of a write: the ISO timestamp and the candidate version number (epoch µs). */
  const now = () => writeTime(ctx.clock);

  async function writeVersion(
    tx: PgContext,
    id: string,
    skillId: string,
    input: NewSkillVersion,
    number: number,
    createdAt: string,
  ): Promise<VersionRow> {
    const row = newVersionRow(id, skillId, input, number, createdAt);
    await tx.query(`INSERT INTO skill_versions (${VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
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
    if (input.files.length > 0) {
      // Every file of the version in one statement.
      await tx.query(
        "INSERT INTO skill_files (version_id, path, content) SELECT $1, f.path, f.content FROM unnest($2::text[], $3::bytea[]) AS f(path, content)",
        [
          row.id,
          input.files.map((f) => f.path),
          input.files.map((f) => Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength)),
        ],
      );
    }
    return row;
  }

  async function insertNewSkill(
    tx: PgContext,
    accountId: string | null,
    input: NewSkill,
  ): Promise<{ skill: SkillRow; version: VersionRow }> {
    const t = now();
    const skill = newSkillRow(accountId, input, t);
    // The skill row first: the version row references it.
    await tx.query(
      `INSERT INTO skills (id, account_id, source, name, name_lower, description, display_title, display_title_lower,
         latest_version_id, latest_version, version_seq, metadata, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
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
    const version = await writeVersion(tx, skill.latest_version_id, skill.id, input.version, t.us, t.iso);
    return { skill, version };
  }

  const SET_LATEST = `UPDATE skills SET name = $1, name_lower = $2, description = $3, latest_version_id = $4,
      latest_version = $5, version_seq = GREATEST(version_seq, $6), updated_at = $7 WHERE id = $8`;

  /** Adds a version to an existing (locked) skill row and makes it the latest. */
  async function appendVersion(
    tx: PgContext,
    skill: SkillRow,
    input: NewSkillVersion,
  ): Promise<{ skill: SkillRow; version: VersionRow }> {
    const t = now();
    const number = Math.max(t.us, skill.version_seq + 1);
    const version = await writeVersion(tx, newId("skillver"), skill.id, input, number, t.iso);
    await tx.exec(SET_LATEST, [
      input.name,
      input.name.toLowerCase(),
      input.description,
      version.id,
      number,
      number,
      t.iso,
      skill.id,
    ]);
    return { skill: withLatestVersion(skill, input, version.id, number, t.iso), version };
  }

  function findVersion(c: PgContext, skillId: string, selector: VersionSelector): Promise<VersionRow | null> {
    return selector === "latest"
      ? c.one<VersionRow>(
          `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = $1 ORDER BY version DESC LIMIT 1`,
          [skillId],
        )
      : c.one<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = $1 AND version = $2`, [
          skillId,
          selector,
        ]);
  }

  const setTitle = (tx: PgContext, title: string, updatedAt: string, skillId: string) =>
    tx.exec("UPDATE skills SET display_title = $1, display_title_lower = $2, updated_at = $3 WHERE id = $4", [
      title,
      title.toLowerCase(),
      updatedAt,
      skillId,
    ]);

  /** Upsert by name within one owner: shared by the vendor loader and `skills import`. */
  function upsert(accountId: string | null, input: NewSkill): Promise<SkillUpsertResult> {
    return ctx.tx(async (tx): Promise<SkillUpsertResult> => {
      // One upsert per (owner, name) at a time, across replicas: the next one finds this one's skill.
      // The two-key form is a key space apart from the adapter's one-key locks (context.ts).
      await tx.query("SELECT pg_advisory_xact_lock($1::int4, hashtext($2))", [
        UPSERT_LOCK_CLASS,
        `${accountId ?? ""}:${input.version.name}`,
      ]);
      const existing =
        accountId === null
          ? await tx.one<SkillRow>(
              `SELECT ${SKILL_COLUMNS} FROM skills WHERE account_id IS NULL AND name = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
              [input.version.name],
            )
          : await tx.one<SkillRow>(
              `SELECT ${SKILL_COLUMNS} FROM skills WHERE account_id = $1 AND name = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
              [accountId, input.version.name],
            );
      if (!existing) {
        const created = await insertNewSkill(tx, accountId, input);
        return { outcome: "created", skill: toSkill(created.skill), version: toVersion(created.version) };
      }
      // Vendor titles follow the shipped files; an account's title is the account's to keep.
      const retitle = accountId === null && existing.display_title !== input.display_title;
      const latest = await findVersion(tx, existing.id, "latest");
      if (latest && latest.digest === input.version.digest) {
        let skill = existing;
        if (retitle) {
          const t = now();
          await setTitle(tx, input.display_title, t.iso, existing.id);
          skill = { ...existing, display_title: input.display_title, updated_at: t.iso };
        }
        return { outcome: "unchanged", skill: toSkill(skill), version: toVersion(latest) };
      }
      let base = existing;
      if (retitle) {
        await setTitle(tx, input.display_title, existing.updated_at, existing.id);
        base = { ...existing, display_title: input.display_title };
      }
      const appended = await appendVersion(tx, base, input.version);
      return { outcome: "updated", skill: toSkill(appended.skill), version: toVersion(appended.version) };
    });
  }

  return {
    createSkill(accountId, input) {
      return ctx.tx(async (tx) => {
        const created = await insertNewSkill(tx, accountId, input);
        return { skill: toSkill(created.skill), version: toVersion(created.version) };
      });
    },

    async getSkill(accountId, skillId) {
      const row = await findVisible(ctx, accountId, skillId);
      return row ? toSkill(row) : null;
    },

    listSkills(accountId, options) {
      const { select, params } = skillListQuery(accountId, options);
      return keysetList(ctx, {
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
      return ctx.tx(async (tx) => {
        const row = await findVisible(tx, accountId, skillId);
        if (!row) return "not_found" as const;
        if (row.account_id === null) return "vendor" as const;
        // Cascades to the versions and their files. Deleted meanwhile by another request: not found.
        const deleted = await tx.exec("DELETE FROM skills WHERE id = $1 AND account_id = $2", [skillId, accountId]);
        return deleted > 0 ? ("deleted" as const) : ("not_found" as const);
      });
    },

    createVersion(accountId, skillId, input) {
      return ctx.tx(async (tx) => {
        const row = await findVisible(tx, accountId, skillId, true);
        if (!row) return { ok: false, reason: "not_found" } as const;
        if (row.account_id === null) return { ok: false, reason: "vendor" } as const;
        if (row.name !== input.name) return { ok: false, reason: "name_mismatch" } as const;
        const appended = await appendVersion(tx, row, input);
        return { ok: true, skill: toSkill(appended.skill), version: toVersion(appended.version) } as const;
      });
    },

    async getVersion(accountId, skillId, selector) {
      if (!(await findVisible(ctx, accountId, skillId))) return null;
      const row = await findVersion(ctx, skillId, selector);
      return row ? toVersion(row) : null;
    },

    async listVersions(accountId, skillId, page) {
      if (!(await findVisible(ctx, accountId, skillId))) return null;
      return keysetList(ctx, {
        select: `SELECT ${VERSION_COLUMNS} FROM skill_versions WHERE skill_id = $1`,
        params: [skillId],
        key: "id",
        order: "desc",
        page,
        map: toVersion,
        getId: (v) => v.id,
      });
    },

    deleteVersion(accountId, skillId, selector) {
      return ctx.tx(async (tx) => {
        const skill = await findVisible(tx, accountId, skillId, true);
        if (!skill) return { ok: false, reason: "skill_not_found" } as const;
        const version = await findVersion(tx, skillId, selector);
        if (!version) return { ok: false, reason: "version_not_found" } as const;
        if (skill.account_id === null) return { ok: false, reason: "vendor" } as const;
        const count = await tx.one<{ n: number }>("SELECT count(*) AS n FROM skill_versions WHERE skill_id = $1", [
          skillId,
        ]);
        if ((count?.n ?? 0) <= 1) return { ok: false, reason: "only_version" } as const;
        await tx.exec("DELETE FROM skill_versions WHERE id = $1", [version.id]);
        const t = now();
        let next: SkillRow = { ...skill, updated_at: t.iso };
        if (version.id === skill.latest_version_id) {
          const previous = await findVersion(tx, skillId, "latest");
          if (!previous) throw new Error(`skill ${skillId} has no version left`);
          // version_seq keeps the deleted number: a later upload still gets a greater version.
          await tx.exec(SET_LATEST, [
            previous.name,
            previous.name.toLowerCase(),
            previous.description,
            previous.id,
            previous.version,
            previous.version,
            t.iso,
            skillId,
          ]);
          next = {
            ...next,
            name: previous.name,
            description: previous.description,
            latest_version_id: previous.id,
            latest_version: previous.version,
          };
        } else {
          await tx.exec("UPDATE skills SET updated_at = $1 WHERE id = $2", [t.iso, skillId]);
        }
        return { ok: true, skill: toSkill(next), version: toVersion(version) } as const;
      });
    },

    async versionFiles(versionId) {
      const rows = await ctx.query<{ path: string; content: Buffer }>(
        "SELECT path, content FROM skill_files WHERE version_id = $1 ORDER BY path",
        [versionId],
      );
      return rows.map((r): SkillFile => ({ path: r.path, content: new Uint8Array(r.content) }));
    },

    upsertVendorSkill(input) {
      return upsert(null, { ...input, metadata: {} });
    },

    upsertAccountSkill(accountId, input) {
      return upsert(accountId, input);
    },

    importSkills(accountId, inputs) {
      // The same rows as createSkill for each input, written with three statements for the whole
      // batch (skills, versions, files as column arrays), not three per skill: seeding 10,000
      // skills is three round trips.
      return ctx.tx(async (tx) => {
        if (inputs.length === 0) return [];
        const t = now();
        const skills = inputs.map((input) => ({ id: newId("skill"), versionId: newId("skillver"), input }));
        const column = <T>(f: (s: (typeof skills)[number]) => T) => skills.map(f);
        // Lower-cased here, as createSkill does (JavaScript's Unicode rules, not the database locale's).
        await tx.query(
          `INSERT INTO skills (id, account_id, source, name, name_lower, description, display_title, display_title_lower,
             latest_version_id, latest_version, version_seq, metadata, created_at, updated_at)
           SELECT s.id, $1, 'custom', s.name, s.name_lower, s.description, s.title, s.title_lower, s.version_id, $2, $2,
             s.metadata, $3, $3
           FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
             AS s(id, name, name_lower, description, title, title_lower, version_id, metadata)`,
          [
            accountId,
            t.us,
            t.iso,
            column((s) => s.id),
            column((s) => s.input.version.name),
            column((s) => s.input.version.name.toLowerCase()),
            column((s) => s.input.version.description),
            column((s) => s.input.display_title),
            column((s) => s.input.display_title.toLowerCase()),
            column((s) => s.versionId),
            column((s) => JSON.stringify(s.input.metadata)),
          ],
        );
        await tx.query(
          `INSERT INTO skill_versions (${VERSION_COLUMNS})
           SELECT v.id, v.skill_id, $1, v.name, v.description, v.directory, v.digest, v.file_count, v.total_bytes, $2
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int4[], $10::int8[])
             AS v(id, skill_id, name, description, directory, digest, file_count, total_bytes)`,
          [
            t.us,
            t.iso,
            column((s) => s.versionId),
            column((s) => s.id),
            column((s) => s.input.version.name),
            column((s) => s.input.version.description),
            column((s) => s.input.version.directory),
            column((s) => s.input.version.digest),
            column((s) => s.input.version.files.length),
            column((s) => s.input.version.files.reduce((sum, f) => sum + f.content.byteLength, 0)),
          ],
        );
        const files = skills.flatMap((s) => s.input.version.files.map((f) => ({ versionId: s.versionId, file: f })));
        if (files.length > 0) {
          await tx.query(
            "INSERT INTO skill_files (version_id, path, content) SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[])",
            [
              files.map((f) => f.versionId),
              files.map((f) => f.file.path),
              files.map((f) =>
                Buffer.from(f.file.content.buffer, f.file.content.byteOffset, f.file.content.byteLength),
              ),
            ],
          );
        }
        return skills.map((s) => s.id);
      });
    },
  };
}
