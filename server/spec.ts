import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const GENERATED = fileURLToPath(new URL("../generated/", import.meta.url));

/** The bundled OpenAPI document and its renderings, read once at start-up. */
export interface LoadedSpec {
  json: Record<string, unknown>;
  yaml: string;
  docsHtml: string;
}

export function loadSpec(dir: string = GENERATED): LoadedSpec {
  return {
    json: JSON.parse(readFileSync(`${dir}/openapi.json`, "utf8")) as Record<string, unknown>,
    yaml: readFileSync(`${dir}/openapi.yaml`, "utf8"),
    docsHtml: readFileSync(`${dir}/docs.html`, "utf8"),
  };
}
