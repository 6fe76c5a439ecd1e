/**
 * A static body served compressed as the client accepts it (`br`, then `gzip`, else as it is),
 * for the big operator documents (/docs is ~3 MB of HTML, ~0.5 MB in brotli). Each encoding is
 * made once, on the first request that wants it, in libuv's thread pool (zlib's asynchronous
 * functions), so it neither delays start-up nor blocks the event loop; every later request sends
 * the same bytes. The ETag is the body's hash, so a client revalidating gets a 304.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, Response } from "express";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip";

const ENCODERS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        // Quality 9: within a few percent of the maximum (11) at a fraction of its time.
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
};

/** The q-value the header gives an encoding (`*` stands for the ones it does not name; absent: 0). */
function quality(header: string, encoding: string): number {
  let star = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    if (name.trim() === encoding) return Number.isFinite(value) ? value : 0;
    if (name.trim() === "*") star = Number.isFinite(value) ? value : 0;
  }
  return star;
}

/** The encoding to send: the smaller `br` when accepted at least as much as `gzip`, else `gzip`, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const br = quality(acceptEncoding, "br");
  const gz = quality(acceptEncoding, "gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}

export class PrecompressedBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private loaded: { body: Buffer; etag: string } | null = null;

  /** `source`: the bytes, or a function that reads them on the first request (not at start-up). */
  constructor(
    private readonly source: Buffer | (() => Buffer),
    private readonly contentType: string,
  ) {}

  private get body(): Buffer {
    return this.load().body;
  }

  private load(): { body: Buffer; etag: string } {
    if (!this.loaded) {
      const body = typeof this.source === "function" ? this.source() : this.source;
      this.loaded = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    }
    return this.loaded;
  }

  /** The body in one encoding, made on first use and kept. */
  encode(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      made = ENCODERS[encoding](this.body);
      this.encoded.set(encoding, made);
    }
    return made;
  }

  async send(req: Request, res: Response): Promise<void> {
    const encoding = chooseEncoding(req.get("accept-encoding"));
    res.set({ "Content-Type": this.contentType, ETag: this.load().etag, Vary: "Accept-Encoding" });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const bytes = encoding ? await this.encode(encoding) : this.body;
    if (encoding) res.set("Content-Encoding", encoding);
    res.set("Content-Length", String(bytes.length));
    res.status(200).end(req.method === "HEAD" ? undefined : bytes);
  }
}
