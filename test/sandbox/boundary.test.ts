/**
 * The sandbox as a boundary (issue "A sandbox that is a boundary"): each attempt an outside tester
 * made, and its class, against the real sandbox and the real built-in tools. Run as root (as CI
 * does), commands are the session's own uid; the last test runs a sandbox in a process of an
 * unprivileged user, whose commands are that user in a user namespace.
 */
import { execFile } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadedSkill, unpackSkills } from "../../server/agents/tools/skills.ts";
import { type BuiltinToolName, callBuiltin } from "../../server/agents/tools/toolset.ts";
import type { ToolContext, ToolResult } from "../../server/agents/tools/types.ts";
import type { BubblewrapSandbox } from "../../server/sandbox/bubblewrap.ts";
import type { Owner } from "../../server/sandbox/identity.ts";
import type { Workspaces } from "../../server/sandbox/workspace.ts";
import { packWorkspace, unpackWorkspace, WorkspaceArchiveError } from "../../server/sandbox/workspaceArchive.ts";
import { measureWorkspace } from "../../server/sandbox/workspaceQuota.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { openSandbox, toolLimits } from "../helpers/servers/sandbox.ts";

const skip = requireSandboxPrograms();
const QUOTA = 4 * 1024 * 1024;
const ROOT = process.getuid?.() === 0;
const text = (r: ToolResult) => r.content.map((b) => b.text).join("\n");

