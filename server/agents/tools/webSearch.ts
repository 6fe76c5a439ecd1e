/**
 * `web_search {query}`: web results from the search backend the operator configures
 * (WEB_SEARCH_URL: a SearXNG-compatible JSON API, `GET <url>/search?q=...&format=json`), refused
 * with a clear error when none is. Results the tool's `allowed_domains` / `blocked_domains` refuse,
 * or whose host the environment's networking does not allow, are dropped: the agent is only shown
 * pages it may fetch. The backend is the operator's own service, so it is reached directly (not
 * through the SSRF guard tenants' URLs go through).
 */
import type { WebSearchConfig } from "../../config/sections.ts";
import { hostRefusal } from "../../sandbox/hostPolicy.ts";
import { domainRefusal } from "./domainLists.ts";
import { capped, fail, stringField, type ToolContext, type ToolResult } from "./types.ts";

interface SearchResult {
  url: string;
  title: string;
  content: string;
}

/** The backend's results, as far as they have the fields a result needs. */
function resultsOf(body: unknown): SearchResult[] {
  const list = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) return [];
  const out: SearchResult[] = [];
  for (const r of list) {
    if (!r || typeof r !== "object") continue;
    const { url, title, content } = r as Record<string, unknown>;
    if (typeof url !== "string") continue;
    out.push({
      url,
      title: typeof title === "string" ? title : url,
      content: typeof content === "string" ? content : "",
    });
  }
  return out;
}

const hostOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname : null;
  } catch {
    return null;
  }
};

export async function webSearchTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const query = (stringField(input, "query", true) as string).trim();
  if (query.length === 0) return fail("web_search needs a non-empty query.");
  const backend: WebSearchConfig | null | undefined = ctx.webSearch;
  if (!backend?.url) {
    return fail(
      "web_search is not available: this server has no search backend configured (the operator sets WEB_SEARCH_URL to a SearXNG-compatible search API).",
    );
  }
  const url = new URL(`${backend.url}/search`);
  url.searchParams.set("q", query);
  url.searchParams.set("format", "json");
  let body: unknown;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(backend.timeoutMs)]),
      headers: { accept: "application/json", "user-agent": "cloud-agents-web-search" },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return fail(`web_search: the search backend answered ${response.status}.`);
    }
    body = await response.json();
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return fail(
      `web_search: the search backend could not be reached (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  const settings = ctx.toolSettings?.web_search;
  const kept: SearchResult[] = [];
  let dropped = 0;
  for (const r of resultsOf(body)) {
    const host = hostOf(r.url);
    if (!host || domainRefusal(settings, host) || hostRefusal(ctx.network, host)) {
      dropped++;
      continue;
    }
    if (kept.length < backend.maxResults) kept.push(r);
  }
  if (kept.length === 0) {
    return {
      content: [
        {
          type: "text",
          text: `No results for "${query}"${dropped > 0 ? ` (${dropped} outside the allowed domains or the environment's network left out)` : ""}.`,
        },
      ],
      is_error: false,
    };
  }
  const text = kept
    .map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}\n   ${r.content.replace(/\s+/g, " ").trim()}`)
    .join("\n\n");
  return { content: [{ type: "text", text: capped(text) }], is_error: false };
}
