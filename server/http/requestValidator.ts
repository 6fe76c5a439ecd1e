import type { RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { specForAjv, specForRequestValidation } from "../spec.ts";
import { memoizePathToRegexp } from "./pathRegexpMemo.ts";
import { skipSpecSelfCheckWhenOff } from "./specSelfCheck.ts";
import { lookupRoutesBySegment } from "./validatorRouteLookup.ts";

export interface RequestValidatorOptions {
  /** Validate every response against the spec too (on in tests): the validator then gets the whole document. */
  validateResponses: boolean;
  maxUploadBytes: number;
}

/**
 * express-openapi-validator over the bundled spec: every request is checked against its
 * operation (parameters, body, media type, multipart files), and with `validateResponses` every
 * response too. Without response validation it is given `specForRequestValidation(spec)`, the
 * same requests' contract without the responses (which it would otherwise compile at start-up);
 * test/contract/requestValidatorSpec.test.ts proves both answer every fuzzed request alike.
 */
export function requestValidator(spec: Record<string, unknown>, options: RequestValidatorOptions): RequestHandler[] {
  memoizePathToRegexp();
  skipSpecSelfCheckWhenOff();
  lookupRoutesBySegment();
  return OpenApiValidator.middleware({
    // The validator annotates the document it is given: hand it a private copy (one Ajv accepts).
    apiSpec: (options.validateResponses ? specForAjv(spec) : specForRequestValidation(spec)) as never,
    // The document is linted in CI (redocly, recommended-strict) and proven fresh: checking it
    // against the OpenAPI meta-schema again at every start cost a tenth of the start-up.
    validateApiSpec: false,
    validateRequests: {
      allowUnknownQueryParameters: false,
      coerceTypes: false,
      allErrors: false,
      discriminator: true,
    },
    validateResponses: options.validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
    fileUploader: {
      preservePath: true,
      limits: { fileSize: options.maxUploadBytes, files: 1000, fields: 20, fieldSize: 64 * 1024 },
    },
    $refParser: { mode: "bundle" },
  }) as unknown as RequestHandler[];
}
