/**
 * A skill package: the files of one skill version, all under one top-level folder that holds
 * `SKILL.md`. This module checks uploads and folders against the rules of API.md ("Skills"),
 * parses the SKILL.md front matter, and builds the zip of a version.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { ApiError, invalidRequest } from "../errors.ts";
import type { NewSkillVersion, SkillFile } from "../storage/port/skills.ts";
import { charLength } from "../text.ts";

export const SKILL_FILE = "SKILL.md";
export const NAME_PATTERN = /^[a-z0-9-]{1,64}$/;
export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;
export const MAX_FILES = 1000;
const PATH_MAX = 512;
const SEGMENT_MAX = 255;

/** A file as it arrives: the part's filename (its relative path) and its bytes. */
export interface IncomingFile {
  path: string;
  content: Uint8Array;
}

/** What the `SKILL.md` front matter declares, plus the first Markdown heading of its body. */
export interface SkillManifest {
  name: string;
  description: string;
  /** The text of the first `# ` heading, if any (vendor skills take it as their title). */
  heading: string | null;
}

/** A rule violation, always a 400 naming the file (param `files`). */
const bad = (message: string) => invalidRequest(message, "files");

const quote = (path: string) => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}...` : path);

/**
 * multer decodes part filenames as latin1 unless the client used RFC 5987 `filename*`; browsers
 * and fetch send raw UTF-8 bytes. Re-read such names as UTF-8 when they are valid UTF-8.
 */
export function decodePartFilename(name: string): string {
  // Only names made of latin1 code points, some of them above ASCII, can be mis-decoded UTF-8.
  const codes = Array.from(name, (c) => c.codePointAt(0) ?? 0);
  if (!codes.some((c) => c > 0x7f) || codes.some((c) => c > 0xff)) return name;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(name, "latin1"));
  } catch {
    return name;
  }
}

/** Checks one relative path and returns its segments. */
function checkPath(path: string): string[] {
  if (path === "") {
    throw bad("files: a file part has an empty filename: give each file its relative path, e.g. my-skill/SKILL.md.");
  }
  const q = quote(path);
  if (path.length > PATH_MAX) throw bad(`files: ${q}: paths are at most ${PATH_MAX} characters.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) throw bad(`files: ${q}: control characters are not allowed in paths.`);
  if (path.includes("\\")) throw bad(`files: ${q}: backslashes are not allowed in paths: separate folders with "/".`);
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
    throw bad(
      `files: ${q}: absolute paths are not allowed: use a path relative to the skill's parent folder, e.g. my-skill/SKILL.md.`,
    );
  }
  const segments = path.split("/");
  if (segments.includes("..")) throw bad(`files: ${q}: ".." segments are not allowed (path traversal).`);
  if (segments.includes(".")) throw bad(`files: ${q}: "." segments are not allowed.`);
  if (segments.includes("")) throw bad(`files: ${q}: empty path segments ("//" or a trailing "/") are not allowed.`);
  if (segments.some((s) => s.length > SEGMENT_MAX)) {
    throw bad(`files: ${q}: a file or folder name is longer than ${SEGMENT_MAX} characters.`);
  }
  if (segments.length < 2) {
    throw bad(
      `files: ${q}: every file must be inside the skill's top-level folder (e.g. my-skill/${path}), not at the root.`,
    );
  }
  return segments;
}

/** Splits `---\n<yaml>\n---\n<body>`; tolerates a BOM and CRLF line ends. */
function splitFrontMatter(file: string, text: string): { yaml: string; body: string } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---") {
    throw bad(
      `files: ${quote(file)}: must start with YAML front matter: a "---" line, then name and description, then a "---" line.`,
    );
  }
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
  if (end < 0) throw bad(`files: ${quote(file)}: the front matter has no closing "---" line.`);
  return { yaml: lines.slice(1, end).join("\n"), body: lines.slice(end + 1).join("\n") };
}

/** Parses and checks the front matter of a SKILL.md. `file` names it in messages. */
export function parseManifest(file: string, content: Uint8Array): SkillManifest {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    throw bad(`files: ${quote(file)}: is not valid UTF-8 text.`);
  }
  const { yaml, body } = splitFrontMatter(file, text);
  let data: unknown;
  try {
    data = parseYaml(yaml, { prettyErrors: false, maxAliasCount: 50 });
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]?.slice(0, 200);
    throw bad(`files: ${quote(file)}: the front matter is not valid YAML: ${reason}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw bad(`files: ${quote(file)}: the front matter must be a YAML mapping with name and description.`);
  }
  const fm = data as Record<string, unknown>;
  const rule = `lowercase letters, digits and hyphens, at most ${NAME_MAX} characters`;
  if (typeof fm.name !== "string" || fm.name === "") {
    throw bad(`files: ${quote(file)}: the front matter needs a "name" (${rule}).`);
  }
  if (!NAME_PATTERN.test(fm.name)) {
    throw bad(`files: ${quote(file)}: front matter name ${quote(fm.name)} is invalid: use ${rule}.`);
  }
  if (typeof fm.description !== "string" || fm.description.trim() === "") {
    throw bad(
      `files: ${quote(file)}: the front matter needs a "description": a non-empty text of at most ${DESCRIPTION_MAX} characters.`,
    );
  }
  const description = fm.description.trim();
  if (charLength(description) > DESCRIPTION_MAX) {
    throw bad(
      `files: ${quote(file)}: the front matter description is ${charLength(description)} characters long; the limit is ${DESCRIPTION_MAX}.`,
    );
  }
  const heading = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1]?.trim().slice(0, 255) || null;
  return { name: fm.name, description, heading };
}

/** SHA-256 over the sorted (path, size, content) triples: equal digests mean equal packages. */
export function packageDigest(files: SkillFile[]): string {
  const hash = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${f.path}\0${f.content.byteLength}\0`);
    hash.update(f.content);
  }
  return hash.digest("hex");
}

