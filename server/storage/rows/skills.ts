/**
 * The skill tables' rows, their mapping to records and the rows a write makes: one copy for both
 * adapters (the PostgreSQL schema mirrors SQLite's; version numbers are bigint there, read as
 * numbers, see postgres/context.ts PG_TYPES).
 */
import type { Clock } from "../../clock.ts";
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { NewSkill, NewSkillVersion, SkillRecord, SkillVersionRecord } from "../port/skills.ts";

export interface SkillRow {
  id: string;
  account_id: string | null;
  source: "custom" | "vendor";
  name: string;
  description: string;
  display_title: string;
  latest_version_id: string;
  latest_version: number;
  version_seq: number;
  metadata: string;
  created_at: string;
  updated_at: string;
}

/** A `skill_versions` row: the record with its version number as a number (epoch µs). */
export type VersionRow = Omit<SkillVersionRecord, "version"> & { version: number };

export const SKILL_COLUMNS =
  "id, account_id, source, name, description, display_title, latest_version_id, latest_version, version_seq, metadata, created_at, updated_at";
export const VERSION_COLUMNS =
  "id, skill_id, version, name, description, directory, digest, file_count, total_bytes, created_at";

export const toSkill = (r: SkillRow): SkillRecord => ({
  id: r.id,
  account_id: r.account_id,
  source: r.source,
  name: r.name,
  description: r.description,
  display_title: r.display_title,
  latest_version_id: r.latest_version_id,
  latest_version: String(r.latest_version),
  metadata: JSON.parse(r.metadata) as Metadata,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const toVersion = (r: VersionRow): SkillVersionRecord => ({ ...r, version: String(r.version) });

/**
 * The exclusive upper bound of a prefix range: every string that starts with `prefix` sorts below
 * `prefix + U+10FFFF` in byte order (UTF-8; SQLite's BINARY, PostgreSQL's "C" collation), the
 * highest code point.
 */
export const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** The time of a write: the ISO timestamp and the candidate version number (epoch µs). */
export interface WriteTime {
  iso: string;
  us: number;
}

export const writeTime = (clock: Clock): WriteTime => {
  const ms = clock.now().getTime();
  return { iso: new Date(ms).toISOString(), us: ms * 1000 };
};

/** A version's row (its files are written beside it). */
export const newVersionRow = (
  id: string,
  skillId: string,
  input: NewSkillVersion,
  number: number,
  createdAt: string,
): VersionRow => ({
  id,
  skill_id: skillId,
  version: number,
  name: input.name,
  description: input.description,
  directory: input.directory,
  digest: input.digest,
  file_count: input.files.length,
  total_bytes: input.files.reduce((sum, f) => sum + f.content.byteLength, 0),
  created_at: createdAt,
});

/** A new skill's row (of an account, or a vendor skill when `accountId` is null); its first version is numbered `t.us`. */
export const newSkillRow = (accountId: string | null, input: NewSkill, t: WriteTime): SkillRow => ({
  id: newId("skill"),
  account_id: accountId,
  source: accountId === null ? "vendor" : "custom",
  name: input.version.name,
  description: input.version.description,
  display_title: input.display_title,
  latest_version_id: newId("skillver"),
  latest_version: t.us,
  version_seq: t.us,
  metadata: JSON.stringify(input.metadata),
  created_at: t.iso,
  updated_at: t.iso,
});

/** The skill row once `version` (numbered `number`) is its latest. */
export const withLatestVersion = (
  skill: SkillRow,
  input: NewSkillVersion,
  versionId: string,
  number: number,
  updatedAt: string,
): SkillRow => ({
  ...skill,
  name: input.name,
  description: input.description,
  latest_version_id: versionId,
  latest_version: number,
  version_seq: number,
  updated_at: updatedAt,
});
