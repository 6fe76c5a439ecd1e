/**
 * Request validation of the Anthropic-compatible surface against its own document
 * (generated/v1/openapi.json), by validators compiled from it at build time
 * (generated/v1/requestValidators.js, scripts/lib/v1RequestValidatorsCode.ts): the operation must
 * exist (else the unserved-operation catalogue, 404 or 405), every query parameter must be declared
 * and valid (integers and booleans read from their text), and an operation that takes a JSON body
 * must get one. The body itself is validated once, after its translation into the native request,
 * by the native document's validator (`nativeBody`): the domain functions only ever see requests
 * valid there, and no body is checked twice.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AnthropicOperation } from "../../../generated/v1/requestValidators.js";
import type { Schemas } from "../../api.ts";
import { ApiError, invalidRequest, notFound } from "../../errors.ts";
import { setMatchedOperation } from "../../http/validation/matchedOperation.ts";
import { validateBodyAs } from "../../http/validation/validateRequest.ts";
import { loadOnce } from "../../loadOnce.ts";
import { unservedOperation } from "./unserved.ts";

/**
 * The query as the SDK names its parameters: Express parses `created_at[gte]=...` into
 * `{created_at: {gte: ...}}`, which is `created_at[gte]` again here (one level, as the SDK sends).
 */
function flatQuery(query: Record<string, unknown>): [string, unknown][] {
  return Object.entries(query).flatMap(([name, value]): [string, unknown][] =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([key, inner]) => [`${name}[${key}]`, inner])
      : [[name, value]],
  );
}

/** The documented operation of a request, or the error it gets (unserved, unknown, wrong method). */
export function matchOperation(operations: AnthropicOperation[], method: string, path: string): AnthropicOperation {
  const lower = method.toLowerCase();
  const samePath = operations.filter((o) => o.regex.test(path));
  const op = samePath.find((o) => o.method === lower);
  if (op) return op;
  const unserved = unservedOperation(method, path);
  if (unserved) {
    const what =
      unserved.kind === "cannot_apply" ? "cannot apply to a self-hosted server" : "this server does not serve yet";
    throw notFound(
      `${unserved.operation} (${method} ${path}) is an operation of the Anthropic SDK that ${what}: ${unserved.why}`,
    );
  }
  if (samePath.length > 0) {
    throw new ApiError("invalid_request_error", `Method ${method} is not allowed on ${path}.`, undefined, 405);
  }
  throw notFound(`No route ${method} ${path}.`);
}

/** Query parameters declared and valid (coerced in place), and a JSON body where one is taken. */
function check(operations: AnthropicOperation[], req: Request): void {
  const op = matchOperation(operations, req.method === "HEAD" ? "GET" : req.method, `${req.baseUrl}${req.path}`);
  setMatchedOperation(req, op.method, op.template);
  const coerced: Record<string, unknown> = {};
  for (const [name, raw] of flatQuery(req.query as Record<string, unknown>)) {
    const param = op.query[name];
    if (!param) throw invalidRequest(`Query parameter ${name} is not supported on ${op.template}.`, name);
    let value: unknown = raw;
    if (param.type === "array") {
      // `statuses[]=idle&statuses[]=running` (the SDK's brackets), or the name repeated, or once.
      const items = Array.isArray(raw) ? raw : [raw];
      if (!items.every((v) => typeof v === "string"))
        throw invalidRequest(`Query parameter ${name} is malformed.`, name);
      value = items;
    } else if (typeof raw !== "string") throw invalidRequest(`Query parameter ${name} must be given once.`, name);
    if (param.type === "integer" && typeof raw === "string") value = /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
    if (param.type === "boolean") value = raw === "true" ? true : raw === "false" ? false : raw;
    if (!param.validate(value)) {
      throw invalidRequest(`Query parameter ${name}: ${param.validate.errors?.[0]?.message ?? "is invalid"}.`, name);
    }
    coerced[name] = value;
  }
  // Express 5's req.query is a getter: the parsed values replace it for the routes.
  Object.defineProperty(req, "query", { value: coerced, writable: true, configurable: true });
  if (op.jsonBody && req.body === undefined) {
    throw invalidRequest("This operation takes a JSON body (Content-Type: application/json).");
  }
}

/**
 * The surface's request validator. Its validators are imported by the first request of the
 * surface (not at start); the requests that arrive before wait for them.
 */
export function validateAnthropicRequests(): RequestHandler {
  let operations: AnthropicOperation[] | undefined;
  const loading = loadOnce(async () => {
    operations = (await import("../../../generated/v1/requestValidators.js")).operations;
    return operations;
  });
  const handle = (ops: AnthropicOperation[], req: Request, next: NextFunction) => {
    try {
      check(ops, req);
    } catch (err) {
      return next(err);
    }
    next();
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    if (operations) return handle(operations, req, next);
    return loading().then((ops) => handle(ops, req, next), next);
  };
}

/**
 * A body translated into the native request (`CreateAgentRequest`, ...), validated once, by the
 * native document's generated validator: a 400 naming the field when it is not valid there.
 */
export function nativeBody<K extends keyof Schemas>(req: Request, schema: K, body: unknown): Promise<Schemas[K]> {
  return validateBodyAs<Schemas[K]>(schema, body, req.path);
}
