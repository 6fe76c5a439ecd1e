/**
 * Shells that wait inside fresh command groups (commandCgroups.ts) for the command they will
 * become, so that entering the groups is not on a command's path.
 *
 * Why: a process enters a cgroup v1 group by writing its pid to `cgroup.procs`, and the kernel
 * makes that write wait for an RCU grace period (`percpu_down_write` on the cgroup threadgroup
 * lock, `rcu_sync_enter` then `synchronize_rcu`; seen with `perf record -e sched:sched_switch -g`).
 * Behind the namespace teardown of the previous sandboxed command that wait was 11-16 ms, a third
 * of a sandboxed call. Forks are not blocked while it waits (readers of that lock only take a
 * slower path), so a shell can enter its groups beside the running command, and the next command
 * finds it there.
 *
 * A warm shell is `bash` that writes its pid into its groups, then reads the argv it will become:
 * one line with the byte length of each word, then the words back to back, read at once by
 * `read -N` (in blocks, where a delimited read takes a system call per byte), cut by those
 * lengths and executed with `exec -- "$@"` (`setpriv ... bwrap ...`), the command's variables
 * exported first (the first words: their count leads the lengths), the shell's own unset.
 * Nothing of a word is ever parsed as shell text: a command's quotes, `$`, backticks and newlines
 * reach bubblewrap as the bytes they are. The command keeps the shell's pid, process group, stdout
 * and stderr, and its stdin becomes /dev/null. A shell whose stdin ends without a line (the pool
 * closed, or the server gone) exits 0 having run nothing; one that cannot enter its groups exits
 * 97 (MOVE_FAILED), one given a broken argv 96.
 */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { CommandCgroups, CommandGroup } from "./commandCgroups.ts";

/**
 * Enters the groups named by the arguments (their `cgroup.procs` files), then becomes the argv
 * read from stdin. `--norc`: bash reads ~/.bashrc when its stdin is a socket (Node's pipes are).
 * The shell runs in the C locale (no LANG given): lengths and `${buf:off:len}` count bytes.
 */
const SHELL_SCRIPT = `for f; do { echo $$ > "$f"; } 2>/dev/null || { echo "the sandbox could not enter its control group $f" >&2; exit 97; }; done
read -r -a lengths || exit 0
[[ \${lengths[0]} =~ ^[0-9]+$ ]] || exit 96
vars=\${lengths[0]}; lengths=("\${lengths[@]:1}")
total=0; for n in "\${lengths[@]}"; do [[ $n =~ ^[0-9]+$ ]] || exit 96; total=$((total + n)); done
IFS= read -r -N "$total" words
[ "\${#words}" -eq "$total" ] && [ "\${#lengths[@]}" -gt "$vars" ] || exit 96
argv=(); at=0; for n in "\${lengths[@]}"; do argv+=("\${words:at:n}"); at=$((at + n)); done
for v in $(compgen -e); do unset "$v"; done
for ((i = 0; i < vars; i++)); do export "\${argv[i]}" || exit 96; done
argv=("\${argv[@]:vars}")
unset lengths vars total words at n f v i
exec </dev/null
exec -- "\${argv[@]}"`;

/** Environment names as the shell takes them (the API allows no other). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The exit code of a shell that could not enter its groups. */
export const MOVE_FAILED = 97;

/** Shells kept ready; more commands at once than this start cold (they enter their groups first). */
const READY = 2;

type ShellProcess = ChildProcessByStdio<Writable, Readable, Readable>;

/** One shell in its own groups, to run one command. */
export class WarmShell {
  /** Set when the shell could not be started (spawn's `error` before the command took it). */
  error: Error | null = null;

  constructor(
    readonly child: ShellProcess,
    readonly group: CommandGroup,
  ) {
    child.on("error", (err) => {
      this.error = err;
    });
    // A shell killed before its line is written: the write fails with EPIPE, reported by `close`.
    child.stdin.on("error", () => {});
  }

  /**
   * Replaces the shell with `argv`, run with exactly `env` (exported by the shell after it unset
   * its own: the values never appear in a process's argv). Throws (before writing anything) on a
   * word the shell cannot carry (a NUL) or a variable name the shell would not take as one.
   */
  exec(argv: string[], env: Record<string, string>): void {
    const names = Object.keys(env);
    const bad = names.find((name) => !ENV_NAME.test(name));
    if (bad !== undefined) throw new Error(`invalid environment variable name ${JSON.stringify(bad)}`);
    const words = [...names.map((k) => `${k}=${env[k]}`), ...argv].map((w) => Buffer.from(w, "utf8"));
    if (words.some((w) => w.includes(0))) throw new Error("a command or variable holds a NUL character");
    this.child.stdin.write(`${[names.length, ...words.map((w) => w.length)].join(" ")}\n`);
    this.child.stdin.end(Buffer.concat(words));
  }
}

/** The ready shells of one sandbox. */
export class WarmShells {
  private readonly ready: WarmShell[] = [];
  private closed = false;

  constructor(
    private readonly cgroups: CommandCgroups,
    private readonly path: string,
  ) {}

  /** A shell for one command: a ready one, or a new one; the pool is refilled after. */
  take(): WarmShell {
    const shell = this.ready.shift() ?? this.start();
    setImmediate(() => this.fill());
    return shell;
  }

  private fill(): void {
    while (!this.closed && this.ready.length < READY) {
      let shell: WarmShell;
      try {
        shell = this.start();
      } catch {
        // No group could be made (the host took the hierarchy away): commands start cold and say why.
        return;
      }
      this.ready.push(shell);
      shell.child.once("exit", () => this.drop(shell));
    }
  }

  /** A ready shell that ended (killed from outside): its groups are removed, a new one is made at the next take. */
  private drop(shell: WarmShell): void {
    const at = this.ready.indexOf(shell);
    if (at < 0) return;
    this.ready.splice(at, 1);
    void shell.group.close();
  }

  private start(): WarmShell {
    const group = this.cgroups.create();
    try {
      const child = spawn("/bin/bash", ["--norc", "-c", SHELL_SCRIPT, "warm-shell", ...group.procsFiles], {
        env: { PATH: this.path },
        stdio: ["pipe", "pipe", "pipe"],
        // Its own process group: the command (same pid) and everything it starts are killed together.
        detached: true,
      });
      return new WarmShell(child, group);
    } catch (err) {
      // No process holds the group yet: it goes at once.
      void group.close();
      throw err;
    }
  }

  /** Ends the ready shells (they exit without running anything) and removes their groups. */
  async close(): Promise<void> {
    this.closed = true;
    const shells = this.ready.splice(0);
    for (const shell of shells) shell.child.stdin.end();
    await Promise.all(shells.map((s) => s.group.close()));
  }
}
