/**
 * The `cloud-agents` command line: the command table, its help texts and a strict parser over
 * node:util parseArgs. Unknown flags, missing values and stray arguments are usage errors
 * (exit 2); `--help` prints on stdout and exits 0; `--version` works everywhere.
 */
import { readFileSync } from "node:fs";
import { type ParseArgsConfig, parseArgs } from "node:util";

export const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** A mistake in how the command was called: the message, then exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

export type CommandName =
  | "serve"
  | "migrate"
  | "token create"
  | "token list"
  | "token revoke"
  | "skills import"
  | "listen"
  | "worker";

interface CommandSpec {
  name: CommandName;
  /** Positional arguments, in order (all required). */
  positionals: string[];
  options: Options;
  /** Options that must be given (usage error otherwise). */
  required?: string[];
  summary: string;
  help: string;
}

const ACCOUNT_OPTION = { account: { type: "string" } } as const;
const JSON_OPTION = { json: { type: "boolean" } } as const;

const CONFIG_NOTE = `The database is the one DATABASE_URL names (default sqlite:./data/cloud-agents.db, relative to
the current folder). Configuration is read from the environment; see docs/operating.md.`;

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "serve",
    positionals: [],
    options: {},
    summary: "Start the API server (what npm start runs)",
    help: `Usage: cloud-agents serve

Starts the server: applies pending migrations (creating the database on first start), listens on
HOST:PORT, then starts the background workers. Logs are JSON lines on stdout. SIGTERM or Ctrl-C
stops it in order; a second signal exits at once.

${CONFIG_NOTE}`,
  },
  {
    name: "migrate",
    positionals: [],
    options: { ...JSON_OPTION },
    summary: "Apply pending database migrations and exit",
    help: `Usage: cloud-agents migrate [--json]

Applies the migrations the database lacks (creating the database when it does not exist) and exits.

Options:
  --json   Print {"applied":[versions],"database":path} instead of a sentence

${CONFIG_NOTE}`,
  },
  {
    name: "token create",
    positionals: [],
    options: { ...ACCOUNT_OPTION, ...JSON_OPTION },
    summary: "Create a personal access token",
    help: `Usage: cloud-agents token create [--account NAME] [--json]

Creates a personal access token and prints it once on stdout (it is stored hashed and cannot be shown
again). The account is created when it does not exist.

Options:
  --account NAME   The account (1-64 of A-Z a-z 0-9 _ . -); default "default"
  --json           Print {"id","token","account","hint","created_at"}

${CONFIG_NOTE} The database must exist (start the server once, or run cloud-agents migrate).`,
  },
  {
    name: "token list",
    positionals: [],
    options: { ...JSON_OPTION },
    summary: "List tokens (ids, accounts, hints; never the tokens)",
    help: `Usage: cloud-agents token list [--json]

Lists every token: id, account, hint (its first characters), creation, last use and revocation.

Options:
  --json   Print a JSON array of {"id","account","hint","created_at","last_used_at","revoked_at"}

${CONFIG_NOTE}`,
  },
  {
    name: "token revoke",
    positionals: ["ID"],
    options: { ...JSON_OPTION },
    summary: "Revoke a token by its id (tok_...)",
    help: `Usage: cloud-agents token revoke ID [--json]

Revokes the token with this id (tok_..., as token list shows it). It answers 401 from then on.

Options:
  --json   Print {"id","revoked":true}

${CONFIG_NOTE}`,
  },
  {
    name: "skills import",
    positionals: ["DIR"],
    options: { ...ACCOUNT_OPTION, ...JSON_OPTION },
    summary: "Import a skill folder for an account",
    help: `Usage: cloud-agents skills import DIR [--account NAME] [--json]

Imports the skill folder DIR (DIR/SKILL.md and the files beside it) for an account: a new skill, or a
new version of the account's skill of that name when its files changed.

Options:
  --account NAME   The account; default "default"
  --json           Print {"skill_id","name","version","outcome"}

${CONFIG_NOTE}`,
  },
  {
    name: "listen",
    positionals: [],
    options: {
      "forward-to": { type: "string" },
      events: { type: "string" },
      server: { type: "string" },
      "signing-scheme": { type: "string" },
      ...JSON_OPTION,
    },
    required: ["forward-to"],
    summary: "Forward the account's events to a local URL, signed like webhooks",
    help: `Usage: cloud-agents listen --forward-to URL [--events a,b] [--server URL]
                         [--signing-scheme webhook_signature|standard_webhooks] [--json]

Follows the account's events live (GET /events/stream) and POSTs each envelope to URL, signed the
way webhook deliveries are, so the receiver you deploy later verifies these with the same code.
Nothing is registered on the server and no port of yours is exposed: like "stripe listen".

It prints the signing secret once when it starts (give it to your receiver), then one line per
event with the receiver's answer. Events are forwarded one at a time, in order, once each; a
failed one is reported and not retried. A dropped connection to the server is reconnected without
losing or repeating an event. Ctrl-C stops it.

Options:
  --forward-to URL        Where to POST each event (http or https), e.g. http://localhost:4242/webhooks
  --events a,b            Only these event kinds (comma-separated), e.g. session.status_idled,agent.created
  --server URL            The server; default CLOUD_AGENTS_URL, else http://127.0.0.1:$PORT (8080)
  --signing-scheme NAME   webhook_signature (default: Webhook-Signature t=...,v1=<hex>) or
                          standard_webhooks (webhook-id, webhook-timestamp, webhook-signature v1,<base64>)
  --json                  Print JSON lines: {"type":"ready",...} first, then one {"type":"event",...} per event

Environment:
  CLOUD_AGENTS_TOKEN          The API token (required): cloud-agents token create prints one
  CLOUD_AGENTS_URL            The server, when --server is not given
  CLOUD_AGENTS_LISTEN_SECRET  Sign with this whsec_ secret instead of a new one per run
  WEBHOOK_TIMEOUT_MS          How long the receiver may take to answer (default 10000)`,
  },
  {
    name: "worker",
    positionals: [],
    options: {
      environment: { type: "string" },
      server: { type: "string" },
      "work-dir": { type: "string" },
      "worker-id": { type: "string" },
      "max-sessions": { type: "string" },
      "lease-seconds": { type: "string" },
      "allowed-hosts": { type: "string" },
    },
    required: ["environment"],
    summary: "Run a self-hosted environment's tool calls on this machine",
    help: `Usage: cloud-agents worker --environment ID [--server URL] [--work-dir DIR] [--worker-id ID]
                         [--max-sessions N] [--lease-seconds N] [--allowed-hosts a,b|*]

Polls the work queue of the self-hosted environment ID and runs the built-in tool calls (bash,
read, write, edit, glob, grep, web_fetch) of the sessions it takes in this project's sandbox on
this machine: the same tools, limits and security model as the server's (bubblewrap; as root,
each session's commands run as a uid of their own). Each result goes back to the server as a
user.tool_result event. A session's workspace is restored from the server when the worker takes
it and saved there at the end of each turn, so any worker can take the next turn.

The worker heartbeats each item's lease; if it dies, the lease runs out and another worker takes
the session over (a command it was running is answered with an error, never run twice). SIGTERM
or Ctrl-C cuts the running calls short and hands every item back to the queue at once. Logs are
JSON lines on stdout, as the server's. A revoked key, or one of another environment, ends it with
exit code 1.

Options:
  --environment ID     The self-hosted environment (env_...) whose queue to poll (required)
  --server URL         The server; default CLOUD_AGENTS_URL, else http://127.0.0.1:$PORT (8080)
  --work-dir DIR       Where the sessions' workspaces live on this machine; default ./worker-data
  --worker-id ID       The name this worker polls under (Anthropic-Worker-ID); default host-pid
  --max-sessions N     Sessions serviced at once (1-64); default 4
  --lease-seconds N    The lease each heartbeat asks for (10-600; heartbeats every half of it,
                       at most every 30 s); default 90
  --allowed-hosts LIST The hosts the commands and web_fetch may reach (comma-separated), or * for
                       any; default none

Environment:
  CLOUD_AGENTS_ENVIRONMENT_KEY  The environment key (required): POST /environments/{id}/keys makes one
  CLOUD_AGENTS_URL              The server, when --server is not given
  SANDBOX, SANDBOX_*            The sandbox and its limits, as for the server (docs/operating.md)
  LOG_LEVEL                     debug, info (default), warn, error or silent`,
  },
];

