import type { Schema } from "../api.ts";

type EventTypeInfo = Schema<"WebhookEventTypeInfo">;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Follows a local `#/a/b` pointer in the bundled spec. */
function resolvePointer(spec: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`Only local $refs are supported in the spec, got ${ref}`);
  let node: unknown = spec;
  for (const raw of ref.slice(2).split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(part in node)) throw new Error(`Unresolvable $ref ${ref}`);
    node = node[part];
  }
  return node;
}

/**
 * A schema of the spec made self-contained: `$ref`s inlined, and OpenAPI's `example` turned into
 * JSON Schema's `examples`, so any draft 2020-12 validator takes it as is.
 */
function standalone(spec: Json, node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => standalone(spec, n, seen));
  if (!isObject(node)) return node;
  if (typeof node.$ref === "string") {
    if (seen.includes(node.$ref)) throw new Error(`Recursive $ref ${node.$ref} in an event schema`);
    const { $ref, ...siblings } = node;
    const target = standalone(spec, resolvePointer(spec, $ref), [...seen, $ref]) as Json;
    return { ...target, ...(standalone(spec, siblings, seen) as Json) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "example") out.examples = [value];
    else out[key] = standalone(spec, value, seen);
  }
  return out;
}

/** The first paragraph of a webhook's description: when the event is emitted. */
function summaryOf(description: unknown, kind: string): string {
  if (typeof description !== "string" || description.trim() === "") {
    throw new Error(`The webhook ${kind} has no description in the spec`);
  }
  return (description.trim().split(/\n\s*\n/)[0] ?? "").replace(/\s*\n\s*/g, " ");
}

/**
 * The catalog of event types, read from the `webhooks` section of the bundled spec: each kind with
 * when it is emitted and the JSON Schema of its `data` (the second part of the envelope's `allOf`).
 * Built once at start-up; a webhook the catalog cannot read is a broken spec and stops the start.
 */
export function eventTypeCatalog(spec: Json): EventTypeInfo[] {
  const webhooks = spec.webhooks;
  if (!isObject(webhooks)) throw new Error("The spec has no webhooks section");
  return Object.entries(webhooks).map(([kind, item]) => {
    const post = isObject(item) && isObject(item.post) ? item.post : null;
    const body = post && isObject(post.requestBody) ? post.requestBody : null;
    const content = body && isObject(body.content) ? body.content["application/json"] : null;
    const envelope = isObject(content) && isObject(content.schema) ? content.schema : null;
    const parts = envelope && Array.isArray(envelope.allOf) ? envelope.allOf : [];
    const data = parts
      .map((p: unknown) => (isObject(p) && isObject(p.properties) ? p.properties.data : undefined))
      .find((d) => d !== undefined);
    if (!post || !isObject(data)) throw new Error(`The webhook ${kind} has no data schema in the spec`);
    return {
      name: kind as EventTypeInfo["name"],
      description: summaryOf(post.description, kind),
      schema: { $schema: "https://json-schema.org/draft/2020-12/schema", ...(standalone(spec, data) as Json) },
    };
  });
}
