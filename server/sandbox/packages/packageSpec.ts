/**
 * An environment's package set (API.md, "Work beyond the host"; docs/packages.md): one list of
 * names per package manager, each optionally pinned in the manager's own syntax. The names reach
 * the managers' command lines, so they are checked strictly here (the one place the API and the
 * builder share): no shell metacharacter, no space, never a leading `-` (no option injection),
 * bounded in length and count. The normalised set (each list sorted, duplicates dropped) has one
 * digest: equal sets share one layer whatever order they were given in.
 */
import { createHash } from "node:crypto";

export const PACKAGE_MANAGERS = ["apt", "cargo", "gem", "go", "npm", "pip"] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** The lists of one package set, every manager present (empty when none). */
export type PackageLists = Record<PackageManager, string[]>;

/** At most this many packages per manager. */
export const MAX_PACKAGES_PER_MANAGER = 100;
/** At most this many characters per entry (npm's own name limit). */
export const MAX_PACKAGE_CHARS = 214;

/**
 * What each manager accepts: a name and an optional pin in its own syntax. Every pattern's first
 * character is a letter, a digit (or `@` for a scoped npm package), so no entry can be read as an
 * option; none admits a space, a quote or a shell metacharacter.
 */
const ENTRY: Record<PackageManager, { pattern: RegExp; form: string }> = {
  // Debian: name[:arch][=version] (policy: lower case, digits, + - .; versions add ~ : +).
  apt: {
    pattern: /^[a-z0-9][a-z0-9+.-]*(:[a-z0-9-]+)?(=[A-Za-z0-9.+~:-]+)?$/,
    form: "a Debian package name, optionally `=version` (e.g. `jq` or `jq=1.6-2.1`)",
  },
  // crates.io: name[@version].
  cargo: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*(@[A-Za-z0-9.+^~=-]+)?$/,
    form: "a crate name, optionally `@version` (e.g. `ripgrep@14.1.0`)",
  },
  // RubyGems: name[:version].
  gem: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*(:[A-Za-z0-9.~=-]+)?$/,
    form: "a gem name, optionally `:version` (e.g. `rake:13.2.1`)",
  },
  // Go: module/path[/cmd]@version (go install needs a version outside a module).
  go: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._~/-]*(@[A-Za-z0-9._+-]+)?$/,
    form: "a package path, optionally `@version` (e.g. `golang.org/x/tools/cmd/stringer@latest`)",
  },
  // npm: [@scope/]name[@version or range].
  npm: {
    pattern: /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(@[A-Za-z0-9.^~=+_-]+)?$/,
    form: "an npm package name, optionally `@version` (e.g. `left-pad@1.3.0` or `@scope/name`)",
  },
  // PyPI: name[==version or ~=version] (no ranges, extras, markers or URLs: no shell characters).
  pip: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*((==|~=)[A-Za-z0-9.+_-]+)?$/,
    form: "a Python distribution name, optionally `==version` or `~=version` (e.g. `pandas==2.2.2`)",
  },
};

/** A package list that is not acceptable: `param` names the field (`config.packages.pip[0]`). */
export class PackageSpecError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = "PackageSpecError";
  }
}

/**
 * The lists as given (a manager absent or null: empty), checked and normalised. Throws
 * PackageSpecError naming the first field at fault under `base` (e.g. `config.packages`).
 */
export function normalizePackages(
  given: Partial<Record<PackageManager, readonly string[] | null | undefined>> | null | undefined,
  base = "config.packages",
): PackageLists {
  const out = emptyPackages();
  for (const manager of PACKAGE_MANAGERS) {
    const list = given?.[manager] ?? [];
    if (!Array.isArray(list))
      throw new PackageSpecError(`${base}.${manager}: must be a list of names.`, `${base}.${manager}`);
    if (list.length > MAX_PACKAGES_PER_MANAGER) {
      throw new PackageSpecError(
        `${base}.${manager}: at most ${MAX_PACKAGES_PER_MANAGER} packages, not ${list.length}.`,
        `${base}.${manager}`,
      );
    }
    const { pattern, form } = ENTRY[manager];
    list.forEach((entry: unknown, i) => {
      const param = `${base}.${manager}[${i}]`;
      if (typeof entry !== "string") throw new PackageSpecError(`${param}: must be a string.`, param);
      if (entry.length === 0 || entry.length > MAX_PACKAGE_CHARS) {
        throw new PackageSpecError(`${param}: must be 1 to ${MAX_PACKAGE_CHARS} characters.`, param);
      }
      if (!pattern.test(entry)) {
        throw new PackageSpecError(
          `${param}: ${JSON.stringify(entry.slice(0, 80))} is not ${form}; names never start with \`-\` nor hold spaces or shell characters.`,
          param,
        );
      }
    });
    out[manager] = [...new Set(list as string[])].sort();
  }
  return out;
}

export function emptyPackages(): PackageLists {
  return { apt: [], cargo: [], gem: [], go: [], npm: [], pip: [] };
}

export function hasPackages(lists: PackageLists | null | undefined): lists is PackageLists {
  return !!lists && PACKAGE_MANAGERS.some((m) => lists[m].length > 0);
}

/** The digest of a normalised set: `sha256:` and 64 hex digits. */
export function packagesDigest(lists: PackageLists): string {
  const canonical = JSON.stringify(PACKAGE_MANAGERS.map((m) => [m, lists[m]]));
  return `sha256:${createHash("sha256").update(canonical).digest("hex")}`;
}
