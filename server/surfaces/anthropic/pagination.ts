import type { Request } from "express";
import { invalidRequest } from "../../errors.ts";
import { type IdPrefix, isId } from "../../ids.ts";
import type { CreatedAtRange, Page, PageQuery } from "../../storage/port/index.ts";

const RANGE = ["gt", "gte", "lt", "lte"] as const;

/** The `created_at[gt|gte|lt|lte]` parameters of a list, as stored times (ISO 8601 UTC, milliseconds). */
function createdAtRange(q: Record<string, unknown>): CreatedAtRange | undefined {
  const range: CreatedAtRange = {};
  for (const bound of RANGE) {
    const name = `created_at[${bound}]`;
    const value = q[name];
    if (value === undefined) continue;
    const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(time)) {
      throw invalidRequest(`${name} must be an RFC 3339 time such as 2026-11-27T09:00:00Z.`, name);
    }
    range[bound] = new Date(time).toISOString();
  }
  return Object.keys(range).length > 0 ? range : undefined;
}

/**
 * The SDK's list parameters: `limit` and `page` (the `next_page` of the previous page), and where
 * the list declares them (the validator lets no other through) `order` and the `created_at[...]`
 * bounds. A `page` cursor is followed in the order and range it is sent with.
 */
export function sdkPageQuery(req: Request, kind: IdPrefix): PageQuery {
  const q = req.query as Record<string, unknown>;
  const limit = typeof q.limit === "number" ? q.limit : 20;
  const order: "asc" | "desc" | undefined = q.order === "asc" || q.order === "desc" ? q.order : undefined;
  const createdAt = createdAtRange(q);
  const extra = { ...(order ? { order } : {}), ...(createdAt ? { createdAt } : {}) };
  const page = q.page;
  if (page === undefined) return { limit, ...extra };
  if (typeof page !== "string" || !isId(kind, page)) {
    throw invalidRequest(`page must be the next_page of a previous page of this list (a ${kind}_ id).`, "page");
  }
  return { limit, cursor: { direction: "after", id: page }, ...extra };
}

/** `{data, next_page}` as the SDK's `PageCursor` reads it; sessions add `prev_page` (`BidirectionalPageCursor`). */
export interface SdkPage<T> {
  data: T[];
  next_page: string | null;
}

export async function sdkPage<R, T>(
  page: Pick<Page<R>, "data" | "next_page" | "has_more">,
  map: (item: R) => T | Promise<T>,
): Promise<SdkPage<T>> {
  const data: T[] = [];
  for (const item of page.data) data.push(await map(item));
  return { data, next_page: page.has_more ? page.next_page : null };
}

/** A list whose only order is ours: `order` may name it, the other one is refused. */
export function checkOrder(req: Request, supported: "asc" | "desc"): void {
  const order = (req.query as Record<string, unknown>).order;
  if (order !== undefined && order !== supported) {
    throw invalidRequest(
      `order=${String(order)} is not supported by this server: this list is ${supported} only.`,
      "order",
    );
  }
}
