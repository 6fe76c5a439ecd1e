/** How PostgreSQL errors map onto the port's errors. */
import { StorageConflictError, StorageInputError } from "../port/index.ts";

/** The SQLSTATE of a node-postgres error (a DatabaseError), or of the error a StorageConflictError wraps. */
export function sqlState(err: unknown): string | undefined {
  const source = err instanceof StorageConflictError ? (err as { cause?: unknown }).cause : err;
  const code = (source as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** unique_violation. */
export const UNIQUE_VIOLATION = "23505";
/** character_not_in_repertoire (a NUL byte in text) and untranslatable_character. */
const INVALID_TEXT = new Set(["22021", "22P05"]);
/** serialization_failure and deadlock_detected: the transaction may be run again as a whole. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** Whether the transaction lost a race PostgreSQL resolved by aborting it (run it again). */
export function isRetryable(err: unknown): boolean {
  return RETRYABLE.has(sqlState(err) ?? "");
}

/** Whether `err` is a unique violation (of `constraint`, when given: the index or constraint name). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== UNIQUE_VIOLATION) return false;
  if (constraint === undefined) return true;
  const source = err instanceof StorageConflictError ? (err as { cause?: unknown }).cause : err;
  return (source as { constraint?: unknown }).constraint === constraint;
}

/**
 * The error a store's caller sees: a unique violation (another transaction took the key first) and
 * a race still lost after the retries become StorageConflictError (409, nothing written); text
 * PostgreSQL cannot store (a NUL character) becomes StorageInputError (400); the rest
 * passes unchanged (a bug or an outage: 500/503).
 */
export function toStorageError(err: unknown): unknown {
  if (err instanceof StorageConflictError || err instanceof StorageInputError) return err;
  const state = sqlState(err);
  if (state !== undefined && INVALID_TEXT.has(state)) {
    const input = new StorageInputError();
    (input as { cause?: unknown }).cause = err;
    return input;
  }
  if (state === UNIQUE_VIOLATION || (state !== undefined && RETRYABLE.has(state))) {
    const conflict = new StorageConflictError();
    (conflict as { cause?: unknown }).cause = err;
    return conflict;
  }
  return err;
}
