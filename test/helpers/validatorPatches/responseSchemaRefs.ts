import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let installed = false;

interface Ajv {
  getSchema(key: string): unknown;
  addSchema(schema: object, key: string): unknown;
}
type UseAjvCache = (ajv: Ajv, schema: Record<string, unknown>, key: string) => unknown;

/** The id (an absolute URI: the ids of the response schemas are relative) the document's components are registered under, per Ajv instance and components object. */
const registered = new WeakMap<Ajv, WeakMap<object, string>>();
let ids = 0;

/** Keywords whose values are data, not schemas: a `$ref` key inside them is left as it is. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "example", "examples"]);

/** A copy of `node` whose `$ref`s into the document ("#/components/...", "#/paths/...") point into the one registered as `id`. */
function pointInto(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((item) => pointInto(item, id));
  if (!node || typeof node !== "object") return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) copy[key] = value;
    else if (key === "$ref" && typeof value === "string" && /^#\/(components|paths)\//.test(value))
      copy[key] = `${id}${value}`;
    else copy[key] = pointInto(value, id);
  }
  return copy;
}

/**
 * express-openapi-validator 5.6 compiles one Ajv schema per operation, status and media type
 * (middlewares/openapi.response.validator.js `buildValidators`), and each one embeds the whole
 * document (`components` and `paths`) so that its `$ref`s resolve: Ajv walks all of it at every
 * compile (json-schema-traverse), 40% of the CPU of a contract test run in a profile. Here the
 * document is registered once per Ajv instance and each response schema refers into it, so a
 * compile walks that response's schema only; what is checked is the same schema.
 */
export function compileResponseSchemasByReference(): void {
  if (installed) return;
  installed = true;
  const util = require("express-openapi-validator/dist/middlewares/util.js") as { useAjvCache: UseAjvCache };
  const original = util.useAjvCache;
  util.useAjvCache = (ajv, schema, key) => {
    const response = (schema.properties as Record<string, unknown> | undefined)?.response;
    const components = schema.components as object | undefined;
    if (response === undefined || !components || ajv.getSchema(key)) return original(ajv, schema, key);
    const byComponents = registered.get(ajv) ?? new WeakMap<object, string>();
    registered.set(ajv, byComponents);
    let id = byComponents.get(components);
    if (!id) {
      id = `urn:cas-test:document-${++ids}`;
      ajv.addSchema({ components, paths: schema.paths }, id);
      byComponents.set(components, id);
    }
    return original(ajv, { type: "object", properties: { response: pointInto(response, id) } }, key);
  };
}