const GROUPS: Record<string, string> = { token: "Manage personal access tokens", skills: "Manage skills" };

export const USAGE = `Usage: cloud-agents <command> [options]

Commands:
${COMMANDS.map((c) => `  ${`${c.name} ${c.positionals.join(" ")}`.padEnd(22)} ${c.summary}`).join("\n")}

Options:
  -h, --help      Show help (also after a command: cloud-agents token create --help)
  -v, --version   Print the version

Without a command, cloud-agents serves.

${CONFIG_NOTE}`;

function groupHelp(group: string): string {
  const commands = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  return `Usage: cloud-agents ${group} <${commands.map((c) => c.name.split(" ")[1]).join("|")}> [options]

${GROUPS[group]}:
${commands.map((c) => `  ${`${c.name} ${c.positionals.join(" ")}`.padEnd(22)} ${c.summary}`).join("\n")}

Run cloud-agents ${group} <command> --help for a command's options.`;
}

/** What to do, as parsed from the arguments. */
export type Invocation =
  | { kind: "help"; text: string }
  | { kind: "version" }
  | {
      kind: "command";
      name: CommandName;
      args: string[];
      values: CommandValues;
    };

/** The option values of a command line (each command takes some of them). */
export interface CommandValues {
  account?: string;
  json?: boolean;
  "forward-to"?: string;
  events?: string;
  server?: string;
  "signing-scheme"?: string;
  environment?: string;
  "work-dir"?: string;
  "worker-id"?: string;
  "max-sessions"?: string;
  "lease-seconds"?: string;
  "allowed-hosts"?: string;
}

