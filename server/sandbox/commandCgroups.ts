/**
 * Control groups per sandboxed command: every process of one command is counted together,
 * whatever its user, on cgroup v2 (the default of current Debian, Ubuntu, Docker and Kubernetes:
 * `pids.max`, `memory.max`, `cgroup.kill`) or, where the host still mounts them, cgroup v1's
 * `pids` and `memory` controllers (`pids.max`, `memory.limit_in_bytes`). A fork bomb stops at
 * SANDBOX_MAX_PROCESSES; the command's processes together are capped at SANDBOX_MEMORY_MAX_BYTES
 * (the kernel kills one of them when it is reached), where `ulimit -v` only caps each process.
 *
 * v2: the server's group (from the `0::` line of /proc/self/cgroup) must let it enable `pids`
 * and `memory` for groups below it (a delegated subtree). A group holding processes cannot give
 * its children controllers ("no internal processes"), so the server first moves itself into a
 * leaf of its own (`cloud-agents-<pid>-server`), as a systemd service with `Delegate=yes` would.
 * v1: one group per controller beside the server's own.
 *
 * Either way the server makes one group per sandbox (`cloud-agents-<pid>-<n>`) and one below it
 * per command; the command's first process (a shell that then execs bubblewrap) moves itself in
 * before it starts anything, and does so before the command is known (warmShells.ts). Groups of
 * servers that are gone (SIGKILLed, crashed) are swept at the next start; a shutdown removes its
 * own. A host without writable groups runs commands without them: the process limit is then
 * `ulimit -u`, per uid (a session's own when the server is root), and memory per process.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

type ControllerName = "pids" | "memory";
const CONTROLLERS: ControllerName[] = ["pids", "memory"];

export interface CommandLimits {
  maxProcesses: number;
  memoryMaxBytes: number;
}

/** Where the hierarchy is read and written (tests point it at a folder laid out like one). */
export interface CgroupHost {
  /** The cgroup mount (`/sys/fs/cgroup`). */
  root: string;
  /** The text of /proc/self/cgroup. */
  selfCgroup: string;
  pid: number;
}

function systemHost(): CgroupHost {
  let selfCgroup = "";
  try {
    selfCgroup = readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    // Not Linux, or no /proc: no groups.
  }
  return { root: "/sys/fs/cgroup", selfCgroup, pid: process.pid };
}

/** The paths of this process by controller (`id:controllers:path`); v2's line is keyed "". */
function ownPaths(selfCgroup: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of selfCgroup.split("\n")) {
    const [id, controllers, path] = line.split(":");
    if (controllers === undefined || path === undefined) continue;
    if (id === "0" && controllers === "") paths.set("", path);
    for (const c of controllers.split(",")) if (c) paths.set(c, path);
  }
  return paths;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The pids of a group (empty when it is gone). */
