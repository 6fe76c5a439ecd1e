/**
 * The server's egress certificate authority (docs/egress.md): made by the first server that needs
 * it and kept in `service_meta` (key `egress_ca`) with its private key sealed by the service key
 * (crypto/secretBox.ts), so every replica on one PostgreSQL database issues certificates from
 * the same CA; opened into memory, never written in clear. The bundle commands trust — the
 * system's CAs followed by this CA's certificate, no key — is written beside the workspaces and
 * shown read-only in the sandbox.
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SecretBox } from "../../crypto/secretBox.ts";
import type { Async } from "../../storage/port/index.ts";
import type { MetaStore } from "../../storage/port/meta.ts";
import { type CaMaterial, CertIssuer, generateCa, rsaKeysAsync } from "./certAuthority.ts";

/** The `service_meta` key of the CA: `{cert_pem, key_sealed}`. */
export const EGRESS_CA_META_KEY = "egress_ca";
/** The service key's binding of the sealed CA key (secretBox.ts `aad`). */
const CA_AAD = "egress_ca.key";
/** Where Debian, Ubuntu, Alpine (and Fedora, RHEL) keep the system's CA bundle. */
const SYSTEM_BUNDLES = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"];

interface StoredCa {
  cert_pem: string;
  key_sealed: string;
}

/** The CA of this database: made and stored unless another server (replica) did first. */
export async function loadOrCreateCa(meta: Async<MetaStore>, secrets: SecretBox): Promise<CaMaterial> {
  let raw = await meta.get(EGRESS_CA_META_KEY);
  if (raw === null) {
    const made = generateCa("Cloud Agents sandbox egress CA", new Date(), await rsaKeysAsync());
    const stored: StoredCa = { cert_pem: made.certPem, key_sealed: secrets.encrypt(made.keyPem, CA_AAD) };
    // The loser of a race between replicas reads the winner's CA.
    raw = await meta.setIfAbsent(EGRESS_CA_META_KEY, JSON.stringify(stored));
  }
  const stored = JSON.parse(raw) as StoredCa;
  return { certPem: stored.cert_pem, keyPem: secrets.decrypt(stored.key_sealed, CA_AAD) };
}

export interface EgressAuthority {
  issuer: CertIssuer;
  /** The bundle on the host (system CAs and this CA), mounted read-only in the sandbox. */
  caBundlePath: string;
  /** The extra CAs the proxy trusts upstream (EGRESS_UPSTREAM_CA_FILE). */
  upstreamCa: string[];
}

/** The system's CA bundle, or none (then only hosts of this CA verify inside). */
function systemBundle(): string {
  for (const path of SYSTEM_BUNDLES) if (existsSync(path)) return readFileSync(path, "utf8");
  return "";
}

const authorities = new WeakMap<object, Promise<EgressAuthority>>();

/**
 * The authority of one server (one storage handle), opened at the first session that needs it:
 * the CA loaded or made, the bundle written to `<folder>/ca-bundle.crt` (0644, in a 0711
 * folder, so bubblewrap started as a session's uid can bind it).
 */
export function egressAuthority(
  deps: { meta: Async<MetaStore>; secrets: SecretBox; folder: string; upstreamCa: string[] },
  owner: object,
): Promise<EgressAuthority> {
  let found = authorities.get(owner);
  if (!found) {
    found = (async () => {
      const ca = await loadOrCreateCa(deps.meta, deps.secrets);
      await mkdir(deps.folder, { recursive: true, mode: 0o711 });
      await chmod(deps.folder, 0o711);
      const system = systemBundle();
      const bundle = `${system}${system.endsWith("\n") || !system ? "" : "\n"}${ca.certPem}`;
      const path = join(deps.folder, "ca-bundle.crt");
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, bundle, { mode: 0o644 });
      await chmod(temp, 0o644);
      await rename(temp, path);
      return { issuer: new CertIssuer(ca, await rsaKeysAsync()), caBundlePath: path, upstreamCa: deps.upstreamCa };
    })();
    // A failure is not kept: the next session tries again.
    found.catch(() => authorities.delete(owner));
    authorities.set(owner, found);
  }
  return found;
}
