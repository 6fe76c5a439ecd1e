/**
 * Where a package layer is shown to commands and what their environment gains from it
 * (docs/packages.md). The layer is built at the same path it is shown at, so that what the
 * managers write into it (npm's links, pip's console scripts, RPATHs) stays true.
 */
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/** The layer inside the sandbox: read-only for sessions, read-write only for its build. */
export const LAYER_MOUNT = "/mnt/packages";

/** Each manager's folder in the layer. */
export const LAYER_DIRS = {
  apt: "apt",
  cargo: "cargo",
  gem: "gem",
  go: "go",
  npm: "npm",
  pip: "pip",
} as const;

/** Search-path variables a layer may extend, each with the folders (under the layer) it may hold. */
const CANDIDATES: Record<string, string[]> = {
  PATH: [
    "npm/node_modules/.bin",
    "pip/bin",
    "cargo/bin",
    "gem/bin",
    "go/bin",
    "apt/usr/local/bin",
    "apt/usr/bin",
    "apt/bin",
    "apt/usr/sbin",
    "apt/usr/games",
  ],
  PYTHONPATH: ["pip", "apt/usr/lib/python3/dist-packages"],
  NODE_PATH: ["npm/node_modules", "apt/usr/lib/nodejs", "apt/usr/share/nodejs"],
  LD_LIBRARY_PATH: [],
  PERL5LIB: ["apt/usr/share/perl5"],
  GEM_PATH: ["gem"],
  MANPATH: ["apt/usr/share/man"],
};

/** The layer's variables (`env.json`): each a list of absolute paths inside the sandbox. */
export type LayerEnv = Record<string, string[]>;

async function isFolder(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isDirectory() ?? false;
}

/**
 * The folders of a built layer (host folder `dir`) that exist, per variable. Read by the server
 * with lstat only: nothing the build made is followed (a link where a folder is expected is skipped).
 */
export async function layerEnvOf(dir: string): Promise<LayerEnv> {
  const out: LayerEnv = {};
  const libs: string[] = [];
  for (const base of ["apt/usr/lib", "apt/lib"]) {
    const names = await readdir(join(dir, base)).catch(() => [] as string[]);
    for (const name of names.sort()) if (/-linux-gnu$/.test(name)) libs.push(`${base}/${name}`);
    libs.push(base);
  }
  const perl = [];
  for (const lib of libs) {
    const names = await readdir(join(dir, lib, "perl5")).catch(() => [] as string[]);
    for (const name of names.sort()) perl.push(`${lib}/perl5/${name}`);
  }
  const candidates = { ...CANDIDATES, LD_LIBRARY_PATH: libs, PERL5LIB: [...(CANDIDATES.PERL5LIB ?? []), ...perl] };
  for (const [name, rels] of Object.entries(candidates)) {
    const found: string[] = [];
    for (const rel of rels) if (await isFolder(join(dir, rel))) found.push(`${LAYER_MOUNT}/${rel}`);
    if (found.length > 0) out[name] = found;
  }
  return out;
}

/**
 * A command's variables with the layer's folders put first (`PATH` after them keeps the
 * sandbox's own), the session's own values of the same variables after the layer's.
 */
export function withLayerEnv(env: Record<string, string>, layer: LayerEnv, basePath: string): Record<string, string> {
  const out = { ...env };
  for (const [name, paths] of Object.entries(layer)) {
    const own = name === "PATH" ? basePath : env[name];
    out[name] = [...paths, ...(own ? [own] : [])].join(":");
  }
  return out;
}
