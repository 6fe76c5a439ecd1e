import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

describe("create a vault", () => {
  it("returns 200 with the vault, empty credentials and archived_at null", async () => {
    const res = await server.request("POST", "/vaults", { body: { display_name: "Prod", metadata: { team: "a" } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "vault",
      display_name: "Prod",
      metadata: { team: "a" },
      credentials: [],
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^vault_[0-9A-Z]{26}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("rejects a vault whose body carries credentials, with the exact message", async () => {
    const res = await server.request("POST", "/vaults", { body: { display_name: "x", credentials: [] } });
    const err = expectError(res, 400, "invalid_request_error");
    expect(err.message).toBe("Field 'credentials' is not supported on vault create.");
    expect(err.param).toBe("credentials");
  });

  it.each([
    ["missing display_name", {}],
    ["empty display_name", { display_name: "" }],
    ["display_name over 255 characters", { display_name: "x".repeat(256) }],
    ["display_name of the wrong type", { display_name: 42 }],
    ["metadata that is not an object", { display_name: "x", metadata: "nope" }],
    ["metadata with a non-string value", { display_name: "x", metadata: { a: 1 } }],
    [
      "metadata with 17 keys",
      { display_name: "x", metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) },
    ],
    ["metadata with a key over 64 characters", { display_name: "x", metadata: { ["k".repeat(65)]: "v" } }],
    ["metadata with a value over 512 characters", { display_name: "x", metadata: { k: "v".repeat(513) } }],
  ])("rejects %s with 400 naming the field", async (_name, body) => {
    const res = await server.request("POST", "/vaults", { body });
    const err = expectError(res, 400, "invalid_request_error");
    expect(err.param).toMatch(/^(display_name|metadata)/);
  });

  it("accepts a display_name of exactly 255 characters", async () => {
    const res = await server.request("POST", "/vaults", { body: { display_name: "x".repeat(255) } });
    expect(res.status).toBe(200);
  });

  it("answers 401 TOKEN_INVALID without a token or with a wrong one", async () => {
    expectError(
      await server.request("POST", "/vaults", { body: { display_name: "x" }, token: null }),
      401,
      "TOKEN_INVALID",
    );
    expectError(
      await server.request("POST", "/vaults", { body: { display_name: "x" }, token: "nope" }),
      401,
      "TOKEN_INVALID",
    );
  });
});

describe("vault operations", () => {
  it("gets, updates with a metadata patch, archives and deletes a vault", async () => {
    const { body: vault } = await server.request("POST", "/vaults", {
      body: { display_name: "A", metadata: { a: "1", b: "2" } },
    });
    const got = await server.request("GET", `/vaults/${vault.id}`);
    expect(got.body).toEqual(vault);

    const updated = await server.request("POST", `/vaults/${vault.id}`, {
      body: { display_name: "B", metadata: { a: null, c: "3" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ display_name: "B", metadata: { b: "2", c: "3" } });

    const archived = await server.request("POST", `/vaults/${vault.id}/archive`);
    expect(archived.body.archived_at).not.toBeNull();
    expectError(
      await server.request("POST", `/vaults/${vault.id}`, { body: { display_name: "C" } }),
      409,
      "conflict_error",
    );
    expect((await server.request("GET", `/vaults/${vault.id}`)).body.archived_at).toBe(archived.body.archived_at);

    const listed = await server.request("GET", "/vaults?limit=100");
    expect(listed.body.data.map((v: { id: string }) => v.id)).not.toContain(vault.id);
    const all = await server.request("GET", "/vaults?limit=100&include_archived=true");
    expect(all.body.data.map((v: { id: string }) => v.id)).toContain(vault.id);

    expect((await server.request("DELETE", `/vaults/${vault.id}`)).body).toEqual({
      id: vault.id,
      type: "vault_deleted",
    });
    expectError(await server.request("GET", `/vaults/${vault.id}`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/vaults/${vault.id}`), 404, "not_found_error");
  });

  it("answers 404 for another account's vault, exactly as for an unknown id", async () => {
    const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "mine" } });
    const other = await server.tokenFor("other");
    const theirs = await server.request("GET", `/vaults/${vault.id}`, { token: other });
    const unknown = await server.request("GET", "/vaults/vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1", { token: other });
    expectError(theirs, 404, "not_found_error");
    expectError(unknown, 404, "not_found_error");
    expect(theirs.body.error.message.replace(vault.id, "ID")).toBe(
      unknown.body.error.message.replace("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1", "ID"),
    );
    for (const [method, path] of [
      ["POST", `/vaults/${vault.id}/archive`],
      ["DELETE", `/vaults/${vault.id}`],
      ["GET", `/vaults/${vault.id}/credentials`],
    ] as const) {
      expectError(await server.request(method, path, { token: other }), 404, "not_found_error");
    }
    const list = await server.request("GET", "/vaults", { token: other });
    expect(list.body.data.map((v: { id: string }) => v.id)).not.toContain(vault.id);
  });
});

describe("vault credentials", () => {
  const secrets = {
    token: "sk-static-SECRET-aaaaaaaaaaaaaaaa",
    access: "at-oauth-SECRET-bbbbbbbbbbbbbbbb",
    refresh: "rt-oauth-SECRET-cccccccccccccccc",
    client: "cs-oauth-SECRET-dddddddddddddddd",
    env: "ev-env-SECRET-eeeeeeeeeeeeeeeeee",
    rotated: "sk-rotated-SECRET-ffffffffffffff",
  };

  it("stores every kind of credential without ever returning, logging or storing a secret in clear", async () => {
    const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "Creds" } });
    const base = `/vaults/${vault.id}/credentials`;
    const bearer = await server.request("POST", base, {
      body: {
        display_name: "GH",
        auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/a", token: secrets.token },
      },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.auth).toEqual({ type: "static_bearer", mcp_server_url: "https://mcp.example.com/a" });

    const oauth = await server.request("POST", base, {
      body: {
        auth: {
          type: "mcp_oauth",
          mcp_server_url: "https://mcp.example.com/b",
          access_token: secrets.access,
          expires_at: "2026-12-01T00:00:00Z",
          refresh: {
            client_id: "cid",
            refresh_token: secrets.refresh,
            token_endpoint: "https://auth.example.com/token",
            token_endpoint_auth: { type: "client_secret_post", client_secret: secrets.client },
            scope: "read",
          },
        },
      },
    });
    expect(oauth.status).toBe(200);
    expect(oauth.body.auth).toEqual({
      type: "mcp_oauth",
      mcp_server_url: "https://mcp.example.com/b",
      expires_at: "2026-12-01T00:00:00.000Z",
      refresh: {
        client_id: "cid",
        token_endpoint: "https://auth.example.com/token",
        token_endpoint_auth: { type: "client_secret_post" },
        scope: "read",
      },
    });

    const env = await server.request("POST", base, {
      body: { auth: { type: "environment_variable", secret_name: "GITHUB_TOKEN", secret_value: secrets.env } },
    });
    expect(env.body.auth).toEqual({
      type: "environment_variable",
      secret_name: "GITHUB_TOKEN",
      networking: { type: "unrestricted" },
      injection_location: { header: true, body: false },
    });

    const rotated = await server.request("POST", `${base}/${bearer.body.id}`, {
      body: { auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/a", token: secrets.rotated } },
    });
    expect(rotated.status).toBe(200);

    const vaultNow = await server.request("GET", `/vaults/${vault.id}`);
    expect(vaultNow.body.credentials.map((c: { id: string }) => c.id).sort()).toEqual(
      [bearer.body.id, oauth.body.id, env.body.id].sort(),
    );
    const list = await server.request("GET", base);
    expect(list.body.data).toHaveLength(3);

    // Nothing returned, logged or written to disk holds a secret in clear.
    const everything = [bearer, oauth, env, rotated, vaultNow, list].map((r) => r.text).join("\n");
    const logs = JSON.stringify(server.logs);
    // Every byte the database holds (SQLite: file, WAL and shared memory; PostgreSQL: every row).
    const raw = await databaseText(server.databaseUrl);
    expect(raw).toContain("GITHUB_TOKEN"); // the file really holds the credentials...
    for (const secret of Object.values(secrets)) {
      expect(everything).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(raw).not.toContain(secret); // ...but none of their secrets
    }
  });

  it("keeps one active credential per MCP server URL, and none in an archived vault", async () => {
    const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "Unique" } });
    const base = `/vaults/${vault.id}/credentials`;
    const auth = { type: "static_bearer", mcp_server_url: "https://mcp.example.com/u", token: "t1" };
    const first = await server.request("POST", base, { body: { auth } });
    expect(first.status).toBe(200);
    expectError(await server.request("POST", base, { body: { auth } }), 409, "conflict_error");
    const archived = await server.request("POST", `${base}/${first.body.id}/archive`);
    expect(archived.body.archived_at).not.toBeNull();
    expect((await server.request("POST", base, { body: { auth } })).status).toBe(200);
    expectError(
      await server.request("POST", `${base}/${first.body.id}`, { body: { display_name: "x" } }),
      409,
      "conflict_error",
    );

    await server.request("POST", `/vaults/${vault.id}/archive`);
    const refused = await server.request("POST", base, {
      body: { auth: { ...auth, mcp_server_url: "https://mcp.example.com/other" } },
    });
    expect(expectError(refused, 409, "conflict_error").message).toMatch(/archived/);
    // Archiving the vault archived its credentials; history stays readable.
    const all = await server.request("GET", `${base}?include_archived=true`);
    expect(all.body.data).toHaveLength(2); // the one archived by hand and the one archived with the vault
    for (const c of all.body.data) expect(c.archived_at, c.id).not.toBeNull();
    expect((await server.request("GET", base)).body.data).toEqual([]);
  });

  it("validates auth: unknown type, missing secret, client_secret rules, bad URL, each naming the field of its own kind", async () => {
    const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "V" } });
    const base = `/vaults/${vault.id}/credentials`;
    const cases: [unknown, string][] = [
      [{ auth: { type: "password", mcp_server_url: "https://x.example.com", token: "t" } }, "auth.type"],
      [{ auth: { mcp_server_url: "https://x.example.com", token: "t" } }, "auth.type"],
      [{ auth: { type: "static_bearer", mcp_server_url: "https://x.example.com" } }, "auth.token"],
      [{ auth: { type: "static_bearer", mcp_server_url: "ftp://x.example.com", token: "t" } }, "auth.mcp_server_url"],
      // The union is picked by `type`: an environment variable's errors name its own fields,
      // never the MCP URL of the other kinds.
      [{ auth: { type: "environment_variable", secret_name: "1BAD", secret_value: "v" } }, "auth.secret_name"],
      [{ auth: { type: "environment_variable", secret_name: "OK" } }, "auth.secret_value"],
      [
        { auth: { type: "environment_variable", secret_name: "OK", secret_value: "v", injection_location: "disk" } },
        "auth.injection_location",
      ],
      [{ auth: { type: "mcp_oauth", mcp_server_url: "https://x.example.com", access_token: "" } }, "auth.access_token"],
      [
        {
          auth: {
            type: "mcp_oauth",
            mcp_server_url: "https://x.example.com",
            access_token: "a",
            refresh: {
              client_id: "c",
              refresh_token: "r",
              token_endpoint: "https://t.example.com",
              token_endpoint_auth: { type: "client_secret_basic" },
            },
          },
        },
        "auth.refresh.token_endpoint_auth.client_secret",
      ],
      [{ auth: "static_bearer" }, "auth"],
      [{}, "auth"],
    ];
    for (const [body, param] of cases) {
      const err = expectError(await server.request("POST", base, { body }), 400, "invalid_request_error");
      expect(err.param, `${JSON.stringify(body)}: ${err.message}`).toBe(param);
    }
  });

  it("deletes a credential and answers 404 afterwards", async () => {
    const { body: vault } = await server.request("POST", "/vaults", { body: { display_name: "D" } });
    const base = `/vaults/${vault.id}/credentials`;
    const { body: cred } = await server.request("POST", base, {
      body: { auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/d", token: "t" } },
    });
    expect((await server.request("DELETE", `${base}/${cred.id}`)).body).toEqual({
      id: cred.id,
      type: "vault_credential_deleted",
    });
    expectError(await server.request("GET", `${base}/${cred.id}`), 404, "not_found_error");
  });
});

describe("vault pagination", () => {
  it("walks more than two pages forward with page and after_id, and backward with before_id", async () => {
    const token = await server.tokenFor("pager");
    const created: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await server.request("POST", "/vaults", { token, body: { display_name: `v${i}` } });
      created.push(res.body.id);
    }
    const newestFirst = [...created].reverse();

    // Forward with `page` = next_page.
    const forward: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await server.request("GET", `/vaults?limit=3${cursor ? `&page=${cursor}` : ""}`, { token });
      expect(res.status).toBe(200);
      forward.push(...res.body.data.map((v: { id: string }) => v.id));
      expect(res.body.first_id).toBe(res.body.data[0]?.id ?? null);
      expect(res.body.last_id).toBe(res.body.data.at(-1)?.id ?? null);
      cursor = res.body.has_more ? res.body.next_page : null;
      if (!res.body.has_more) expect(res.body.next_page).toBeNull();
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(forward).toEqual(newestFirst);

    // after_id means the same as page.
    const after = await server.request("GET", `/vaults?limit=3&after_id=${newestFirst[2]}`, { token });
    expect(after.body.data.map((v: { id: string }) => v.id)).toEqual(newestFirst.slice(3, 6));

    // Backward from the end with before_id = first_id.
    const backward: string[][] = [];
    let before: string | undefined = newestFirst.at(-1);
    backward.push([before as string]);
    for (;;) {
      const res: any = await server.request("GET", `/vaults?limit=3&before_id=${before}`, { token });
      const ids = res.body.data.map((v: { id: string }) => v.id);
      expect(res.body.next_page).toBeNull(); // paging backward there is no forward cursor
      backward.unshift(ids);
      if (!res.body.has_more) break;
      before = res.body.first_id;
    }
    expect(backward.length).toBeGreaterThan(3);
    expect(backward.flat()).toEqual(newestFirst);

    // An empty page: nulls and has_more false.
    const empty = await server.request("GET", `/vaults?after_id=${newestFirst.at(-1)}`, { token });
    expect(empty.body).toEqual({ data: [], next_page: null, first_id: null, last_id: null, has_more: false });
  });
});
