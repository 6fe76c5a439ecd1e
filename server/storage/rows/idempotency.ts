/**
 * The idempotency_keys row and what a claim decides from it: one copy for both adapters.
 */
import type { IdempotencyClaim, IdempotentRequest } from "../port/idempotency.ts";

export interface KeyRow {
  method: string;
  path: string;
  fingerprint: string;
  created_at: string;
  locked_until: string | null;
  status: number | null;
  content_type: string | null;
  body_sealed: string | null;
}

/** Expired records each claim deletes on its way, so the table stays bounded without retention. */
export const LAZY_PURGE_BATCH = 10;

/** Whether a record no longer holds its key: expired, or claimed and abandoned (its lock ran out unfinished). */
export const isStale = (row: KeyRow, expiredBefore: string, now: string): boolean =>
  row.created_at < expiredBefore || (row.status === null && (row.locked_until ?? "") < now);

/** What a request meets in the live record of its key: another request, one still running, or the stored response. */
export function claimOfExisting(
  row: KeyRow,
  request: IdempotentRequest,
): Exclude<IdempotencyClaim, { outcome: "claimed" }> {
  if (row.method !== request.method) return { outcome: "mismatch", differs: "method" };
  if (row.path !== request.path) return { outcome: "mismatch", differs: "path" };
  if (row.fingerprint !== request.fingerprint) return { outcome: "mismatch", differs: "body" };
  if (row.status === null || row.body_sealed === null) return { outcome: "in_flight" };
  return {
    outcome: "completed",
    response: { status: row.status, contentType: row.content_type, bodySealed: row.body_sealed },
  };
}
