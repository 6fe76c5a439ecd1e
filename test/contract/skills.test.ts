import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { fireTimes } from "../../server/domain/fireTimes.ts";
import { buildPackage } from "../../server/domain/skillPackage.ts";
import { signatureHeader as serverSignatureHeader } from "../../server/domain/webhookSigning.ts";
import type { SkillListOptions } from "../../server/storage/port/skills.ts";
import { skillListQuery } from "../../server/storage/sqlite/skills.ts";
import { type ApiResponse, expectError, inProcess, ROOT, runCli, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const FIXTURE_VENDOR = join(ROOT, "test/fixtures/skills/vendor");
const FIXTURE_IMPORT = join(ROOT, "test/fixtures/skills/import/imported-skill");
const UNKNOWN_SKILL = "skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1";
const MiB = 1024 * 1024;

type FileMap = Record<string, string | Uint8Array>;

const skillMd = (name: string, description = `The ${name} skill, for tests.`, body = `# ${name}\n\nDo it well.\n`) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n${body}`;

function form(files: FileMap, fields: Record<string, string> = {}, field = "files"): FormData {
  const fd = new FormData();
  for (const [path, content] of Object.entries(files)) fd.append(field, new Blob([content]), path);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

let server: TestServer;

function upload(path: string, files: FileMap, fields: Record<string, string> = {}, token?: string | null) {
  return server.request("POST", path, { raw: form(files, fields), ...(token !== undefined ? { token } : {}) });
}

async function createSkill(
  name: string,
  options: { token?: string; fields?: Record<string, string>; extra?: FileMap; description?: string } = {},
) {
  const res = await upload(
    "/skills",
    { [`${name}/SKILL.md`]: skillMd(name, options.description), ...options.extra },
    options.fields ?? {},
    options.token,
  );
  if (res.status !== 200) throw new Error(`create ${name}: ${res.status} ${res.text}`);
  return res.body;
}

async function download(s: TestServer, token: string, skillId: string, version: string) {
  const res = await fetch(`${s.url}/api/v1/cloud/skills/${skillId}/versions/${version}/content`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const ids = (res: ApiResponse) => (res.body.data as { id: string }[]).map((s) => s.id);

/** Walks a list forward with `cursorParam` and backward with before_id; returns both id orders. */
async function walkBothWays(
  s: TestServer,
  base: string,
  limit: number,
  token: string,
  cursorParam: "page" | "after_id",
) {
  const sep = base.includes("?") ? "&" : "?";
  const forward: string[] = [];
  const names: string[] = [];
  let pages = 0;
  let res = await s.request("GET", `${base}${sep}limit=${limit}`, { token });
  for (;;) {
    expect(res.status).toBe(200);
    pages++;
    forward.push(...ids(res));
    names.push(...(res.body.data as { name: string }[]).map((d) => d.name));
    expect(res.body.first_id).toBe(ids(res)[0] ?? null);
    expect(res.body.last_id).toBe(ids(res).at(-1) ?? null);
    if (!res.body.has_more) {
      expect(res.body.next_page).toBeNull();
      break;
    }
    expect(res.body.next_page).toBe(res.body.last_id);
    res = await s.request("GET", `${base}${sep}limit=${limit}&${cursorParam}=${res.body.next_page}`, { token });
  }
  // Backward from the last page: before_id = first_id until nothing precedes.
  const backward: string[] = [...ids(res)];
  let first = res.body.first_id as string;
  for (;;) {
    const prev = await s.request("GET", `${base}${sep}limit=${limit}&before_id=${first}`, { token });
    expect(prev.status).toBe(200);
    backward.unshift(...ids(prev));
    expect(prev.body.next_page).toBeNull(); // paging backward there is no forward cursor
    if (!prev.body.has_more) break;
    first = prev.body.first_id;
  }
  return { forward, backward, pages, names };
}

beforeAll(async () => {
  server = await inProcess({ env: { VENDOR_SKILLS_DIR: FIXTURE_VENDOR } });
});
afterAll(async () => {
  await server.stop();
});

describe("list skills", () => {
  it("lists the account's custom skills and the vendor skills, newest first, without content", async () => {
    const token = await server.tokenFor("list-basic");
    const a = await createSkill("list-basic-a", { token });
    const b = await createSkill("list-basic-b", { token });
    const res = await server.request("GET", "/skills?limit=100", { token });
    expect(res.status).toBe(200);
    const listed = res.body.data as Record<string, unknown>[];
    expect(listed.slice(0, 2).map((s) => s.id)).toEqual([b.id, a.id]);
    expect(listed.filter((s) => s.source === "vendor").map((s) => s.name)).toEqual(["beta-guide", "alpha-helper"]);
    expect(listed[0]).toEqual(b);
    for (const skill of listed) {
      expect(Object.keys(skill).sort()).toEqual(
        [
          "created_at",
          "description",
          "display_title",
          "id",
          "latest_version",
          "metadata",
          "name",
          "source",
          "type",
          "updated_at",
        ].sort(),
      );
    }
    expect(res.body).toMatchObject({ has_more: false, next_page: null, first_id: b.id });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["limit=-1", "limit"],
    [`page=${UNKNOWN_SKILL}&after_id=${UNKNOWN_SKILL}`, "after_id"],
    [`page=${UNKNOWN_SKILL}&before_id=${UNKNOWN_SKILL}`, "before_id"],
    [`after_id=${UNKNOWN_SKILL}&before_id=${UNKNOWN_SKILL}`, "before_id"],
    [`page=${UNKNOWN_SKILL}&after_id=${UNKNOWN_SKILL}&before_id=${UNKNOWN_SKILL}`, "after_id"],
    ["source=anthropic", "source"],
    ["source=CUSTOM", "source"],
    ["source=", "source"],
    ["page=vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1", "page"],
    ["after_id=nope", "after_id"],
    ["before_id=skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y", "before_id"],
    ["name=", "name"],
    ["colour=blue", "colour"],
    [`name=${"x".repeat(256)}`, "name"],
  ])("answers 400 invalid_request_error for %s", async (query, param) => {
    const err = expectError(await server.request("GET", `/skills?${query}`), 400, "invalid_request_error");
    expect(err.param).toBe(param);
  });

  it("accepts the limits 1 and 100 and defaults to 20", async () => {
    const token = await server.tokenFor("list-limits");
    for (let i = 0; i < 21; i++) await createSkill(`limit-${i}`, { token });
    expect((await server.request("GET", "/skills?limit=1", { token })).body.data).toHaveLength(1);
    expect((await server.request("GET", "/skills?limit=100", { token })).body.data).toHaveLength(23);
    const dflt = await server.request("GET", "/skills", { token });
    expect(dflt.body.data).toHaveLength(20);
    expect(dflt.body.has_more).toBe(true);
  });

  it("answers 401 TOKEN_INVALID without a token or with an unknown one", async () => {
    expectError(await server.request("GET", "/skills", { token: null }), 401, "TOKEN_INVALID");
    expectError(await server.request("GET", "/skills", { token: "not-a-token" }), 401, "TOKEN_INVALID");
    expectError(await upload("/skills", { "x/SKILL.md": skillMd("x") }, {}, null), 401, "TOKEN_INVALID");
  });

  it("answers an empty page with nulls when nothing matches", async () => {
    for (const query of ["name=zz-no-such-skill", "display_title=No such title", "source=custom&name=alpha"]) {
      const res = await server.request("GET", `/skills?${query}`, { token: await server.tokenFor("list-empty") });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], next_page: null, first_id: null, last_id: null, has_more: false });
    }
  });

  it("pages over more than two pages in both directions with page, after_id and before_id", async () => {
    // Its own server: the vendor skills it adds are visible to every account.
    const own = await inProcess({ env: { VENDOR_SKILLS_DIR: FIXTURE_VENDOR } });
    try {
      const token = await own.tokenFor("pager");
      const custom: string[] = [];
      const all: string[] = [];
      for (let i = 0; i < 23; i++) {
        const name = `pager-${String(i).padStart(2, "0")}`;
        const res = await own.request("POST", "/skills", { raw: form({ [`${name}/SKILL.md`]: skillMd(name) }), token });
        custom.push(res.body.id);
        all.push(res.body.id);
        // Vendor skills created meanwhile interleave with the account's skills in id order.
        if (i === 7 || i === 15) {
          const vendorName = `pager-vendor-${i}`;
          const content = new TextEncoder().encode(skillMd(vendorName));
          const { version } = buildPackage([{ path: `${vendorName}/SKILL.md`, content }], MiB);
          all.push(
            (await own.service.deps.storage.skills.upsertVendorSkill({ display_title: vendorName, version })).skill.id,
          );
        }
      }

      const customWalk = await walkBothWays(own, "/skills?source=custom", 5, token, "page");
      expect(customWalk.forward).toEqual([...custom].reverse());
      expect(customWalk.backward).toEqual(customWalk.forward);
      expect(customWalk.pages).toBe(5);

      // Both owners merged: the 25 newest, then the two fixture vendor skills (the oldest).
      const merged = await walkBothWays(own, "/skills", 4, token, "after_id");
      expect(merged.forward.slice(0, 25)).toEqual([...all].reverse());
      expect(merged.forward).toHaveLength(27);
      expect(merged.backward).toEqual(merged.forward);
      expect(merged.pages).toBe(7);

      const byPage = await walkBothWays(own, "/skills", 10, token, "page");
      expect(byPage.forward).toEqual(merged.forward);
      expect(byPage.backward).toEqual(merged.forward);

      const vendorOnly = await walkBothWays(own, "/skills?source=vendor", 1, token, "page");
      expect(vendorOnly.forward).toHaveLength(4);
      expect(vendorOnly.backward).toEqual(vendorOnly.forward);
    } finally {
      await own.stop();
    }
  });

  it("filters by case-insensitive name and display_title prefixes, and by source", async () => {
    const token = await server.tokenFor("filters");
    const report = await createSkill("report-writer", { token, fields: { display_title: "Édition Report" } });
    const reporter = await createSkill("reporter", { token, fields: { display_title: "édition spéciale" } });
    const other = await createSkill("other-thing", { token, fields: { display_title: "Report other" } });
    const names = async (query: string) =>
      ((await server.request("GET", `/skills?${query}`, { token })).body.data as { name: string }[]).map((s) => s.name);

    expect(await names("name=report")).toEqual(["reporter", "report-writer"]);
    expect(await names("name=REPORT-W")).toEqual(["report-writer"]);
    expect(await names("name=reporter-")).toEqual([]);
    expect(await names(`display_title=${encodeURIComponent("ÉDITION")}`)).toEqual(["reporter", "report-writer"]);
    expect(await names("display_title=report")).toEqual(["other-thing"]);
    expect(await names(`name=r&display_title=${encodeURIComponent("édition s")}`)).toEqual(["reporter"]);
    expect(await names("name=ALPHA")).toEqual(["alpha-helper"]);
    expect(await names("source=vendor")).toEqual(["beta-guide", "alpha-helper"]);
    expect(await names("source=vendor&name=beta")).toEqual(["beta-guide"]);
    expect(await names("source=custom")).toEqual(["other-thing", "reporter", "report-writer"]);
    expect(await names("source=custom&name=o")).toEqual(["other-thing"]);
    expect([report.id, reporter.id, other.id].every((id) => id.startsWith("skill_"))).toBe(true);
  });

  it("keeps prefix filters exact and paginated whether few or many skills match", async () => {
    const token = await server.tokenFor("many");
    const account = await server.service.deps.storage.accounts.ensureAccount("many");
    const seed = (name: string, title: string) => ({
      display_title: title,
      metadata: {},
      version: buildPackage([{ path: `${name}/SKILL.md`, content: new TextEncoder().encode(skillMd(name)) }], MiB)
        .version,
    });
    // 1,300 skills: "bulk-*" match far more rows than the prefix index is read for; "rare-*" few.
    const inputs = Array.from({ length: 1300 }, (_, i) =>
      i % 100 === 0 ? seed(`rare-${i}`, `Rare ${i}`) : seed(`bulk-${i}`, `Bulk ${i}`),
    );
    await server.service.deps.storage.skills.importSkills(account.id, inputs);
    const newestFirst = [...inputs].reverse().map((s) => s.version.name);

    // Over a thousand matches: the list walks the id index and filters.
    const bulk = await walkBothWays(server, "/skills?name=BULK", 100, token, "page");
    expect(bulk.forward).toHaveLength(1287);
    expect(bulk.backward).toEqual(bulk.forward);
    expect(bulk.names).toEqual(newestFirst.filter((n) => n.startsWith("bulk")));
    const bulk1 = newestFirst.filter((n) => n.startsWith("bulk-1"));
    const page = await server.request("GET", "/skills?name=bulk-1&limit=5", { token });
    expect((page.body.data as { name: string }[]).map((s) => s.name)).toEqual(bulk1.slice(0, 5));
    const bulk1Walk = await walkBothWays(server, "/skills?name=bulk-1", 100, token, "after_id");
    expect(bulk1Walk.forward).toHaveLength(bulk1.length);
    expect(bulk1Walk.backward).toEqual(bulk1Walk.forward);

    // Few matches: the list reads them from the prefix index.
    const rare = await walkBothWays(server, "/skills?name=rare&source=custom", 4, token, "after_id");
    expect(rare.forward).toHaveLength(13);
    expect(rare.backward).toEqual(rare.forward);
    const rareTitles = await server.request("GET", `/skills?display_title=${encodeURIComponent("rare 1")}&limit=100`, {
      token,
    });
    expect((rareTitles.body.data as { name: string }[]).map((s) => s.name)).toEqual(
      newestFirst.filter((n) => /^rare-1/.test(n)),
    );
    const both = await server.request("GET", `/skills?name=bulk&display_title=${encodeURIComponent("Bulk 12")}`, {
      token,
    });
    expect((both.body.data as { name: string }[]).map((s) => s.name)).toEqual(
      newestFirst.filter((n) => /^bulk-12/.test(n)).slice(0, 20),
    );

    // Every plan reads index ranges only: never a scan of the table. SQLite's planner only (its
    // EXPLAIN QUERY PLAN of the adapter's own query); on PostgreSQL the list is one index walk per
    // owner (server/storage/postgres/skills.ts) and this check does not apply.
    if (onPostgres) return;
    const db = new Database(server.dbPath, { readonly: true });
    try {
      // A cursor in the middle of the account's skills.
      const middle = bulk.forward[600] as string;
      const plan = (options: Omit<SkillListOptions, "page">, cursor: string | null = middle) => {
        const page = { limit: 20, ...(cursor ? { cursor: { direction: "after" as const, id: cursor } } : {}) };
        const { select, params } = skillListQuery(db, account.id, { ...options, page });
        const sql = `${select}${cursor ? " AND id < ?" : ""} ORDER BY id DESC LIMIT ?`;
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params, ...(cursor ? [cursor] : []), 21);
        const details = (rows as { detail: string }[]).map((r) => r.detail);
        for (const d of details) expect(d).not.toMatch(/^SCAN skills/);
        return details.join("\n");
      };
      const merged = plan({});
      expect(merged).toContain("MERGE (UNION ALL)");
      expect(merged.match(/USING (COVERING )?INDEX skills_account_id \(account_id=\? AND id<\?\)/g)).toHaveLength(2);
      expect(plan({ source: "custom" }, null)).toMatch(/USING (COVERING )?INDEX skills_account_id \(account_id=\?\)/);
      expect(plan({ namePrefix: "rare" })).toContain(
        "USING COVERING INDEX skills_account_name (account_id=? AND name_lower>? AND name_lower<?)",
      );
      expect(plan({ titlePrefix: "rare 1", source: "custom" })).toContain(
        "USING COVERING INDEX skills_account_title (account_id=? AND display_title_lower>? AND display_title_lower<?)",
      );
      expect(plan({ namePrefix: "bulk", source: "custom" })).toContain(
        "USING COVERING INDEX skills_account_id (account_id=? AND id<?)",
      );
    } finally {
      db.close();
    }
  });
});

describe("create a skill", () => {
  it("creates a skill from a folder of files and answers the skill without content", async () => {
    const res = await upload(
      "/skills",
      {
        "release-notes/SKILL.md": skillMd("release-notes", "Write release notes."),
        "release-notes/templates/notes.md": "# Notes\n",
      },
      { display_title: "Release notes writer", metadata: '{"team":"platform"}' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "skill",
      display_title: "Release notes writer",
      name: "release-notes",
      description: "Write release notes.",
      source: "custom",
      metadata: { team: "platform" },
    });
    expect(res.body.id).toMatch(/^skill_[0-9A-Z]{26}$/);
    expect(res.body.latest_version).toMatch(/^\d{16}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.text).not.toContain("# Notes");
    expect((await server.request("GET", `/skills/${res.body.id}`)).body).toEqual(res.body);
  });

  it("defaults display_title to the front-matter name and accepts files[] parts", async () => {
    const res = await server.request("POST", "/skills", {
      raw: form({ "bracket-skill/SKILL.md": skillMd("bracket-skill"), "bracket-skill/a.txt": "a" }, {}, "files[]"),
    });
    expect(res.status).toBe(200);
    expect(res.body.display_title).toBe("bracket-skill");
  });

  it("keeps UTF-8 file names", async () => {
    const skill = await createSkill("utf8-names", { extra: { "utf8-names/données/résumé.md": "ok" } });
    const { bytes } = await download(server, server.token, skill.id, skill.latest_version);
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(["utf8-names/SKILL.md", "utf8-names/données/résumé.md"]);
  });

  const md = skillMd("my-skill");
  it.each<[string, [string, string | Uint8Array][], RegExp, Record<string, string>?]>([
    ["no file at all", [], /upload at least one file/, { display_title: "x" }],
    ["an absolute path", [["/my-skill/SKILL.md", md]], /"\/my-skill\/SKILL\.md": absolute paths are not allowed/],
    ["a drive letter", [["C:/my-skill/SKILL.md", md]], /"C:\/my-skill\/SKILL\.md": absolute paths/],
    [
      "a .. segment",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill/../evil.sh", "x"],
      ],
      /"my-skill\/\.\.\/evil\.sh": "\.\." segments are not allowed \(path traversal\)/,
    ],
    ["a leading ..", [["../SKILL.md", md]], /"\.\.\/SKILL\.md": "\.\." segments/],
    ["a . segment", [["my-skill/./SKILL.md", md]], /"my-skill\/\.\/SKILL\.md": "\." segments/],
    ["a backslash", [["my-skill\\SKILL.md", md]], /"my-skill\\\\SKILL\.md": backslashes are not allowed/],
    [
      "an empty segment",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill//a.md", "x"],
      ],
      /"my-skill\/\/a\.md": empty path segments/,
    ],
    [
      "a control character",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill/a\t.md", "x"],
      ],
      /control characters are not allowed/,
    ],
    ["a file at the root", [["SKILL.md", md]], /"SKILL\.md": every file must be inside the skill's top-level folder/],
    [
      "two top-level folders",
      [
        ["my-skill/SKILL.md", md],
        ["other/notes.md", "x"],
      ],
      /"other\/notes\.md": is outside the top-level folder "my-skill"/,
    ],
    [
      "a duplicate path",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill/a.md", "x"],
        ["my-skill/a.md", "y"],
      ],
      /"my-skill\/a\.md": duplicate path/,
    ],
    [
      "paths equal but for case",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill/A.md", "x"],
        ["my-skill/a.md", "y"],
      ],
      /"my-skill\/a\.md": duplicate path: it differs from "my-skill\/A\.md" only by case/,
    ],
    [
      "a file that is also a folder",
      [
        ["my-skill/SKILL.md", md],
        ["my-skill/a", "x"],
        ["my-skill/a/b", "y"],
      ],
      /"my-skill\/a\/b": its folder "my-skill\/a" is also uploaded/,
    ],
    ["no SKILL.md", [["my-skill/README.md", "x"]], /no "my-skill\/SKILL\.md"/],
    ["a lower-case skill.md", [["my-skill/skill.md", md]], /found "my-skill\/skill\.md"; the name is case-sensitive/],
    [
      "no front matter",
      [["my-skill/SKILL.md", "# Just text\n"]],
      /"my-skill\/SKILL\.md": must start with YAML front matter/,
    ],
    [
      "unclosed front matter",
      [["my-skill/SKILL.md", "---\nname: my-skill\n"]],
      /"my-skill\/SKILL\.md": .*no closing "---" line/,
    ],
    ["invalid YAML", [["my-skill/SKILL.md", "---\nname: [unclosed\n---\n"]], /"my-skill\/SKILL\.md": .*not valid YAML/],
    ["a front matter list", [["my-skill/SKILL.md", "---\n- a\n- b\n---\n"]], /must be a YAML mapping/],
    [
      "no name",
      [["my-skill/SKILL.md", "---\ndescription: d\n---\n"]],
      /"my-skill\/SKILL\.md": the front matter needs a "name"/,
    ],
    [
      "an invalid name",
      [["my-skill/SKILL.md", skillMd("My_Skill")]],
      /name "My_Skill" is invalid: use lowercase letters/,
    ],
    [
      "a 65-character name",
      [["my-skill/SKILL.md", skillMd("a".repeat(65))]],
      /is invalid: use lowercase letters, digits and hyphens, at most 64/,
    ],
    ["no description", [["my-skill/SKILL.md", "---\nname: my-skill\n---\n"]], /needs a "description"/],
    [
      "a 1025-character description",
      [["my-skill/SKILL.md", skillMd("my-skill", "d".repeat(1025))]],
      /"my-skill\/SKILL\.md": the front matter description is 1025 characters long; the limit is 1024/,
    ],
    [
      "a SKILL.md that is not UTF-8",
      [["my-skill/SKILL.md", new Uint8Array([0xff, 0xfe, 0x00, 0x41])]],
      /"my-skill\/SKILL\.md": is not valid UTF-8/,
    ],
  ])("refuses %s with a 400 naming the file and the rule", async (_name, files, message, fields) => {
    const fd = new FormData();
    for (const [path, content] of files) fd.append("files", new Blob([content]), path);
    for (const [k, v] of Object.entries(fields ?? {})) fd.append(k, v);
    const err = expectError(await server.request("POST", "/skills", { raw: fd }), 400, "invalid_request_error");
    expect(err.message).toMatch(message);
    expect(err.param).toBe("files");
  });

  it.each<[string, Record<string, string>, string]>([
    ["metadata that is not JSON", { metadata: "team=platform" }, "metadata"],
    ["metadata that is a list", { metadata: "[1]" }, "metadata"],
    ["metadata with a number", { metadata: '{"a":1}' }, "metadata"],
    [
      "metadata with 17 keys",
      { metadata: JSON.stringify(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]))) },
      "metadata",
    ],
    ["metadata with a long value", { metadata: JSON.stringify({ k: "v".repeat(513) }) }, "metadata"],
    ["metadata with a long key", { metadata: JSON.stringify({ ["k".repeat(65)]: "v" }) }, "metadata"],
    ["an empty display_title", { display_title: "" }, "display_title"],
    ["a 256-character display_title", { display_title: "t".repeat(256) }, "display_title"],
    ["an unknown field", { colour: "blue" }, "colour"],
  ])("refuses %s with a 400 naming the field", async (_name, fields, param) => {
    const err = expectError(await upload("/skills", { "my-skill/SKILL.md": md }, fields), 400, "invalid_request_error");
    expect(err.param).toBe(param);
  });

  it("refuses a file part under another field name", async () => {
    const fd = form({ "my-skill/SKILL.md": md }, {}, "attachment");
    const err = expectError(await server.request("POST", "/skills", { raw: fd }), 400, "invalid_request_error");
    expect(err.param).toBe("attachment");
  });

  it("answers 400 for a malformed multipart body", async () => {
    const boundary = "----x";
    const raw = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="my-skill/a\u0001.md"\r\n\r\nx\r\n--${boundary}--\r\n`;
    const res = await server.request("POST", "/skills", {
      raw,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(expectError(res, 400, "invalid_request_error").message).toMatch(/Malformed multipart/);
    const truncated = await server.request("POST", "/skills", {
      raw: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="my-skill/SKILL.md"\r\n\r\nabc`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expectError(truncated, 400, "invalid_request_error");
  });

  it("refuses a JSON body", async () => {
    expectError(await server.request("POST", "/skills", { body: { files: [] } }), 400, "invalid_request_error");
  });

  it("answers 413 request_too_large when the files exceed 8 MiB", async () => {
    const half = new Uint8Array(4.5 * MiB);
    const total = await upload("/skills", { "big/SKILL.md": skillMd("big"), "big/a.bin": half, "big/b.bin": half });
    expect(expectError(total, 413, "request_too_large").message).toMatch(/total \d+ bytes, over the limit of 8388608/);
    const one = await upload("/skills", { "big/SKILL.md": skillMd("big"), "big/a.bin": new Uint8Array(9 * MiB) });
    expectError(one, 413, "request_too_large");
    const huge = await upload("/skills", { "big/SKILL.md": skillMd("big"), "big/a.bin": new Uint8Array(12 * MiB) });
    expectError(huge, 413, "request_too_large");
    const exact = await upload("/skills", {
      "big/SKILL.md": skillMd("big"),
      "big/a.bin": new Uint8Array(8 * MiB - new TextEncoder().encode(skillMd("big")).byteLength),
    });
    expect(exact.status).toBe(200);
  });

  it("refuses a chunked upload without Content-Length before reading it", async () => {
    const form = new FormData();
    form.append("files", new Blob([skillMd("chunked")]), "chunked/SKILL.md");
    const bytes = new Uint8Array(await new Response(form).arrayBuffer());
    const contentType = new Response(form).headers.get("content-type") ?? "";
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/v1/cloud/skills`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": contentType },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const body = (await res.json()) as { error: { type: string; param?: string } };
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ type: "invalid_request_error", param: "Content-Length" });
  });
});

