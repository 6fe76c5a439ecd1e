/**
 * Environment variables of sessions and deployments: one set of rules for both forms.
 *
 * - Sessions take a JSON object `{NAME: value}` (`validateEnvironmentVariableObject`).
 * - Deployments take a string of `NAME=value` lines (`parseEnvironmentVariableLines`).
 * - Both are stored and shown normalized: sorted by name, `NAME=value` lines joined with `\n`
 *   (`normalizeEnvironmentVariables`), and read back with `environmentVariablesToObject`.
 *
 * Rules: names match `[A-Za-z_][A-Za-z0-9_]*` (at most 256 characters); the reserved names and
 * prefixes below are refused in any letter case (an agent runtime sets them itself, and `LD_` /
 * `DYLD_` change what the loader runs); two names that differ only in letter case are duplicates
 * (they collide on case-insensitive systems and are almost always a mistake); values are
 * single-line (no CR, LF or NUL); the normalized text is at most 32 KiB of UTF-8. Every violation
 * is a 400 whose message names the variable.
 */
import { invalidRequest } from "../errors.ts";

export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const ENV_NAME_MAX_LENGTH = 256;
export const RESERVED_ENV_NAMES: readonly string[] = ["PATH", "HOME", "USER", "SHELL", "PWD", "HOSTNAME"];
export const RESERVED_ENV_PREFIXES: readonly string[] = ["CLOUD_AGENTS_", "LD_", "DYLD_"];
/** The limit on the normalized `NAME=value` text, in UTF-8 bytes. */
export const ENV_MAX_BYTES = 32 * 1024;

/** A validated set of variables, sorted by name. */
export type EnvironmentVariableList = ReadonlyArray<readonly [name: string, value: string]>;

function checkName(name: string, param: string, where: string): void {
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  if (name.length > ENV_NAME_MAX_LENGTH) {
    throw invalidRequest(`${where}: the name ${shown} is longer than ${ENV_NAME_MAX_LENGTH} characters.`, param);
  }
  if (!ENV_NAME_PATTERN.test(name)) {
    throw invalidRequest(
      `${where}: the name ${shown} is invalid; names match [A-Za-z_][A-Za-z0-9_]* (letters, digits and '_', not starting with a digit).`,
      param,
    );
  }
  const upper = name.toUpperCase();
  if (RESERVED_ENV_NAMES.includes(upper)) {
    throw invalidRequest(`${where}: ${name} is a reserved name (${RESERVED_ENV_NAMES.join(", ")}).`, param);
  }
  const prefix = RESERVED_ENV_PREFIXES.find((p) => upper.startsWith(p));
  if (prefix) {
    throw invalidRequest(
      `${where}: ${name} uses the reserved prefix ${prefix} (reserved: ${RESERVED_ENV_PREFIXES.join(", ")}).`,
      param,
    );
  }
}

function checkValue(name: string, value: string, param: string, where: string): void {
  if (/[\r\n\0]/.test(value)) {
    throw invalidRequest(`${where}: the value of ${name} must be a single line (no line breaks or NUL).`, param);
  }
}

/** Sorts, checks duplicates (letter case ignored) and the total size. */
function finish(
  entries: [string, string][],
  param: string,
  paramOf: (name: string) => string,
): EnvironmentVariableList {
  const seen = new Map<string, string>();
  for (const [name] of entries) {
    const key = name.toUpperCase();
    const previous = seen.get(key);
    if (previous !== undefined) {
      throw invalidRequest(
        previous === name
          ? `environment_variables: ${name} is defined more than once.`
          : `environment_variables: ${name} duplicates ${previous} (names are compared ignoring letter case).`,
        paramOf(name),
      );
    }
    seen.set(key, name);
  }
  const sorted = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes = Buffer.byteLength(sorted.map(([n, v]) => `${n}=${v}`).join("\n"), "utf8");
  if (bytes > ENV_MAX_BYTES) {
    throw invalidRequest(
      `environment_variables: ${bytes} bytes in total, more than the limit of ${ENV_MAX_BYTES} bytes (32 KiB).`,
      param,
    );
  }
  return sorted;
}

/**
 * Validates the JSON object form (sessions). `param` is the field name; errors name
 * `<param>.<NAME>`.
 */
export function validateEnvironmentVariableObject(
  input: Record<string, unknown>,
  param = "environment_variables",
): EnvironmentVariableList {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(input)) {
    const p = `${param}.${name}`;
    checkName(name, p, param);
    if (typeof value !== "string") throw invalidRequest(`${param}: the value of ${name} must be a string.`, p);
    checkValue(name, value, p, param);
    entries.push([name, value]);
  }
  return finish(entries, param, (name) => `${param}.${name}`);
}

/**
 * Parses and validates the string form (deployments): `NAME=value` lines separated by `\n`
 * (a trailing `\r` is dropped, blank lines are skipped). The value is everything after the first
 * `=`, kept as is.
 */
export function parseEnvironmentVariableLines(text: string, param = "environment_variables"): EnvironmentVariableList {
  const entries: [string, string][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").replace(/\r$/, "");
    if (line.trim() === "") continue;
    const where = `${param} line ${i + 1}`;
    const eq = line.indexOf("=");
    if (eq < 0) {
      throw invalidRequest(`${where}: expected NAME=value, got ${JSON.stringify(line.slice(0, 80))}.`, param);
    }
    const name = line.slice(0, eq);
    const value = line.slice(eq + 1);
    checkName(name, param, where);
    checkValue(name, value, param, where);
    entries.push([name, value]);
  }
  return finish(entries, param, () => param);
}

/** The normalized text: sorted by name, `NAME=value` lines joined with `\n` ("" when empty). */
export function normalizeEnvironmentVariables(list: EnvironmentVariableList): string {
  return list.map(([name, value]) => `${name}=${value}`).join("\n");
}

/** Reads normalized text back as an object, in name order. */
export function environmentVariablesToObject(normalized: string): Record<string, string> {
  if (normalized === "") return {};
  // Object.fromEntries defines own properties, so a variable named `__proto__` stays a variable.
  return Object.fromEntries(
    normalized.split("\n").map((line) => {
      const eq = line.indexOf("=");
      return [line.slice(0, eq), line.slice(eq + 1)] as const;
    }),
  );
}
