/**
 * The saved workspaces of sessions (replicas, API.md "Environments that run"): the PostgreSQL
 * adapter keeps one archive per session with a generation counter, gone with its session; the
 * SQLite adapter keeps none. On PostgreSQL, two workspace roots on one database stand for two
 * replicas: a save on one is restored by the other over a missing or older folder, modes,
 * symbolic links and empty folders included, skills/ left out and left alone.
 */
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOrphanWorkspaces } from "../../server/housekeeping/retention.ts";
import { Workspaces } from "../../server/sandbox/workspace.ts";
import { WorkspaceTooLargeError } from "../../server/sandbox/workspaceSnapshots.ts";
import { adapters } from "./adapters.ts";
import { sessionFixtures } from "./sessionFixtures.ts";
import { useStorage } from "./suite.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(adapters)("workspace snapshots on $name", (adapter) => {
  const suite = useStorage(adapter);
  let fixtures: Awaited<ReturnType<typeof sessionFixtures>>;
  let dir = "";
  beforeAll(async () => {
    fixtures = await sessionFixtures(suite.storage);
    dir = await mkdtemp(join(tmpdir(), "cas-snapshots-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("lists which sessions exist, for the retention job's sweep of workspace folders", async () => {
    const { session } = await fixtures.session();
    expect(await suite.storage.housekeeping.existingSessions([session.id, "sesn_gone"])).toEqual([session.id]);
    expect(await suite.storage.housekeeping.existingSessions([])).toEqual([]);

    const workspaces = new Workspaces(join(dir, "sweep"), 1 << 20);
    await writeFile(join(await workspaces.open(session.id), "kept.txt"), "x");
    await writeFile(join(await workspaces.open("sesn_gone"), "orphan.txt"), "x");
    expect(await removeOrphanWorkspaces(suite.storage, workspaces)).toBe(1);
    expect((await workspaces.sessions()).sort()).toEqual([session.id]);
  });

  it.runIf(adapter.name === "sqlite")("keeps none on SQLite: the folder is the truth", () => {
    expect(suite.storage.workspaceSnapshots).toBeNull();
  });

  it.runIf(adapter.name === "postgres")("keeps one archive per session, each save the next generation", async () => {
    const store = suite.storage.workspaceSnapshots;
    if (!store) throw new Error("PostgreSQL keeps workspace snapshots");
    const { session } = await fixtures.session();
    expect(await store.info(session.id)).toBeNull();
    expect(await store.get(session.id)).toBeNull();

    const first = await store.save(session.id, bytes("one"));
    expect(first).toMatchObject({ session_id: session.id, generation: 1, size_bytes: 3 });
    const second = await store.save(session.id, bytes("second"));
    expect(second).toMatchObject({ generation: 2, size_bytes: 6 });
    expect(await store.info(session.id)).toEqual(second);
    const got = await store.get(session.id);
    expect(new TextDecoder().decode(got?.archive)).toBe("second");
    expect(got?.generation).toBe(2);

    // Saved for no session: nothing written. Gone with its session.
    expect(await store.save("sesn_missing", bytes("x"))).toBeNull();
    expect(await suite.storage.sessions.deleteSession(fixtures.account, session.id)).toBe(true);
    expect(await store.info(session.id)).toBeNull();
  });

  it.runIf(adapter.name === "postgres")("restores a workspace saved by another replica", async () => {
    const store = suite.storage.workspaceSnapshots;
    if (!store) throw new Error("PostgreSQL keeps workspace snapshots");
    const options = { store, maxBytes: 1 << 20, keep: ["skills"] };
    const a = new Workspaces(join(dir, "a"), 1 << 20, options);
    const b = new Workspaces(join(dir, "b"), 1 << 20, options);
    const { session } = await fixtures.session();

    // Nothing saved yet: B makes an empty folder.
    const emptyB = await b.open(session.id);
    expect(await b.restore(session.id)).toBe(false);

    const root = await a.open(session.id);
    await mkdir(join(root, "src/empty"), { recursive: true });
    await writeFile(join(root, "src/run.sh"), "echo hi\n");
    await chmod(join(root, "src/run.sh"), 0o755);
    await symlink("src/run.sh", join(root, "link"));
    await mkdir(join(root, "skills/tool"), { recursive: true });
    await writeFile(join(root, "skills/tool/SKILL.md"), "# A's copy");
    expect(await a.save(session.id)).toMatchObject({ generation: 1 });

    // B's folder exists but is older than the save: replaced; its own skills/ stays as it is.
    await mkdir(join(emptyB, "skills"), { recursive: true });
    await writeFile(join(emptyB, "skills/mine.md"), "B's skill");
    await writeFile(join(emptyB, "stale.txt"), "from before");
    expect(await b.open(session.id)).toBe(emptyB);
    expect(await readFile(join(emptyB, "src/run.sh"), "utf8")).toBe("echo hi\n");
    expect((await lstat(join(emptyB, "src/run.sh"))).mode & 0o777).toBe(0o755);
    expect(await readlink(join(emptyB, "link"))).toBe("src/run.sh");
    expect((await lstat(join(emptyB, "src/empty"))).isDirectory()).toBe(true);
    await expect(lstat(join(emptyB, "stale.txt"))).rejects.toThrow(/ENOENT/);
    expect(await readFile(join(emptyB, "skills/mine.md"), "utf8")).toBe("B's skill");
    await expect(lstat(join(emptyB, "skills/tool"))).rejects.toThrow(/ENOENT/);

    // Up to date: a second open keeps B's own changes. B saves; A, now older, restores B's.
    await writeFile(join(emptyB, "src/run.sh"), "echo changed by B\n");
    expect(await b.restore(session.id)).toBe(false);
    expect(await b.save(session.id)).toMatchObject({ generation: 2 });
    expect(await a.restore(session.id)).toBe(true);
    expect(await readFile(join(root, "src/run.sh"), "utf8")).toBe("echo changed by B\n");

    // A replica that never had the folder restores it whole.
    const c = new Workspaces(join(dir, "c"), 1 << 20, options);
    expect(await c.exists(session.id)).toBe(false);
    expect(await readFile(join(await c.open(session.id), "src/run.sh"), "utf8")).toBe("echo changed by B\n");

    // Removing a workspace forgets which save it held: reopened, it is restored again.
    await c.remove(session.id);
    expect(await readFile(join(await c.open(session.id), "link"), "utf8")).toBe("echo changed by B\n");
  });

  it.runIf(adapter.name === "postgres")(
    "refuses to save a workspace over the limit, keeping the last save",
    async () => {
      const store = suite.storage.workspaceSnapshots;
      if (!store) throw new Error("PostgreSQL keeps workspace snapshots");
      const small = new Workspaces(join(dir, "small"), 1 << 20, { store, maxBytes: 2048, keep: ["skills"] });
      const { session } = await fixtures.session();
      const root = await small.open(session.id);
      await writeFile(join(root, "note.txt"), "small");
      expect(await small.save(session.id)).toMatchObject({ generation: 1 });
      // Random bytes do not compress: the archive is larger than 2 KiB.
      const { randomBytes } = await import("node:crypto");
      await writeFile(join(root, "noise.bin"), randomBytes(8192));
      await expect(small.save(session.id)).rejects.toBeInstanceOf(WorkspaceTooLargeError);
      expect(await store.info(session.id)).toMatchObject({ generation: 1 });
    },
  );
});
