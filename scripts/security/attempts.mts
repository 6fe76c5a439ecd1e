/**
 * The outside tester's attempts, replayed against a tree of the service through its own sandbox and
 * built-in tools (as root, SANDBOX=bubblewrap): `npx tsx scripts/security/attempts.mts`. Prints each
 * attempt and what came back; docs/sandbox-attempts.md has its output on this tree and on the tree
 * before the boundary (90d379f, the same script with that tree's sandbox API).
 */
import { closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { unpackSkills } from "../../server/agents/tools/skills.ts";
import { callBuiltin } from "../../server/agents/tools/toolset.ts";
import { createSandbox } from "../../server/sandbox/create.ts";
import { SessionUids } from "../../server/sandbox/identity.ts";
import { Workspaces } from "../../server/sandbox/workspace.ts";

const QUOTA = 4 * 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), "attempts-"));
const hostFolder = mkdtempSync(join(tmpdir(), "attempts-host-"));
const config = {
  mode: "bubblewrap",
  defaultTimeoutMs: 20_000,
  maxTimeoutMs: 60_000,
  workspaceMaxBytes: QUOTA,
  memoryMaxBytes: 1024 ** 3,
  maxProcesses: 64,
  snapshotMaxBytes: 1024 ** 3,
  allowPrivateTargets: false,
  uidBase: 1_000_000_000,
  uidCount: 65_536,
} as const;
const sandbox = await createSandbox(config as never, dataDir, [dataDir]);
const uids =
  sandbox.status.identity?.model === "session-uid"
    ? new SessionUids(join(dataDir, "sandbox-uids"), { base: config.uidBase, count: config.uidCount })
    : null;
const workspaces = new Workspaces(join(dataDir, "workspaces"), QUOTA, null, uids);
const owners = new Map<string, unknown>();
const skillsOf = new Map<string, string>();
const limits = {
  defaultTimeoutMs: 20_000,
  maxTimeoutMs: 60_000,
  workspaceMaxBytes: QUOTA,
  fileToolTimeoutMs: 10_000,
  allowPrivateTargets: false,
};
const ctx = (workspace: string) => ({
  workspace,
  owner: owners.get(workspace) ?? null,
  skills: skillsOf.get(workspace) ?? null,
  sandbox,
  env: {},
  network: { type: "unrestricted" as const },
  limits,
  memory: null,
  signal: new AbortController().signal,
});
const open = async (id: string) => {
  const ws = await workspaces.open(id);
  owners.set(ws, await workspaces.owner(id));
  return ws;
};
const text = (r: { content: { text: string }[]; is_error: boolean }) =>
  `${r.is_error ? "ERROR " : ""}${r.content
    .map((b) => b.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300)}`;
const bash = async (ws: string, command: string) =>
  text((await callBuiltin("bash", { command }, ctx(ws) as never)) as never);
const show = (label: string, out: string) => console.log(`- ${label}\n    ${out}`);

const a = await open("sess_a");
const b = await open("sess_b");
writeFileSync(join(b, "private.txt"), "OTHER-SESSION-CONTENT");

console.log("## 1. capabilities, uid map, sysctls, unshare/mount/chroot");
show(
  "/proc/self/status and uid_map",
  await bash(
    a,
    "grep -E '^(Uid|Cap(Eff|Prm|Bnd|Amb)|NoNewPrivs)' /proc/self/status | tr '\\t' ' ' | tr '\\n' ';'; echo; cat /proc/self/uid_map",
  ),
);
const before = readFileSync("/proc/sys/kernel/printk_ratelimit_burst", "utf8").trim();
show(
  "write kernel.printk_ratelimit_burst",
  await bash(a, "f=/proc/sys/kernel/printk_ratelimit_burst; v=$(cat $f); echo $((v+1)) > $f && echo wrote; cat $f"),
);
const after = readFileSync("/proc/sys/kernel/printk_ratelimit_burst", "utf8").trim();
console.log(`    host's value before ${before}, after ${after}`);
writeFileSync("/proc/sys/kernel/printk_ratelimit_burst", before);
show(
  "test -w core_pattern, drop_caches",
  await bash(
    a,
    "for f in /proc/sys/kernel/core_pattern /proc/sys/vm/drop_caches /proc/sysrq-trigger; do test -w $f && echo writable $f || echo refused $f; done",
  ),
);
show(
  "unshare -U -r, mount, chroot",
  await bash(
    a,
    "unshare -U -r true && echo unshare-ok; mkdir -p m && mount -t tmpfs none m && echo mount-ok; chroot / true && echo chroot-ok",
  ),
);
console.log("## 5. root-only files");
show("cat /etc/shadow", await bash(a, "head -c 40 /etc/shadow && echo ' ...read'"));
show("another session's files by host path", await bash(a, `cat ${b}/private.txt`));

