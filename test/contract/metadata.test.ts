/**
 * Metadata follows one set of rules wherever it is sent: the same limits, counted in the same
 * characters (code points, as JSON Schema counts them) in JSON bodies and in the `metadata` text
 * field of skill uploads; and on update, the 16-key limit applies to the result of the patch.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(async () => {
  await server.stop();
});

const EMOJI = "😀"; // one character, two UTF-16 units
let skillCount = 0;

function uploadSkill(metadata: Record<string, string>) {
  const name = `meta-skill-${++skillCount}`;
  const fd = new FormData();
  fd.append("files", new Blob([`---\nname: ${name}\ndescription: "A skill."\n---\n# ${name}\n`]), `${name}/SKILL.md`);
  fd.append("metadata", JSON.stringify(metadata));
  return server.request("POST", "/skills", { raw: fd });
}

const createVault = (metadata: Record<string, string>) =>
  server.request("POST", "/vaults", { body: { display_name: "meta", metadata } });

describe("metadata limits, counted in characters everywhere", () => {
  const fits = {
    [EMOJI.repeat(64)]: EMOJI.repeat(512),
    plain: "x".repeat(512),
  };

  it("accepts a 512-character value and a 64-character key of emoji in a JSON body and in a skill upload alike", async () => {
    const vault = await createVault(fits);
    expect(vault.status, vault.text).toBe(200);
    expect(vault.body.metadata).toEqual(fits);
    const skill = await uploadSkill(fits);
    expect(skill.status, skill.text).toBe(200);
    expect(skill.body.metadata).toEqual(fits);
  });

  for (const [what, metadata] of [
    ["a 513-character value", { k: EMOJI.repeat(513) }],
    ["a 65-character key", { [EMOJI.repeat(65)]: "v" }],
    ["17 keys", Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]))],
  ] as const) {
    it(`refuses ${what} in a JSON body and in a skill upload alike, naming metadata`, async () => {
      const vault = expectError(await createVault(metadata), 400, "invalid_request_error");
      expect(vault.param).toMatch(/^metadata/);
      const skill = expectError(await uploadSkill(metadata), 400, "invalid_request_error");
      expect(skill.param).toBe("metadata");
    });
  }
});

describe("a metadata patch", () => {
  const sixteen = (prefix: string) => Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`${prefix}${i}`, "v"]));

  it("may delete 16 keys and set 16 new ones in one update: the limit is on the result", async () => {
    const vault = await createVault(sixteen("old"));
    expect(vault.status, vault.text).toBe(200);
    const patch: Record<string, string | null> = { ...sixteen("new") };
    for (const key of Object.keys(sixteen("old"))) patch[key] = null;
    expect(Object.keys(patch)).toHaveLength(32);
    const updated = await server.request("POST", `/vaults/${vault.body.id}`, { body: { metadata: patch } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.metadata).toEqual(sixteen("new"));
  });

  it("is refused when its result would hold more than 16 keys, naming metadata", async () => {
    const vault = await createVault(sixteen("old"));
    const res = await server.request("POST", `/vaults/${vault.body.id}`, { body: { metadata: { one: "more" } } });
    const error = expectError(res, 400, "invalid_request_error");
    expect(error.param).toBe("metadata");
    expect(error.message).toContain("17");
    // Nothing changed.
    expect((await server.request("GET", `/vaults/${vault.body.id}`)).body.metadata).toEqual(sixteen("old"));
  });

  it("is applied the same way on every resource that takes one (environments, sessions, agents)", async () => {
    const env = await server.request("POST", "/environments", { body: { name: "e", metadata: sixteen("old") } });
    const agent = await server.request("POST", "/agents", {
      body: { name: "a", model: "echo", metadata: sixteen("old") },
    });
    const session = await server.request("POST", "/sessions", {
      body: { agent: agent.body.id, environment_id: env.body.id, metadata: sixteen("old") },
    });
    const patch: Record<string, string | null> = { ...sixteen("new") };
    for (const key of Object.keys(sixteen("old"))) patch[key] = null;
    for (const [path, extra] of [
      [`/environments/${env.body.id}`, {}],
      [`/sessions/${session.body.id}`, {}],
      [`/agents/${agent.body.id}`, { version: 1 }],
    ] as const) {
      const res = await server.request("POST", path, { body: { ...extra, metadata: patch } });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.body.metadata).toEqual(sixteen("new"));
    }
  });
});
