/**
 * The six findings of an outside probe of the surfaces added after the native one (`/v1`, session
 * files, memory paths), each reproduced: a body that does not decompress and malformed multipart on
 * /v1 (500 before), file-system errors of a session file upload, the upload limit, memory paths
 * that look alike or cannot be file names, and statuses either document left undeclared. The
 * fuzzer (test/contract/fuzz.test.ts, test/reliability/fuzz.test.ts) keeps both documents to it.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { BASE_PATH, specValidator, v1SpecValidator } from "../helpers/spec/specValidator.ts";

const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;
let s: TestServer;
beforeAll(async () => {
  s = await inProcess({ env: { SANDBOX: "off", MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) } });
});
afterAll(async () => {
  await s?.stop();
});

interface Answer {
  status: number;
  body: { type?: string; error?: { type?: string; message?: string; param?: string }; request_id?: string } & Record<
    string,
    unknown
  >;
  text: string;
}

/** A request as a client sends it, on either surface (`/v1/...` or `/api/v1/cloud/...`), body as given. */
async function send(
  method: string,
  path: string,
  body?: Buffer | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const auth: Record<string, string> = path.startsWith("/v1/")
    ? { "x-api-key": s.token }
    : { authorization: `Bearer ${s.token}` };
  const res = await fetch(`${s.url}${path}`, { method, headers: { ...auth, ...headers }, body });
  const text = await res.text();
  let parsed: Answer["body"] = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the assertions on status and body say so.
  }
  return { status: res.status, body: parsed, text };
}

/** An error in its surface's envelope, with the request id of the header; no host path of the data folder. */
function expectError(res: Answer, status: number, type: string): NonNullable<Answer["body"]["error"]> {
  expect(res.status, res.text).toBe(status);
  expect(res.body.type).toBe("error");
  expect(res.body.error?.type).toBe(type);
  expect(res.body.request_id).toMatch(/^req_/);
  expect(res.text).not.toContain(s.dataDir);
  return res.body.error ?? {};
}

const json = { "content-type": "application/json" };
const AGENT = Buffer.from(JSON.stringify({ name: "Helper", model: "echo" }));

