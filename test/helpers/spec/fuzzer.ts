/**
 * A schema-driven fuzzer over every operation of the bundled spec (generated/openapi.json).
 *
 * For each operation it builds requests from the spec itself: path parameters (ids harvested
 * from earlier responses, well-formed unknown ids, malformed ones), query parameters from their
 * schemas, and bodies generated from the request schema (valid-looking first, then mutated:
 * wrong types, missing or unknown fields, out-of-range and hostile values), with the odd broken
 * header or body. Every response is checked: no status ≥ 500, a `Request-Id`, a status the spec
 * declares for the operation and a body that matches it (errors in the envelope, with the same
 * request id). Generation is driven by a seeded PRNG and runs sequentially, so a seed replays
 * the same requests. New operations in the spec are fuzzed without changes here.
 */
import { Agent, request } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { prng } from "../../../scripts/lib/prng.ts";
import { BASE_PATH, type SpecValidator } from "./specValidator.ts";

type Json = Record<string, unknown>;

export interface FuzzOptions {
  baseUrl: string;
  token: string;
  validator: SpecValidator;
  seed: number;
  /** Requests per operation. */
  runs: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** What the document's templates are relative to: `/api/v1/cloud` (the default); `` for /v1, whose templates carry it. */
  basePath?: string;
  /** How the token goes: `Authorization: Bearer` (the default), or `x-api-key` as the Anthropic SDK sends it (then Bearer now and then). */
  auth?: "bearer" | "api-key";
  /**
   * Bodies broken below JSON too (the default): a Content-Encoding the bytes do not have, a
   * truncated or doubly encoded one, bytes that are not UTF-8, multipart with a wrong boundary or
   * cut short. Off for a consumer that compares validators on the JSON alone.
   */
  brokenBodies?: boolean;
}

