/**
 * The run-time half of request validation: the validators were compiled from the spec at build
 * time (generated/requestValidators.js, see scripts/lib/requestValidatorsCode.ts); this finds a
 * request's operation, prepares its parameters and body and runs them, step for step as
 * express-openapi-validator 5.6's middlewares do (openapi.metadata.js, openapi.multipart.js,
 * openapi.request.validator.js, parsers/req.parameter.mutator.js), so that every request gets
 * the same answer: test/contract/requestValidatorSpec.test.ts compares the two on the fuzzer's
 * requests for every operation.
 */
import url from "node:url";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { parse as parseQueryString } from "qs";
import type {
  CompiledValidator,
  GeneratedOperation,
  GeneratedRoute,
  ParamStep,
} from "../../../generated/requestValidators.js";
import { loadOnce } from "../../loadOnce.ts";
import { multipartWasRead } from "../requestBodies.ts";
import { ContentType, selectMediaType } from "./contentType.ts";
import {
  badRequest,
  httpError,
  methodNotAllowed,
  notFound,
  unsupportedMediaType,
  type ValidationErrorItem,
} from "./errors.ts";
import { setMatchedOperation } from "./matchedOperation.ts";
import { uploadLimits } from "./options.ts";

type Fields = Record<string, unknown>;
type Multer = typeof import("multer");

/**
 * The validators and the multipart reader, loaded by the first request that needs them (see
 * `validateRequests`): together the largest part of the server that a request may never use.
 */
interface Loaded {
  routes: GeneratedRoute[];
  basePaths: string[];
  MulterError: Multer["MulterError"];
  upload: RequestHandler;
}
type AjvError = NonNullable<CompiledValidator["errors"]>[number];

interface Matched {
  operation: GeneratedOperation;
  pathParams: Record<string, string>;
}

/** The operation of a request (openapi.metadata.js): the first route whose path fits. */
function lookup(req: Request, { routes, basePaths }: Loaded): Matched | null {
  const base = req.baseUrl;
  const path = req.path.startsWith(base) ? req.path : `${base}/${req.path}`;
  const wire = req.originalUrl.split("?")[0] ?? "";
  for (const route of routes) {
    const found = route.regexp.exec(wire);
    if (!found) continue;
    const operation = route.methods[req.method];
    if (!operation) throw methodNotAllowed(req.path, req.method);
    const pathParams: Record<string, string> = {};
    try {
      found.slice(1).forEach((value, i) => {
        pathParams[route.keys[i] ?? String(i)] = decodeURIComponent(value);
      });
    } catch {
      throw badRequest(req.path, "malformed uri'");
    }
    return { operation, pathParams };
  }
  if (basePaths.some((bp) => path.startsWith(bp))) throw notFound(req.path);
  return null;
}

