/**
 * The operator commands. Each reads the validated configuration; only `serve` and `migrate` may
 * create a database, the others open the existing one (never creating a second database in the
 * wrong folder) and refuse one that is not at this version's schema.
 */

import { servedModels } from "../agents/turns/registry.ts";
import { systemClock } from "../clock.ts";
import type { Config } from "../config/sections.ts";
import { generateToken, hashToken, tokenHint } from "../crypto/secretBox.ts";
import { DEFAULT_ACCOUNT } from "../defaultAccount.ts";
import { importSkillDirectory } from "../domain/skills.ts";
import { createLogger } from "../logger.ts";
import type { RunningService } from "../service.ts";
import { migrateDatabase, openStorage } from "../storage/open.ts";
import type { Storage } from "../storage/port/index.ts";
import { UsageError, VERSION } from "./parse.ts";

const out = (text: string) => process.stdout.write(`${text}\n`);
const note = (text: string) => process.stderr.write(`${text}\n`);
const json = (value: unknown) => out(JSON.stringify(value));

function accountName(value: string | undefined): string {
  const name = value ?? DEFAULT_ACCOUNT;
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
    throw new UsageError(`--account must be 1-64 letters, digits, '_', '.' or '-', got "${name}"`);
  }
  return name;
}

async function withStorage<T>(config: Config, fn: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage(config, { clock: systemClock, migrate: false });
  try {
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

/**
 * Runs the server until a signal stops it. Logs are JSON lines on stdout (the banner is one of
 * them, whatever LOG_LEVEL says); a token created on first start is shown once on stderr, in
 * plain text, outside the log stream.
 */
export async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  // The handlers go in before anything starts, so that a signal sent as soon as the banner is
  // read (an orchestrator, a test) is never met by the default action (exit without shutdown).
  let service: RunningService | null = null;
  let stopping: string | null = null;
  const stop = (running: RunningService, signal: string) => {
    logger.info("shutdown: signal received", { signal });
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error("shutdown failed", { error: String(err) });
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string) => {
    if (stopping) {
      // A second signal means "now": skip the rest of the graceful shutdown.
      logger.warn("second signal during shutdown: exiting at once", { signal });
      process.exit(1);
    }
    stopping = signal;
    // During start-up the service stops as soon as it has started (below).
    if (service) stop(service, signal);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  // Loaded here, not at the top: the other commands (migrate, token, skills import) start
  // without the HTTP stack, the validator and the background workers.
  const { startService } = await import("../service.ts");
  service = await startService({
    config,
    logger,
    onFirstToken: (token) => {
      note(
        `\nCreated a personal access token for account "${DEFAULT_ACCOUNT}". It is shown only once:\n\n  ${token}\n`,
      );
    },
  });
  createLogger("info").info(
    `Cloud Agents Service listening on ${service.url} (runtimes: ${servedModels(config).join(", ")})`,
    {
      url: service.url,
      api_url: `${service.url}/api/v1/cloud`,
      docs_url: `${service.url}/docs`,
      version: VERSION,
    },
  );
  if (stopping) stop(service, stopping);
}

export async function migrateCommand(config: Config, asJson: boolean): Promise<void> {
  const { applied, database } = await migrateDatabase(config);
  if (asJson) json({ applied, database });
  else out(applied.length ? `Applied migrations ${applied.join(", ")}` : "Database is up to date");
}

export async function tokenCreate(config: Config, account: string | undefined, asJson: boolean): Promise<void> {
  const name = accountName(account);
  await withStorage(config, async (storage) => {
    const acct = await storage.accounts.ensureAccount(name);
    const token = generateToken();
    const record = await storage.accounts.createToken(acct.id, hashToken(token), tokenHint(token));
    if (asJson) {
      json({ id: record.id, token, account: name, hint: record.hint, created_at: record.created_at });
    } else {
      out(token);
      note(`Created ${record.id} for account "${name}". Store the token now: it is not shown again.`);
    }
  });
}

export async function tokenList(config: Config, asJson: boolean): Promise<void> {
  await withStorage(config, async (storage) => {
    const tokens = (await storage.accounts.listTokens()).map((t) => ({
      id: t.id,
      account: t.account_name,
      hint: t.hint,
      created_at: t.created_at,
      last_used_at: t.last_used_at,
      revoked_at: t.revoked_at,
    }));
    if (asJson) return json(tokens);
    for (const t of tokens) {
      out(
        `${t.id}  ${t.account.padEnd(16)}  ${t.hint}  created ${t.created_at}  ${t.revoked_at ? `revoked ${t.revoked_at}` : "active"}`,
      );
    }
  });
}

export async function tokenRevoke(config: Config, id: string, asJson: boolean): Promise<void> {
  await withStorage(config, async (storage) => {
    if (!(await storage.accounts.revokeToken(id))) throw new Error(`No active token with id ${id}`);
    if (asJson) json({ id, revoked: true });
    else out(`Revoked ${id}`);
  });
}

export async function skillsImport(
  config: Config,
  dir: string,
  account: string | undefined,
  asJson: boolean,
): Promise<void> {
  const name = accountName(account);
  await withStorage(config, async (storage) => {
    const acct = await storage.accounts.ensureAccount(name);
    const result = await importSkillDirectory({ storage, config }, acct.id, dir);
    if (asJson) {
      return json({
        skill_id: result.skill.id,
        name: result.skill.name,
        version: result.version.version,
        outcome: result.outcome,
      });
    }
    out(result.skill.id);
    const what = { created: "Created", updated: "Added a version to", unchanged: "No change to" }[result.outcome];
    note(
      `${what} skill "${result.skill.name}" (${result.skill.id}) for account "${name}": version ${result.version.version}.`,
    );
  });
}