describe("skill versions", () => {
  it("adds, lists, reads, downloads and deletes versions", async () => {
    const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
    const v1Files = {
      "versioned/SKILL.md": skillMd("versioned", "First description."),
      "versioned/scripts/run.sh": "#!/bin/sh\necho one\n",
      "versioned/data/all-bytes.bin": binary,
    };
    const created = await upload("/skills", v1Files);
    const skill = created.body;
    const v1 = skill.latest_version as string;

    const v2Files = { "versioned/SKILL.md": skillMd("versioned", "Second description."), "versioned/new.md": "new" };
    const added = await upload(`/skills/${skill.id}/versions`, v2Files);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      type: "skill_version",
      skill_id: skill.id,
      name: "versioned",
      description: "Second description.",
      directory: "versioned",
    });
    expect(added.body.id).toMatch(/^skillver_[0-9A-Z]{26}$/);
    const v2 = added.body.version as string;
    expect(BigInt(v2)).toBeGreaterThan(BigInt(v1));

    const after = (await server.request("GET", `/skills/${skill.id}`)).body;
    expect(after).toMatchObject({
      latest_version: v2,
      description: "Second description.",
      created_at: skill.created_at,
    });

    const list = await server.request("GET", `/skills/${skill.id}/versions`);
    expect((list.body.data as { version: string }[]).map((v) => v.version)).toEqual([v2, v1]);
    expect((await server.request("GET", `/skills/${skill.id}/versions/${v1}`)).body).toMatchObject({
      version: v1,
      description: "First description.",
    });
    expect((await server.request("GET", `/skills/${skill.id}/versions/latest`)).body).toEqual(added.body);

    // The content is the files, byte for byte, under their relative paths.
    const one = await download(server, server.token, skill.id, v1);
    expect(one.res.status).toBe(200);
    expect(one.res.headers.get("content-type")).toBe("application/zip");
    expect(one.res.headers.get("content-disposition")).toContain(`versioned-${v1}.zip`);
    const unzipped = unzipSync(one.bytes);
    expect(Object.keys(unzipped).sort()).toEqual(Object.keys(v1Files).sort());
    for (const [path, content] of Object.entries(v1Files)) {
      expect(unzipped[path]).toEqual(typeof content === "string" ? new TextEncoder().encode(content) : content);
    }
    const two = unzipSync((await download(server, server.token, skill.id, "latest")).bytes);
    expect(Object.keys(two).sort()).toEqual(Object.keys(v2Files).sort());

    // Deleting the latest makes the previous one latest; numbers keep increasing after it.
    const deleted = await server.request("DELETE", `/skills/${skill.id}/versions/${v2}`);
    expect(deleted.body).toEqual({ id: added.body.id, type: "skill_version_deleted", skill_id: skill.id, version: v2 });
    expect((await server.request("GET", `/skills/${skill.id}`)).body).toMatchObject({
      latest_version: v1,
      description: "First description.",
    });
    expectError(await server.request("GET", `/skills/${skill.id}/versions/${v2}`), 404, "not_found_error");
    const v3 = (await upload(`/skills/${skill.id}/versions`, v2Files)).body.version as string;
    expect(BigInt(v3)).toBeGreaterThan(BigInt(v2));

    await server.request("DELETE", `/skills/${skill.id}/versions/${v3}`);
    const only = await server.request("DELETE", `/skills/${skill.id}/versions/${v1}`);
    expect(expectError(only, 409, "conflict_error").message).toMatch(/only version/);

    expect((await server.request("DELETE", `/skills/${skill.id}`)).body).toEqual({
      id: skill.id,
      type: "skill_deleted",
    });
    expectError(await server.request("GET", `/skills/${skill.id}`), 404, "not_found_error");
    expectError(await server.request("GET", `/skills/${skill.id}/versions`), 404, "not_found_error");
    expectError(await server.request("GET", `/skills/${skill.id}/versions/${v1}/content`), 404, "not_found_error");
    expectError(await server.request("DELETE", `/skills/${skill.id}`), 404, "not_found_error");
  });

  it.each(["abc", "-1", "1e5", "1.5", "12345678901234567890", "0", "0123", "LATEST"])(
    "answers 404 for the version %s",
    async (version) => {
      const skill = await createSkill("version-404");
      for (const [method, suffix] of [
        ["GET", ""],
        ["DELETE", ""],
        ["GET", "/content"],
      ] as const) {
        const err = expectError(
          await server.request(method, `/skills/${skill.id}/versions/${encodeURIComponent(version)}${suffix}`),
          404,
          "not_found_error",
        );
        expect(err.message).toContain(skill.id);
      }
    },
  );

  it("answers 400 for an unknown query parameter on every skill operation", async () => {
    const skill = await createSkill("query-params");
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["GET", "/versions"],
      ["GET", "/versions/latest"],
      ["DELETE", "/versions/latest"],
      ["GET", "/versions/latest/content"],
    ] as const) {
      const res = await server.request(method, `/skills/${skill.id}${suffix}?colour=blue`);
      expect(expectError(res, 400, "invalid_request_error").param).toBe("colour");
    }
    expect((await server.request("GET", `/skills/${skill.id}`)).status).toBe(200);
  });

  it("refuses a version whose front-matter name differs from the skill's", async () => {
    const skill = await createSkill("named-once");
    const res = await upload(`/skills/${skill.id}/versions`, { "renamed/SKILL.md": skillMd("renamed") });
    const err = expectError(res, 400, "invalid_request_error");
    expect(err.message).toMatch(/"renamed" must equal the skill's name "named-once"/);
    expectError(await upload(`/skills/${skill.id}/versions`, { "named-once/x.md": "x" }), 400, "invalid_request_error");
    expectError(
      await upload(`/skills/${UNKNOWN_SKILL}/versions`, { "x/SKILL.md": skillMd("x") }),
      404,
      "not_found_error",
    );
  });

  it("pages over versions in both directions", async () => {
    const skill = await createSkill("many-versions");
    const versions = [skill.latest_version as string];
    for (let i = 0; i < 7; i++) {
      const res = await upload(`/skills/${skill.id}/versions`, {
        "many-versions/SKILL.md": skillMd("many-versions", `Version ${i}.`),
      });
      versions.push(res.body.version);
    }
    const walk = await walkBothWays(server, `/skills/${skill.id}/versions`, 3, server.token, "page");
    expect(walk.pages).toBe(3);
    expect(walk.backward).toEqual(walk.forward);
    const listed = await server.request("GET", `/skills/${skill.id}/versions?limit=100`);
    expect((listed.body.data as { version: string }[]).map((v) => v.version)).toEqual([...versions].reverse());
    expect(ids(listed)).toEqual(walk.forward);
    const bad = await server.request("GET", `/skills/${skill.id}/versions?page=${skill.id}`);
    expect(expectError(bad, 400, "invalid_request_error").param).toBe("page");
    expectError(await server.request("GET", `/skills/${skill.id}/versions?limit=101`), 400, "invalid_request_error");
  });

  it("issues strictly increasing versions even within one clock tick", async () => {
    const clock = new ManualClock("2026-11-21T12:00:00.000Z");
    const frozen = await inProcess({ clock, env: { VENDOR_SKILLS_DIR: FIXTURE_VENDOR } });
    try {
      const files = { "frozen/SKILL.md": skillMd("frozen") };
      const skill = (await frozen.request("POST", "/skills", { raw: form(files) })).body;
      const a = (await frozen.request("POST", `/skills/${skill.id}/versions`, { raw: form(files) })).body;
      const b = (await frozen.request("POST", `/skills/${skill.id}/versions`, { raw: form(files) })).body;
      expect([skill.latest_version, a.version, b.version]).toEqual([
        "1795262400000000",
        "1795262400000001",
        "1795262400000002",
      ]);
      expect(a.created_at).toBe("2026-11-21T12:00:00.000Z");
    } finally {
      await frozen.stop();
    }
  });
});

