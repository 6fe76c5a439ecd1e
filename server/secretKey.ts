import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config/loadConfig.ts";
import type { Config } from "./config/sections.ts";
import type { SecretBox } from "./crypto/secretBox.ts";
import type { Async } from "./storage/port/index.ts";
import type { MetaStore } from "./storage/port/meta.ts";

/**
 * The key that seals secrets at rest: CLOUD_AGENTS_SECRET_KEY when set, else `<dataDir>/secret.key`,
 * generated (mode 0600) on first start. An in-memory database gets an ephemeral key.
 */
export function resolveSecretKey(
  config: Config,
  options: { allowGenerate: boolean } = { allowGenerate: true },
): { key: Buffer; source: string } {
  if (config.secretKey) return { key: config.secretKey, source: "CLOUD_AGENTS_SECRET_KEY" };
  if (config.databaseUrl === "sqlite::memory:")
    return { key: randomBytes(32), source: "ephemeral (in-memory database)" };
  const file = join(config.dataDir, "secret.key");
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) {
      throw new ConfigError("CLOUD_AGENTS_SECRET_KEY", `is unset and ${file} does not hold 32 base64-encoded bytes`);
    }
    return { key, source: file };
  }
  if (!options.allowGenerate) {
    // Generating a new key now would make every sealed secret unreadable, silently.
    throw new ConfigError(
      "CLOUD_AGENTS_SECRET_KEY",
      `is unset and ${file} is missing, but this database holds secrets sealed with a key: restore ${file} or set CLOUD_AGENTS_SECRET_KEY`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return { key, source: `${file} (generated)` };
}

const KEY_CHECK = "secret_key_check";
const KEY_CHECK_PLAINTEXT = "cloud-agents secret key check";

/** Whether the database already holds secrets sealed with some key. */
export async function databaseHasSealedSecrets(meta: Async<MetaStore>): Promise<boolean> {
  return (await meta.get(KEY_CHECK)) !== null;
}

/**
 * Proves the key opens this database's secrets: the first start seals a known value; every later
 * start must open it. A wrong key stops start-up instead of failing every webhook and credential.
 */
export async function verifySecretKey(meta: Async<MetaStore>, secrets: SecretBox): Promise<void> {
  const sealed = await meta.setIfAbsent(KEY_CHECK, secrets.encrypt(KEY_CHECK_PLAINTEXT, KEY_CHECK));
  let opened: string | null = null;
  try {
    opened = secrets.decrypt(sealed, KEY_CHECK);
  } catch {
    opened = null;
  }
  if (opened !== KEY_CHECK_PLAINTEXT) {
    throw new ConfigError(
      "CLOUD_AGENTS_SECRET_KEY",
      "does not match the key this database's secrets were sealed with (restore the original secret.key or CLOUD_AGENTS_SECRET_KEY)",
    );
  }
}
