/**
 * Builds the web console (console/src, Preact) for the browser with esbuild: one ES module
 * script, one style sheet and the page that loads them, all served by the server under /console
 * (server/routes/console.ts). scripts/build.mjs writes them into the build (`tree/console/dist/`,
 * what `npm start` serves); a server run from its sources (the in-process tests, tsx) builds them
 * in memory on the first request instead, with this same function.
 *
 * Minified, with no source map and no inline code: the page's Content-Security-Policy allows only
 * scripts and styles from the server itself.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const HERE = dirname(fileURLToPath(import.meta.url));

/** @returns {Promise<Record<string, Uint8Array>>} the console's files by name (index.html, console.js, console.css) */
export async function buildConsole() {
  const result = await build({
    absWorkingDir: HERE,
    entryPoints: { console: join(HERE, "src/main.tsx") },
    outdir: join(HERE, "dist"),
    write: false,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    logLevel: "warning",
    // The SDK is written for Node and browsers: nothing of Node is reached from its browser side.
    define: { "process.env.NODE_ENV": '"production"' },
  });
  /** @type {Record<string, Uint8Array>} */
  const files = { "index.html": readFileSync(join(HERE, "index.html")) };
  for (const file of result.outputFiles) files[file.path.slice(file.path.lastIndexOf("/") + 1)] = file.contents;
  return files;
}
