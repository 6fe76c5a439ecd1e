/**
 * The install command of each package manager, run by the layer's build inside the sandbox as an
 * unprivileged uid (layerBuild.ts), with the layer read-write at LAYER_MOUNT, a scratch home at
 * /workspace, and network only to that manager's registries. Every name was checked by
 * packageSpec.ts and is quoted again here. A manager whose client is missing fails at once with a
 * message naming the client.
 *
 * - apt: Debian packages are downloaded with apt-get's own resolver against a private state
 *   (the host's dpkg status copied in, so what the host has already is not fetched again), then
 *   unpacked with `dpkg-deb -x`: no maintainer script runs, nothing is installed on the host.
 *   The lists are the host's (read-only) unless PACKAGES_APT_MIRROR names a mirror, whose lists
 *   a private `apt-get update` fetches.
 * - npm: `npm install --prefix <layer>/npm`; install scripts run, inside the sandbox only.
 * - pip: `pip install --target <layer>/pip` (an sdist's build runs inside the sandbox too).
 * - cargo / gem / go: `cargo install --root`, `gem install --install-dir`, `GOBIN=… go install`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PackagesConfig } from "../../config/sections.ts";
import { shellQuote } from "../shellWords.ts";
import { LAYER_DIRS, LAYER_MOUNT } from "./layerMount.ts";
import { PACKAGE_MANAGERS, type PackageManager } from "./packageSpec.ts";

/** Where the host's apt lists are shown read-only to an apt build without a mirror. */
export const APT_LISTS_MOUNT = "/mnt/apt-lists";
/** The host's apt lists. */
export const HOST_APT_LISTS = "/var/lib/apt/lists";
/** The host's dpkg status (copied into the build's home: what the host has is not fetched). */
export const HOST_DPKG_STATUS = "/var/lib/dpkg/status";

/** The client program of each manager and the Debian package that provides it (for messages). */
export const CLIENTS: Record<PackageManager, { program: string; debian: string }> = {
  apt: { program: "apt-get", debian: "apt" },
  cargo: { program: "cargo", debian: "cargo" },
  gem: { program: "gem", debian: "ruby" },
  go: { program: "go", debian: "golang-go" },
  npm: { program: "npm", debian: "npm" },
  pip: { program: "python3", debian: "python3-pip" },
};

const HOME = "/workspace";
const q = shellQuote;

function hostOf(url: string): string {
  return new URL(url).hostname;
}

/** The hosts of the host's own apt sources (`/etc/apt/sources.list`, `sources.list.d`). */
export function hostAptSourceHosts(etc = "/etc/apt"): string[] {
  const texts: string[] = [];
  try {
    texts.push(readFileSync(join(etc, "sources.list"), "utf8"));
  } catch {}
  try {
    for (const name of readdirSync(join(etc, "sources.list.d"))) {
      if (/\.(list|sources)$/.test(name)) texts.push(readFileSync(join(etc, "sources.list.d", name), "utf8"));
    }
  } catch {}
  const hosts = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\b(?:https?):\/\/([A-Za-z0-9.-]+)/g)) if (m[1]) hosts.add(m[1].toLowerCase());
  }
  return [...hosts].sort();
}

