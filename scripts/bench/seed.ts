/**
 * Seeding for the benchmark, straight through the storage layer (no HTTP): a migrated database
 * with the bench token for account `default`, and skills built without parsing front matter.
 * Each step says what it was doing when it fails, instead of the run dying on a reset connection.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { hashToken, tokenHint } from "../../server/crypto/secretBox.ts";
import { packageDigest } from "../../server/domain/skillPackage.ts";
import { loadVendorSkills } from "../../server/domain/skills.ts";
import { createLogger } from "../../server/logger.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { NewSkill } from "../../server/storage/port/skills.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";

const encoder = new TextEncoder();

/** A skill package built directly: seeding a million must be fast. */
export function seedSkill(i: number, prefix: string): NewSkill {
  const name = `${prefix}-${String(i).padStart(7, "0")}`;
  const description = `Benchmark skill number ${i}.`;
  const files = [
    {
      path: `${name}/SKILL.md`,
      content: encoder.encode(`---\nname: ${name}\ndescription: ${description}\n---\n# Skill ${i}\n`),
    },
  ];
  return {
    display_title: `Skill ${String(i).padStart(7, "0")}`,
    metadata: { seq: String(i) },
    version: { name, description, directory: name, digest: packageDigest(files), files },
  };
}

/** Runs one seeding step, naming it in the error when it fails. */
export async function step<T>(what: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new Error(`seeding failed while ${what}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

/** Imports `count` skills into an account in batches of 10,000; returns their ids in order. */
export async function seedSkills(
  storage: Storage,
  accountId: string,
  count: number,
  prefix = "bench",
): Promise<string[]> {
  const ids: string[] = [];
  const BATCH = 10_000;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => seedSkill(start + k, prefix));
    ids.push(
      ...(await step(`importing skills ${start} to ${start + batch.length}`, () =>
        storage.skills.importSkills(accountId, batch),
      )),
    );
  }
  return ids;
}

/**
 * Fills a migrated storage: account `default` holding `token`, `skills` custom skills in it, and
 * the vendor skills the service loads at its start (the same load: the service then finds them
 * loaded), so that every copy of the database (the service's and the baselines') lists the same
 * rows: the same-work baseline's page of skills is the service's page.
 */
export async function seedStorage(
  storage: Storage,
  token: string,
  skills: number,
): Promise<{ accountId: string; skillIds: string[] }> {
  const account = await step("creating the account", () => storage.accounts.ensureAccount("default"));
  await step("creating the token", () => storage.accounts.ensureToken(account.id, hashToken(token), tokenHint(token)));
  const skillIds = await seedSkills(storage, account.id, skills);
  const config = loadConfig(process.env);
  await step("loading the vendor skills", async () => {
    const vendor = await loadVendorSkills({ storage, config, logger: createLogger("silent") });
    if (vendor.failed.length > 0) throw new Error(vendor.failed.map((f) => `${f.dir}: ${f.error}`).join("; "));
  });
  return { accountId: account.id, skillIds };
}

/**
 * A migrated database at `dir/db.sqlite` whose account `default` holds `token` and `skills`
 * custom skills. Returns the account id and the skills' ids, oldest first.
 */
export async function seedDatabase(
  dir: string,
  token: string,
  skills: number,
): Promise<{ accountId: string; skillIds: string[] }> {
  mkdirSync(dir, { recursive: true });
  const storage = await step("opening and migrating the database", () =>
    createSqliteStorage({ path: join(dir, "db.sqlite"), clock: systemClock }),
  );
  try {
    return await seedStorage(storage, token, skills);
  } finally {
    await storage.close();
  }
}

/** Copies a closed database (checkpointed on close: one file) into another folder. */
export function copyDatabase(fromDir: string, toDir: string): string {
  mkdirSync(toDir, { recursive: true });
  const to = join(toDir, "db.sqlite");
  copyFileSync(join(fromDir, "db.sqlite"), to);
  return to;
}
