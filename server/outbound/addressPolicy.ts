/**
 * The SSRF guard: webhook URLs must not reach the service's own network. It runs when an
 * endpoint is created or replaced (on the URL and the addresses its host resolves to) and again
 * at every connection, on the address actually connected to (a `lookup` hook for host names,
 * a check before connecting for IP literals), so DNS rebinding cannot slip a private address in.
 * Refused: every special-purpose range of the IANA registries (loopback, private, shared/CGNAT,
 * link-local, documentation, benchmarking, reserved, multicast, ...) and every address of this
 * host's own interfaces, whatever its range. The sandbox's proxy and `web_fetch` use the same
 * guard. `WEBHOOK_ALLOW_PRIVATE_TARGETS=true` (and SANDBOX_/MCP_ALLOW_PRIVATE_TARGETS for those
 * callers) turns it off (local development, tests).
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP, isIPv6 } from "node:net";
import { networkInterfaces } from "node:os";

type Bytes = number[];

function parseIPv4(s: string): Bytes | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  const out: Bytes = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function parseIPv6(input: string): Bytes | null {
  let s = input.replace(/%.*$/, "");
  if (!isIPv6(s)) return null;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = s.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1] && dotted[2]) {
    const v4 = parseIPv4(dotted[2]);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    s = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const all = [...head, ...Array<string>(fill).fill("0"), ...tail];
  const out: Bytes = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    const n = Number.parseInt(g, 16);
    out.push(n >> 8, n & 0xff);
  }
  return out.length === 16 ? out : null;
}

function inPrefix(bytes: Bytes, prefix: Bytes, bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

type Rule = { prefix: Bytes; bits: number; reason: string };

/** A blocked range: `cidr` in IPv4 or IPv6 notation, and how a refusal names it. */
function block(reason: string, cidr: string): Rule {
  const [addr = "", bits] = cidr.split("/");
  const prefix = addr.includes(":") ? parseIPv6(addr) : parseIPv4(addr);
  if (!prefix) throw new Error(`bad CIDR ${cidr}`);
  return { prefix, bits: Number(bits ?? prefix.length * 8), reason };
}

/** The blocked ranges as [how a refusal names it, CIDR]: parsed at the first check (`rules()`). */
const IPV4_BLOCKED: [string, string][] = [
  ["a cloud metadata address", "169.254.169.254/32"],
  ["a cloud metadata address", "100.100.100.200/32"],
  ["an unspecified (0.0.0.0/8) address", "0.0.0.0/8"],
  ["a loopback address", "127.0.0.0/8"],
  ["a private address", "10.0.0.0/8"],
  ["a private address", "172.16.0.0/12"],
  ["a private address", "192.168.0.0/16"],
  ["a shared (carrier-grade NAT) address", "100.64.0.0/10"],
  ["a link-local address", "169.254.0.0/16"],
  ["a reserved (IETF protocol assignment) address", "192.0.0.0/24"],
  ["a documentation address", "192.0.2.0/24"],
  ["a documentation address", "198.51.100.0/24"],
  ["a documentation address", "203.0.113.0/24"],
  ["a deprecated 6to4 relay address", "192.88.99.0/24"],
  ["a benchmarking address", "198.18.0.0/15"],
  ["a multicast address", "224.0.0.0/4"],
  ["a reserved address", "240.0.0.0/4"],
];

const IPV6_BLOCKED: [string, string][] = [
  ["a cloud metadata address", "fd00:ec2::254/128"],
  ["an unspecified address", "::/128"],
  ["a loopback address", "::1/128"],
  ["an IPv4-mapped IPv6 address", "::ffff:0:0/96"],
  ["an IPv4-translated IPv6 address", "::ffff:0:0:0/96"],
  ["an IPv4-compatible IPv6 address", "::/96"],
  ["a local-use NAT64 address", "64:ff9b:1::/48"],
  ["a discard-only address", "100::/64"],
  ["a Teredo address", "2001::/32"],
  ["a reserved (IETF protocol assignment) address", "2001::/23"],
  ["a documentation address", "2001:db8::/32"],
  ["a documentation address", "3fff::/20"],
  ["a segment routing (SRv6) address", "5f00::/16"],
  ["a unique-local address", "fc00::/7"],
  ["a link-local address", "fe80::/10"],
  ["a site-local address", "fec0::/10"],
  ["a multicast address", "ff00::/8"],
];

interface Rules {
  v4: Rule[];
  v6: Rule[];
  nat64: Rule;
  sixToFour: Rule;
}

let parsed: Rules | undefined;

