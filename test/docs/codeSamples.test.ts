/**
 * The code samples of the API reference (generated/openapi.json's `x-codeSamples`, which Redoc
 * renders at /docs; made by scripts/lib/codeSamples.ts from the description's own examples):
 * every operation has a curl command and a TypeScript SDK call; each carries exactly the
 * operation's request example and the examples of its path parameters; and the TypeScript
 * samples compile against the SDK (client/) with the project's strict settings.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestExample } from "../../scripts/lib/codeSamples.ts";
import { ROOT } from "../helpers/servers/server.ts";

type Json = Record<string, any>;
const spec = JSON.parse(readFileSync(join(ROOT, "generated/openapi.json"), "utf8")) as Json;

const operations = Object.entries(spec.paths as Json).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"]
    .filter((m) => item[m])
    .map((m) => ({ name: `${m.toUpperCase()} ${path}`, method: m, path, item: item as Json, op: item[m] as Json })),
);

const sample = (op: Json, label: string): string => {
  const found = ((op["x-codeSamples"] ?? []) as Json[]).find((s) => s.label === label);
  expect(found, `${label} sample`).toBeDefined();
  return String(found?.source);
};

/** The shell words of a command of single-quoted words (as the samples write them), `\` line ends joined. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  const text = command.replace(/\\\n/g, " ");
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i] as string)) {
      i++;
      continue;
    }
    let word = "";
    while (i < text.length && !/\s/.test(text[i] as string)) {
      const c = text[i] as string;
      if (c === "'") {
        const end = text.indexOf("'", i + 1);
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        const end = text.indexOf('"', i + 1);
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (c === "\\") {
        word += text[i + 1];
        i += 2;
      } else {
        word += c;
        i++;
      }
    }
    words.push(word);
  }
  return words;
}

function pathParamExamples(item: Json, op: Json): Record<string, string> {
  const resolve = (p: Json): Json =>
    typeof p.$ref === "string" ? spec.components.parameters[p.$ref.split("/").pop() as string] : p;
  const out: Record<string, string> = {};
  for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve)) {
    if (p.in === "path") out[p.name] = String(p.example ?? p.schema?.example);
  }
  return out;
}

describe("every operation's code samples", () => {
  it("the description has operations, each with samples", () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(operations.map((o) => [o.name, o] as const))("%s: curl sends its request example", (_, o) => {
    const words = shellWords(sample(o.op, "curl"));
    expect(words[0]).toBe("curl");
    const method = words.includes("-X") ? words[words.indexOf("-X") + 1] : "GET";
    expect(method).toBe(o.method.toUpperCase());
    const url = new URL(words.find((w) => w.startsWith("http")) as string);
    const expectedPath = o.path.replace(
      /\{([^}]+)\}/g,
      (_m, name: string) => pathParamExamples(o.item, o.op)[name] ?? "",
    );
    expect(decodeURIComponent(url.pathname)).toBe(`/api/v1/cloud${expectedPath}`);
    expect(words).toContain("Authorization: Bearer $CLOUD_AGENTS_TOKEN");
    const example = requestExample(spec, o.op);
    if (example === null) {
      expect(words).not.toContain("-d");
      expect(words).not.toContain("-F");
    } else if (example.mediaType === "application/json") {
      expect(words).toContain("Content-Type: application/json");
      expect(JSON.parse(words[words.indexOf("-d") + 1] as string)).toEqual(example.value);
    } else if (example.mediaType === "application/octet-stream") {
      // A raw body (a session file's bytes): sent as is, under its media type.
      expect(words).toContain("Content-Type: application/octet-stream");
      expect(words[words.indexOf("--data-binary") + 1]).toBe(String(example.value));
    } else if (example.mediaType === "application/zip") {
      // An archive (a worker's workspace): sent from the file the example names.
      expect(words).toContain("Content-Type: application/zip");
      expect(words[words.indexOf("--data-binary") + 1]).toBe(`@${String(example.value)}`);
    } else {
      expect(example.mediaType).toBe("multipart/form-data");
      const fields: Record<string, string | string[]> = {};
      words.forEach((w, i) => {
        if (words[i - 1] !== "-F") return;
        const [name, ...rest] = w.split("=");
        const value = rest.join("=");
        if (value.startsWith("@")) {
          const file = value.slice(1).split(";")[0] as string;
          fields[name as string] = [...((fields[name as string] as string[]) ?? []), file];
        } else fields[name as string] = value;
      });
      expect(fields).toEqual(example.value);
    }
  });

  it.each(operations.map((o) => [o.name, o] as const))("%s: the SDK sample sends its request example", (_, o) => {
    const source = sample(o.op, "TypeScript SDK");
    expect(source).toContain("createCloudAgentsClient");
    const pathParams = pathParamExamples(o.item, o.op);
    for (const value of Object.values(pathParams)) expect(source).toContain(JSON.stringify(value));
    if (source.includes("for await")) return; // a stream: the SDK's stream method, no request body
    expect(source).toContain(`client.${o.method.toUpperCase()}(${JSON.stringify(o.path)}`);
    const example = requestExample(spec, o.op);
    if (example?.mediaType === "application/zip") {
      expect(source).toContain(`const bytes = await readFile(${JSON.stringify(String(example.value))});`);
      expect(source).toContain('"Content-Type": "application/zip"');
      return;
    }
    if (example?.mediaType === "application/octet-stream") {
      expect(source).toContain(`const bytes = ${JSON.stringify(String(example.value))};`);
      expect(source).toContain('"Content-Type": "application/octet-stream"');
      return;
    }
    const body = (/^ {2}body: ([[{][\s\S]*?^ {2}[}\]]),$/m.exec(source) ??
      /^const body = ([[{][\s\S]*?^[}\]]);$/m.exec(source))?.[1];
    if (example === null) expect(body).toBeUndefined();
    else expect(JSON.parse(body as string)).toEqual(example.value);
  });
});

describe("the TypeScript samples", () => {
  const dir = mkdtempSync(join(ROOT, ".codesamples-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compile against the SDK with the project's strict settings", () => {
    mkdirSync(join(dir, "samples"));
    const files = operations.map((o) => {
      const file = `samples/${String(o.op.operationId)}.ts`;
      writeFileSync(join(dir, file), `${sample(o.op, "TypeScript SDK")}\nexport {};\n`);
      return file;
    });
    const base = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")) as Json;
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          ...base.compilerOptions,
          lib: ["ES2023", "DOM"],
          // The package name the samples import, as an installed SDK would resolve it.
          paths: { "@cloud-agents/sdk": ["../client/index.ts"] },
          allowImportingTsExtensions: true,
        },
        files,
      }),
    );
    const tsc = join(ROOT, "node_modules/.bin/tsc");
    let output = "";
    try {
      execFileSync(tsc, ["--noEmit", "-p", join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      output = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(output).toBe("");
  }, 180_000);
});
