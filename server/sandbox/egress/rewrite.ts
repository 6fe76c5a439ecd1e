/**
 * What the egress proxy does to one request (docs/egress.md): which placeholders it replaces by
 * their secrets (a credential's hosts, in the header values and/or the body it names), which
 * header it sets (a repository's token, on that repository's host, port and path only), and what
 * it takes back out of the answer (a secret an upstream echoes is shown to the command as its
 * placeholder again). Everything else passes unchanged.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import { canonicalHost, hostMatches } from "../hostPolicy.ts";
import type { EgressHeaderGrant, EgressPlan, EgressSubstitution } from "../port.ts";

export interface RequestTarget {
  protocol: "http:" | "https:";
  host: string;
  port: number;
  path: string;
}

export interface RequestRewrite {
  headerSubstitutions: EgressSubstitution[];
  bodySubstitutions: EgressSubstitution[];
  setHeaders: EgressHeaderGrant[];
  /** Secret → what the command sees instead, in the answer's headers and body. */
  redactions: [string, string][];
}

function substitutionApplies(s: EgressSubstitution, host: string): boolean {
  return s.hosts === null || s.hosts.some((pattern) => hostMatches(host, pattern));
}

/**
 * Whether a request path lies under a repository's path (`/o/r`, `/o/r.git`, `/o/r/...`,
 * `/o/r.git/...`). A path a server could read as another (`..` or `.` segments, encoded dots,
 * slashes or backslashes, doubled slashes) never gets the repository's token.
 */
export function underRepository(path: string, prefix: string): boolean {
  const bare = prefix.replace(/\/+$/, "").replace(/\.git$/, "");
  const p = path.split("?")[0] ?? "";
  if (/%2e|%2f|%5c|\\|\/\//i.test(p)) return false;
  let normal: string;
  try {
    normal = new URL(p, "http://repository.invalid").pathname;
  } catch {
    return false;
  }
  if (normal !== p) return false;
  return [bare, `${bare}.git`].some((base) => p === base || p.startsWith(`${base}/`));
}

function grantApplies(g: EgressHeaderGrant, t: { protocol: string; host: string; port: number }): boolean {
  return g.protocol === t.protocol && canonicalHost(g.host) === canonicalHost(t.host) && g.port === t.port;
}

/** Whether the proxy terminates TLS of a CONNECT to host:port (a credential or repository names it). */
export function terminatesTls(plan: EgressPlan | undefined, host: string, port: number): boolean {
  if (!plan) return false;
  return (
    plan.substitutions.some((s) => substitutionApplies(s, host)) ||
    plan.headers.some((g) => grantApplies(g, { protocol: "https:", host, port }))
  );
}

export function rewriteFor(plan: EgressPlan | undefined, target: RequestTarget): RequestRewrite | null {
  if (!plan) return null;
  const subs = plan.substitutions.filter((s) => substitutionApplies(s, target.host));
  const setHeaders = plan.headers.filter((g) => grantApplies(g, target) && underRepository(target.path, g.pathPrefix));
  if (subs.length === 0 && setHeaders.length === 0) return null;
  const redactions: [string, string][] = subs.map((s) => [s.secret, s.placeholder]);
  for (const g of setHeaders) redactions.push([g.value, "[repository token]"]);
  return {
    headerSubstitutions: subs.filter((s) => s.header),
    bodySubstitutions: subs.filter((s) => s.body),
    setHeaders,
    redactions,
  };
}

function replaceAll(text: string, pairs: [string, string][]): string {
  let out = text;
  for (const [from, to] of pairs) if (from && out.includes(from)) out = out.split(from).join(to);
  return out;
}

/** The request's headers for upstream: hop-by-hop proxy headers dropped, placeholders replaced, grants set. */
export function upstreamHeaders(headers: IncomingHttpHeaders, rewrite: RequestRewrite | null): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = { ...headers };
  delete out["proxy-authorization"];
  delete out["proxy-connection"];
  if (!rewrite) return out;
  const pairs: [string, string][] = rewrite.headerSubstitutions.map((s) => [s.placeholder, s.secret]);
  if (pairs.length > 0) {
    for (const [name, value] of Object.entries(out)) {
      if (typeof value === "string") out[name] = replaceAll(value, pairs);
      else if (Array.isArray(value)) out[name] = value.map((v) => replaceAll(v, pairs));
    }
  }
  for (const g of rewrite.setHeaders) out[g.name.toLowerCase()] = g.value;
  return out;
}

/** The answer's headers for the command: any secret of the request shown as its placeholder. */
export function downstreamHeaders(headers: IncomingHttpHeaders, rewrite: RequestRewrite | null): IncomingHttpHeaders {
  if (!rewrite) return headers;
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string") out[name] = replaceAll(value, rewrite.redactions);
    else if (Array.isArray(value)) out[name] = value.map((v) => replaceAll(v, rewrite.redactions));
  }
  // The body may change length (a redaction): it goes chunked.
  delete out["content-length"];
  return out;
}

/** Replaces byte strings in a stream, across chunk boundaries (keeps the longest needle's tail back). */
export class ReplaceStream extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private readonly pairs: [Buffer, Buffer][];
  private readonly keep: number;

  constructor(pairs: [string, string][]) {
    super();
    this.pairs = pairs.filter(([from]) => from.length > 0).map(([a, b]) => [Buffer.from(a), Buffer.from(b)]);
    this.keep = Math.max(0, ...this.pairs.map(([from]) => from.length - 1));
  }

  private replaced(buf: Buffer): Buffer {
    let out = buf;
    for (const [from, to] of this.pairs) {
      if (out.indexOf(from) < 0) continue;
      const parts: Buffer[] = [];
      let at = 0;
      for (let i = out.indexOf(from); i >= 0; i = out.indexOf(from, at)) {
        parts.push(out.subarray(at, i), to);
        at = i + from.length;
      }
      parts.push(out.subarray(at));
      out = Buffer.concat(parts);
    }
    return out;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const all = this.replaced(Buffer.concat([this.pending, chunk]));
    // A needle cut by the chunk's end is completed by the next chunk.
    const cut = Math.max(0, all.length - this.keep);
    this.pending = all.subarray(cut);
    done(null, all.subarray(0, cut));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.replaced(this.pending));
  }
}

/** The most of a request body the proxy holds to replace placeholders in it. */
export const MAX_SUBSTITUTED_BODY_BYTES = 16 * 1024 * 1024;

/** A request body with its placeholders replaced (the caller checked the size). */
export function substitutedBody(body: Buffer, subs: EgressSubstitution[]): Buffer {
  return subs.length === 0
    ? body
    : Buffer.from(
        replaceAll(
          body.toString("latin1"),
          subs.map((s) => [Buffer.from(s.placeholder).toString("latin1"), Buffer.from(s.secret).toString("latin1")]),
        ),
        "latin1",
      );
}
