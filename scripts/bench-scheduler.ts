/**
 * Deployment scheduler benchmark: the real service in-process (HTTP API, SQLite, scheduler, run
 * worker) on the system clock. N deployments with `* * * * *` are created through the API, so all
 * of them are due at the same minute boundary; the script waits for that fire time (and more, with
 * --fires) and reports, per fire time, how many deployments fired exactly once, and the fire lag
 * (the run's created_at, which is its session's, minus the fire time) p50/p99/max.
 *
 * Usage: npm run bench:scheduler [-- --deployments 200 --fires 1]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Schema } from "../server/api.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startService } from "../server/service.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const DEPLOYMENTS = arg("deployments", 200);
const FIRES = arg("fires", 1);
const DEADLINE_MS = (FIRES + 2) * 60_000 + 60_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`bench-scheduler: gave up after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  watchdog.unref();
  const dir = mkdtempSync(join(tmpdir(), "cas-bench-scheduler-"));
  const token = "bench_token_0123456789abcdef";
  const config = loadConfig({
    PORT: "0",
    DATABASE_URL: `sqlite:${join(dir, "bench.db")}`,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
    LOG_LEVEL: "error",
    RUN_CONCURRENCY: "16",
  });
  const service = await startService({ config, logger: createLogger(config.logLevel) });
  const api = async <T = { id: string }>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${service.url}/api/v1/cloud${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json as T;
  };
  try {
    const environment = (await api("POST", "/environments", { name: "bench" })).id;
    const agent = (await api("POST", "/agents", { name: "bench", model: "echo" })).id;
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < DEPLOYMENTS; i++) {
      const d = await api("POST", "/deployments", {
        name: `bench-${i}`,
        agent,
        environment_id: environment,
        initial_events: [{ type: "user.message", content: [{ type: "text", text: `run ${i}` }] }],
        schedule: { type: "cron", expression: "* * * * *", timezone: "UTC" },
        overlap_policy: "allow",
      });
      ids.push(d.id);
    }
    const createdIn = Date.now() - started;
    // The fire times every deployment shares: the next minute boundaries after the last create.
    const first = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    const fireTimes = Array.from({ length: FIRES }, (_, i) => new Date(first + i * 60_000).toISOString());
    console.log(
      `created ${DEPLOYMENTS} deployments in ${createdIn} ms; waiting for ${fireTimes.join(", ")} (${Math.round((first - Date.now()) / 1000)} s)`,
    );
    const last = Date.parse(fireTimes[fireTimes.length - 1] as string);
    await new Promise((r) => setTimeout(r, Math.max(0, last - Date.now()) + 5_000));

    const runs: Schema<"DeploymentRun">[] = [];
    let page: string | null = null;
    do {
      const res: Schema<"DeploymentRunList"> = await api<Schema<"DeploymentRunList">>(
        "GET",
        `/deployment_runs?limit=100&trigger_type=schedule${page ? `&page=${page}` : ""}`,
      );
      runs.push(...res.data);
      page = res.has_more ? res.next_page : null;
    } while (page);

    console.log(
      "\nfire time                 deployments  fired once  twice+  missed  lag p50 ms  lag p99 ms  lag max ms",
    );
    for (const at of fireTimes) {
      const counts = new Map<string, number>();
      const lags: number[] = [];
      for (const r of runs) {
        if (r.trigger_context.type !== "schedule" || r.trigger_context.scheduled_at !== at) continue;
        counts.set(r.deployment_id, (counts.get(r.deployment_id) ?? 0) + 1);
        lags.push(Date.parse(r.created_at) - Date.parse(at));
      }
      lags.sort((a, b) => a - b);
      const once = ids.filter((id) => counts.get(id) === 1).length;
      const twice = ids.filter((id) => (counts.get(id) ?? 0) > 1).length;
      const missed = ids.filter((id) => !counts.has(id)).length;
      console.log(
        `${at}  ${String(DEPLOYMENTS).padStart(11)}  ${String(once).padStart(10)}  ${String(twice).padStart(6)}  ${String(missed).padStart(6)}  ${String(percentile(lags, 50)).padStart(10)}  ${String(percentile(lags, 99)).padStart(10)}  ${String(lags[lags.length - 1] ?? Number.NaN).padStart(10)}`,
      );
    }
    console.log("\ntarget: every deployment fired exactly once per fire time, lag p99 <= 1000 ms");
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
