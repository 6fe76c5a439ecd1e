/** Shared shapes of the storage port. */

/** A keyset page request. `cursor` is validated by the caller (a well-formed id of the right kind). */
export interface PageQuery {
  limit: number;
  cursor?: { direction: "after" | "before"; id: string } | undefined;
  /** The list's order instead of its default (`desc` newest first, `asc` oldest first). */
  order?: "asc" | "desc" | undefined;
  /** Only the records created in this range (ISO 8601 UTC with milliseconds, as stored). */
  createdAt?: CreatedAtRange | undefined;
}

/** Bounds on `created_at`: after (`gt`), at or after (`gte`), before (`lt`), at or before (`lte`). */
export interface CreatedAtRange {
  gt?: string | undefined;
  gte?: string | undefined;
  lt?: string | undefined;
  lte?: string | undefined;
}

/** One page of a list, in the wire shape of every list response. */
export interface Page<T> {
  data: T[];
  next_page: string | null;
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

export type Metadata = Record<string, string>;