console.log("## 2. a skills link, then a turn that unpacks a skill");
const skill = {
  name: "demo",
  description: "d",
  instructions: "x",
  directory: "demo",
  files: [{ path: "demo/SKILL.md", content: Buffer.from("PLANTED") }],
};
for (const [label, target] of [
  ["a host folder", hostFolder],
  ["another workspace", b],
  ["the data folder", dataDir],
] as const) {
  const ws = await open(`sess_${label.length}x`);
  await bash(ws, `rm -rf skills; ln -s ${target} skills`);
  let unpack = "unpacked";
  const id = ws.split("/").pop() as string;
  skillsOf.set(ws, workspaces.skillsFolder(id));
  try {
    await unpackSkills(workspaces.skillsFolder(id), [skill as never], owners.get(ws) as never);
  } catch (e) {
    unpack = `threw ${(e as Error).message}`;
  }
  show(
    `skills -> ${label}: unpack ${unpack}; ${target}/demo/SKILL.md exists: ${existsSync(join(target, "demo", "SKILL.md"))}`,
    `next call: ${await bash(ws, "echo still-works")}`,
  );
}

console.log("## 4. a FIFO, a socket, /dev/zero through the file tools");
for (const kind of ["fifo", "zero"]) {
  const ws = await open(`sess_${kind}`);
  await bash(ws, kind === "fifo" ? "mkfifo f" : "ln -s /dev/zero f");
  const t = Date.now();
  const r = await Promise.race([
    callBuiltin("read", { path: "f" }, ctx(ws) as never).then((r) => text(r as never)),
    new Promise<string>((res) => setTimeout(() => res("no answer"), 5000)),
  ]);
  show(`read ${kind}`, `${r} after ${Date.now() - t} ms`);
}
const fifos = [];
for (let i = 0; i < 4; i++) {
  const ws = await open(`sess_f${i}`);
  await bash(ws, "mkfifo f");
  fifos.push(ws);
}
for (const ws of fifos) void callBuiltin("read", { path: "f" }, ctx(ws) as never);
const t0 = Date.now();
const fifth = await Promise.race([
  callBuiltin("read", { path: "private.txt" }, ctx(b) as never).then((r) => text(r as never)),
  new Promise<string>((res) => setTimeout(() => res("no answer"), 5000)),
]);
show("four sessions read a FIFO; a fifth session's read", `${fifth.slice(0, 60)} after ${Date.now() - t0} ms`);
for (const ws of fifos) {
  try {
    // Old trees: a reader waits on each FIFO; a writer's open lets it go.
    closeSync(openSync(join(ws, "f"), constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // No reader waits (this tree refuses the FIFO).
  }
}

console.log("## 3. the quota (4 MiB)");
const q = await open("sess_quota");
show("5 x 3 MiB in one call", await bash(q, "for i in 1 2 3 4 5; do head -c 3M /dev/zero > big$i; done; echo done"));
show("du after", await bash(q, "du -sk . | cut -f1 | sed 's/$/ KiB on disk/'"));
show("the same call again", await bash(q, "for i in 6 7 8 9 10; do head -c 3M /dev/zero > big$i; done; echo done"));
show("du after", await bash(q, "du -sk . | cut -f1 | sed 's/$/ KiB on disk/'"));
const q2 = await open("sess_inodes");
show(
  "mkdir d{1..5000}; touch e{1..10000}",
  await bash(q2, "mkdir d{1..5000}; touch e{1..10000}; echo made; find . | wc -l"),
);

console.log("## 6. the host's own address in unrestricted mode");
const srv = createServer((_q, r) => r.end("HOST-SERVICE")).listen(0, "0.0.0.0");
await new Promise((r) => srv.once("listening", r));
const port = (srv.address() as { port: number }).port;
const own = Object.values(networkInterfaces())
  .flatMap((l) => l ?? [])
  .filter((i) => !i.internal && i.family === "IPv4")
  .map((i) => i.address);
for (const addr of own) {
  show(`curl http://${addr}:${port}/`, await bash(a, `curl -s -m 5 http://${addr}:${port}/ || echo curl-failed $?`));
  show(
    `web_fetch http://${addr}:${port}/`,
    text((await callBuiltin("web_fetch", { url: `http://${addr}:${port}/` }, ctx(a) as never)) as never),
  );
}
srv.close();
await sandbox.close();
rmSync(dataDir, { recursive: true, force: true });
rmSync(hostFolder, { recursive: true, force: true });
process.exit(0);
