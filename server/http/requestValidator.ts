import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { RequestHandler } from "express";
import { specForAjv } from "../spec.ts";
import { validatorOptions } from "./validation/options.ts";
import { validateRequests } from "./validation/validateRequest.ts";

const require = createRequire(import.meta.url);

export interface RequestValidatorOptions {
  /** Validate every response against the spec too (on in tests). */
  validateResponses: boolean;
  maxUploadBytes: number;
}

/**
 * Every request is checked against its operation (parameters, body, media type, multipart
 * files) by validators compiled from the bundled spec at build time (`npm run generate` writes
 * generated/requestValidators.js with Ajv's standalone code; server/http/validation/ runs them
 * as express-openapi-validator's middlewares did). express-openapi-validator compiled them at
 * every start, about a second: more than twice the 400 ms start-up target on its own.
 * test/contract/requestValidatorSpec.test.ts proves the two answer every fuzzed request alike.
 *
 * With `validateResponses` (the in-process tests) express-openapi-validator checks every response
 * against the whole document after that; it is loaded only then, never in production. The test
 * harness makes it cheaper first (test/helpers/validatorPatches/).
 */
export function requestValidator(
  spec: Record<string, unknown> | (() => Record<string, unknown>),
  options: RequestValidatorOptions,
): RequestHandler[] {
  const requests = validateRequests(options.maxUploadBytes);
  if (!options.validateResponses) return [requests];
  return [requests, ...responseValidator(typeof spec === "function" ? spec() : spec, options.maxUploadBytes)];
}

/**
 * The response validators made in this process, by document and upload limit: a test process
 * starts one server per test file, and compiling them took about a second of CPU each time
 * (Ajv and the $ref resolver, 60% of a server's start in a profile of the test harness). The same
 * middlewares serve every server of the process: what they keep is the document's (compiled
 * validators by route and media type); the one thing they bind to an app, path parameters on the
 * first one's `app.param`, has no use here (every route is in a router of its own).
 */
const responseValidators = new Map<string, RequestHandler[]>();

/** express-openapi-validator checking responses only (requests were checked before). */
function responseValidator(spec: Record<string, unknown>, maxUploadBytes: number): RequestHandler[] {
  const key = `${maxUploadBytes}:${createHash("sha256").update(JSON.stringify(spec)).digest("hex")}`;
  const made = responseValidators.get(key);
  if (made) return made;
  const OpenApiValidator = require("express-openapi-validator") as { middleware(options: unknown): unknown };
  const middlewares = OpenApiValidator.middleware({
    // The validator annotates the document it is given: hand it a private copy (one Ajv accepts).
    ...validatorOptions(specForAjv(spec), true, maxUploadBytes),
    validateRequests: false,
    // The request validator has read any multipart body already.
    fileUploader: false,
  }) as RequestHandler[];
  responseValidators.set(key, middlewares);
  return middlewares;
}
