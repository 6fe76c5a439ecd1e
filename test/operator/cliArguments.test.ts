/** The command line is strict: help on stdout (exit 0), usage errors on stderr (exit 2), no silent defaults. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommandLine, UsageError } from "../../server/cli/parse.ts";
import { ROOT, runCli } from "../helpers/servers/server.ts";
import { onPostgres, queryRows, testDatabaseEnv, testDatabaseUrl } from "../helpers/servers/testDatabase.ts";

const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cas-args-"));
  // The SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database.
  env = await testDatabaseEnv(join(dir, "db.sqlite"));
  expect((await runCli(["migrate"], env)).code).toBe(0);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The parser alone (in-process, no side effects possible): every help and every usage error. */
describe("the cloud-agents parser", () => {
  it.each([
    [["--help"], /^Usage: cloud-agents <command> \[options\]/],
    [["help"], /^Usage: cloud-agents <command>/],
    [["serve", "--help"], /^Usage: cloud-agents serve\n/],
    [["migrate", "-h"], /^Usage: cloud-agents migrate \[--json\]/],
    [["token", "--help"], /^Usage: cloud-agents token <create\|list\|revoke>/],
    [["token", "create", "--help"], /^Usage: cloud-agents token create \[--account NAME\] \[--json\]/],
    [["token", "create", "--account", "x", "--help"], /^Usage: cloud-agents token create/],
    [["token", "list", "--help"], /^Usage: cloud-agents token list \[--json\]/],
    [["token", "revoke", "--help"], /^Usage: cloud-agents token revoke ID/],
    [["skills", "import", "--help"], /^Usage: cloud-agents skills import DIR/],
    [["help", "token", "create"], /^Usage: cloud-agents token create/],
    [["listen", "--help"], /^Usage: cloud-agents listen --forward-to URL \[--events a,b\]/],
    [["help", "listen"], /^Usage: cloud-agents listen/],
  ])("%j is a request for help", (args, usage) => {
    const parsed = parseCommandLine(args);
    expect(parsed.kind).toBe("help");
    expect(parsed.kind === "help" && parsed.text).toMatch(usage);
  });

  it.each([[["--version"]], [["-v"]], [["token", "create", "--version"]], [["serve", "-v"]]])(
    "%j asks for the version",
    (args) => {
      expect(parseCommandLine(args)).toEqual({ kind: "version" });
    },
  );

  it.each([
    [
      ["token", "create", "--acount", "acme"],
      /Unknown option '--acount' for cloud-agents token create \(it takes --account, --json/,
    ],
    [["token", "create", "--account"], /Option '--account <value>' argument missing/],
    [["token", "create", "--account", "--json"], /Option '--account' argument is ambiguous/],
    [["token", "create", "-x"], /Unknown option '-x'/],
    [["token", "revoke"], /cloud-agents token revoke needs ID/],
    [["token", "revoke", "tok_1", "tok_2"], /Unexpected argument 'tok_2'/],
    [["token", "list", "extra"], /Unexpected argument 'extra'/],
    [["token", "list", "--json=yes"], /--json/],
    [["token"], /"token" needs a command/],
    [["token", "frobnicate"], /Unknown command "token frobnicate"/],
    [["bogus"], /Unknown command "bogus"/],
    [["--bogus"], /Unknown option '--bogus' before a command/],
    [["serve", "--port", "80"], /Unknown option '--port' for cloud-agents serve/],
    [["skills", "import"], /cloud-agents skills import needs DIR/],
    [["help", "nothing"], /No help for "nothing"/],
    [["listen"], /cloud-agents listen needs --forward-to/],
    [["listen", "--forward-to"], /Option '--forward-to <value>' argument missing/],
    [
      ["listen", "--forward-to", "http://localhost:1", "--account", "a"],
      /Unknown option '--account' for cloud-agents listen/,
    ],
    [["listen", "--forward-to", "http://localhost:1", "extra"], /Unexpected argument 'extra'/],
  ])("%j is a usage error", (args, message) => {
    expect(() => parseCommandLine(args)).toThrow(UsageError);
    expect(() => parseCommandLine(args)).toThrow(message);
  });

  it("reads flags, values and positionals", () => {
    expect(parseCommandLine(["token", "create", "--account=acme", "--json"])).toEqual({
      kind: "command",
      name: "token create",
      args: [],
      values: { account: "acme", json: true },
    });
    expect(parseCommandLine(["skills", "import", "./dir", "--account", "a"])).toEqual({
      kind: "command",
      name: "skills import",
      args: ["./dir"],
      values: { account: "a", json: undefined },
    });
    expect(parseCommandLine([])).toEqual({ kind: "command", name: "serve", args: [], values: {} });
    expect(
      parseCommandLine(["listen", "--forward-to", "http://localhost:4242/h", "--events", "agent.created", "--json"]),
    ).toEqual({
      kind: "command",
      name: "listen",
      args: [],
      values: { "forward-to": "http://localhost:4242/h", events: "agent.created", json: true },
    });
  });
});

/** The same through a real process: where the output goes and the exit codes. */
describe("cloud-agents exit codes and streams", () => {
  it("prints help and the version on stdout with exit 0, without reading the configuration", async () => {
    const broken = { DATABASE_URL: "postgres://nope", PORT: "x" };
    const help = await runCli(["token", "create", "--help"], broken);
    expect(help).toEqual({ code: 0, stdout: expect.stringMatching(/^Usage: cloud-agents token create/), stderr: "" });
    const version = await runCli(["--version"], broken);
    expect(version).toEqual({ code: 0, stdout: `cloud-agents ${VERSION}\n`, stderr: "" });
  });

  it("exits 2 with the message on stderr for a mistyped flag or a missing value, and creates no token", async () => {
    const before = (await runCli(["token", "list", "--json"], env)).stdout;
    const typo = await runCli(["token", "create", "--acount", "acme"], env);
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe("");
    expect(typo.stderr).toMatch(/Unknown option '--acount'.*\nRun cloud-agents token create --help for usage\./);
    const missing = await runCli(["token", "create", "--account"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/argument missing/);
    const invalid = await runCli(["token", "create", "--account", "not a name"], env);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/--account must be 1-64 letters/);
    expect((await runCli(["token", "list", "--json"], env)).stdout).toBe(before);
  });
});

describe("cloud-agents data commands", () => {
  it("prints JSON with --json: token create, token list, token revoke, migrate", async () => {
    const created = await runCli(["token", "create", "--account", "acme", "--json"], env);
    expect(created.code).toBe(0);
    const token = JSON.parse(created.stdout) as { id: string; token: string; account: string; hint: string };
    expect(token).toMatchObject({
      account: "acme",
      id: expect.stringMatching(/^tok_/),
      token: expect.stringMatching(/^cat_/),
    });
    const listed = JSON.parse((await runCli(["token", "list", "--json"], env)).stdout) as Record<string, unknown>[];
    expect(listed).toContainEqual({
      id: token.id,
      account: "acme",
      hint: token.hint,
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token.token);
    const revoked = await runCli(["token", "revoke", token.id, "--json"], env);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: token.id, revoked: true });
    expect(JSON.parse((await runCli(["migrate", "--json"], env)).stdout)).toEqual({
      applied: [],
      // The test server's URL has no password to redact.
      database: onPostgres ? env.DATABASE_URL : join(dir, "db.sqlite"),
    });
  });

  // SQLite-specific (a database is a file there): on PostgreSQL the database exists before any
  // command runs; the test below checks the commands refuse one that was never migrated.
  it("never creates a database outside serve and migrate: from another folder it names the path it looked at", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "cas-subfolder-"));
    try {
      mkdirSync(join(elsewhere, "sub"));
      const cwd = join(elsewhere, "sub");
      for (const args of [
        ["token", "create"],
        ["token", "list"],
        ["skills", "import", "."],
      ]) {
        const res = await runCli(args, { DATABASE_URL: "" }, cwd);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(`No database at ${join(cwd, "data/cloud-agents.db")}`);
        expect(res.stderr).toMatch(/Set DATABASE_URL/);
      }
      expect(readdirSync(cwd)).toEqual([]);
      expect(existsSync(join(cwd, "data"))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)(
    "refuses an empty PostgreSQL database outside serve and migrate, naming the problem, and creates no table",
    async () => {
      const empty = await testDatabaseEnv(join(dir, "empty.db"));
      for (const args of [
        ["token", "create"],
        ["token", "list"],
        ["skills", "import", "."],
      ]) {
        const res = await runCli(args, empty);
        expect(res.code).toBe(1);
        expect(res.stderr).toMatch(/The PostgreSQL database is not at this version's schema/);
        expect(res.stderr).not.toMatch(/\bat .*\.([cm]?js|ts):\d+/); // a message, not a stack trace (from the build or the sources)
      }
      const tables = await queryRows(
        await testDatabaseUrl(join(dir, "empty.db")),
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
      );
      expect(tables).toEqual([]);
    },
  );
});