describe("1. /v1 bodies that do not decompress", () => {
  const broken: [string, string, Buffer][] = [
    ["gzip", "gzip", Buffer.from("this is not gzip at all")],
    ["deflate", "deflate", Buffer.from("this is not deflate at all")],
    ["br", "br", Buffer.from([0xff, 0xfe, 0xfd, 0x00])],
    ["truncated gzip", "gzip", gzipSync(AGENT).subarray(0, 20)],
  ];
  it.each(broken)(
    "%s: 400 naming Content-Encoding on both surfaces, as the native one did",
    async (_, encoding, bytes) => {
      for (const path of ["/v1/agents", `${BASE_PATH}/agents`]) {
        const error = expectError(
          await send("POST", path, bytes, { ...json, "content-encoding": encoding }),
          400,
          "invalid_request_error",
        );
        expect(error.message).toMatch(/Content-Encoding/);
      }
    },
  );

  it("a body that does decompress is read as the plain one", async () => {
    const res = await send("POST", "/v1/agents", gzipSync(AGENT), { ...json, "content-encoding": "gzip" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe("Helper");
  });
});

describe("2. malformed multipart on POST /v1/skills", () => {
  const SKILL_MD = "---\nname: probe-skill\ndescription: A skill.\n---\n# Probe\n";
  const part = (boundary: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="SKILL.md"\r\n` +
        `Content-Type: text/markdown\r\n\r\n${SKILL_MD}\r\n--${boundary}--\r\n`,
    );
  const cases: [string, Buffer, Record<string, string>][] = [
    ["a boundary the body does not use", part("real"), { "content-type": "multipart/form-data; boundary=other" }],
    ["a body cut short", part("b1").subarray(0, 60), { "content-type": "multipart/form-data; boundary=b1" }],
    [
      "a gzip-encoded body",
      gzipSync(part("b2")),
      { "content-type": "multipart/form-data; boundary=b2", "content-encoding": "gzip" },
    ],
  ];
  it.each(cases)("%s: 400 on both surfaces", async (_, body, headers) => {
    for (const path of ["/v1/skills", `${BASE_PATH}/skills`]) {
      const error = expectError(await send("POST", path, body, headers), 400, "invalid_request_error");
      expect(error.message).toMatch(/multipart/i);
    }
    expect(s.logs.filter((l) => l.level === "error")).toEqual([]);
  });

  it("an upload within MAX_UPLOAD_BYTES but over the JSON limit is taken (the body limit knows /v1's operations)", async () => {
    const form = new FormData();
    form.append("files", new Blob([SKILL_MD]), "SKILL.md");
    form.append("files", new Blob([Buffer.alloc(2 * 1024 * 1024, 0x61)]), "big.txt");
    const upload = await fetch(`${s.url}/v1/skills`, { method: "POST", headers: { "x-api-key": s.token }, body: form });
    expect(upload.status, await upload.clone().text()).toBe(200);
  });
});

describe("3 and 4. session file uploads", () => {
  let session: string;
  beforeAll(async () => {
    session = (await createSession(s, (await createAgent(s)).id, await createEnvironment(s))).id;
  });
  const put = (path: string, bytes: Buffer = Buffer.from("x")) =>
    send("PUT", `${BASE_PATH}/sessions/${session}/files/content?path=${encodeURIComponent(path)}`, bytes, {
      "content-type": "application/octet-stream",
    });

  it("a 300-character name is a 400 naming path and a file where a folder goes a 409; neither logs the data folder", async () => {
    expect(expectError(await put(`${"n".repeat(300)}/f.txt`), 400, "invalid_request_error").param).toBe("path");
    expect((await put("dir1")).status).toBe(200);
    expectError(await put("dir1/f"), 409, "conflict_error");
    expect(JSON.stringify(s.logs)).not.toContain(`${s.dataDir}/workspaces`);
  });

  it("takes MAX_UPLOAD_BYTES, not the JSON limit, and refuses one byte more with 413", async () => {
    expect((await put("big.bin", Buffer.alloc(1024 * 1024 + 1))).status).toBe(200);
    expect((await put("max.bin", Buffer.alloc(MAX_UPLOAD_BYTES))).status).toBe(200);
    expectError(await put("over.bin", Buffer.alloc(MAX_UPLOAD_BYTES + 1)), 413, "request_too_large");
  });
});

describe("5. memory paths", () => {
  let stores = 0;
  const storeName = () => `probe-store-${++stores}`;
  const NFC = "caf\u00e9/notes.md";
  const NFD = "cafe\u0301/notes.md";
  const surfaces = [
    {
      name: "/api/v1/cloud",
      store: async () =>
        (await send("POST", `${BASE_PATH}/memory_stores`, JSON.stringify({ name: storeName() }), json)).body
          .id as string,
      create: (store: string, path: string) =>
        send("POST", `${BASE_PATH}/memory_stores/${store}/memories`, JSON.stringify({ path, content: "x" }), json),
      raw: (store: string, text: string) => send("POST", `${BASE_PATH}/memory_stores/${store}/memories`, text, json),
      list: (store: string, prefix: string) =>
        send(
          "GET",
          `${BASE_PATH}/memory_stores/${store}/memories${prefix ? `?path_prefix=${encodeURIComponent(prefix)}` : ""}`,
        ),
      shown: (path: string) => path,
    },
    {
      name: "/v1",
      store: async () =>
        (await send("POST", "/v1/memory_stores", JSON.stringify({ name: storeName() }), json)).body.id as string,
      create: (store: string, path: string) =>
        send("POST", `/v1/memory_stores/${store}/memories`, JSON.stringify({ path: `/${path}`, content: "x" }), json),
      raw: (store: string, text: string) =>
        send("POST", `/v1/memory_stores/${store}/memories`, text.replace('"path":"', '"path":"/'), json),
      list: (store: string, prefix: string) =>
        send("GET", `/v1/memory_stores/${store}/memories?path_prefix=${encodeURIComponent(`/${prefix}`)}`),
      shown: (path: string) => `/${path}`,
    },
  ];

  describe.each(surfaces)("on $name", (surface) => {
    it("NFC and NFD are one memory, stored and answered in NFC, found by a prefix typed either way", async () => {
      const store = await surface.store();
      const first = await surface.create(store, NFD);
      expect(first.status, first.text).toBe(200);
      expect(first.body.path).toBe(surface.shown(NFC));
      expect((await surface.create(store, NFC)).status).toBe(409);
      for (const prefix of ["caf\u00e9/", "cafe\u0301/"]) {
        const page = await surface.list(store, prefix);
        expect(page.status, page.text).toBe(200);
        expect((page.body.data as { path: string }[]).map((m) => m.path)).toEqual([surface.shown(NFC)]);
      }
    });

    it.each([
      ["a right-to-left override", "notes/\u202Egpj.md"],
      ["a zero-width joiner", "no\u200Dtes.md"],
      ["a zero-width space", "notes\u200B.md"],
      ["a segment of 300 characters", `${"a".repeat(300)}/b.md`],
      ["a segment of 128 two-byte characters (256 bytes)", `notes/${"\u00e9".repeat(128)}`],
    ])("refuses %s with 400 naming path", async (_, path) => {
      const store = await surface.store();
      expect(expectError(await surface.create(store, path), 400, "invalid_request_error").message).toMatch(/path/);
    });

    it("takes a segment of exactly 255 bytes of UTF-8", async () => {
      const store = await surface.store();
      const res = await surface.create(store, `notes/${"\u00e9".repeat(127)}x`);
      expect(res.status, res.text).toBe(200);
    });

    it("refuses a lone surrogate with 400 rather than storing U+FFFD", async () => {
      const store = await surface.store();
      const res = await surface.raw(store, '{"path":"notes/\\ud800.md","content":"x"}');
      expect(expectError(res, 400, "invalid_request_error").message).toMatch(/lone surrogate/);
      expect((await surface.list(store, "")).body.data).toEqual([]);
    });
  });
});

describe("6. every status the server answers is declared", () => {
  const documents = [
    ["/api/v1/cloud", specValidator()],
    ["/v1", v1SpecValidator()],
  ] as const;
  it.each(documents)(
    "%s: 400, 401, 413, 429, 500 and 503 on every operation, 404 on every one with an id",
    (_, doc) => {
      const missing: string[] = [];
      for (const { method, template, operation } of doc.listOperations()) {
        const declared = Object.keys(operation.responses as Record<string, unknown>);
        const expected = ["400", "401", "413", "429", "500", "503", ...(template.includes("{") ? ["404"] : [])];
        for (const status of expected)
          if (!declared.includes(status)) missing.push(`${method.toUpperCase()} ${template} ${status}`);
      }
      expect(missing).toEqual([]);
    },
  );
});
