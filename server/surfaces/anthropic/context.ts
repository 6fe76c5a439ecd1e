import type { Request } from "express";
import { invalidRequest } from "../../errors.ts";

/**
 * A JSON body as an object. The surface's validator has checked that one was sent; what it holds
 * is validated after its translation into the native request (validation.ts `nativeBody`), so the
 * translations read it defensively and anything but an object is refused here.
 */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidRequest("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** A field of a body as an object, or undefined when it is anything else (the native validator names it). */
export function objectField(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Refuses a field the SDK's body does not have, where the translation builds the native request
 * from named fields (so the native validator would never see it): `Unknown field 'x'.`, as there.
 */
export function onlyFields(body: Record<string, unknown>, fields: readonly string[], prefix = ""): void {
  const unknown = Object.keys(body).find((k) => !fields.includes(k));
  if (unknown !== undefined) {
    const param = `${prefix}${unknown.slice(0, 64)}`;
    throw invalidRequest(`Unknown field '${param}'.`, param);
  }
}

/** Drops the keys whose value is undefined (the SDK leaves them out; our schemas refuse none). */
export function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