/** The Debian release of the host (`VERSION_CODENAME` of /etc/os-release), for a mirror's suite. */
export function hostSuite(): string {
  try {
    const m = /^VERSION_CODENAME=["']?([a-z0-9.-]+)/m.exec(readFileSync("/etc/os-release", "utf8"));
    if (m?.[1]) return m[1];
  } catch {}
  return "stable";
}

/** The hosts each manager's build may reach: its configured registry, or the manager's default. */
export function registryHosts(manager: PackageManager, config: PackagesConfig): string[] {
  const extra = config.extraHosts;
  switch (manager) {
    case "apt":
      return [...(config.aptMirror ? [hostOf(config.aptMirror)] : hostAptSourceHosts()), ...extra];
    case "npm":
      return [config.npmRegistry ? hostOf(config.npmRegistry) : "registry.npmjs.org", ...extra];
    case "pip":
      return [
        ...(config.pipIndexUrl ? [hostOf(config.pipIndexUrl)] : ["pypi.org", "files.pythonhosted.org"]),
        ...extra,
      ];
    case "cargo":
      return ["crates.io", "index.crates.io", "static.crates.io", "static.rust-lang.org", ...extra];
    case "gem":
      return [config.gemSource ? hostOf(config.gemSource) : "rubygems.org", "index.rubygems.org", ...extra];
    case "go":
      return [
        ...(config.goProxy
          ? [hostOf(config.goProxy)]
          : ["proxy.golang.org", "sum.golang.org", "storage.googleapis.com"]),
        ...extra,
      ];
  }
}

/** The line that fails the build naming the missing client. */
function requireClient(manager: PackageManager, packages: string[]): string {
  const { program, debian } = CLIENTS[manager];
  const what = `${manager} packages (${packages.join(", ")})`.slice(0, 300);
  return `command -v ${program} >/dev/null 2>&1 || { echo ${q(`${program} is not installed on this server, so the ${what} cannot be installed: the operator can install it with apt-get install ${debian}.`)}; exit 127; }`;
}

/** The build command of one manager for its (checked, normalised) packages. */
export function managerScript(manager: PackageManager, packages: string[], config: PackagesConfig): string {
  const dir = `${LAYER_MOUNT}/${LAYER_DIRS[manager]}`;
  const lines = ["set -euo pipefail", `export HOME=${HOME}`, requireClient(manager, packages), `mkdir -p ${dir}`];
  const names = packages.map(q).join(" ");
  switch (manager) {
    case "apt": {
      const a = `${HOME}/.apt`;
      lines.push(
        `mkdir -p ${a}/state/lists/partial ${a}/cache ${a}/debs/partial ${a}/log ${a}/sources.list.d`,
        // The host's dpkg status (copied in by the server): packages the host has are not fetched.
        `[ -f ${a}/status ] || : > ${a}/status`,
        `opts=(-q -o Debug::NoLocking=1 -o Dir::State=${a}/state -o Dir::State::status=${a}/status -o Dir::Cache=${a}/cache -o Dir::Cache::archives=${a}/debs -o Dir::Log=${a}/log -o APT::Get::AllowUnauthenticated=false)`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansions, not JavaScript
        'if [ -n "${HTTP_PROXY:-}" ]; then opts+=(-o "Acquire::http::Proxy=$HTTP_PROXY" -o "Acquire::https::Proxy=${HTTPS_PROXY:-$HTTP_PROXY}"); fi',
      );
      if (config.aptMirror) {
        const suite = config.aptSuite ?? hostSuite();
        const line = `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${config.aptMirror} ${suite} main`;
        lines.push(
          `printf '%s\\n' ${q(line)} > ${a}/sources.list`,
          `opts+=(-o Dir::State::Lists=${a}/state/lists -o Dir::Etc::sourcelist=${a}/sources.list -o Dir::Etc::sourceparts=${a}/sources.list.d)`,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell array expansion, not JavaScript
          'apt-get "${opts[@]}" update',
        );
      } else {
        lines.push(`opts+=(-o Dir::State::Lists=${APT_LISTS_MOUNT})`);
      }
      lines.push(
        `apt-get "\${opts[@]}" --download-only --no-install-recommends -y install ${names}`,
        `for deb in ${a}/debs/*.deb; do [ -e "$deb" ] || continue; dpkg-deb -x "$deb" ${dir}; echo "unpacked $(basename "$deb")"; done`,
      );
      break;
    }
    case "npm": {
      const registry = config.npmRegistry ? ` --registry ${q(config.npmRegistry)}` : "";
      lines.push(
        `npm install --prefix ${dir} --no-audit --no-fund --no-update-notifier --loglevel=warn${registry} ${names}`,
      );
      break;
    }
    case "pip": {
      const index = config.pipIndexUrl ? ` --index-url ${q(config.pipIndexUrl)}` : "";
      lines.push(
        "export PIP_BREAK_SYSTEM_PACKAGES=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1",
        `python3 -m pip install --no-cache-dir --target ${dir}${index} ${names}`,
      );
      break;
    }
    case "cargo":
      lines.push(`export CARGO_HOME=${HOME}/.cargo`, ...packages.map((p) => `cargo install --root ${dir} ${q(p)}`));
      break;
    case "gem": {
      const source = config.gemSource ? ` --clear-sources --source ${q(config.gemSource)}` : "";
      for (const p of packages) {
        const [name, version] = p.split(":", 2) as [string, string | undefined];
        const pin = version ? ` -v ${q(version)}` : "";
        lines.push(`gem install --no-document --install-dir ${dir} --bindir ${dir}/bin${source} ${q(name)}${pin}`);
      }
      break;
    }
    case "go": {
      const proxy = config.goProxy ? `export GOPROXY=${q(config.goProxy)}` : ":";
      lines.push(
        `export GOBIN=${dir}/bin GOPATH=${HOME}/go GOCACHE=${HOME}/.cache/go GOFLAGS=-modcacherw`,
        proxy,
        ...packages.map((p) => `go install ${q(p.includes("@") ? p : `${p}@latest`)}`),
      );
      break;
    }
  }
  return lines.join("\n");
}

/** The hosts of every manager's registries (what `allow_package_managers` opens to commands). */
export function allRegistryHosts(config: PackagesConfig): string[] {
  return [...new Set(PACKAGE_MANAGERS.flatMap((m) => registryHosts(m, config)))].sort();
}
