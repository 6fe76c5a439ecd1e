/**
 * Request validation of the /v1 surface against its own contract (generated/v1/openapi.json):
 * the operation must exist (else the unserved-operation catalogue or 404), every query parameter
 * must be declared and valid (integers and booleans coerced from their text), and a JSON body
 * must match the operation's schema. Then `checkOwn` holds the body, translated to the
 * `/api/v1/cloud` request, to that operation's schema in the main document, as the main surface
 * does: the domain functions only ever see requests valid there.
 */

import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { Request } from "express";
import { ApiError, invalidRequest, notFound } from "../../errors.ts";
import { loadOnce } from "../../loadOnce.ts";
import { specForAjv } from "../../spec.ts";
import { unservedOperation } from "./unserved.ts";

interface AjvLibrary {
  Ajv2020: typeof Ajv2020;
  addFormats: (ajv: Ajv2020) => void;
}

/** Ajv, imported by the first request of the surface (V1Validator.load): not needed to start. */
let library: AjvLibrary | undefined;

const loadLibrary = loadOnce(async () => {
  const [ajv, formats] = await Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]);
  library = {
    Ajv2020: ajv.Ajv2020,
    // ajv-formats is CommonJS: its function is the default export's `default` under NodeNext.
    addFormats: (formats.default as unknown as { default: (ajv: Ajv2020) => void }).default,
  };
});

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
  $ref?: string;
}

interface Operation {
  method: string;
  template: string;
  regex: RegExp;
  /** The declared query parameters, with their schema's validator (compiled on first use). */
  query: Map<string, { schema: Json; validate?: ValidateFunction }>;
  /** The JSON pointer of the JSON body's schema, when the operation takes one. */
  bodyPointer: string | undefined;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function newAjv(): Ajv2020 {
  if (!library) throw new Error("the /v1 validator was used before V1Validator.load() resolved");
  const { Ajv2020, addFormats } = library;
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    discriminator: true,
    validateFormats: true,
    // The documents are linted when generated: checking them against the meta-schema again costs startup time.
    validateSchema: false,
  });
  addFormats(ajv);
  return ajv;
}

/** `data/events/0/type: must be string` → a readable message naming the field. */
function describe(error: ErrorObject | undefined, prefix: string): { message: string; param: string | undefined } {
  if (!error) return { message: `${prefix || "body"} is invalid.`, param: prefix || undefined };
  const path = error.instancePath
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (error.keyword === "required") path.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === "additionalProperties") {
    path.push(String((error.params as { additionalProperty: string }).additionalProperty));
    const param = [prefix, ...path].filter(Boolean).join(".");
    return { message: `${param}: is not a field of this request.`, param };
  }
  const param = [prefix, ...path].filter(Boolean).join(".") || undefined;
  const what = error.keyword === "required" ? "is required" : (error.message ?? "is invalid");
  return { message: `${param ?? "body"}: ${what}.`, param };
}

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

/** The operations of the surface's document. */
function operationsOf(v1Spec: Json): Operation[] {
  const operations: Operation[] = [];
  const paths = (v1Spec.paths ?? {}) as Record<string, Json>;
  for (const [template, item] of Object.entries(paths)) {
    const components = ((v1Spec.components as Json | undefined)?.parameters ?? {}) as Record<string, Parameter>;
    const resolve = (p: Parameter): Parameter =>
      p.$ref ? (components[p.$ref.replace("#/components/parameters/", "")] ?? p) : p;
    const shared = ((item.parameters ?? []) as Parameter[]).map(resolve);
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...shared, ...((op.parameters ?? []) as Parameter[]).map(resolve)];
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Json;
      const escaped = template.replace(/~/g, "~0").replace(/\//g, "~1");
      operations.push({
        method,
        template,
        regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        query: new Map(params.filter((p) => p.in === "query").map((p) => [p.name, { schema: p.schema ?? {} }])),
        bodyPointer: content["application/json"]
          ? `v1.json#/paths/${escaped}/${method}/requestBody/content/application~1json/schema`
          : undefined,
      });
    }
  }
  return operations;
}

export class V1Validator {
  private ops: Operation[] | undefined;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly ownCompiled = new Map<string, ValidateFunction>();
  private v1Ajv: Ajv2020 | undefined;
  private ownAjv: Ajv2020 | undefined;

