/**
 * The code samples of the API reference, generated from the bundled description itself (never
 * written by hand): for every operation a `curl` command and a TypeScript SDK call
 * (`createCloudAgentsClient`, client/), built from the operation's request example and its path
 * parameters' examples, and set as the operation's `x-codeSamples` (which Redoc renders beside
 * the operation). test/docs/codeSamples.test.ts checks that every operation has both and that
 * each sample carries exactly the request example.
 */

type Json = Record<string, unknown>;

export interface CodeSample {
  lang: "Shell" | "TypeScript";
  label: "curl" | "TypeScript SDK";
  source: string;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The SDK's methods for the Server-Sent Events operations (they reconnect and resume on their own). */
const STREAM_CALLS: Record<string, (path: Record<string, string>) => string> = {
  streamSessionEvents: (p) => `client.streamSessionEvents(${q(p.session_id)})`,
  streamSessionThreadEvents: (p) => `client.streamThreadEvents(${q(p.session_id)}, ${q(p.thread_id)})`,
  streamEvents: () => "client.streamEvents()",
};

/** A TypeScript string literal. */
function q(value: string | undefined): string {
  if (value === undefined) throw new Error("a path parameter without an example");
  return JSON.stringify(value);
}

/** A shell word in single quotes (a `'` inside becomes `'\''`). */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function resolver(spec: Json): (node: unknown) => Json {
  const resolve = (node: unknown): Json => {
    const ref = (node as Json | undefined)?.$ref;
    if (typeof ref !== "string") return (node ?? {}) as Json;
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((at, part) => (at as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
    return resolve(target);
  };
  return resolve;
}

export interface RequestExample {
  mediaType: string;
  value: unknown;
}

/** The operation's request example (its `example`, else its first `examples` entry), or null without a body. */
export function requestExample(spec: Json, op: Json): RequestExample | null {
  const resolve = resolver(spec);
  if (!op.requestBody) return null;
  const content = (resolve(op.requestBody).content ?? {}) as Record<string, Json>;
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  if (!mediaType || !media) return null;
  if (media.example !== undefined) return { mediaType, value: media.example };
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  if (first === undefined) throw new Error(`a request body of ${mediaType} without an example`);
  return { mediaType, value: resolve(first).value };
}

/** The example of each path parameter (and of each required query parameter), by name. */
function parameterExamples(
  spec: Json,
  item: Json,
  op: Json,
): { path: Record<string, string>; query: [string, string][] } {
  const resolve = resolver(spec);
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of [...((item.parameters ?? []) as unknown[]), ...((op.parameters ?? []) as unknown[])].map(resolve)) {
    const example = p.example ?? (p.schema as Json | undefined)?.example;
    if (p.in === "path") {
      if (example === undefined) throw new Error(`path parameter ${String(p.name)} has no example`);
      path[String(p.name)] = String(example);
    } else if (p.in === "query" && p.required === true) {
      if (example === undefined) throw new Error(`required query parameter ${String(p.name)} has no example`);
      query.push([String(p.name), String(example)]);
    }
  }
  return { path, query };
}

function responseMediaType(spec: Json, op: Json): string | undefined {
  const resolve = resolver(spec);
  const responses = (op.responses ?? {}) as Record<string, unknown>;
  const ok = Object.entries(responses).find(([status]) => status.startsWith("2"))?.[1];
  return Object.keys((resolve(ok).content ?? {}) as Json)[0];
}

function curlSample(
  base: string,
  method: string,
  pathTemplate: string,
  params: ReturnType<typeof parameterExamples>,
  body: RequestExample | null,
  produces: string | undefined,
): string {
  const path = pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params.path[name] ?? ""));
  const search = params.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  const url = `${base}${path}${search ? `?${search}` : ""}`;
  const first = ["curl"];
  if (produces === "text/event-stream") first.push("-N");
  if (method !== "get") first.push("-X", method.toUpperCase());
  first.push(shellQuote(url));
  const lines = [first.join(" "), `-H "Authorization: Bearer $CLOUD_AGENTS_TOKEN"`];
  if (produces === "text/event-stream") lines.push(`-H ${shellQuote("Accept: text/event-stream")}`);
  if (body?.mediaType === "application/json") {
    lines.push(`-H ${shellQuote("Content-Type: application/json")}`);
    lines.push(`-d ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  } else if (body?.mediaType === "multipart/form-data") {
    for (const [name, value] of Object.entries(body.value as Json)) {
      // Files: the path on disk, sent under that path (which names the file inside the skill).
      if (Array.isArray(value))
        for (const file of value) lines.push(`-F ${shellQuote(`${name}=@${file};filename=${file}`)}`);
      else lines.push(`-F ${shellQuote(`${name}=${String(value)}`)}`);
    }
  } else if (body && (body.mediaType === "application/octet-stream" || body.mediaType.startsWith("text/"))) {
    // A raw body (a session file's bytes): the example's text, sent as is.
    lines.push(`-H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
    lines.push(`--data-binary ${shellQuote(String(body.value))}`);
  } else if (body?.mediaType === "application/zip") {
    // An archive (a worker's workspace): sent from a file.
    lines.push(`-H ${shellQuote("Content-Type: application/zip")}`);
    lines.push(`--data-binary ${shellQuote(`@${String(body.value)}`)}`);
  } else if (body) {
    throw new Error(`no curl sample for a ${body.mediaType} body`);
  }
  if (produces && produces !== "application/json" && produces !== "text/event-stream")
    lines.push(produces === "application/zip" ? "-o skill.zip" : "-o response.bin");
  return lines.map((l, i) => (i === 0 ? l : `  ${l}`)).join(" \\\n");
}

function tsSample(
  base: string,
  method: string,
  pathTemplate: string,
  op: Json,
  params: ReturnType<typeof parameterExamples>,
  body: RequestExample | null,
  produces: string | undefined,
): string {
  const head = [
    `import { createCloudAgentsClient } from "@cloud-agents/sdk";`,
    "",
    `const client = createCloudAgentsClient({ baseUrl: ${q(base)}, token: process.env.CLOUD_AGENTS_TOKEN ?? "" });`,
  ];
  if (produces === "text/event-stream") {
    const call = STREAM_CALLS[String(op.operationId)];
    if (!call) throw new Error(`no SDK stream method for ${String(op.operationId)}`);
    return [...head, "", `for await (const event of ${call(params.path)}) {`, "  console.log(event);", "}"].join("\n");
  }
  const init: string[] = [];
  const paramParts: string[] = [];
  if (Object.keys(params.path).length > 0) paramParts.push(`path: ${JSON.stringify(params.path)}`);
  if (params.query.length > 0) paramParts.push(`query: ${JSON.stringify(Object.fromEntries(params.query))}`);
  if (paramParts.length > 0) init.push(`params: { ${paramParts.join(", ")} }`);
  const before: string[] = [];
  if (body?.mediaType === "application/json") {
    init.push(`body: ${JSON.stringify(body.value, null, 2).replaceAll("\n", "\n  ")}`);
  } else if (body?.mediaType === "multipart/form-data") {
    head.unshift(`import { readFile } from "node:fs/promises";`);
    before.push(`const body = ${JSON.stringify(body.value, null, 2)};`);
    before.push("// multipart/form-data: each file read from disk and sent under its path.");
    before.push("const form = new FormData();");
    for (const [name, value] of Object.entries(body.value as Json)) {
      if (Array.isArray(value)) {
        before.push(
          `for (const file of body[${q(name)}]) form.append(${q(name)}, new Blob([await readFile(file)]), file);`,
        );
      } else {
        before.push(`form.append(${q(name)}, body[${q(name)}]);`);
      }
    }
    init.push("body", "bodySerializer: () => form");
  } else if (body?.mediaType === "application/zip") {
    // An archive (a worker's workspace), read from its file.
    head.unshift(`import { readFile } from "node:fs/promises";`);
    before.push(`const bytes = await readFile(${q(String(body.value))});`);
    init.push(
      "body: bytes as never",
      "bodySerializer: (b: unknown) => b as Uint8Array",
      `headers: { "Content-Type": "application/zip" }`,
    );
  } else if (body) {
    // A raw body (a session file's bytes), sent as is under its media type.
    before.push(`const bytes = ${JSON.stringify(String(body.value))};`);
    init.push(
      "body: bytes as never",
      "bodySerializer: (b: unknown) => b as string",
      `headers: { "Content-Type": ${q(body.mediaType)} }`,
    );
  }
  if (produces && produces !== "application/json") init.push(`parseAs: "arrayBuffer"`);
  const args = init.length > 0 ? `, {\n  ${init.join(",\n  ")},\n}` : "";
  return [
    ...head,
    "",
    ...(before.length > 0 ? [...before, ""] : []),
    `const { data, error } = await client.${method.toUpperCase()}(${q(pathTemplate)}${args});`,
    "if (error) throw new Error(error.error.message);",
    "console.log(data);",
  ].join("\n");
}

/** Sets `x-codeSamples` (curl, then the TypeScript SDK) on every operation of the bundled document. */
export function addCodeSamples(spec: Json): void {
  const servers = (spec.servers ?? []) as Json[];
  const apiBase = String(servers[0]?.url ?? "http://127.0.0.1:8080/api/v1/cloud");
  // The SDK adds the /api/v1/cloud prefix itself: it takes the server's root URL.
  const root = apiBase.replace(/\/api\/v1\/cloud\/?$/, "");
  for (const [pathTemplate, item] of Object.entries((spec.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const where = `${method.toUpperCase()} ${pathTemplate}`;
      try {
        const params = parameterExamples(spec, item, op);
        const body = requestExample(spec, op);
        const produces = responseMediaType(spec, op);
        const samples: CodeSample[] = [
          { lang: "Shell", label: "curl", source: curlSample(apiBase, method, pathTemplate, params, body, produces) },
          {
            lang: "TypeScript",
            label: "TypeScript SDK",
            source: tsSample(root, method, pathTemplate, op, params, body, produces),
          },
        ];
        op["x-codeSamples"] = samples;
      } catch (err) {
        throw new Error(`code samples of ${where}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
