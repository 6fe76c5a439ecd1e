/**
 * `config.packages` on both surfaces (docs/packages.md): the SDK's shape (`BetaPackages`,
 * `BetaLimitedNetwork.allow_package_managers` / `allow_mcp_servers`), normalised (sorted, no
 * duplicates), and names checked strictly: a leading `-`, a shell character, a space, a name too
 * long or too many names are a 400 naming the field; under `limited` networking packages need
 * `allow_package_managers`. Through the official SDK on /v1, responses checked against its document.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();

beforeAll(async () => {
  server = await inProcess();
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server.stop();
  expect(validator.failures.splice(0)).toEqual([]);
});

const create = (config: Record<string, unknown>) =>
  server.request("POST", "/environments", { body: { name: "p", config: { type: "cloud", ...config } } });

describe("environment packages on /api/v1/cloud", () => {
  it("keeps the lists normalised and shows all six, with limited networking's two switches", async () => {
    const res = await create({
      networking: { type: "limited", allowed_hosts: ["example.com"], allow_package_managers: true },
      packages: {
        pip: ["requests==2.32.3", "numpy", "numpy"],
        npm: ["@scope/tool@1.0.0", "left-pad"],
        apt: ["jq=1.6-2.1"],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.config).toEqual({
      type: "cloud",
      networking: {
        type: "limited",
        allowed_hosts: ["example.com"],
        allow_package_managers: true,
        allow_mcp_servers: false,
      },
      packages: {
        type: "packages",
        apt: ["jq=1.6-2.1"],
        cargo: [],
        gem: [],
        go: [],
        npm: ["@scope/tool@1.0.0", "left-pad"],
        pip: ["numpy", "requests==2.32.3"],
      },
    });
    expect((await server.request("GET", `/environments/${res.body.id}`)).body).toEqual(res.body);
    // Without packages: six empty lists.
    const plain = await create({});
    expect(plain.body.config.packages).toEqual({
      type: "packages",
      apt: [],
      cargo: [],
      gem: [],
      go: [],
      npm: [],
      pip: [],
    });
  });

  it.each([
    ["a leading dash (an option)", { pip: ["--index-url=http://evil"] }, "config.packages.pip[0]"],
    ["a leading dash in apt", { apt: ["-oDir::Etc=/tmp"] }, "config.packages.apt[0]"],
    ["a shell character", { npm: ["left-pad;rm -rf /"] }, "config.packages.npm[0]"],
    ["a command substitution", { pip: ["$(id)"] }, "config.packages.pip[0]"],
    ["a space", { gem: ["rake extra"] }, "config.packages.gem[0]"],
    ["an upper-case Debian name", { apt: ["Hello"] }, "config.packages.apt[0]"],
    ["a pip range", { pip: ["x>=1"] }, "config.packages.pip[0]"],
    ["a name too long", { cargo: ["a".repeat(215)] }, "config.packages.cargo[0]"],
    ["too many names", { go: Array.from({ length: 101 }, (_, i) => `example.com/m${i}`) }, "config.packages.go"],
    ["an empty name", { npm: [""] }, "config.packages.npm[0]"],
    ["a list that is not one", { pip: "requests" }, "config.packages.pip"],
  ])("refuses %s with 400 naming the field", async (_what, packages, param) => {
    const res = await create({ packages });
    expect(expectError(res, 400, "invalid_request_error").param ?? "").toContain(param);
  });

  it("refuses packages under limited networking without allow_package_managers", async () => {
    const res = await create({
      networking: { type: "limited", allowed_hosts: ["example.com"] },
      packages: { pip: ["requests"] },
    });
    expect(expectError(res, 400, "invalid_request_error").param).toBe("config.networking.allow_package_managers");
    // An update that adds packages to a limited environment is refused the same way.
    const limited = await create({ networking: { type: "limited", allowed_hosts: ["example.com"] } });
    const updated = await server.request("POST", `/environments/${limited.body.id}`, {
      body: { config: { type: "cloud", networking: limited.body.config.networking, packages: { npm: ["left-pad"] } } },
    });
    expect(expectError(updated, 400, "invalid_request_error").param).toBe("config.networking.allow_package_managers");
  });
});

describe("environment packages through the official SDK on /v1", () => {
  it("creates, retrieves and updates packages in the SDK's shapes; an omitted packages keeps them", async () => {
    const env = await client.beta.environments.create({
      name: "analysis",
      config: {
        type: "cloud",
        networking: {
          type: "limited",
          allowed_hosts: ["api.example.com"],
          allow_package_managers: true,
          allow_mcp_servers: true,
        },
        packages: { type: "packages", pip: ["pandas==2.2.2"], apt: null },
      },
    });
    expect(env.config).toEqual({
      type: "cloud",
      networking: {
        type: "limited",
        allowed_hosts: ["api.example.com"],
        allow_package_managers: true,
        allow_mcp_servers: true,
      },
      packages: { type: "packages", apt: [], cargo: [], gem: [], go: [], npm: [], pip: ["pandas==2.2.2"] },
    });
    const renamed = await client.beta.environments.update(env.id, { name: "renamed", config: { type: "cloud" } });
    expect(renamed.config).toEqual(env.config);
    const changed = await client.beta.environments.update(env.id, {
      config: { type: "cloud", packages: { npm: ["left-pad@1.3.0"] } },
    });
    expect(changed.config.type === "cloud" && changed.config.packages.npm).toEqual(["left-pad@1.3.0"]);
    expect(changed.config.type === "cloud" && changed.config.packages.pip).toEqual([]);
    expect((await client.beta.environments.retrieve(env.id)).config).toEqual(changed.config);
  });

  it("refuses a bad name and a limited network without allow_package_managers, naming the field", async () => {
    const bad = client.beta.environments.create({
      name: "bad",
      config: { type: "cloud", packages: { pip: ["-r/etc/passwd"] } },
    });
    await expect(bad).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(bad).rejects.toThrow(/config\.packages\.pip\[0\]/);
    const limited = client.beta.environments.create({
      name: "limited",
      config: {
        type: "cloud",
        networking: { type: "limited", allowed_hosts: ["a.example"] },
        packages: { npm: ["x"] },
      },
    });
    await expect(limited).rejects.toThrow(/allow_package_managers/);
  });
});
