import type { Metadata, Page, PageQuery } from "./common.ts";

export type SkillSource = "custom" | "vendor";

/** A skill as stored. Vendor skills have `account_id` null and are visible to every account. */
export interface SkillRecord {
  id: string;
  account_id: string | null;
  source: SkillSource;
  /** Front-matter name and description of the latest version. */
  name: string;
  description: string;
  display_title: string;
  latest_version_id: string;
  /** Epoch microseconds of the latest version, as a decimal string. */
  latest_version: string;
  metadata: Metadata;
  created_at: string;
  updated_at: string;
}

export interface SkillVersionRecord {
  id: string;
  skill_id: string;
  /** Epoch microseconds, as a decimal string; strictly increasing within a skill. */
  version: string;
  name: string;
  description: string;
  /** The single top-level folder of the files. */
  directory: string;
  /** SHA-256 (hex) over the sorted (path, content) pairs: equal digests mean equal files. */
  digest: string;
  file_count: number;
  total_bytes: number;
  created_at: string;
}

export interface SkillFile {
  /** Relative path including the top-level folder, `/`-separated. */
  path: string;
  content: Uint8Array;
}

/** A validated package of files, ready to become a version. */
export interface NewSkillVersion {
  name: string;
  description: string;
  directory: string;
  digest: string;
  files: SkillFile[];
}

export interface NewSkill {
  display_title: string;
  metadata: Metadata;
  version: NewSkillVersion;
}

export interface SkillListOptions {
  /** Only this source; both when undefined. */
  source?: SkillSource | undefined;
  /** Case-insensitive prefix of the name (already lower-cased by the caller is not required). */
  namePrefix?: string | undefined;
  /** Case-insensitive prefix of the display title. */
  titlePrefix?: string | undefined;
  page: PageQuery;
}

/** `latest` or the epoch-microsecond number of a version. */
export type VersionSelector = "latest" | number;

export type SkillVersionWriteResult =
  | { ok: true; skill: SkillRecord; version: SkillVersionRecord }
  | { ok: false; reason: "not_found" | "vendor" | "name_mismatch" };

export type SkillVersionDeleteResult =
  | { ok: true; skill: SkillRecord; version: SkillVersionRecord }
  | { ok: false; reason: "skill_not_found" | "version_not_found" | "vendor" | "only_version" };

/** What an upsert by name did: created the skill, added a version, or found identical files. */
export type SkillUpsertOutcome = "created" | "updated" | "unchanged";

export interface SkillUpsertResult {
  outcome: SkillUpsertOutcome;
  skill: SkillRecord;
  version: SkillVersionRecord;
}

/**
 * Skills, their versions and the files of each version. Every read takes the caller's account
 * and sees that account's custom skills plus the vendor skills; writes touch custom skills only,
 * except the vendor upsert used at start-up.
 */
export interface SkillStore {
  createSkill(accountId: string, input: NewSkill): { skill: SkillRecord; version: SkillVersionRecord };
  /** A custom skill of this account or a vendor skill; null otherwise. */
  getSkill(accountId: string, skillId: string): SkillRecord | null;
  /** Newest first; keyset-paginated. */
  listSkills(accountId: string, options: SkillListOptions): Page<SkillRecord>;
  /** Deletes a custom skill of this account with its versions and files. */
  deleteSkill(accountId: string, skillId: string): "deleted" | "not_found" | "vendor";

  /** Adds a version to a custom skill; its name must equal the skill's name. */
  createVersion(accountId: string, skillId: string, version: NewSkillVersion): SkillVersionWriteResult;
  getVersion(accountId: string, skillId: string, version: VersionSelector): SkillVersionRecord | null;
  /** Null when the skill is not visible to the account. */
  listVersions(accountId: string, skillId: string, page: PageQuery): Page<SkillVersionRecord> | null;
  /** Deletes a version; the previous one becomes latest. The only version cannot be deleted. */
  deleteVersion(accountId: string, skillId: string, version: VersionSelector): SkillVersionDeleteResult;
  /** The files of a version, sorted by path. */
  versionFiles(versionId: string): SkillFile[];

  /**
   * Creates the vendor skill of this name, or adds a version when its files changed (by digest),
   * and keeps its display title current. Idempotent; safe when several servers start at once.
   */
  upsertVendorSkill(input: { display_title: string; version: NewSkillVersion }): SkillUpsertResult;
  /**
   * The same for an account (CLI `skills import`): the account's newest custom skill of this name
   * gets a new version when its files changed; without one, a skill is created.
   */
  upsertAccountSkill(accountId: string, input: NewSkill): SkillUpsertResult;
  /** Creates many custom skills in one transaction (seeding, benchmarks). Returns their ids, in order. */
  importSkills(accountId: string, inputs: NewSkill[]): string[];
}
