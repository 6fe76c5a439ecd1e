/**
 * The domain lists of `web_search` and `web_fetch` (an agent's toolset `configs`: `allowed_domains`
 * or `blocked_domains`, as the Anthropic API's tools take them): a domain matches itself and its
 * subdomains (`example.com` matches `docs.example.com`), without scheme or path.
 */

/** A tool's own settings from its toolset entry. */
export interface WebToolSettings {
  allowed_domains?: string[];
  blocked_domains?: string[];
  /** web_fetch: the most tokens of page text returned (about four characters a token). */
  max_content_tokens?: number | null;
}

const normalize = (domain: string): string => domain.trim().toLowerCase().replace(/\.$/, "");

/** Whether `host` is `domain` or one of its subdomains. */
export const withinDomain = (host: string, domain: string): boolean => {
  const h = normalize(host);
  const d = normalize(domain);
  return h === d || h.endsWith(`.${d}`);
};

/** Why the lists refuse `host`, or null when they let it through. */
export function domainRefusal(settings: WebToolSettings | undefined, host: string): string | null {
  const allowed = settings?.allowed_domains;
  if (allowed && allowed.length > 0 && !allowed.some((d) => withinDomain(host, d)))
    return `${host} is not in the tool's allowed_domains`;
  const blocked = settings?.blocked_domains ?? [];
  const hit = blocked.find((d) => withinDomain(host, d));
  return hit ? `${host} is in the tool's blocked_domains (${hit})` : null;
}
