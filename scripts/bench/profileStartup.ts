/**
 * Profiles the service's start-up (a restart, as the start-up section measures it): starts it as
 * `npm start` does with `--cpu-prof`, stops it as soon as `/healthz` answers (the profile is
 * written at exit) and prints the summary of scripts/bench/profileSummary.ts for the whole start,
 * plus the packages whose modules were loaded (from the profile's scripts).
 *
 *   npx tsx scripts/bench/profileStartup.ts [--dir DIR] [--top 30]
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../lib/serverProcess.ts";
import { BENCH_TOKEN } from "./api.ts";
import { summarise } from "./profileSummary.ts";
import { seedDatabase } from "./seed.ts";
import { startServiceProcess } from "./servers.ts";

const { values } = parseArgs({ options: { dir: { type: "string" }, top: { type: "string", default: "30" } } });
const dir = mkdtempSync(join(tmpdir(), "cas-bench-profile-startup-"));
const profDir = values.dir ?? join(dir, "profile");
await seedDatabase(join(dir, "data"), BENCH_TOKEN, 20);
// The first start migrates and loads the vendor skills, and writes the code cache the restart reads
// (server/launcher.ts keeps one per set of node flags, so it runs with the same ones): the profile
// is of a restart.
const nodeArgs = ["--cpu-prof", `--cpu-prof-dir=${profDir}`];
const first = await startServiceProcess({
  dataDir: join(dir, "data"),
  token: BENCH_TOKEN,
  port: await freePort(),
  nodeArgs,
});
await first.stop();
const service = await startServiceProcess({
  dataDir: join(dir, "data"),
  token: BENCH_TOKEN,
  port: await freePort(),
  nodeArgs,
});
console.log(`start-up to /healthz under the profiler: ${service.readyMs.toFixed(0)} ms`);
await service.stop();
// The restart's profile: the newer of the two.
const file = readdirSync(profDir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort((a, b) => statSync(join(profDir, a)).mtimeMs - statSync(join(profDir, b)).mtimeMs)
  .at(-1);
if (!file) throw new Error(`no profile written in ${profDir}`);
// The whole profile: the start, then a shutdown that is short next to it.
const summary = summarise(JSON.parse(readFileSync(join(profDir, file), "utf8")));
const top = Number(values.top);
for (const [title, rows] of [
  ["self time by file/package", summary.byFile],
  ["inclusive time by function", summary.inclusive],
] as const) {
  console.log(`\n${title}`);
  for (const [name, ms] of rows.slice(0, top)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
}
console.log(`\nprofile: ${join(profDir, file)}`);
