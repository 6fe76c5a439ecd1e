import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { CloudAgentsApiError, createCloudAgentsClient, type Schemas } from "../../client/index.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

describe("the SDK", () => {
  it("creates and reads a vault with typed data, sending the bearer token through an injected fetch", async () => {
    const seen: string[] = [];
    const client = createCloudAgentsClient({
      baseUrl: `${server.url}/`,
      token: server.token,
      fetch: (input: Request) => {
        seen.push(`${input.method} ${new URL(input.url).pathname} ${input.headers.get("authorization")?.slice(0, 7)}`);
        return fetch(input);
      },
    });
    const created = await client.POST("/vaults", { body: { display_name: "From the SDK", metadata: { via: "sdk" } } });
    expect(created.error).toBeUndefined();
    expectTypeOf(created.data).toEqualTypeOf<Schemas["Vault"] | undefined>();
    const id = created.data?.id ?? "";
    const got = await client.GET("/vaults/{vault_id}", { params: { path: { vault_id: id } } });
    expect(got.data?.display_name).toBe("From the SDK");
    expect(seen).toEqual(["POST /api/v1/cloud/vaults Bearer ", `GET /api/v1/cloud/vaults/${id} Bearer `]);
  });

  it("returns the error envelope instead of throwing", async () => {
    const client = createCloudAgentsClient({ baseUrl: server.url, token: server.token });
    // The types catch mistakes before the server does.
    // @ts-expect-error display_name must be a string
    void (() => client.POST("/vaults", { body: { display_name: 42 } }));
    // @ts-expect-error no such path
    void (() => client.GET("/vaultz"));
    const { data, error, response } = await client.POST("/vaults", {
      body: { display_name: "x", credentials: [] } as unknown as Schemas["CreateVaultRequest"],
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.error.message).toBe("Field 'credentials' is not supported on vault create.");
    expectTypeOf(error).toEqualTypeOf<Schemas["ErrorEnvelope"] | undefined>();

    const anonymous = createCloudAgentsClient({ baseUrl: server.url, token: "wrong" });
    const denied = await anonymous.GET("/vaults");
    expect(denied.error?.error.type).toBe("TOKEN_INVALID");
  });

  it("paginates through every record, and raises the envelope when a page fails", async () => {
    const token = await server.tokenFor("sdk-pager");
    const client = createCloudAgentsClient({ baseUrl: server.url, token });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { data } = await client.POST("/vaults", { body: { display_name: `p${i}` } });
      ids.push(data?.id ?? "");
    }
    const seen: string[] = [];
    for await (const vault of client.paginate("/vaults", { params: { query: { limit: 2 } } })) {
      expectTypeOf(vault).toEqualTypeOf<Schemas["Vault"]>();
      seen.push(vault.id);
    }
    expect(seen).toEqual(ids.reverse());

    const failing = client.paginate("/vaults", { params: { query: { limit: 500 } } });
    const error = await failing.next().then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(CloudAgentsApiError);
    expect(error).toMatchObject({ status: 400, type: "invalid_request_error", param: "limit" });
    expect((error as CloudAgentsApiError).requestId).toMatch(/^req_/);
  });
});
