/**
 * Escape tests: a session's tools against the real sandbox (bubblewrap through the sandbox
 * runtime). Each attempt ends its own call with an error result and the sandbox goes on serving.
 */
import { getEventListeners } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltinToolName, callBuiltin } from "../../server/agents/tools/toolset.ts";
import type { ToolContext, ToolResult } from "../../server/agents/tools/types.ts";
import type { BubblewrapSandbox } from "../../server/sandbox/bubblewrap.ts";
import type { Owner } from "../../server/sandbox/identity.ts";
import type { NetworkPolicy } from "../../server/sandbox/port.ts";
import type { Workspaces } from "../../server/sandbox/workspace.ts";
import { requireSandboxPrograms, writableCgroups } from "../helpers/servers/requires.ts";
import { openSandbox, toolLimits } from "../helpers/servers/sandbox.ts";

const skip = requireSandboxPrograms();
const QUOTA = 2 * 1024 * 1024;
/** The cgroup controllers this host lets the server use, probed without the server's code. */
const CGROUPS = writableCgroups();
const SERVER_SECRET = `server-secret-${process.pid}-value`;

describe.skipIf(skip !== null)("the sandbox holds", () => {
  let dataDir: string;
  let workspaces: Workspaces;
  let sandbox: BubblewrapSandbox;
  let mine: string;
  let owner: Owner | null;
  let hits = 0;
  let target: Server;
  let port = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sandbox-escape-"));
    writeFileSync(join(dataDir, "cloud-agents.db"), "SQLite format 3 DATABASE-CONTENT");
    writeFileSync(join(dataDir, "secret.key"), "SECRET-KEY-CONTENT");
    process.env.CLOUD_AGENTS_TEST_SECRET = SERVER_SECRET;
    ({ sandbox, workspaces } = await openSandbox(dataDir, { workspaceMaxBytes: QUOTA, maxProcesses: 64 }));
    mine = await workspaces.open("sess_mine");
    owner = await workspaces.owner("sess_mine");
    const other = await workspaces.open("sess_other");
    writeFileSync(join(other, "private.txt"), "OTHER-SESSION-CONTENT");
    target = createServer((_req, res) => {
      hits++;
      res.end("reached");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    port = (target.address() as AddressInfo).port;
  });

  afterAll(async () => {
    delete process.env.CLOUD_AGENTS_TEST_SECRET;
    await sandbox?.close();
    await new Promise((resolve) => target?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ctx = (network: NetworkPolicy = { type: "unrestricted" }): ToolContext => ({
    workspace: mine,
    owner,
    skills: null,
    sandbox,
    env: { GREETING: "hello" },
    network,
    limits: toolLimits(QUOTA),
    signal: new AbortController().signal,
  });
  const call = (name: BuiltinToolName, input: Record<string, unknown>, network?: NetworkPolicy): Promise<ToolResult> =>
    callBuiltin(name, input, ctx(network));
  const text = (r: ToolResult) => r.content.map((b) => b.text).join("\n");

  it("runs a command in /workspace with only the session's variables, HOME and PATH", async () => {
    const r = await call("bash", {
      command: "pwd; echo $HOME; echo $GREETING; echo made > made.txt; env | cut -d= -f1 | sort",
    });
    expect(r.is_error).toBe(false);
    const lines = text(r).split("\n");
    expect(lines.slice(0, 3)).toEqual(["/workspace", "/workspace", "hello"]);
    expect(readFileSync(join(mine, "made.txt"), "utf8")).toBe("made\n");
    const names = lines.slice(3).filter(Boolean);
    // The proxy variables are the sandbox's; nothing of the server's environment is there.
    for (const name of names)
      expect(["GREETING", "HOME", "PATH", "PWD", "SHLVL", "TMPDIR", "_"].includes(name) || /_PROXY$/i.test(name)).toBe(
        true,
      );
  });

  it("a large command reaches its shell whole; a NUL or an option-like variable name ends the call with an error", async () => {
    // 100 KB of script (one argument of the sandbox's line: Linux takes at most 128 KiB per argument):
    // the waiting shell reads its line by length, in blocks.
    const body = "x".repeat(100_000);
    const big = await call("bash", { command: `s='${body}'; echo \${#s}` });
    expect(text(big)).toBe("100000\n");
    const nul = await call("bash", { command: "echo a\u0000b" });
    expect(nul.is_error).toBe(true);
    expect(text(nul)).toMatch(/NUL character/);
    const request = {
      owner,
      command: "echo never",
      workspace: mine,
      network: { type: "unrestricted" as const },
      timeoutMs: 10_000,
      signal: new AbortController().signal,
    };
    // The API refuses such names; `env` must never read one as its own option either.
    await expect(sandbox.exec({ ...request, env: { "--split-string": "touch /tmp/escaped" } })).rejects.toThrow(
      /invalid environment variable name|environment/,
    );
    const after = await call("bash", { command: "echo still here" });
    expect(text(after)).toBe("still here\n");
  });

  it("a command reaches its shell exactly as written: quotes, expansions, backslashes, newlines", async () => {
    // The command takes the place of a marker in the runtime's line built once per process:
    // whatever it holds must be neither cut, expanded early nor able to end its own quoting.
    const command = [
      String.raw`printf '%s|' 'it'"'"'s' "two words" \\back \$HOME "$HOME" ${"`echo tick`"} '!x' "a\"b"`,
      "echo; printf '%s' 'line",
      "break'; echo \"'\"; exit 7",
    ].join("\n");
    const r = await call("bash", { command });
    expect(text(r)).toBe(
      `${String.raw`it's|two words|\back|$HOME|/workspace|tick|!x|a"b|`}\nline\nbreak'\n\n[exit code 7]`,
    );
    expect(r.is_error).toBe(true);
  });

  it("a command listens to its turn's signal only while it runs", async () => {
    const signal = new AbortController().signal;
    const go = join(mine, "listeners-go");
    const runs = Array.from({ length: 3 }, () =>
      callBuiltin("bash", { command: "until [ -e listeners-go ]; do sleep 0.02; done" }, { ...ctx(), signal }),
    );
    await expect.poll(() => getEventListeners(signal, "abort").length, { timeout: 10_000 }).toBe(3);
    writeFileSync(go, "");
    for (const r of await Promise.all(runs)) expect(r.is_error).toBe(false);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
    rmSync(go);
  });

  it("a file tool path outside the workspace is an error, never an access", async () => {
    for (const path of [
      "/etc/hostname",
      "../sess_other/private.txt",
      "/workspace/../../secret.key",
      join(dataDir, "secret.key"),
    ]) {
      const r = await call("read", { path });
      expect(r.is_error, path).toBe(true);
      expect(text(r)).toMatch(/outside the workspace/);
    }
  });

  it("a symlink leading out of the workspace is refused by read, write and edit", async () => {
    symlinkSync(join(dataDir, "secret.key"), join(mine, "key-link"));
    symlinkSync(join(dataDir, "workspaces", "sess_other"), join(mine, "other-link"));
    const read = await call("read", { path: "key-link" });
    expect(read.is_error).toBe(true);
    expect(text(read)).not.toContain("SECRET-KEY-CONTENT");
    const through = await call("read", { path: "other-link/private.txt" });
    expect(through.is_error).toBe(true);
    const write = await call("write", { path: "other-link/planted.txt", content: "x" });
    expect(write.is_error).toBe(true);
    const edit = await call("edit", { path: "key-link", old_string: "SECRET", new_string: "x" });
    expect(edit.is_error).toBe(true);
    expect(readFileSync(join(dataDir, "secret.key"), "utf8")).toBe("SECRET-KEY-CONTENT");
    const grep = await call("grep", { pattern: "OTHER-SESSION|SECRET-KEY" });
    expect(text(grep)).not.toMatch(/OTHER-SESSION-CONTENT|SECRET-KEY-CONTENT/);
    const glob = await call("glob", { pattern: "../**" });
    expect(glob.is_error).toBe(true);
  });

  it("bash cannot read the database file", async () => {
    const r = await call("bash", { command: `cat ${join(dataDir, "cloud-agents.db")}` });
    expect(r.is_error).toBe(true);
    expect(text(r)).not.toContain("DATABASE-CONTENT");
  });

  it("bash cannot read the secret key", async () => {
    const r = await call("bash", { command: `cat ${join(dataDir, "secret.key")}` });
    expect(r.is_error).toBe(true);
    expect(text(r)).not.toContain("SECRET-KEY-CONTENT");
  });

  it("bash cannot read another session's workspace", async () => {
    const r = await call("bash", { command: `cat ${join(dataDir, "workspaces", "sess_other", "private.txt")}` });
    expect(r.is_error).toBe(true);
    expect(text(r)).not.toContain("OTHER-SESSION-CONTENT");
  });

  it("bash cannot read the server's environment variables", async () => {
    const r = await call("bash", {
      command: `{ env; cat /proc/*/environ /proc/${process.pid}/environ; } 2>/dev/null | tr '\\0' '\\n' | grep -F ${SERVER_SECRET}`,
    });
    expect(r.is_error).toBe(true);
    expect(text(r)).not.toContain(SERVER_SECRET);
  });

  it("a host outside allowed_hosts is refused and sees no request", async () => {
    const before = hits;
    const limited: NetworkPolicy = { type: "limited", allowed_hosts: ["allowed.example.com"] };
    const r = await call("bash", { command: `curl -sS -f -m 10 http://127.0.0.1:${port}/` }, limited);
    expect(r.is_error).toBe(true);
    const fetched = await call("web_fetch", { url: `http://127.0.0.1:${port}/` }, limited);
    expect(fetched.is_error).toBe(true);
    expect(hits).toBe(before);
    // The same command reaches it once the host is allowed: the refusal above is the policy's.
    const allowed = await call(
      "bash",
      { command: `curl -sS -f -m 10 http://127.0.0.1:${port}/` },
      {
        type: "limited",
        allowed_hosts: ["127.0.0.1"],
      },
    );
    expect(text(allowed)).toContain("reached");
    expect(hits).toBe(before + 1);
  });

  it("a command starts with the network bridge already listening (a connect in its first instant is not refused)", async () => {
    // socat is started in the background; the command waits for it to listen on port 3128 (state 0A).
    // Read with a builtin, the command's first instruction, in 20 commands.
    const command =
      'read -r -d "" t </proc/net/tcp; [[ $t == *":0C38 00000000:0000 0A"* ]] && echo listening || echo "not listening"';
    for (let i = 0; i < 20; i++) {
      const r = await call("bash", { command }, { type: "unrestricted" });
      expect(text(r)).toContain("listening");
      expect(text(r)).not.toContain("not listening");
    }
  });

  it("a write past the workspace quota fails the call", async () => {
    const r = await call("bash", { command: `head -c ${QUOTA + 1024 * 1024} /dev/zero > big.bin` });
    expect(r.is_error).toBe(true);
    rmSync(join(mine, "big.bin"), { force: true });
    const w = await call("write", { path: "big.txt", content: "x".repeat(QUOTA + 1) });
    expect(w.is_error).toBe(true);
    expect(text(w)).toMatch(/quota/);
  });

  it("sleep past its timeout is killed with every process it started", async () => {
    const marker = 3000 + (process.pid % 997);
    const r = await call("bash", { command: `(sleep ${marker} &); sleep ${marker}`, timeout_ms: 500 });
    expect(r.is_error).toBe(true);
    expect(text(r)).toMatch(/time limit of 500 ms/);
    const alive = () =>
      readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .some((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, "utf8").includes(`sleep\0${marker}`);
          } catch {
            return false;
          }
        });
    await expect.poll(alive, { timeout: 5000 }).toBe(false);
  });

  /** This process's sandboxes' groups and their command groups, as paths (every controller). */
  const ownGroups = (): string[] =>
    readFileSync("/proc/self/cgroup", "utf8")
      .split("\n")
      .flatMap((line) => {
        const [, controller, path] = line.split(":");
        if ((controller !== "pids" && controller !== "memory") || path === undefined) return [];
        const parent = join("/sys/fs/cgroup", controller, path);
        return readdirSync(parent)
          .filter((n) => n.startsWith(`cloud-agents-${process.pid}-`))
          .flatMap((g) => [
            join(parent, g),
            ...readdirSync(join(parent, g), { withFileTypes: true })
              .filter((e) => e.isDirectory())
              .map((e) => join(parent, g, e.name)),
          ]);
      })
      .sort();

  it("a fork bomb ends its own call, and none of its processes outlive it", async () => {
    const processes = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p)).length;
    // The sandbox uses every group the host allows (a probe of its own, not the sandbox's word).
    expect(sandbox.status.cgroups).toEqual(CGROUPS);
    const before = processes();
    // The bomb keeps its shell busy: the call ends at its time limit, with every process killed.
    // Meanwhile the host's process count is sampled: the command's pids group holds it at
    // maxProcesses (64) even for root, whom `ulimit -u` does not stop.
    let most = before;
    const sampler = setInterval(() => {
      most = Math.max(most, processes());
    }, 20);
    const r = await call("bash", { command: "f(){ f | f & }; f; while :; do sleep 1; done", timeout_ms: 3000 }).finally(
      () => clearInterval(sampler),
    );
    expect(r.is_error).toBe(true);
    expect(text(r)).toMatch(/time limit of 3000 ms/);
    if (CGROUPS.includes("pids")) {
      expect(most - before).toBeLessThanOrEqual(64 + 16);
      // The command's group is gone with it: what is left under this process's sandboxes' groups
      // are the groups of the shells waiting for the next commands, one shell in each.
      const own = (/^\d+:pids:(.*)$/m.exec(readFileSync("/proc/self/cgroup", "utf8"))?.[1] ?? "") as string;
      const parent = join("/sys/fs/cgroup/pids", own);
      const groups = readdirSync(parent).filter((n) => n.startsWith(`cloud-agents-${process.pid}-`));
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        const commands = readdirSync(join(parent, g), { withFileTypes: true }).filter((e) => e.isDirectory());
        expect(commands.length).toBeLessThanOrEqual(2);
        for (const c of commands) {
          const pids = readFileSync(join(parent, g, c.name, "cgroup.procs"), "utf8")
            .split("\n")
            .filter(Boolean);
          expect(pids).toHaveLength(1);
          expect(readFileSync(`/proc/${pids[0]}/cmdline`, "utf8").split("\0")).toContain("warm-shell");
        }
      }
    } else
      console.log(
        `no writable pids cgroup here: the bomb reached ${most - before} processes (only its time limit ended it)`,
      );
    await expect.poll(processes, { timeout: 10_000 }).toBeLessThanOrEqual(before + 5);
    const after = await call("bash", { command: "echo still here" });
    expect(text(after)).toBe("still here\n");
  });

  it("processes that together pass the memory limit are killed, though each stays under it", async () => {
    // A sandbox of 256 MiB: three processes of 150 MB each (each under its `ulimit -v`).
    const groupsBefore = ownGroups();
    const { sandbox: small } = await openSandbox(dataDir, {
      workspaceMaxBytes: QUOTA,
      memoryMaxBytes: 256 * 1024 * 1024,
      maxProcesses: 64,
    });
    try {
      const r = await small.exec({
        owner,
        command:
          'for i in 1 2 3; do (head -c 150000000 /dev/zero | tail -c 150000000 > /dev/null; echo "rc=$?") & done; wait',
        workspace: mine,
        network: { type: "unrestricted" },
        timeoutMs: 30_000,
        env: {},
        signal: new AbortController().signal,
      });
      const codes = r.output.match(/rc=\d+/g) ?? [];
      expect(codes).toHaveLength(3);
      expect(small.status.cgroups).toEqual(CGROUPS);
      if (CGROUPS.includes("memory")) expect(codes).toContain("rc=137");
      else console.log(`no writable memory cgroup here: the three processes ended with ${codes.join(", ")}`);
    } finally {
      await small.close();
    }
    // Closed, it leaves no group behind, nor a shell waiting in one for a next command.
    expect(ownGroups()).toEqual(groupsBefore);
    const after = await call("bash", { command: "echo still here" });
    expect(text(after)).toBe("still here\n");
  });

  it("50 MB of output is cut to 100 KiB with a note", async () => {
    const r = await call("bash", { command: "head -c 50000000 /dev/zero | tr '\\0' a" });
    expect(r.is_error).toBe(true);
    const t = text(r);
    expect(t.length).toBeLessThan(110 * 1024);
    expect(t).toMatch(/\[output cut: \d+ more bytes/);
  });

  it("the built-in file tools work inside the workspace", async () => {
    mkdirSync(join(mine, "src"), { recursive: true });
    expect((await call("write", { path: "src/a.ts", content: "const a = 1;\nconst b = 2;\n" })).is_error).toBe(false);
    expect(text(await call("read", { path: "/workspace/src/a.ts" }))).toBe(
      "     1\tconst a = 1;\n     2\tconst b = 2;",
    );
    expect((await call("edit", { path: "src/a.ts", old_string: "const", new_string: "let" })).is_error).toBe(true);
    expect(
      (await call("edit", { path: "src/a.ts", old_string: "const", new_string: "let", replace_all: true })).is_error,
    ).toBe(false);
    expect(text(await call("glob", { pattern: "**/*.ts" }))).toBe("/workspace/src/a.ts");
    expect(text(await call("grep", { pattern: "LET B", case_insensitive: true }))).toBe(
      "/workspace/src/a.ts:2:let b = 2;",
    );
  });
});
