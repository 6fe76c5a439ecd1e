/**
 * `client.beta.files` of the official SDK (@anthropic-ai/sdk 1.12) against a real in-process
 * server on /v1: upload (multipart), retrieveMetadata, list with auto-pagination and `scope_id`,
 * download, delete, and the limits' 413 in the Anthropic envelope; every response checked against
 * the /v1 document, and the same file read on /api/v1/cloud.
 */
import Anthropic, { toFile } from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { V1SpecValidator } from "../helpers/spec/v1SpecValidator.ts";

const KiB = 1024;
let server: TestServer;
let client: Anthropic;
const validator = new V1SpecValidator();

beforeAll(async () => {
  server = await inProcess({ env: { FILES_MAX_BYTES: String(64 * KiB), FILES_ACCOUNT_MAX_BYTES: String(256 * KiB) } });
  client = new Anthropic({ baseURL: server.url, apiKey: server.token, maxRetries: 0, fetch: validator.fetch() });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  expect(validator.failures.splice(0)).toEqual([]);
});

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

describe("client.beta.files", () => {
  it("uploads, retrieves, lists across pages, downloads and deletes", async () => {
    const made = [];
    for (const i of [1, 2, 3]) {
      made.push(
        await client.beta.files.upload({
          file: await toFile(Buffer.from(`row ${i}\n`), `notes/${i}.txt`, { type: "text/plain" }),
          betas: ["files-api-2025-04-14"],
        }),
      );
    }
    const first = made[0] as Anthropic.Beta.Files.BetaFileMetadata;
    expect(first).toMatchObject({
      type: "file",
      filename: "1.txt",
      mime_type: "text/plain",
      size_bytes: 6,
      downloadable: true,
      scope: null,
    });
    expect(await client.beta.files.retrieveMetadata(first.id)).toEqual(first);
    const listed = await all(client.beta.files.list({ limit: 2 }));
    expect(listed.map((f) => f.id)).toEqual(expect.arrayContaining(made.map((f) => f.id)));
    expect(new Set(listed.map((f) => f.id)).size).toBe(listed.length);
    const downloaded = await client.beta.files.download(first.id);
    expect(await downloaded.text()).toBe("row 1\n");
    expect(downloaded.headers.get("content-type")).toMatch(/^text\/plain/);
    // The same file on the native surface.
    expect((await server.request("GET", `/files/${first.id}`)).body).toEqual(first);
    expect(await client.beta.files.delete(first.id)).toEqual({ id: first.id, type: "file_deleted" });
    await expect(client.beta.files.retrieveMetadata(first.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    await expect(client.beta.files.download(first.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    // scope_id: no outputs for a session that made none.
    expect(await all(client.beta.files.list({ scope_id: "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y" }))).toEqual([]);
    for (const f of made.slice(1)) await client.beta.files.delete(f.id);
  });

  it("keeps an expiry given with the upload", async () => {
    const expiring = await client.beta.files.upload({
      file: await toFile(Buffer.from("x"), "x.txt"),
      expires_in_seconds: 3600,
    });
    expect(expiring.expires_at).not.toBeNull();
    await client.beta.files.delete(expiring.id);
  });

  it("answers 413 in the Anthropic envelope over FILES_MAX_BYTES and over the account's total", async () => {
    const big = await client.beta.files
      .upload({ file: await toFile(Buffer.alloc(64 * KiB + 1), "big.bin") })
      .catch((e: unknown) => e);
    expect(big).toBeInstanceOf(Anthropic.APIError);
    expect((big as InstanceType<typeof Anthropic.APIError>).status).toBe(413);
    expect((big as Error).message).toContain("FILES_MAX_BYTES");
    expect(((big as InstanceType<typeof Anthropic.APIError>).error as { error: { type: string } }).error.type).toBe(
      "request_too_large",
    );
    const kept = [];
    for (let i = 0; i < 4; i++)
      kept.push(await client.beta.files.upload({ file: await toFile(Buffer.alloc(64 * KiB), `${i}.bin`) }));
    const full = await client.beta.files
      .upload({ file: await toFile(Buffer.alloc(1), "one.bin") })
      .catch((e: unknown) => e);
    expect((full as InstanceType<typeof Anthropic.APIError>).status).toBe(413);
    expect((full as Error).message).toContain("FILES_ACCOUNT_MAX_BYTES");
    for (const f of kept) await client.beta.files.delete(f.id);
  });
});