export interface FuzzFailure {
  operation: string;
  request: string;
  status: number;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  perOperation: Record<string, number>;
  statuses: Record<string, number>;
  /** Operations that answered at least one 2xx (the fuzzer reached real resources there). */
  succeeded: Record<string, number>;
  failures: FuzzFailure[];
  /** Requests sent again on a new connection after their kept-alive one was reset before an answer. */
  resent: number;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ID = /^([a-z]+)_[0-9A-HJKMNP-TV-Z]{26}$/;

/** Strings that have broken parsers, encoders and validators before. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%ZZ",
  "%",
  "%E0%A4%A",
  "../../etc/passwd",
  "..",
  ".",
  "/",
  "\\",
  "'; DROP TABLE vaults; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal log4j-style payload, on purpose
  "${jndi:ldap://x}",
  "😀".repeat(600),
  "\ud800",
  "\udfff\ud800",
  "x".repeat(70_000),
  "Infinity",
  "NaN",
  "-0",
  "1e1000",
  "null",
  "true",
  "[]",
  "{}",
  "\u202e\u0000\r\n\t",
  "ｆｕｌｌｗｉｄｔｈ",
  "a".repeat(65),
  "a".repeat(513),
  "A".repeat(2049),
];
const HOSTILE_NUMBERS = [0, -1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 1, 101, 4294967296, 1e-300];

class Generator {
  readonly pools = new Map<string, string[]>();

  constructor(
    private readonly spec: Json,
    readonly random: () => number,
  ) {}

  int(n: number): number {
    return Math.floor(this.random() * n);
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  resolve(node: unknown): Json {
    let current = node as Json;
    for (let i = 0; i < 32 && current && typeof current.$ref === "string"; i++) {
      let target: unknown = this.spec;
      for (const part of (current.$ref as string).replace(/^#\//, "").split("/")) {
        target = (target as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
      }
      current = target as Json;
    }
    return current ?? {};
  }

  /** Remembers every id (and skill version) a response carries, by kind. */
  harvest(value: unknown, key = ""): void {
    if (typeof value === "string") {
      const m = ID.exec(value);
      if (m?.[1]) this.add(m[1], value);
      if (/^[1-9][0-9]{15}$/.test(value) && /version/.test(key)) this.add("version", value);
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value) this.harvest(v, key);
      return;
    }
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) this.harvest(v, k);
  }

  private add(kind: string, value: string): void {
    let pool = this.pools.get(kind);
    if (!pool) {
      pool = [];
      this.pools.set(kind, pool);
    }
    if (!pool.includes(value)) {
      pool.push(value);
      if (pool.length > 200) pool.shift();
    }
  }

  newId(kind: string): string {
    let s = "0";
    for (let i = 0; i < 25; i++) s += CROCKFORD[this.int(32)];
    return `${kind}_${s}`;
  }

  /** An id of `kind`: mostly one the server handed out, sometimes an unknown one. */
  idOf(kind: string): string {
    const pool = this.pools.get(kind) ?? [];
    if (pool.length > 0 && this.chance(0.85)) return this.pick(pool);
    return this.newId(kind);
  }

  hostileString(): string {
    return this.pick(HOSTILE_STRINGS);
  }

  /** The id kind an example value shows (`vault_01...` → `vault`). */
  kindOf(example: unknown): string | null {
    return typeof example === "string" ? (ID.exec(example)?.[1] ?? null) : null;
  }

  /** The id kind a description names (`` The agent id (`agent_...`). `` → `agent`), for documents without examples. */
  kindIn(description: unknown): string | null {
    return typeof description === "string" ? (/`([a-z]+)_\.\.\.`/.exec(description)?.[1] ?? null) : null;
  }

  /** A value that fits the schema as far as it can tell (patterns are served by examples and ids). */
  valid(schemaNode: unknown, depth = 0): unknown {
    const s = this.resolve(schemaNode);
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return this.pick(s.enum);
    const branches = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (branches?.length) return this.valid(this.pick(branches), depth + 1);
    if (Array.isArray(s.allOf)) {
      return Object.assign({}, ...s.allOf.map((b) => this.valid(b, depth + 1) as Json));
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
    const type = types.filter((t) => t !== "null")[0] ?? (s.properties ? "object" : "string");
    if (types.includes("null") && this.chance(0.1)) return null;
    const kind = this.kindOf(s.example) ?? this.kindIn(s.description);
    switch (type) {
      case "string": {
        if (kind) return this.idOf(kind);
        if (s.format === "date-time") return new Date(Date.UTC(2027, this.int(12), 1 + this.int(28))).toISOString();
        if (s.format === "uri" || /url/i.test(String(s.description ?? ""))) {
          return this.pick(["https://example.com/hook", "http://127.0.0.1:9/x", "https://mcp.example.com/sse"]);
        }
        if (typeof s.pattern === "string" && typeof s.example === "string") return s.example;
        if (typeof s.example === "string" && this.chance(0.5)) return s.example;
        const min = typeof s.minLength === "number" ? s.minLength : 1;
        const max = Math.min(typeof s.maxLength === "number" ? s.maxLength : 24, 24);
        const length = Math.max(min, Math.min(max, 1 + this.int(12)));
        let out = "";
        for (let i = 0; i < length; i++) out += "abcdefghijklmnopqrstuvwxyz-_"[this.int(28)];
        return out;
      }
      case "integer":
      case "number": {
        const min = typeof s.minimum === "number" ? s.minimum : 0;
        const max = typeof s.maximum === "number" ? s.maximum : min + 100;
        const value = min + this.random() * (max - min);
        return type === "integer" ? Math.round(value) : value;
      }
      case "boolean":
        return this.chance(0.5);
      case "array": {
        if (depth > 4) return [];
        const min = typeof s.minItems === "number" ? s.minItems : 0;
        const n = Math.max(min, Math.min(typeof s.maxItems === "number" ? s.maxItems : 3, this.int(3)));
        return Array.from({ length: n }, () => this.valid(s.items, depth + 1));
      }
      default: {
        if (depth > 5) return {};
        const out: Json = {};
        const required = new Set((s.required as string[] | undefined) ?? []);
        for (const [name, prop] of Object.entries((s.properties ?? {}) as Json)) {
          if (required.has(name) || this.chance(0.5)) out[name] = this.valid(prop, depth + 1);
        }
        if (!s.properties && s.additionalProperties && typeof s.additionalProperties === "object") {
          for (let i = this.int(3); i > 0; i--)
            out[`k${this.int(100)}`] = this.valid(s.additionalProperties, depth + 1);
        }
        return out;
      }
    }
  }

  /** A value of any kind, often one the schema does not allow. */
  anything(depth = 0): unknown {
    switch (this.int(depth > 2 ? 6 : 9)) {
      case 0:
        return this.hostileString();
      case 1:
        return this.pick(HOSTILE_NUMBERS);
      case 2:
        return null;
      case 3:
        return this.chance(0.5);
      case 4:
        return this.newId(this.pick(["vault", "agent", "sess", "env", "skill", "wep", "x"]));
      case 5:
        return "";
      case 6:
        return Array.from({ length: this.int(4) }, () => this.anything(depth + 1));
      case 7:
        return { [this.hostileString().slice(0, 80) || "k"]: this.anything(depth + 1) };
      default: {
        // Deep nesting.
        let v: unknown = 1;
        for (let i = 0; i < 2000; i++) v = this.chance(0.5) ? [v] : { a: v };
        return v;
      }
    }
  }

  /** Mutates a generated value in 1–3 places: wrong types, missing, unknown and hostile fields. */
  mutate(value: unknown): unknown {
    let out = structuredClone(value);
    for (let n = 1 + this.int(3); n > 0; n--) out = this.mutateOnce(out);
    return out;
  }

  private mutateOnce(value: unknown): unknown {
    if (value && typeof value === "object" && !Array.isArray(value) && this.chance(0.8)) {
      const obj = value as Json;
      const keys = Object.keys(obj);
      const r = this.random();
      if (r < 0.15 && keys.length > 0) delete obj[this.pick(keys)];
      else if (r < 0.25)
        obj[this.chance(0.5) ? "zz_unknown" : this.hostileString().slice(0, 100) || "x"] = this.anything();
      else if (keys.length > 0) {
        const key = this.pick(keys);
        obj[key] = this.chance(0.5) ? this.anything() : this.mutateOnce(obj[key]);
      } else obj.metadata = this.anything();
      return obj;
    }
    if (Array.isArray(value) && value.length > 0 && this.chance(0.7)) {
      const i = this.int(value.length);
      value[i] = this.mutateOnce(value[i]);
      if (this.chance(0.2) && JSON.stringify(value).length < 10_000)
        value.push(...Array.from({ length: 200 }, () => value[0]));
      return value;
    }
    return this.anything();
  }
}

