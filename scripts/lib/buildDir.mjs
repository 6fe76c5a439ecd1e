/**
 * Where builds live and how one replaces another (scripts/build.mjs), so that any number of
 * `npm start` in one folder at once (replicas from one checkout, a restart during a deploy) never
 * load a torn or mixed build:
 *
 * - Each build is written to a folder of its own, `.dist/<inputs hash>.tmp-<pid>`, renamed to
 *   `.dist/<inputs hash>` once whole, and `dist` is then a symbolic link to it, replaced by a
 *   rename (atomic: a start resolves `dist/launcher.js` either to the old build or to the new one,
 *   and the launcher then reads every file from that folder, server/launcher.ts).
 * - Builds are made under one lock (`.dist/.lock`, a folder: mkdir is atomic, with its owner's
 *   pid; one left by a process that died is taken over), shared by every build of the folder: the
 *   second of two builds at once waits, then finds the first one's build fresh and builds nothing.
 * - A build is fresh when no input changed since it was made: nothing newer than its stamp (the
 *   quick check, a stat per file), or newer files with the same content (a hash of every input,
 *   the stamp's `inputs`). A changed input makes a new build; a build whose inputs come back (a
 *   revert) is taken from `.dist/` again.
 * - Older builds are removed under the lock, except the one `dist` points to, the one before it
 *   and any that a live server was started from (`.dist/<hash>/.pids/<pid>`, the launcher's).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";

/** The folders the bundle's modules and the files it reads at run time come from. */
export const SOURCE_DIRS = ["server", "client", "console", "generated", "vendor-skills"];
/** The files that change the build as a whole (node_modules/.package-lock.json: npm's own, rewritten by an install). */
export const BUILD_FILES = [
  "scripts/build.mjs",
  "scripts/lib/buildDir.mjs",
  "package.json",
  "tsconfig.json",
  "node_modules/.package-lock.json",
];
const STAMP = ".build-stamp.json";
/** A lock older than this whose owner cannot be told (no pid written yet) is taken as abandoned. */
const LOCK_GRACE_MS = 10_000;
const LOCK_TIMEOUT_MS = 600_000;

/** @param {string} root */
export function buildPaths(root) {
  const builds = join(root, ".dist");
  return { root, builds, link: join(root, "dist"), lock: join(builds, ".lock") };
}

/** @param {string} dir @param {string[]} out @returns {string[]} every file under `dir` (dot folders, dist and node_modules skipped) */
function filesUnder(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith(".") || entry.name === "dist" || entry.name === "node_modules") continue;
      filesUnder(path, out);
    } else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** @param {string} root @returns {string[]} the build's inputs, sorted */
export function inputFiles(root) {
  const files = SOURCE_DIRS.flatMap((d) => filesUnder(join(root, d)));
  for (const f of BUILD_FILES) if (existsSync(join(root, f))) files.push(join(root, f));
  return files.sort();
}

/** @param {string} root @returns {string} a hash of every input's path and content */
export function inputsHash(root) {
  const hash = createHash("sha256");
  for (const file of inputFiles(root)) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** @param {string} dir @returns {{ inputs: string, startedAt: number } | null} */
export function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), "utf8"));
  } catch {
    return null;
  }
}

/** @param {string} dir @param {{ inputs: string, startedAt: number }} stamp written whole (a temporary file renamed) */
export function writeStamp(dir, stamp) {
  const temporary = join(dir, `${STAMP}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(stamp)}\n`);
  renameSync(temporary, join(dir, STAMP));
}

/** @param {string} root @returns {string | null} the build folder `dist` points to, if it is one */
export function currentBuild(root) {
  const { link, builds } = buildPaths(root);
  try {
    if (!lstatSync(link).isSymbolicLink()) return null;
    const target = join(root, readlinkSync(link));
    return target.startsWith(`${builds}/`) && readStamp(target) ? target : null;
  } catch {
    return null;
  }
}

/** @param {string} dir @returns {string | undefined} the first file a start needs that the build lacks */
export function missingOutput(dir) {
  return ["launcher.js", "main.cjs", "thread.mjs", "tree/console/dist/console.js"].find(
    (name) => !existsSync(join(dir, name)),
  );
}

/**
 * Why the current build does not match the inputs, or null when it does. A build whose inputs
 * were only touched gets a new stamp time (so the quick check holds again) and stays.
 * @param {string} root
 * @returns {string | null}
 */
