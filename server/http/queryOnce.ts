import type { Express, Request } from "express";

const PARSED = Symbol("parsedQuery");

interface Parsed {
  /** The query part of the URL it was parsed from (routers rewrite the path, never the query). */
  search: string;
  value: unknown;
}

/** A deep copy of what the query parser returns (plain objects, arrays and strings). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copy(v);
    return out;
  }
  return value;
}

/**
 * Express 5's `req.query` is a getter that parses the query string again on every read, and a
 * request's query is read a dozen times on its way (the validator alone reads it several times):
 * the "extended" parser (qs) was a few per cent of a request's CPU. Here each request parses its
 * query once (again only if its query string changes) and every read gets a fresh copy of the result, so
 * a reader that changes what it got still changes nothing the next reader sees, as before.
 */
export function parseQueryOnce(app: Express): void {
  const proto = Object.getPrototypeOf(app.request) as object;
  const original = Object.getOwnPropertyDescriptor(proto, "query")?.get;
  if (!original) throw new Error("express's request has no query getter to wrap");
  Object.defineProperty(app.request, "query", {
    configurable: true,
    enumerable: true,
    get(this: Request & { [PARSED]?: Parsed }) {
      const at = this.url.indexOf("?");
      const search = at < 0 ? "" : this.url.slice(at);
      let parsed = this[PARSED];
      if (!parsed || parsed.search !== search) {
        parsed = { search, value: original.call(this) };
        this[PARSED] = parsed;
      }
      return copy(parsed.value);
    },
  });
}
