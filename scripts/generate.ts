/**
 * Generates everything in generated/ from the hand-written description in openapi/:
 *   generated/openapi.json, generated/openapi.yaml  (bundled with redocly; every operation given
 *                                                    its curl and TypeScript SDK samples as
 *                                                    `x-codeSamples`, scripts/lib/codeSamples.ts)
 *   generated/api.d.ts                              (openapi-typescript)
 *   generated/docs.html                             (self-contained Redoc page: scripts inlined,
 *                                                    a content security policy that loads nothing
 *                                                    from elsewhere; see scripts/docs-template.hbs)
 *   generated/requestValidators.js, .d.ts           (every operation's request validators, compiled
 *                                                    by Ajv standalone; scripts/lib/requestValidatorsCode.ts)
 *   generated/responseValidators.js, .d.ts          (every operation's response validators, for the
 *                                                    tests; scripts/lib/responseValidatorsCode.ts)
 *   generated/v1/                                   (the /v1 surface's document: scripts/generateV1.ts)
 * With --check it generates into a temporary folder and fails when generated/ differs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { stringify } from "yaml";
import { generateV1, V1_FILES } from "./generateV1.ts";
import { addCodeSamples } from "./lib/codeSamples.ts";
import { REQUEST_VALIDATORS_TYPES, requestValidatorsModule } from "./lib/requestValidatorsCode.ts";
import { RESPONSE_VALIDATORS_TYPES, responseValidatorsModule } from "./lib/responseValidatorsCode.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE = join(ROOT, "openapi/openapi.yaml");
const TARGET = join(ROOT, "generated");
const REDOCLY = join(ROOT, "node_modules/.bin/redocly");
const DOCS_TEMPLATE = join(ROOT, "scripts/docs-template.hbs");
const FILES = [
  "openapi.json",
  "openapi.yaml",
  "api.d.ts",
  "docs.html",
  "requestValidators.js",
  "requestValidators.d.ts",
  "responseValidators.js",
  "responseValidators.d.ts",
  // The Anthropic-compatible surface (/v1): scripts/generateV1.ts.
  ...V1_FILES.map((f) => `v1/${f}` as const),
] as const;
const HEADER = "DO NOT EDIT: generated from openapi/ by `npm run generate`.";

function redocly(args: string[]): void {
  execFileSync(REDOCLY, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
}

async function generate(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const bundled = join(outDir, "openapi.json");
  redocly(["bundle", SOURCE, "--output", bundled, "--ext", "json"]);
  const spec = JSON.parse(readFileSync(bundled, "utf8")) as Record<string, unknown>;
  // Generated from the operations' own examples, so a sample never drifts from the description.
  addCodeSamples(spec);
  writeFileSync(bundled, `${JSON.stringify(spec, null, 2)}\n`);
  writeFileSync(join(outDir, "openapi.yaml"), `# ${HEADER}\n${stringify(spec, { lineWidth: 0 })}`);

  const ast = await openapiTS(spec as never, { alphabetize: false, exportType: false });
  writeFileSync(join(outDir, "api.d.ts"), `/* ${HEADER} */\n\n${astToString(ast)}`);

  // From the file again: openapi-typescript changes the document it is given (`const` to `enum`).
  const validators = requestValidatorsModule(JSON.parse(readFileSync(bundled, "utf8")));
  writeFileSync(join(outDir, "requestValidators.js"), `/* ${HEADER} */\n${validators}`);
  writeFileSync(join(outDir, "requestValidators.d.ts"), `/* ${HEADER} */\n\n${REQUEST_VALIDATORS_TYPES}`);
  const responses = responseValidatorsModule(JSON.parse(readFileSync(bundled, "utf8")));
  writeFileSync(join(outDir, "responseValidators.js"), `/* ${HEADER} */\n${responses}`);
  writeFileSync(join(outDir, "responseValidators.d.ts"), `/* ${HEADER} */\n\n${RESPONSE_VALIDATORS_TYPES}`);

  const docs = join(outDir, "docs.html");
  redocly([
    "build-docs",
    bundled,
    "--output",
    docs,
    "--title",
    "Cloud Agents Service API",
    // Redoc's scripts inside the page instead of a CDN link: /docs works without internet.
    "--inlineBundle",
    "--template",
    DOCS_TEMPLATE,
  ]);
  writeFileSync(docs, `<!-- ${HEADER} -->\n${readFileSync(docs, "utf8")}`);
  await generateV1(join(outDir, "v1"));
}

async function main(): Promise<void> {
  if (!process.argv.includes("--check")) {
    await generate(TARGET);
    console.log(`generated ${FILES.map((f) => `generated/${f}`).join(", ")}`);
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), "cas-generated-"));
  try {
    await generate(tmp);
    const stale = FILES.filter((f) => {
      const current = join(TARGET, f);
      return !existsSync(current) || readFileSync(current, "utf8") !== readFileSync(join(tmp, f), "utf8");
    });
    if (stale.length > 0) {
      console.error(`generated/ is stale (${stale.join(", ")}): run \`npm run generate\` and commit the result.`);
      process.exit(1);
    }
    console.log("generated/ is up to date with openapi/");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  const e = err as { stderr?: Buffer; message?: string };
  console.error(e.stderr?.toString() || e.message || err);
  process.exit(1);
});
