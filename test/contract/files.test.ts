/**
 * The files API on /api/v1/cloud (docs/files.md): upload (multipart, streamed), list with
 * pagination and `scope_id`, metadata, download, delete; FILES_MAX_BYTES and
 * FILES_ACCOUNT_MAX_BYTES answer 413 and keep nothing; a bad multipart body is a 400. A large
 * file's streaming is measured in largeFiles.test.ts (npm run test:slow).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres, queryRows } from "../helpers/servers/testDatabase.ts";

const MiB = 1024 * 1024;

function form(
  content: string | Uint8Array,
  filename = "data.csv",
  type = "text/csv",
  fields: Record<string, string> = {},
) {
  const fd = new FormData();
  fd.append("file", new Blob([content], { type }), filename);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

async function download(s: TestServer, id: string, token = s.token) {
  const res = await fetch(`${s.url}/api/v1/cloud/files/${id}/content`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The bytes blob storage holds for the server (SQLite: the files/ folder; PostgreSQL: blob_chunks rows). */
async function blobCount(s: TestServer): Promise<number> {
  if (onPostgres) {
    const rows = await queryRows<{ n: number }>(s.databaseUrl, "SELECT count(DISTINCT blob_key) AS n FROM blob_chunks");
    return Number(rows[0]?.n ?? 0);
  }
  const folder = join(s.dataDir, "files");
  return existsSync(folder) ? readdirSync(folder).filter((n) => !n.startsWith(".")).length : 0;
}

