/** Shared shapes of the storage port. */

/** A keyset page request. `cursor` is validated by the caller (a well-formed id of the right kind). */
export interface PageQuery {
  limit: number;
  cursor?: { direction: "after" | "before"; id: string } | undefined;
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
