/**
 * A real git HTTP server for the tests: git's own `git http-backend` (CGI) behind a small node
 * http (or https) server on loopback. Every request must carry `Authorization: Basic
 * base64("x-access-token:<token>")` with the server's token (else 401 with a Basic challenge);
 * each request's path and authorization are recorded. Pushes are accepted (REMOTE_USER is set).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface GitServer {
  port: number;
  /** The folder holding the bare repositories (`<root>/<name>.git`). */
  root: string;
  /** Every request: path, whether its token was right, its Authorization header. */
  requests: { path: string; authorized: boolean; authorization: string | undefined }[];
  /** Runs git in a bare repository of the server (to read what a push left). */
  git(repo: string, ...args: string[]): string;
  close(): Promise<void>;
}

const BACKEND = (() => {
  try {
    return join(execFileSync("git", ["--exec-path"], { encoding: "utf8" }).trim(), "git-http-backend");
  } catch {
    return "git-http-backend";
  }
})();

/**
 * Makes `<root>/<name>.git` with one commit on `main` ("README.md": `hello`) and a branch `dev`
 * with a second commit; answers the commit ids.
 */
export function seedRepository(root: string, name: string): { main: string; dev: string } {
  const work = mkdtempSync(join(tmpdir(), "git-seed-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", work, "-c", "user.name=Seed", "-c", "user.email=seed@example.test", ...args], {
      encoding: "utf8",
    }).trim();
  try {
    git("init", "--quiet", "--initial-branch=main");
    execFileSync("sh", ["-c", `echo hello > "${work}/README.md"`]);
    git("add", "README.md");
    git("commit", "--quiet", "-m", "first");
    const main = git("rev-parse", "HEAD");
    git("checkout", "--quiet", "-b", "dev");
    execFileSync("sh", ["-c", `echo dev > "${work}/DEV.md"`]);
    git("add", "DEV.md");
    git("commit", "--quiet", "-m", "dev work");
    const dev = git("rev-parse", "HEAD");
    git("checkout", "--quiet", "main");
    execFileSync("git", ["clone", "--quiet", "--bare", work, join(root, `${name}.git`)]);
    return { main, dev };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function startGitServer(options: {
  token: string;
  tls?: { certPem: string; keyPem: string };
}): Promise<GitServer> {
  const root = mkdtempSync(join(tmpdir(), "git-server-"));
  const requests: GitServer["requests"] = [];
  const expected = `Basic ${Buffer.from(`x-access-token:${options.token}`).toString("base64")}`;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://git.test");
    const authorization = req.headers.authorization;
    const authorized = authorization === expected;
    requests.push({ path: url.pathname, authorized, authorization });
    if (!authorized) {
      req.resume();
      res
        .writeHead(401, { "www-authenticate": 'Basic realm="git"', "content-type": "text/plain" })
        .end("token needed\n");
      return;
    }
    const cgi = spawn(BACKEND, [], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        REMOTE_USER: "x-access-token",
        REMOTE_ADDR: "127.0.0.1",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    cgi.stdout.on("data", (chunk: Buffer) => {
      if (started) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const crlf = head.indexOf("\r\n\r\n");
      const lf = head.indexOf("\n\n");
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) return;
      const sep = end === crlf ? 4 : 2;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString("latin1").split(/\r?\n/)) {
        const i = line.indexOf(":");
        if (i < 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      started = true;
      res.write(head.subarray(end + sep));
    });
    cgi.on("close", () => res.end());
    cgi.on("error", () => res.destroy());
  };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.certPem, key: options.tls.keyPem }, handle)
    : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    root,
    requests,
    git: (repo, ...args) =>
      execFileSync("git", ["-C", join(root, `${repo}.git`), ...args], { encoding: "utf8" }).trim(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