/** The ranges in their compact form, parsed once by the first check rather than at every start. */
function rules(): Rules {
  parsed ??= {
    v4: IPV4_BLOCKED.map(([reason, cidr]) => block(reason, cidr)),
    v6: IPV6_BLOCKED.map(([reason, cidr]) => block(reason, cidr)),
    nat64: block("", "64:ff9b::/96"),
    sixToFour: block("", "2002::/16"),
  };
  return parsed;
}

/**
 * Why an IP address may not be a webhook target (loopback, private, link-local, unique-local,
 * metadata, IPv4-mapped IPv6, ...), or null when it may. Addresses embedding an IPv4 address
 * (NAT64, 6to4) are judged by that address. A string that is not an IP address answers null.
 */
export function blockedAddressReason(address: string): string | null {
  const { v4, v6, nat64, sixToFour } = rules();
  const a4 = parseIPv4(address);
  if (a4) {
    for (const r of v4) if (inPrefix(a4, r.prefix, r.bits)) return r.reason;
    return ownAddresses().has(keyOf(a4)) ? "an address of this host" : null;
  }
  const a6 = parseIPv6(address);
  if (!a6) return null;
  for (const r of v6) if (inPrefix(a6, r.prefix, r.bits)) return r.reason;
  if (ownAddresses().has(keyOf(a6))) return "an address of this host";
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address: judge that one.
  if (inPrefix(a6, nat64.prefix, nat64.bits)) return embedded(a6.slice(12, 16));
  if (inPrefix(a6, sixToFour.prefix, sixToFour.bits)) return embedded(a6.slice(2, 6));
  return null;
}

/** How long the host's own addresses are trusted before they are read again. */
const OWN_ADDRESSES_TTL_MS = 5000;
let own: { at: number; keys: Set<string> } | null = null;

const keyOf = (bytes: Bytes) => bytes.map((b) => b.toString(16).padStart(2, "0")).join("");

/** The addresses of this host's interfaces (every one, whatever its range), as byte keys. */
function ownAddresses(): Set<string> {
  const now = Date.now();
  if (own && now - own.at < OWN_ADDRESSES_TTL_MS) return own.keys;
  const keys = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) {
      const bytes = parseIPv4(info.address) ?? parseIPv6(info.address);
      if (bytes) keys.add(keyOf(bytes));
    }
  }
  own = { at: now, keys };
  return keys;
}

function embedded(bytes: Bytes): string | null {
  const reason = blockedAddressReason(bytes.join("."));
  return reason ? `${reason} (embedded in an IPv6 address)` : null;
}

/** The IP address a URL host names directly (`[::1]` → `::1`), or null for a host name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Host names that always mean this machine or the cloud's metadata service. */
function blockedHostnameReason(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost")) return "a loopback host name";
  if (h === "metadata.google.internal" || h === "metadata") return "a cloud metadata host name";
  return null;
}

/** Why a URL may not be a webhook target by syntax alone, or null. */
export function urlSyntaxProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `must use http or https, not ${url.protocol.replace(/:$/, "")}`;
  }
  if (url.username || url.password)
    return "must not contain user-info (user:password@); authenticate with the signature";
  if (!url.hostname) return "must name a host";
  return null;
}

/**
 * Resolves every address of a host name, giving up at `timeoutMs`. Giving up must end the
 * lookup, not merely stop waiting for it (a lookup left running keeps resources after its
 * cut-off: a resolver thread, a socket, a timer), so the default one cancels its queries.
 */
export type ResolveAll = (hostname: string, timeoutMs: number) => Promise<LookupAddress[]>;

/** A lookup that reached its cut-off (it was cancelled). */
export class DnsTimeoutError extends Error {
  readonly code = "EDNSTIMEOUT";
  constructor(hostname: string, timeoutMs: number) {
    super(`DNS lookup of ${hostname} timed out after ${timeoutMs} ms`);
    this.name = "DnsTimeoutError";
  }
}

/** Answers that mean "no address of this family", not a failure of the lookup. */
const NO_ADDRESS = new Set(["ENODATA", "ENOTFOUND", "ENONAME"]);

/**
 * A ResolveAll over DNS (c-ares: A and AAAA queries on the event loop, not a getaddrinfo call
 * on the libuv thread pool, which cannot be cancelled and would hold one of its 4 threads until
 * the system resolver gives up). At the cut-off every query of the lookup is cancelled.
 * `servers` are `ip` or `ip:port` strings; by default the system's (from /etc/resolv.conf).
 * Names only in /etc/hosts are not seen: webhook targets are public hosts.
 */
