/**
 * The fetch used for the URLs tenants choose at run time (MCP servers, OAuth token endpoints):
 * the webhook SSRF guard (server/outbound/addressPolicy.ts) applied at every connection, redirects
 * included. Host names are resolved through the guarded lookup, so the address checked is the
 * address connected to; IP literals are checked before connecting. With `allowPrivate`
 * (MCP_ALLOW_PRIVATE_TARGETS) nothing is refused: local development and tests. undici is
 * loaded on the first request (it is a large package, and a start-up needs none of it).
 */
import type { LookupFunction } from "node:net";
import type { Agent, buildConnector } from "undici";
import { truncate } from "../text.ts";
import {
  BlockedTargetError,
  blockedAddressReason,
  createGuardedLookup,
  ipLiteral,
  urlSyntaxProblem,
} from "./addressPolicy.ts";

/** The fetch signature the MCP SDK and the OAuth helpers take. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

type Undici = typeof import("undici");

export function createTargetFetch(options: { allowPrivate: boolean }): FetchLike {
  let loaded: Promise<{ undici: Undici; dispatcher: Agent }> | null = null;
  const load = () => {
    loaded ??= import("undici").then((undici) => ({
      undici,
      dispatcher: options.allowPrivate
        ? new undici.Agent()
        : new undici.Agent({ connect: guardedConnector(undici.buildConnector) }),
    }));
    return loaded;
  };
  return async (url, init) => {
    const target = typeof url === "string" ? url : url.href;
    const syntax = urlSyntaxProblem(target);
    if (syntax) throw new BlockedTargetError(`Refused to connect to ${describe(target)}: the URL ${syntax}`);
    const { undici, dispatcher } = await load();
    // undici's own fetch (not the global one): its dispatcher carries the guard.
    const response = await undici.fetch(target, { ...(init as object), dispatcher } as Parameters<Undici["fetch"]>[1]);
    // As a Response of this runtime: the MCP SDK checks `instanceof Response`.
    const bodyless = [101, 204, 205, 304].includes(response.status);
    const converted = new Response(bodyless ? null : (response.body as ReadableStream | null), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers as unknown as Headers,
    });
    Object.defineProperty(converted, "url", { value: response.url });
    return converted;
  };
}

/** The message of an error and of its causes (undici reports "fetch failed" with the reason as the cause). */
export function describeFailure(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof Error) {
      if (current.message && !parts.includes(current.message)) parts.push(current.message);
      current = (current as Error & { cause?: unknown }).cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return truncate(parts.join(": ") || "unknown error", 500);
}

/** Origin and path only: never a query string or user-info in a message. */
function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "an invalid URL";
  }
}

function guardedConnector(build: typeof buildConnector): buildConnector.connector {
  const connect = build({ lookup: createGuardedLookup() as unknown as LookupFunction });
  return (opts, callback) => {
    const literal = ipLiteral(opts.hostname);
    const reason = literal ? blockedAddressReason(literal) : null;
    if (reason) {
      callback(new BlockedTargetError(`Refused to connect: ${literal} is ${reason}`), null);
      return;
    }
    connect(opts, callback);
  };
}
