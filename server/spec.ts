import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const GENERATED = fileURLToPath(new URL("../generated/", import.meta.url));

/**
 * The bundled OpenAPI document and its renderings: the document's bytes are read at start-up,
 * parsed (`json`) by their first reader, the first request that needs the route table (parsing
 * the 0.8 MB document was 10-15 ms of every start); the YAML and the Redoc page (about 3 MB) are
 * read on their first request.
 */
export interface LoadedSpec {
  json: Record<string, unknown>;
  /** The document as the file holds it, served as it is by /openapi.json (no serialising per request). */
  jsonBytes: Buffer;
  /** Served as they are: kept as bytes (the Redoc page held as a JS string took 5.8 MB of heap). */
  yaml: Buffer;
  docsHtml: Buffer;
}

export function loadSpec(dir: string = GENERATED): LoadedSpec {
  const jsonBytes = readFileSync(`${dir}/openapi.json`);
  let json: Record<string, unknown> | null = null;
  let yaml: Buffer | null = null;
  let docsHtml: Buffer | null = null;
  return {
    get json() {
      json ??= JSON.parse(jsonBytes.toString("utf8")) as Record<string, unknown>;
      return json;
    },
    jsonBytes,
    get yaml() {
      yaml ??= readFileSync(`${dir}/openapi.yaml`);
      return yaml;
    },
    get docsHtml() {
      docsHtml ??= readFileSync(`${dir}/docs.html`);
      return docsHtml;
    },
  };
}

/**
 * A copy of the document that Ajv (the request validator's engine) can compile: Ajv checks an
 * OpenAPI `discriminator` by its `propertyName` and the branches' `const` values, and refuses a
 * `mapping`, which the document keeps for code generators and readers.
 */
export function specForAjv(spec: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(spec);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const discriminator = record.discriminator as Record<string, unknown> | undefined;
    if (discriminator && typeof discriminator === "object" && typeof discriminator.propertyName === "string") {
      record.discriminator = { propertyName: discriminator.propertyName };
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(copy);
  return copy;
}
