/**
 * Build time: the request validators of every operation of the bundled spec as one ES module
 * (generated/requestValidators.js), compiled by Ajv's standalone code generator.
 *
 * express-openapi-validator compiles these at run time, at every start (~1 s, more than twice the
 * 400 ms start-up target). Here they are prepared from the same document as it prepares them when
 * a server starts, step for step but without reading its internals: its route discovery and order
 * (OpenApiSpecLoader), its schema preprocessing (scripts/lib/preparedDocument.ts), its request Ajv
 * set-up (scripts/lib/validatorAjv.ts: formats, keywords, the two instances — parameters with type
 * coercion, the body without), its parameter and body schema parsing, and the same per-operation
 * schemas its RequestValidator compiles. Only the compiled functions and a route table are written
 * out; the server's run-time half (server/http/validation/) does what its middlewares do per
 * request. test/contract/requestValidatorSpec.test.ts proves both answer every fuzzed request alike.
 *
 * A spec feature the run-time half does not implement (a parameter style, a discriminated union
 * as the root of a request body, a binary body, a wildcard route) fails the generation instead of
 * being validated differently.
 */
import { createRequire } from "node:module";
import { REQUEST_VALIDATION } from "../../server/http/validation/options.ts";
import { specForAjv } from "../../server/spec.ts";
import { basePaths, HTTP_METHODS, type Json, prepareDocument, unsupported } from "./preparedDocument.ts";
import { type Ajv, openApiAjv, scoped, standaloneCode } from "./validatorAjv.ts";

const require = createRequire(import.meta.url);
// Express's own (through its router): the route regexps are the ones Express would match.
const { pathToRegexp } = require("path-to-regexp") as {
  pathToRegexp(path: string, options: object): { regexp: RegExp; keys: { name: string }[] };
};

const ARRAY_DELIMITER: Record<string, string> = { simple: ",", form: ",", spaceDelimited: " ", pipeDelimited: "|" };
const REQUEST_FIELDS: Record<string, string> = { query: "query", header: "headers", path: "params", cookie: "cookies" };

/** What RequestParameterMutator does to one parameter before validation. */
interface ParamStep {
  field: string;
  name: string;
  /** Reserved-character check of the raw query value: "plain" (explode) or "comma" (commas allowed). */
  reserved?: "plain" | "comma";
  /** "wrap": a lone value becomes a one-element array; "split": a string is split on `delimiter`. */
  action?: "wrap" | "split";
  delimiter?: string;
}

interface OperationOut {
  method: string;
  template: string;
  general: string;
  /** Declared media types with the name of their body validator (null: binary, nothing checked). */
  bodies: [string, string][];
  bodyRequired: boolean | null;
  noBody: string;
  steps: ParamStep[];
  /** The documented query parameters (null: any is allowed), and those that may be empty. */
  query: string[] | null;
  allowEmpty: string[];
  multipart: boolean;
  /** Multipart text fields that the validator parses as JSON (object or array properties). */
  multipartJson: string[];
}

/**
 * The operations' schemas as express-openapi-validator builds them carry the whole document
 * (`paths`, `components`) for their `#/components/...` references, and Ajv's standalone code
 * would embed it once per operation. Here the components are one schema of their own (DOC_ID)
 * and the references point into it: the same schemas, compiled once and shared.
 */
const DOC_ID = "urn:cloud-agents:request-components";

function pointIntoDoc(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pointIntoDoc);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === "$ref" && typeof value === "string") {
      if (!value.startsWith("#/components/schemas/")) unsupported(`the reference ${value}`);
      out[key] = `${DOC_ID}${value}`;
    } else out[key] = pointIntoDoc(value);
  }
  return out;
}

function isObjectOrXOf(schema: Json | undefined): boolean {
  if (!schema) return false;
  if (schema.$ref) return true;
  const xs = [schema.allOf, schema.oneOf, schema.anyOf].flat().filter(Boolean) as Json[];
  return schema.type === "object" || xs.some(isObjectOrXOf);
}

interface Route {
  basePath: string;
  expressRoute: string;
  openApiRoute: string;
}

