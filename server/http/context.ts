import type { Request, Response } from "express";
import { invalidRequest } from "../errors.ts";
import type { IdPrefix } from "../ids.ts";
import { isId } from "../ids.ts";
import type { PageQuery } from "../storage/port/index.ts";

/** What the auth middleware establishes for every API request. */
export interface RequestAuth {
  accountId: string;
  /** The token's id, or the environment key's (the rate limit counts per credential). */
  tokenId: string;
  /** Set when the credential is a self-hosted environment's key (http/environmentKeyScope.ts). */
  environmentKey?: { keyId: string; environmentId: string };
}

export function requestId(res: Response): string {
  return String(res.locals.requestId);
}

/** The account of the authenticated caller. */
export function accountOf(res: Response): string {
  const auth = res.locals.auth as RequestAuth | undefined;
  if (!auth) throw new Error("accountOf() called on a route without authentication");
  return auth.accountId;
}

/** A path parameter, which Express 5 always provides for a matched route. */
export function pathParam(req: Request, name: string): string {
  const value = req.params[name];
  if (typeof value !== "string") throw new Error(`Missing path parameter ${name}`);
  return value;
}

/** A single-valued string query parameter (the validator has checked its schema). */
export function queryString(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/** An integer query parameter (already coerced by the validator). */
export function queryInt(req: Request, name: string): number | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return typeof value === "number" ? value : Number(value);
}

/** A repeated query parameter (`statuses[]=a&statuses[]=b`, already checked by the validator). */
export function queryList(req: Request, name: string): string[] | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * The pagination parameters of a list request: `limit` (validated by the spec) and at most
 * one cursor, which must be a well-formed id of the listed kind.
 */
export function pageQuery(req: Request, kind: IdPrefix): PageQuery {
  const q = req.query as Record<string, unknown>;
  const limit = typeof q.limit === "number" ? q.limit : Number(q.limit ?? 20);
  const given = (["page", "after_id", "before_id"] as const).filter((p) => q[p] !== undefined);
  if (given.length > 1) {
    throw invalidRequest(`Pass at most one of page, after_id and before_id (got ${given.join(" and ")}).`, given[1]);
  }
  const name = given[0];
  if (!name) return { limit };
  const id = queryString(req, name) ?? "";
  if (!isId(kind, id)) {
    throw invalidRequest(`${name} must be a ${kind}_ id from this list, got "${id.slice(0, 80)}".`, name);
  }
  return { limit, cursor: { direction: name === "before_id" ? "before" : "after", id } };
}

/** A boolean query flag such as `include_archived` (already coerced by the validator). */
export function queryFlag(req: Request, name: string): boolean {
  const value = (req.query as Record<string, unknown>)[name];
  return value === true || value === "true";
}
