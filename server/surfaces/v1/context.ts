import type { Request } from "express";
import type { V1Validator } from "./validation.ts";

/** The /v1 validator of this app, set on `req` by the surface (server/surfaces/v1/index.ts). */
export function v1Validator(req: Request): V1Validator {
  const validator = (req as Request & { v1Validator?: V1Validator }).v1Validator;
  if (!validator) throw new Error("v1Validator() called outside the /v1 surface");
  return validator;
}

/** A JSON body as an object (validation has checked it is one where the operation takes a body). */
export function bodyOf(req: Request): Record<string, unknown> {
  return (req.body ?? {}) as Record<string, unknown>;
}

/** Drops the keys whose value is undefined (the SDK leaves them out; our schemas refuse none). */
export function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
