/**
 * The edits the build makes to bundled packages for a faster start (scripts/lib/dependencyPatches.mjs)
 * change nothing a caller sees: each package is bundled with and without its edit, as the build
 * bundles it, and both copies answer alike. A package that no longer holds the text an edit
 * replaces fails the build, naming it.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import vm from "node:vm";
import { build, type Plugin } from "esbuild";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

interface PatchesModule {
  dependencyPatches(root: string, options?: { required?: boolean }): Plugin;
  DEPENDENCY_EDITS: Record<string, { file: string; find: string; replace: string }[]>;
}
const { dependencyPatches, DEPENDENCY_EDITS } = (await import(
  join(ROOT, "scripts/lib/dependencyPatches.mjs")
)) as PatchesModule;

const scratch = mkdtempSync(join(tmpdir(), "cas-dependency-patches-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `source` (CommonJS, in the project's folder) bundled as the build bundles the server. */
async function bundle(source: string, patched: boolean, root = ROOT, required = false): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: "js" },
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "silent",
    minifyWhitespace: true,
    plugins: patched ? [dependencyPatches(root, { required })] : [],
  });
  return result.outputFiles[0]?.text ?? "";
}

/** Runs a bundle as one script named `filename` (as the launcher runs dist/server.cjs) and returns its exports. */
function run<T>(code: string, filename: string): T {
  const module = { exports: {} as T };
  const fn = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename }) as (
    e: unknown,
    r: NodeJS.Require,
    m: { exports: T },
  ) => void;
  fn(module.exports, createRequire(filename), module);
  return module.exports;
}

interface MimeTypes {
  lookup(path: string): string | false;
  extension(type: string): string | false;
  contentType(str: string): string | false;
  charset(type: string): string | false;
  types: Record<string, string>;
  extensions: Record<string, string[]>;
  _extensionConflicts: unknown[];
}

describe("the build's edits to bundled packages", () => {
  it("mime-types builds its maps on first use and answers every type and extension as before", async () => {
    const source = 'module.exports = { mime: require("mime-types"), db: require("mime-db") };';
    const original = await bundle(source, false);
    const edited = await bundle(source, true);
    expect(original).not.toContain("lazyMaps");
    expect(edited).toContain("lazyMaps");
    const before = run<{ mime: MimeTypes; db: Record<string, { extensions?: string[] }> }>(original, "/bundle.cjs");
    const after = run<{ mime: MimeTypes }>(edited, "/bundle.cjs");
    const types = Object.keys(before.db);
    const extensions = types.flatMap((t) => before.db[t]?.extensions ?? []);
    expect(types.length).toBeGreaterThan(2000);
    expect(extensions.length).toBeGreaterThan(1000);
    // Nothing is built until the first lookup: the maps are getters, and what populating them
    // records (`_extensionConflicts`) is still empty.
    expect(typeof Object.getOwnPropertyDescriptor(after.mime, "types")?.get).toBe("function");
    expect(before.mime._extensionConflicts.length).toBeGreaterThan(0);
    expect(after.mime._extensionConflicts).toEqual([]);
    expect(after.mime.lookup("json")).toBe("application/json");
    expect(after.mime._extensionConflicts).toEqual(before.mime._extensionConflicts);
    for (const ext of [...extensions, "x.HTML", "/a/b.tar.gz", "nope", ""]) {
      expect([ext, after.mime.lookup(ext), after.mime.contentType(ext)]).toEqual([
        ext,
        before.mime.lookup(ext),
        before.mime.contentType(ext),
      ]);
    }
    for (const type of [...types, "TEXT/HTML; charset=x", "text/x-unknown", "nope"]) {
      expect([type, after.mime.extension(type), after.mime.charset(type), after.mime.contentType(type)]).toEqual([
        type,
        before.mime.extension(type),
        before.mime.charset(type),
        before.mime.contentType(type),
      ]);
    }
    expect(after.mime.types).toEqual(before.mime.types);
    expect(after.mime.extensions).toEqual(before.mime.extensions);
    expect(after.mime._extensionConflicts).toEqual(before.mime._extensionConflicts);
    expect(Object.keys(after.mime)).toEqual(Object.keys(before.mime));
    // The maps can still be replaced, as plain properties could (the bundle runs in strict mode).
    for (const mime of [before.mime, after.mime]) {
      mime.types = { ...mime.types, cas: "application/x-cas" };
      expect(mime.lookup("cas")).toBe("application/x-cas");
    }
  });

  it("applies the edits to a project reached through a symlink, and a required build fails without them", async () => {
    const link = join(scratch, "linked-project");
    symlinkSync(ROOT, link);
    expect(await bundle('require("mime-types");', true, link)).toContain("lazyMaps");
    // The server's build requires every edit: one that bundled only mime-types misses depd's.
    await expect(bundle('require("mime-types");', true, ROOT, true)).rejects.toThrow(
      /not applied \(the file was not bundled from there\): .*depd/,
    );
    await expect(bundle('require("mime-types"); require("depd");', true, ROOT, true)).resolves.toContain("lazyMaps");
  });

  it("depd notes the same calling file as before", async () => {
    // Called from the bundle's own code, as http-errors, router and Express call it.
    const source = `const depd = require("depd");
module.exports = { outer: depd("outer"), inner: (function named() { return depd("inner"); })() };`;
    const original = await bundle(source, false);
    const edited = await bundle(source, true);
    expect(edited).not.toEqual(original);
    type Deprecate = { _file: string; _namespace: string; function: (fn: () => number) => () => number };
    const filename = join(scratch, "server.cjs");
    // Quiet: depd reads this when a namespace is made.
    const quiet = process.noDeprecation;
    process.noDeprecation = true;
    onTestFinished(() => {
      process.noDeprecation = quiet;
    });
    const before = run<{ outer: Deprecate; inner: Deprecate }>(original, filename);
    const after = run<{ outer: Deprecate; inner: Deprecate }>(edited, filename);
    expect(after.outer._file).toBe(filename);
    expect([after.outer._file, after.inner._file]).toEqual([before.outer._file, before.inner._file]);
    expect([after.outer._namespace, after.inner._namespace]).toEqual(["outer", "inner"]);
    // Wrapping still works (it looks up its own call sites, untouched by the edit).
    expect(after.outer.function(() => 42)()).toBe(42);
  });

  it("fails the build, naming the edit, when a package no longer holds the text it replaces", async () => {
    const root = join(scratch, "project");
    for (const pkg of Object.keys(DEPENDENCY_EDITS)) {
      mkdirSync(join(root, "node_modules", pkg), { recursive: true });
      writeFileSync(join(root, "node_modules", pkg, "package.json"), JSON.stringify({ name: pkg, main: "index.js" }));
      writeFileSync(join(root, "node_modules", pkg, "index.js"), "module.exports = function newVersion() {};\n");
    }
    await expect(bundle('require("mime-types");', true, root)).rejects.toThrow(
      /mime-types\/index\.js no longer holds the text its edit replaces/,
    );
    await expect(bundle('require("depd");', true, root)).rejects.toThrow(/depd\/index\.js no longer holds/);
    // Without the edits the same project builds: the failure is the edit's.
    await expect(bundle('require("depd");', false, root)).resolves.toContain("newVersion");
  });
});
