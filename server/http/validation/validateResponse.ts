/**
 * The run-time half of response validation (on in the in-process tests, `validateResponses`):
 * every JSON response of a documented operation is checked, before it is written, by the
 * validators generated from the document at build time (generated/responseValidators.js,
 * generated/v1/responseValidators.js; scripts/lib/responseValidatorsCode.ts), as
 * express-openapi-validator 5.6's response validator did: the status must be documented (or
 * `4XX`, or `default`), a response documented without a body must have none, and the body must
 * match the schema of its media type. A mismatch is a 500 whose log names the field
 * (`/response/metadata/a must be string`). 5xx answers are not checked.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { CompiledValidator, ResponseContent } from "../../../generated/responseValidators.js";
import { loadOnce } from "../../loadOnce.ts";
import { ContentType } from "./contentType.ts";
import { matchedOperation } from "./matchedOperation.ts";

/** What a generated responseValidators.js exports. */
export interface ResponseValidators {
  operations: Partial<Record<string, Partial<Record<string, ResponseContent>>>>;
}

/** Which surface a description is (`cloud`: /api/v1/cloud, `anthropic`: /v1). */
export type SurfaceName = "cloud" | "anthropic";

/**
 * The response validators of each surface's document, given by the tests that check every response
 * (test/helpers/servers/server.ts): the server's own code never imports them, so they are not in its build.
 */
export type ResponseValidatorsBySurface = Record<SurfaceName, () => Promise<ResponseValidators>>;

type AjvError = NonNullable<CompiledValidator["errors"]>[number];

/** A response that does not match its document (express-openapi-validator's InternalServerError). */
export class ResponseValidationError extends Error {
  readonly status = 500;
  constructor(
    readonly path: string,
    message: string,
    readonly errors: { path: string; message?: string; errorCode: string }[] = [{ path, message, errorCode: "" }],
  ) {
    super(message);
    this.name = "Internal Server Error";
  }
}

/** The documented media type a response is checked as (findResponseContent). */
function mediaTypeOf(accepts: string[], declared: string[]): string | undefined {
  const byNormalized = new Map(declared.map((t) => [new ContentType(t).normalize(), t]));
  for (const accept of accepts) {
    const type = new ContentType(accept);
    const normalized = type.normalize();
    if (normalized === "*/*") return declared[0];
    if (normalized !== undefined && byNormalized.has(normalized)) return normalized;
    if (type.mediaType && byNormalized.has(type.mediaType)) return type.mediaType;
    if (/^[a-z]+\/\*$/.test(accept)) {
      const [major] = (normalized ?? "").split("/", 1);
      for (const [n, t] of byNormalized) if (new RegExp(`^${major}/.+$`).test(n ?? "")) return t;
    }
  }
  return undefined;
}

function check(statuses: Partial<Record<string, ResponseContent>>, req: Request, res: Response, body: unknown): void {
  const status = String(res.statusCode);
  const content = statuses[status] ?? statuses[`${status[0]}XX`] ?? statuses.default;
  const path = req.originalUrl;
  if (!content)
    throw new ResponseValidationError(path, `no schema defined for status code '${status}' in the openapi spec`);
  const declared = Object.keys(content);
  if (declared.length === 0) {
    if (body !== undefined) throw new ResponseValidationError("/response", "response should NOT have a body");
    return;
  }
  const own = res.get("content-type");
  const accept = req.headers.accept;
  const accepts = own ? [own] : accept ? accept.split(",").map((h) => h.trim()) : [];
  const validate = content[mediaTypeOf(accepts, declared) ?? declared[0] ?? ""];
  if (!validate) return;
  if (body === undefined || body === null) throw new ResponseValidationError("/response", "response body required.");
  if (validate({ response: body })) return;
  const errors: AjvError[] = validate.errors ?? [];
  for (const e of errors) {
    const allowed = e.params?.allowedValues;
    if (e.keyword === "enum" && Array.isArray(allowed)) e.message = `${e.message}: ${allowed.join(", ")}`;
  }
  const message = errors.map((e) => `${e.instancePath} ${e.message}`).join(", ");
  throw new ResponseValidationError(
    path,
    message,
    errors.map((e) => ({ path: e.instancePath, message: e.message, errorCode: `${e.keyword}.openapi.validation` })),
  );
}

/**
 * Checks what `res.json` sends for the operation the request validator matched. The validators
 * are loaded by the first request (they are only ever used in tests).
 */
export function validateResponses(load: () => Promise<ResponseValidators>): RequestHandler {
  const loading = loadOnce(load);
  return (req: Request, res: Response, next: NextFunction) => {
    const operation = matchedOperation(req);
    if (!operation) return next();
    return loading().then((validators) => {
      const statuses = validators.operations[operation];
      if (!statuses) return next();
      const original = res.json;
      res.json = function json(body: unknown) {
        res.json = original;
        if (res.headersSent || res.statusCode >= 500) return original.call(this, body);
        try {
          check(statuses, req, res, body);
        } catch (err) {
          next(err);
          return res;
        }
        return original.call(this, body);
      };
      next();
    }, next);
  };
}
