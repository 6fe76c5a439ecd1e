/**
 * Which hosts a session's commands and `web_fetch` may reach (API.md, "Networking"): any host
 * for `unrestricted`, the `allowed_hosts` (exact names or `*.example.com`) for `limited`; and
 * loopback, private and metadata addresses never, unless the operator allows private targets.
 */
import type { NetworkPolicy } from "./port.ts";

/** Lower-case, no trailing dot, no IPv6 brackets. */
export function canonicalHost(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, "");
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/** Whether `host` matches an `allowed_hosts` entry: an exact name, or `*.example.com` (subdomains only). */
export function hostMatches(host: string, pattern: string): boolean {
  const h = canonicalHost(host);
  const p = canonicalHost(pattern);
  if (p.startsWith("*.")) return h.endsWith(p.slice(1)) && h.length > p.length - 1;
  return h === p;
}

/** Why the policy refuses `host` (a sentence's end), or null when it allows it. */
export function hostRefusal(policy: NetworkPolicy, host: string): string | null {
  if (policy.type === "unrestricted") return null;
  if (policy.allowed_hosts.some((p) => hostMatches(host, p))) return null;
  return `${canonicalHost(host)} is not in the environment's allowed_hosts`;
}
