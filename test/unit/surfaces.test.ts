/**
 * The two surfaces are one pipeline (server/http/surface.ts) over two descriptions: what a
 * description says of its document must be what the document says. `Idempotency-Key` is honoured
 * where the document declares it (every POST of the native one, none of /v1's).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { AppDeps } from "../../server/appDeps.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { rawSegments, SpecRoutes } from "../../server/http/specRoutes.ts";
import { anthropicRoutes, anthropicSurface, loadAnthropicSpec } from "../../server/surfaces/anthropic/index.ts";
import { cloudSurface } from "../../server/surfaces/cloud/index.ts";

type Json = Record<string, unknown>;

/** The POST operations of a bundled document, and how many declare an Idempotency-Key header. */
function idempotencyDeclared(file: string): { posts: number; declaring: number } {
  const doc = JSON.parse(readFileSync(new URL(`../../generated/${file}`, import.meta.url), "utf8")) as Json;
  const shared = ((doc.components as Json).parameters ?? {}) as Record<string, Json>;
  const resolve = (p: Json) => (typeof p.$ref === "string" ? (shared[p.$ref.split("/").pop() ?? ""] ?? p) : p);
  let posts = 0;
  let declaring = 0;
  for (const item of Object.values(doc.paths as Record<string, Json>)) {
    const op = item.post as Json | undefined;
    if (!op) continue;
    posts++;
    const params = [...((op.parameters ?? []) as Json[]), ...((item.parameters ?? []) as Json[])].map(resolve);
    if (params.some((p) => p.in === "header" && String(p.name).toLowerCase() === "idempotency-key")) declaring++;
  }
  return { posts, declaring };
}

it("honours Idempotency-Key on the surface whose document declares it, and only there", () => {
  const deps = { config: loadConfig({}) } as unknown as AppDeps;
  const cloud = cloudSurface(deps, new SpecRoutes(() => ({ paths: {} })));
  const anthropic = anthropicSurface(anthropicRoutes(loadAnthropicSpec()));
  const native = idempotencyDeclared("openapi.json");
  const v1 = idempotencyDeclared("v1/openapi.json");
  expect(native.posts).toBeGreaterThan(0);
  expect(v1.posts).toBeGreaterThan(0);
  expect({ declared: native.declaring === native.posts, honoured: cloud.idempotency }).toEqual({
    declared: true,
    honoured: true,
  });
  expect({ declared: v1.declaring > 0, honoured: anthropic.idempotency }).toEqual({ declared: false, honoured: false });
});

it("mounts each surface at its own base, with its route table relative to it", () => {
  const routes = anthropicRoutes(loadAnthropicSpec());
  const anthropic = anthropicSurface(routes);
  expect(anthropic.base).toBe("/v1");
  expect(routes.match(rawSegments("/agents"), "GET").map((o) => o.template)).toEqual(["/agents"]);
  expect(anthropic.apiKeyHeader).toBe("x-api-key");
});

it("compiles no schema when a request arrives: nothing in server/ imports Ajv or express-openapi-validator", async () => {
  const { globSync } = await import("tinyglobby");
  const root = new URL("../../", import.meta.url).pathname;
  const importers = globSync("server/**/*.ts", { cwd: root }).filter((file) =>
    /from "(ajv|ajv\/dist\/2020(\.js)?|ajv-formats|express-openapi-validator)"|import\("(ajv|ajv-formats|express-openapi-validator)/.test(
      readFileSync(`${root}${file}`, "utf8"),
    ),
  );
  expect(importers).toEqual([]);
});