const RESERVED_CHARS = /[:/?#[\]@!$&'()*+,;=]/;

/** The query string split on `&` and `=`, still percent-encoded (the reserved-character check reads it). */
function rawQuery(originalUrl: string): Map<string, (string | undefined)[]> {
  // url.parse as the validator does: it escapes a few characters (quotes, spaces) first.
  const search = url.parse(originalUrl).query;
  const pairs = new Map<string, (string | undefined)[]>();
  if (!search) return pairs;
  for (const p of search.replace("?", "").split("&")) {
    const [k = "", v] = p.split("=");
    const values = pairs.get(k) ?? [];
    values.push(v);
    pairs.set(k, values);
  }
  return pairs;
}

function checkReserved(name: string, pairs: Map<string, (string | undefined)[]>, allowComma: boolean): void {
  for (const v of pairs.get(name) ?? []) {
    for (const sv of allowComma && v !== undefined ? v.split(",") : [v]) {
      if (sv?.match(RESERVED_CHARS)) {
        throw badRequest(
          `/query/${name}`,
          `Parameter '${name}' must be url encoded. Its value may not contain reserved characters.`,
        );
      }
    }
  }
}

/** `a[b]=c` keys the query parser left flat become nested (BracketNotationHandler). */
function bracketNotation(query: Fields): Fields {
  for (const key of Object.keys(query)) {
    if (!key.includes("[")) continue;
    const normalizedKey = key.split("[")[0] ?? "";
    const parsed = parseQueryString(`${key}=${query[key]}`) as Fields;
    const value = parsed[normalizedKey];
    if (value !== undefined) {
      const current = query[normalizedKey];
      if (current && typeof current === "object" && typeof value === "object" && !Array.isArray(value)) {
        query[normalizedKey] = { ...(current as Fields), ...(value as Fields) };
      } else {
        query[normalizedKey] = value;
      }
    }
    delete query[key];
  }
  return query;
}

function applyStep(req: Request, step: ParamStep): void {
  const fields = (req as unknown as Record<string, Fields | undefined>)[step.field];
  const value = fields?.[step.name];
  if (!fields || !value) return;
  if (step.action === "wrap" && !Array.isArray(value)) fields[step.name] = [value];
  if (step.action === "split" && !Array.isArray(value))
    fields[step.name] = (value as string).split(step.delimiter ?? ",");
}

function checkQueryNames(query: Fields, operation: GeneratedOperation): void {
  if (!operation.query) return;
  for (const q of Object.keys(query)) {
    if (!operation.query.includes(q)) {
      throw badRequest(`/query/${q}`, `Unknown query parameter '${q}'`);
    }
    if (!operation.allowEmpty.includes(q) && query[q] === "") {
      throw badRequest(`/query/${q}`, `Empty value found for query parameter '${q}'`);
    }
  }
}

/** The body validator for the request's Content-Type; 415 when the operation does not take it. */
function bodyValidator(req: Request, operation: GeneratedOperation, contentType: ContentType): CompiledValidator {
  if (operation.bodies.length === 0) return operation.noBody;
  const media = selectMediaType(
    operation.bodies.map(([m]) => m),
    contentType,
  );
  const found = operation.bodies.find(([m]) => m === media);
  if (found) return found[1];
  const normalized = contentType.normalize();
  if (normalized === undefined && operation.bodyRequired === false) return operation.noBody;
  throw unsupportedMediaType(req.path, `unsupported media type ${normalized}`);
}

/** Ajv's errors as the validator reports them (augmentAjvErrors, ajvErrorsToValidatorError). */
function describe(errors: AjvError[]): { items: ValidationErrorItem[]; text: string } {
  for (const e of errors) {
    const allowed = e.params?.allowedValues;
    if (e.keyword === "enum" && Array.isArray(allowed)) e.message = `${e.message}: ${allowed.join(", ")}`;
  }
  const items = errors.map((e) => {
    const p = e.params ?? {};
    // `&&` then `??`, as there: an empty property name gives an empty path.
    const joined = (name: unknown) => (name as string) && `${e.instancePath}/${String(name)}`;
    const path =
      joined(p.missingProperty) ??
      joined(p.additionalProperty) ??
      joined(p.unevaluatedProperty) ??
      e.instancePath ??
      e.schemaPath;
    return { path, message: e.message, errorCode: `${e.keyword}.openapi.validation` };
  });
  const text = errors.map((e) => `request${e.instancePath} ${e.message}`).join(", ");
  return { items, text };
}

interface UploadedFile {
  fieldname: string;
}

/** Skill uploads: multer reads the parts; each file field is then present in the body (as ""). */
function readMultipart(loaded: Loaded, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    loaded.upload(req, res, (err?: unknown) => {
      if (err) return reject(multipartError(req, err, loaded.MulterError));
      const files = (req as { files?: UploadedFile[] }).files;
      if (files) {
        const count: Record<string, number> = {};
        for (const f of files) count[f.fieldname] = (count[f.fieldname] ?? 0) + 1;
        for (const [field, n] of Object.entries(count)) {
          (req.body as Fields)[field] = n > 1 ? new Array(n).fill("") : "";
        }
      }
      resolve();
    });
  });
}

function multipartError(req: Request, err: unknown, MulterError: Loaded["MulterError"]): Error {
  const e = err as { code?: string; message?: string };
  if (err instanceof MulterError) {
    const tooBig = /LIMIT_(FILE|PART)_(SIZE|COUNT)/.test(e.code ?? "");
    const unexpected = /LIMIT_UNEXPECTED_FILE/.test(e.code ?? "");
    return httpError(tooBig ? 413 : !unexpected ? 400 : 500, req.path, e.message ?? "");
  }
  if (/Multipart: Boundary not found/i.test(e.message ?? "")) return badRequest(req.path, "multipart file(s) required");
  return httpError(500, req.path, e.message ?? "");
}

