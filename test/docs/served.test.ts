/**
 * How the operator documents are served: /docs, /openapi.json and /openapi.yaml compressed as the
 * client accepts (br, gzip, or as they are), each encoding made once and the same bytes sent
 * again, with `Vary: Accept-Encoding` and an ETag; `GET /` leads to /docs; and one version
 * everywhere (the description's info.version, the package, the SDK package, `cloud-agents --version`).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrecompressedBody } from "../../server/http/precompressed.ts";
import { inProcess, ROOT, runCli, type TestServer } from "../helpers/servers/server.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is read as it arrives, undecoded (fetch would decompress it). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const FILES = { "/docs": "docs.html", "/openapi.json": "openapi.json", "/openapi.yaml": "openapi.yaml" } as const;
const generated = (file: string) => readFileSync(join(ROOT, "generated", file));

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

describe("the operator documents, compressed", () => {
  it.each(Object.entries(FILES))("%s: br, gzip or as it is, by Accept-Encoding", async (path, file) => {
    const original = generated(file);
    const br = await raw(`${server.url}${path}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 3);

    const gz = await raw(`${server.url}${path}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await raw(`${server.url}${path}`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(original)).toBe(true);

    const identity = await raw(`${server.url}${path}`, { "accept-encoding": "br;q=0, gzip;q=0, identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);

    // Made once: the next request gets the very same bytes; a revalidation gets a 304.
    const again = await raw(`${server.url}${path}`, { "accept-encoding": "br" });
    expect(again.body.equals(br.body)).toBe(true);
    expect(again.headers.etag).toBe(br.headers.etag);
    const revalidated = await raw(`${server.url}${path}`, {
      "accept-encoding": "br",
      "if-none-match": String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("the content types stay those of the documents", async () => {
    expect((await raw(`${server.url}/docs`)).headers["content-type"]).toMatch(/^text\/html/);
    expect((await raw(`${server.url}/openapi.json`)).headers["content-type"]).toMatch(/^application\/json/);
    expect((await raw(`${server.url}/openapi.yaml`)).headers["content-type"]).toMatch(/^application\/yaml/);
  });

  it("HEAD answers the headers of the compressed document without its body", async () => {
    const head = await raw(`${server.url}/docs`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("each encoding is made once and kept", async () => {
    const body = new PrecompressedBody(Buffer.from("x".repeat(10_000)), "text/plain");
    const first = body.encode("br");
    expect(body.encode("br")).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe("x".repeat(10_000));
  });
});

describe("the root", () => {
  it("GET / redirects to /docs", async () => {
    const res = await raw(`${server.url}/`);
    expect([302, 308]).toContain(res.status);
    expect(res.headers.location).toBe("/docs");
  });
});

describe("one version everywhere", () => {
  it("the description, the package, the SDK package and cloud-agents --version agree", async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    const spec = JSON.parse(generated("openapi.json").toString()) as { info: { version: string } };
    const sdk = JSON.parse(readFileSync(join(ROOT, "client/package.json"), "utf8")) as { version: string };
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as { info: { version: string } };
    const cli = await runCli(["--version"], {});
    expect(cli.code).toBe(0);
    expect({
      spec: spec.info.version,
      served: served.info.version,
      sdk: sdk.version,
      cli: cli.stdout.trim(),
    }).toEqual({ spec: version, served: version, sdk: version, cli: `cloud-agents ${version}` });
  });
});
