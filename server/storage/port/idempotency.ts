/** The Idempotency-Key records of POST requests (API.md, "Idempotency and limits"). */

/** What identifies a request for its key: a retry must repeat all of it. */
export interface IdempotentRequest {
  accountId: string;
  key: string;
  method: string;
  path: string;
  /** A digest of the request body (see server/http/idempotency.ts). */
  fingerprint: string;
}

/** A completed response as kept for replay. The body is sealed by the caller. */
export interface StoredResponse {
  status: number;
  contentType: string | null;
  bodySealed: string;
}

export type IdempotencyClaim =
  /** The key is new (or its record expired): the caller runs the request and then completes it. */
  | { outcome: "claimed" }
  /** The first request with the key is still running. */
  | { outcome: "in_flight" }
  /** The key was used for another request: `differs` names what is different. */
  | { outcome: "mismatch"; differs: "method" | "path" | "body" }
  /** The first request completed: replay its response. */
  | { outcome: "completed"; response: StoredResponse };

export interface IdempotencyStore {
  /**
   * Looks up the key and, when it is free, takes it for this request, in one transaction.
   * A record created before `expiredBefore` counts as absent (and is replaced); a running one
   * whose lease ended before now is taken over. `lockedUntil` is the new lease.
   */
  claim(request: IdempotentRequest, options: { expiredBefore: string; lockedUntil: string }): IdempotencyClaim;
  /** Keeps the response of a claimed key. */
  complete(accountId: string, key: string, response: StoredResponse): void;
  /** Frees a claimed key whose request ended without a response to keep. */
  release(accountId: string, key: string): void;
  /**
   * Deletes up to `limit` records created before `before` (ISO time), oldest first; returns how many.
   * The retention job calls it in batches; claims also remove a few, so that correctness never
   * depends on it.
   */
  deleteExpiredIdempotencyKeys(before: string, limit: number): number;
  /**
   * The kept responses of the account's completed requests on these exact paths (still sealed):
   * what a redaction looks through for copies of the content it removes.
   */
  keptResponses(accountId: string, paths: string[]): KeptResponse[];
  /**
   * Replaces the kept response of a completed record while it still holds this sealed body (the
   * key stays used: a retry is answered the replacement, never run again); returns whether it did.
   */
  replaceResponse(accountId: string, key: string, bodySealed: string, replacement: StoredResponse): boolean;
}

export interface KeptResponse {
  key: string;
  path: string;
  bodySealed: string;
}
