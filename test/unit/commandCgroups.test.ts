/**
 * The control-group code of both hierarchies, by the files it writes, on folders laid out like
 * cgroup v1 and v2 mounts (the machine's own version is tested for real in test/sandbox/).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CommandCgroups } from "../../server/sandbox/commandCgroups.ts";

const limits = { maxProcesses: 64, memoryMaxBytes: 256 * 1024 * 1024 };
let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The sandbox group this process's CommandCgroups made under `parent` (`cloud-agents-<pid>-<n>`). */
const sandboxGroupIn = (parent: string, pid: number) => {
  const name = readdirSync(parent).find((n) => new RegExp(`^cloud-agents-${pid}-\\d+$`).test(n));
  if (!name) throw new Error(`no sandbox group in ${parent}`);
  return join(parent, name);
};

/** A pid no process has (for a stale group). */
const DEAD_PID = 4_194_000;

describe("cgroup v2", () => {
  const layout = (controllers = "cpu io memory pids") => {
    root = mkdtempSync(join(tmpdir(), "cgroup2-"));
    writeFileSync(join(root, "cgroup.controllers"), `${controllers}\n`);
    const own = join(root, "system.slice", "cloud-agents.service");
    mkdirSync(own, { recursive: true });
    writeFileSync(join(own, "cgroup.controllers"), `${controllers}\n`);
    writeFileSync(join(own, "cgroup.subtree_control"), "");
    return own;
  };
  const host = () => ({ root, selfCgroup: "0::/system.slice/cloud-agents.service\n", pid: 4242 });

  it("enables pids and memory below the server's group and sets each command's limits", () => {
    const own = layout();
    const groups = CommandCgroups.open(limits, host());
    expect(groups?.version).toBe(2);
    expect(groups?.controllers).toEqual(["pids", "memory"]);
    expect(readFileSync(join(own, "cgroup.subtree_control"), "utf8")).toBe("+pids +memory");
    const sandboxGroup = sandboxGroupIn(own, 4242);
    expect(readFileSync(join(sandboxGroup, "cgroup.subtree_control"), "utf8")).toBe("+pids +memory");
    const command = groups?.create();
    const dir = join(sandboxGroup, "1");
    // One group holds both limits; a process enters it through one cgroup.procs.
    expect(command?.procsFiles).toEqual([join(dir, "cgroup.procs")]);
    expect(readFileSync(join(dir, "pids.max"), "utf8")).toBe("64");
    expect(readFileSync(join(dir, "memory.max"), "utf8")).toBe(String(256 * 1024 * 1024));
    expect(readFileSync(join(dir, "memory.swap.max"), "utf8")).toBe("0");
    // Killing a v2 group writes cgroup.kill (every process of it, atomically; kernels since 5.14 have it).
    writeFileSync(join(dir, "cgroup.kill"), "");
    command?.kill();
    expect(readFileSync(join(dir, "cgroup.kill"), "utf8")).toBe("1");
  });

  it("uses only the controllers the server's group offers", () => {
    layout("cpu pids");
    const groups = CommandCgroups.open(limits, host());
    expect(groups?.controllers).toEqual(["pids"]);
  });

  it("sweeps the groups of a server that is gone, keeps a live one's", () => {
    const own = layout();
    const stale = join(own, `cloud-agents-${DEAD_PID}-1`);
    mkdirSync(join(stale, "3"), { recursive: true });
    const live = join(own, `cloud-agents-${process.pid}-9`);
    mkdirSync(live);
    CommandCgroups.open(limits, host());
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it("without a delegated group (no controllers offered) there are none", () => {
    layout("cpu io");
    expect(CommandCgroups.open(limits, host())).toBeNull();
  });
});

describe("cgroup v1", () => {
  it("makes one group per controller beside the server's own and sets each command's limits", () => {
    root = mkdtempSync(join(tmpdir(), "cgroup1-"));
    for (const c of ["pids", "memory"]) mkdirSync(join(root, c, "svc"), { recursive: true });
    const groups = CommandCgroups.open(limits, { root, selfCgroup: "8:pids:/svc\n4:memory:/svc\n0::/\n", pid: 4343 });
    expect(groups?.version).toBe(1);
    expect(groups?.controllers).toEqual(["pids", "memory"]);
    const command = groups?.create();
    const pids = join(sandboxGroupIn(join(root, "pids", "svc"), 4343), "1");
    const memory = join(sandboxGroupIn(join(root, "memory", "svc"), 4343), "1");
    expect(command?.procsFiles).toEqual([join(pids, "cgroup.procs"), join(memory, "cgroup.procs")]);
    expect(readFileSync(join(pids, "pids.max"), "utf8")).toBe("64");
    expect(readFileSync(join(memory, "memory.limit_in_bytes"), "utf8")).toBe(String(256 * 1024 * 1024));
  });
});
