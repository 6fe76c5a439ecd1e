import type { Request } from "express";

/** The documented operation each request was matched to, `GET /skills/{skill_id}` (the path as documented). */
const operations = new WeakMap<Request, string>();

/** Set by a surface's request validator once it has found the request's operation. */
export function setMatchedOperation(req: Request, method: string, template: string): void {
  operations.set(req, `${method.toUpperCase()} ${template}`);
}

/** The request's documented operation, if its validator found one. */
export function matchedOperation(req: Request): string | undefined {
  return operations.get(req);
}
