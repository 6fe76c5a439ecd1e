/**
 * Two edits the build makes to packages it bundles into dist/server.cjs (scripts/build.mjs), each
 * taking work off the server's start without changing what the package does. Each names the exact
 * text it replaces: when a package's new version no longer has it, the build fails and says which
 * edit to look at again, rather than shipping without it. test/unit/dependencyPatches.test.ts
 * builds each package with and without its edit and compares what they answer.
 *
 * Measured at a restart (each bundled module's own load time, dist/server.cjs instrumented):
 * - mime-types 3 (for Express, type-is, accepts, send): its extension and type maps, built from
 *   mime-db's ~2,500 types when the module loads, 10-17 ms; now built by the first lookup or the
 *   first read of `types` or `extensions` (`_extensionConflicts`, kept for mime-types' own tests,
 *   is filled then too).
 * - depd 2 (Express, router, http-errors): `depd(namespace)` notes the file that called it, and
 *   also asked for that call's line and column, which it never uses. The first line number asked
 *   of the bundle makes V8 scan all of its 6 MB for line ends: 13-21 ms. It asks only the file now.
 */

import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** @typedef {{ file: string, find: string, replace: string }} Edit */

/** @type {Record<string, Edit[]>} package folder under node_modules -> its edits */
export const DEPENDENCY_EDITS = {
  "mime-types": [
    {
      file: "index.js",
      find: "populateMaps(exports.extensions, exports.types)\n",
      replace: `;(function lazyMaps () {
  var extensions = exports.extensions
  var types = exports.types
  var populated = false
  function populate () {
    if (!populated) {
      populated = true
      populateMaps(extensions, types)
    }
  }
  // Read and written as the plain properties they were (an assignment replaces the map).
  Object.defineProperty(exports, 'extensions', {
    configurable: true,
    enumerable: true,
    get: function () { populate(); return extensions },
    set: function (value) { populated = true; extensions = value }
  })
  Object.defineProperty(exports, 'types', {
    configurable: true,
    enumerable: true,
    get: function () { populate(); return types },
    set: function (value) { populated = true; types = value }
  })
})()
`,
    },
  ],
  depd: [
    {
      file: "index.js",
      find: "  var site = callSiteLocation(stack[1])\n  var file = site[0]\n",
      replace: `  var caller = stack[1]
  var file = caller.getFileName() || '<anonymous>'
  if (caller.isEval()) file = caller.getEvalOrigin() + ', ' + file
`,
    },
  ],
};

/**
 * The esbuild plugin applying DEPENDENCY_EDITS to the packages at the top of `root`/node_modules
 * (a copy nested under another package, such as multer's older mime-types, is left as it is). Put
 * it before plugins that load files themselves, so that none of them loads these first. With
 * `required`, a build that bundled a package without its edits fails (the server's build: the
 * edits are what its start-up figures count on).
 * @param {string} root the project's folder
 * @param {{ required?: boolean }} [options]
 */
export function dependencyPatches(root, { required = false } = {}) {
  // esbuild names files by their real paths: a project reached through a symlink must match too,
  // and so must a node_modules folder that is itself a link (a git worktree sharing another's).
  const base = realpathSync(join(root, "node_modules"));
  const byPath = new Map();
  for (const [pkg, edits] of Object.entries(DEPENDENCY_EDITS)) {
    for (const edit of edits) {
      const path = join(base, pkg, edit.file);
      byPath.set(path, [...(byPath.get(path) ?? []), { pkg, ...edit }]);
    }
  }
  const packages = Object.keys(DEPENDENCY_EDITS).join("|");
  return {
    name: "dependency-patches",
    /** @param {import("esbuild").PluginBuild} build */
    setup(build) {
      const applied = new Set();
      build.onStart(() => applied.clear());
      build.onLoad(
        { filter: new RegExp(`[/\\\\]node_modules[/\\\\](${packages})[/\\\\][^/\\\\]+\\.js$`) },
        async (args) => {
          const edits = byPath.get(args.path);
          if (!edits) return undefined;
          let text = await readFile(args.path, "utf8");
          for (const edit of edits) {
            if (text.split(edit.find).length !== 2) {
              throw new Error(
                `scripts/lib/dependencyPatches.mjs: ${edit.pkg}/${edit.file} no longer holds the text its edit replaces (a new version?): look at the edit again`,
              );
            }
            text = text.replace(edit.find, edit.replace);
          }
          applied.add(args.path);
          return { contents: text, loader: "js" };
        },
      );
      if (!required) return;
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        const missed = [...byPath.keys()].filter((path) => !applied.has(path));
        if (missed.length > 0) {
          throw new Error(
            `scripts/lib/dependencyPatches.mjs: not applied (the file was not bundled from there): ${missed.join(", ")}`,
          );
        }
      });
    },
  };
}
