import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { specForAjv } from "../../../server/spec.ts";

// ajv-formats is CommonJS: its function is the default export's `default` under NodeNext.
const addFormats = (formats as unknown as { default: (ajv: Ajv2020) => void }).default;

const SPEC_FILE = fileURLToPath(new URL("../../../generated/openapi.json", import.meta.url));
const V1_SPEC_FILE = fileURLToPath(new URL("../../../generated/v1/openapi.json", import.meta.url));
export const BASE_PATH = "/api/v1/cloud";

interface Operation {
  method: string;
  template: string;
  regex: RegExp;
}

type Json = Record<string, unknown>;

/** Validates responses against the bundled spec, independently of the server's own validator. */
export class SpecValidator {
  readonly spec: Json;
  private readonly ajv: Ajv2020;
  private readonly operations: Operation[] = [];
  private readonly cache = new Map<string, ValidateFunction>();

  /** `file`: a bundled document (the native one by default; generated/v1/openapi.json for /v1). */
  constructor(file = SPEC_FILE) {
    this.spec = specForAjv(JSON.parse(readFileSync(file, "utf8")) as Json);
    this.ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(this.spec, "spec.json");
    for (const [template, item] of Object.entries(this.spec.paths as Json)) {
      for (const method of ["get", "post", "put", "delete", "patch"]) {
        if ((item as Json)[method]) {
          const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
          this.operations.push({ method, template, regex: new RegExp(`^${pattern}$`) });
        }
      }
    }
  }

  /** Every documented operation: method and path template (e.g. `get /vaults/{vault_id}`). */
  listOperations(): { method: string; template: string; operation: Json }[] {
    return this.operations.map((o) => ({
      method: o.method,
      template: o.template,
      operation: ((this.spec.paths as Json)[o.template] as Json)[o.method] as Json,
    }));
  }

  /** Finds the operation of a request path (relative to the API base, query string ignored). */
  match(method: string, path: string): Operation | undefined {
    const bare = path.split("?")[0] ?? path;
    const m = method.toLowerCase();
    // Prefer literal segments over parameters: `/skills/x/versions` before `/skills/{id}`.
    const found = this.operations.filter((o) => o.method === m && o.regex.test(bare));
    return found.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0];
  }

  /**
   * Throws when a response of a documented operation has an undeclared status or a body that
   * does not match its schema. Returns false when the request matched no documented operation.
   */
  validate(method: string, path: string, status: number, contentType: string | null, body: unknown): boolean {
    const op = this.match(method, path);
    if (!op) return false;
    const esc = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
    const opPointer = `#/paths/${esc(op.template)}/${op.method}`;
    const operation = ((this.spec.paths as Json)[op.template] as Json)[op.method] as Json;
    const responses = operation.responses as Json;
    let response = responses[String(status)] as Json | undefined;
    if (!response) {
      throw new Error(`${method.toUpperCase()} ${op.template} answered ${status}, which the spec does not declare`);
    }
    let pointer = `${opPointer}/responses/${status}`;
    if (typeof response.$ref === "string") {
      pointer = response.$ref;
      response = this.resolve(response.$ref);
    }
    const content = response.content as Json | undefined;
    if (!content) {
      if (body !== undefined && body !== "") throw new Error(`${op.template} ${status}: the spec declares no body`);
      return true;
    }
    const media = Object.keys(content)[0] ?? "";
    // `*/*` (a file's own type, as uploaded) matches any type; `text/*` any text.
    const matches =
      media === "*/*" ||
      (media.endsWith("/*") ? contentType?.startsWith(media.slice(0, -1)) : contentType?.startsWith(media));
    if (!matches) {
      throw new Error(`${op.template} ${status}: content type ${contentType} is not the declared ${media}`);
    }
    if (media !== "application/json") return true;
    const ref = `spec.json${pointer}/content/${esc(media)}/schema`;
    const fn: ValidateFunction = this.cache.get(ref) ?? this.ajv.compile({ $ref: ref });
    this.cache.set(ref, fn);
    if (!fn(body)) {
      throw new Error(
        `${method.toUpperCase()} ${op.template} ${status}: body does not match the spec: ${this.ajv.errorsText(fn.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
    return true;
  }

  private resolve(ref: string): Json {
    let node: unknown = this.spec;
    for (const part of ref.replace(/^#\//, "").split("/")) {
      node = (node as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    return node as Json;
  }
}

let shared: SpecValidator | undefined;
export function specValidator(): SpecValidator {
  shared ??= new SpecValidator();
  return shared;
}

let sharedV1: SpecValidator | undefined;
/** The /v1 document's validator: its templates carry `/v1`, so paths are given whole. */
export function v1SpecValidator(): SpecValidator {
  sharedV1 ??= new SpecValidator(V1_SPEC_FILE);
  return sharedV1;
}
