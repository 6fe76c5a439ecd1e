import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError } from "./config.ts";

/**
 * The key that seals secrets at rest: CLOUD_AGENTS_SECRET_KEY when set, else `<dataDir>/secret.key`,
 * generated (mode 0600) on first start. An in-memory database gets an ephemeral key.
 */
export function resolveSecretKey(config: Config): { key: Buffer; source: string } {
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
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return { key, source: `${file} (generated)` };
}