/** An OpenAPI path as an Express route: `{id}` → `:id`, a literal `:` escaped (OpenApiSpecLoader). */
function expressRouteOf(openApiRoute: string): string {
  return openApiRoute
    .split(":")
    .map((part) => {
      if (/[*]/.test(part)) unsupported(`the wildcard path ${openApiRoute}`);
      return part.replace(/\/{([^}]+)}\({0,1}(\*)\){0,1}/g, "/:$1$2").replace(/\{([^}]+)}/g, ":$1");
    })
    .join("\\:");
}

/** Static routes before dynamic ones, `/users/me` before `/users/{id}` (sortRoutes). */
function byRoute(r1: Route, r2: Route): number {
  const e1 = r1.expressRoute.replace(/\/:/g, "/~");
  const e2 = r2.expressRoute.replace(/\/:/g, "/~");
  if (e1.startsWith(e2)) return -1;
  if (e2.startsWith(e1)) return 1;
  return e1 > e2 ? 1 : -1;
}

/** Every documented route in the order they are tried, one entry per Express route. */
function routesOf(apiDoc: Json & { paths: Record<string, Json> }): Route[] {
  const routes: (Route & { method: string })[] = [];
  for (const bpa of basePaths(apiDoc)) {
    const bp = bpa.replace(/\/$/, "");
    for (const [path, methods] of Object.entries(apiDoc.paths)) {
      for (const method of Object.keys(methods)) {
        if (method.startsWith("x-") || ["parameters", "summary", "description"].includes(method)) continue;
        const openApiRoute = `${bp}${path}`;
        routes.push({ basePath: bp, openApiRoute, expressRoute: expressRouteOf(openApiRoute), method });
      }
    }
  }
  routes.sort(byRoute);
  const byExpressRoute = new Map<string, Route>();
  for (const r of routes) {
    if (!byExpressRoute.has(r.expressRoute)) byExpressRoute.set(r.expressRoute, r);
  }
  return [...byExpressRoute.values()];
}

