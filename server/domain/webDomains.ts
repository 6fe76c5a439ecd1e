/**
 * The domains an agent's `web_search` and `web_fetch` configs list (`allowed_domains`,
 * `blocked_domains`), checked when the agent is written (the matching is agents/tools/domainLists.ts).
 */

/** A domain as the lists take it: a host name, no scheme, path or port; a message when it is not. */
export function domainProblem(domain: string): string | null {
  if (domain.length === 0 || domain.length > 253) return "must be a host name of 1 to 253 characters";
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?$/.test(domain))
    return "must be a domain such as example.com (no scheme, path or port)";
  return null;
}
