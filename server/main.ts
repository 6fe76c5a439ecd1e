/**
 * The operator entry point: `cloud-agents serve | migrate | token create|list|revoke | skills import | listen | worker`
 * (see server/cli/parse.ts). Configuration comes from the environment, validated once here and
 * passed in. Exit codes: 0 done, 1 failed (the reason on stderr; for `serve`, a JSON log line on
 * stdout), 2 the command line was wrong.
 */
import { type Invocation, parseCommandLine, UsageError, VERSION } from "./cli/parse.ts";
import { loadConfig } from "./config/loadConfig.ts";
import type { ListenError } from "./listenError.ts";
import { createLogger } from "./logger.ts";

async function run(invocation: Extract<Invocation, { kind: "command" }>): Promise<void> {
  const config = loadConfig(process.env);
  const { values, args } = invocation;
  const asJson = values.json === true;
  // `listen` is an API client: it does not load the server (a second or more to start).
  if (invocation.name === "listen") return (await import("./cli/listen.ts")).listen(config, values);
  if (invocation.name === "worker") return (await import("./cli/worker.ts")).worker(config, values);
  const { migrateCommand, serve, skillsImport, tokenCreate, tokenList, tokenRevoke } = await import(
    "./cli/commands.ts"
  );
  switch (invocation.name) {
    case "serve":
      return serve(config);
    case "migrate":
      return migrateCommand(config, asJson);
    case "token create":
      return tokenCreate(config, values.account, asJson);
    case "token list":
      return tokenList(config, asJson);
    case "token revoke":
      return tokenRevoke(config, args[0] ?? "", asJson);
    case "skills import":
      return skillsImport(config, args[0] ?? "", values.account, asJson);
  }
}

function main(argv: string[]): Promise<void> {
  let invocation: Invocation;
  try {
    invocation = parseCommandLine(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  if (invocation.kind === "help") {
    process.stdout.write(`${invocation.text}\n`);
    return Promise.resolve();
  }
  if (invocation.kind === "version") {
    process.stdout.write(`cloud-agents ${VERSION}\n`);
    return Promise.resolve();
  }
  const serving = invocation.name === "serve";
  return run(invocation).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError) {
      process.stderr.write(`${message}\n`);
      process.exit(2);
    }
    if (serving) {
      // The server's output is JSON lines: so is the reason it could not start.
      const fields: Record<string, unknown> = { error: message };
      if (err instanceof Error && err.name === "ListenError") {
        const { address, code } = err as ListenError;
        Object.assign(fields, { address, code });
      }
      createLogger("info").error(`cannot start: ${message}`, fields);
    } else {
      process.stderr.write(`${message}\n`);
    }
    process.exit(1);
  });
}

void main(process.argv.slice(2));