const isHelp = (a: string) => a === "--help" || a === "-h";
const isVersion = (a: string) => a === "--version" || a === "-v";

/** Parses `cloud-agents` arguments; throws UsageError for anything it cannot make sense of. */
export function parseCommandLine(argv: readonly string[]): Invocation {
  const [first, second] = argv;
  if (first === undefined) return { kind: "command", name: "serve", args: [], values: {} };
  if (first === "help") {
    const topic = argv.slice(1).join(" ");
    if (!topic) return { kind: "help", text: USAGE };
    const command = COMMANDS.find((c) => c.name === topic);
    if (command) return { kind: "help", text: command.help };
    if (GROUPS[topic]) return { kind: "help", text: groupHelp(topic) };
    throw new UsageError(`No help for "${topic}": there is no such command.\n\n${USAGE}`);
  }
  if (argv.length === 1 && isHelp(first)) return { kind: "help", text: USAGE };
  if (argv.length === 1 && isVersion(first)) return { kind: "version" };
  if (first.startsWith("-")) {
    throw new UsageError(`Unknown option '${first}' before a command.\nRun cloud-agents --help for usage.`);
  }

  let name: string;
  let rest: string[];
  if (GROUPS[first]) {
    if (second === undefined || second.startsWith("-")) {
      if (second !== undefined && argv.slice(1).some(isHelp)) return { kind: "help", text: groupHelp(first) };
      if (second !== undefined && argv.slice(1).some(isVersion)) return { kind: "version" };
      throw new UsageError(`"${first}" needs a command.\n\n${groupHelp(first)}`);
    }
    name = `${first} ${second}`;
    rest = argv.slice(2);
  } else {
    name = first;
    rest = argv.slice(1);
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const hint = GROUPS[first] ? groupHelp(first) : USAGE;
    throw new UsageError(`Unknown command "${name}".\n\n${hint}`);
  }

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        ...command.options,
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    let message = err instanceof Error ? err.message : String(err);
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? "?";
      const known = [...Object.keys(command.options), "help", "version"].map((o) => `--${o}`).join(", ");
      message = `Unknown option '${flag}' for cloud-agents ${command.name} (it takes ${known}).`;
    }
    throw new UsageError(`${message}\nRun cloud-agents ${command.name} --help for usage.`);
  }
  const values = parsed.values as CommandValues & { help?: boolean; version?: boolean };
  if (values.help) return { kind: "help", text: command.help };
  if (values.version) return { kind: "version" };
  for (const option of command.required ?? []) {
    if (values[option as keyof CommandValues] === undefined) {
      throw new UsageError(
        `cloud-agents ${command.name} needs --${option}.\nRun cloud-agents ${command.name} --help for usage.`,
      );
    }
  }
  const positionals = parsed.positionals;
  if (positionals.length < command.positionals.length) {
    const missing = command.positionals.slice(positionals.length).join(" ");
    throw new UsageError(
      `cloud-agents ${command.name} needs ${missing}.\nRun cloud-agents ${command.name} --help for usage.`,
    );
  }
  if (positionals.length > command.positionals.length) {
    const extra = positionals.slice(command.positionals.length).join(" ");
    throw new UsageError(`Unexpected argument '${extra}'.\nRun cloud-agents ${command.name} --help for usage.`);
  }
  return {
    kind: "command",
    name: command.name,
    args: positionals,
    values: Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== undefined && key !== "help" && key !== "version"),
    ) as CommandValues,
  };
}
