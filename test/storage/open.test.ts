/** DATABASE_URL: which URLs the configuration accepts, and openStorage choosing the adapter. */
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config/loadConfig.ts";
import { openStorage } from "../../server/storage/open.ts";
import { loadPostgresMigrations } from "../../server/storage/postgres/migrate.ts";
import { freshPostgresDatabase, postgresServerUrl } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";

const noPostgres = requirePostgres() !== null;

/** Every PostgreSQL deployment must name its key (replicas share it). */
const KEY = { CLOUD_AGENTS_SECRET_KEY: Buffer.alloc(32, 7).toString("base64") };

describe("DATABASE_URL", () => {
  it("accepts sqlite and postgres URLs; the data dir of a postgres URL defaults to ./data", () => {
    expect(loadConfig({ DATABASE_URL: "sqlite:/tmp/x/db.sqlite" }).dataDir).toBe("/tmp/x");
    for (const url of [
      "postgres://app:secret@db.internal:5432/cloud_agents",
      "postgresql://app@localhost/cloud_agents?sslmode=require",
      "postgres:///cloud_agents?host=/var/run/postgresql",
    ]) {
      const config = loadConfig({ DATABASE_URL: url, ...KEY });
      expect(config.databaseUrl).toBe(url);
      expect(config.dataDir).toBe("./data");
      expect(config.postgres.poolSize).toBe(10);
    }
    expect(loadConfig({ DATABASE_URL: "postgres://h/db", POSTGRES_POOL_SIZE: "25", ...KEY }).postgres.poolSize).toBe(
      25,
    );
  });

  it("refuses a postgres URL without CLOUD_AGENTS_SECRET_KEY: replicas must not each generate their own key", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://h/db" })).toThrow(
      /CLOUD_AGENTS_SECRET_KEY must be set when DATABASE_URL is PostgreSQL/,
    );
  });

  it("refuses other URLs, naming the variable and never showing the password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/app" })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ DATABASE_URL: "sqlite:" })).toThrow(/DATABASE_URL/);
    let message = "";
    try {
      loadConfig({ DATABASE_URL: "postgres://app:hunter2@/db" });
    } catch (err) {
      message = String(err);
    }
    expect(message).toMatch(/DATABASE_URL is not a valid URL/);
    expect(message).not.toContain("hunter2");
    expect(() => loadConfig({ DATABASE_URL: "postgres://h/db", POSTGRES_POOL_SIZE: "0", ...KEY })).toThrow(
      /POSTGRES_POOL_SIZE/,
    );
  });
});

describe("openStorage", () => {
  const configFor = (url: string) => loadConfig({ DATABASE_URL: url, ...KEY });

  it.skipIf(noPostgres)(
    "opens PostgreSQL for a postgres:// URL (migrating it), then reopens it without migrating",
    async () => {
      const url = await freshPostgresDatabase();
      const clock = new ManualClock();
      const storage = await openStorage(configFor(url), { clock, migrate: true });
      expect(storage.dialect).toBe("postgres");
      expect(storage.threadLink()).toBeNull();
      const account = await storage.accounts.ensureAccount("open");
      await storage.close();
      const again = await openStorage(configFor(url.replace(/^postgres:/, "postgresql:")), { clock, migrate: false });
      expect(await again.accounts.findAccountByName("open")).toEqual(account);
      await again.close();
    },
  );

  it.skipIf(noPostgres)("refuses, without migrating, a database not at this build's schema", async () => {
    const url = await freshPostgresDatabase();
    const versions = loadPostgresMigrations()
      .map((m) => m.version)
      .join(", ");
    await expect(openStorage(configFor(url), { clock: new ManualClock(), migrate: false })).rejects.toThrow(
      `not at this version's schema: migrations ${versions} are not applied`,
    );
  });

  it.skipIf(noPostgres)("says which server it could not reach, without the password", async () => {
    const base = new URL(postgresServerUrl());
    const wrong = `postgres://postgres:hunter2@127.0.0.1:${base.port}/no_such_database`;
    const failure = openStorage(configFor(wrong), { clock: new ManualClock(), migrate: true });
    await expect(failure).rejects.toThrow(
      /Cannot open the PostgreSQL database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1.*no_such_database/,
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });
});
