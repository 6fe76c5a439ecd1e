/**
 * The SDK's transport against scripted HTTP answers (msw): retries with backoff and jitter,
 * Retry-After, the Idempotency-Key kept across retries, timeouts, network failures, typed errors
 * and pagination. Any request no handler expects fails the test.
 */
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  backoffDelay,
  CloudAgentsApiError,
  CloudAgentsConnectionError,
  CloudAgentsTimeoutError,
  createCloudAgentsClient,
  DEFAULT_RETRY_POLICY,
  type RetryInfo,
  retryAfterMs,
} from "../../client/index.ts";

const BASE = "http://sdk.test";
const API = `${BASE}/api/v1/cloud`;
const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: "error" }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

const vault = (id: string, name = "Prod") => ({
  id,
  type: "vault",
  display_name: name,
  metadata: {},
  credentials: [],
  archived_at: null,
  created_at: "2026-11-21T12:34:56.789Z",
  updated_at: "2026-11-21T12:34:56.789Z",
});
const envelope = (type: string, message: string, param?: string) => ({
  type: "error",
  error: { type, message, ...(param ? { param } : {}) },
  request_id: "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
});

/** A client with tiny backoffs that records every retry it announces. */
function client(options: Partial<Parameters<typeof createCloudAgentsClient>[0]> = {}) {
  const retries: RetryInfo[] = [];
  const c = createCloudAgentsClient({
    baseUrl: BASE,
    token: "tok",
    retry: { baseDelayMs: 4, maxDelayMs: 20 },
    onRetry: (info) => retries.push(info),
    ...options,
  });
  return { c, retries };
}

/** Answers the scripted responses in order (the last one repeats), recording the requests. */
function script(method: "get" | "post", path: string, answers: (() => Response | Promise<Response>)[]) {
  const seen: Request[] = [];
  mock.use(
    http[method](`${API}${path}`, async ({ request }) => {
      seen.push(request.clone());
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
      if (!answer) throw new Error("no scripted answer");
      return answer();
    }),
  );
  return seen;
}

