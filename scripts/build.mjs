/**
 * Compiles the server ahead of time for `npm start` (its `prestart` step): esbuild bundles
 * server/main.ts and every module it imports into dist/main.js, so the server starts without
 * compiling TypeScript at run time or resolving ~150 source files. The packages it uses are
 * bundled too (all but EXTERNAL below): resolving, reading and wrapping the ~600 CommonJS files of
 * Express, pino, prom-client and the rest took about a third of the start-up's CPU time (measured
 * with scripts/bench/profileStartup.ts: 1,200 ms of CPU to /healthz before, 840 ms after, on a
 * loaded machine). What the server imports with import() is split into chunks loaded on first
 * use. The tests and the other scripts keep running from source (tsx).
 *
 * Each bundled module still sees `import.meta.url` as its own source file's URL (computed
 * relative to the bundle), so paths such as `new URL("../generated/", import.meta.url)` find the
 * same files from the bundle as from source.
 *
 *   node scripts/build.mjs          (a few seconds; run by `npm start`)
 */
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = join(ROOT, "dist");

/** Entry points: the CLI and server. A worker thread's entry module must be listed here too. */
const ENTRIES = { main: "server/main.ts", thread: "server/delivery/workerThreadEntry.ts" };

/** Rewrites `import.meta.url` in a source module to its source file's URL, relative to the bundle. */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/server\/.*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return { contents: text, loader: "ts" };
      const fromBundle = relative(OUT_DIR, args.path).split("\\").join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Left in node_modules: native addons (better-sqlite3 finds its .node file from its own folder;
 * pg's optional pg-native), tools that are not part of the server, and the sandbox runtime, which
 * spawns files of its own package.
 */
const EXTERNAL = [
  "better-sqlite3",
  "pg-native",
  "@anthropic-ai/sandbox-runtime",
  "esbuild",
  "tsx",
  "typescript",
  "playwright-core",
];

const started = performance.now();
await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir: OUT_DIR,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The packages are bundled too, except those that cannot be (native addons, files read beside
  // their modules) or are not needed to serve: resolving and reading a package's hundreds of
  // files at every start took about half of the start-up (scripts/bench/profileStartup.ts).
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle call require() for Node's built-in modules.
  banner: {
    js: 'import { createRequire as __cjsRequire } from "node:module"; const require = __cjsRequire(import.meta.url);',
  },
  // Modules imported with import() (the model runtimes, the HTTP stack for `serve`) become
  // chunks of their own, loaded (with the packages they import) only when first needed.
  splitting: true,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  plugins: [sourceUrls],
  // server/delivery/workerThreadHost.ts starts the delivery thread from its entry in the bundle.
  define: { "process.env.CLOUD_AGENTS_THREAD_ENTRY": JSON.stringify("thread.js") },
});
process.stderr.write(`build: dist/ written in ${Math.round(performance.now() - started)} ms\n`);