describe.skipIf(skip !== null)("the sandbox is a boundary", () => {
  let dataDir: string;
  let hostFolder: string;
  let sandbox: BubblewrapSandbox;
  let closed: BubblewrapSandbox;
  let workspaces: Workspaces;
  const sessions = new Map<string, { workspace: string; owner: Owner | null }>();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sandbox-boundary-"));
    hostFolder = mkdtempSync(join(tmpdir(), "sandbox-host-folder-"));
    writeFileSync(join(dataDir, "secret.key"), "SECRET-KEY-CONTENT");
    ({ sandbox, workspaces } = await openSandbox(dataDir, { workspaceMaxBytes: QUOTA, maxProcesses: 64 }));
    // The same host with private targets refused, as in production.
    ({ sandbox: closed } = await openSandbox(dataDir, { workspaceMaxBytes: QUOTA, allowPrivateTargets: false }));
    for (const id of ["sess_a", "sess_b", "sess_c", "sess_d", "sess_e", "sess_f"]) {
      const workspace = await workspaces.open(id);
      sessions.set(id, { workspace, owner: await workspaces.owner(id) });
    }
    writeFileSync(join(sessions.get("sess_b")?.workspace as string, "private.txt"), "OTHER-SESSION-CONTENT");
  });

  afterAll(async () => {
    await sandbox?.close();
    await closed?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(hostFolder, { recursive: true, force: true });
  });

  const ctx = (id = "sess_a", extra: Partial<ToolContext> = {}): ToolContext => {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    return {
      workspace: s.workspace,
      owner: s.owner,
      skills: null,
      sandbox,
      env: {},
      network: { type: "unrestricted" },
      limits: toolLimits(QUOTA),
      signal: new AbortController().signal,
      ...extra,
    };
  };
  const call = (name: BuiltinToolName, input: Record<string, unknown>, c: ToolContext = ctx()) =>
    callBuiltin(name, input, c);
  const bash = async (command: string, c?: ToolContext) => text(await call("bash", { command }, c));

  describe("no command acts as the host's root", () => {
    it("has no capability in any set, no_new_privs, and is not uid 0 in its namespace or on the host", async () => {
      const out = await bash(
        "grep -E '^(Cap(Eff|Prm|Bnd|Amb)|NoNewPrivs|Uid):' /proc/self/status; cat /proc/self/uid_map",
      );
      for (const set of ["CapEff", "CapPrm", "CapBnd", "CapAmb"])
        expect(out).toMatch(new RegExp(`${set}:\\s+0000000000000000`));
      expect(out).toMatch(/NoNewPrivs:\s+1/);
      const map = out.trim().split("\n").pop()?.trim().split(/\s+/) ?? [];
      expect(map[0]).not.toBe("0");
      // What a command makes belongs to the session's own uid on the host, never root.
      await bash("touch made-by-command");
      const made = statSync(join(sessions.get("sess_a")?.workspace as string, "made-by-command"));
      if (ROOT) {
        expect(made.uid).toBe(sessions.get("sess_a")?.owner?.uid);
        expect(made.uid).toBeGreaterThanOrEqual(1_000_000_000);
      } else expect(made.uid).toBe(process.getuid?.());
    });

    it("a session's variables never appear in a process's argv on the host (any local user reads those)", async () => {
      const secret = `variable-secret-${process.pid}`;
      const running = call(
        "bash",
        { command: "sleep 1.5; echo $TOKEN_VAR" },
        ctx("sess_a", { env: { TOKEN_VAR: secret } }),
      );
      const argvs = () =>
        readdirSync("/proc")
          .filter((p) => /^\d+$/.test(p))
          .map((p) => {
            try {
              return readFileSync(`/proc/${p}/cmdline`, "utf8");
            } catch {
              return "";
            }
          });
      let seenSleep = false;
      for (let i = 0; i < 25; i++) {
        const all = argvs();
        seenSleep ||= all.some((a) => a.startsWith("sleep\u00001.5"));
        expect(all.some((a) => a.includes(secret))).toBe(false);
        await new Promise((r) => setTimeout(r, 40));
      }
      expect(seenSleep).toBe(true);
      expect(text(await running)).toContain(secret);
    });

    it("each session has its own uid", () => {
      if (!ROOT) return;
      const uids = new Set([...sessions.values()].map((s) => s.owner?.uid));
      expect(uids.size).toBe(sessions.size);
    });

    it("cannot write a host sysctl: only its own namespaces' settings are writable; /proc/sysrq-trigger is absent", async () => {
      const path = "/proc/sys/kernel/printk_ratelimit_burst";
      const before = readFileSync(path, "utf8");
      const out = await bash(
        `f=${path}; v=$(cat $f); echo $((v+1)) > $f && echo WROTE; ` +
          "for f in /proc/sys/kernel/core_pattern /proc/sys/vm/drop_caches; do test -w $f && echo WRITABLE $f; done; " +
          "find /proc/sys -writable -type f 2>/dev/null | sed 's|^/proc/sys/|SYSCTL |'; " +
          "test -e /proc/sysrq-trigger && echo SYSRQ",
      );
      expect(out).not.toMatch(/WROTE|WRITABLE|SYSRQ/);
      expect(readFileSync(path, "utf8")).toBe(before);
      // What is writable belongs to the sandbox's own IPC and process namespaces, not the host's.
      const own =
        /^(fs\/mqueue\/\w+|kernel\/(auto_msgmni|msgmax|msgmnb|msgmni|sem|shm_rmid_forced|shmall|shmmax|shmmni|ns_last_pid))$/;
      for (const line of out.split("\n").filter((l) => l.startsWith("SYSCTL "))) expect(line.slice(7)).toMatch(own);
    });

    it("cannot unshare a user namespace, mount, chroot or read root-only files", async () => {
      const out = await bash(
        "unshare -U -r true && echo UNSHARED; mount -t tmpfs none /tmp && echo MOUNTED; chroot / true && echo CHROOTED; " +
          "cat /etc/shadow >/dev/null && echo SHADOW; cat /etc/gshadow >/dev/null 2>&1 && echo GSHADOW; true",
      );
      expect(out).not.toMatch(/UNSHARED|MOUNTED|CHROOTED|SHADOW/);
      expect(out).toMatch(/unshare/);
    });

    it("cannot reach another session's files even by their host path", async () => {
      const other = sessions.get("sess_b")?.workspace as string;
      const out = await bash(`cat ${other}/private.txt; ls ${other}`);
      expect(out).not.toContain("OTHER-SESSION-CONTENT");
    });
  });

  describe("skills are unpacked where no link of the session can turn them", () => {
    const skill: LoadedSkill = {
      name: "demo",
      description: "A demo skill.",
      instructions: "# Demo",
      directory: "demo",
      files: [
        { path: "demo/SKILL.md", content: Buffer.from("---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n") },
        { path: "demo/scripts/run.sh", content: Buffer.from("echo run\n") },
      ],
    } as unknown as LoadedSkill;

    for (const [label, target] of [
      ["a host folder", () => hostFolder],
      ["another session's workspace", () => "../sess_b"],
      ["the data folder", () => "../.."],
    ] as const) {
      it(`a skills link to ${label} changes nothing there and never breaks the next call`, async () => {
        const id = "sess_c";
        const { workspace, owner } = sessions.get(id) as { workspace: string; owner: Owner | null };
        rmSync(join(workspace, "skills"), { recursive: true, force: true });
        for (const e of readdirSync(workspace))
          if (e.startsWith("skills.moved-")) rmSync(join(workspace, e), { recursive: true });
        // The agent plants the link with its own command.
        expect(await bash(`ln -s ${target()} /workspace/skills && echo planted`, ctx(id))).toContain("planted");
        const folder = workspaces.skillsFolder(id);
        rmSync(folder, { recursive: true, force: true });
        const listing = (dir: string) => readdirSync(dir).sort();
        const seen = [hostFolder, dataDir, sessions.get("sess_b")?.workspace as string].map(listing);
        // The next turn unpacks its skills (as SessionTools.open does) and runs commands.
        await unpackSkills(folder, [skill], owner);
        expect([hostFolder, dataDir, sessions.get("sess_b")?.workspace as string].map(listing)).toEqual(seen);
        const c = ctx(id, { skills: folder });
        const out = await bash(
          "cat /workspace/skills/demo/SKILL.md; touch /workspace/skills/x 2>&1 || echo READONLY",
          c,
        );
        expect(out).toContain("# Demo");
        expect(out).toContain("READONLY");
        expect(out).toMatch(/was not a folder \(a symbolic link\); it was renamed/);
        // And the call after it too, without a note.
        const again = await bash("ls /workspace/skills", c);
        expect(again.trim()).toBe("demo");
        expect(lstatSync(join(workspace, "skills")).isDirectory()).toBe(true);
        expect((await call("read", { path: "/workspace/skills/demo/SKILL.md" }, c)).is_error).toBe(false);
        expect((await call("write", { path: "/workspace/skills/demo/SKILL.md", content: "x" }, c)).is_error).toBe(true);
      });
    }
  });

  describe("server-side file work follows no link and waits on no FIFO", () => {
    it("links and .. out of the workspace are refused by read, write, edit, glob and grep", async () => {
      const c = ctx("sess_d");
      const ws = sessions.get("sess_d")?.workspace as string;
      symlinkSync(join(dataDir, "secret.key"), join(ws, "key"));
      symlinkSync(hostFolder, join(ws, "host"));
      symlinkSync("../sess_b", join(ws, "sib"));
      symlinkSync("/dev/zero", join(ws, "zero"));
      mkdirSync(join(ws, "inner"));
      writeFileSync(join(ws, "inner", "real.txt"), "inside\n");
      symlinkSync("inner/real.txt", join(ws, "good"));
      for (const path of ["key", "host/planted.txt", "sib/private.txt", "zero", "inner/../../sess_b/private.txt"]) {
        for (const [tool, input] of [
          ["read", { path }],
          ["write", { path, content: "x" }],
          ["edit", { path, old_string: "S", new_string: "x" }],
        ] as const) {
          const r = await call(tool, input, c);
          expect(r.is_error, `${tool} ${path}`).toBe(true);
        }
      }
      expect(readdirSync(hostFolder)).toEqual([]);
      expect(readFileSync(join(dataDir, "secret.key"), "utf8")).toBe("SECRET-KEY-CONTENT");
      expect((await call("glob", { pattern: "**", path: "host" }, c)).is_error).toBe(true);
      expect((await call("grep", { pattern: "SECRET|OTHER", path: "sib" }, c)).is_error).toBe(true);
      expect(text(await call("grep", { pattern: "SECRET|OTHER" }, c))).not.toMatch(/SECRET-KEY-CONTENT|OTHER-SESSION/);
      // A link that stays inside is followed, by the server's own walk.
      expect(text(await call("read", { path: "good" }, c))).toContain("inside");
      expect((await call("write", { path: "good", content: "changed\n" }, c)).is_error).toBe(false);
      expect(readFileSync(join(ws, "inner", "real.txt"), "utf8")).toBe("changed\n");
    });

    it("a FIFO, a socket and a link to /dev/zero are tool errors in four sessions at once, while a fifth session's tools answer", async () => {
      const ids = ["sess_a", "sess_b", "sess_c", "sess_d"];
      for (const id of ids) expect(await bash("rm -f f; mkfifo f && echo ok", ctx(id))).toContain("ok");
      // A socket made by the host (the sandbox's seccomp filter refuses Unix sockets inside).
      const sock = createNetServer();
      await new Promise<void>((r) => sock.listen(join(sessions.get("sess_a")?.workspace as string, "s.sock"), r));
      const five = ctx("sess_e");
      await call("write", { path: "notes.txt", content: "fifth\n" }, five);
      const attempts = ids.flatMap((id) => [
        call("read", { path: "f" }, ctx(id)),
        call("write", { path: "f", content: "x" }, ctx(id)),
        call("edit", { path: "f", old_string: "a", new_string: "b" }, ctx(id)),
        call("grep", { pattern: "x", path: "f" }, ctx(id)),
        call("grep", { pattern: "never-there" }, ctx(id)),
        call("read", { path: "s.sock" }, ctx("sess_a")),
      ]);
      const started = Date.now();
      const fifth = await Promise.all([
        call("read", { path: "notes.txt" }, five),
        call("write", { path: "more.txt", content: "x" }, five),
        call("grep", { pattern: "fifth" }, five),
      ]);
      const fifthMs = Date.now() - started;
      const results = await Promise.all(attempts);
      sock.close();
      for (const r of fifth) expect(r.is_error, text(r)).toBe(false);
      expect(fifthMs).toBeLessThan(1000);
      // Every direct use of the FIFO or socket is an error result; grep of the whole folder skips it.
      results.forEach((r, i) => {
        if (i % 6 === 4) expect(text(r)).toMatch(/No matches/);
        else expect(r.is_error, text(r)).toBe(true);
      });
      expect(text(results[0] as ToolResult)).toMatch(/not a regular file/);
    }, 30_000);

    it("a snapshot keeps a link as a link and never reads a FIFO; a crafted archive cannot write through a link", async () => {
      const ws = sessions.get("sess_f")?.workspace as string;
      symlinkSync(hostFolder, join(ws, "out"));
      await bash("mkfifo pipe; echo data > file.txt", ctx("sess_f"));
      const archive = await packWorkspace(ws);
      const restored = mkdtempSync(join(tmpdir(), "sandbox-restore-"));
      try {
        await unpackWorkspace(archive, restored);
        expect(lstatSync(join(restored, "out")).isSymbolicLink()).toBe(true);
        expect(readFileSync(join(restored, "file.txt"), "utf8")).toBe("data\n");
        expect(existsSync(join(restored, "pipe"))).toBe(false);
        // An archive naming a file below a link (not one this module writes) is refused.
        const { zipSync } = await import("fflate");
        const crafted = zipSync({
          "manifest.json": new TextEncoder().encode(
            JSON.stringify({
              version: 1,
              entries: [
                { path: "a", type: "symlink", target: hostFolder },
                { path: "a/planted.txt", type: "file", mode: 0o644 },
              ],
            }),
          ),
          "files/a/planted.txt": new TextEncoder().encode("x"),
        });
        await expect(unpackWorkspace(crafted, restored)).rejects.toBeInstanceOf(WorkspaceArchiveError);
        expect(readdirSync(hostFolder)).toEqual([]);
      } finally {
        rmSync(restored, { recursive: true, force: true });
      }
    });
  });

  describe("the workspace quota holds", () => {
    const fresh = async (id: string) => {
      const ws = sessions.get(id)?.workspace as string;
      for (const e of readdirSync(ws)) rmSync(join(ws, e), { recursive: true, force: true });
      return ws;
    };

    it("many files in one call: the call fails and what passed the line does not stay", async () => {
      const ws = await fresh("sess_a");
      const r = await call("bash", {
        command: "for i in 1 2 3 4 5; do head -c 1500000 /dev/zero > big$i; done; echo done",
      });
      expect(r.is_error).toBe(true);
      expect(text(r)).toMatch(/quota/);
      expect(await measureWorkspace(ws)).toBeLessThanOrEqual(QUOTA);
    });

    it("many calls: each one that would cross the line fails, and the workspace stays under it", async () => {
      const ws = await fresh("sess_a");
      let failed = 0;
      for (let i = 0; i < 5; i++) {
        const r = await call("bash", { command: `head -c 1500000 /dev/zero > part${i}` });
        if (r.is_error) failed++;
        expect(await measureWorkspace(ws)).toBeLessThanOrEqual(QUOTA);
      }
      expect(failed).toBeGreaterThanOrEqual(3);
    });

    it("folders and empty files count (inodes), and a writer that never stops is stopped", async () => {
      const ws = await fresh("sess_b");
      const r = await call("bash", { command: "mkdir d{1..2000}; touch e{1..5000}; echo made" }, ctx("sess_b"));
      expect(r.is_error).toBe(true);
      expect(text(r)).toMatch(/quota/);
      expect(await measureWorkspace(ws)).toBeLessThanOrEqual(QUOTA);
      const endless = await call(
        "bash",
        { command: "i=0; while :; do head -c 200000 /dev/zero > f$i; i=$((i+1)); done", timeout_ms: 20_000 },
        ctx("sess_b"),
      );
      expect(text(endless)).toMatch(/quota/);
      expect(text(endless)).not.toMatch(/time limit/);
      expect(await measureWorkspace(ws)).toBeLessThanOrEqual(QUOTA);
    }, 60_000);

    it("two sessions in parallel each stay under their own quota", async () => {
      const [a, b] = [await fresh("sess_c"), await fresh("sess_d")];
      const fill = "for i in $(seq 1 40); do head -c 200000 /dev/zero > f$i; done";
      const results = await Promise.all([
        call("bash", { command: fill }, ctx("sess_c")),
        call("bash", { command: fill }, ctx("sess_d")),
      ]);
      for (const r of results) expect(r.is_error).toBe(true);
      expect(await measureWorkspace(a)).toBeLessThanOrEqual(QUOTA);
      expect(await measureWorkspace(b)).toBeLessThanOrEqual(QUOTA);
    }, 60_000);
  });

  describe("networking", () => {
    let target: Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      target = createServer((_req, res) => {
        hits++;
        res.end("reached");
      });
      await new Promise<void>((r) => target.listen(0, "0.0.0.0", r));
      port = (target.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => target.close(() => r())));

    it("refuses every address of the host's own interfaces in unrestricted mode, for bash and web_fetch", async () => {
      const addresses = Object.values(networkInterfaces())
        .flatMap((l) => l ?? [])
        .filter((i) => i.family === "IPv4")
        .map((i) => i.address);
      expect(addresses.length).toBeGreaterThan(0);
      const c = ctx("sess_e", {
        sandbox: closed,
        network: { type: "unrestricted" },
        limits: { ...ctx().limits, allowPrivateTargets: false },
      });
      for (const address of addresses) {
        const out = await bash(`curl -sS -m 10 http://${address}:${port}/ || echo REFUSED`, c);
        expect(out, address).not.toContain("reached");
        const fetched = await call("web_fetch", { url: `http://${address}:${port}/` }, c);
        expect(fetched.is_error, address).toBe(true);
      }
      for (const documentation of ["192.0.2.10", "198.51.100.1", "203.0.113.9", "100.64.0.1", "198.18.0.1"]) {
        const out = await bash(`curl -sS -m 5 http://${documentation}:${port}/ || echo REFUSED`, c);
        expect(out).toMatch(/refused/i);
      }
      expect(hits).toBe(0);
    });
  });
});