describe("accounts and vendor skills", () => {
  it("answers 404 for another account's skill exactly as for an unknown id", async () => {
    const mine = await createSkill("private-skill");
    const other = await server.tokenFor("someone-else");
    const normalize = (res: ApiResponse, id: string) => (res.body.error.message as string).replace(id, "ID");
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["GET", "/versions"],
      ["GET", `/versions/${mine.latest_version}`],
      ["DELETE", `/versions/${mine.latest_version}`],
      ["GET", `/versions/${mine.latest_version}/content`],
    ] as const) {
      const theirs = await server.request(method, `/skills/${mine.id}${suffix}`, { token: other });
      const unknown = await server.request(method, `/skills/${UNKNOWN_SKILL}${suffix}`, { token: other });
      expectError(theirs, 404, "not_found_error");
      expectError(unknown, 404, "not_found_error");
      expect(normalize(theirs, mine.id)).toBe(normalize(unknown, UNKNOWN_SKILL));
    }
    const added = await upload(
      `/skills/${mine.id}/versions`,
      { "private-skill/SKILL.md": skillMd("private-skill") },
      {},
      other,
    );
    expectError(added, 404, "not_found_error");
    const list = await server.request("GET", "/skills?limit=100", { token: other });
    expect(ids(list)).not.toContain(mine.id);
    expect((await server.request("GET", `/skills/${mine.id}`)).status).toBe(200);
  });

  it("shows the vendor skills to every account, read-only", async () => {
    const tokens = [server.token, await server.tokenFor("vendor-a"), await server.tokenFor("vendor-b")];
    const seen = await Promise.all(
      tokens.map(
        async (token) => (await server.request("GET", "/skills?source=vendor&name=alpha", { token })).body.data,
      ),
    );
    expect(seen[0]).toHaveLength(1);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    const alpha = seen[0][0];
    expect(alpha).toMatchObject({
      name: "alpha-helper",
      display_title: "Alpha helper", // the first heading of its SKILL.md
      source: "vendor",
      metadata: {},
    });
    const beta = (await server.request("GET", "/skills?name=beta")).body.data[0];
    expect(beta.display_title).toBe("beta-guide"); // no heading: the name

    for (const token of tokens.slice(1)) {
      expect((await server.request("GET", `/skills/${alpha.id}`, { token })).body).toEqual(alpha);
      const del = await server.request("DELETE", `/skills/${alpha.id}`, { token });
      expect(expectError(del, 403, "permission_error").message).toMatch(/read-only/);
      const add = await upload(
        `/skills/${alpha.id}/versions`,
        { "alpha-helper/SKILL.md": skillMd("alpha-helper") },
        {},
        token,
      );
      expectError(add, 403, "permission_error");
      const delVersion = await server.request("DELETE", `/skills/${alpha.id}/versions/${alpha.latest_version}`, {
        token,
      });
      expectError(delVersion, 403, "permission_error");
      const { res, bytes } = await download(server, token, alpha.id, alpha.latest_version);
      expect(res.status).toBe(200);
      expect(new TextDecoder().decode(unzipSync(bytes)["alpha-helper/scripts/hello.sh"])).toContain("hello from alpha");
    }
  });

  it("loads vendor skills once: a restart on the same data adds nothing (and parses nothing), changed files add a version", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cas-skills-restart-"));
    const vendorDir = mkdtempSync(join(tmpdir(), "cas-vendor-"));
    cpSync(FIXTURE_VENDOR, vendorDir, { recursive: true });
    const vendorList = async (s: TestServer) =>
      (await s.request("GET", "/skills?source=vendor")).body.data as {
        id: string;
        name: string;
        latest_version: string;
      }[];
    try {
      const first = await inProcess({ dataDir, env: { VENDOR_SKILLS_DIR: vendorDir } });
      const before = await vendorList(first);
      await first.stop();
      expect(before.map((s) => s.name)).toEqual(["beta-guide", "alpha-helper"]);

      const messages = (s: TestServer) => s.logs.map((l) => l.msg).filter((m) => /^vendor skills/.test(String(m)));
      expect(messages(first)).toEqual(["vendor skills loaded"]);

      // The same files as the last load: skipped by their fingerprint, kept in the database.
      const second = await inProcess({ dataDir, env: { VENDOR_SKILLS_DIR: vendorDir } });
      expect(await vendorList(second)).toEqual(before);
      expect(messages(second)).toEqual(["vendor skills unchanged since their last load"]);
      await second.stop();

      writeFileSync(join(vendorDir, "alpha-helper/scripts/hello.sh"), '#!/bin/sh\necho "hello again"\n');
      const third = await inProcess({ dataDir, env: { VENDOR_SKILLS_DIR: vendorDir } });
      try {
        expect(messages(third)).toEqual(["vendor skills loaded"]);
        const after = await vendorList(third);
        expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
        const alphaBefore = before.find((s) => s.name === "alpha-helper");
        const alphaAfter = after.find((s) => s.name === "alpha-helper");
        expect(BigInt(alphaAfter?.latest_version ?? 0)).toBeGreaterThan(BigInt(alphaBefore?.latest_version ?? 0));
        expect(after.find((s) => s.name === "beta-guide")).toEqual(before.find((s) => s.name === "beta-guide"));
        const versions = await third.request("GET", `/skills/${alphaAfter?.id}/versions`);
        expect(versions.body.data).toHaveLength(2);
      } finally {
        await third.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(vendorDir, { recursive: true, force: true });
    }
  });

  it("ships at least three valid vendor skills in vendor-skills/", async () => {
    const shipped = await inProcess({ env: { VENDOR_SKILLS_DIR: join(ROOT, "vendor-skills") } });
    try {
      expect(shipped.logs.filter((l) => l.msg === "vendor skill not loaded")).toEqual([]);
      const res = await shipped.request("GET", "/skills?source=vendor&limit=100");
      expect(res.body.data.length).toBeGreaterThanOrEqual(3);
      for (const skill of res.body.data as { id: string; name: string; latest_version: string }[]) {
        const { bytes } = await download(shipped, shipped.token, skill.id, skill.latest_version);
        expect(Object.keys(unzipSync(bytes))).toContain(`${skill.name}/SKILL.md`);
      }
    } finally {
      await shipped.stop();
    }
  });
});

