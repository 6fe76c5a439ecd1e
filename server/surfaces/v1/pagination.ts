import type { Request } from "express";
import { invalidRequest } from "../../errors.ts";
import { type IdPrefix, isId } from "../../ids.ts";
import type { Page, PageQuery } from "../../storage/port/index.ts";

/** The SDK's pagination (`PageCursor`): `limit` and `page`, the `next_page` of the previous page. */
export function v1PageQuery(req: Request, kind: IdPrefix): PageQuery {
  const q = req.query as Record<string, unknown>;
  const limit = typeof q.limit === "number" ? q.limit : 20;
  const page = q.page;
  if (page === undefined) return { limit };
  if (typeof page !== "string" || !isId(kind, page)) {
    throw invalidRequest(`page must be the next_page of a previous page of this list (a ${kind}_ id).`, "page");
  }
  return { limit, cursor: { direction: "after", id: page } };
}

/** `{data, next_page}` as the SDK's `PageCursor` reads it; sessions add `prev_page` (`BidirectionalPageCursor`). */
export interface V1Page<T> {
  data: T[];
  next_page: string | null;
}

export async function v1Page<R, T>(
  page: Pick<Page<R>, "data" | "next_page" | "has_more">,
  map: (item: R) => T | Promise<T>,
): Promise<V1Page<T>> {
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
