import { invalidRequest } from "../errors.ts";
import type { Metadata } from "../storage/port/index.ts";
import { charLength } from "../text.ts";

/** The rules of `Metadata` (openapi/components/schemas/Metadata.yaml), in characters (code points). */
export const METADATA_MAX_KEYS = 16;
export const METADATA_MAX_KEY_LENGTH = 64;
export const METADATA_MAX_VALUE_LENGTH = 512;

/**
 * Checks a metadata object the schema validator did not see (the `metadata` text field of a
 * skill upload) by the same rules and the same count of characters as the schema.
 */
export function checkMetadata(value: unknown, param = "metadata"): Metadata {
  const fail = (why: string) => invalidRequest(`${param}: ${why}`, param);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw fail('must be a JSON object of strings, e.g. {"team":"platform"}.');
  }
  const entries = Object.entries(value);
  if (entries.length > METADATA_MAX_KEYS) throw fail(`at most ${METADATA_MAX_KEYS} keys are allowed.`);
  for (const [key, v] of entries) {
    const shown = JSON.stringify(Array.from(key).slice(0, METADATA_MAX_KEY_LENGTH).join(""));
    const keyLength = charLength(key);
    if (keyLength < 1 || keyLength > METADATA_MAX_KEY_LENGTH) {
      throw fail(`keys must be 1 to ${METADATA_MAX_KEY_LENGTH} characters (${shown} has ${keyLength}).`);
    }
    if (typeof v !== "string") throw fail(`the value of ${shown} must be a string.`);
    if (charLength(v) > METADATA_MAX_VALUE_LENGTH) {
      throw fail(`the value of ${shown} is over ${METADATA_MAX_VALUE_LENGTH} characters.`);
    }
  }
  return Object.fromEntries(entries) as Metadata;
}

/**
 * Applies a metadata patch: a string sets a key, null deletes it, keys not named are kept.
 * The limit of 16 keys applies to the result, not to the patch (which may delete some keys and
 * set as many new ones).
 */
export function applyMetadataPatch(current: Metadata, patch: Record<string, string | null> | undefined): Metadata {
  if (!patch) return current;
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > METADATA_MAX_KEYS) {
    throw invalidRequest(
      `metadata: at most ${METADATA_MAX_KEYS} keys are allowed after the update (it would leave ${Object.keys(next).length}).`,
      "metadata",
    );
  }
  return next;
}
