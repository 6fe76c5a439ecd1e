/**
 * A real TLS server on loopback with a CA of the test's own (node-forge), for the egress tests:
 * its certificate names `localhost` and `127.0.0.1`; it records every request (method, path,
 * headers, body) and answers `ok <path> <its Authorization header>`, or what `handler` does.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import forge from "node-forge";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface RecordingServer {
  port: number;
  requests: RecordedRequest[];
  /** The CA that signed the server's certificate (PEM), for SANDBOX_EGRESS_UPSTREAM_CA_FILE. */
  caPem: string | null;
  close(): Promise<void>;
}

function keys() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  return { pub: forge.pki.publicKeyFromPem(publicKey), priv: forge.pki.privateKeyFromPem(privateKey), pem: privateKey };
}

/** A test CA and a certificate it signed for localhost and 127.0.0.1. */
export function testCertificates(): { caPem: string; certPem: string; keyPem: string } {
  const ca = keys();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.pub;
  caCert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  caCert.validity.notBefore = new Date(Date.now() - 3_600_000);
  caCert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const caName = [{ name: "commonName", value: "egress test upstream CA" }];
  caCert.setSubject(caName);
  caCert.setIssuer(caName);
  caCert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, critical: true },
  ]);
  caCert.sign(ca.priv, forge.md.sha256.create());
  const leaf = keys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = leaf.pub;
  cert.serialNumber = `02${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: "commonName", value: "localhost" }]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [
        { type: 2, value: "localhost" },
        { type: 7, ip: "127.0.0.1" },
      ],
    },
  ]);
  cert.sign(ca.priv, forge.md.sha256.create());
  return { caPem: forge.pki.certificateToPem(caCert), certPem: forge.pki.certificateToPem(cert), keyPem: leaf.pem };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Listens on 127.0.0.1 (TLS with `tls`, plain HTTP without), recording every request. */
export async function recordingServer(
  tls: { certPem: string; keyPem: string; caPem: string } | null,
  handler?: Handler,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (handler) return handler(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      // The answer echoes the Authorization header (the proxy must not let a secret back in).
      res.writeHead(200, { "content-type": "text/plain" }).end(`ok ${req.url} ${req.headers.authorization ?? ""}\n`);
    });
  };
  const server: Server = tls
    ? createHttpsServer({ cert: tls.certPem, key: tls.keyPem }, onRequest)
    : createHttpServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    caPem: tls?.caPem ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