describe("vendor skill scripts", () => {
  const load = (path: string) => import(pathToFileURL(join(ROOT, "vendor-skills", path)).href);

  it("drives a real session with ask.mjs: creates it, sends a message and prints the reply", async () => {
    const env = await server.request("POST", "/environments", { body: { name: "ask-env" } });
    const agent = await server.request("POST", "/agents", { body: { name: "ask-agent", model: "echo" } });
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [join(ROOT, "vendor-skills/drive-agent-sessions/scripts/ask.mjs"), ...args],
          {
            env: { ...process.env, API: `${server.url}/api/v1/cloud`, TOKEN: server.token },
          },
        );
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
        });
        child.stderr.on("data", (d: Buffer) => {
          err += d.toString();
        });
        child.once("error", reject);
        child.once("close", (code) => resolve({ code, out, err }));
      });
    const first = await run(["--agent", agent.body.id, "--environment", env.body.id, "What is up?"]);
    expect(first.code, first.err).toBe(0);
    expect(first.out.trim()).toBe("Echo: What is up?");
    const sessionId = /sess_[0-9A-Z]{26}/.exec(first.err)?.[0];
    expect(sessionId, first.err).toBeDefined();
    const followUp = await run(["--session", sessionId as string, "And now?"]);
    expect(followUp.code, followUp.err).toBe(0);
    expect(followUp.out.trim()).toBe("Echo: And now?");
  });

  it("verifies the signatures the delivery engine makes, and rejects tampering and replays", async () => {
    const { verifyWebhook, signatureHeader } = await load("webhook-signature-verification/scripts/verify-webhook.mjs");
    const secret = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw";
    const body =
      '{"id":"evt_1","created_at":"2026-11-21T12:00:00.000Z","type":"event","data":{"id":"sess_1","type":"session.created"}}';
    const t = Math.floor(Date.now() / 1000);
    const header = serverSignatureHeader(secret, t, body);
    expect(verifyWebhook(Buffer.from(body), header, secret).id).toBe("evt_1");
    expect(signatureHeader(secret, body, t)).toBe(header);
    // Several v1 values (rotation): any match is enough; several secrets too.
    const rotated = `${header},v1=${"0".repeat(64)}`;
    expect(verifyWebhook(body, rotated, ["whsec_old", secret]).data.type).toBe("session.created");
    const fail = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as { code: string }).code;
      }
      return "accepted";
    };
    expect(fail(() => verifyWebhook(body.replace("sess_1", "sess_2"), header, secret))).toBe("signature_mismatch");
    expect(fail(() => verifyWebhook(body, header, secret.replace("whsec_", "")))).toBe("bad_secret");
    expect(fail(() => verifyWebhook(JSON.parse(body), header, secret))).toBe("parsed_body");
    expect(fail(() => verifyWebhook(body, undefined, secret))).toBe("missing_header");
    expect(fail(() => verifyWebhook(body, "v1=abc", secret))).toBe("malformed_header");
    const old = serverSignatureHeader(secret, t - 601, body);
    expect(fail(() => verifyWebhook(body, old, secret))).toBe("timestamp_out_of_tolerance");
    expect(fail(() => verifyWebhook(body, serverSignatureHeader(secret, t - 599, body), secret))).toBe("accepted");
  });

  it("previews cron fire times across daylight-saving changes", async () => {
    const { nextRuns } = await load("deployment-cron-schedules/scripts/next-runs.mjs");
    const at = (runs: { at: Date }[]) => runs.map((r) => r.at.toISOString());
    expect(at(nextRuns("0 9 * * 1-5", "Europe/Berlin", { count: 3, from: new Date("2026-03-27T00:00:00Z") }))).toEqual([
      "2026-03-27T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
    ]);
    // 02:30 does not exist in New York on 8 March 2026: it fires at 03:00 EDT, the end of the gap;
    // 01:30 happens twice on 1 November: it fires once, at the first.
    expect(
      at(nextRuns("30 2 * * *", "America/New_York", { count: 2, from: new Date("2026-03-07T12:00:00Z") })),
    ).toEqual(["2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"]);
    expect(
      at(nextRuns("30 1 * * *", "America/New_York", { count: 2, from: new Date("2026-11-01T00:00:00Z") })),
    ).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
    // The preview agrees with the service's own fire times (what upcoming_runs_at shows) across both changes.
    for (const [expression, zone, from] of [
      ["30 2 * * *", "America/New_York", "2026-03-06T00:00:00Z"],
      ["*/20 * * * *", "America/New_York", "2026-03-08T06:10:00Z"],
      ["15 * * * *", "America/New_York", "2026-03-08T04:00:00Z"],
      ["*/30 * * * *", "America/New_York", "2026-11-01T04:40:00Z"],
      ["*/30 * * * *", "America/New_York", "2026-11-01T06:10:00Z"],
      ["0 2 * * 0", "Europe/Berlin", "2026-10-20T00:00:00Z"],
      ["15 2 * * *", "Australia/Lord_Howe", "2026-10-02T00:00:00Z"],
      ["0 9 1 * 1", "UTC", "2026-11-23T00:00:00Z"],
    ] as const) {
      const schedule = { type: "cron" as const, expression, timezone: zone };
      expect(at(nextRuns(expression, zone, { count: 8, from: new Date(from) })), `${expression} ${zone}`).toEqual(
        fireTimes(schedule, new Date(from), 8).map((d) => d.toISOString()),
      );
    }
    expect(() => nextRuns("0 9 * *", "UTC")).toThrow(/expected 5 fields/);
    expect(() => nextRuns("0 9 * * *", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("skills import (CLI)", () => {
  it("imports a skill folder for an account, and again only when it changed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cas-skills-cli-"));
    const env = {
      // The database the test server below opens on this folder (SQLite file or PostgreSQL database).
      ...(await testDatabaseEnv(join(dataDir, "cloud-agents.db"))),
      VENDOR_SKILLS_DIR: FIXTURE_VENDOR,
      LOG_LEVEL: "warn",
    };
    try {
      // Operator commands never create a database: make it first, as a server's start would.
      expect((await runCli(["migrate"], env)).code).toBe(0);
      const first = await runCli(["skills", "import", FIXTURE_IMPORT, "--account", "importer"], env);
      expect(first.code, first.stderr).toBe(0);
      const id = first.stdout.trim();
      expect(id).toMatch(/^skill_[0-9A-Z]{26}$/);
      expect(first.stderr).toMatch(/Created skill "imported-skill"/);
      const again = await runCli(["skills", "import", FIXTURE_IMPORT, "--account", "importer"], env);
      expect(again.stdout.trim()).toBe(id);
      expect(again.stderr).toMatch(/No change/);
      // A changed file: the same skill gets a second version.
      const changed = join(dataDir, "imported-skill");
      cpSync(FIXTURE_IMPORT, changed, { recursive: true });
      writeFileSync(join(changed, "reference/notes.md"), "Changed notes.\n");
      const updated = await runCli(["skills", "import", changed, "--account", "importer"], env);
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stdout.trim()).toBe(id);
      expect(updated.stderr).not.toMatch(/No change|Created skill/);
      const missing = await runCli(["skills", "import", join(dataDir, "nope")], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/is not a folder/);

      const s = await inProcess({ dataDir, env: { VENDOR_SKILLS_DIR: FIXTURE_VENDOR } });
      try {
        const token = await s.tokenFor("importer");
        const list = await s.request("GET", "/skills?source=custom", { token });
        expect(list.body.data).toHaveLength(1);
        expect(list.body.data[0]).toMatchObject({ id, name: "imported-skill", display_title: "imported-skill" });
        expect((await s.request("GET", "/skills?source=custom")).body.data).toEqual([]);
        const versions = await s.request("GET", `/skills/${id}/versions`, { token });
        expect(versions.body.data).toHaveLength(2);
        const { bytes } = await download(s, token, id, "latest");
        const files = unzipSync(bytes);
        expect(Object.keys(files).sort()).toEqual(["imported-skill/SKILL.md", "imported-skill/reference/notes.md"]);
        expect(new TextDecoder().decode(files["imported-skill/reference/notes.md"])).toBe("Changed notes.\n");
      } finally {
        await s.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Five CLI processes and a server, one after another: give a loaded machine room.
  }, 90_000);
});
