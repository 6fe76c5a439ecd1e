import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Schema } from "../api.ts";
import type { Config } from "../config/sections.ts";
import { conflict, forbidden, invalidRequest, notFound } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Metadata, Page, PageQuery, Storage } from "../storage/port/index.ts";
import type {
  NewSkillVersion,
  SkillRecord,
  SkillSource,
  SkillUpsertResult,
  SkillVersionRecord,
  VersionSelector,
} from "../storage/port/skills.ts";
import { checkMetadata } from "./metadata.ts";
import { buildPackage, type IncomingFile, readSkillDirectory, SKILL_FILE } from "./skillPackage.ts";
import { versionZip } from "./skillZip.ts";

type Skill = Schema<"Skill">;
type SkillVersion = Schema<"SkillVersion">;

export interface SkillDeps {
  storage: Storage;
  config: Pick<Config, "maxUploadBytes" | "vendorSkillsDir">;
}

/** A multipart upload after parsing: the file parts and the text fields. */
export interface SkillUpload {
  files: IncomingFile[];
  display_title?: string | undefined;
  /** The `metadata` field: a JSON object text. */
  metadata?: string | undefined;
}

export function skillView(s: SkillRecord): Skill {
  return {
    id: s.id,
    type: "skill",
    display_title: s.display_title,
    name: s.name,
    description: s.description,
    source: s.source,
    latest_version: s.latest_version,
    metadata: s.metadata,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function versionView(v: SkillVersionRecord): SkillVersion {
  return {
    id: v.id,
    type: "skill_version",
    skill_id: v.skill_id,
    version: v.version,
    name: v.name,
    description: v.description,
    directory: v.directory,
    created_at: v.created_at,
  };
}

const skillNotFound = (id: string) => notFound(`No skill with id ${id.slice(0, 64)}.`);
const versionNotFound = (skillId: string, version: string) =>
  notFound(`No version ${version.slice(0, 64)} of skill ${skillId.slice(0, 64)}.`);
const vendorReadOnly = () => forbidden("Vendor skills are read-only: they ship with the service.");

/** `latest`, or a version number (epoch microseconds); anything else names no version. */
export function parseVersion(raw: string): VersionSelector | null {
  if (raw === "latest") return "latest";
  // Canonical decimal only (no sign, exponent or leading zero): one string per version.
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/** The `metadata` form field: a JSON object text, checked by the rules of Metadata. */
export function parseMetadataField(raw: string | undefined): Metadata {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidRequest('metadata: must be a JSON object text, e.g. {"team":"platform"}.', "metadata");
  }
  return checkMetadata(value);
}

export async function listSkills(
  deps: SkillDeps,
  accountId: string,
  options: { source?: SkillSource; name?: string; displayTitle?: string; page: PageQuery },
): Promise<Page<Skill>> {
  const page = await deps.storage.skills.listSkills(accountId, {
    source: options.source,
    namePrefix: options.name,
    titlePrefix: options.displayTitle,
    page: options.page,
  });
  return { ...page, data: page.data.map(skillView) };
}

export async function createSkill(deps: SkillDeps, accountId: string, upload: SkillUpload): Promise<Skill> {
  const metadata = parseMetadataField(upload.metadata);
  const { version } = buildPackage(upload.files, deps.config.maxUploadBytes);
  const { skill } = await deps.storage.skills.createSkill(accountId, {
    display_title: upload.display_title ?? version.name,
    metadata,
    version,
  });
  return skillView(skill);
}

export async function getSkill(deps: SkillDeps, accountId: string, skillId: string): Promise<Skill> {
  const skill = await deps.storage.skills.getSkill(accountId, skillId);
  if (!skill) throw skillNotFound(skillId);
  return skillView(skill);
}

export async function deleteSkill(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
): Promise<Schema<"DeletedSkill">> {
  const outcome = await deps.storage.skills.deleteSkill(accountId, skillId);
  if (outcome === "not_found") throw skillNotFound(skillId);
  if (outcome === "vendor") throw vendorReadOnly();
  return { id: skillId, type: "skill_deleted" };
}

export async function createVersion(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  files: IncomingFile[],
): Promise<SkillVersion> {
  // Visibility and read-only first, so a vendor skill answers 403 whatever the upload holds.
  const skill = await deps.storage.skills.getSkill(accountId, skillId);
  if (!skill) throw skillNotFound(skillId);
  if (skill.source === "vendor") throw vendorReadOnly();
  const { version } = buildPackage(files, deps.config.maxUploadBytes);
  const result = await deps.storage.skills.createVersion(accountId, skillId, version);
  if (result.ok) return versionView(result.version);
  switch (result.reason) {
    case "not_found":
      throw skillNotFound(skillId);
    case "vendor":
      throw vendorReadOnly();
    case "name_mismatch":
      throw invalidRequest(
        `files: ${version.directory}/${SKILL_FILE}: front matter name "${version.name}" must equal the skill's name "${skill.name}".`,
        "files",
      );
  }
}

export async function listVersions(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  page: PageQuery,
): Promise<Page<SkillVersion>> {
  const result = await deps.storage.skills.listVersions(accountId, skillId, page);
  if (!result) throw skillNotFound(skillId);
  return { ...result, data: result.data.map(versionView) };
}

async function findVersion(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  raw: string,
): Promise<SkillVersionRecord> {
  const selector = parseVersion(raw);
  const version = selector === null ? null : await deps.storage.skills.getVersion(accountId, skillId, selector);
  if (version) return version;
  if (!(await deps.storage.skills.getSkill(accountId, skillId))) throw skillNotFound(skillId);
  throw versionNotFound(skillId, raw);
}

export async function getVersion(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  raw: string,
): Promise<SkillVersion> {
  return versionView(await findVersion(deps, accountId, skillId, raw));
}

export async function deleteVersion(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  raw: string,
): Promise<Schema<"DeletedSkillVersion">> {
  const selector = parseVersion(raw);
  if (selector === null) {
    if (!(await deps.storage.skills.getSkill(accountId, skillId))) throw skillNotFound(skillId);
    throw versionNotFound(skillId, raw);
  }
  const result = await deps.storage.skills.deleteVersion(accountId, skillId, selector);
  if (result.ok) {
    return { id: result.version.id, type: "skill_version_deleted", skill_id: skillId, version: result.version.version };
  }
  switch (result.reason) {
    case "skill_not_found":
      throw skillNotFound(skillId);
    case "version_not_found":
      throw versionNotFound(skillId, raw);
    case "vendor":
      throw vendorReadOnly();
    case "only_version":
      throw conflict("This is the skill's only version: delete the skill instead.");
  }
}

/** The files of a version as a zip (built off the event loop, kept for recent versions), with the download file name. */
export async function versionContent(
  deps: SkillDeps,
  accountId: string,
  skillId: string,
  raw: string,
): Promise<{ filename: string; zip: Uint8Array }> {
  const version = await findVersion(deps, accountId, skillId, raw);
  return {
    filename: `${version.directory}-${version.version}.zip`,
    zip: await versionZip(version.id, () => deps.storage.skills.versionFiles(version.id), new Date(version.created_at)),
  };
}

/** Reads and checks a skill folder on disk (vendor skills, `skills import`). */
export function packageFromDirectory(
  dir: string,
  maxBytes: number,
): { version: NewSkillVersion; displayTitle: string } {
  const { version, manifest } = buildPackage(readSkillDirectory(dir), maxBytes);
  return { version, displayTitle: manifest.heading ?? manifest.name };
}

export interface VendorLoadReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  failed: { dir: string; error: string }[];
  /** The files were those of the last load: nothing was parsed or upserted. */
  skipped: boolean;
}

/** Where the fingerprint of the vendor skills last loaded is kept (service_meta). */
const VENDOR_FINGERPRINT_KEY = "vendor_skills_fingerprint";
/** Changes when what a load makes of the same files changes (the package checks, the upsert). */
const VENDOR_LOAD_FORMAT = "vendor-skills/1";

/**
 * Loads the vendor skills: every folder of `vendorSkillsDir` that holds a SKILL.md, upserted by
 * name (a new version only when the files changed). Idempotent across restarts. A broken folder
 * is reported and skipped; a missing `vendorSkillsDir` loads nothing. A start whose vendor files
 * (names and bytes, with the upload limit they are checked against) are those of the last load
 * that had no failure skips the parse and the upserts (`skipped`): the database already holds
 * exactly what they would produce, and vendor skills cannot be changed through the API.
 */
export async function loadVendorSkills(deps: SkillDeps & { logger: Logger }): Promise<VendorLoadReport> {
  const report: VendorLoadReport = { created: [], updated: [], unchanged: [], failed: [], skipped: false };
  const root = resolve(deps.config.vendorSkillsDir);
  if (!existsSync(root)) {
    deps.logger.info("no vendor skills folder", { dir: root });
    return report;
  }
  const folders: { dir: string; files: IncomingFile[] | Error }[] = [];
  for (const entry of readdirSync(root).sort()) {
    const dir = join(root, entry);
    if (entry.startsWith(".")) continue;
    try {
      if (!statSync(dir).isDirectory()) continue;
      folders.push({ dir, files: readSkillDirectory(dir) });
    } catch (err) {
      folders.push({ dir, files: err instanceof Error ? err : new Error(String(err)) });
    }
  }
  const fingerprint = vendorFingerprint(folders, deps.config.maxUploadBytes);
  if (fingerprint !== null && (await deps.storage.meta.get(VENDOR_FINGERPRINT_KEY)) === fingerprint) {
    report.skipped = true;
    deps.logger.info("vendor skills unchanged since their last load", { folders: folders.length });
    return report;
  }
  for (const { dir, files } of folders) {
    try {
      if (files instanceof Error) throw files;
      const { version, manifest } = buildPackage(files, deps.config.maxUploadBytes);
      const result: SkillUpsertResult = await deps.storage.skills.upsertVendorSkill({
        display_title: manifest.heading ?? manifest.name,
        version,
      });
      report[result.outcome].push(result.skill.name);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      report.failed.push({ dir, error });
      deps.logger.error("vendor skill not loaded", { dir, error });
    }
  }
  // Only a load without failures is remembered: a broken folder is reported on every start.
  if (fingerprint !== null && report.failed.length === 0)
    await deps.storage.meta.set(VENDOR_FINGERPRINT_KEY, fingerprint);
  deps.logger.info("vendor skills loaded", {
    created: report.created.length,
    updated: report.updated.length,
    unchanged: report.unchanged.length,
    failed: report.failed.length,
  });
  return report;
}

/** A digest of the vendor folders' files (null when one could not be read). */
function vendorFingerprint(folders: { dir: string; files: IncomingFile[] | Error }[], maxBytes: number): string | null {
  const hash = createHash("sha256").update(`${VENDOR_LOAD_FORMAT}\0${maxBytes}\0`);
  for (const { dir, files } of folders) {
    if (files instanceof Error) return null;
    hash.update(`${dir}\0${files.length}\0`);
    for (const f of files) hash.update(`${f.path}\0${f.content.length}\0`).update(f.content);
  }
  return hash.digest("hex");
}

/**
 * Imports a skill folder for an account (CLI `skills import`): the account's newest custom skill
 * of the same name gets a new version when the files changed; without one, a skill is created.
 */
export async function importSkillDirectory(
  deps: SkillDeps,
  accountId: string,
  dir: string,
): Promise<SkillUpsertResult> {
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new Error(`${dir} is not a folder.`);
  const { version } = packageFromDirectory(abs, deps.config.maxUploadBytes);
  return deps.storage.skills.upsertAccountSkill(accountId, { display_title: version.name, metadata: {}, version });
}
