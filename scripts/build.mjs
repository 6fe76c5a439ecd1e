/**
 * Compiles the server ahead of time for `npm start` (its `prestart` step): esbuild bundles
 * server/main.ts and every module it imports, the packages included (all but EXTERNAL below),
 * into one CommonJS script, dist/main.cjs, which dist/launcher.js (server/launcher.ts) runs with a
 * V8 code cache. The tests and scripts that start the server as a process run this build too
 * (scripts/lib/serverBundle.ts builds it once per test run when the sources are newer); the
 * in-process tests run the sources.
 *
 * Why, with numbers (scripts/bench/profileStartup.ts and `npm run bench:startup`, restarts on the
 * shared 2-core machine):
 * - Bundling: resolving, reading and wrapping the ~600 CommonJS files of Express, pino,
 *   prom-client and the rest took about a third of the start-up's CPU time (1,200 ms of CPU to
 *   /healthz before, 840 ms after, on a loaded machine).
 * - One CommonJS script rather than ES modules: V8 then compiled the ES module bundle at every
 *   start (`compileSourceTextModule`, ~300 ms of CPU, the largest single cost), and Node 20 has no
 *   compile cache for ES modules; a script takes V8's code cache (`vm.Script` `cachedData`, what
 *   v8-compile-cache does), see server/launcher.ts. With it (and the sandbox runtime loaded by the
 *   first command) a restart's CPU to /healthz went from 995-1,005 ms to 510-565 ms, and its wall
 *   time from 2.96-3.18x the bare Express app's to 1.67-1.74x (`npm run bench:startup`, main and
 *   this build alternating, load average 2-3). What the server loads with import() (the
 *   model runtimes, PostgreSQL, the HTTP stack for `serve`) is still evaluated only when first
 *   imported (esbuild's lazy module wrappers), but its source is part of the one script.
 * - The source is kept in ASCII (non-ASCII characters escaped, only comments hold any), so that
 *   the launcher reads it as a one-byte string (half the memory of a two-byte one).
 *
 * - The launcher, dist/launcher.js, is a CommonJS script too (dist/package.json says so): started as
 *   an ES module, Node first set up its ES module loader for it, 30-40 ms of CPU of a restart
 *   (median of interleaved restarts, 635 → 595 ms to /healthz) that a CommonJS entry never pays.
 *
 * The delivery worker thread's entry stays an ES module, dist/thread.mjs (with its chunks).
 *
 * Each bundled module still sees `import.meta.url` as its own source file's URL (computed
 * relative to the bundle), so paths such as `new URL("../generated/", import.meta.url)` find the
 * same files from the bundle as from source; in the packages it is the bundle's own URL.
 *
 * Each build is a folder of its own, `.dist/<inputs hash>`, and `dist` a symbolic link to the
 * current one, swapped atomically under a lock that concurrent builds share; an unchanged build
 * is not made again (scripts/lib/buildDir.mjs). The files the server reads beside its modules at
 * run time (generated/, the migrations, vendor-skills/, package.json) are copied into the build
 * (`tree/`, where each bundled module's `import.meta.url` points), so that a server started from a
 * build reads that build's documents and migrations, whatever changes in the checkout after it.
 *
 *   node scripts/build.mjs          (a few seconds when an input changed; run by `npm start`)
 *   node scripts/build.mjs --force  (builds again whatever changed: a build whose files were damaged)
 */
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildConsole } from "../console/build.mjs";
import {
  currentBuild,
  inputsHash,
  lockBuilds,
  missingOutput,
  pointDistAt,
  readStamp,
  removeOldBuilds,
  staleReason,
  writeStamp,
} from "./lib/buildDir.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** @param {string} reason */
async function buildInto(reason) {
  const previous = currentBuild(ROOT);
  // A file saved while the build reads the inputs is newer than this: the next start builds again.
  const startedAt = Date.now() - 1000;
  const inputs = inputsHash(ROOT);
  // A forced build gets a folder of its own: the one it replaces may still run servers.
  const finalDir = join(ROOT, ".dist", force ? `${inputs}-${Date.now().toString(36)}` : inputs);
  if (!force && readStamp(finalDir)?.inputs === inputs && !missingOutput(finalDir)) {
    // These inputs were built before (a revert): that build serves again.
    writeStamp(finalDir, { inputs, startedAt });
    pointDistAt(ROOT, finalDir);
    removeOldBuilds(ROOT, [finalDir, ...(previous ? [previous] : [])]);
    process.stderr.write(`build: dist/ points at the earlier build of these inputs (${reason})\n`);
    return;
  }
  const outDir = `${finalDir}.tmp-${process.pid}`;
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  await bundle(outDir);
  copyRunTimeFiles(outDir);
  await writeConsole(outDir);
  writeStamp(outDir, { inputs, startedAt });
  rmSync(finalDir, { recursive: true, force: true });
  renameSync(outDir, finalDir);
  pointDistAt(ROOT, finalDir);
  removeOldBuilds(ROOT, [finalDir, ...(previous ? [previous] : [])]);
  process.stderr.write(`build: dist/ written in ${Math.round(performance.now() - started)} ms (${reason})\n`);
}

