/**
 * The part of node-forge (https://github.com/digitalbazaar/forge) that certAuthority.ts uses:
 * the package ships no types, and @types/node-forge is not installed.
 */
declare module "node-forge" {
  namespace pki {
    interface PublicKey {
      readonly n: unknown;
    }
    interface PrivateKey {
      readonly d: unknown;
      sign(md: md.MessageDigest): string;
    }
    interface CertificateField {
      name?: string;
      shortName?: string;
      value: string;
    }
    interface Extension {
      name: string;
      [key: string]: unknown;
    }
    interface Certificate {
      publicKey: PublicKey;
      serialNumber: string;
      validity: { notBefore: Date; notAfter: Date };
      subject: { attributes: CertificateField[] };
      setSubject(attrs: CertificateField[]): void;
      setIssuer(attrs: CertificateField[]): void;
      setExtensions(exts: Extension[]): void;
      /** Signs with `key.sign(md)` after feeding the TBS certificate's DER to `md.update`. */
      sign(key: { sign(md: md.MessageDigest): string }, md: md.MessageDigest): void;
    }
    function createCertificate(): Certificate;
    function certificateToPem(cert: Certificate): string;
    function certificateFromPem(pem: string): Certificate;
    function privateKeyFromPem(pem: string): PrivateKey;
    function publicKeyFromPem(pem: string): PublicKey;
  }
  namespace md {
    interface MessageDigest {
      readonly algorithm: string;
      update(bytes: string, encoding?: string): unknown;
    }
    namespace sha256 {
      function create(): MessageDigest;
    }
  }

  export { md, pki };

  const forge: { pki: typeof pki; md: typeof md };
  export default forge;
}
