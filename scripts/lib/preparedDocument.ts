/**
 * Build time: a bundled document prepared for validation as express-openapi-validator 5.6 prepares
 * it when it starts (middlewares/parsers/schema.preprocessor.js), so that the validators compiled
 * from it check what that package checked: path-level parameters copied into each operation,
 * `$ref`s of request bodies, responses and media types replaced by what they point at, date and
 * date-time strings typed by `x-eov-type`, `writeOnly` properties not required in responses, and
 * examples removed. Two copies: one for requests, one for responses (taken before the schemas are
 * visited, as there). What these documents do not use (`readOnly`, serializers of other formats)
 * fails the generation instead of being checked differently.
 */
import { SERDES_FORMATS } from "./validatorAjv.ts";

export type Json = Record<string, unknown>;

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function unsupported(what: string): never {
  throw new Error(`validators: ${what} is not supported by server/http/validation/ (extend it first).`);
}

interface SchemaNode {
  parent: SchemaNode | null | undefined;
  schema: Json;
  path: string[];
}

/** `lodash.get` over a path of keys. */
function at(root: unknown, path: string[] | undefined): Json | undefined {
  if (!path) return undefined;
  let node: unknown = root;
  for (const key of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Json)[key];
  }
  return node as Json | undefined;
}

const unescapePointer = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");

class Preprocessor {
  private readonly resolved = new Map<string, Json | null>();
  responseDoc: Json | null = null;

  constructor(private readonly doc: Json & { paths: Record<string, Json>; components?: Json }) {}

