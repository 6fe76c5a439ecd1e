/**
 * The scheduler section (formerly bench:scheduler): the real service in-process (HTTP API,
 * SQLite, scheduler, run worker) on the system clock. N deployments with `* * * * *` are created
 * through the API, so all of them are due at the same minute boundary; after that fire time the
 * runs are read back: how many deployments fired exactly once, and the fire lag (the run's
 * created_at minus the fire time) p50/p99/max. Waits up to a minute for the boundary.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Schema } from "../../server/api.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { createLogger } from "../../server/logger.ts";
import { startService } from "../../server/service.ts";
import { type Figure, judged } from "./figure.ts";
import { percentile, round, sleep } from "./stats.ts";

export async function runSchedulerBench(options: { quick?: boolean; deployments?: number } = {}): Promise<Figure[]> {
  const deployments = options.deployments ?? (options.quick ? 50 : 200);
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
    const ids: string[] = [];
    for (let i = 0; i < deployments; i++) {
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
    // The fire time every deployment shares: the next minute boundary after the last create.
    const fireAt = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    const at = new Date(fireAt).toISOString();
    console.error(
      `bench: scheduler: ${deployments} deployments due at ${at}, waiting ${Math.round((fireAt - Date.now()) / 1000)} s`,
    );
    await sleep(Math.max(0, fireAt - Date.now()) + 5_000);

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
    const note = `${deployments} deployments with * * * * *, all due at one minute boundary, system clock`;
    return [
      judged({
        section: "scheduler",
        name: "deployments fired exactly once",
        value: once,
        unit: `of ${deployments}`,
        target: { of: "value", op: ">=", value: deployments },
        note: `${twice} twice or more, ${missed} missed; ${note}`,
      }),
      judged({
        section: "scheduler",
        name: "fire lag p99",
        value: round(percentile(lags, 99)),
        unit: "ms",
        target: { of: "value", op: "<=", value: 1000 },
        note: `p50 ${round(percentile(lags, 50))} ms, max ${round(lags.at(-1) ?? Number.NaN)} ms; run created_at minus fire time; ${note}`,
      }),
    ];
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
