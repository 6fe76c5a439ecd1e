/**
 * express-openapi-validator runs only in the tests (it checks every response of the in-process
 * server against the spec: `validateResponses`). These four patches make it cheap enough to run
 * on every request of the suite: a memo of path-to-regexp, no compile of the OpenAPI meta-schema
 * when the spec self-check is off, a route lookup by first path segment, and response schemas
 * compiled against the document registered once instead of embedding it each time. They patch the shared
 * CommonJS modules, so they must be installed before the validator's middleware is built.
 */
import { memoizePathToRegexp } from "./pathRegexpMemo.ts";
import { compileResponseSchemasByReference } from "./responseSchemaRefs.ts";
import { skipSpecSelfCheckWhenOff } from "./specSelfCheck.ts";
import { lookupRoutesBySegment } from "./validatorRouteLookup.ts";

export function patchExpressOpenApiValidator(): void {
  memoizePathToRegexp();
  skipSpecSelfCheckWhenOff();
  lookupRoutesBySegment();
  compileResponseSchemasByReference();
}