  /** resolveSchema: a `$ref`'s target (a component schema, or any pointer into the document). */
  resolve(schema: Json | undefined | null): Json | null {
    if (!schema) return null;
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    if (this.resolved.has(ref)) return this.resolved.get(ref) ?? null;
    const target = at(this.doc, ref.replace(/^#\//, "").split("/").map(unescapePointer)) ?? null;
    this.resolved.set(ref, target);
    return target;
  }

  run(): void {
    const components = this.componentNodes();
    const { bodies, responses, parameters } = this.pathNodes();
    // Responses are validated against a copy taken now, before the schemas are visited.
    this.responseDoc = structuredClone(this.doc);
    if (this.doc.components) removeExamples(this.doc.components);
    this.traverse([...components, ...bodies, ...responses, ...parameters]);
  }

  private componentNodes(): SchemaNode[] {
    const schemas = (this.doc.components?.schemas ?? {}) as Record<string, Json>;
    return Object.entries(schemas).map(([id, s]) => {
      const schema = this.resolve(s) as Json;
      schemas[id] = schema;
      return { parent: null, schema, path: ["components", "schemas", id] };
    });
  }

  private pathNodes() {
    const bodies: SchemaNode[] = [];
    const responses: SchemaNode[] = [];
    const parameters: SchemaNode[] = [];
    for (const [p, pi] of Object.entries(this.doc.paths)) {
      const item = this.resolve(pi) as Json;
      this.doc.paths[p] = item;
      for (const method of Object.keys(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        const op = item[method] as Json;
        this.pathLevelParameters(method, item);
        const path = ["paths", p, method];
        bodies.push(...this.bodyNodes(op, path));
        responses.push(...this.responseNodes(op, path));
        parameters.push(...this.parameterNodes(op, path));
      }
    }
    return { bodies, responses, parameters };
  }

  private pathLevelParameters(method: string, item: Json): void {
    const shared = (item.parameters ?? []) as Json[];
    if (shared.length === 0) return;
    const op = this.resolve(item[method] as Json) as Json;
    if (op === (shared as unknown)) return;
    op.parameters = (op.parameters as Json[] | undefined) || [];
    const ops = op.parameters as Json[];
    const same = (a: Json, b: Json) => (b.name && b.name === a.name) || (b.$ref && b.$ref === a.$ref);
    for (const param of shared) if (!ops.some((o) => same(param, o))) ops.push(param);
  }

  private bodyNodes(op: Json, path: string[]): SchemaNode[] {
    const body = this.resolve(op.requestBody as Json | undefined);
    op.requestBody = body;
    if (!body?.content) return [];
    const nodes: SchemaNode[] = [];
    for (const [type, media] of Object.entries(body.content as Record<string, Json>)) {
      const schema = this.resolve(media.schema as Json | undefined);
      media.schema = schema;
      removeExamples(media);
      if (schema) nodes.push({ parent: null, schema, path: [...path, "requestBody", "content", type, "schema"] });
    }
    return nodes;
  }

  private responseNodes(op: Json, path: string[]): SchemaNode[] {
    const responses = op.responses as Record<string, Json> | undefined;
    if (!responses) return [];
    const nodes: SchemaNode[] = [];
    for (const [status, response] of Object.entries(responses)) {
      const r = this.resolve(response);
      if (!r) continue;
      responses[status] = r;
      if (!r.content) continue;
      for (const [type, media] of Object.entries(r.content as Record<string, Json>)) {
        const schema = this.resolve(media?.schema as Json | undefined);
        if (!schema) continue;
        media.schema = schema;
        removeExamples(media);
        nodes.push({ parent: null, schema, path: [...path, "responses", status, "content", type, "schema"] });
      }
    }
    return nodes;
  }

  private parameterNodes(op: Json, path: string[]): SchemaNode[] {
    return ((op.parameters ?? []) as Json[]).flatMap((p) => {
      const parameter = p.$ref ? undefined : p;
      if (parameter) removeExamples(parameter);
      const schema = parameter?.schema as Json | undefined;
      if (!schema || schema.items || schema.$ref) return [];
      return [{ parent: null, schema, path: [...path, "parameters", String(parameter?.name), String(parameter?.in)] }];
    });
  }

  /** traverseSchemas: each schema once, through $ref, allOf | oneOf | anyOf | items | properties | additionalProperties. */
  private traverse(roots: SchemaNode[]): void {
    const seen = new Set<Json>();
    const recurse = (parent: SchemaNode | null | undefined, node: SchemaNode) => {
      const schema = node.schema;
      if (!schema || seen.has(schema)) return;
      seen.add(schema);
      if (typeof schema.$ref === "string") {
        this.visit(parent, node);
        const target = this.resolve(schema) as Json;
        recurse(node, { parent: node, schema: target, path: schema.$ref.split("/").slice(1) });
        return;
      }
      this.visit(parent, node);
      const child = (s: Json, ...keys: string[]) =>
        recurse(node, { parent: node, schema: s, path: [...node.path, ...keys] });
      const xOf = (["allOf", "oneOf", "anyOf"] as const).find((k) => Array.isArray(schema[k]));
      if (xOf) {
        for (const [i, s] of (schema[xOf] as Json[]).entries()) child(s, xOf, String(i));
      } else if (schema.type === "array" && schema.items) child(schema.items as Json, "items");
      else if (schema.properties) {
        for (const [id, s] of Object.entries(schema.properties as Record<string, Json>)) child(s, "properties", id);
      } else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        child(schema.additionalProperties as Json, "additionalProperties");
      }
    };
    for (const root of roots) recurse(null, root);
  }

  /** schemaVisitor: the node in the request document and the same path in the response copy. */
  private visit(parent: SchemaNode | null | undefined, node: SchemaNode): void {
    const pairs: [Json | undefined, Json | undefined, "req" | "res"][] = [[parent?.schema, node.schema, "req"]];
    if (this.responseDoc) pairs.push([at(this.responseDoc, parent?.path), at(this.responseDoc, node.path), "res"]);
    for (const [pschema, nschema, kind] of pairs) {
      if (!nschema) continue;
      serDes(nschema);
      if (nschema.readOnly) unsupported("readOnly");
      if (kind === "res") notRequiredWhenWriteOnly(pschema, nschema, node.path);
      removeExamples(pschema);
      removeExamples(nschema);
    }
  }
}

function removeExamples(object: Json | undefined): void {
  if (!object) return;
  delete object.example;
  delete object.examples;
}

/** handleSerDes: a date or date-time string's type is checked by `x-eov-type` (a serializer may run first). */
function serDes(schema: Json): void {
  if (schema.type !== "string" || !schema.format || !SERDES_FORMATS.includes(String(schema.format))) return;
  if ("nullable" in schema) unsupported("nullable with a date format");
  schema["x-eov-type"] = schema.type;
  delete schema.type;
  // The default serializer only (no deserializer): nothing is converted in requests.
  schema["x-eov-res-serdes"] = { format: schema.format };
}

/** handleWriteonly: a writeOnly property is not required in a response. */
function notRequiredWhenWriteOnly(parent: Json | undefined, schema: Json, path: string[]): void {
  const required = (parent?.required ?? []) as string[];
  const index = required.indexOf(path[path.length - 1] ?? "");
  if (!parent || !schema.writeOnly || index < 0) return;
  parent.required = [...required.slice(0, index), ...required.slice(index + 1)];
  if ((parent.required as string[]).length === 0) delete parent.required;
}

/** The request document and the response copy, prepared. `bundled` is not changed. */
export function prepareDocument(bundled: Json): { request: Json; response: Json } {
  const doc = structuredClone(bundled) as Json & { paths: Record<string, Json>; components?: Json };
  const p = new Preprocessor(doc);
  p.run();
  // As RequestValidator's constructor does.
  delete (doc.components as Json | undefined)?.examples;
  return { request: doc, response: p.responseDoc ?? {} };
}

/** The base paths of the document's servers, each ending in `/` (OpenAPIFramework's BasePath). */
export function basePaths(doc: Json): string[] {
  const servers = (doc.servers ?? []) as { url: string }[];
  const urls = servers.length === 0 ? [""] : servers.map((s) => s.url);
  const paths = new Set<string>();
  for (const url of urls) {
    if (url.includes("{")) unsupported(`the server variables of ${url}`);
    const scheme = url.indexOf("://");
    const from = scheme === -1 ? 0 : scheme + 3;
    const slash = url.slice(from).indexOf("/");
    const path = slash === -1 ? "/" : url.slice(from + slash);
    paths.add(path.endsWith("/") ? path : `${path}/`);
  }
  return [...paths];
}