  /**
   * Ajv and the documents are set up at the first request that needs them, and each schema is
   * compiled at its first use: at start-up they would cost about a second (measured 0.6-1.5 s).
   * The documents are given as functions, read then too.
   */
  constructor(
    private readonly v1Document: () => Json,
    private readonly mainDocument: () => Json,
  ) {}

  /** The surface's operations, from its document, at the first request. */
  private get operations(): Operation[] {
    this.ops ??= operationsOf(this.v1Document());
    return this.ops;
  }

  /** Ajv is loaded (`load()` resolved): `check` and `checkOwn` may run. */
  get loaded(): boolean {
    return library !== undefined;
  }

  /** Loads Ajv; `check` and `checkOwn` need it (the surface's first request waits for it). */
  load(): Promise<void> {
    return loadLibrary();
  }

  private get ajv(): Ajv2020 {
    if (!this.v1Ajv) {
      this.v1Ajv = newAjv();
      this.v1Ajv.addSchema(specForAjv(this.v1Document()), "v1.json");
    }
    return this.v1Ajv;
  }

  private get own(): Ajv2020 {
    if (!this.ownAjv) {
      this.ownAjv = newAjv();
      this.ownAjv.addSchema(specForAjv(this.mainDocument()), "main.json");
    }
    return this.ownAjv;
  }

  private validator(ajv: Ajv2020, cache: Map<string, ValidateFunction>, ref: string): ValidateFunction {
    let fn = cache.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: ref });
      cache.set(ref, fn);
    }
    return fn;
  }

  /** The documented operation of a request, or the error it gets (unserved, unknown, wrong method). */
  match(method: string, path: string): Operation {
    const lower = method.toLowerCase();
    const samePath = this.operations.filter((o) => o.regex.test(path));
    const op = samePath.find((o) => o.method === lower);
    if (op) return op;
    const unserved = unservedOperation(method, path);
    if (unserved) {
      throw notFound(
        `${unserved} (${method} ${path}) is an operation of the Anthropic SDK that this server does not serve yet.`,
      );
    }
    if (samePath.length > 0) {
      throw new ApiError("invalid_request_error", `Method ${method} is not allowed on ${path}.`, undefined, 405);
    }
    throw notFound(`No route ${method} ${path}.`);
  }

  /** Query parameters declared and valid (coerced in place), and a JSON body matching its schema. */
  check(req: Request): void {
    const op = this.match(req.method === "HEAD" ? "GET" : req.method, `${req.baseUrl}${req.path}`);
    const query = req.query as Record<string, unknown>;
    const coerced: Record<string, unknown> = {};
    for (const [name, raw] of flatQuery(query)) {
      const param = op.query.get(name);
      if (!param) throw invalidRequest(`Query parameter ${name} is not supported on ${op.template}.`, name);
      if (typeof raw !== "string") throw invalidRequest(`Query parameter ${name} must be given once.`, name);
      const schema = param.schema;
      let value: unknown = raw;
      if (schema.type === "integer") value = /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
      if (schema.type === "boolean") value = raw === "true" ? true : raw === "false" ? false : raw;
      param.validate ??= this.ajv.compile(schema);
      const fn = param.validate;
      if (!fn(value))
        throw invalidRequest(`Query parameter ${name}: ${fn.errors?.[0]?.message ?? "is invalid"}.`, name);
      coerced[name] = value;
    }
    // Express 5's req.query is a getter: the parsed values replace it for the routes.
    Object.defineProperty(req, "query", { value: coerced, writable: true, configurable: true });
    if (op.bodyPointer) {
      if (req.body === undefined)
        throw invalidRequest("This operation takes a JSON body (Content-Type: application/json).");
      const fn = this.validator(this.ajv, this.compiled, op.bodyPointer);
      if (!fn(req.body)) {
        const { message, param } = describe(fn.errors?.[0], "");
        throw invalidRequest(message, param);
      }
    }
  }

  /** Holds a translated body to a request schema of the main document (`CreateAgentRequest`, ...). */
  checkOwn<T>(schemaName: string, body: unknown): T {
    const fn = this.validator(this.own, this.ownCompiled, `main.json#/components/schemas/${schemaName}`);
    if (!fn(body)) {
      const { message, param } = describe(fn.errors?.[0], "");
      throw invalidRequest(message, param);
    }
    return body as T;
  }
}
