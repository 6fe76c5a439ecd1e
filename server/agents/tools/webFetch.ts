/**
 * `web_fetch {url}`: the text of a page (HTML converted by html-to-text), truncated. The URL and
 * every redirect obey the session's host policy and the SSRF guard (server/outbound/addressPolicy.ts),
 * checked on the address connected to, as commands in the sandbox do.
 */
import { urlSyntaxProblem } from "../../outbound/addressPolicy.ts";
import { createTargetFetch, describeFailure, type FetchLike } from "../../outbound/targetFetch.ts";
import { hostRefusal } from "../../sandbox/hostPolicy.ts";
import { domainRefusal } from "./domainLists.ts";
import { capped, fail, stringField, type ToolContext, type ToolResult } from "./types.ts";

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const TEXT_LIMIT_CHARS = 50 * 1024;

/**
 * html-to-text (with htmlparser2 and its entity tables), loaded by the first HTML page: not part
 * of the server's start (about 20 ms of CPU, scripts/bench/profileStartup.ts).
 */
let htmlToText: Promise<typeof import("html-to-text")> | null = null;
function loadHtmlToText(): Promise<typeof import("html-to-text")> {
  htmlToText ??= import("html-to-text");
  return htmlToText;
}

const fetchers = new Map<boolean, FetchLike>();
function fetcherFor(allowPrivate: boolean): FetchLike {
  let f = fetchers.get(allowPrivate);
  if (!f) {
    f = createTargetFetch({ allowPrivate });
    fetchers.set(allowPrivate, f);
  }
  return f;
}

async function body(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= MAX_BODY_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The page text's limit: the toolset's `max_content_tokens` (about four characters a token), or 50 KiB. */
const textLimit = (ctx: ToolContext): number => {
  const tokens = ctx.toolSettings?.web_fetch?.max_content_tokens;
  return tokens ? Math.min(TEXT_LIMIT_CHARS, tokens * 4) : TEXT_LIMIT_CHARS;
};

export async function webFetchTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  let url = stringField(input, "url", true) as string;
  const fetcher = fetcherFor(ctx.limits.allowPrivateTargets);
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.limits.fileToolTimeoutMs)]);
  for (let hop = 0; ; hop++) {
    const syntax = urlSyntaxProblem(url);
    if (syntax) return fail(`The URL ${syntax}.`);
    const host = new URL(url).hostname;
    const refused = hostRefusal(ctx.network, host);
    if (refused) return fail(`web_fetch refused ${new URL(url).origin}: ${refused}.`);
    const listed = domainRefusal(ctx.toolSettings?.web_fetch, host);
    if (listed) return fail(`web_fetch refused ${new URL(url).origin}: ${listed}.`);
    let response: Response;
    try {
      response = await fetcher(url, {
        redirect: "manual",
        signal,
        headers: { "user-agent": "cloud-agents-web-fetch" },
      });
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return fail(`web_fetch could not fetch ${new URL(url).origin}: ${describeFailure(err)}`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) return fail(`web_fetch stopped after ${MAX_REDIRECTS} redirects.`);
      url = new URL(location, url).href;
      continue;
    }
    const raw = await body(response);
    const type = response.headers.get("content-type") ?? "";
    const text = /html/i.test(type) ? (await loadHtmlToText()).convert(raw, { wordwrap: false }) : raw;
    const head = `${response.status} ${url}\n\n`;
    return {
      content: [{ type: "text", text: head + capped(text, textLimit(ctx)) }],
      is_error: response.status >= 400,
    };
  }
}
