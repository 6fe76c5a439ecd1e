/**
 * `node dist/launcher.js`: the entry point of the compiled server (scripts/build.mjs builds this file
 * into dist/launcher.js, a CommonJS script, as Node starts one faster than an ES module, and
 * server/main.ts with everything it imports into one CommonJS script, dist/main.cjs). It runs that script through `vm.Script` with a V8 code cache, which Node 20
 * offers for scripts only (ES modules and `module.enableCompileCache` come with Node 22).
 *
 * Why: V8 compiling the server's ~9 MB of JavaScript (6 MB since its whitespace is left out) was
 * the largest single cost of a start, ~300 ms of the ~900 ms of CPU a restart used to answer
 * `/healthz` on the shared 2-core machine (scripts/bench/profileStartup.ts: `compileSourceTextModule`
 * for the ES module bundle). With the
 * cache, V8 deserialises the top level and every function the last start compiled instead of
 * parsing the source (`new vm.Script` 300-800 ms without the cache, 40-90 ms with it, same loaded
 * machine). Writing the cache (`createCachedData`, 2.3 MB) takes 30-90 ms, once per change.
 *
 * The cache is written once the server listens (the functions compiled by then, the whole start,
 * are in it), by the first start that had none or whose cache V8 refused, to dist/v8-cache/ (a
 * temporary file renamed into place: replicas sharing dist/ never read half a file). Its name
 * holds the bundle's content hash (set by the build; a rebuild of unchanged sources keeps it,
 * a changed bundle never meets an old cache), Node's version and the node flags. A dist/ that
 * cannot be written only means starts without a cache. Every other command of dist/launcher.js
 * (`migrate`, `token ...`) reads the cache but never writes it.
 */
import { createHash } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import vm from "node:vm";

const DIST = import.meta.dirname;
const BUNDLE = join(DIST, "main.cjs");
const CACHE_DIR = join(DIST, "v8-cache");
const PIDS_DIR = join(DIST, ".pids");
/** Published by `net.Server#listen` once the server listens (Node's built-in tracing channel). */
const LISTENING = "tracing:net.server.listen:asyncEnd";

/**
 * The cache file of this bundle under this Node and these node flags: V8 refuses a cache made
 * under other flags (`--max-semi-space-size` among them), and one file per set of flags keeps
 * starts with different flags (`npm start`, `node dist/launcher.js`, a profiled start) from replacing
 * each other's cache at every start.
 */
function cacheFile(): string {
  const bundle = process.env.CLOUD_AGENTS_BUNDLE_HASH ?? "unbuilt";
  const runtime = createHash("sha256")
    .update(JSON.stringify([process.version, process.arch, process.execArgv, process.env.NODE_OPTIONS ?? ""]))
    .digest("hex");
  return join(CACHE_DIR, `server-${bundle.slice(0, 16)}-${runtime.slice(0, 16)}.bin`);
}

/**
 * The old generation grows by 20 % between full collections (V8's own factor is up to 4x on a small
 * heap): under the API load the heap holds about 25 MiB of live objects after a full collection, but
 * V8 let it grow to 60-80 MiB of garbage before collecting. Set once the server listens rather than on
 * node's command line, where any V8 flag makes V8 refuse the code cache Node ships for its own
 * modules (the cache records the flags it was made under): ~45 ms more to start, ~25 ms of it before
 * the first line of this file (`npm run bench:startup`; docs/performance.md, "Start-up"). V8 reads this flag at
 * every full collection, so it takes effect from the next one. An operator's own
 * `--heap-growing-percent` (node's command line or NODE_OPTIONS) is kept.
 *
 * The same refusal still applies to what loads after this call, as it did to everything with the
 * flag on the command line: the first `fetch` of the process takes ~40 ms more (Node's fetch is
 * compiled then), and each worker thread started later (the delivery thread when no delivery was
 * pending at start, the skill zip worker) ~55 ms more to start.
 */
function tuneHeap(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((arg) =>
    /heap[-_]growing[-_]percent/.test(arg),
  );
  if (!given) setFlagsFromString("--heap-growing-percent=20");
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(script: vm.Script, file: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, file);
  } catch {
    // A read-only dist/: the next start compiles the source again.
    rmSync(temporary, { force: true });
  }
}

/**
 * Marks this build as in use by this process (`<build>/.pids/<pid>`, removed at exit): the build
 * does not remove a build a live server was started from (scripts/lib/buildDir.mjs), whose thread
 * entry and documents it may still read.
 */
function markInUse(): void {
  const mark = join(PIDS_DIR, String(process.pid));
  try {
    mkdirSync(PIDS_DIR, { recursive: true });
    writeFileSync(mark, "");
    process.once("exit", () => rmSync(mark, { force: true }));
  } catch {
    // A read-only build is never removed by a build either.
  }
}

/** Exits with why the build cannot be loaded (a missing, torn or foreign dist/), never a bare stack. */
function cannotLoad(what: string, err: unknown): never {
  const why = err instanceof Error ? err.message : String(err);
  process.stderr.write(
    `cloud-agents: cannot load the server build (${what} ${BUNDLE}): ${why}\n` +
      "Build it again with `npm run build -- --force`, then start again.\n",
  );
  process.exit(1);
}

markInUse();
const file = cacheFile();
const cachedData = readCache(file);
let source: string;
try {
  // The build writes the bundle in ASCII (scripts/build.mjs): read as Latin-1 it is a one-byte string.
  source = readFileSync(BUNDLE, "latin1");
} catch (err) {
  cannotLoad("reading", err);
}
let script: vm.Script;
try {
  // Node's own CommonJS wrapper, strict as the ES modules the bundle was made of, on the bundle's
  // first line so that its line numbers (and its source map) hold.
  script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {"use strict";${source}\n})`, {
    filename: BUNDLE,
    cachedData,
  });
} catch (err) {
  cannotLoad("compiling", err);
}
const cacheWanted = cachedData === undefined || script.cachedDataRejected === true;
const onListening = () => {
  unsubscribe(LISTENING, onListening);
  // After the listen callback's own work (the background workers start), before any request.
  setImmediate(() => {
    if (cacheWanted) writeCache(script, file);
    // After the cache is written: it records V8's flags, which the next start (without them) must match.
    tuneHeap();
  });
};
subscribe(LISTENING, onListening);
const run = script.runInThisContext() as (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
const module = { exports: {} };
try {
  run(module.exports, createRequire(BUNDLE), module, BUNDLE, DIST);
} catch (err) {
  // Thrown while the bundle's top level ran (a module it needs is missing): the server never started.
  cannotLoad("running", err);
}