/**
 * The files read beside the modules at run time, into `tree/` as they lie in the checkout:
 * generated/ (but the TypeScript declarations), the migrations, vendor-skills/, package.json.
 * @param {string} outDir
 */
function copyRunTimeFiles(outDir) {
  const tree = join(outDir, "tree");
  const copy = (rel, filter) =>
    cpSync(join(ROOT, rel), join(tree, rel), { recursive: true, ...(filter ? { filter } : {}) });
  copy("generated", (src) => !src.endsWith(".d.ts"));
  copy("server/storage/sqlite/migrations");
  copy("server/storage/postgres/migrations");
  copy("vendor-skills");
  copy("package.json");
}

/**
 * The web console (console/build.mjs: its page, script and style sheet), into `tree/console/dist/`,
 * where server/routes/console.ts finds it beside the bundled modules.
 * @param {string} outDir
 */
async function writeConsole(outDir) {
  const dir = join(outDir, "tree/console/dist");
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(await buildConsole())) writeFileSync(join(dir, name), bytes);
}

/** The launcher: dist/launcher.js, a CommonJS script (dist/package.json). */
const LAUNCHER = "server/launcher.ts";
/** The ES module entry points: the delivery worker thread's (a worker thread's entry module must be listed here). */
const ENTRIES = { thread: "server/delivery/workerThreadEntry.ts" };

/**
 * Rewrites `import.meta.url` in a source module (and in the generated validators) to the URL of
 * its copy's place in the build, `tree/<path in the checkout>`, relative to the bundle's URL
 * (`base`: `import.meta.url` in an ES module, `__bundleUrl` in the CommonJS script): a file read
 * beside a module (`new URL("../generated/", import.meta.url)`) is the build's copy, and a package
 * resolved from there (`createRequire(import.meta.url)`) is found in the checkout's node_modules
 * above it.
 */
const sourceUrls = (base) => ({
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/(server|generated)\/.*\.(ts|js)$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const loader = args.path.endsWith(".ts") ? "ts" : "js";
      if (!text.includes("import.meta.url")) return { contents: text, loader };
      const inTree = `tree/${relative(ROOT, args.path).split("\\").join("/")}`;
      const url = `new URL(${JSON.stringify(inTree)}, ${base}).href`;
      return { contents: text.replaceAll("import.meta.url", url), loader };
    });
  },
});

