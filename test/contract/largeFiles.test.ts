/**
 * A large file streams through the files API (docs/files.md, "Where the bytes are"): a 256 MiB
 * upload and download (160 MiB on PostgreSQL) raise the process's live heap and buffers by no more
 * than a quarter file's size over a file four times smaller, so no copy of the file is held. In
 * `npm run test:slow`: alone it takes 20 s on 2 cores, and over 300 s among the other files of `npm
 * test` on a loaded machine.
 */
import { createHash } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres } from "../helpers/servers/testDatabase.ts";

const MiB = 1024 * 1024;

/** A multipart body of one `file` part of `size` bytes, made as it is sent (never whole in memory). */
function streamingUpload(
  size: number,
  boundary: string,
): { body: ReadableStream<Uint8Array>; length: number; sha256: string } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) & 0xff;
  const hash = createHash("sha256");
  for (let sent = 0; sent < size; sent += MiB) hash.update(chunk.subarray(0, Math.min(MiB, size - sent)));
  let sent = 0;
  let stage = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        stage = 1;
        return controller.enqueue(head);
      }
      if (sent < size) {
        const n = Math.min(MiB, size - sent);
        sent += n;
        return controller.enqueue(chunk.subarray(0, n));
      }
      controller.enqueue(tail);
      controller.close();
    },
  });
  return { body, length: head.length + size + tail.length, sha256: hash.digest("hex") };
}

/** The garbage collector, for measuring what is live rather than what is not collected yet. */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Samples what the process holds live in JavaScript memory (heap and buffers, after a collection)
 * every 100 ms while `work` runs; answers the peak growth.
 */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const base = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = base();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, base());
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, base());
  return peak - start;
}

/** Uploads and downloads `size` bytes, checking them; answers the peak growth of each. */
async function roundTrip(s: TestServer, size: number): Promise<{ up: number; down: number }> {
  const boundary = "cas-big-upload";
  const upload = streamingUpload(size, boundary);
  let id = "";
  const up = await peakGrowth(async () => {
    const res = await fetch(`${s.url}/api/v1/cloud/files`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${s.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(upload.length),
      },
      body: upload.body,
      duplex: "half",
    } as RequestInit);
    const json = (await res.json()) as { id: string; size_bytes: number };
    expect(res.status).toBe(200);
    expect(json.size_bytes).toBe(size);
    id = json.id;
  });
  const hash = createHash("sha256");
  let received = 0;
  const down = await peakGrowth(async () => {
    const res = await fetch(`${s.url}/api/v1/cloud/files/${id}/content`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(res.headers.get("content-length")).toBe(String(size));
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.byteLength;
    }
  });
  expect(received).toBe(size);
  expect(hash.digest("hex")).toBe(upload.sha256);
  await s.request("DELETE", `/files/${id}`);
  return { up, down };
}

describe("a large file", () => {
  const LARGE = Number(process.env.FILES_TEST_MIB ?? (onPostgres ? 160 : 256)) * MiB;
  const SMALL = LARGE / 4;
  let s: TestServer;
  beforeAll(async () => {
    // This measures memory, not speed: on a loaded 2-core machine 256 MiB can take longer than the
    // default whole-request limit (HTTP_REQUEST_TIMEOUT_MS, 60 s; docs/files.md "Limits").
    s = await inProcess({ env: { HTTP_REQUEST_TIMEOUT_MS: "600000" } });
  });
  afterAll(() => s.stop());

  it(`streams ${LARGE / MiB} MiB in and out without the process's memory growing with its size`, {
    timeout: 300_000,
  }, async () => {
    const small = await roundTrip(s, SMALL);
    const large = await roundTrip(s, LARGE);
    const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
    console.log(
      `files: peak live heap+buffers growth: upload ${mib(small.up)} (${SMALL / MiB} MiB file) vs ${mib(large.up)} (${LARGE / MiB} MiB), download ${mib(small.down)} vs ${mib(large.down)}`,
    );
    // What is in flight (sockets, a chunk or two) is the same for both sizes: a copy of the file
    // would make the large one's peak grow by (LARGE - SMALL) more; a quarter of that is the bound.
    const bound = (LARGE - SMALL) / 4;
    expect(large.up - small.up).toBeLessThan(bound);
    expect(large.down - small.down).toBeLessThan(bound);
  });
});
