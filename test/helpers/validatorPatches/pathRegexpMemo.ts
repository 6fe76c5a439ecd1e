import { createRequire } from "node:module";

type PathToRegexp = (path: unknown, options?: unknown) => unknown;

const require = createRequire(import.meta.url);
let installed = false;

/**
 * express-openapi-validator 5.6 compiles the path regexp of every documented route on every
 * request (`lookupRoute` in openapi.metadata.js calls `pathToRegexp` for each route until one
 * matches): about a twentieth of the server's CPU under load. `pathToRegexp` is a pure function
 * of its arguments and its regexps are not global (`exec` keeps no state), so the shared module's
 * export is wrapped once to reuse the result for the same path and options. The cache holds one
 * entry per distinct route string, a bounded set.
 */
/** A cheap key for the common call (a string path, boolean options); null means "do not cache". */
function cacheKey(path: unknown, options: unknown): string | null {
  if (typeof path !== "string") return null;
  if (options === undefined) return path;
  if (typeof options !== "object" || options === null) return null;
  let key = path;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "boolean") return null;
    key += `\u0000${name}=${value}`;
  }
  return key;
}

export function memoizePathToRegexp(): void {
  if (installed) return;
  installed = true;
  const mod = require("path-to-regexp") as { pathToRegexp: PathToRegexp };
  const compile = mod.pathToRegexp;
  const cache = new Map<string, unknown>();
  mod.pathToRegexp = (path: unknown, options?: unknown) => {
    const key = cacheKey(path, options);
    if (key === null) return compile(path, options);
    let result = cache.get(key);
    if (result === undefined) {
      result = compile(path, options);
      if (cache.size < 10_000) cache.set(key, result);
    }
    return result;
  };
}