/**
 * Left in node_modules: native addons (better-sqlite3, but for the server script; pg's optional
 * pg-native), tools that are not part of the server, and the sandbox runtime, which
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
// server/delivery/workerThreadHost.ts starts the delivery thread from its entry in the build.
const THREAD_ENTRY = { "process.env.CLOUD_AGENTS_THREAD_ENTRY": JSON.stringify("thread.mjs") };

/** @param {string} outDir the folder this build writes (a new one, renamed into place once whole) */
async function bundle(outDir) {
  const common = {
    absWorkingDir: ROOT,
    outdir: outDir,
    bundle: true,
    platform: "node",
    target: "node20",
    // The packages are bundled too, except those that cannot be (native addons, files read beside
    // their modules) or are not needed to serve: resolving and reading a package's hundreds of
    // files at every start took about half of the start-up (scripts/bench/profileStartup.ts).
    external: EXTERNAL,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
  };
  /** The server's script, run by dist/launcher.js. */
  const serverFile = join(outDir, "main.cjs");
  // The server: one CommonJS script. Its own `import.meta.url` is the script's file URL.
  await build({
    ...common,
    entryPoints: { main: "server/main.ts" },
    outExtension: { ".js": ".cjs" },
    format: "cjs",
    // import() becomes require(): a script run by vm.Script cannot import() without an experimental
    // loader (a warning on stderr). Node 20 requires the one ES module package left outside the
    // bundle (the sandbox runtime) as well as it imports it.
    supported: { "dynamic-import": false },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // better-sqlite3's JavaScript is bundled too (read from node_modules it was 6-9 ms of a start);
    // its addon stays there, named to it by server/storage/sqlite/index.ts.
    external: EXTERNAL.filter((name) => name !== "better-sqlite3"),
    plugins: [sourceUrls("__bundleUrl")],
    define: { ...THREAD_ENTRY, "import.meta.url": "__bundleUrl" },
    // Whitespace only (names and syntax stay as written; the source map still leads to the sources):
    // 9.3 MB became 6.0 MB, which the launcher reads, and V8 scans whole for line ends at the first
    // stack trace (depd takes one as Express loads): 24 -> 15 ms to read, 21 -> 13 ms for that scan.
    minifyWhitespace: true,
  });
  // esbuild escapes non-ASCII characters everywhere but in comments; escaped there too, the file is
  // ASCII (an escape means the same character in a string, a regular expression or a name).
  const server = readFileSync(serverFile, "utf8").replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  writeFileSync(serverFile, server, "latin1");
  const bundleHash = createHash("sha256").update(server).digest("hex");
  // The launcher: CommonJS, like the script it runs; dist/package.json makes Node read the .js
  // files of dist/ as CommonJS.
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
  await build({
    ...common,
    entryPoints: { launcher: LAUNCHER },
    format: "cjs",
    define: {
      "import.meta.dirname": "__dirname",
      "process.env.CLOUD_AGENTS_BUNDLE_HASH": JSON.stringify(bundleHash),
    },
  });
  // The worker thread's entry: an ES module (.mjs, whatever dist/package.json says), with its chunks.
  await build({
    ...common,
    entryPoints: ENTRIES,
    format: "esm",
    outExtension: { ".js": ".mjs" },
    // CommonJS packages inside an ES module bundle call require() for Node's built-in modules.
    banner: {
      js: 'import { createRequire as __cjsRequire } from "node:module"; const require = __cjsRequire(import.meta.url);',
    },
    splitting: true,
    plugins: [sourceUrls("import.meta.url")],
    define: THREAD_ENTRY,
  });
}

/** `--force`: build even when the inputs did not change (a build whose outputs were damaged). */
const force = process.argv.includes("--force");
const seen = currentBuild(ROOT);
const reason = force ? "--force" : staleReason(ROOT);
if (reason === null) {
  process.stderr.write("build: dist/ is up to date\n");
  process.exit(0);
}
const unlock = await lockBuilds(ROOT);
try {
  // Another build may have made it while this one waited for the lock (then `dist` moved); if
  // none did, the inputs are not read and hashed once more before building.
  if (!force && currentBuild(ROOT) !== seen && staleReason(ROOT) === null) {
    process.stderr.write("build: dist/ is up to date (built by another build meanwhile)\n");
  } else await buildInto(reason);
} finally {
  unlock();
}
