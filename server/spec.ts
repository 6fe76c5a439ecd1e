import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const GENERATED = fileURLToPath(new URL("../generated/", import.meta.url));

/** The bundled OpenAPI document and its renderings, read once at start-up. */
export interface LoadedSpec {
  json: Record<string, unknown>;
  /** Served as they are: kept as bytes (the Redoc page held as a JS string took 5.8 MB of heap). */
  yaml: Buffer;
  docsHtml: Buffer;
}

export function loadSpec(dir: string = GENERATED): LoadedSpec {
  return {
    json: JSON.parse(readFileSync(`${dir}/openapi.json`, "utf8")) as Record<string, unknown>,
    yaml: readFileSync(`${dir}/openapi.yaml`),
    docsHtml: readFileSync(`${dir}/docs.html`),
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

const OPERATION_KEYS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"];

/** Every `#/components/...` pointer reachable from `root` through `$ref`s, transitively. */
function reachableComponents(doc: Record<string, unknown>, root: unknown): Set<string> {
  const seen = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (!node || typeof node !== "object") continue;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/") && !seen.has(ref)) {
      seen.add(ref);
      let target: unknown = doc;
      for (const part of ref.slice(2).split("/")) {
        target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
      }
      pending.push(target);
    }
    for (const [key, value] of Object.entries(record)) if (key !== "$ref") pending.push(value);
  }
  return seen;
}

/**
 * The document the request validator is given when responses are not validated (the server in
 * production): what requests are checked against is unchanged (paths, operations, parameters,
 * request bodies and every component they reach), while the operations' responses, the examples
 * and the components only responses use are left out. The validator compiles what it is given
 * at start-up, and responses are most of the document: this was most of the start-up time.
 */
export function specForRequestValidation(spec: Record<string, unknown>): Record<string, unknown> {
  const copy = specForAjv(spec);
  const paths = (copy.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const item of Object.values(paths)) {
    for (const method of OPERATION_KEYS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (op) op.responses = { default: { description: "Not needed to validate requests." } };
    }
  }
  const used = reachableComponents(copy, { paths: copy.paths, security: copy.security });
  const components = (copy.components ?? {}) as Record<string, Record<string, unknown>>;
  for (const [kind, entries] of Object.entries(components)) {
    if (kind === "securitySchemes") continue;
    for (const name of Object.keys(entries)) {
      if (!used.has(`#/components/${kind}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`)) delete entries[name];
    }
  }
  delete copy.webhooks;
  return copy;
}
