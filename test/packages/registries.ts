/**
 * Package registries the package tests serve on loopback: a PEP 503 "simple" pip index holding
 * pure-Python wheels assembled in the test (a wheel is a zip with METADATA, WHEEL and RECORD), and
 * an npm registry holding tarballs packed in the test (`package/` inside a gzipped tar). Plus the
 * check that a public registry can be reached (the tests that need one skip otherwise, and fail
 * under CI=true).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { zipSync } from "fflate";

export interface LocalRegistry {
  url: string;
  /** The paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const b64urlSha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64url");

/** A pure-Python wheel of `name` `version` whose module holds `source`. */
export function buildWheel(name: string, version: string, source: string): { file: string; bytes: Uint8Array } {
  const info = `${name}-${version}.dist-info`;
  const files: Record<string, Uint8Array> = {
    [`${name}/__init__.py`]: new TextEncoder().encode(source),
    [`${info}/METADATA`]: new TextEncoder().encode(`Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`),
    [`${info}/WHEEL`]: new TextEncoder().encode(
      "Wheel-Version: 1.0\nGenerator: cloud-agents-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    ),
  };
  const record = Object.entries(files)
    .map(([path, bytes]) => `${path},sha256=${b64urlSha256(bytes)},${bytes.byteLength}`)
    .concat(`${info}/RECORD,,`)
    .join("\n");
  files[`${info}/RECORD`] = new TextEncoder().encode(`${record}\n`);
  return { file: `${name}-${version}-py3-none-any.whl`, bytes: zipSync(files) };
}

/** A PEP 503 index serving `wheels` (by project name); any other project is a 404. */
export async function startPipIndex(
  wheels: { project: string; file: string; bytes: Uint8Array }[],
): Promise<LocalRegistry> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const project = /^\/simple\/([^/]+)\/?$/.exec(path)?.[1];
    if (project) {
      const mine = wheels.filter((w) => w.project === project);
      if (mine.length === 0) return void res.writeHead(404).end("not found");
      const links = mine
        .map(
          (w) =>
            `<a href="/files/${w.file}#sha256=${createHash("sha256").update(w.bytes).digest("hex")}">${w.file}</a>`,
        )
        .join("\n");
      return void res
        .writeHead(200, { "content-type": "text/html" })
        .end(`<!DOCTYPE html><html><body>${links}</body></html>`);
    }
    const wheel = wheels.find((w) => path === `/files/${w.file}`);
    if (wheel)
      return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from(wheel.bytes));
    res.writeHead(404).end("not found");
  });
  const url = await listen(server);
  return { url: `${url}/simple/`, requests, close: closer(server) };
}

/** An npm package to serve: its package.json fields and files. */
export interface NpmPackage {
  name: string;
  version: string;
  packageJson?: Record<string, unknown>;
  files: Record<string, string>;
}

/** An npm registry serving `packages` (packuments and tarballs); any other name is a 404. */
export async function startNpmRegistry(packages: NpmPackage[]): Promise<LocalRegistry> {
  const requests: string[] = [];
  const work = mkdtempSync(join(tmpdir(), "npm-registry-"));
  const tarballs = new Map<string, Buffer>();
  for (const p of packages) {
    const root = join(work, p.name, "package");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: p.name, version: p.version, ...p.packageJson }));
    for (const [file, text] of Object.entries(p.files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const tgz = join(work, `${p.name}-${p.version}.tgz`);
    execFileSync("tar", ["-czf", tgz, "-C", join(work, p.name), "package"]);
    tarballs.set(`${p.name}-${p.version}.tgz`, readFileSync(tgz));
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const tarball = /^\/[^/]+\/-\/(.+\.tgz)$/.exec(path)?.[1];
    if (tarball && tarballs.has(tarball)) {
      return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(tarballs.get(tarball));
    }
    const p = packages.find((x) => path === `/${x.name}`);
    if (!p) return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
    const bytes = tarballs.get(`${p.name}-${p.version}.tgz`) as Buffer;
    const host = req.headers.host ?? "127.0.0.1";
    const packument = {
      name: p.name,
      "dist-tags": { latest: p.version },
      versions: {
        [p.version]: {
          name: p.name,
          version: p.version,
          ...p.packageJson,
          dist: {
            tarball: `http://${host}/${p.name}/-/${p.name}-${p.version}.tgz`,
            shasum: createHash("sha1").update(bytes).digest("hex"),
            integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
          },
        },
      },
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(packument));
  });
  const url = await listen(server);
  return {
    url: `${url}/`,
    requests,
    close: async () => {
      await closer(server)();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * null when `url` answers over the network within a few seconds; otherwise why not. The tests
 * that need it skip with that reason, and fail under CI=true (where the registries must be reachable).
 */
export async function requireRegistry(name: string, url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(8000), method: "GET" });
    await res.arrayBuffer();
    if (res.status < 500) return null;
    return report(`${name} (${url}) answered ${res.status}`);
  } catch (err) {
    return report(`${name} (${url}) cannot be reached: ${(err as Error).message}`);
  }
}

function report(reason: string): string {
  if (process.env.CI === "true")
    throw new Error(`${reason} (CI=true: an unreachable registry fails instead of skipping)`);
  console.warn(`skipped: ${reason}`);
  return reason;
}