interface Operation {
  method: string;
  template: string;
  op: Json;
  params: Json[];
  json: { schema: Json; examples: unknown[] } | null;
  multipart: boolean;
}

const REQUEST_TIMEOUT_MS = 15_000;

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(
  agent: Agent,
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    // The path goes out as is (a URL string would be normalized: `/a/../b` becomes `/b`).
    const { hostname, port } = new URL(baseUrl);
    const req = request({ hostname, port, path, method, agent, headers }, (res) => {
      if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        // A live stream (Server-Sent Events) does not end: its status and headers are the answer.
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: "" });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    // A server that holds a request without answering is a failure too.
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.end(body);
  });
}

function operations(gen: Generator, spec: Json): Operation[] {
  const out: Operation[] = [];
  for (const [template, rawItem] of Object.entries(spec.paths as Json)) {
    const item = gen.resolve(rawItem);
    for (const method of ["get", "post", "put", "delete", "patch"]) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) =>
        gen.resolve(p),
      );
      const content = (gen.resolve(op.requestBody).content ?? {}) as Json;
      const media = content["application/json"] as Json | undefined;
      let json: Operation["json"] = null;
      if (media) {
        const examples = [
          ...(media.example !== undefined ? [media.example] : []),
          ...Object.values((media.examples ?? {}) as Json).map((e) => gen.resolve(e).value),
        ];
        json = { schema: gen.resolve(media.schema), examples };
      }
      out.push({
        method: method.toUpperCase(),
        template,
        op,
        params,
        json,
        multipart: Boolean(content["multipart/form-data"]),
      });
    }
  }
  return out;
}