/** A server process of an unprivileged user: commands run as that user, with no capability either. */
describe.skipIf(skip !== null || !ROOT)("as a server that is not root", () => {
  it("runs commands as its own user in a user namespace, with the same limits", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sandbox-nonroot-"));
    const uid = 1_999_000_001;
    const { chownSync } = await import("node:fs");
    chownSync(dataDir, uid, uid);
    const script = resolve("test/sandbox/fixtures/nonRootSandbox.ts");
    const tsx = resolve("node_modules/tsx/dist/esm/index.mjs");
    const out = await promisify(execFile)(
      "setpriv",
      [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--", process.execPath, "--import", tsx, script, dataDir],
      { env: { PATH: process.env.PATH ?? "", HOME: dataDir }, timeout: 60_000 },
    ).finally(() => rmSync(dataDir, { recursive: true, force: true }));
    const report = JSON.parse(out.stdout.trim().split("\n").pop() as string) as Record<string, string>;
    expect(report.identity).toBe(`{"model":"user-namespace","uid":${uid}}`);
    expect(report.output).toMatch(new RegExp(`Uid:\\s+${uid}`));
    for (const set of ["CapEff", "CapPrm", "CapBnd", "CapAmb"])
      expect(report.output).toMatch(new RegExp(`${set}:\\s+0000000000000000`));
    expect(report.output).toMatch(/NoNewPrivs:\s+1/);
    expect(report.output).not.toMatch(/UNSHARED|MOUNTED|SHADOW|WROTE/);
    expect(report.owner).toBe(String(uid));
  }, 90_000);
});