function members(group: string): number[] {
  try {
    return readFileSync(join(group, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Kills every process of a group: `cgroup.kill` on v2 (kernel 5.14+), else each member. */
function killGroup(dir: string, v2: boolean): void {
  if (v2 && existsSync(join(dir, "cgroup.kill"))) {
    try {
      writeFileSync(join(dir, "cgroup.kill"), "1");
      return;
    } catch {
      // An older kernel: each member below.
    }
  }
  for (const pid of members(dir)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

/** Removes a group and the groups below it (their processes killed first). */
function removeTree(dir: string, v2: boolean): boolean {
  let entries: import("node:fs").Dirent[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return true;
  }
  for (const e of entries) if (e.isDirectory()) removeTree(join(dir, e.name), v2);
  killGroup(dir, v2);
  try {
    rmdirSync(dir);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** Removes the groups left by servers that are gone (a SIGKILLed server cannot remove its own). */
function sweepStale(parent: string, v2: boolean): void {
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^cloud-agents-(\d+)-(?:\d+|server)$/.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    // Still holding processes being killed: left for a later start.
    removeTree(join(parent, name), v2);
  }
}

/** Sandboxes made by this process (servers of one test process each have their own groups). */
let instances = 0;

/** The server's groups; null when the host gives it none. */
export class CommandCgroups {
  private calls = 0;

  private constructor(
    /** The sandbox's group per controller (v2: one group for both). */
    private readonly groups: Map<ControllerName, string>,
    private readonly limits: CommandLimits,
    readonly version: 1 | 2,
  ) {}

  /** Makes the server's groups; controllers whose hierarchy is not writable are left out. */
  static open(limits: CommandLimits, host: CgroupHost = systemHost()): CommandCgroups | null {
    const instance = ++instances;
    const own = ownPaths(host.selfCgroup);
    const unified = own.get("");
    if (unified !== undefined && existsSync(join(host.root, "cgroup.controllers"))) {
      const v2 = CommandCgroups.openV2(limits, host, unified, instance);
      if (v2) return v2;
    }
    const groups = new Map<ControllerName, string>();
    for (const controller of CONTROLLERS) {
      const path = own.get(controller);
      if (path === undefined) continue;
      const parent = join(host.root, controller, path);
      const group = join(parent, `cloud-agents-${host.pid}-${instance}`);
      try {
        sweepStale(parent, false);
        mkdirSync(group, { recursive: true });
        groups.set(controller, group);
      } catch {
        // Not writable here.
      }
    }
    return groups.size > 0 ? new CommandCgroups(groups, limits, 1) : null;
  }

  /** cgroup v2: a delegated subtree below the server's group, with `pids` and `memory` enabled. */
  private static openV2(
    limits: CommandLimits,
    host: CgroupHost,
    path: string,
    instance: number,
  ): CommandCgroups | null {
    const parent = join(host.root, path);
    const available = (dir: string) => {
      try {
        return readFileSync(join(dir, "cgroup.controllers"), "utf8").trim().split(/\s+/);
      } catch {
        return [];
      }
    };
    const wanted = CONTROLLERS.filter((c) => available(parent).includes(c));
    if (wanted.length === 0) return null;
    const enable = (dir: string) =>
      writeFileSync(join(dir, "cgroup.subtree_control"), wanted.map((c) => `+${c}`).join(" "));
    try {
      sweepStale(parent, true);
      try {
        enable(parent);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EBUSY") throw err;
        // The server's own group holds processes: it moves into a leaf first (no internal processes).
        const leaf = join(parent, `cloud-agents-${host.pid}-server`);
        mkdirSync(leaf, { recursive: true });
        writeFileSync(join(leaf, "cgroup.procs"), String(host.pid));
        enable(parent);
      }
      const group = join(parent, `cloud-agents-${host.pid}-${instance}`);
      mkdirSync(group, { recursive: true });
      enable(group);
      return new CommandCgroups(new Map(wanted.map((c) => [c, group])), limits, 2);
    } catch {
      // Not delegated to this server (not writable, or other processes share its group).
      return null;
    }
  }

  /** What the groups enforce, for the start-up log and /readyz. */
  get controllers(): ControllerName[] {
    return [...this.groups.keys()];
  }

  /** A group for one command, with its limits set. */
  create(): CommandGroup {
    const { limits } = this;
    const id = String(++this.calls);
    const dirs: string[] = [];
    try {
      const made = new Set<string>();
      for (const [controller, group] of this.groups) {
        const dir = join(group, id);
        if (!made.has(dir)) {
          mkdirSync(dir);
          made.add(dir);
          dirs.push(dir);
        }
        if (controller === "pids") writeFileSync(join(dir, "pids.max"), String(limits.maxProcesses));
        else if (this.version === 2) {
          writeFileSync(join(dir, "memory.max"), String(limits.memoryMaxBytes));
          // No swap beyond the limit, where the host has swap accounting.
          try {
            writeFileSync(join(dir, "memory.swap.max"), "0");
          } catch {
            // No swap controller files here.
          }
        } else writeFileSync(join(dir, "memory.limit_in_bytes"), String(limits.memoryMaxBytes));
      }
    } catch (err) {
      // The groups made so far hold no process yet: removable at once (the first error is the one told).
      for (const dir of dirs) {
        try {
          rmdirSync(dir);
        } catch {
          // Left for the sweep of a later start.
        }
      }
      throw err;
    }
    return new CommandGroup(dirs, this.version === 2);
  }

  /** Removes the server's groups (their commands have ended), trying for up to a second. */
  async close(): Promise<void> {
    const groups = new Set(this.groups.values());
    for (let attempt = 0; groups.size > 0 && attempt < 100; attempt++) {
      for (const group of [...groups]) if (removeTree(group, this.version === 2)) groups.delete(group);
      if (groups.size > 0) await sleep(10);
    }
  }
}

/** One command's groups. */
export class CommandGroup {
  constructor(
    private readonly dirs: string[],
    private readonly v2: boolean,
  ) {}

  /** The `cgroup.procs` files a process writes its pid into to enter the groups (warmShells.ts). */
  get procsFiles(): string[] {
    return this.dirs.map((d) => join(d, "cgroup.procs"));
  }

  /** Kills every process still in the groups. */
  kill(): void {
    for (const dir of this.dirs) killGroup(dir, this.v2);
  }

  /** Kills what is left and removes the groups (a group is removable once its last process is reaped). */
  async close(): Promise<void> {
    for (const dir of this.dirs) {
      for (let attempt = 0; ; attempt++) {
        this.kill();
        try {
          rmdirSync(dir);
          break;
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === "ENOENT" || attempt >= 100) break;
          await sleep(10);
        }
      }
    }
  }
}
