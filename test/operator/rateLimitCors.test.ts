import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

describe("rate limit per token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await inProcess({ env: { RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("counts down RateLimit-Remaining, then answers 429 rate_limit_error with Retry-After; other tokens keep their own budget", async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      // Errors count too: the budget is per request, whatever the answer.
      const res = await server.request("GET", i === 1 ? "/vaults/vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1" : "/vaults");
      expect(res.status).toBe(i === 1 ? 404 : 200);
      expect(res.headers.get("ratelimit-limit")).toBe("3");
      const reset = Number(res.headers.get("ratelimit-reset"));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const limited = await server.request("GET", "/vaults");
    const error = expectError(limited, 429, "rate_limit_error");
    expect(error.message).toMatch(/this token may make 3 requests per minute/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    // A POST is refused before it does anything.
    const post = await server.request("POST", "/vaults", { body: { display_name: "not created" } });
    expectError(post, 429, "rate_limit_error");

    // Another token (another account, or the same account) has its own window.
    const other = await server.tokenFor("acme");
    const otherRes = await server.request("GET", "/vaults", { token: other });
    expect(otherRes.status).toBe(200);
    expect(otherRes.headers.get("ratelimit-remaining")).toBe("2");
    const vaults = await server.request("GET", "/vaults", { token: await server.tokenFor("default") });
    expect(vaults.body.data.map((v: { display_name: string }) => v.display_name)).not.toContain("not created");

    // Requests without a valid token and the operator endpoints are not counted or limited.
    expect((await server.request("GET", "/vaults", { token: null })).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      const health = await fetch(`${server.url}/livez`);
      expect(health.status).toBe(200);
      expect(health.headers.get("ratelimit-limit")).toBeNull();
    }
  });
});

describe("without a rate limit (the default)", () => {
  it("sends no RateLimit headers and never answers 429", async () => {
    const server = await inProcess();
    try {
      for (let i = 0; i < 20; i++) {
        const res = await server.request("GET", "/vaults");
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBeNull();
      }
    } finally {
      await server.stop();
    }
  });
});

describe("CORS", () => {
  const allowed = "https://app.example.com";
  let server: TestServer;
  beforeAll(async () => {
    server = await inProcess({ env: { CORS_ORIGINS: `${allowed},http://localhost:3000` } });
  });
  afterAll(async () => {
    await server.stop();
  });

  const preflight = (origin: string) =>
    fetch(`${server.url}/api/v1/cloud/vaults`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });

  it("answers a preflight from an allowed origin without a token, allowing the methods and headers the API uses", async () => {
    const res = await preflight(allowed);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(allowed);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET,POST,PUT,DELETE");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(res.headers.get("access-control-max-age")).toBe("600");
    expect(res.headers.get("vary")).toMatch(/Origin/);
  });

  it("gives an origin that is not allowed no CORS headers, so browsers refuse the response", async () => {
    const res = await preflight("https://evil.example.net");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const get = await server.request("GET", "/vaults", { headers: { origin: "https://evil.example.net" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("marks actual responses to an allowed origin and exposes Request-Id and the rate-limit headers", async () => {
    const res = await server.request("GET", "/vaults", { headers: { origin: "http://localhost:3000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Request-Id/);
    expect(res.headers.get("access-control-expose-headers")).toMatch(/RateLimit-Remaining/);
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  });

  it("is off by default: a preflight gets no CORS headers", async () => {
    const plain = await inProcess();
    try {
      const res = await fetch(`${plain.url}/api/v1/cloud/vaults`, {
        method: "OPTIONS",
        headers: { origin: allowed, "access-control-request-method": "GET" },
      });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});
