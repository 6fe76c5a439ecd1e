import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let installed = false;

interface SchemaValidatorOptions {
  validateApiSpec?: boolean;
}
type SchemaValidatorClass = new (
  options: SchemaValidatorOptions,
) => {
  validate(doc: unknown): { errors: unknown[] };
};

/**
 * express-openapi-validator 5.6 compiles an Ajv validator of the whole OpenAPI 3.1 meta-schema
 * at every start (framework/openapi.schema.validator.js), and with `validateApiSpec: false` only
 * skips calling it: a tenth of the server's start-up. The class is looked up on its module's
 * exports when the validator starts, so it is wrapped once here to compile nothing when the
 * check is off; with the check on, the original class does what it always did.
 */
export function skipSpecSelfCheckWhenOff(): void {
  if (installed) return;
  installed = true;
  const mod = require("express-openapi-validator/dist/framework/openapi.schema.validator.js") as {
    OpenAPISchemaValidator: SchemaValidatorClass;
  };
  const Original = mod.OpenAPISchemaValidator;
  mod.OpenAPISchemaValidator = class {
    private readonly checker: InstanceType<SchemaValidatorClass> | null;
    constructor(options: SchemaValidatorOptions) {
      this.checker = options.validateApiSpec === false ? null : new Original(options);
    }
    validate(doc: unknown) {
      return this.checker ? this.checker.validate(doc) : { errors: [] };
    }
  };
}
