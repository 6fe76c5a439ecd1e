/**
 * How the console is served (no browser needed): /console and its files from the build that
 * `npm run build` makes (a real `cloud-agents serve` process runs dist/), the same bytes as the
 * sources build in memory (the in-process server), under a strict Content-Security-Policy, the
 * page loading only its own script and style sheet, and the first page's JavaScript within its
 * budget of 150 KB gzipped, counted on the wire.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcess, ROOT, type ServerProcess, serverProcess, type TestServer } from "../helpers/servers/server.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is read as it arrives, undecoded (fetch would decompress it). */
function raw(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const BUDGET_BYTES = 150 * 1024;

let inProc: TestServer;
let built: ServerProcess;
const dataDir = mkdtempSync(join(tmpdir(), "cas-console-"));
beforeAll(async () => {
  inProc = await inProcess();
  built = await serverProcess({ dbPath: join(dataDir, "cloud-agents.db"), env: { DATA_DIR: dataDir } });
}, 180_000);
afterAll(async () => {
  await built?.kill();
  await inProc?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the console's files", () => {
  it("are part of the build that npm run build makes", () => {
    for (const name of ["index.html", "console.js", "console.css"]) {
      expect(existsSync(join(ROOT, "dist/tree/console/dist", name)), name).toBe(true);
    }
  });

  it("are the same from the build and from the sources", async () => {
    for (const path of ["/console", "/console/console.js", "/console/console.css"]) {
      const [a, b] = await Promise.all([raw(`${built.url}${path}`), raw(`${inProc.url}${path}`)]);
      expect(a.status, path).toBe(200);
      expect(b.status, path).toBe(200);
      expect(a.body.equals(b.body), `${path} is the same build`).toBe(true);
    }
  });

  it("are served under a strict Content-Security-Policy, with no inline script or style", async () => {
    for (const path of ["/console", "/console/", "/console/console.js", "/console/console.css"]) {
      const res = await raw(`${built.url}${path}`);
      expect(res.status, path).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'"]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    const html = (await raw(`${built.url}/console`)).body.toString("utf8");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect((await raw(`${built.url}/console/console.js`)).headers["content-type"]).toMatch(/^text\/javascript/);
  });

  it("loads at most 150 KB of gzipped JavaScript for the first page", async () => {
    const html = (await raw(`${built.url}/console`)).body.toString("utf8");
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    let wire = 0;
    for (const src of scripts) {
      const res = await raw(`${built.url}${src}`, { "accept-encoding": "gzip" });
      expect(res.headers["content-encoding"]).toBe("gzip");
      wire += res.body.length;
    }
    console.info(`console: ${wire} bytes of gzipped JavaScript for the first page (budget ${BUDGET_BYTES})`);
    expect(wire).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("answers 404 in the envelope for a file it does not have", async () => {
    for (const path of ["/console/nope.js", "/console/index.html", "/console/..%2Fpackage.json", "/console/a/b"]) {
      const res = await raw(`${built.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body.toString("utf8")).type).toBe("error");
    }
  });
});
