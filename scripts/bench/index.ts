/**
 * `npm run bench`: every benchmark of the service in one run. Each section measures its figures
 * next to a baseline taken in the same run (interleaved, medians of several runs) and returns them
 * as `Figure`s; the suite prints one table and writes bench/results.json.
 *
 *   npm run bench [-- --quick] [-- --only api,lists] [-- --runs 3] [-- --no-postgres]
 *
 * Sections: api, delivery, scheduler, lists, startup, retention, wal. `--quick` shortens every
 * measurement (a smoke run, not figures to quote). The api and delivery sections also measure the
 * service on PostgreSQL (one replica and two), on a throwaway PostgreSQL 15 server the suite starts
 * (scripts/bench/postgres.ts); `--no-postgres` leaves those figures out, and without the server
 * binaries they are printed as skipped, saying why.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runApiBench } from "./api.ts";
import { runDeliveryBench } from "./delivery.ts";
import type { Figure } from "./figure.ts";
import { runListBench } from "./lists.ts";
import { type BenchPostgres, startBenchPostgres } from "./postgres.ts";
import { runRetentionBench } from "./retention.ts";
import { runSchedulerBench } from "./scheduler.ts";
import { ROOT } from "./servers.ts";
import { runStartupBench } from "./startup.ts";
import { renderTable } from "./table.ts";
import { runWalBench } from "./wal.ts";

export interface SectionOptions {
  quick: boolean;
  runs: number;
  /** The run's PostgreSQL server, or why there is none; null with --no-postgres. */
  postgres: BenchPostgres | null;
}

type Section = (options: SectionOptions) => Promise<Figure[]>;

/** The sections with PostgreSQL figures (the others measure SQLite only). */
const POSTGRES_SECTIONS = new Set(["api", "delivery"]);

const SECTIONS: Record<string, Section> = {
  startup: (o) => runStartupBench(o),
  api: (o) => runApiBench(o),
  delivery: (o) => runDeliveryBench(o),
  scheduler: (o) => runSchedulerBench(o),
  lists: (o) => runListBench(o),
  retention: (o) => runRetentionBench(o),
  wal: (o) => runWalBench(o),
};

/** Runs `npm start`'s `prestart` step (the build), so the service measured is what operators run. */
function prestart(): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  if (pkg.scripts.prestart) execFileSync("npm", ["run", "--silent", "prestart"], { cwd: ROOT, stdio: "inherit" });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      runs: { type: "string" },
      out: { type: "string", default: join(ROOT, "bench", "results.json") },
      "no-postgres": { type: "boolean", default: false },
    },
  });
  const quick = values.quick === true;
  const runs = values.runs === undefined ? (quick ? 1 : 3) : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive whole number");
  const only = values.only?.split(",").map((s) => s.trim()) ?? Object.keys(SECTIONS);
  for (const name of only) {
    if (!SECTIONS[name]) throw new Error(`unknown section "${name}" (sections: ${Object.keys(SECTIONS).join(", ")})`);
  }
  prestart();
  const startedAt = new Date().toISOString();
  const figures: Figure[] = [];
  const failures: { section: string; error: string }[] = [];
  let postgres: BenchPostgres | null = null;
  if (!values["no-postgres"] && only.some((name) => POSTGRES_SECTIONS.has(name))) {
    console.error("bench: starting a PostgreSQL server for the PostgreSQL figures...");
    postgres = await startBenchPostgres();
    if ("skipped" in postgres) console.error(`bench: PostgreSQL figures skipped: ${postgres.detail}`);
  }
  // Interrupted (Ctrl-C): the PostgreSQL server, a daemon of its own, must not outlive the run.
  const server = postgres && "server" in postgres ? postgres.server : null;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }
  try {
    await runSections(only, { quick, runs, postgres }, figures, failures);
  } finally {
    await server?.stop();
  }
  report({ startedAt, quick, runs, out: values.out as string, postgres, figures, failures });
}

async function runSections(
  only: string[],
  options: SectionOptions,
  figures: Figure[],
  failures: { section: string; error: string }[],
): Promise<void> {
  for (const name of only) {
    const section = SECTIONS[name] as Section;
    const t0 = performance.now();
    console.error(`bench: ${name}...`);
    try {
      const got = await section(options);
      figures.push(...got);
      console.error(`bench: ${name} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      console.error(renderTable(got));
    } catch (err) {
      const cause =
        err instanceof Error && err.cause ? `\ncaused by: ${String((err.cause as Error).stack ?? err.cause)}` : "";
      const error = (err instanceof Error ? (err.stack ?? err.message) : String(err)) + cause;
      failures.push({ section: name, error });
      console.error(`bench: ${name} FAILED: ${error}`);
    }
  }
}

function report(run: {
  startedAt: string;
  quick: boolean;
  runs: number;
  out: string;
  postgres: BenchPostgres | null;
  figures: Figure[];
  failures: { section: string; error: string }[];
}): void {
  const { startedAt, quick, runs, figures, failures } = run;
  const machine = {
    node: process.version,
    cpus: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
  };
  console.log(
    `\nnpm run bench - ${startedAt}, node ${machine.node}, ${machine.cpus} CPUs (${machine.cpu}), load ${machine.loadavg.join(" ")}${quick ? ", QUICK run" : ""}\n`,
  );
  console.log(renderTable(figures));
  const unmet = figures.filter((f) => f.met === false);
  const targets = figures.filter((f) => f.met !== undefined);
  console.log(`\n${targets.length - unmet.length} of ${targets.length} targets met.`);
  for (const f of failures) console.log(`section ${f.section} failed: ${f.error.split("\n")[0]}`);
  if (run.postgres && "skipped" in run.postgres) console.log(`PostgreSQL figures skipped: ${run.postgres.detail}`);
  const postgres =
    run.postgres === null ? "left out" : "skipped" in run.postgres ? `skipped: ${run.postgres.detail}` : "measured";
  mkdirSync(join(run.out, ".."), { recursive: true });
  writeFileSync(
    run.out,
    `${JSON.stringify({ startedAt, quick, runs, machine, postgres, figures, failures }, null, 2)}\n`,
  );
  console.log(`written ${run.out}`);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
