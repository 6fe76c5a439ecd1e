/**
 * Rules the bundled spec keeps for every operation and webhook, including ones added later:
 * examples everywhere (STYLE.md), Idempotency-Key on every POST (API.md), and webhooks whose
 * payload names their own data schema (so the docs show it, not a union of every kind).
 */
import { describe, expect, it } from "vitest";
import { SpecValidator } from "../helpers/spec/specValidator.ts";

type Json = Record<string, any>;
const spec = new SpecValidator().spec as Json;

function resolve(node: Json): Json {
  if (typeof node?.$ref !== "string") return node;
  const target = node.$ref
    .slice(2)
    .split("/")
    .reduce((at: Json, part: string) => at[part.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
  return resolve(target);
}

const operations = Object.entries(spec.paths as Json).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((m) => ({ method: m, path, op: item[m] })),
);
const webhooks = Object.entries(spec.webhooks as Json).map(([name, item]) => ({ name, op: item.post as Json }));
const hasExample = (media: Json) => media.example !== undefined || Object.keys(media.examples ?? {}).length > 0;

describe("every operation", () => {
  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    "%s has request and response examples",
    (_, { op }) => {
      if (op.requestBody) {
        for (const [type, media] of Object.entries(resolve(op.requestBody).content as Json)) {
          expect(hasExample(media as Json), `request ${type}`).toBe(true);
        }
      }
      for (const [status, response] of Object.entries(op.responses as Json)) {
        for (const [type, media] of Object.entries((resolve(response).content ?? {}) as Json)) {
          const m = media as Json;
          expect(hasExample(m) || resolve(m.schema ?? {}).example !== undefined, `${status} ${type}`).toBe(true);
        }
      }
      for (const parameter of op.parameters ?? []) {
        const p = resolve(parameter);
        expect(p.example ?? p.schema?.example ?? p.schema?.default, `parameter ${p.name}`).toBeDefined();
      }
    },
  );

  it.each(operations.filter((o) => o.method === "post").map((o) => [o.path, o] as const))(
    "POST %s takes Idempotency-Key and documents 409 and 422",
    (_, { op }) => {
      const names = (op.parameters ?? []).map((p: Json) => resolve(p).name);
      expect(names).toContain("Idempotency-Key");
      expect(resolve(op.responses["422"] ?? {}).content?.["application/json"]?.example?.error?.type).toBe(
        "idempotency_error",
      );
      expect(op.responses["409"]).toBeDefined();
    },
  );
});

describe("every webhook", () => {
  it.each(webhooks.map((w) => [w.name, w] as const))("%s documents its own payload and example", (name, { op }) => {
    const media = resolve(op.requestBody).content["application/json"];
    expect(media.example?.data?.type).toBe(name);
    // The payload's data: one schema, whose type is this kind (never a union of every kind).
    const members = (media.schema.allOf ?? [media.schema]).map(resolve);
    const data = members.map((m: Json) => m.properties?.data).filter(Boolean);
    expect(data).toHaveLength(1);
    const dataSchema = resolve(data[0]);
    expect(dataSchema.oneOf).toBeUndefined();
    expect(dataSchema.properties.type.const).toBe(name);
    expect(media.schema.unevaluatedProperties).toBe(false);
  });
});