export function staleReason(root) {
  const current = currentBuild(root);
  if (!current) return "no build yet";
  const stamp = readStamp(current);
  if (!stamp) return "no build yet";
  const missing = missingOutput(current);
  if (missing) return `dist/${missing} is missing`;
  const newer = inputFiles(root).find((f) => statSync(f).mtimeMs > stamp.startedAt);
  if (!newer) return null;
  const startedAt = Date.now() - 1000;
  if (inputsHash(root) !== stamp.inputs) return `${relative(root, newer)} changed`;
  try {
    writeStamp(current, { ...stamp, startedAt });
  } catch {
    // A read-only build: the content check runs again next time.
  }
  return null;
}

/**
 * Takes the build lock; resolves with its release.
 * @param {string} root
 * @returns {Promise<() => void>}
 */
export async function lockBuilds(root) {
  const { builds, lock } = buildPaths(root);
  mkdirSync(builds, { recursive: true });
  // "<pid> <random>": the pid says whether the owner lives; the whole says whose lock it is.
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`;
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "owner"), token);
      // Released only while it is still this build's (never a lock another took over).
      return () => {
        if (lockOwner(lock) === token) rmSync(lock, { recursive: true, force: true });
      };
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== "EEXIST") throw err;
    }
    const dead = abandonedOwner(lock);
    if (dead !== null) {
      takeOver(lock, dead);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${relative(root, lock)} is held by a build that does not end`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** @param {string} lock @returns {string | null} its owner's token, or null when it has none (yet) */
function lockOwner(lock) {
  try {
    return readFileSync(join(lock, "owner"), "utf8");
  } catch {
    return null;
  }
}

/**
 * Removes an abandoned lock atomically: it is renamed aside first (of two builds taking it over,
 * one rename succeeds), and put back when what was renamed is no longer the lock judged abandoned
 * (a third build took it in between).
 * @param {string} lock
 * @param {string} dead the owner judged gone ("" for a lock that never got one)
 */
function takeOver(lock, dead) {
  const aside = `${lock}.stale-${randomBytes(8).toString("hex")}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  if ((lockOwner(aside) ?? "") !== dead) {
    try {
      renameSync(aside, lock);
      return;
    } catch {
      // A newer lock stands already: the one renamed aside is gone for good.
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code !== "ESRCH";
  }
}

/**
 * The owner of a lock whose owner has exited ("" for one that never wrote its owner within the
 * grace time), or null when the lock is held.
 * @param {string} lock
 * @returns {string | null}
 */
function abandonedOwner(lock) {
  const owner = lockOwner(lock);
  if (owner === null) {
    try {
      return Date.now() - statSync(lock).mtimeMs > LOCK_GRACE_MS ? "" : null;
    } catch {
      return null;
    }
  }
  return alive(Number(owner.split(" ")[0])) ? null : owner;
}

/**
 * Points `dist` at `build` by renaming a new link over it. A `dist` that is still a folder (a
 * checkout from before builds had folders of their own) is moved into `.dist/` first.
 * @param {string} root
 * @param {string} build
 */
export function pointDistAt(root, build) {
  const { link, builds } = buildPaths(root);
  try {
    if (lstatSync(link).isDirectory()) renameSync(link, join(builds, `old-${Date.now()}`));
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== "ENOENT") throw err;
  }
  const temporary = `${link}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(relative(root, build), temporary);
  renameSync(temporary, link);
}

/**
 * Removes the builds (and abandoned temporary ones) no start can need: all but `keep` and those a
 * live server was started from. Call under the lock.
 * @param {string} root
 * @param {string[]} keep build folders to keep
 */
export function removeOldBuilds(root, keep) {
  const { builds } = buildPaths(root);
  for (const name of readdirSync(builds)) {
    const dir = join(builds, name);
    if (name === ".lock" || name.startsWith(".lock.stale-") || keep.includes(dir)) continue;
    const tmp = /\.tmp-(\d+)$/.exec(name);
    if (tmp && alive(Number(tmp[1]))) continue;
    let pids = [];
    try {
      pids = readdirSync(join(dir, ".pids")).map(Number);
    } catch {
      // No server was started from it.
    }
    if (pids.some((pid) => pid !== process.pid && alive(pid))) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}
