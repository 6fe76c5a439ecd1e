/**
 * Control groups per sandboxed command (cgroup v1's `pids` and `memory` controllers, where the
 * host lets the server make them): every process of one command is counted together, whatever
 * its user. The server runs as root on the machines this targets, and root ignores `ulimit -u`,
 * so without a group a fork bomb grows until its time limit (thousands of processes, a load
 * average in the thousands for every other session); with one it stops at SANDBOX_MAX_PROCESSES.
 * The memory group caps the command's processes together at SANDBOX_MEMORY_MAX_BYTES (the kernel
 * kills one of them when it is reached), where `ulimit -v` only caps each process on its own.
 *
 * The server makes one group per controller beside its own (`cloud-agents-<pid>-<n>`, under the
 * group /proc/self/cgroup names) and one below it per command; the command's first process (a
 * shell that then execs bubblewrap) moves itself in before it starts anything, and does so before
 * the command is known (warmShells.ts). A host without
 * writable groups (cgroup v2 only, or no permission) runs commands without them: the process
 * and memory limits are then the per-process `ulimit`s.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = "/sys/fs/cgroup";
type ControllerName = "pids" | "memory";
const CONTROLLERS: ControllerName[] = ["pids", "memory"];

export interface CommandLimits {
  maxProcesses: number;
  memoryMaxBytes: number;
}

/** The cgroup v1 paths of this process, by controller, from /proc/self/cgroup (`id:controllers:path`). */
function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  let text = "";
  try {
    text = readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return paths;
  }
  for (const line of text.split("\n")) {
    const [, controllers, path] = line.split(":");
    if (!controllers || path === undefined) continue;
    for (const c of controllers.split(",")) paths.set(c, path);
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

/** Removes the groups left by servers that are gone (a SIGKILLed server cannot remove its own). */
function sweepStale(parent: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^cloud-agents-(\d+)-\d+$/.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    const group = join(parent, name);
    try {
      for (const child of readdirSync(group, { withFileTypes: true })) {
        if (child.isDirectory()) rmdirSync(join(group, child.name));
      }
      rmdirSync(group);
    } catch {
      // Still holding processes: left for a later start.
    }
  }
}

/** The pids of a group (empty when it is gone). */
function members(group: string): number[] {
  try {
    return readFileSync(join(group, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sandboxes made by this process (servers of one test process each have their own groups). */
let instances = 0;

/** The server's groups; null when the host gives it none. */
export class CommandCgroups {
  private calls = 0;

  private constructor(
    private readonly groups: Map<ControllerName, string>,
    private readonly limits: CommandLimits,
  ) {}

  /** Makes the server's groups; controllers whose hierarchy is not writable are left out. */
  static open(limits: CommandLimits): CommandCgroups | null {
    const own = ownPaths();
    const instance = ++instances;
    const groups = new Map<ControllerName, string>();
    for (const controller of CONTROLLERS) {
      const path = own.get(controller);
      if (path === undefined) continue;
      const parent = join(ROOT, controller, path);
      const group = join(parent, `cloud-agents-${process.pid}-${instance}`);
      try {
        sweepStale(parent);
        mkdirSync(group, { recursive: true });
        groups.set(controller, group);
      } catch {
        // Not writable here.
      }
    }
    return groups.size > 0 ? new CommandCgroups(groups, limits) : null;
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
      for (const [controller, group] of this.groups) {
        const dir = join(group, id);
        mkdirSync(dir);
        dirs.push(dir);
        if (controller === "pids") writeFileSync(join(dir, "pids.max"), String(limits.maxProcesses));
        else writeFileSync(join(dir, "memory.limit_in_bytes"), String(limits.memoryMaxBytes));
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
    return new CommandGroup(dirs);
  }

  /** Removes the server's groups (their commands have ended). */
  close(): void {
    for (const group of this.groups.values()) {
      try {
        rmdirSync(group);
      } catch {
        // A command's group is still being removed; the next start sweeps it.
      }
    }
  }
}

/** One command's groups. */
export class CommandGroup {
  constructor(private readonly dirs: string[]) {}

  /** The `cgroup.procs` files a process writes its pid into to enter the groups (warmShells.ts). */
  get procsFiles(): string[] {
    return this.dirs.map((d) => join(d, "cgroup.procs"));
  }

  /** Kills every process still in the groups. */
  kill(): void {
    for (const dir of this.dirs) {
      for (const pid of members(dir)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone already.
        }
      }
    }
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