describe("retries", () => {
  it("retries 5xx and network errors on a POST with one Idempotency-Key, then returns the data", async () => {
    const seen = script("post", "/vaults", [
      () => HttpResponse.json(envelope("api_error", "boom"), { status: 503 }),
      () => HttpResponse.error(),
      () => HttpResponse.json(vault("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1")),
    ]);
    const { c, retries } = client();
    const { data, error } = await c.POST("/vaults", { body: { display_name: "Prod" } });
    expect(error).toBeUndefined();
    expect(data?.id).toBe("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1");
    expect(seen).toHaveLength(3);
    const keys = seen.map((r) => r.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    // Every attempt sends the whole body and the token.
    for (const r of seen) {
      expect(await r.json()).toEqual({ display_name: "Prod" });
      expect(r.headers.get("authorization")).toBe("Bearer tok");
    }
    expect(retries.map((r) => [r.attempt, r.reason])).toEqual([
      [2, "503"],
      [3, "network_error"],
    ]);
  });

  it("gives each logical POST its own key, and keeps one the caller sets", async () => {
    const seen = script("post", "/vaults", [() => HttpResponse.json(vault("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"))]);
    const { c } = client();
    await c.POST("/vaults", { body: { display_name: "a" } });
    await c.POST("/vaults", { body: { display_name: "a" } });
    await c.POST("/vaults", { body: { display_name: "a" }, params: { header: { "Idempotency-Key": "mine-1" } } });
    const keys = seen.map((r) => r.headers.get("idempotency-key"));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe("mine-1");
  });

  it("honours Retry-After on 429 (seconds and HTTP dates) and backs off with jitter otherwise", async () => {
    script("get", "/vaults", [
      () =>
        HttpResponse.json(envelope("rate_limit_error", "slow down"), { status: 429, headers: { "Retry-After": "1" } }),
      () => HttpResponse.json(envelope("rate_limit_error", "slow down"), { status: 429 }),
      () => HttpResponse.json({ data: [], next_page: null, first_id: null, last_id: null, has_more: false }),
    ]);
    const { c, retries } = client();
    const started = Date.now();
    const { data } = await c.GET("/vaults");
    expect(data?.data).toEqual([]);
    expect(retries.map((r) => r.reason)).toEqual(["429", "429"]);
    expect(retries[0]?.delayMs).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    // The second had no Retry-After: backoff for retry 2 is base·2 = 8 ms, half of it jittered.
    expect(retries[1]?.delayMs).toBeGreaterThanOrEqual(4);
    expect(retries[1]?.delayMs).toBeLessThanOrEqual(8);

    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs("soon")).toBeUndefined();
    const policy = DEFAULT_RETRY_POLICY;
    expect([1, 2, 3, 10].map((n) => backoffDelay(n, policy, () => 0))).toEqual([250, 500, 1000, 4000]);
    expect([1, 2, 3, 10].map((n) => backoffDelay(n, policy, () => 0.999999))).toEqual([500, 1000, 2000, 8000]);
  });

  it("does not wait for a Retry-After beyond the cap: the 429 is returned", async () => {
    const seen = script("get", "/vaults", [
      () =>
        HttpResponse.json(envelope("rate_limit_error", "later"), { status: 429, headers: { "Retry-After": "3600" } }),
    ]);
    const { c, retries } = client();
    const { error, response } = await c.GET("/vaults");
    expect(response.status).toBe(429);
    expect(error?.error.type).toBe("rate_limit_error");
    expect(seen).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it("returns the last 5xx as { error } once the retries are spent; never throws for HTTP errors", async () => {
    const seen = script("get", "/vaults", [() => HttpResponse.json(envelope("api_error", "down"), { status: 500 })]);
    const { c } = client({ maxRetries: 3 });
    const result = await c.GET("/vaults");
    expect(seen).toHaveLength(4);
    expect(result.response.status).toBe(500);
    const err = CloudAgentsApiError.from(result);
    expect(err).toMatchObject({ status: 500, type: "api_error", requestId: "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1" });
    expect(err.message).toBe("api_error: down");
  });

  it("does not retry a replayed 5xx, a 4xx, or anything with maxRetries 0", async () => {
    const replayed = script("post", "/vaults", [
      () =>
        HttpResponse.json(envelope("api_error", "kept"), { status: 500, headers: { "Idempotent-Replayed": "true" } }),
    ]);
    const { c } = client();
    expect((await c.POST("/vaults", { body: { display_name: "x" } })).response.status).toBe(500);
    expect(replayed).toHaveLength(1);

    const invalid = script("get", "/vaults", [
      () => HttpResponse.json(envelope("invalid_request_error", "limit: must be <= 100", "limit"), { status: 400 }),
    ]);
    const { error } = await c.GET("/vaults", { params: { query: { limit: 100 } } });
    expect(error?.error).toEqual({ type: "invalid_request_error", message: "limit: must be <= 100", param: "limit" });
    expect(invalid).toHaveLength(1);

    mock.resetHandlers();
    const once = script("get", "/vaults", [() => HttpResponse.json(envelope("api_error", "x"), { status: 503 })]);
    await client({ maxRetries: 0 }).c.GET("/vaults");
    expect(once).toHaveLength(1);
  });

  it("retries a 409 saying the first request with the key still runs, not other conflicts", async () => {
    const seen = script("post", "/vaults", [
      () =>
        HttpResponse.json(envelope("conflict_error", "still running", "Idempotency-Key"), {
          status: 409,
        }),
      () => HttpResponse.json(vault("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1")),
    ]);
    const { c } = client();
    expect((await c.POST("/vaults", { body: { display_name: "x" } })).data?.id).toBe(
      "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
    );
    expect(seen).toHaveLength(2);

    mock.resetHandlers();
    const archived = script(
      "post",
      "/vaults/{vault_id}/archive".replace("{vault_id}", "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"),
      [() => HttpResponse.json(envelope("conflict_error", "archived"), { status: 409 })],
    );
    const res = await c.POST("/vaults/{vault_id}/archive", {
      params: { path: { vault_id: "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1" } },
    });
    expect(res.response.status).toBe(409);
    expect(archived).toHaveLength(1);
  });
});

describe("failures without a response", () => {
  it("throws CloudAgentsConnectionError with the cause once every attempt failed", async () => {
    const seen = script("get", "/vaults", [() => HttpResponse.error()]);
    const { c } = client({ maxRetries: 2 });
    const err = await c.GET("/vaults").then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CloudAgentsConnectionError);
    expect(err).not.toBeInstanceOf(CloudAgentsTimeoutError);
    expect((err as CloudAgentsConnectionError).attempts).toBe(3);
    expect((err as Error).message).toContain(`GET ${API}/vaults`);
    expect((err as Error).cause).toBeInstanceOf(TypeError);
    expect(seen).toHaveLength(3);
  });

  it("times out a hung request, retries it, then throws CloudAgentsTimeoutError", async () => {
    const seen = script("get", "/vaults", [() => delay("infinite").then(() => HttpResponse.json({}))]);
    const { c, retries } = client({ timeoutMs: 50, maxRetries: 1 });
    const err = await c.GET("/vaults").then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CloudAgentsTimeoutError);
    expect(err).toBeInstanceOf(CloudAgentsConnectionError);
    expect(err).toMatchObject({ timeoutMs: 50, attempts: 2 });
    expect(seen).toHaveLength(2);
    expect(retries.map((r) => r.reason)).toEqual(["timeout"]);
  });

  it("recovers when a retry answers in time", async () => {
    script("get", "/vaults", [
      () => delay("infinite").then(() => HttpResponse.json({})),
      () => HttpResponse.json({ data: [], next_page: null, first_id: null, last_id: null, has_more: false }),
    ]);
    const { c } = client({ timeoutMs: 50 });
    expect((await c.GET("/vaults")).data?.has_more).toBe(false);
  });

  it("passes the caller's abort through without retrying", async () => {
    const seen = script("get", "/vaults", [() => delay("infinite").then(() => HttpResponse.json({}))]);
    const { c, retries } = client();
    const controller = new AbortController();
    const call = c.GET("/vaults", { signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort(new Error("user cancelled"));
    await expect(call).rejects.toThrow("user cancelled");
    expect(seen).toHaveLength(1);
    expect(retries).toEqual([]);
  });
});

describe("paginate", () => {
  it("follows next_page through every page, keeping the filters and dropping the starting cursor", async () => {
    const pages: Record<string, { ids: string[]; next: string | null }> = {
      first: { ids: ["vault_3", "vault_2"], next: "vault_2" },
      vault_2: { ids: ["vault_1"], next: "vault_1" },
      vault_1: { ids: [], next: null },
    };
    const queries: string[] = [];
    mock.use(
      http.get(`${API}/vaults`, ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const page = pages[url.searchParams.get("page") ?? "first"];
        if (!page) return HttpResponse.json(envelope("invalid_request_error", "bad page", "page"), { status: 400 });
        return HttpResponse.json({
          data: page.ids.map((id) => vault(id)),
          next_page: page.next,
          first_id: page.ids[0] ?? null,
          last_id: page.ids.at(-1) ?? null,
          has_more: page.next !== null,
        });
      }),
    );
    const { c } = client();
    const ids: string[] = [];
    for await (const v of c.paginate("/vaults", {
      params: { query: { limit: 2, include_archived: true, after_id: "vault_4" } },
    })) {
      ids.push(v.id);
    }
    expect(ids).toEqual(["vault_3", "vault_2", "vault_1"]);
    expect(queries).toEqual([
      "?limit=2&include_archived=true&after_id=vault_4",
      "?limit=2&include_archived=true&page=vault_2",
      "?limit=2&include_archived=true&page=vault_1",
    ]);
  });

  it("fills path parameters, stops early when the caller breaks, and throws CloudAgentsApiError for a failed page", async () => {
    const id = "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1";
    let calls = 0;
    mock.use(
      http.get(`${API}/vaults/${id}/credentials`, ({ request }) => {
        calls++;
        if (new URL(request.url).searchParams.get("page")) {
          return HttpResponse.json(envelope("not_found_error", "No vault", "vault_id"), { status: 404 });
        }
        return HttpResponse.json({
          data: [{ id: "vcrd_1" }, { id: "vcrd_2" }],
          next_page: "vcrd_2",
          first_id: "vcrd_1",
          last_id: "vcrd_2",
          has_more: true,
        });
      }),
    );
    const { c } = client();
    for await (const credential of c.paginate("/vaults/{vault_id}/credentials", {
      params: { path: { vault_id: id } },
    })) {
      expect(credential.id).toBe("vcrd_1");
      break;
    }
    expect(calls).toBe(1);
    const seen: string[] = [];
    const err = await (async () => {
      for await (const credential of c.paginate("/vaults/{vault_id}/credentials", {
        params: { path: { vault_id: id } },
      })) {
        seen.push(credential.id);
      }
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect(seen).toEqual(["vcrd_1", "vcrd_2"]);
    expect(err).toBeInstanceOf(CloudAgentsApiError);
    expect(err).toMatchObject({ status: 404, type: "not_found_error", param: "vault_id" });
  });
});
