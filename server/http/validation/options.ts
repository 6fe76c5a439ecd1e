/**
 * The request-validation settings shared by the validators generated at build time
 * (scripts/lib/requestValidatorsCode.ts compiles them with the Ajv set-up express-openapi-validator
 * uses, scripts/lib/validatorAjv.ts) and by express-openapi-validator where it still runs: the
 * reference test/contract/requestValidatorSpec.test.ts compares the generated validators with.
 */
export const REQUEST_VALIDATION = {
  allowUnknownQueryParameters: false,
  coerceTypes: false,
  allErrors: false,
  discriminator: true,
} as const;

/** multer's settings for skill uploads (multipart/form-data). */
export function uploadLimits(maxUploadBytes: number) {
  return {
    preservePath: true,
    limits: { fileSize: maxUploadBytes, files: 1000, fields: 20, fieldSize: 64 * 1024 },
  };
}

/** express-openapi-validator's options for the document it is given, as the server gave them (the contract test's reference). */
export function validatorOptions(apiSpec: Record<string, unknown>, validateResponses: boolean, maxUploadBytes: number) {
  return {
    apiSpec,
    // The document is linted in CI (redocly, recommended-strict) and proven fresh.
    validateApiSpec: false,
    validateRequests: { ...REQUEST_VALIDATION },
    validateResponses: validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
    fileUploader: uploadLimits(maxUploadBytes),
    $refParser: { mode: "bundle" as const },
  };
}
