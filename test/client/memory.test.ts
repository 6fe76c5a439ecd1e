/** The SDK with memory stores: typed calls, pagination with path parameters, and editMemory's precondition retries. */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { CloudAgentsApiError, createCloudAgentsClient, editMemory, type Schemas } from "../../client/index.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

describe("the SDK with memory stores", () => {
  it("creates a store and memories, pages through them and edits without losing concurrent updates", async () => {
    const client = createCloudAgentsClient({ baseUrl: server.url, token: server.token });
    const store = await client.POST("/memory_stores", { body: { name: "sdk-notes" } });
    expectTypeOf(store.data).toEqualTypeOf<Schemas["MemoryStore"] | undefined>();
    const storeId = store.data?.id ?? "";
    const params = { path: { memory_store_id: storeId } };
    for (const path of ["a.md", "b.md", "c.md"]) {
      const created = await client.POST("/memory_stores/{memory_store_id}/memories", {
        params,
        body: { path, content: "" },
      });
      expect(created.error).toBeUndefined();
    }
    const paths: string[] = [];
    for await (const m of client.paginate("/memory_stores/{memory_store_id}/memories", {
      params: { ...params, query: { limit: 2 } },
    })) {
      expectTypeOf(m).toEqualTypeOf<Schemas["MemorySummary"]>();
      paths.push(m.path);
    }
    expect(paths).toEqual(["a.md", "b.md", "c.md"]);

    const list = await client.GET("/memory_stores/{memory_store_id}/memories", {
      params: { ...params, query: { path_prefix: "a" } },
    });
    const memoryId = list.data?.data[0]?.id ?? "";
    // Ten concurrent edits, each appending one line: all ten lines arrive.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        editMemory(client, storeId, memoryId, (t) => `${t}line ${i}\n`, { maxAttempts: 50 }),
      ),
    );
    const final = await client.GET("/memory_stores/{memory_store_id}/memories/{memory_id}", {
      params: { path: { memory_store_id: storeId, memory_id: memoryId } },
    });
    expect(final.data?.content.split("\n").filter(Boolean).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `line ${i}`).sort(),
    );
    const versions = await client.GET("/memory_stores/{memory_store_id}/memory_versions", {
      params: { ...params, query: { memory_id: memoryId, limit: 100 } },
    });
    expect(versions.data?.data).toHaveLength(11);

    // Any other error is thrown as is.
    const missing = editMemory(client, storeId, "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4", (t) => t);
    await expect(missing).rejects.toBeInstanceOf(CloudAgentsApiError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
  });
});
