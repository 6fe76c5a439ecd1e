/**
 * A sweep over every operation of the spec: whatever the malformed input, the answer is a 4xx in
 * the error envelope (never a 500), and every response matches the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/servers/rawHttp.ts";
import { type ApiResponse, expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";
import { BASE_PATH, specValidator } from "../helpers/spec/specValidator.ts";

type Json = Record<string, unknown>;

const validator = specValidator();
const operations = validator.listOperations();
const DUMMY = "01JD3Q3ZC8N0T5F4V8Y9W2K6M1";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

function resolve(node: unknown): unknown {
  let current = node;
  while (current && typeof current === "object" && typeof (current as Json).$ref === "string") {
    let target: unknown = validator.spec;
    for (const part of ((current as Json).$ref as string).replace(/^#\//, "").split("/")) {
      target = (target as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    current = target;
  }
  return current;
}

function concretePath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === "version" ? "1700000000000000" : `${name.replace(/_id$/, "").slice(0, 6)}_${DUMMY}`,
  );
}

function jsonBody(operation: Json): { schema: Json; example: unknown } | null {
  const body = resolve(operation.requestBody) as Json | undefined;
  const media = (body?.content as Json | undefined)?.["application/json"] as Json | undefined;
  if (!media) return null;
  let example = media.example;
  if (example === undefined && media.examples) {
    const first = Object.values(media.examples as Json)[0];
    example = (resolve(first) as Json).value;
  }
  return { schema: resolve(media.schema) as Json, example };
}

function isMultipart(operation: Json): boolean {
  const body = resolve(operation.requestBody) as Json | undefined;
  return Boolean((body?.content as Json | undefined)?.["multipart/form-data"]);
}

function hasParam(operation: Json, name: string): boolean {
  return ((operation.parameters as unknown[]) ?? []).some((p) => (resolve(p) as Json).name === name);
}

/** A value of another JSON type than the schema's. */
function wrongValue(schema: Json): unknown {
  const s = resolve(schema) as Json;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return 12345;
    case "integer":
    case "number":
      return "not-a-number";
    case "boolean":
      return "yes";
    case "array":
      return { not: "an array" };
    default:
      return 42;
  }
}

function no500(res: ApiResponse, what: string): void {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body?.type, what).toBe("error");
}

