/**
 * The native work operations of `cloud-agents worker` (docs/self-hosted.md): `release` (an item
 * handed back is queued again at once, its lease not counted as lost; a stopping one stops) and
 * the session's workspace between the server and its workers (`GET`/`PUT .../work/{id}/workspace`):
 * only for an item a worker holds, an archive in the server's own format, unpacked without
 * following a link, a damaged or hostile one refused with 400 and the workspace left as it was,
 * over SANDBOX_SNAPSHOT_MAX_BYTES a 413, seen by the files API once saved.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packWorkspace, unpackWorkspace } from "../../server/sandbox/workspaceArchive.ts";
import { createAgent, createSession } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
const scratch = mkdtempSync(join(tmpdir(), "cas-work-workspace-"));

beforeAll(async () => {
  server = await inProcess({ env: { SANDBOX_SNAPSHOT_MAX_BYTES: "65536" } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function heldItem() {
  const env = (
    await server.request("POST", "/environments", { body: { name: "farm", config: { type: "self_hosted" } } })
  ).body.id as string;
  const key = (await server.request("POST", `/environments/${env}/keys`, { body: {} })).body.secret as string;
  const agent = await createAgent(server);
  const session = (await createSession(server, agent.id, env)).id as string;
  const account = await server.service.deps.storage.accounts.findAccountByName("default");
  const item = await server.service.deps.storage.work.enqueueSession(account?.id ?? "", env, session);
  const as = { token: key };
  const ack = async () => {
    expect((await server.request("GET", `/environments/${env}/work/poll`, as)).status).toBe(200);
    expect((await server.request("POST", `/environments/${env}/work/${item.id}/ack`, as)).status).toBe(200);
  };
  return { env, key, session, id: item.id, as, ack };
}

const workspaceUrl = (env: string, id: string) => `${server.url}/api/v1/cloud/environments/${env}/work/${id}/workspace`;

async function put(env: string, id: string, key: string, body: Uint8Array, type = "application/zip") {
  const res = await fetch(workspaceUrl(env, id), {
    method: "PUT",
    headers: { authorization: `Bearer ${key}`, "content-type": type },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function folderArchive(files: Record<string, string>, link?: { name: string; target: string }) {
  const dir = mkdtempSync(join(scratch, "ws-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  if (link) symlinkSync(link.target, join(dir, link.name));
  return packWorkspace(dir);
}

async function fileText(session: string, path: string) {
  const res = await server.request("GET", `/sessions/${session}/files/content?path=${encodeURIComponent(path)}`);
  return res.status === 200 ? res.text : null;
}

describe("release", () => {
  it("queues a held item again at once, without counting a lost lease; 409 when it is not held", async () => {
    const w = await heldItem();
    await w.ack();
    const released = await server.request("POST", `/environments/${w.env}/work/${w.id}/release`, w.as);
    expect(released.status).toBe(200);
    expect(released.body.state).toBe("queued");
    const again = await server.request("POST", `/environments/${w.env}/work/${w.id}/release`, w.as);
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe("conflict_error");
    // The next poll gets it (no reclaim wait: it was not handed out), and no lease was lost.
    const polled = await server.request("GET", `/environments/${w.env}/work/poll`, w.as);
    expect(polled.body.id).toBe(w.id);
    expect((await server.service.deps.storage.work.get(w.env, w.id))?.leases_lost).toBe(0);
    const missing = await server.request("POST", `/environments/${w.env}/work/work_nope/release`, w.as);
    expect(missing.status).toBe(404);
  });

  it("stops an item that was asked to stop", async () => {
    const w = await heldItem();
    await w.ack();
    expect(
      (await server.request("POST", `/environments/${w.env}/work/${w.id}/stop`, { ...w.as, body: {} })).body.state,
    ).toBe("stopping");
    const released = await server.request("POST", `/environments/${w.env}/work/${w.id}/release`, w.as);
    expect(released.body.state).toBe("stopped");
  });
});

describe("a work item's workspace", () => {
  it("is read and saved only while a worker holds the item", async () => {
    const w = await heldItem();
    const early = await fetch(workspaceUrl(w.env, w.id), { headers: { authorization: `Bearer ${w.key}` } });
    expect(early.status).toBe(409);
    expect(((await early.json()) as any).error.message).toContain("queued");
    expect((await put(w.env, w.id, w.key, await folderArchive({ "a.txt": "a" }))).status).toBe(409);
    await w.ack();
    // No workspace yet.
    expect((await fetch(workspaceUrl(w.env, w.id), { headers: { authorization: `Bearer ${w.key}` } })).status).toBe(
      204,
    );
    // Another environment's key: 403.
    const other = await heldItem();
    expect((await put(w.env, w.id, other.key, await folderArchive({ "a.txt": "a" }))).status).toBe(403);
  });

  it("round-trips: what a worker saves is the session's workspace (files API), and what it downloads unpacks to it", async () => {
    const w = await heldItem();
    await w.ack();
    const saved = await put(w.env, w.id, w.key, await folderArchive({ "notes.txt": "from the worker\n" }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ type: "work_workspace", session_id: w.session });
    expect(await fileText(w.session, "notes.txt")).toBe("from the worker\n");
    // A second save replaces it whole.
    expect((await put(w.env, w.id, w.key, await folderArchive({ "other.txt": "2" }))).status).toBe(200);
    expect(await fileText(w.session, "notes.txt")).toBeNull();
    const res = await fetch(workspaceUrl(w.env, w.id), { headers: { authorization: `Bearer ${w.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/zip");
    const dir = join(scratch, "downloaded");
    await unpackWorkspace(new Uint8Array(await res.arrayBuffer()), dir);
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(join(dir, "other.txt"), "utf8")).toBe("2");
  });

  it("refuses a damaged or hostile archive with 400 and leaves the workspace as it was", async () => {
    const w = await heldItem();
    await w.ack();
    expect((await put(w.env, w.id, w.key, await folderArchive({ "keep.txt": "kept" }))).status).toBe(200);
    const damaged = await put(w.env, w.id, w.key, new TextEncoder().encode("PK not a zip at all"));
    expect(damaged.status).toBe(400);
    expect(damaged.body.error.message).toContain("The archive cannot be read");
    // An entry that climbs out of the workspace.
    const manifest = { version: 1, entries: [{ path: "../escaped.txt", type: "file", mode: 0o644 }] };
    const climbing = zipSync({
      "manifest.json": new TextEncoder().encode(JSON.stringify(manifest)),
      "files/../escaped.txt": new TextEncoder().encode("out"),
    });
    const refused = await put(w.env, w.id, w.key, climbing);
    expect(refused.status).toBe(400);
    // A file written through a link of the archive lands nowhere outside either.
    const outside = mkdtempSync(join(scratch, "outside-"));
    const through = zipSync({
      "manifest.json": new TextEncoder().encode(
        JSON.stringify({
          version: 1,
          entries: [
            { path: "out", type: "symlink", target: outside },
            { path: "out/pwned.txt", type: "file", mode: 0o644 },
          ],
        }),
      ),
      "files/out/pwned.txt": new TextEncoder().encode("pwned"),
    });
    expect((await put(w.env, w.id, w.key, through)).status).toBe(400);
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(outside)).toEqual([]);
    expect(await fileText(w.session, "keep.txt")).toBe("kept");
    // No leftovers of the refused uploads beside the workspaces.
    expect(readdirSync(server.service.deps.workspaces.root).filter((n) => n.startsWith(".upload-"))).toEqual([]);
  });

  it("answers 413 over SANDBOX_SNAPSHOT_MAX_BYTES and 400 for another content type", async () => {
    const w = await heldItem();
    await w.ack();
    const big = await put(w.env, w.id, w.key, new Uint8Array(70_000));
    expect(big.status).toBe(413);
    const json = await put(w.env, w.id, w.key, new TextEncoder().encode("{}"), "application/json");
    expect(json.status).toBe(400);
    const text = await put(w.env, w.id, w.key, new TextEncoder().encode("x"), "text/plain");
    expect(text.status).toBe(400);
  });
});
