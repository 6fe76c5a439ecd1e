/**
 * Benchmark of GET /skills: does a page cost the same at 100 and at 100,000 skills?
 *
 * Starts the real service in-process (temporary data folder, real HTTP on a free port), seeds
 * one account with 100 skills, measures a set of list queries, grows the account to 100,000
 * skills (plus 20,000 of another account, to show that tenants do not slow each other) and
 * measures again. Prints the median and p95 of each query at both sizes and the ratio of the
 * medians (target: at most 1.5).
 *
 *   npm run bench:skills [-- --requests 300 --large 100000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { generateToken } from "../server/crypto/secretBox.ts";
import { packageDigest } from "../server/domain/skillPackage.ts";
import { createLogger } from "../server/logger.ts";
import { startService } from "../server/service.ts";
import type { NewSkill } from "../server/storage/port/skills.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const REQUESTS = arg("requests", 300);
const WARMUP = Math.max(20, Math.floor(REQUESTS / 5));
const SMALL = 100;
const LARGE = arg("large", 100_000);
const OTHER_TENANT = Math.floor(LARGE / 5);
const BATCH = 10_000;
const STRESS = "stress: 10% oldest match";

const encoder = new TextEncoder();

/** A skill package built directly (no front-matter parsing): seeding must be fast. */
function seedSkill(i: number, prefix: string): NewSkill {
  const name = `${prefix}-${String(i).padStart(6, "0")}`;
  const description = `Benchmark skill number ${i}.`;
  const files = [
    {
      path: `${name}/SKILL.md`,
      content: encoder.encode(`---\nname: ${name}\ndescription: ${description}\n---\n# Skill ${i}\n`),
    },
  ];
  return {
    display_title: `Skill ${String(i).padStart(6, "0")}`,
    metadata: { seq: String(i) },
    version: { name, description, directory: name, digest: packageDigest(files), files },
  };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

interface Figures {
  median: number;
  p95: number;
  rows: number;
}

async function measure(url: string, token: string): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}` };
  let rows = 0;
  const once = async () => {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data?: unknown[] };
    if (res.status !== 200 || !Array.isArray(body.data)) {
      throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
    }
    rows = body.data.length;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), rows };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "cas-bench-skills-"));
  const token = generateToken();
  const config = loadConfig({
    PORT: "0",
    DATABASE_URL: `sqlite:${join(dataDir, "bench.db")}`,
    CLOUD_AGENTS_BOOTSTRAP_TOKEN: token,
    LOG_LEVEL: "warn",
  });
  const service = await startService({ config, logger: createLogger("warn") });
  const skills = service.deps.storage.skills;
  const account = service.deps.storage.accounts.ensureAccount("default");
  const base = `${service.url}/api/v1/cloud/skills`;

  const ids: string[] = [];
  const seed = (from: number, to: number, accountId: string, prefix: string, into?: string[]) => {
    for (let start = from; start < to; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, to - start) }, (_, k) => seedSkill(start + k, prefix));
      const created = skills.importSkills(accountId, batch);
      into?.push(...created);
    }
  };

  // The queries measured at both sizes. The deep cursor sits in the middle of the account's skills.
  const queries = (n: number): [string, string][] => {
    const middle = ids[Math.floor(n / 2)] as string;
    return [
      ["first page (limit=20)", `${base}?limit=20`],
      ["first page (limit=100)", `${base}?limit=100`],
      ["source=custom", `${base}?limit=20&source=custom`],
      ["deep cursor (page=, middle)", `${base}?limit=20&page=${middle}`],
      ["before_id= (middle)", `${base}?limit=20&before_id=${middle}`],
      ["name= prefix, 10 matches", `${base}?limit=20&name=BENCH-00000`],
      ["name= prefix, every skill", `${base}?limit=20&name=bench`],
      ["display_title= prefix", `${base}?limit=20&display_title=skill%2000001`],
      // Stress case, outside the target: a prefix matching the oldest 10% (10,000 of 100,000
      // skills) while the newest 90% do not match. Its cost grows with the number of matches.
      [STRESS, `${base}?limit=20&name=bench-0${n >= 100_000 ? "0" : ""}`],
    ];
  };

  console.log(`Seeding ${SMALL} skills...`);
  seed(0, SMALL, account.id, "bench", ids);
  const small = new Map<string, Figures>();
  // A first full pass warms the process up (JIT, statement caches), so both sizes compare warm.
  for (const [, url] of queries(SMALL)) await measure(url, token);
  for (const [label, url] of queries(SMALL)) small.set(label, await measure(url, token));

  const other = service.deps.storage.accounts.ensureAccount("bench-other");
  const t0 = performance.now();
  seed(SMALL, LARGE, account.id, "bench", ids);
  seed(0, OTHER_TENANT, other.id, "other");
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(
    `Seeded ${LARGE - SMALL + OTHER_TENANT} more skills in ${seedSeconds.toFixed(1)} s ` +
      `(${Math.round((LARGE - SMALL + OTHER_TENANT) / seedSeconds)} skills/s); ` +
      `the account now has ${LARGE}, another account ${OTHER_TENANT}.`,
  );
  const large = new Map<string, Figures>();
  for (const [label, url] of queries(LARGE)) large.set(label, await measure(url, token));

  const ms = (v: number) => `${v.toFixed(3)} ms`.padStart(10);
  console.log(`\nGET /skills over HTTP, ${REQUESTS} sequential requests after ${WARMUP} warm-up requests each:\n`);
  console.log(
    `${"query".padEnd(30)}${`median @${SMALL}`.padStart(14)}${"p95".padStart(11)}` +
      `${`median @${LARGE}`.padStart(17)}${"p95".padStart(11)}${"ratio".padStart(8)}  rows`,
  );
  let worst = 0;
  for (const [label] of queries(LARGE)) {
    const a = small.get(label) as Figures;
    const b = large.get(label) as Figures;
    const ratio = b.median / a.median;
    if (label !== STRESS) worst = Math.max(worst, ratio);
    console.log(
      `${label.padEnd(30)}${ms(a.median).padStart(14)}${ms(a.p95).padStart(11)}` +
        `${ms(b.median).padStart(17)}${ms(b.p95).padStart(11)}${ratio.toFixed(2).padStart(8)}  ${a.rows}/${b.rows}`,
    );
  }
  console.log(
    `\nWorst median ratio (${LARGE} vs ${SMALL} skills), stress case aside: ${worst.toFixed(2)} (target <= 1.5)`,
  );

  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
