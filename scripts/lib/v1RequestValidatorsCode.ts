/**
 * Build time: the request validators of the Anthropic-compatible surface's document
 * (generated/v1/requestValidators.js), compiled by Ajv's standalone code generator as the native
 * document's are (scripts/lib/requestValidatorsCode.ts), so that no Ajv is compiled when a request
 * arrives. The surface reads its query as the SDK sends it (`created_at[gte]=...`, one value per
 * name, integers and booleans from their text: server/surfaces/anthropic/validation.ts), so what is
 * written out is, per operation, its path pattern, a validator per query parameter, and whether it
 * takes a JSON body. The JSON bodies are translated into the native requests and validated once, in
 * that form, by the native document's validators (`bodiesBySchema`).
 */
import { specForAjv } from "../../server/spec.ts";
import type { Json } from "./preparedDocument.ts";
import { scoped, standaloneCode, v1Ajv } from "./validatorAjv.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const DOC_ID = "urn:cloud-agents:v1-components";

interface Parameter {
  name: string;
  in: string;
  schema?: Json;
  $ref?: string;
}

function pointIntoDoc(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pointIntoDoc);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (["const", "enum", "default", "example", "examples"].includes(key)) out[key] = value;
    else if (key === "$ref" && typeof value === "string") out[key] = `${DOC_ID}${value}`;
    else out[key] = pointIntoDoc(value);
  }
  return out;
}

const pattern = (template: string) =>
  `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`;

export function v1RequestValidatorsModule(bundled: Json): string {
  const doc = specForAjv(bundled);
  const ajv = v1Ajv();
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} }, DOC_ID);
  const names = new Map<string, string>();
  const refs: Record<string, string> = {};
  const compiled = (schema: Json): string => {
    const key = JSON.stringify(schema);
    let name = names.get(key);
    if (!name) {
      name = `q${names.size}`;
      names.set(key, name);
      ajv.addSchema(pointIntoDoc(schema) as Json, name);
      refs[name] = name;
    }
    return name;
  };
  const components = ((doc.components as Json | undefined)?.parameters ?? {}) as Record<string, Parameter>;
  const resolve = (p: Parameter): Parameter =>
    p.$ref ? (components[p.$ref.replace("#/components/parameters/", "")] ?? p) : p;
  const lines: string[] = [];
  for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const shared = ((item.parameters ?? []) as Parameter[]).map(resolve);
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...shared, ...((op.parameters ?? []) as Parameter[]).map(resolve)].filter(
        (p) => p.in === "query",
      );
      const query = params
        .map((p) => {
          const schema = p.schema ?? {};
          const type = typeof schema.type === "string" ? schema.type : "string";
          return `${JSON.stringify(p.name)}: { type: ${JSON.stringify(type)}, validate: validators.${compiled(schema)} }`;
        })
        .join(", ");
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Json;
      lines.push(
        `  { method: ${JSON.stringify(method)}, template: ${JSON.stringify(template)}, ` +
          `regex: new RegExp(${JSON.stringify(pattern(template))}), query: { ${query} }, ` +
          `jsonBody: ${content["application/json"] !== undefined} },`,
      );
    }
  }
  const header = 'import { createRequire } from "node:module";\n\nconst require = createRequire(import.meta.url);';
  return [
    header,
    "",
    "/* One validator per distinct query parameter schema. */",
    `const validators = ${scoped(standaloneCode(ajv, refs))};`,
    "",
    "/** Every operation of the document: its path pattern, its query parameters, whether it takes a JSON body. */",
    `export const operations = [\n${lines.join("\n")}\n];`,
    "",
  ].join("\n");
}

/** The declarations of generated/v1/requestValidators.js. */
export const V1_REQUEST_VALIDATORS_TYPES = `/** A compiled Ajv validator: true or false, and the errors of the last call that failed. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }[] | null;
}

export interface AnthropicQueryParameter {
  /** The schema's type: an integer or boolean is read from its text before validation. */
  type: string;
  validate: CompiledValidator;
}

export interface AnthropicOperation {
  /** Lower case: get, post, put, patch, delete. */
  method: string;
  /** The documented path (\`/v1/agents/{agent_id}\`). */
  template: string;
  regex: RegExp;
  /** The declared query parameters by name, as the SDK sends them (\`created_at[gte]\`). */
  query: Partial<Record<string, AnthropicQueryParameter>>;
  /** The operation takes an application/json body. */
  jsonBody: boolean;
}

export declare const operations: AnthropicOperation[];
`;
