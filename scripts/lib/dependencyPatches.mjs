/**
 * Two edits the build makes to packages it bundles into dist/server.cjs (scripts/build.mjs), each
 * taking work off the server's start without changing what the package does. Each names the exact
 * text it replaces: when a package's new version no longer has it, the build fails and says which
 * edit to look at again, rather than shipping without it. test/unit/dependencyPatches.test.ts
 * builds each package with and without its edit and compares what they answer.
 *
 * Measured at a restart (each bundled module's own load time, dist/server.cjs instrumented):
 * - mime-types 3 (for Express, type-is, accepts, send): its extension and type maps, built from
 *   mime-db's ~2,500 types when the module loads, 10-17 ms; now built by the first lookup.
 * - depd 2 (Express, router, http-errors): `depd(namespace)` notes the file that called it, and
 *   also asked for that call's line and column, which it never uses. The first line number asked
 *   of the bundle makes V8 scan all of its 6 MB for line ends: 13-21 ms. It asks only the file now.
 */

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
  Object.defineProperty(exports, 'extensions', { enumerable: true, get: function () { populate(); return extensions } })
  Object.defineProperty(exports, 'types', { enumerable: true, get: function () { populate(); return types } })
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
 * (a copy nested under another package is left as it is).
 * @param {string} root the project's folder
 */
export function dependencyPatches(root) {
  const byPath = new Map();
  for (const [pkg, edits] of Object.entries(DEPENDENCY_EDITS)) {
    for (const edit of edits) {
      const path = `${root}/node_modules/${pkg}/${edit.file}`;
      byPath.set(path, [...(byPath.get(path) ?? []), { pkg, ...edit }]);
    }
  }
  const packages = Object.keys(DEPENDENCY_EDITS).join("|");
  return {
    name: "dependency-patches",
    /** @param {import("esbuild").PluginBuild} build */
    setup(build) {
      build.onLoad({ filter: new RegExp(`/node_modules/(${packages})/[^/]+\\.js$`) }, async (args) => {
        const edits = byPath.get(args.path);
        if (!edits) return undefined;
        const { readFile } = await import("node:fs/promises");
        let text = await readFile(args.path, "utf8");
        for (const edit of edits) {
          if (text.split(edit.find).length !== 2) {
            throw new Error(
              `scripts/lib/dependencyPatches.mjs: ${edit.pkg}/${edit.file} no longer holds the text its edit replaces (a new version?): look at the edit again`,
            );
          }
          text = text.replace(edit.find, edit.replace);
        }
        return { contents: text, loader: "js" };
      });
    },
  };
}