/** A `$ref`ed parameter's object (dereferenceParameter: components.parameters by its last segment). */
function parameterOf(apiDoc: Json, p: Json): Json {
  if (!Object.hasOwn(p, "$ref")) return p;
  const id = String(p.$ref).replace(/^.+\//i, "");
  return ((apiDoc.components as Json).parameters as Record<string, Json>)[id] as Json;
}

/** normalizeParameter: its schema (a component's, when a $ref), its style and explode defaults, its name. */
function normalizeParameter(apiDoc: Json, parameter: Json): { name: string; schema: Json } {
  const components = ((apiDoc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const deref = (ref: string): Json => {
    if (!ref.startsWith("#/components/schemas/")) unsupported(`the parameter schema reference ${ref}`);
    const target = components[ref.slice("#/components/schemas/".length)];
    if (!target || target.$ref) unsupported(`the parameter schema reference ${ref}`);
    return target;
  };
  let schema: Json | undefined;
  if (Object.hasOwn(parameter, "$ref")) schema = deref(String(parameter.$ref));
  else if ((parameter.schema as Json | undefined)?.$ref) schema = deref(String((parameter.schema as Json).$ref));
  else schema = parameter.schema as Json | undefined;
  if (!schema && parameter.content) unsupported(`the parameter ${String(parameter.name)} described by content`);
  schema ??= parameter;
  if (!parameter.style) {
    if (parameter.in === "path") parameter.style = "simple";
    else if (parameter.in === "query") parameter.style = "form";
  }
  if (parameter.explode == null) {
    if (parameter.in === "path") parameter.explode = false;
    else if (parameter.in === "query") parameter.explode = true;
  }
  const name = parameter.in === "header" ? String(parameter.name).toLowerCase() : String(parameter.name);
  return { name, schema };
}

interface ParameterSchemas {
  query: Json & { allowEmptyValue?: Set<string> };
  headers: Json;
  params: Json;
  cookies: Json;
}

/** ParametersSchemaParser.parse: one object schema per request field, with the parameters as its properties. */
function parameterSchemas(apiDoc: Json, parameters: Json[] = []): ParameterSchemas {
  const schemas: ParameterSchemas = { query: {}, headers: {}, params: {}, cookies: {} };
  for (const p of parameters) {
    const parameter = parameterOf(apiDoc, p);
    const field = REQUEST_FIELDS[String(parameter.in)] as keyof ParameterSchemas | undefined;
    if (!field) unsupported(`a parameter in ${String(parameter.in)}`);
    const { name, schema } = normalizeParameter(apiDoc, parameter);
    const target = schemas[field] as Json & { properties?: Json; required?: string[] };
    if (!target.properties) {
      target.type = "object";
      target.properties = {};
    }
    (target.properties as Json)[name] = schema;
    if (field === "query" && parameter.allowEmptyValue) {
      schemas.query.allowEmptyValue ??= new Set();
      schemas.query.allowEmptyValue.add(name);
    }
    if (parameter.required) {
      target.required ??= [];
      target.required.push(name);
    }
  }
  return schemas;
}

/** A body whose root is a union chosen by a discriminator (validated by its own branch there). */
function isDiscriminatedRoot(schema: Json): boolean {
  const xOf = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  const discriminator = schema.discriminator as Json | undefined;
  return Boolean(xOf && discriminator?.propertyName && xOf.some((o) => o.$ref !== undefined));
}

export function requestValidatorsModule(bundled: Json): string {
  const apiDoc = prepareDocument(specForAjv(bundled)).request as Json & { paths: Record<string, Json> };
  const general: Ajv = openApiAjv({
    kind: "request",
    coerceTypes: true,
    allErrors: REQUEST_VALIDATION.allErrors,
    discriminator: REQUEST_VALIDATION.discriminator,
    useDefaults: true,
  });
  const body: Ajv = openApiAjv({
    kind: "request",
    coerceTypes: REQUEST_VALIDATION.coerceTypes,
    allErrors: REQUEST_VALIDATION.allErrors,
    discriminator: REQUEST_VALIDATION.discriminator,
    useDefaults: true,
  });
  const components = { schemas: (apiDoc.components as Json | undefined)?.schemas ?? {} };
  general.addSchema({ $id: DOC_ID, components }, DOC_ID);
  body.addSchema({ $id: DOC_ID, components }, DOC_ID);
  const generalRefs: Record<string, string> = {};
  const bodyRefs: Record<string, string> = {};

  const compileBody = (name: string, schema: Json): string => {
    // Validator._schemaBody in openapi.request.validator.js.
    const isBodyBinary = schema.format === "binary";
    const bodySchema: Json = {
      properties: { query: {}, headers: {}, params: {}, cookies: {}, body: isBodyBinary ? {} : pointIntoDoc(schema) },
    };
    if (schema.required && !isBodyBinary) bodySchema.required = ["body"];
    body.addSchema(bodySchema, name);
    bodyRefs[name] = name;
    return name;
  };
  const noBody = compileBody("b_none", {});

  const operations: OperationOut[] = [];
  // The JSON bodies by the name of their component schema (what /v1 validates its translated bodies as).
  const bySchema = new Map<string, string>();
  const routes: { regexp: string; flags: string; keys: string[]; methods: Record<string, number> }[] = [];
  for (const { expressRoute, openApiRoute, basePath } of routesOf(apiDoc)) {
    const pathKey = openApiRoute.slice(basePath.length);
    // express's defaults, as the validator reads them from the app: not strict, not case sensitive.
    const { regexp, keys } = pathToRegexp(expressRoute, { sensitive: false, strict: false });
    const route = {
      regexp: regexp.source as string,
      flags: regexp.flags as string,
      keys: (keys as { name: string }[]).map((k) => k.name),
      methods: {} as Record<string, number>,
    };
    const item = apiDoc.paths[pathKey] as Json;
    for (const [method, opSchema] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const op = opSchema as Json;
      const index = operations.length;
      const id = `${index}`;
      // The parameters' schemas (ParametersSchemaParser) and Validator._schemaGeneral.
      const parameters = parameterSchemas(apiDoc, op.parameters as Json[] | undefined);
      const schemaGeneral = {
        required: ["query", "headers", "params"],
        properties: pointIntoDoc({ ...parameters, body: {} }),
      };
      general.addSchema(schemaGeneral, `p${id}`);
      generalRefs[`p${id}`] = `p${id}`;

      const steps: ParamStep[] = [];
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        const parameter = parameterOf(apiDoc, p);
        const { name, schema } = normalizeParameter(apiDoc, parameter);
        const field = REQUEST_FIELDS[String(parameter.in)] ?? unsupported(`a parameter in ${String(parameter.in)}`);
        const step: ParamStep = { field, name };
        if (parameter.in === "query" && !parameter.allowReserved) step.reserved = parameter.explode ? "plain" : "comma";
        if (parameter.content) unsupported(`the parameter ${name} described by content`);
        else if (parameter.in === "query" && isObjectOrXOf(schema)) unsupported(`the object query parameter ${name}`);
        else if (schema.type === "array" && !parameter.explode) {
          const delimiter = ARRAY_DELIMITER[String(parameter.style)];
          if (!delimiter) unsupported(`the style ${String(parameter.style)} of ${name}`);
          step.action = "split";
          step.delimiter = delimiter;
        } else if (schema.type === "array" && parameter.explode) step.action = "wrap";
        else if (parameter.style === "form" && parameter.explode && (schema.allOf || schema.oneOf || schema.anyOf)) {
          unsupported(`the exploded form parameter ${name} with a union schema`);
        }
        steps.push(step);
      }
      const queryProps = Object.entries(((parameters.query as Json).properties ?? {}) as Record<string, Json>);
      const openQuery = queryProps.some(([, s]) => s.type === "object" && s.additionalProperties);
      const allowEmpty = (parameters.query as Json).allowEmptyValue as Set<string> | undefined;

      const requestBody = op.requestBody as Json | undefined;
      const bodies: [string, string][] = [];
      let multipartJson: string[] = [];
      if (requestBody && Object.hasOwn(requestBody, "content")) {
        for (const media of Object.keys(requestBody.content as Json)) {
          const schema = (((requestBody.content as Record<string, Json>)[media] as Json).schema ?? {}) as Json;
          if (isDiscriminatedRoot(schema)) {
            unsupported(`a discriminated union as the body of ${method} ${pathKey}`);
          }
          if (schema.format === "binary") unsupported(`the binary body of ${method} ${pathKey}`);
          const name = compileBody(`b${id}_${bodies.length}`, schema);
          bodies.push([media, name]);
          const named = componentName(bundled, pathKey, method, media);
          if (named && media === "application/json" && !bySchema.has(named)) bySchema.set(named, name);
          if (media === "multipart/form-data") {
            multipartJson = Object.entries((schema.properties ?? {}) as Record<string, Json>)
              .filter(([, s]) => ["array", "object"].includes(String(s.type)))
              .map(([k]) => k);
          }
        }
      }
      operations.push({
        method: method.toUpperCase(),
        template: pathKey,
        general: `p${id}`,
        bodies,
        bodyRequired: requestBody && typeof requestBody.required === "boolean" ? requestBody.required : null,
        noBody,
        steps,
        query: openQuery ? null : queryProps.map(([k]) => k),
        allowEmpty: [...(allowEmpty ?? [])],
        multipart: Boolean(requestBody?.content && (requestBody.content as Json)["multipart/form-data"]),
        multipartJson,
      });
      route.methods[method.toUpperCase()] = index;
    }
    routes.push(route);
  }

  // The compiled code requires Ajv's run-time helpers (and ajv-formats' date-time): a require of
  // the module's own, which works the same from source, from the bundle and under vitest.
  const generalCode = scoped(standaloneCode(general, generalRefs));
  const bodyCode = scoped(standaloneCode(body, bodyRefs));
  const header = 'import { createRequire } from "node:module";\n\nconst require = createRequire(import.meta.url);';
  const ops = operations
    .map(
      (o) =>
        `  { method: ${JSON.stringify(o.method)}, template: ${JSON.stringify(o.template)}, ` +
        `general: general.${o.general}, bodies: [${o.bodies.map(([m, n]) => `[${JSON.stringify(m)}, body.${n}]`).join(", ")}], ` +
        `bodyRequired: ${JSON.stringify(o.bodyRequired)}, noBody: body.${o.noBody}, steps: ${JSON.stringify(o.steps)}, ` +
        `query: ${JSON.stringify(o.query)}, allowEmpty: ${JSON.stringify(o.allowEmpty)}, ` +
        `multipart: ${o.multipart}, multipartJson: ${JSON.stringify(o.multipartJson)} },`,
    )
    .join("\n");
  const table = routes
    .map(
      (r) =>
        `  { regexp: new RegExp(${JSON.stringify(r.regexp)}, ${JSON.stringify(r.flags)}), keys: ${JSON.stringify(r.keys)}, ` +
        `methods: { ${Object.entries(r.methods)
          .map(([m, i]) => `${m}: operations[${i}]`)
          .join(", ")} } },`,
    )
    .join("\n");
  return [
    header,
    "",
    "/* The parameters' validators (type coercion on), one per operation. */",
    `const general = ${generalCode};`,
    "",
    "/* The body validators, one per operation and media type (b_none: no body documented for it). */",
    `const body = ${bodyCode};`,
    "",
    "/** Every operation: its validators and what is done to its parameters before validation. */",
    `export const operations = [\n${ops}\n];`,
    "",
    "/** The routes in the order express-openapi-validator tries them; a route's operations by method. */",
    `export const routes = [\n${table}\n];`,
    `export const basePaths = ${JSON.stringify(basePaths(apiDoc))};`,
    "",
    "/** The JSON body validators by the component schema the body is (`CreateAgentRequest`, ...). */",
    `export const bodiesBySchema = {\n${[...bySchema].map(([k, n]) => `  ${JSON.stringify(k)}: body.${n},`).join("\n")}\n};`,
    "",
  ].join("\n");
}

/** The component schema an operation's body is, in the bundled document (`#/components/schemas/<name>`). */
function componentName(bundled: Json, template: string, method: string, media: string): string | undefined {
  const op = ((bundled.paths as Record<string, Json>)[template] as Json | undefined)?.[method] as Json | undefined;
  let requestBody = op?.requestBody as Json | undefined;
  if (typeof requestBody?.$ref === "string") {
    const id = requestBody.$ref.replace(/^.+\//, "");
    requestBody = ((bundled.components as Json | undefined)?.requestBodies as Record<string, Json> | undefined)?.[id];
  }
  const ref = (((requestBody?.content as Json | undefined)?.[media] as Json | undefined)?.schema as Json | undefined)
    ?.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/")
    ? ref.slice("#/components/schemas/".length)
    : undefined;
}

/** The declarations of generated/requestValidators.js (the same for every spec). */
export const REQUEST_VALIDATORS_TYPES = `/** A compiled Ajv validator: true or false, and the errors of the last call that failed. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: {
    keyword: string;
    instancePath: string;
    schemaPath: string;
    params: Record<string, unknown>;
    message?: string;
  }[] | null;
}

/** What express-openapi-validator does to one parameter before validation. */
export interface ParamStep {
  /** Where the parameter is read: query, headers, params or cookies. */
  field: "query" | "headers" | "params" | "cookies";
  name: string;
  /** The raw query value may not hold reserved characters ("comma": but for commas). */
  reserved?: "plain" | "comma";
  /** "wrap": a lone value becomes a one-element array; "split": a string is split on the delimiter. */
  action?: "wrap" | "split";
  delimiter?: string;
}

export interface GeneratedOperation {
  method: string;
  /** The path template relative to the base path. */
  template: string;
  /** Checks the parameters (query, headers, params; strings coerced to their types). */
  general: CompiledValidator;
  /** The media types the operation takes, each with its body validator. */
  bodies: [string, CompiledValidator][];
  /** The requestBody's \`required\` (null when the operation takes no body or does not say). */
  bodyRequired: boolean | null;
  /** The body validator used when the operation documents no body for the request. */
  noBody: CompiledValidator;
  steps: ParamStep[];
  /** The documented query parameters (null: any is accepted) and those that may be empty. */
  query: string[] | null;
  allowEmpty: string[];
  /** The operation takes multipart/form-data. */
  multipart: boolean;
  /** Multipart fields parsed as JSON before validation. */
  multipartJson: string[];
}

export interface GeneratedRoute {
  regexp: RegExp;
  keys: string[];
  methods: Partial<Record<string, GeneratedOperation>>;
}

export declare const operations: GeneratedOperation[];
/** In the order the routes are tried. */
export declare const routes: GeneratedRoute[];
export declare const basePaths: string[];
/** The JSON body validators by the component schema the body is (they check \`{ body }\`). */
export declare const bodiesBySchema: Partial<Record<string, CompiledValidator>>;
`;
