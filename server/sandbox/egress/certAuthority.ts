/**
 * The certificate authority of the sandbox's egress proxy (docs/egress.md): one per server
 * (every replica on one database shares it: caStore.ts), trusted only inside the sandbox, that
 * issues a certificate for each host whose TLS the proxy terminates (the hosts a credential or a
 * repository names). Certificates are made and signed with node-forge (node:crypto makes the
 * keys but cannot sign an X.509 certificate); the keys are RSA-2048, made by node:crypto.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { createSecureContext, type SecureContext } from "node:tls";
import forge, { type pki } from "node-forge";

/** The CA's certificate and private key, PEM. The key is kept sealed at rest (caStore.ts). */
export interface CaMaterial {
  certPem: string;
  keyPem: string;
}

const DAY_MS = 86_400_000;
/** The CA lasts ten years; each host's certificate 30 days (made again when half used). */
const CA_DAYS = 3650;
const LEAF_DAYS = 30;

function rsaKeys(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** A positive random serial number (hex, first bit clear). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) & 0x7f;
  return bytes.toString("hex");
}

/** A new CA named after the server's data (`name`), valid from an hour ago for ten years. */
export function generateCa(name: string, now = new Date()): CaMaterial {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - 3_600_000);
  cert.validity.notAfter = new Date(now.getTime() + CA_DAYS * DAY_MS);
  const subject = [
    { name: "commonName", value: name },
    { name: "organizationName", value: "Cloud Agents Service sandbox egress" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  const key = forge.pki.privateKeyFromPem(keys.privateKeyPem);
  cert.sign(key, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privateKeyPem };
}

/**
 * Issues (and keeps, per host, until half its life is used) the certificate the proxy shows to a
 * command for a host. One RSA key serves every host's certificate of this process; it and the
 * CA's key live in this process's memory only.
 */
export class CertIssuer {
  private readonly caCert: pki.Certificate;
  private readonly caKey: pki.PrivateKey;
  private leafKeys: { publicKeyPem: string; privateKeyPem: string } | null = null;
  private readonly contexts = new Map<string, { context: SecureContext; renewAt: number }>();

  constructor(
    ca: CaMaterial,
    private readonly clock: () => number = Date.now,
  ) {
    this.caCert = forge.pki.certificateFromPem(ca.certPem);
    this.caKey = forge.pki.privateKeyFromPem(ca.keyPem);
    this.caCertPem = ca.certPem;
  }

  readonly caCertPem: string;

  /** The certificate and key for `host` (a name or an IPv4 address), PEM. */
  issue(host: string): { certPem: string; keyPem: string } {
    this.leafKeys ??= rsaKeys();
    const now = this.clock();
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(this.leafKeys.publicKeyPem);
    cert.serialNumber = serial();
    cert.validity.notBefore = new Date(now - 3_600_000);
    cert.validity.notAfter = new Date(now + LEAF_DAYS * DAY_MS);
    cert.setSubject([{ name: "commonName", value: host.slice(0, 64) }]);
    cert.setIssuer(this.caCert.subject.attributes);
    cert.setExtensions([
      { name: "basicConstraints", cA: false, critical: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [isIP(host) ? { type: 7, ip: host } : { type: 2, value: host }] },
    ]);
    cert.sign(this.caKey, forge.md.sha256.create());
    return { certPem: forge.pki.certificateToPem(cert), keyPem: this.leafKeys.privateKeyPem };
  }

  /** The TLS context the proxy serves `host` with (kept until half the certificate's life). */
  contextFor(host: string): SecureContext {
    const key = host.toLowerCase();
    const kept = this.contexts.get(key);
    if (kept && kept.renewAt > this.clock()) return kept.context;
    const { certPem, keyPem } = this.issue(key);
    const context = createSecureContext({ cert: `${certPem}${this.caCertPem}`, key: keyPem });
    this.contexts.set(key, { context, renewAt: this.clock() + (LEAF_DAYS / 2) * DAY_MS });
    return context;
  }
}
