/**
 * The pure parts of environment packages: the digest of a normalised set (order and duplicates do
 * not matter), the network a session's commands get under limited networking
 * (`allow_package_managers` adds the registries' hosts, `allow_mcp_servers` the agent's MCP
 * servers' hosts), the build command of each manager (names quoted, the missing client named),
 * and the layer's search paths put before the session's own.
 */
import { describe, expect, it } from "vitest";
import { networkOf } from "../../server/agents/tools/session.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { withLayerEnv } from "../../server/sandbox/packages/layerMount.ts";
import { allRegistryHosts, managerScript } from "../../server/sandbox/packages/managerScripts.ts";
import { normalizePackages, PackageSpecError, packagesDigest } from "../../server/sandbox/packages/packageSpec.ts";
import type { AgentConfig } from "../../server/storage/port/agents.ts";
import type { EnvironmentNetworking, EnvironmentRecord } from "../../server/storage/port/environments.ts";

const config = loadConfig({ PACKAGES_PIP_INDEX_URL: "http://pypi.internal.example/simple/" }).packages;

describe("package sets", () => {
  it("have one digest whatever the order and the duplicates", () => {
    const a = normalizePackages({ pip: ["b", "a", "a"], npm: ["x@1.0.0"] });
    const b = normalizePackages({ npm: ["x@1.0.0"], pip: ["a", "b"], apt: null });
    expect(a).toEqual(b);
    expect(packagesDigest(a)).toBe(packagesDigest(b));
    expect(packagesDigest(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(packagesDigest(normalizePackages({ pip: ["a"] }))).not.toBe(packagesDigest(a));
  });

  it("refuse an entry that could be an option or hold a shell character, naming it", () => {
    for (const bad of ["-e", "--target=/", "a b", "a;b", "a|b", "$(x)", "`x`", "a'b", 'a"b', "a\nb"]) {
      let err: unknown;
      try {
        normalizePackages({ npm: [bad] });
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(PackageSpecError);
      expect((err as PackageSpecError).param).toBe("config.packages.npm[0]");
    }
  });
});

describe("the network of a session's commands", () => {
  const agent = {
    mcp_servers: [{ name: "docs", type: "url", url: "https://mcp.example.org/sse" }],
  } as unknown as AgentConfig;
  const env = (networking: EnvironmentNetworking) => ({ config: { type: "cloud", networking } }) as EnvironmentRecord;

  it("adds the registries and the MCP servers' hosts only when the switches say so", () => {
    const hosts = allRegistryHosts(config);
    expect(hosts).toContain("pypi.internal.example");
    expect(networkOf(env({ type: "limited", allowed_hosts: ["a.example"] }), agent, hosts)).toEqual({
      type: "limited",
      allowed_hosts: ["a.example"],
    });
    const open = networkOf(
      env({ type: "limited", allowed_hosts: ["a.example"], allow_package_managers: true, allow_mcp_servers: true }),
      agent,
      hosts,
    );
    expect(open.type === "limited" && open.allowed_hosts).toEqual(
      expect.arrayContaining(["a.example", "pypi.internal.example", "registry.npmjs.org", "mcp.example.org"]),
    );
    expect(networkOf(env({ type: "unrestricted" }), agent, hosts)).toEqual({ type: "unrestricted" });
    expect(networkOf(null, agent, hosts)).toEqual({ type: "limited", allowed_hosts: [] });
  });
});

describe("the build commands", () => {
  it("quote every name and check the client first", () => {
    const pip = managerScript("pip", ["pandas==2.2.2"], config);
    expect(pip).toContain(
      "python3 -m pip install --no-cache-dir --target /mnt/packages/pip --index-url 'http://pypi.internal.example/simple/' 'pandas==2.2.2'",
    );
    expect(pip).toMatch(/command -v python3 .*exit 127/);
    const gem = managerScript("gem", ["rake:13.2.1"], config);
    expect(gem).toContain(
      "gem install --no-document --install-dir /mnt/packages/gem --bindir /mnt/packages/gem/bin 'rake' -v '13.2.1'",
    );
    expect(gem).toContain("gem is not installed on this server");
    expect(managerScript("go", ["example.com/cmd/x"], config)).toContain("go install 'example.com/cmd/x@latest'");
  });

  it("put the layer's folders before the session's own search paths", () => {
    const env = withLayerEnv(
      { PYTHONPATH: "/workspace/lib", HOME: "/workspace" },
      { PATH: ["/mnt/packages/pip/bin"], PYTHONPATH: ["/mnt/packages/pip"] },
      "/usr/bin:/bin",
    );
    expect(env).toEqual({
      HOME: "/workspace",
      PATH: "/mnt/packages/pip/bin:/usr/bin:/bin",
      PYTHONPATH: "/mnt/packages/pip:/workspace/lib",
    });
  });
});

describe("the registries' settings", () => {
  it("stop start-up naming the variable when one is not an http(s) URL or a host list is bad", () => {
    expect(() => loadConfig({ PACKAGES_NPM_REGISTRY: "ftp://x" })).toThrow(/PACKAGES_NPM_REGISTRY/);
    expect(() => loadConfig({ PACKAGES_PIP_INDEX_URL: "http://x/$(id)" })).toThrow(/PACKAGES_PIP_INDEX_URL/);
    expect(() => loadConfig({ PACKAGES_APT_MIRROR: "not a url" })).toThrow(/PACKAGES_APT_MIRROR/);
    expect(() => loadConfig({ PACKAGES_EXTRA_HOSTS: "ok.example, bad host" })).toThrow(/PACKAGES_EXTRA_HOSTS/);
    expect(() => loadConfig({ PACKAGES_CA_FILE: "relative.pem" })).toThrow(/PACKAGES_CA_FILE/);
    expect(() => loadConfig({ PACKAGES_APT_SUITE: "Book Worm" })).toThrow(/PACKAGES_APT_SUITE/);
    expect(loadConfig({}).packages).toMatchObject({ npmRegistry: null, pipIndexUrl: null, aptMirror: null });
  });
});
