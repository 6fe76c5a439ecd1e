/**
 * The certificate authority of the sandbox's egress proxy (docs/egress.md): one per server
 * (every replica on one database shares it: caStore.ts), trusted only inside the sandbox, that
 * issues a certificate for each host whose TLS the proxy terminates (the hosts a credential or a
 * repository names). Certificates are built and encoded with node-forge (node:crypto cannot make
 * an X.509 certificate); the keys are RSA-2048 and the signatures RSA-SHA256, both by node:crypto
 * (native: signing a host's certificate takes about a millisecond, not forge's JavaScript ~80 ms
 * on the event loop).
 */
import { generateKeyPair, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isIP } from "node:net";
import { createSecureContext, type SecureContext } from "node:tls";
import forge, { type md, type pki } from "node-forge";

/** The CA's certificate and private key, PEM. The key is kept sealed at rest (caStore.ts). */
export interface CaMaterial {
  certPem: string;
  keyPem: string;
}

const DAY_MS = 86_400_000;
/** The CA lasts ten years; each host's certificate 30 days (made again when half used). */
const CA_DAYS = 3650;
const LEAF_DAYS = 30;

export interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

const RSA = {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
} as const;

function rsaKeys(): KeyPairPem {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", RSA);
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** An RSA key pair made on libuv's thread pool (the event loop goes on meanwhile). */
export function rsaKeysAsync(): Promise<KeyPairPem> {
  return new Promise((resolve, reject) =>
    generateKeyPair("rsa", RSA, (err, publicKey, privateKey) =>
      err ? reject(err) : resolve({ publicKeyPem: publicKey, privateKeyPem: privateKey }),
    ),
  );
}

/**
 * Signs a forge certificate with node:crypto: forge's `cert.sign(key, md)` feeds the DER of the
 * to-be-signed part to `md.update` and takes `key.sign(md)` as the signature.
 */
function signNatively(cert: pki.Certificate, privateKeyPem: string): void {
  let tbs = "";
  const digest: md.MessageDigest = {
    algorithm: "sha256",
    update(bytes: string) {
      tbs += bytes;
      return digest;
    },
  };
  cert.sign({ sign: () => sign("sha256", Buffer.from(tbs, "binary"), privateKeyPem).toString("binary") }, digest);
}

/** A positive random serial number (hex, first bit clear). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) & 0x7f;
  return bytes.toString("hex");
}

/** A new CA named `name`, valid from an hour ago for ten years (its key made here when not given). */
export function generateCa(name: string, now = new Date(), keys: KeyPairPem = rsaKeys()): CaMaterial {
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
  signNatively(cert, keys.privateKeyPem);
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privateKeyPem };
}

/**
 * Issues (and keeps, per host, until half its life is used) the certificate the proxy shows to a
 * command for a host. One RSA key serves every host's certificate of this process; it and the
 * CA's key live in this process's memory only.
 */
export class CertIssuer {
  private readonly caCert: pki.Certificate;
  private readonly caKeyPem: string;
  /** The leaf key's public half as forge reads it (parsed once). */
  private leafPublic: pki.PublicKey | null = null;
  private readonly contexts = new Map<string, { context: SecureContext; renewAt: number }>();

  constructor(
    ca: CaMaterial,
    /** The key of every host certificate this issuer makes (rsaKeysAsync; made here when absent). */
    private leafKeys: KeyPairPem | null = null,
    private readonly clock: () => number = Date.now,
  ) {
    this.caCert = forge.pki.certificateFromPem(ca.certPem);
    this.caKeyPem = ca.keyPem;
    this.caCertPem = ca.certPem;
  }

  readonly caCertPem: string;

  /** The certificate and key for `host` (a name or an IPv4 address), PEM. */
  issue(host: string): { certPem: string; keyPem: string } {
    this.leafKeys ??= rsaKeys();
    this.leafPublic ??= forge.pki.publicKeyFromPem(this.leafKeys.publicKeyPem);
    const now = this.clock();
    const cert = forge.pki.createCertificate();
    cert.publicKey = this.leafPublic;
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
    signNatively(cert, this.caKeyPem);
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
