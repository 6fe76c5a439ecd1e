/** The SDK with files and session resources: uploadFile, typed lists and reads, downloadFile's stream, deletes. */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  CloudAgentsApiError,
  createCloudAgentsClient,
  downloadFile,
  type Schemas,
  uploadFile,
} from "../../client/index.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess({ env: { FILES_MAX_BYTES: "4096" } });
});
afterAll(async () => {
  await server.stop();
});

describe("the SDK with files", () => {
  it("uploads, lists, downloads and deletes files, and mounts one in a session", async () => {
    const client = createCloudAgentsClient({ baseUrl: server.url, token: server.token });
    const file = await uploadFile(client, new Blob(["a,b\n1,2\n"], { type: "text/csv" }), { filename: "data.csv" });
    expectTypeOf(file).toEqualTypeOf<Schemas["File"]>();
    expect(file).toMatchObject({ filename: "data.csv", mime_type: "text/csv", size_bytes: 8, scope: null });
    const second = await uploadFile(client, new Blob(["x"]), { filename: "x.txt", expiresInSeconds: 3600 });
    expect(second.expires_at).not.toBeNull();
    const ids: string[] = [];
    for await (const f of client.paginate("/files", { params: { query: { limit: 1 } } })) {
      expectTypeOf(f).toEqualTypeOf<Schemas["File"]>();
      ids.push(f.id);
    }
    expect(ids).toEqual([second.id, file.id]);
    const res = await downloadFile(client, file.id);
    expect(await res.text()).toBe("a,b\n1,2\n");
    const meta = await client.GET("/files/{file_id}", { params: { path: { file_id: file.id } } });
    expect(meta.data).toEqual(file);

    // A file resource of a session, through the typed calls.
    const agent = await client.POST("/agents", { body: { name: "sdk-files", model: "echo" } });
    const env = await client.POST("/environments", { body: { name: "sdk-files" } });
    const session = await client.POST("/sessions", {
      body: { agent: agent.data?.id ?? "", environment_id: env.data?.id ?? "" },
    });
    const sessionId = session.data?.id ?? "";
    const added = await client.POST("/sessions/{session_id}/resources", {
      params: { path: { session_id: sessionId } },
      body: { type: "file", file_id: file.id, mount_path: "/workspace/data.csv" },
    });
    expect(added.data).toMatchObject({ type: "file", file_id: file.id, mount_path: "/workspace/data.csv" });
    const overlap = await client.POST("/sessions/{session_id}/resources", {
      params: { path: { session_id: sessionId } },
      body: { type: "file", file_id: second.id, mount_path: "/workspace/skills/x" },
    });
    expect(overlap.error?.error.param).toBe("mount_path");

    // Too large: the SDK's error names the limit.
    const big = await uploadFile(client, new Blob([new Uint8Array(5000)]), { filename: "big.bin" }).catch(
      (e: unknown) => e,
    );
    expect(big).toBeInstanceOf(CloudAgentsApiError);
    expect((big as CloudAgentsApiError).status).toBe(413);
    for (const id of [file.id, second.id]) {
      const del = await client.DELETE("/files/{file_id}", { params: { path: { file_id: id } } });
      expect(del.data).toEqual({ id, type: "file_deleted" });
    }
    const gone = await downloadFile(client, file.id).catch((e: unknown) => e);
    expect((gone as CloudAgentsApiError).status).toBe(404);
  });
});
