/**
 * The operator entry point: `cloud-agents serve | migrate | token create|list|revoke | skills import`.
 * Configuration comes from the environment, validated once here and passed in.
 */

import { systemClock } from "./clock.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { generateToken, hashToken, tokenHint } from "./crypto/secretBox.ts";
import { importSkillDirectory } from "./domain/skills.ts";
import { createLogger } from "./logger.ts";
import { DEFAULT_ACCOUNT, startService } from "./service.ts";
import { createSqliteStorage, openDatabase, sqlitePathFromUrl } from "./storage/sqlite/index.ts";
import { migrate } from "./storage/sqlite/migrate.ts";

const USAGE = `Usage: cloud-agents <command>

Commands:
  serve                          Start the API server (default)
  migrate                        Apply pending database migrations and exit
  token create [--account NAME]  Create a personal access token (account "default" by default)
  token list                     List tokens (hints only; tokens are stored hashed)
  token revoke ID                Revoke a token by its id (tok_...)
  skills import DIR [--account NAME]
                                 Import a skill folder (DIR/SKILL.md, ...) for an account ("default"
                                 by default); a new version of the account's skill of that name
                                 when it exists and the files changed

Configuration is read from the environment; see README.md.`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const service = await startService({
    config,
    logger,
    onFirstToken: (token) => {
      process.stdout.write(
        `\nCreated a personal access token for account "${DEFAULT_ACCOUNT}". It is shown only once:\n\n  ${token}\n\n`,
      );
    },
  });
  process.stdout.write(`Cloud Agents Service listening on ${service.url}\n`);
  process.stdout.write(`  API:  ${service.url}/api/v1/cloud\n  Docs: ${service.url}/docs\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      // A second signal means "now": skip the rest of the graceful shutdown.
      logger.warn("second signal during shutdown: exiting at once", { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info("shutting down", { signal });
    service.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error("shutdown failed", { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

function tokenCommand(config: Config, args: string[]): void {
  const storage = createSqliteStorage({ path: sqlitePathFromUrl(config.databaseUrl), clock: systemClock });
  try {
    const [sub, arg] = args;
    if (sub === "create") {
      const name = flag(args, "--account") ?? DEFAULT_ACCOUNT;
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name))
        throw new Error("--account must be 1-64 letters, digits, '_', '.' or '-'");
      const account = storage.accounts.ensureAccount(name);
      const token = generateToken();
      const record = storage.accounts.createToken(account.id, hashToken(token), tokenHint(token));
      process.stdout.write(`${token}\n`);
      process.stderr.write(`Created ${record.id} for account "${name}". Store the token now: it is not shown again.\n`);
    } else if (sub === "list") {
      for (const t of storage.accounts.listTokens()) {
        process.stdout.write(
          `${t.id}  ${t.account_name.padEnd(16)}  ${t.hint}  created ${t.created_at}  ${t.revoked_at ? `revoked ${t.revoked_at}` : "active"}\n`,
        );
      }
    } else if (sub === "revoke" && arg) {
      if (!storage.accounts.revokeToken(arg)) throw new Error(`No active token with id ${arg}`);
      process.stdout.write(`Revoked ${arg}\n`);
    } else {
      throw new Error(USAGE);
    }
  } finally {
    storage.close();
  }
}

function skillsCommand(config: Config, args: string[]): void {
  const [sub, dir] = args;
  if (sub !== "import" || !dir || dir.startsWith("--")) throw new Error(USAGE);
  const name = flag(args, "--account") ?? DEFAULT_ACCOUNT;
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new Error("--account must be 1-64 letters, digits, '_', '.' or '-'");
  const storage = createSqliteStorage({ path: sqlitePathFromUrl(config.databaseUrl), clock: systemClock });
  try {
    const account = storage.accounts.ensureAccount(name);
    const result = importSkillDirectory({ storage, config }, account.id, dir);
    process.stdout.write(`${result.skill.id}\n`);
    const what = { created: "Created", updated: "Added a version to", unchanged: "No change to" }[result.outcome];
    process.stderr.write(
      `${what} skill "${result.skill.name}" (${result.skill.id}) for account "${name}": version ${result.version.version}.\n`,
    );
  } finally {
    storage.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command = "serve", ...rest] = argv;
  if (command === "--help" || command === "help" || command === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig(process.env);
  switch (command) {
    case "serve":
      return serve(config);
    case "migrate": {
      const db = openDatabase(sqlitePathFromUrl(config.databaseUrl));
      const applied = migrate(db);
      db.close();
      process.stdout.write(applied.length ? `Applied migrations ${applied.join(", ")}\n` : "Database is up to date\n");
      return;
    }
    case "token":
      return tokenCommand(config, rest);
    case "skills":
      return skillsCommand(config, rest);
    default:
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
