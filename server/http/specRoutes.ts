/**
 * The operations of the bundled spec as a route table the HTTP layer can consult before the
 * request validator: which operation a raw request path names (without decoding it), its path
 * parameters, its numeric query parameters and the media types of its body. The checks that
 * must hold for every operation (body size, path encoding, numeric parameters) read it, so an
 * operation added to the spec is covered without touching them.
 */

type Json = Record<string, unknown>;

export interface NumericParam {
  name: string;
  integer: boolean;
  minimum: number | undefined;
  maximum: number | undefined;
}

export interface SpecOperation {
  method: string;
  /** The path template relative to the API base, e.g. `/skills/{skill_id}/versions`. */
  template: string;
  /** The template split on `/`: a literal, or `{name}` for a parameter. */
  segments: string[];
  numericQuery: NumericParam[];
  /** The media types of the request body (empty when it takes none). */
  bodyMedia: string[];
  /** `x-upload-limit` of the operation: `files` for file uploads (FILES_MAX_BYTES instead of MAX_UPLOAD_BYTES). */
  uploadLimit: "files" | undefined;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

function resolve(spec: Json, node: unknown): Json {
  let current = node as Json;
  for (let depth = 0; depth < 32 && typeof current?.$ref === "string"; depth++) {
    let target: unknown = spec;
    for (const part of (current.$ref as string).replace(/^#\//, "").split("/")) {
      target = (target as Json | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    current = target as Json;
  }
  return current ?? {};
}

function numericParam(spec: Json, param: Json): NumericParam | null {
  const schema = resolve(spec, param.schema);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type !== "integer" && type !== "number") return null;
  return {
    name: String(param.name),
    integer: type === "integer",
    minimum: typeof schema.minimum === "number" ? schema.minimum : undefined,
    maximum: typeof schema.maximum === "number" ? schema.maximum : undefined,
  };
}

/** The route table of a document, the most literal templates first. */
function buildOperations(spec: Json): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [template, rawItem] of Object.entries((spec.paths ?? {}) as Json)) {
    const item = resolve(spec, rawItem);
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => resolve(spec, p));
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...shared, ...((op.parameters as unknown[]) ?? []).map((p) => resolve(spec, p))];
      const body = op.requestBody ? resolve(spec, op.requestBody) : null;
      operations.push({
        method: method.toUpperCase(),
        template,
        segments: template.split("/").slice(1),
        numericQuery: params
          .filter((p) => p.in === "query")
          .map((p) => numericParam(spec, p))
          .filter((p): p is NumericParam => p !== null),
        bodyMedia: Object.keys((body?.content ?? {}) as Json),
        uploadLimit: op["x-upload-limit"] === "files" ? "files" : undefined,
      });
    }
  }
  // Literal segments win over parameters: `/skills/x/versions` before `/skills/{skill_id}`.
  const params = (o: SpecOperation) => o.segments.filter((s) => s.startsWith("{")).length;
  operations.sort((a, b) => params(a) - params(b));
  return operations;
}

/** The bucket of the route index a path falls in: its segment count and first segment. */
const bucketKey = (count: number, first: string) => `${count}/${first}`;

export class SpecRoutes {
  #operations: SpecOperation[] | null = null;
  /**
   * The operations by segment count and first literal segment, and by segment count alone for
   * templates that start with a parameter; each list in the table's order. Several checks match
   * every request's path (allowed methods, path encoding, body limit, the route template), so
   * each looks at a handful of templates instead of every operation of the document.
   */
  #index: { byFirst: Map<string, SpecOperation[]>; byCount: Map<number, SpecOperation[]> } | null = null;

  /**
   * `spec`: the document, or a function giving it. The table is built at its first use (the
   * first request), so that a function defers reading the document until then.
   */
  constructor(private readonly spec: Json | (() => Json)) {}

  /** Every operation, the most literal templates first. */
  get operations(): SpecOperation[] {
    this.#operations ??= buildOperations(typeof this.spec === "function" ? this.spec() : this.spec);
    return this.#operations;
  }

  /**
   * The operations whose template fits the raw (still percent-encoded) path segments; `method`
   * narrows them to one method. Parameter segments match any non-empty segment.
   */
  match(rawSegments: string[], method?: string): SpecOperation[] {
    this.#index ??= indexOperations(this.operations);
    const index = this.#index;
    const count = rawSegments.length;
    const literal = index.byFirst.get(bucketKey(count, rawSegments[0] ?? "")) ?? [];
    const parameter = index.byCount.get(count) ?? [];
    // Both lists are in the table's order; a path seldom falls in both (then the table's order is kept).
    const candidates =
      parameter.length === 0
        ? literal
        : literal.length === 0
          ? parameter
          : this.operations.filter((o) => literal.includes(o) || parameter.includes(o));
    return candidates.filter(
      (o) =>
        (method === undefined || o.method === method) &&
        o.segments.every((s, i) => (s.startsWith("{") ? rawSegments[i] !== "" : s === rawSegments[i])),
    );
  }
}

function indexOperations(operations: SpecOperation[]) {
  const byFirst = new Map<string, SpecOperation[]>();
  const byCount = new Map<number, SpecOperation[]>();
  for (const o of operations) {
    const first = o.segments[0] ?? "";
    if (first.startsWith("{")) byCount.set(o.segments.length, [...(byCount.get(o.segments.length) ?? []), o]);
    else {
      const key = bucketKey(o.segments.length, first);
      byFirst.set(key, [...(byFirst.get(key) ?? []), o]);
    }
  }
  return { byFirst, byCount };
}

/** The raw segments of a path relative to a base (`/api/v1/cloud/vaults/x` → `["vaults", "x"]`). */
export function rawSegments(path: string): string[] {
  return path.split("/").slice(1);
}