describe.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.template}`, o] as const))("%s", (_name, op) => {
  const path = concretePath(op.template);
  const method = op.method.toUpperCase();
  const body = jsonBody(op.operation);

  it("declares the answers every operation can give: 413 request_too_large and 503 (database locked)", () => {
    // Any operation can be sent a body over the limit (a GET too), and any can meet the
    // database locked by another process: the spec must say so, with the shared responses.
    expect((op.operation.responses as Json)["413"]).toEqual({ $ref: "#/components/responses/PayloadTooLarge" });
    expect((op.operation.responses as Json)["503"]).toEqual({ $ref: "#/components/responses/ServiceUnavailable" });
  });

  it("answers 413 at once to a declared Content-Length over the limit, without waiting for the body", async () => {
    const {
      status,
      headers,
      body: answer,
    } = await rawRequest(
      server.url,
      `${method} ${BASE_PATH}${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\n` +
        // 1 TiB: over every operation's limit, the uploads' (FILES_MAX_BYTES) included.
        "Content-Type: application/json\r\nContent-Length: 1099511627776\r\n\r\n",
    );
    expect(status, answer).toBe(413);
    const envelope = JSON.parse(answer);
    expect(envelope.error.type).toBe("request_too_large");
    expect(envelope.request_id).toBe(headers["request-id"]);
    expect(headers.connection).toBe("close");
  });

  const pathParams = [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  if (pathParams.length > 0) {
    it("refuses malformed percent-encoding in each path parameter, naming it", async () => {
      for (const name of pathParams) {
        for (const bad of ["%ZZ", "%E0%A4%A", "%"]) {
          const raw = op.template.replace(/\{([^}]+)\}/g, (_m, p: string) =>
            p === name ? bad : concretePath(`{${p}}`),
          );
          const res = await server.request(method, raw, body ? { body: body.example ?? {} } : {});
          const error = expectError(res, 400, "invalid_request_error");
          expect(error.param, `${raw}: ${res.text}`).toBe(name);
          expect(error.message).toContain(JSON.stringify(bad));
        }
      }
    });
  }

  it("answers 401 TOKEN_INVALID without a token, with a malformed header and with an unknown token", async () => {
    for (const token of [null, "", "definitely-not-a-token"]) {
      const res = await server.request(method, path, { token, ...(body ? { body: body.example ?? {} } : {}) });
      expectError(res, 401, "TOKEN_INVALID");
    }
    const res = await server.request(method, path, { token: null, headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expectError(res, 401, "TOKEN_INVALID");
  });

  it("refuses an unknown query parameter", async () => {
    const res = await server.request(method, `${path}?zz_unknown=1`, body ? { body: body.example ?? {} } : {});
    no500(res, "unknown query parameter");
    expect(res.status).toBe(400);
  });

  if (body) {
    it("refuses malformed JSON, non-object bodies and a missing or wrong Content-Type", async () => {
      for (const raw of ['{"display_name":', "[]", "null", '"text"', "42", "{,}"]) {
        const res = await server.request(method, path, { raw });
        no500(res, `body ${raw}`);
        expect(res.status).toBe(400);
      }
      const missing = await server.request(method, path, {
        raw: JSON.stringify(body.example ?? {}),
        contentType: null,
      });
      expect(expectError(missing, 400, "invalid_request_error").param).toBe("Content-Type");
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
        const res = await server.request(method, path, { raw: JSON.stringify(body.example ?? {}), contentType });
        expect(expectError(res, 400, "invalid_request_error").param).toBe("Content-Type");
      }
    });

    it("refuses an unknown field", async () => {
      const example = (body.example && typeof body.example === "object" ? body.example : {}) as Json;
      const res = await server.request(method, path, { body: { ...example, zz_unknown_field: 1 } });
      no500(res, "unknown field");
      expect(res.status).toBe(400);
      // The example is a valid body, so the only fault left is the unknown field: it is named.
      expect(res.body.error.param, res.text).toBe("zz_unknown_field");
    });

    it("refuses a wrong type in every top-level field, naming the field", async () => {
      const props = (body.schema.properties ?? {}) as Json;
      const example = (body.example && typeof body.example === "object" ? body.example : {}) as Json;
      for (const [name, schema] of Object.entries(props)) {
        const res = await server.request(method, path, { body: { ...example, [name]: wrongValue(schema as Json) } });
        no500(res, `wrong type for ${name}`);
        expect(res.status, `wrong type for ${name}: ${res.text}`).toBe(400);
        expect(res.body.error.param ?? "", `wrong type for ${name}: ${res.text}`).toMatch(new RegExp(`^${name}`));
      }
    });

    it("answers 413 request_too_large for a body over the limit", async () => {
      const huge = JSON.stringify({ display_name: "x".repeat(server.service.deps.config.maxBodyBytes + 10) });
      const res = await server.request(method, path, { raw: huge });
      expectError(res, 413, "request_too_large");
    });
  }

  if (isMultipart(op.operation)) {
    it("refuses JSON, a missing Content-Type and a malformed multipart body", async () => {
      const json = await server.request(method, path, { body: { files: [] } });
      no500(json, "json to multipart");
      expect(json.status).toBe(400);
      const none = await server.request(method, path, { raw: "files=x", contentType: null });
      expect(expectError(none, 400, "invalid_request_error").param).toBe("Content-Type");
      const broken = await server.request(method, path, {
        raw: '--b\r\nContent-Disposition: form-data; name="files"\r\n\r\nunterminated',
        contentType: "multipart/form-data; boundary=b",
      });
      no500(broken, "malformed multipart");
    });
  }

  if (hasParam(op.operation, "limit")) {
    it("refuses bad limits and bad or conflicting cursors", async () => {
      for (const [query, param] of [
        ["limit=0", ["limit"]],
        ["limit=101", ["limit"]],
        ["limit=abc", ["limit"]],
        ["limit=1.5", ["limit"]],
        ["limit=-1", ["limit"]],
        // Coerced to a non-finite number by the schema validator: the shared numeric check refuses them.
        ["limit=Infinity", ["limit"]],
        ["limit=-Infinity", ["limit"]],
        ["limit=1e1000", ["limit"]],
        ["limit=NaN", ["limit"]],
        ["page=nope", ["page"]],
        [`after_id=zzz_${DUMMY}`, ["after_id"]],
        [`before_id=${"x".repeat(300)}`, ["before_id"]],
        // Two cursors: either one is the offending parameter (a list that pages by another key,
        // like agent versions, names the first one it does not know).
        [`page=vault_${DUMMY}&after_id=vault_${DUMMY}`, ["page", "after_id"]],
        [`after_id=vault_${DUMMY}&before_id=vault_${DUMMY}`, ["after_id", "before_id"]],
      ] as const) {
        const res = await server.request(method, `${path}?${query}`);
        no500(res, query);
        // Parameters are checked before any lookup, so even under an unknown parent id this is a 400.
        expect(param, `${query}: ${res.text}`).toContain(expectError(res, 400, "invalid_request_error").param);
      }
    });
  }
});

it("answers 404 in the envelope for an unknown route under the API", async () => {
  expectError(await server.request("GET", "/no_such_thing"), 404, "not_found_error");
});