/** Replaces the ids in a documented example by ids the server knows (of the same kind). */
function withKnownIds(gen: Generator, value: unknown): unknown {
  if (typeof value === "string") {
    const kind = gen.kindOf(value);
    return kind ? gen.idOf(kind) : value;
  }
  if (Array.isArray(value)) return value.map((v) => withKnownIds(gen, v));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withKnownIds(gen, v)]));
  }
  return value;
}

/** encodeURIComponent that survives lone surrogates (sent as U+FFFD). */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
  }
}

function pathValue(gen: Generator, param: Json): string {
  const schema = gen.resolve(param.schema);
  const kind = gen.kindOf(param.example ?? schema.example) ?? gen.kindIn(param.description);
  const r = gen.random();
  if (r < 0.8) {
    if (kind) return enc(gen.idOf(kind));
    if (param.name === "version") {
      const pool = gen.pools.get("version") ?? [];
      return gen.chance(0.2) ? "latest" : pool.length ? gen.pick(pool) : "1700000000000000";
    }
    return enc(String(gen.valid(schema)));
  }
  if (r < 0.9) return gen.pick(["%ZZ", "%", "%E0%A4%A", "%2F", "..", "%2e%2e", "x".repeat(300), "%00", "\u00e9"]);
  return enc(gen.hostileString().slice(0, 300)) || "x";
}

function queryString(gen: Generator, params: Json[]): string {
  const parts: string[] = [];
  for (const p of params.filter((x) => x.in === "query")) {
    if (!gen.chance(0.4)) continue;
    const schema = gen.resolve(p.schema);
    const name = String(p.name);
    let value: unknown = gen.chance(0.75) ? gen.valid(schema) : gen.anything();
    if (typeof value === "object" && value !== null && !Array.isArray(value)) value = JSON.stringify(value);
    const values = Array.isArray(value) ? value : [value];
    const key = Array.isArray(value) ? `${name}[]` : name;
    for (const v of values) parts.push(`${enc(key)}=${enc(String(v)).slice(0, 3000)}`);
    if (gen.chance(0.05)) parts.push(`${enc(name)}=${enc(String(gen.valid(schema)))}`);
  }
  if (gen.chance(0.04)) parts.push("zz_unknown=1");
  if (gen.chance(0.03))
    parts.push(gen.pick(["limit=Infinity", "limit=1e1000", "limit=-Infinity", "page=%ZZ", "a[b][c][d][e][f]=1"]));
  return parts.length ? `?${parts.join("&")}` : "";
}

