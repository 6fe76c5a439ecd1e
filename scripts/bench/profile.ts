/**
 * Profiles the service under one API request at its maximum rate: starts it as `npm start` does
 * with `--cpu-prof`, runs the closed-loop load of the API section for a while, stops it (the
 * profile is written at exit) and prints the summary of scripts/bench/profileSummary.ts.
 *
 *   npm run bench:profile -- [skills|vaults|agents] [--seconds 10] [--dir DIR] [--postgres]
 *
 * `--postgres`: the service on PostgreSQL 15 (a throwaway server, seeded like the SQLite database;
 * see scripts/bench/postgres.ts) instead of SQLite.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../lib/serverProcess.ts";
import { BENCH_TOKEN } from "./api.ts";
import { type LoadRequest, maxRate } from "./load.ts";
import { postgresEnv, seedPostgresDatabase, startBenchPostgres } from "./postgres.ts";
import { summarise } from "./profileSummary.ts";
import { seedDatabase } from "./seed.ts";
import { startServiceProcess } from "./servers.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: "string", default: "10" },
    dir: { type: "string" },
    top: { type: "string", default: "25" },
    postgres: { type: "boolean", default: false },
  },
});
const which = positionals[0] ?? "skills";
const auth = { authorization: `Bearer ${BENCH_TOKEN}` };
const json = { ...auth, "content-type": "application/json" };
let n = 0;
const requests: Record<string, LoadRequest> = {
  skills: { method: "GET", path: "/api/v1/cloud/skills?limit=20", headers: auth },
  vaults: {
    method: "POST",
    path: "/api/v1/cloud/vaults",
    headers: json,
    body: () => JSON.stringify({ display_name: `Bench vault ${++n}`, metadata: { team: "bench" } }),
  },
  agents: {
    method: "POST",
    path: "/api/v1/cloud/agents",
    headers: json,
    body: () => JSON.stringify({ name: `bench-agent-${++n}`, model: "echo" }),
  },
};
const request = requests[which];
if (!request) throw new Error(`unknown request "${which}" (${Object.keys(requests).join(", ")})`);

const dir = mkdtempSync(join(tmpdir(), "cas-bench-profile-"));
const profDir = values.dir ?? join(dir, "profile");
const postgres = values.postgres ? await startBenchPostgres() : null;
if (postgres && "skipped" in postgres) throw new Error(postgres.detail);
let env: Record<string, string> = {};
let result: Awaited<ReturnType<typeof maxRate>>;
try {
  if (postgres) {
    env = postgresEnv(postgres, await seedPostgresDatabase(postgres, "profile", BENCH_TOKEN, 20));
  } else {
    await seedDatabase(join(dir, "data"), BENCH_TOKEN, 20);
  }
  const service = await startServiceProcess({
    dataDir: join(dir, "data"),
    token: BENCH_TOKEN,
    port: await freePort(),
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`],
    env,
  });
  try {
    result = await maxRate(service.base, request, {
      connections: 16,
      durationMs: Number(values.seconds) * 1000,
      warmupMs: 1000,
    });
  } finally {
    await service.stop();
  }
} finally {
  await postgres?.server.stop();
}
console.log(
  `${which}${postgres ? " on PostgreSQL" : ""}: ${result.perSecond.toFixed(0)} requests/s under the profiler`,
);
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile written in ${profDir}`);
// The measured window only (start-up, warm-up and shutdown left out): the last `seconds` minus the
// shutdown, which is short.
const summary = summarise(JSON.parse(readFileSync(join(profDir, file), "utf8")), Number(values.seconds) * 1000);
const top = Number(values.top);
const pct = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1).padStart(5)} %`;
for (const [title, rows] of [
  ["self time by file/package", summary.byFile],
  ["self time by function", summary.byFunction],
  ["inclusive time by function", summary.inclusive],
] as const) {
  console.log(`\n${title}`);
  for (const [name, ms] of rows.slice(0, top)) console.log(`${ms.toFixed(0).padStart(7)} ms ${pct(ms)}  ${name}`);
}
console.log(`\nprofile: ${join(profDir, file)}`);
