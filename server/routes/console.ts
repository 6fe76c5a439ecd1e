import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Router as createRouter, type Request, type Response, type Router } from "express";
import { notFound } from "../errors.ts";
import { PrecompressedBody } from "../http/precompressed.ts";

/**
 * The web console's built files: `tree/console/dist/` of a build (scripts/build.mjs writes them),
 * beside the bundle as the checkout's `console/dist/` is beside server/.
 */
const BUILT = fileURLToPath(new URL("../../console/dist/", import.meta.url));

/**
 * What the console's page may load: only the server's own scripts, styles and API (no inline
 * script or style, no other origin, no frames, no plugins). Every text the console shows is set
 * as text (Preact's text nodes), so this is the second wall, not the first.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
const typeOf = (name: string) => TYPES[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream";

/** The built files by name: read from the build, or (run from the sources) built in memory once. */
async function loadFiles(): Promise<Map<string, PrecompressedBody>> {
  let files: Record<string, Uint8Array>;
  if (existsSync(join(BUILT, "index.html"))) {
    files = Object.fromEntries(readdirSync(BUILT).map((name) => [name, readFileSync(join(BUILT, name))]));
  } else {
    const { buildConsole } = await import("../../console/build.mjs");
    files = await buildConsole();
  }
  return new Map(
    Object.entries(files).map(([name, bytes]) => [name, new PrecompressedBody(Buffer.from(bytes), typeOf(name))]),
  );
}

function secure(res: Response): void {
  res.set({
    "Content-Security-Policy": CONSOLE_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cache-Control": "no-cache",
  });
}

/**
 * `/console`: the web console (console/), a page and its script and style sheet, sent compressed
 * like /docs. It holds no data and needs no token to load; everything it shows comes from the
 * public API, called with the token the person pastes into it.
 */
export function consoleRoutes(): Router {
  const r = createRouter();
  let files: Promise<Map<string, PrecompressedBody>> | null = null;
  const send = (name: string) => async (req: Request, res: Response) => {
    files ??= loadFiles().catch((err: unknown) => {
      files = null;
      throw err;
    });
    const file = (await files).get(name);
    if (!file) throw notFound(`No route ${req.method} ${req.path}.`);
    secure(res);
    await file.send(req, res);
  };
  r.get("/console", (req, res, next) => {
    send("index.html")(req, res).catch(next);
  });
  r.get("/console/:file", (req, res, next) => {
    const name = req.params.file;
    if (name === "index.html" || !/^[a-z]+\.(js|css)$/.test(name)) {
      next();
      return;
    }
    send(name)(req, res).catch(next);
  });
  return r;
}
