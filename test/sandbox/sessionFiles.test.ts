/**
 * The files API of a session against what a session's commands can leave in its workspace:
 * links out of it, FIFOs, sockets, names too long, files where folders are needed. Each is a
 * clear 4xx, never an access outside, never a blocked thread, never a 500.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let s: TestServer;
let hostFolder: string;
const sessions: string[] = [];

beforeAll(async () => {
  s = await inProcess({ env: { SANDBOX: "off" } });
  hostFolder = mkdtempSync(join(tmpdir(), "files-host-folder-"));
  const agent = await createAgent(s);
  const environment = await createEnvironment(s);
  for (let i = 0; i < 5; i++) sessions.push((await createSession(s, agent.id, environment)).id);
  for (const id of sessions) {
    const put = await s.request("PUT", `/sessions/${id}/files/content?path=notes.txt`, {
      raw: Buffer.from("hello\n"),
      contentType: "application/octet-stream",
    });
    expect(put.status, put.text).toBe(200);
  }
});
afterAll(async () => {
  await s?.stop();
  rmSync(hostFolder, { recursive: true, force: true });
});

const workspace = (id: string) => join(s.dataDir, "workspaces", id);
const put = (id: string, path: string, body = "x") =>
  s.request("PUT", `/sessions/${id}/files/content?path=${encodeURIComponent(path)}`, {
    raw: Buffer.from(body),
    contentType: "application/octet-stream",
  });
const get = (id: string, path: string) =>
  s.request("GET", `/sessions/${id}/files/content?path=${encodeURIComponent(path)}`);
const list = (id: string, path: string) => s.request("GET", `/sessions/${id}/files?path=${encodeURIComponent(path)}`);

describe("session files against what a session leaves in its workspace", () => {
  it("links out of the workspace are refused by upload, download and list (400 naming path)", async () => {
    const id = sessions[0] as string;
    symlinkSync(hostFolder, join(workspace(id), "out"));
    symlinkSync(join(s.dataDir, "cloud-agents.db"), join(workspace(id), "db"));
    symlinkSync(`../${sessions[1]}`, join(workspace(id), "sibling"));
    for (const res of [
      await put(id, "out/planted.txt"),
      await put(id, "sibling/planted.txt"),
      await get(id, "db"),
      await get(id, "sibling/notes.txt"),
      await list(id, "out"),
      await get(id, "notes.txt/../../x"),
    ]) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.param).toBe("path");
    }
    expect(readdirSync(hostFolder)).toEqual([]);
    expect(readdirSync(workspace(sessions[1] as string))).toEqual(["notes.txt"]);
    // A link inside the workspace is followed by the server's own walk; the listing shows no link.
    symlinkSync("notes.txt", join(workspace(id), "alias"));
    expect((await get(id, "alias")).text).toBe("hello\n");
    const names = (await list(id, ".")).body.data.map((e: { path: string }) => e.path);
    expect(names).toEqual(["notes.txt"]);
  });

  it("a FIFO or socket is refused at once (four sessions at once) while a fifth session's files answer", async () => {
    const socket = createNetServer();
    await new Promise<void>((r) => socket.listen(join(workspace(sessions[0] as string), "s.sock"), r));
    try {
      for (const id of sessions.slice(0, 4)) execFileSync("mkfifo", [join(workspace(id), "f")]);
      const blocked = sessions.slice(0, 4).flatMap((id) => [get(id, "f"), put(id, "f"), get(id, "f")]);
      const started = Date.now();
      const fifth = await get(sessions[4] as string, "notes.txt");
      expect(Date.now() - started).toBeLessThan(1000);
      expect(fifth.text).toBe("hello\n");
      for (const res of await Promise.all(blocked)) {
        expect([404, 409]).toContain(res.status);
        expect(res.body.error.message).toMatch(/not a regular file/);
      }
      expect((await get(sessions[0] as string, "s.sock")).status).toBe(404);
    } finally {
      socket.close();
    }
  });

  it("a name too long is a 400 and a file where a folder is needed a 409, never a 500", async () => {
    const id = sessions[2] as string;
    const long = await put(id, `${"n".repeat(300)}/f.txt`);
    expect(long.status, long.text).toBe(400);
    expect(long.body.error.param).toBe("path");
    expect((await put(id, "dir1")).status).toBe(200);
    const under = await put(id, "dir1/f");
    expect(under.status, under.text).toBe(409);
    expect(under.body.error.message).toMatch(/is a file, not a folder/);
    const folder = await put(id, ".");
    expect(folder.status).toBe(400);
    expect((await get(id, "dir1/f")).status).toBe(404);
    expect(JSON.stringify(s.logs)).not.toMatch(/ENAMETOOLONG|ENOTDIR/);
  });
});
