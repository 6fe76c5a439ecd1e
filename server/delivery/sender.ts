import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import {
  BlockedTargetError,
  blockedAddressReason,
  createGuardedLookup,
  DnsTimeoutError,
  ipLiteral,
  type ResolveAll,
} from "../outbound/addressPolicy.ts";
import { truncate } from "../text.ts";

/** What one HTTP attempt produced. `status` is null when no response arrived. */
export interface SendResult {
  status: number | null;
  /** Why the attempt failed (already truncated); null on a 2xx. */
  error: string | null;
  retryAfter: string | undefined;
  durationMs: number;
  /** The signal aborted the exchange before it completed (the connection was closed). */
  aborted?: boolean;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Idle keep-alive sockets kept per receiver origin (several endpoints may share one). */
  maxFreeSocketsPerOrigin: number;
  /** How host names are resolved under the SSRF guard (DNS by default; tests pass their own). */
  resolve?: ResolveAll;
}

/** Errors and response excerpts are stored and shown: keep them short. */
export const MAX_ERROR_LENGTH = 500;
const MAX_EXCERPT_BYTES = 256;

function describeNetworkError(err: unknown, timeoutMs: number): string {
  if (err instanceof AttemptTimeout || err instanceof DnsTimeoutError) return `Timed out after ${timeoutMs} ms`;
  if (err instanceof BlockedTargetError) return err.message;
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === "string" ? `${e.code}: ` : "";
  return `${code}${e?.message ?? String(err)}`;
}

class AttemptTimeout extends Error {}
class AttemptAborted extends Error {}

/**
 * Sends webhook requests with node:http/https over keep-alive agents, one POST per attempt,
 * never following redirects (node's client does not), bounded by a timeout that covers the
 * whole exchange: connect, response headers and body.
 */
export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  /** Endpoint URLs, parsed once (a URL is never modified once parsed). */
  private readonly urls = new Map<string, URL>();

  constructor(private readonly options: SenderOptions) {
    // No socket limit here: the dispatcher bounds attempts overall and per endpoint, and several
    // endpoints may share an origin - a per-origin cap would let one slow endpoint queue the others.
    const agentOptions = {
      keepAlive: true,
      maxFreeSockets: options.maxFreeSocketsPerOrigin,
      scheduling: "lifo" as const,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  async send(url: string, body: Buffer, headers: Record<string, string>, signal: AbortSignal): Promise<SendResult> {
    const started = performance.now();
    const done = (status: number | null, error: string | null, retryAfter?: string): SendResult => ({
      status,
      error: error === null ? null : truncate(error, MAX_ERROR_LENGTH),
      retryAfter,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    });
    let target = this.urls.get(url);
    if (target === undefined) {
      try {
        target = new URL(url);
      } catch {
        return done(null, `Invalid URL: ${url}`);
      }
      if (this.urls.size >= 10_000) this.urls.clear();
      this.urls.set(url, target);
    }
    if (!this.options.allowPrivateTargets) {
      // An IP literal is connected to without a lookup: check it here, on every attempt.
      const literal = ipLiteral(target.hostname);
      const reason = literal ? blockedAddressReason(literal) : null;
      if (reason) return done(null, `Refused to connect: ${literal} is ${reason}`);
    }
    const deadline = started + this.options.timeoutMs;
    let response: Exchange;
    try {
      try {
        response = await this.exchange(target, body, headers, signal, deadline);
      } catch (err) {
        // A keep-alive socket the receiver closed just as we reused it: send once more on a
        // fresh one (node's documented remedy). Same bytes, same signature, same attempt.
        if (!(err instanceof ReusedSocketReset)) throw err;
        response = await this.exchange(target, body, headers, signal, deadline);
      }
    } catch (err) {
      if (err instanceof AttemptAborted) return { ...done(null, err.message), aborted: true };
      return done(
        null,
        describeNetworkError(err instanceof ReusedSocketReset ? err.cause : err, this.options.timeoutMs),
      );
    }
    const { status, retryAfter, excerpt, location } = response;
    if (status >= 200 && status < 300) return done(status, null);
    let error = `HTTP ${status}`;
    if (status >= 300 && status < 400) {
      error += location ? ` redirect to ${location} (redirects are not followed)` : " (redirects are not followed)";
    } else if (excerpt) {
      error += `: ${excerpt}`;
    }
    return done(status, error, retryAfter);
  }

  /** Closes idle keep-alive sockets (shutdown). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private exchange(
    target: URL,
    body: Buffer,
    headers: Record<string, string>,
    signal: AbortSignal,
    deadline: number,
  ): Promise<Exchange> {
    return new Promise<Exchange>((resolve, reject) => {
      const isHttps = target.protocol === "https:";
      const req = (isHttps ? https : http).request(target, {
        method: "POST",
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        headers: { ...headers, "content-length": String(body.length) },
        // The guard's DNS lookup gets what is left of the attempt: it never outlives it.
        ...(this.options.allowPrivateTargets
          ? {}
          : { lookup: createGuardedLookup(this.options.resolve, () => deadline - performance.now()) }),
      });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        fn();
      };
      const timer = setTimeout(() => req.destroy(new AttemptTimeout()), Math.max(1, deadline - performance.now()));
      const onAbort = () =>
        req.destroy(
          new AttemptAborted(
            signal.reason instanceof Error ? signal.reason.message : "The attempt was abandoned at shutdown",
          ),
        );
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });

      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < MAX_EXCERPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on("error", (err) => finish(() => reject(err)));
        res.on("end", () =>
          finish(() => {
            const retryAfter = res.headers["retry-after"];
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
              location: typeof res.headers.location === "string" ? res.headers.location : undefined,
              excerpt: Buffer.concat(chunks)
                .subarray(0, MAX_EXCERPT_BYTES)
                .toString("utf8")
                .replace(/\s+/g, " ")
                .trim(),
            });
          }),
        );
      });
      req.on("error", (err: NodeJS.ErrnoException) =>
        finish(() =>
          reject(req.reusedSocket && err.code === "ECONNRESET" ? new ReusedSocketReset(err) : (err as Error)),
        ),
      );
      req.end(body);
    });
  }
}

interface Exchange {
  status: number;
  retryAfter: string | undefined;
  location: string | undefined;
  excerpt: string;
}

class ReusedSocketReset extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}
