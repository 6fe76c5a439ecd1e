import { expect } from "vitest";
import { inProcess } from "../servers/server.ts";
import { fuzz } from "./fuzzer.ts";
import { type SpecValidator, specValidator, v1SpecValidator } from "./specValidator.ts";

/** The two documents the server answers: the native one under /api/v1/cloud and /v1's. */
export type FuzzedSurface = "native" | "v1";

const SURFACES: Record<
  FuzzedSurface,
  { validator: () => SpecValidator; basePath?: string; auth: "bearer" | "api-key" }
> = {
  native: { validator: specValidator, auth: "bearer" },
  v1: { validator: v1SpecValidator, basePath: "", auth: "api-key" },
};

/**
 * Runs the fuzzer against a fresh server and asserts what must hold: no 5xx, every answer in
 * the envelope with its Request-Id and a documented status and body, nothing logged as an
 * unhandled error, and a healthy server afterwards. The seed comes from FUZZ_SEED (printed, so
 * a failing run can be replayed).
 */
export async function fuzzEveryOperation(runs: number, surface: FuzzedSurface = "native"): Promise<void> {
  const { validator, basePath, auth } = SURFACES[surface];
  const seed = Number(process.env.FUZZ_SEED ?? 20261123);
  const server = await inProcess({ env: { WEBHOOK_TIMEOUT_MS: "1000", LOG_LEVEL: "info" } });
  try {
    const report = await fuzz({
      baseUrl: server.url,
      token: server.token,
      validator: validator(),
      ...(basePath !== undefined ? { basePath } : {}),
      auth,
      seed,
      runs,
      log: (line) => console.log(line),
    });
    const operations = Object.keys(report.perOperation).length;
    const least = Math.min(...Object.values(report.perOperation));
    console.log(
      `fuzz ${surface} (FUZZ_SEED=${seed}): ${report.requests} requests over ${operations} operations ` +
        `(at least ${least} each), statuses ${JSON.stringify(report.statuses)}, ` +
        `${Object.keys(report.succeeded).length} operations reached a 2xx, ${report.failures.length} failures, ` +
        `${report.resent} sent again after a kept-alive connection was reset`,
    );
    for (const f of report.failures.slice(0, 20)) console.log(`  ${f.operation}: ${f.problem}\n    ${f.request}`);
    expect(report.failures).toEqual([]);
    expect(operations).toBe(validator().listOperations().length);
    expect(least).toBeGreaterThanOrEqual(runs);
    const unhandled = server.logs.filter((l) => l.level === "error");
    expect(unhandled.map((l) => `${l.msg}: ${String(l.error ?? "")}`)).toEqual([]);
    // Healthy afterwards: it answers and still does real work.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const vault = await server.request("POST", "/vaults", { body: { display_name: "after the fuzz" } });
    expect(vault.status).toBe(200);
    expect((await server.request("GET", `/vaults/${vault.body.id}`)).status).toBe(200);
  } finally {
    await server.stop();
  }
}