function validate(req: Request, matched: Matched, contentType: ContentType, validateBody: CompiledValidator): void {
  const { operation, pathParams } = matched;
  if (Object.keys(pathParams).length > 0) req.params = pathParams;
  // The validator works on (and leaves on the request) its own copy of the parsed query.
  Object.defineProperty(req, "query", { writable: true, configurable: true, value: req.query });
  // The raw query is read only for the parameters that forbid reserved characters (few operations).
  let pairs: Map<string, (string | undefined)[]> | undefined;
  const query = bracketNotation(req.query as Fields);
  (req as { query: unknown }).query = query;
  for (const step of operation.steps) {
    if (step.reserved) {
      pairs ??= rawQuery(req.originalUrl);
      checkReserved(step.name, pairs, step.reserved === "comma");
    }
    applyStep(req, step);
  }
  checkQueryNames(query, operation);
  if (contentType.mediaType === "multipart/form-data") {
    req.body ??= {};
    for (const key of Object.keys(req.body as Fields)) {
      if (!operation.multipartJson.includes(key)) continue;
      try {
        (req.body as Fields)[key] = JSON.parse((req.body as Fields)[key] as string);
      } catch {
        // Left as it is: the schema then names what is wrong with it.
      }
    }
  }
  const data = { query: req.query ?? {}, headers: req.headers, params: req.params, cookies: undefined, body: req.body };
  const valid = operation.general(data);
  const validBody = validateBody(data);
  if (valid && validBody) return;
  const errors = [...(operation.general.errors ?? []), ...(validateBody.errors ?? [])];
  const { items, text } = describe(errors);
  throw badRequest(req.path, text, items);
}

/**
 * Holds a JSON body to a request schema of the document by its component's name
 * (`CreateAgentRequest`): what the /v1 surface translates its bodies into, validated once, by the
 * same generated validator as the native operation that takes it (defaults filled in as there).
 */
export async function validateBodyAs<T>(schemaName: string, body: unknown, path: string): Promise<T> {
  const { bodiesBySchema } = await import("../../../generated/requestValidators.js");
  const validateBody = bodiesBySchema[schemaName];
  if (!validateBody) throw new Error(`no request schema named ${schemaName} in the document`);
  const data = { query: {}, headers: {}, params: {}, cookies: undefined, body };
  if (validateBody(data)) return data.body as T;
  const { items, text } = describe(validateBody.errors ?? []);
  throw badRequest(path, text, items);
}

/**
 * Loads the validators generated at build time and multer. Imported on first use, not at start:
 * evaluating them (about 1 MB of code, and the Ajv run-time files they require) was a tenth of
 * the server's start-up, for a server that may have served `/healthz` only.
 */
export async function loadValidators(maxUploadBytes: number): Promise<Loaded> {
  const [generated, { default: multer }] = await Promise.all([
    import("../../../generated/requestValidators.js"),
    import("multer"),
  ]);
  return {
    routes: generated.routes,
    basePaths: generated.basePaths,
    MulterError: multer.MulterError,
    upload: multer(uploadLimits(maxUploadBytes)).any(),
  };
}

/**
 * The request validator: answers 404, 405, 415 and 400 as express-openapi-validator did. The
 * requests that arrive before its validators are loaded (the first ones) wait for them. A load
 * that fails (out of file handles, say, when run from the sources) fails the requests that waited
 * for it, and the next request loads again (from the bundle, where the modules are in memory
 * already, a module whose own code threw keeps throwing). `load` is replaceable for tests.
 */
export function validateRequests(maxUploadBytes: number, load = loadValidators): RequestHandler {
  let loaded: Loaded | null = null;
  const loading = loadOnce(async () => {
    loaded = await load(maxUploadBytes);
    return loaded;
  });
  const handle = (validators: Loaded, req: Request, res: Response, next: NextFunction) => {
    let matched: Matched | null;
    try {
      matched = lookup(req, validators);
    } catch (err) {
      return next(err);
    }
    if (!matched) return next();
    req.params = matched.pathParams;
    setMatchedOperation(req, matched.operation.method, matched.operation.template);
    const found = matched;
    const run = () => {
      try {
        const contentType = new ContentType(req.headers["content-type"]);
        validate(req, found, contentType, bodyValidator(req, found.operation, contentType));
      } catch (err) {
        return next(err);
      }
      next();
    };
    const type = req.headers["content-type"];
    // A file upload's reader (http/requestBodies.ts) has read the parts already.
    if (found.operation.multipart && type?.includes("multipart/form-data") && !multipartWasRead(req)) {
      readMultipart(validators, req, res).then(run, next);
      return;
    }
    run();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    // Loaded: at once, without a turn of the event loop.
    if (loaded) return handle(loaded, req, res, next);
    // Returned: Express 5 passes anything thrown here to the error handler.
    return loading().then((validators) => handle(validators, req, res, next), next);
  };
}