describe("files", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await inProcess({ env: { FILES_MAX_BYTES: String(2 * MiB), FILES_ACCOUNT_MAX_BYTES: String(3 * MiB) } });
  });
  afterAll(() => s.stop());

  it("uploads, lists, retrieves, downloads and deletes a file", async () => {
    const up = await s.request("POST", "/files", { raw: form("a,b\n1,2\n", "dir/data.csv") });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      type: "file",
      filename: "data.csv",
      mime_type: "text/csv",
      size_bytes: 8,
      downloadable: true,
      scope: null,
      expires_at: null,
    });
    expect(up.body.id).toMatch(/^file_[0-9A-Z]{26}$/);
    const got = await s.request("GET", `/files/${up.body.id}`);
    expect(got.body).toEqual(up.body);
    const listed = await s.request("GET", "/files?limit=10");
    expect(listed.body.data.map((f: { id: string }) => f.id)).toContain(up.body.id);
    const { res, bytes } = await download(s, up.body.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="?data\.csv"?$/);
    expect(bytes.toString()).toBe("a,b\n1,2\n");
    const blobs = await blobCount(s);
    const del = await s.request("DELETE", `/files/${up.body.id}`);
    expect(del.body).toEqual({ id: up.body.id, type: "file_deleted" });
    expect(await blobCount(s)).toBe(blobs - 1);
    expectError(await s.request("GET", `/files/${up.body.id}`), 404, "not_found_error");
    expect((await download(s, up.body.id)).res.status).toBe(404);
    expectError(await s.request("DELETE", `/files/${up.body.id}`), 404, "not_found_error");
  });

  it("pages through the files newest first, and another account sees none of them", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await s.request("POST", "/files", { raw: form(`n${i}`, `f${i}.txt`, "") })).body.id);
    const seen: string[] = [];
    let page = await s.request("GET", "/files?limit=2");
    for (;;) {
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((f: { id: string }) => f.id));
      if (!page.body.next_page) break;
      page = await s.request("GET", `/files?limit=2&page=${page.body.next_page}`);
    }
    expect(seen.filter((id) => made.includes(id))).toEqual([...made].reverse());
    const other = await s.tokenFor("files-other");
    expect((await s.request("GET", "/files", { token: other })).body.data).toEqual([]);
    expectError(await s.request("GET", `/files/${made[0]}`, { token: other }), 404, "not_found_error");
    // An upload without a media type is named by its extension.
    expect((await s.request("GET", `/files/${made[0]}`)).body.mime_type).toBe("text/plain");
    const scoped = await s.request("GET", "/files?scope_id=sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y");
    expect(scoped.body.data).toEqual([]);
    for (const id of made) await s.request("DELETE", `/files/${id}`);
  });

  it("refuses a file over FILES_MAX_BYTES with 413 and keeps nothing", async () => {
    const before = await blobCount(s);
    const res = await s.request("POST", "/files", { raw: form(new Uint8Array(2 * MiB + 1)) });
    const error = expectError(res, 413, "request_too_large");
    expect(error.message).toContain("FILES_MAX_BYTES");
    expect(await blobCount(s)).toBe(before);
    expect(readdirSync(join(s.dataDir, "uploads"))).toEqual([]);
  });

  it("refuses a file that takes the account over FILES_ACCOUNT_MAX_BYTES with 413", async () => {
    const first = await s.request("POST", "/files", { raw: form(new Uint8Array(2 * MiB)) });
    expect(first.status).toBe(200);
    const second = await s.request("POST", "/files", { raw: form(new Uint8Array(1.5 * MiB)) });
    expect(expectError(second, 413, "request_too_large").message).toContain("FILES_ACCOUNT_MAX_BYTES");
    // Another account has its own room.
    const other = await s.tokenFor("files-room");
    expect((await s.request("POST", "/files", { raw: form(new Uint8Array(1.5 * MiB)), token: other })).status).toBe(
      200,
    );
    await s.request("DELETE", `/files/${first.body.id}`);
    expect((await s.request("POST", "/files", { raw: form(new Uint8Array(1.5 * MiB)) })).status).toBe(200);
  });

  it("answers 400 to a body that is not the multipart it declares, and to one without a file part", async () => {
    const bad = await s.request("POST", "/files", {
      raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      contentType: "multipart/form-data; boundary=xyz",
    });
    expectError(bad, 400, "invalid_request_error");
    const noFile = new FormData();
    noFile.append("note", "hello");
    expectError(await s.request("POST", "/files", { raw: noFile }), 400, "invalid_request_error");
    const twoFiles = form("a");
    twoFiles.append("file", new Blob(["b"]), "b.txt");
    expectError(await s.request("POST", "/files", { raw: twoFiles }), 400, "invalid_request_error");
    const json = await s.request("POST", "/files", { body: { file: "abc" } });
    expect(json.status).toBe(400);
    const expiry = await s.request("POST", "/files", {
      raw: form("x", "x.txt", "text/plain", { expires_in_seconds: "10" }),
    });
    expect(expectError(expiry, 400, "invalid_request_error").param).toBe("expires_in_seconds");
  });

  it("keeps a file's expiry, and answers 404 to its download once it expired", async () => {
    const up = await s.request("POST", "/files", {
      raw: form("x", "x.txt", "text/plain", { expires_in_seconds: "3600" }),
    });
    expect(up.status).toBe(200);
    expect(Date.parse(up.body.expires_at) - Date.parse(up.body.created_at)).toBeGreaterThanOrEqual(3_599_000);
    expect((await download(s, up.body.id)).bytes.toString()).toBe("x");
    await s.request("DELETE", `/files/${up.body.id}`);
  });

  it("replays an upload sent again with the same Idempotency-Key, and refuses other bytes under it", async () => {
    const headers = { "idempotency-key": "files-idem-1" };
    const a = await s.request("POST", "/files", { raw: form("same"), headers });
    const b = await s.request("POST", "/files", { raw: form("same"), headers });
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect((await s.request("POST", "/files", { raw: form("other"), headers })).status).toBe(422);
    await s.request("DELETE", `/files/${a.body.id}`);
  });
});

describe.skipIf(!onPostgres)("files on PostgreSQL replicas", () => {
  it("a second server on the same database downloads the bytes the first stored, and deletes them", {
    timeout: 60_000,
  }, async () => {
    const first = await inProcess();
    const remembered = JSON.parse(readFileSync(`${first.dbPath}.postgres.json`, "utf8")) as {
      url: string;
      secretKey: string;
    };
    const second = await inProcess({
      env: { DATABASE_URL: remembered.url, CLOUD_AGENTS_SECRET_KEY: remembered.secretKey },
    });
    try {
      const bytes = Buffer.alloc(3 * MiB + 17, 7);
      const up = await first.request("POST", "/files", { raw: form(bytes, "shared.bin", "application/octet-stream") });
      expect(up.status).toBe(200);
      const { res, bytes: got } = await download(second, up.body.id, first.token);
      expect(res.status).toBe(200);
      expect(got.equals(bytes)).toBe(true);
      expect((await second.request("DELETE", `/files/${up.body.id}`, { token: first.token })).status).toBe(200);
      expect((await download(first, up.body.id)).res.status).toBe(404);
      const chunks = await queryRows(
        first.databaseUrl,
        "SELECT blob_key FROM blob_chunks WHERE blob_key = ?",
        up.body.id,
      );
      expect(chunks).toEqual([]);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