function multipartBody(gen: Generator): { body: Buffer; contentType: string } {
  const boundary = `fuzz${gen.int(1e9)}`;
  const name = gen.chance(0.8) ? `fz-${gen.int(1e6)}` : gen.hostileString().slice(0, 70);
  const dir = gen.chance(0.9) ? name : gen.pick(["", "..", "a/b", "Upper"]);
  const skillMd = gen.chance(0.85)
    ? `---\nname: ${name}\ndescription: ${JSON.stringify(gen.chance(0.9) ? "A fuzzed skill." : gen.hostileString())}\n---\n# T\n`
    : gen.pick(["no front matter", "---\nname: [1,2]\n---\n", "---\n: :\n---", ""]);
  const files: [string, string | Buffer][] = [];
  if (gen.chance(0.95)) files.push([`${dir}/SKILL.md`, skillMd]);
  for (let i = gen.int(3); i > 0; i--) {
    files.push([
      gen.chance(0.8) ? `${dir}/ref/f${i}.txt` : gen.hostileString().slice(0, 600),
      gen.chance(0.5) ? "x" : Buffer.alloc(gen.int(5000)),
    ]);
  }
  const parts: Buffer[] = [];
  for (const [path, content] of files) {
    const field = gen.chance(0.95) ? "files" : gen.pick(["file", "files[]", "other"]);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${path.replace(/"/g, "%22").replace(/[\r\n]/g, "")}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from("\r\n"),
    );
  }
  if (gen.chance(0.3)) {
    const meta = gen.chance(0.7)
      ? JSON.stringify(gen.valid({ type: "object", additionalProperties: { type: "string" } }))
      : gen.hostileString();
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${meta}\r\n`));
  }
  if (gen.chance(0.2)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="display_title"\r\n\r\n${gen.hostileString().slice(0, 300)}\r\n`,
      ),
    );
  }
  if (gen.chance(0.95)) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A body broken below its media type, its headers changed to match: bytes that do not decompress
 * as their Content-Encoding says (gzip, deflate, br, a truncated gzip), an encoding named twice or
 * unknown, a well-formed gzip (to be read as the plain body would be), bytes that are not UTF-8,
 * and for multipart a boundary the body does not use or a body cut short.
 */
