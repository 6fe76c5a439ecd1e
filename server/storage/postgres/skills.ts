import { newId } from "../../ids.ts";
import type { Async } from "../port/index.ts";
import type { SkillListOptions, SkillStore } from "../port/skills.ts";
import { prefixEnd, SKILL_COLUMNS, VERSION_COLUMNS, writeTime } from "../rows/skills.ts";
import { skillSteps } from "../shared/skills.ts";
import { exec, one } from "../shared/steps.ts";
import type { PgContext } from "./context.ts";
import { storeOf } from "./steps.ts";

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

/** A file's bytes as node-postgres binds a bytea (without a copy). */
const asBuffer = ({ content }: { content: Uint8Array }) =>
  Buffer.from(content.buffer, content.byteOffset, content.byteLength);

/**
 * Skills on PostgreSQL: the shared transitions (shared/skills.ts) over this adapter's list query,
 * one statement for a version's files, and an upsert's hold on its name: a transaction-level
 * advisory lock on (owner, name), so that servers starting at once, or two imports, create one
 * skill and find it, instead of two or a unique violation.
 */
export function createSkillStore(ctx: PgContext): Async<SkillStore> {
  const store = storeOf(
    ctx,
    skillSteps({
      listQuery: skillListQuery,
      *insertFiles(versionId, files) {
        // Every file of the version in one statement.
        yield* exec(
          "INSERT INTO skill_files (version_id, path, content) SELECT ?, f.path, f.content FROM unnest(?::text[], ?::bytea[]) AS f(path, content)",
          [versionId, files.map((f) => f.path), files.map(asBuffer)],
        );
      },
      *holdName(accountId, name) {
        // The two-key form is a key space apart from the adapter's one-key locks (context.ts).
        yield* one("SELECT pg_advisory_xact_lock(?::int4, hashtext(?))", [
          UPSERT_LOCK_CLASS,
          `${accountId ?? ""}:${name}`,
        ]);
      },
    }),
  );
  return {
    ...store,
    importSkills(accountId, inputs) {
      // The same rows as createSkill for each input, written with three statements for the whole
      // batch (skills, versions, files as column arrays), not three per skill: seeding 10,000
      // skills is three round trips.
      return ctx.tx(async (tx) => {
        if (inputs.length === 0) return [];
        const t = writeTime(ctx.clock);
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
            [files.map((f) => f.versionId), files.map((f) => f.file.path), files.map((f) => asBuffer(f.file))],
          );
        }
        return skills.map((s) => s.id);
      });
    },
  };
}