export function dnsResolver(servers?: string[]): ResolveAll {
  return async (hostname, timeoutMs) => {
    // node:dns/promises is loaded by the first lookup, not at start.
    const { Resolver } = await import("node:dns/promises");
    return new Promise<LookupAddress[]>((resolve, reject) => {
      // Two tries within the cut-off; the cut-off itself is enforced by cancel() below.
      const resolver = new Resolver({ timeout: Math.max(20, Math.ceil(timeoutMs / 2)), tries: 2 });
      if (servers) resolver.setServers(servers);
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        resolver.cancel();
        reject(new DnsTimeoutError(hostname, timeoutMs));
      }, timeoutMs);
      const family = async (query: Promise<string[]>, f: 4 | 6): Promise<LookupAddress[]> => {
        try {
          return (await query).map((address) => ({ address, family: f }));
        } catch (err) {
          if (NO_ADDRESS.has((err as NodeJS.ErrnoException).code ?? "")) return [];
          throw err;
        }
      };
      void Promise.allSettled([family(resolver.resolve4(hostname), 4), family(resolver.resolve6(hostname), 6)]).then(
        (results) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          const addresses = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
          const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
          if (addresses.length > 0) return resolve(addresses);
          if (failure) return reject(failure.reason);
          reject(Object.assign(new Error(`${hostname} resolves to no address`), { code: "ENOTFOUND" }));
        },
      );
    });
  };
}

/** How long the check at endpoint creation waits for DNS. */
export const CREATE_CHECK_DNS_TIMEOUT_MS = 3000;

const systemDns = dnsResolver();

/**
 * Checks a webhook URL when an endpoint is created or replaced. Returns a message saying why it is
 * refused, or null. A host name is resolved (bounded by `timeoutMs`) and refused when any address
 * is blocked; a name that does not resolve now is accepted, since every delivery checks again.
 */
export async function checkTargetUrl(
  raw: string,
  options: { allowPrivate: boolean; timeoutMs?: number; resolve?: ResolveAll },
): Promise<string | null> {
  const syntax = urlSyntaxProblem(raw);
  if (syntax) return syntax;
  if (options.allowPrivate) return null;
  const { hostname } = new URL(raw);
  const literal = ipLiteral(hostname);
  const hint = "; loopback, private, link-local, unique-local and metadata targets are refused";
  if (literal) {
    const reason = blockedAddressReason(literal);
    return reason ? `points to ${reason} (${literal})${hint}` : null;
  }
  const byName = blockedHostnameReason(hostname);
  if (byName) return `points to ${byName} (${hostname})${hint}`;
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemDns)(hostname, options.timeoutMs ?? CREATE_CHECK_DNS_TIMEOUT_MS);
  } catch {
    return null;
  }
  for (const a of addresses) {
    const reason = blockedAddressReason(a.address);
    // The resolved address is not echoed: it would let a tenant map internal DNS.
    if (reason) return `resolves to ${reason} (${hostname})${hint}`;
  }
  return null;
}

/** The error a refused connection fails with; its message ends up in the attempt's `error`. */
export class BlockedTargetError extends Error {
  readonly code = "EBLOCKEDTARGET";
  constructor(message: string) {
    super(message);
    this.name = "BlockedTargetError";
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http/https that resolves the host and keeps only the addresses that may be
 * targets: the socket connects to an address this function vetted, so the check and the
 * connection cannot disagree (no time-of-check/time-of-use gap, no DNS rebinding). The lookup
 * gives up (cancelled) after `timeoutMs()`: the sender passes what is left of the attempt, so no
 * lookup outlives its attempt. `resolve` is DNS by default; tests pass their own answers.
 */
export function createGuardedLookup(resolve: ResolveAll = systemDns, timeoutMs: () => number = () => 10_000) {
  return function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    // Names that always mean this machine are refused without asking anyone.
    if (blockedHostnameReason(hostname)) {
      const reason = hostname.toLowerCase().startsWith("metadata") ? "a cloud metadata address" : "a loopback address";
      process.nextTick(() =>
        callback(new BlockedTargetError(`Refused to connect: ${hostname} resolves to ${reason}`), ""),
      );
      return;
    }
    resolve(hostname, Math.max(1, timeoutMs())).then(
      (addresses) => {
        const allowed = addresses.filter((a) => blockedAddressReason(a.address) === null);
        const first = allowed[0];
        if (!first) {
          const a = addresses[0];
          const reason = a ? blockedAddressReason(a.address) : null;
          return callback(
            new BlockedTargetError(
              a
                ? `Refused to connect: ${hostname} resolves to ${reason}`
                : `Refused to connect: ${hostname} resolves to no address`,
            ),
            "",
          );
        }
        if (options.all) return callback(null, allowed);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}