function brokenBody(gen: Generator, body: Buffer, headers: Record<string, string>, multipart: boolean): Buffer {
  const kinds = [
    "gzip-not",
    "deflate-not",
    "br-not",
    "gzip-truncated",
    "gzip-twice-named",
    "unknown-encoding",
    "gzip",
    "deflate",
    "br",
    "not-utf8",
    ...(multipart ? ["wrong-boundary", "cut-short"] : []),
  ] as const;
  switch (gen.pick(kinds)) {
    case "gzip-not":
      headers["content-encoding"] = "gzip";
      return body;
    case "deflate-not":
      headers["content-encoding"] = "deflate";
      return Buffer.from("this is not deflate at all");
    case "br-not":
      headers["content-encoding"] = "br";
      return Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x01]);
    case "gzip-truncated": {
      headers["content-encoding"] = "gzip";
      const zipped = gzipSync(body);
      return zipped.subarray(0, Math.max(10, zipped.length - 1 - gen.int(8)));
    }
    case "gzip-twice-named":
      headers["content-encoding"] = "gzip, gzip";
      return gzipSync(body);
    case "unknown-encoding":
      headers["content-encoding"] = gen.pick(["compress", "x-custom", "identity, zstd"]);
      return body;
    case "gzip":
      headers["content-encoding"] = "gzip";
      return gzipSync(body);
    case "deflate":
      headers["content-encoding"] = "deflate";
      return deflateSync(body);
    case "br":
      headers["content-encoding"] = "br";
      return brotliCompressSync(body);
    case "not-utf8": {
      // A lone continuation byte and an overlong form in the middle of the text.
      const at = gen.int(body.length + 1);
      return Buffer.concat([body.subarray(0, at), Buffer.from([0x80, 0xc0, 0xaf, 0xff]), body.subarray(at)]);
    }
    case "wrong-boundary":
      headers["content-type"] = "multipart/form-data; boundary=not-the-boundary-of-this-body";
      return body;
    default:
      // cut-short
      return body.subarray(0, Math.floor(body.length / 2));
  }
}

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const base = options.basePath ?? BASE_PATH;
  const spec = options.validator.spec;
  const gen = new Generator(spec, prng(options.seed));
  const ops = operations(gen, spec);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const freshAgent = new Agent({ keepAlive: false });
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    perOperation: {},
    statuses: {},
    succeeded: {},
    failures: [],
    resent: 0,
  };

  const check = (o: Operation, method: string, path: string, res: Response): string | null => {
    if (res.status >= 500) return `answered ${res.status}`;
    const requestId = res.headers["request-id"];
    if (typeof requestId !== "string" || !/^req_[0-9A-HJKMNP-TV-Z]{26}$/.test(requestId)) return "no Request-Id header";
    const contentType = typeof res.headers["content-type"] === "string" ? res.headers["content-type"] : null;
    let body: unknown = res.text;
    if (contentType?.includes("application/json") && res.text) {
      try {
        body = JSON.parse(res.text);
      } catch {
        return "a JSON content type with a body that is not JSON";
      }
    }
    if (res.status >= 400) {
      const envelope = body as { type?: unknown; request_id?: unknown; error?: { type?: unknown } };
      if (envelope?.type !== "error" || typeof envelope.error?.type !== "string")
        return "an error outside the envelope";
      if (envelope.request_id !== requestId) return "request_id differs from the Request-Id header";
    }
    try {
      const relative = (path.split("?")[0] ?? path).slice(base.length);
      const documented = options.validator.validate(
        method,
        relative,
        res.status,
        contentType,
        res.status === 204 ? undefined : body,
      );
      // A malformed path segment may leave the route (404 in the envelope is then right).
      if (!documented && res.status !== 404) return `matched no documented operation but answered ${res.status}`;
    } catch (err) {
      return (err as Error).message.slice(0, 500);
    }
    if (res.status < 300) {
      report.succeeded[`${o.method} ${o.template}`] = (report.succeeded[`${o.method} ${o.template}`] ?? 0) + 1;
      gen.harvest(body);
    }
    return null;
  };

  let lastRequest = "";
  const exercise = async (o: Operation, mode: "example" | "fuzz") => {
    const path =
      base +
      o.template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const param = o.params.find((p) => p.name === name && p.in === "path") ?? { name };
        return pathValue(gen, param);
      }) +
      (mode === "fuzz" ? queryString(gen, o.params) : "");
    const headers: Record<string, string> = {};
    if (gen.chance(0.97) || mode === "example") {
      if (options.auth === "api-key" && gen.chance(0.9)) headers["x-api-key"] = options.token;
      else headers.authorization = `Bearer ${options.token}`;
    } else if (options.auth === "api-key" && gen.chance(0.5)) {
      headers["x-api-key"] = gen.pick(["", "x", options.token.slice(0, -1), "a".repeat(5000)]);
    } else
      headers.authorization = gen.pick(["", "Bearer", "Bearer x", "Basic Zm9vOmJhcg==", `Bearer ${"a".repeat(5000)}`]);
    let body: Buffer | undefined;
    if (o.json) {
      let value: unknown;
      const example = o.json.examples.length ? withKnownIds(gen, gen.pick(o.json.examples)) : undefined;
      if (mode === "example") value = example ?? gen.valid(o.json.schema);
      else {
        const base = example !== undefined && gen.chance(0.5) ? example : gen.valid(o.json.schema);
        value = gen.chance(0.3) ? base : gen.mutate(base);
      }
      let text = JSON.stringify(value);
      const r = gen.random();
      if (mode === "fuzz" && r < 0.04) text = text.slice(0, Math.max(0, text.length - 1 - gen.int(5)));
      else if (mode === "fuzz" && r < 0.06) text = gen.pick(["", "null", "[]", '"x"', '{"a":1,"a":2}', "\ufeff{}"]);
      // Over the 1 MiB limit, a body stays just over it: the server answers 413 without reading
      // it and closes the connection, and a client still writing megabytes would see a reset.
      if (text.length > 1_100_000) text = JSON.stringify({ big: "x".repeat(1_048_600) });
      body = Buffer.from(text);
      headers["content-type"] =
        mode === "fuzz" && gen.chance(0.04)
          ? gen.pick([
              "text/plain",
              "application/json; charset=utf-16",
              "application/x-www-form-urlencoded",
              "multipart/form-data",
            ])
          : "application/json";
    } else if (o.multipart) {
      const m = multipartBody(gen);
      body = m.body;
      headers["content-type"] = m.contentType;
    } else if (mode === "fuzz" && gen.chance(0.05)) {
      body = Buffer.from(JSON.stringify(gen.anything()));
      headers["content-type"] = "application/json";
    }
    if (body && mode === "fuzz" && options.brokenBodies !== false && gen.chance(0.08)) {
      body = brokenBody(gen, body, headers, o.multipart);
    }
    if (body) headers["content-length"] = String(body.length);
    if (mode === "fuzz" && gen.chance(0.02) && body) headers["content-length"] = String(2 ** 31);
    let res: Response;
    const previous = lastRequest;
    lastRequest = `${o.method} ${path.slice(0, 200)} (${headers["content-length"] ?? "no"} bytes declared)`;
    // A body declared far longer than it is is answered (413) before it is sent: send none.
    const sent = headers["content-length"] === String(2 ** 31) ? undefined : body;
    try {
      try {
        res = await send(agent, options.baseUrl, o.method, path, headers, sent);
      } catch (err) {
        // A kept-alive connection the server closed as this request went out (its idle timeout):
        // the request never reached it, and a client sends it again on a new connection
        // (RFC 9112, 9.3.1; Node's docs on `request.reusedSocket`). A new connection's failure counts.
        if (!(err as { reusedSocket?: boolean }).reusedSocket) throw err;
        report.resent++;
        res = await send(freshAgent, options.baseUrl, o.method, path, headers, sent);
      }
    } catch (err) {
      report.failures.push({
        operation: `${o.method} ${o.template}`,
        request: `${o.method} ${path} ${body?.toString("utf8").slice(0, 200) ?? ""} [${lastRequest}; encoding ${headers["content-encoding"] ?? "none"}] (after ${previous})`,
        status: 0,
        problem: `no response: ${String(err)}${(err as { reusedSocket?: boolean }).reusedSocket ? " (on a reused keep-alive connection)" : " (on a new connection)"}`,
      });
      return;
    }
    report.requests++;
    report.perOperation[`${o.method} ${o.template}`] = (report.perOperation[`${o.method} ${o.template}`] ?? 0) + 1;
    report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
    const problem = check(o, o.method, path, res);
    if (problem) {
      report.failures.push({
        operation: `${o.method} ${o.template}`,
        request: `${o.method} ${path.slice(0, 300)} ${body ? body.toString("utf8").slice(0, 300) : ""}`,
        status: res.status,
        problem: `${problem} ${res.text.slice(0, 300)}`,
      });
    }
  };

  try {
    // Seeding: every operation once with its documented example, creations first (POST to a
    // collection), so that later requests find real parents to work on.
    const order = [...ops].sort(
      (a, b) =>
        Number(!(a.method === "POST" && !a.template.endsWith("}"))) -
          Number(!(b.method === "POST" && !b.template.endsWith("}"))) ||
        a.template.split("/").length - b.template.split("/").length,
    );
    for (let pass = 0; pass < 2; pass++) {
      for (const o of order) if (!(o.method === "DELETE")) await exercise(o, "example");
    }
    for (let round = 0; round < options.runs; round++) {
      // A new order each round (seeded): deletes and archives land between the others.
      const shuffled = [...ops];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = gen.int(i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j] as Operation, shuffled[i] as Operation];
      }
      for (const o of shuffled) await exercise(o, "fuzz");
      if ((round + 1) % 50 === 0)
        options.log?.(
          `  fuzz: round ${round + 1}/${options.runs}, ${report.requests} requests, ${report.failures.length} failures`,
        );
    }
  } finally {
    agent.destroy();
  }
  return report;
}
