import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { specForAjv } from "../../../server/spec.ts";

const addFormats = (formats as unknown as { default: (ajv: Ajv2020) => void }).default;
const SPEC_FILE = fileURLToPath(new URL("../../../generated/v1/openapi.json", import.meta.url));

type Json = Record<string, unknown>;

/**
 * Checks what the /v1 surface answers against the generated /v1 document (generated/v1/openapi.json),
 * independently of the server: every JSON response against its operation's documented status and
 * schema, and every streamed event against the SessionEvent schema.
 */
export class V1SpecValidator {
  readonly spec: Json;
  readonly failures: string[] = [];
  /** Operations seen, `GET /v1/agents/{agent_id} 200`. */
  readonly seen = new Set<string>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, validateFormats: true });
  private readonly ops: { method: string; template: string; regex: RegExp }[] = [];
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    this.spec = specForAjv(JSON.parse(readFileSync(SPEC_FILE, "utf8")) as Json);
    addFormats(this.ajv);
    this.ajv.addSchema(this.spec, "v1.json");
    for (const [template, item] of Object.entries(this.spec.paths as Json)) {
      for (const method of ["get", "post", "delete"]) {
        if ((item as Json)[method]) {
          const pattern = template.replace(/\{[^}]+\}/g, "[^/]+");
          this.ops.push({ method, template, regex: new RegExp(`^${pattern}$`) });
        }
      }
    }
  }

  private compiled(ref: string): ValidateFunction {
    let fn = this.cache.get(ref);
    if (!fn) {
      fn = this.ajv.compile({ $ref: ref });
      this.cache.set(ref, fn);
    }
    return fn;
  }

  /** Validates one JSON response; records a failure when it is not described. */
  response(method: string, path: string, status: number, body: unknown): void {
    const op = this.ops.find((o) => o.method === method.toLowerCase() && o.regex.test(path));
    const label = `${method} ${op?.template ?? path} ${status}`;
    this.seen.add(label);
    if (!op) {
      // Only refusals (no such route, or not this method) may come from operations the document does not have.
      if (status !== 404 && status !== 405) this.failures.push(`${label}: not in the /v1 document`);
      else this.check("v1.json#/components/schemas/ErrorResponse", body, label);
      return;
    }
    const escaped = op.template.replace(/~/g, "~0").replace(/\//g, "~1");
    const responses = ((this.spec.paths as Json)[op.template] as Json)[op.method] as Json;
    if (!(responses.responses as Json)[String(status)]) {
      this.failures.push(`${label}: status not documented`);
      return;
    }
    const ref = `v1.json#/paths/${escaped}/${op.method}/responses/${status}`;
    const resolved = (responses.responses as Json)[String(status)] as Json;
    const target = resolved.$ref
      ? `v1.json${String(resolved.$ref)}/content/application~1json/schema`
      : `${ref}/content/application~1json/schema`;
    this.check(target, body, label);
  }

  /** Whether the document answers this request's status with bytes of any media type, or of this one (a download). */
  binary(method: string, path: string, status: number, contentType?: string | null): boolean {
    const op = this.ops.find((o) => o.method === method.toLowerCase() && o.regex.test(path));
    if (!op) return false;
    const responses = (((this.spec.paths as Json)[op.template] as Json)[op.method] as Json).responses as Json;
    const content = (responses[String(status)] as Json | undefined)?.content as Json | undefined;
    const media = contentType?.split(";")[0]?.trim();
    return content?.["*/*"] !== undefined || (media !== undefined && media !== "" && content?.[media] !== undefined);
  }

  /** Whether the document answers this request's status with no body (a poll without work: 204). */
  empty(method: string, path: string, status: number): boolean {
    const op = this.ops.find((o) => o.method === method.toLowerCase() && o.regex.test(path));
    if (!op) return false;
    const responses = (((this.spec.paths as Json)[op.template] as Json)[op.method] as Json).responses as Json;
    const response = responses[String(status)] as Json | undefined;
    return response !== undefined && response.content === undefined;
  }

  event(event: unknown): void {
    this.seen.add("stream event");
    this.check("v1.json#/components/schemas/SessionEvent", event, "stream event");
  }

  private check(ref: string, body: unknown, label: string): void {
    const fn = this.compiled(ref);
    if (!fn(body)) {
      this.failures.push(`${label}: ${this.ajv.errorsText(fn.errors)} in ${JSON.stringify(body).slice(0, 400)}`);
    }
  }

  /** A fetch for the SDK that validates every JSON response it gets (SSE bodies pass through untouched). */
  fetch(): typeof fetch {
    return async (input, init) => {
      const res = await fetch(input, init);
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? "GET").toUpperCase();
      // The SDK probes fetch's abilities with `data:` URLs: only the server's answers are checked.
      if (!url.protocol.startsWith("http")) return res;
      if (!res.headers.get("request-id")?.startsWith("req_"))
        this.failures.push(`${method} ${url.pathname}: no request-id`);
      if (res.headers.get("content-type")?.includes("application/json")) {
        this.response(method, url.pathname, res.status, await res.clone().json());
      } else if (
        !res.headers.get("content-type")?.includes("text/event-stream") &&
        !this.binary(method, url.pathname, res.status, res.headers.get("content-type")) &&
        !this.empty(method, url.pathname, res.status)
      ) {
        this.failures.push(`${method} ${url.pathname} ${res.status}: content-type ${res.headers.get("content-type")}`);
      }
      return res;
    };
  }
}
