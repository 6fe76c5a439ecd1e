/**
 * The `environment_variable` credential on /api/v1/cloud (docs/egress.md): the SDK's shape
 * (`networking`, `injection_location {header, body}`), its validation (a variable name, hosts as
 * exact names, IPv4 addresses or `*.` wildcards, at most 16, sizes) answered with a 400 naming
 * the field, and the update rules (the name is immutable, an absent secret is kept, networking
 * replaced whole, locations merged). The secret is never returned and never stored in clear.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
let base = "";
beforeAll(async () => {
  server = await inProcess();
  const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "Egress" } });
  base = `/vaults/${vault.id}/credentials`;
});
afterAll(async () => {
  await server.stop();
});

const env = (over: Record<string, unknown> = {}) => ({
  auth: { type: "environment_variable", secret_name: "API_KEY", secret_value: "v", ...over },
});

describe("environment_variable credentials", () => {
  it("creates, shows without the secret, updates by the SDK's rules, and never stores the secret in clear", async () => {
    const secret = `sk_${randomBytes(16).toString("hex")}`;
    const rotated = `sk_${randomBytes(16).toString("hex")}`;
    const made = await server.request("POST", base, {
      body: env({
        secret_name: "PAYMENTS_KEY",
        secret_value: secret,
        networking: { type: "limited", allowed_hosts: ["API.example.com", "*.example.net", "192.0.2.1"] },
        injection_location: { body: true },
      }),
    });
    expect(made.status).toBe(200);
    expect(made.body.auth).toEqual({
      type: "environment_variable",
      secret_name: "PAYMENTS_KEY",
      networking: { type: "limited", allowed_hosts: ["api.example.com", "*.example.net", "192.0.2.1"] },
      injection_location: { header: false, body: true },
    });
    const path = `${base}/${made.body.id}`;
    // A location left out keeps its setting; networking is replaced; the secret rotates.
    const updated = await server.request("POST", path, {
      body: { auth: { type: "environment_variable", injection_location: { header: true }, secret_value: rotated } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.auth.injection_location).toEqual({ header: true, body: true });
    expect(updated.body.auth.networking.allowed_hosts).toHaveLength(3);
    const widened = await server.request("POST", path, {
      body: {
        auth: { type: "environment_variable", secret_name: "PAYMENTS_KEY", networking: { type: "unrestricted" } },
      },
    });
    expect(widened.body.auth.networking).toEqual({ type: "unrestricted" });
    expect(widened.body.auth.injection_location).toEqual({ header: true, body: true });
    // Off everywhere, a new name, another type: 400s naming the field.
    const off = await server.request("POST", path, {
      body: { auth: { type: "environment_variable", injection_location: { header: false, body: false } } },
    });
    expect(expectError(off, 400, "invalid_request_error").param).toBe("auth.injection_location");
    const renamed = await server.request("POST", path, {
      body: { auth: { type: "environment_variable", secret_name: "OTHER" } },
    });
    expect(expectError(renamed, 400, "invalid_request_error").param).toBe("auth.secret_name");
    const retyped = await server.request("POST", path, {
      body: { auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/x", token: "t" } },
    });
    expect(expectError(retyped, 400, "invalid_request_error").param).toBe("auth.type");
    // One active credential per name.
    expectError(
      await server.request("POST", base, { body: env({ secret_name: "PAYMENTS_KEY" }) }),
      409,
      "conflict_error",
    );

    const shown = [made, updated, widened, await server.request("GET", path), await server.request("GET", base)]
      .map((r) => r.text)
      .join("\n");
    const raw = await databaseText(server.databaseUrl);
    for (const s of [secret, rotated]) {
      expect(shown).not.toContain(s);
      expect(JSON.stringify(server.logs)).not.toContain(s);
      expect(raw).not.toContain(s);
    }
  });

  it("refuses bad names, hosts and sizes with a 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ secret_name: "1BAD" }, "auth.secret_name"],
      [{ secret_name: "HAS-DASH" }, "auth.secret_name"],
      [{ secret_name: "A".repeat(129) }, "auth.secret_name"],
      [{ secret_value: "" }, "auth.secret_value"],
      [{ secret_value: "x".repeat(32_769) }, "auth.secret_value"],
      [{ injection_location: "environment" }, "auth.injection_location"],
      [{ injection_location: { header: false } }, "auth.injection_location"],
      [{ injection_location: { cookie: true } }, "auth.injection_location"],
      [{ networking: { type: "limited" } }, "auth.networking.allowed_hosts"],
      [{ networking: { type: "limited", allowed_hosts: [] } }, "auth.networking.allowed_hosts"],
      [{ networking: { type: "unrestricted", allowed_hosts: ["a.example.com"] } }, "auth.networking.allowed_hosts"],
      [
        { networking: { type: "limited", allowed_hosts: Array.from({ length: 17 }, (_, i) => `h${i}.example.com`) } },
        "auth.networking.allowed_hosts",
      ],
      [
        { networking: { type: "limited", allowed_hosts: ["ok.example.com", "a.*.example.com"] } },
        "auth.networking.allowed_hosts[1]",
      ],
      [{ networking: { type: "limited", allowed_hosts: ["-bad.example.com"] } }, "auth.networking.allowed_hosts[0]"],
      [{ networking: { type: "limited", allowed_hosts: ["*.com"] } }, "auth.networking.allowed_hosts[0]"],
      [{ networking: { type: "limited", allowed_hosts: ["10.0.0"] } }, "auth.networking.allowed_hosts[0]"],
      // A secret that goes in headers cannot split one (it could add headers of its own).
      [{ secret_value: "abc\r\nX-Injected: 1" }, "auth.secret_value"],
    ];
    for (const [over, field] of cases) {
      const res = await server.request("POST", base, { body: env(over) });
      const err = expectError(res, 400, "invalid_request_error");
      expect(err.param ?? err.message, JSON.stringify(over).slice(0, 120)).toContain(field);
    }
    // URLs, ports and IPv6 fail the document's own pattern.
    for (const host of ["https://a.example.com", "a.example.com:443", "a.example.com/x", "[::1]"]) {
      const res = await server.request("POST", base, {
        body: env({ networking: { type: "limited", allowed_hosts: [host] } }),
      });
      const err = expectError(res, 400, "invalid_request_error");
      expect(err.param ?? err.message).toMatch(/auth\.networking\.allowed_hosts/);
    }
  });
});
