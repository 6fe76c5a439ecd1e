/**
 * Build time: the Ajv instances whose standalone code becomes the generated validators
 * (generated/requestValidators.js, generated/v1/requestValidators.js and the response validators
 * beside them). The native document's are set up as express-openapi-validator 5.6 sets up its own
 * (framework/ajv/index.js and options.js: the same options, formats and keywords), written out
 * here so that nothing reads that package's internals: test/contract/requestValidatorSpec.test.ts
 * proves the generated validators answer as it does.
 */
import { createRequire } from "node:module";
import type { Ajv2020 as Ajv2020Type, KeywordDefinition, Options } from "ajv/dist/2020.js";

const require = createRequire(import.meta.url);
const { _ } = require("ajv") as { _: typeof import("ajv")._ };
const { Ajv2020 } = require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020Type };
const addFormats = require("ajv-formats") as (ajv: Ajv2020Type, options?: { mode: "fast" | "full" }) => void;
// JTD's `type` keyword: express-openapi-validator checks the type of a date or date-time string
// with it (as `x-eov-type`) so that a (de)serializer may run before the type check.
const jtdType = (require("ajv/dist/vocabularies/jtd/type.js") as { default: KeywordDefinition }).default;

export type Ajv = Ajv2020Type;

const MAX_INT32 = 2 ** 31 - 1;
const MIN_INT32 = (-2) ** 31;
const MAX_INT64 = 2 ** 63 - 1;
const MIN_INT64 = (-2) ** 63;
const MAX_FLOAT = (2 - 2 ** -23) * 2 ** 127;
const MIN_POS_FLOAT = 2 ** -126;

/** The OpenAPI formats express-openapi-validator adds (framework/ajv/formats.js). */
const OPENAPI_FORMATS = {
  int32: { type: "number", validate: (i: number) => Number.isInteger(i) && i <= MAX_INT32 && i >= MIN_INT32 },
  int64: { type: "number", validate: (i: number) => Number.isInteger(i) && i <= MAX_INT64 && i >= MIN_INT64 },
  float: {
    type: "number",
    validate: (i: number) =>
      typeof i === "number" &&
      (i === 0 || (i <= MAX_FLOAT && i >= MIN_POS_FLOAT) || (i >= -MAX_FLOAT && i <= -MIN_POS_FLOAT)),
  },
  double: { type: "number", validate: (i: number) => typeof i === "number" },
  byte: (b: string) => b.length % 4 === 0 && /^[A-Za-z0-9+/]*(=|==)?$/.test(b),
  binary: () => true,
  password: () => true,
} as const;

/** The formats whose strings express-openapi-validator (de)serializes by default (base.serdes.js). */
export const SERDES_FORMATS = ["date", "date-time"];

/** `writeOnly` in a response (framework/ajv/index.js): a property that is present fails. */
const writeOnlyInResponses: KeywordDefinition = {
  keyword: "writeOnly",
  schemaType: "boolean",
  error: { message: "is write-only" },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`true`);
  },
};

export interface OpenApiAjvOptions {
  /** Request parameters are coerced from their text; bodies and responses are not. */
  coerceTypes: boolean;
  allErrors: boolean;
  /** Requests: Ajv's `discriminator` keyword on (responses: off, as express-openapi-validator leaves it). */
  discriminator: boolean;
  /** Requests fill in `default`s; responses do not. */
  useDefaults: boolean;
  kind: "request" | "response";
}

/** An Ajv as express-openapi-validator's createRequestAjv / createResponseAjv makes it, emitting source code. */
export function openApiAjv(options: OpenApiAjvOptions): Ajv {
  const settings: Options = {
    strict: false,
    strictNumbers: true,
    strictTuples: true,
    allowUnionTypes: false,
    validateSchema: false,
    coerceTypes: options.coerceTypes,
    useDefaults: options.useDefaults,
    removeAdditional: false,
    validateFormats: true,
    formats: OPENAPI_FORMATS,
    allErrors: options.allErrors,
    ...(options.kind === "request" ? { discriminator: options.discriminator } : {}),
    code: { source: true, lines: false },
  };
  const ajv = new Ajv2020(settings);
  // OpenAPI 3.1's `media-range` (factory.js), then, least to most important: the (de)serialized
  // formats, OpenAPI's own, ajv-formats' fast mode.
  ajv.addFormat("media-range", true);
  for (const format of SERDES_FORMATS) ajv.addFormat(format, true);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format as never);
  addFormats(ajv, { mode: "fast" });
  ajv.addKeyword({ ...jtdType, keyword: "x-eov-type", before: "type" } as KeywordDefinition);
  if (options.kind === "response") {
    ajv.removeKeyword("writeOnly");
    ajv.addKeyword(writeOnlyInResponses);
  }
  return ajv;
}

/** The /v1 surface's Ajv: the options its run-time validator had (strict off, formats on, full mode). */
export function v1Ajv(): Ajv {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    discriminator: true,
    validateFormats: true,
    validateSchema: false,
    code: { source: true, lines: false },
  });
  addFormats(ajv);
  return ajv;
}

/** Ajv's standalone code generator. */
export const standaloneCode = require("ajv/dist/standalone").default as (
  ajv: Ajv,
  refs: Record<string, string>,
) => string;

/** Standalone code as an expression: the module's `exports`, with the generated module's own `require`. */
export const scoped = (source: string) => `(() => {\nconst exports = {};\n${source}\nreturn exports;\n})()`;
