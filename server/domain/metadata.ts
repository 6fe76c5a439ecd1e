import { invalidRequest } from "../errors.ts";
import type { Metadata } from "../storage/port.ts";

export const METADATA_MAX_KEYS = 16;

/**
 * Applies a metadata patch: a string sets a key, null deletes it, keys not named are kept.
 * The result must still fit the limit of 16 keys.
 */
export function applyMetadataPatch(current: Metadata, patch: Record<string, string | null> | undefined): Metadata {
  if (!patch) return current;
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > METADATA_MAX_KEYS) {
    throw invalidRequest(`metadata: at most ${METADATA_MAX_KEYS} keys are allowed after the update.`, "metadata");
  }
  return next;
}
