/**
 * Who a session's commands are on the host (API.md, "The sandbox's identity").
 *
 * - A server running as root runs each session's commands as a host uid and gid of that session's
 *   own, `SANDBOX_UID_BASE + index` (index below `SANDBOX_UID_COUNT`), never as root: the kernel
 *   then refuses what the sandbox's policy forgets (root-only files, sysctls, devices, another
 *   session's files), and `RLIMIT_NPROC` counts the session's processes. The workspace and every
 *   file the server puts in it belong to that uid. `setpriv` (util-linux) switches to it before
 *   bubblewrap starts, with no supplementary groups and no capability left.
 * - A server running as another user runs commands as itself in an unprivileged user namespace.
 *
 * The index of a session is claimed in a registry beside the workspaces (`<data>/sandbox-uids/<index>`,
 * a symbolic link naming the session: made atomically, so two servers on one data folder never
 * hand one uid to two sessions) and kept while its workspace lasts; the workspace folder's owner
 * is the uid its commands run as.
 */
import { createHash } from "node:crypto";
import { mkdir, readlink, symlink, unlink } from "node:fs/promises";
import { join } from "node:path";

/** How commands get their identity on this host. */
export type UidModel =
  | { kind: "session-uid"; base: number; count: number }
  | { kind: "user-namespace"; uid: number; gid: number };

export interface UidRange {
  base: number;
  count: number;
}

/** The model of this process: per-session uids as root, its own uid otherwise. */
export function uidModel(range: UidRange): UidModel {
  const uid = process.getuid?.() ?? 0;
  if (uid === 0) return { kind: "session-uid", base: range.base, count: range.count };
  return { kind: "user-namespace", uid, gid: process.getgid?.() ?? uid };
}

/** A uid and gid of one session. */
export interface Owner {
  uid: number;
  gid: number;
}

/** Every index of the range is taken by a live workspace. */
export class UidsExhaustedError extends Error {
  constructor(count: number) {
    super(
      `every one of the ${count} sandbox uids (SANDBOX_UID_COUNT) belongs to a session's workspace; delete sessions or raise SANDBOX_UID_COUNT`,
    );
    this.name = "UidsExhaustedError";
  }
}

/** The registry of per-session uids (root only). */
export class SessionUids {
  constructor(
    /** `<data>/sandbox-uids`. */
    private readonly registry: string,
    readonly range: UidRange,
  ) {}

  /** Whether `uid` is one this registry hands out. */
  owns(uid: number): boolean {
    return uid >= this.range.base && uid < this.range.base + this.range.count;
  }

  /**
   * The session's uid: the one it holds, else a free one claimed now (first probe by a hash of
   * the id, so a session usually gets the same uid on every host of a fleet).
   */
  async claim(sessionId: string): Promise<Owner> {
    await mkdir(this.registry, { recursive: true, mode: 0o700 });
    const { count, base } = this.range;
    const start = createHash("sha256").update(sessionId).digest().readUInt32BE(0) % count;
    for (let i = 0; i < count; i++) {
      const index = (start + i) % count;
      const entry = join(this.registry, String(index));
      try {
        await symlink(sessionId, entry);
        return { uid: base + index, gid: base + index };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        if ((await readlink(entry).catch(() => null)) === sessionId) return { uid: base + index, gid: base + index };
      }
    }
    throw new UidsExhaustedError(count);
  }

  /** Gives the session's uid back (its workspace is gone). */
  async release(sessionId: string, uid: number): Promise<void> {
    if (!this.owns(uid)) return;
    const entry = join(this.registry, String(uid - this.range.base));
    if ((await readlink(entry).catch(() => null)) === sessionId) await unlink(entry).catch(() => undefined);
  }
}

/**
 * `argv` behind `setpriv` as `owner`: no supplementary groups, no capability (inheritable and
 * bounding sets emptied), `no_new_privs`. The server is root; `setpriv` is util-linux's.
 */
export function asOwner(setpriv: string, owner: Owner, argv: string[]): string[] {
  return [
    setpriv,
    `--reuid=${owner.uid}`,
    `--regid=${owner.gid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
    ...argv,
  ];
}
