/**
 * Build time: the response validators of every operation of a bundled document as one ES module
 * (generated/responseValidators.js, generated/v1/responseValidators.js), compiled by Ajv's
 * standalone code generator. The in-process test server checks every JSON response with them
 * (`validateResponses`, server/http/validation/validateResponse.ts) as express-openapi-validator
 * 5.6's response validator did (middlewares/openapi.response.validator.js): the same prepared
 * document (its response copy), Ajv set-up (all errors, no coercion, no defaults, `writeOnly`
 * refused) and per-status, per-media-type schemas. Identical schemas are compiled once.
 */
import { specForAjv } from "../../server/spec.ts";
import { HTTP_METHODS, type Json, prepareDocument } from "./preparedDocument.ts";
import { openApiAjv, scoped, standaloneCode } from "./validatorAjv.ts";

const DOC_ID = "urn:cloud-agents:response-document";

/** Keywords whose values are data, not schemas: a `$ref` key inside them is left as it is. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "example", "examples"]);

/** A copy whose `$ref`s into the document point into the one registered as DOC_ID. */
function pointIntoDoc(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(pointIntoDoc);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (key === "$ref" && typeof value === "string" && /^#\/(components|paths)\//.test(value))
      out[key] = `${DOC_ID}${value}`;
    else out[key] = pointIntoDoc(value);
  }
  return out;
}

/** A media type validated as JSON (`application/json`, `application/problem+json`; canValidateContentType). */
function isJson(type: string): boolean {
  const media = (type.split(";")[0] ?? "").trim().toLowerCase();
  const subtype = media.split("/")[1] ?? "";
  return subtype === "json" || subtype.endsWith("+json");
}

const isWildcard = (type: string) => type === "*/*" || /^[a-z]+\/\*$/.test(type);

/** The generated module's source. */
export function responseValidatorsModule(bundled: Json): string {
  const doc = prepareDocument(specForAjv(bundled)).response as Json & {
    paths: Record<string, Json>;
    components?: Json;
  };
  const ajv = openApiAjv({
    kind: "response",
    coerceTypes: false,
    allErrors: true,
    discriminator: false,
    useDefaults: false,
  });
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {}, paths: doc.paths }, DOC_ID);
  const names = new Map<string, string>();
  const refs: Record<string, string> = {};
  const compiled = (schema: Json): string => {
    const wrapped = { type: "object", properties: { response: pointIntoDoc(schema) } };
    const key = JSON.stringify(wrapped);
    let name = names.get(key);
    if (!name) {
      name = `r${names.size}`;
      names.set(key, name);
      ajv.addSchema(wrapped, name);
      refs[name] = name;
    }
    return name;
  };
  const responsesOf = (responses: Record<string, Json>) => {
    const statuses: Record<string, Record<string, string>> = {};
    for (const [status, r] of Object.entries(responses)) {
      let response = r;
      if (typeof response.$ref === "string") {
        const id = response.$ref.replace(/^.+\//i, "");
        response = ((doc.components?.responses ?? {}) as Record<string, Json>)[id] ?? {};
      }
      if (!response.content) {
        statuses[status] = {};
        continue;
      }
      for (const [type, media] of Object.entries(response.content as Record<string, Json>)) {
        if (!media?.schema || !(isJson(type) || isWildcard(type))) continue;
        statuses[status] = { ...statuses[status], [type]: compiled(media.schema as Json) };
      }
    }
    return statuses;
  };
  const lines: string[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const statuses = responsesOf(((op as Json).responses ?? {}) as Record<string, Json>);
      const body = Object.entries(statuses)
        .map(
          ([status, types]) =>
            `${JSON.stringify(status)}: { ${Object.entries(types)
              .map(([type, name]) => `${JSON.stringify(type)}: validators.${name}`)
              .join(", ")} }`,
        )
        .join(", ");
      lines.push(`  ${JSON.stringify(`${method.toUpperCase()} ${template}`)}: { ${body} },`);
    }
  }
  const header = 'import { createRequire } from "node:module";\n\nconst require = createRequire(import.meta.url);';
  return [
    header,
    "",
    "/* One validator per distinct response schema; each checks `{ response: body }`. */",
    `const validators = ${scoped(standaloneCode(ajv, refs))};`,
    "",
    "/** Each operation (`GET /skills/{skill_id}`, the path as documented): its responses by status and media type. */",
    `export const operations = {\n${lines.join("\n")}\n};`,
    "",
  ].join("\n");
}

/** The declarations of a generated responseValidators.js (the same for every document). */
export const RESPONSE_VALIDATORS_TYPES = `/** A compiled Ajv validator (all errors): true or false, and the errors of the last call that failed. */
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

/** Validators by media type; an empty object: the response has no body. */
export type ResponseContent = Partial<Record<string, CompiledValidator>>;

/** Each operation (\`GET /skills/{skill_id}\`): its documented responses by status (\`200\`, \`4XX\`, \`default\`). */
export declare const operations: Partial<Record<string, Partial<Record<string, ResponseContent>>>>;
`;
