/**
 * The Anthropic-compatible surface's contract (openapi/v1/): bundled into generated/v1/ as
 * openapi.json and openapi.yaml, its TypeScript types (api.d.ts) and its own Redoc page
 * (docs.html, served at /docs/v1), its request validators (requestValidators.js, compiled ahead of
 * time: scripts/lib/v1RequestValidatorsCode.ts) and the response validators of the tests
 * (responseValidators.js). Called by scripts/generate.ts (also with --check).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { stringify } from "yaml";
import { RESPONSE_VALIDATORS_TYPES, responseValidatorsModule } from "./lib/responseValidatorsCode.ts";
import { V1_REQUEST_VALIDATORS_TYPES, v1RequestValidatorsModule } from "./lib/v1RequestValidatorsCode.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE = join(ROOT, "openapi/v1/openapi.yaml");
const REDOCLY = join(ROOT, "node_modules/.bin/redocly");
const HEADER = "DO NOT EDIT: generated from openapi/v1/ by `npm run generate`.";

/** The files written under generated/v1/. */
export const V1_FILES = [
  "openapi.json",
  "openapi.yaml",
  "api.d.ts",
  "docs.html",
  "requestValidators.js",
  "requestValidators.d.ts",
  "responseValidators.js",
  "responseValidators.d.ts",
] as const;

function redocly(args: string[]): void {
  execFileSync(REDOCLY, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
}

export async function generateV1(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const bundled = join(outDir, "openapi.json");
  redocly(["lint", SOURCE, "--config", join(ROOT, "redocly.yaml")]);
  redocly(["bundle", SOURCE, "--output", bundled, "--ext", "json"]);
  const spec = JSON.parse(readFileSync(bundled, "utf8")) as Record<string, unknown>;
  writeFileSync(bundled, `${JSON.stringify(spec, null, 2)}\n`);
  writeFileSync(join(outDir, "openapi.yaml"), `# ${HEADER}\n${stringify(spec, { lineWidth: 0 })}`);
  const ast = await openapiTS(spec as never, { alphabetize: false, exportType: false });
  writeFileSync(join(outDir, "api.d.ts"), `/* ${HEADER} */\n\n${astToString(ast)}`);
  const fresh = () => JSON.parse(readFileSync(bundled, "utf8")) as Record<string, unknown>;
  writeFileSync(join(outDir, "requestValidators.js"), `/* ${HEADER} */\n${v1RequestValidatorsModule(fresh())}`);
  writeFileSync(join(outDir, "requestValidators.d.ts"), `/* ${HEADER} */\n\n${V1_REQUEST_VALIDATORS_TYPES}`);
  writeFileSync(join(outDir, "responseValidators.js"), `/* ${HEADER} */\n${responseValidatorsModule(fresh())}`);
  writeFileSync(join(outDir, "responseValidators.d.ts"), `/* ${HEADER} */\n\n${RESPONSE_VALIDATORS_TYPES}`);
  const docs = join(outDir, "docs.html");
  redocly([
    "build-docs",
    bundled,
    "--output",
    docs,
    "--title",
    "Cloud Agents Service — Anthropic-compatible API (/v1)",
    "--inlineBundle",
    "--template",
    join(ROOT, "scripts/docs-template.hbs"),
  ]);
  writeFileSync(docs, `<!-- ${HEADER} -->\n${readFileSync(docs, "utf8")}`);
}