/**
 * Checks a set of files against every upload rule and returns the version to store with its
 * manifest. `maxBytes` bounds the total size (413 above it).
 */
export function buildPackage(
  incoming: IncomingFile[],
  maxBytes: number,
): { version: NewSkillVersion; manifest: SkillManifest } {
  if (incoming.length === 0) {
    throw bad("files: upload at least one file: the skill's folder with its SKILL.md (for example my-skill/SKILL.md).");
  }
  if (incoming.length > MAX_FILES) throw bad(`files: at most ${MAX_FILES} files per skill version.`);
  const total = incoming.reduce((sum, f) => sum + f.content.byteLength, 0);
  if (total > maxBytes) {
    throw new ApiError(
      "request_too_large",
      `The uploaded files total ${total} bytes, over the limit of ${maxBytes} bytes.`,
      "files",
    );
  }
  let directory: string | undefined;
  const seen = new Map<string, string>();
  for (const file of incoming) {
    const segments = checkPath(file.path);
    const top = segments[0] as string;
    directory ??= top;
    if (top !== directory) {
      throw bad(
        `files: ${quote(file.path)}: is outside the top-level folder ${quote(directory)}: all files must be in one top-level folder.`,
      );
    }
    const key = file.path.toLowerCase();
    const previous = seen.get(key);
    if (previous !== undefined) {
      throw bad(
        previous === file.path
          ? `files: ${quote(file.path)}: duplicate path: each file may appear once.`
          : `files: ${quote(file.path)}: duplicate path: it differs from ${quote(previous)} only by case.`,
      );
    }
    seen.set(key, file.path);
  }
  // A path cannot be both a file and a folder (the zip could not be unpacked).
  for (const file of incoming) {
    const segments = file.path.split("/");
    for (let i = 1; i < segments.length - 1; i++) {
      const folder = segments.slice(0, i + 1).join("/");
      const clash = seen.get(folder.toLowerCase());
      if (clash !== undefined) {
        throw bad(
          `files: ${quote(file.path)}: its folder ${quote(folder)} is also uploaded as the file ${quote(clash)}.`,
        );
      }
    }
  }
  const dir = directory as string;
  const skillPath = `${dir}/${SKILL_FILE}`;
  const skillFile = incoming.find((f) => f.path === skillPath);
  if (!skillFile) {
    const near = incoming.find((f) => f.path.toLowerCase() === skillPath.toLowerCase());
    throw bad(
      `files: no ${quote(skillPath)}: the top-level folder must hold a ${SKILL_FILE} file` +
        (near ? ` (found ${quote(near.path)}; the name is case-sensitive).` : "."),
    );
  }
  const manifest = parseManifest(skillPath, skillFile.content);
  const files: SkillFile[] = incoming
    .map((f) => ({ path: f.path, content: f.content }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    manifest,
    version: {
      name: manifest.name,
      description: manifest.description,
      directory: dir,
      digest: packageDigest(files),
      files,
    },
  };
}

/**
 * Reads a skill folder from disk as an upload of `<folder name>/<relative path>` files. Hidden
 * entries (names starting with ".") and symbolic links are skipped.
 */
export function readSkillDirectory(dir: string): IncomingFile[] {
  const top = basename(dir);
  const out: IncomingFile[] = [];
  const walk = (abs: string, rel: string) => {
    for (const entry of readdirSync(abs).sort()) {
      if (entry.startsWith(".")) continue;
      const full = join(abs, entry);
      const stat = lstatSync(full);
      const relPath = rel ? `${rel}/${entry}` : entry;
      if (stat.isDirectory()) walk(full, relPath);
      else if (stat.isFile()) out.push({ path: `${top}/${relPath}`, content: new Uint8Array(readFileSync(full)) });
    }
  };
  walk(dir, "");
  return out;
}

/** The deflate level of skill zips (skillZip.ts builds the same zips on a worker thread). */
export const ZIP_LEVEL = 6;

/**
 * The files of a version as a zip archive; `mtime` fixes the entry times, so equal inputs zip equally.
 * fflate is loaded by the first zip, not at start.
 */
export async function zipFiles(files: SkillFile[], mtime: Date): Promise<Uint8Array> {
  const { zipSync } = await import("fflate");
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const f of files) entries[f.path] = [f.content, { mtime }];
  return zipSync(entries, { level: ZIP_LEVEL, mtime });
}
