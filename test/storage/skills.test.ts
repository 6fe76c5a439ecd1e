/**
 * The skill store's contract on every adapter: skills, their versions and files, the vendor skills
 * every account sees, keyset pages and filters, upserts by name, and concurrent writes to one skill.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import type { NewSkill, NewSkillVersion } from "../../server/storage/port/skills.ts";
import { adapters } from "./adapters.ts";

const encoder = new TextEncoder();

function version(name: string, files: Record<string, string>, description = `The ${name} skill.`): NewSkillVersion {
  const sorted = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash("sha256");
  for (const [path, content] of sorted) digest.update(`${path}\0${content}\0`);
  return {
    name,
    description,
    directory: name,
    digest: digest.digest("hex"),
    files: sorted.map(([path, content]) => ({ path: `${name}/${path}`, content: encoder.encode(content) })),
  };
}

const skill = (name: string, title = name, files: Record<string, string> = { "SKILL.md": `# ${name}` }): NewSkill => ({
  display_title: title,
  metadata: { team: "core" },
  version: version(name, files),
});

describe.each(adapters)("skills on $name", (adapter) => {
  let storage: Storage;
  let clock: ManualClock;
  let account: string;
  let other: string;

  beforeEach(async () => {
    clock = new ManualClock("2026-11-21T12:00:00.000Z");
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
    other = (await storage.accounts.ensureAccount("globex")).id;
  });

  afterEach(async () => {
    await storage.close();
  });

  it("creates a skill with its first version and files, visible to its account only", async () => {
    const { skill: created, version: first } = await storage.skills.createSkill(
      account,
      skill("pdf-tools", "PDF Tools", { "SKILL.md": "# PDF", "scripts/run.sh": "echo hi", "a.txt": "\u00e9\u0000" }),
    );
    expect(created).toMatchObject({
      account_id: account,
      source: "custom",
      name: "pdf-tools",
      description: "The pdf-tools skill.",
      display_title: "PDF Tools",
      latest_version_id: first.id,
      latest_version: String(Date.parse("2026-11-21T12:00:00.000Z") * 1000),
      metadata: { team: "core" },
      created_at: "2026-11-21T12:00:00.000Z",
      updated_at: "2026-11-21T12:00:00.000Z",
    });
    expect(first).toMatchObject({
      skill_id: created.id,
      version: created.latest_version,
      directory: "pdf-tools",
      file_count: 3,
      total_bytes:
        encoder.encode("# PDF").length + encoder.encode("echo hi").length + encoder.encode("\u00e9\u0000").length,
    });
    expect(await storage.skills.getSkill(account, created.id)).toEqual(created);
    expect(await storage.skills.getSkill(other, created.id)).toBeNull();
    const files = await storage.skills.versionFiles(first.id);
    expect(files.map((f) => f.path)).toEqual(["pdf-tools/SKILL.md", "pdf-tools/a.txt", "pdf-tools/scripts/run.sh"]);
    expect(new TextDecoder().decode(files[1]?.content)).toBe("\u00e9\u0000");
    expect(files[1]?.content).toBeInstanceOf(Uint8Array);
  });

  it("numbers versions strictly increasing, even within one microsecond and after a delete", async () => {
    const { skill: s, version: v1 } = await storage.skills.createSkill(account, skill("notes"));
    // The clock does not move: each version still gets a greater number.
    const v2 = await storage.skills.createVersion(account, s.id, version("notes", { "SKILL.md": "v2" }));
    const v3 = await storage.skills.createVersion(account, s.id, version("notes", { "SKILL.md": "v3" }, "Third."));
    if (!v2.ok || !v3.ok) throw new Error("version refused");
    expect(BigInt(v2.version.version)).toBe(BigInt(v1.version) + 1n);
    expect(BigInt(v3.version.version)).toBe(BigInt(v1.version) + 2n);
    expect(v3.skill).toMatchObject({ latest_version_id: v3.version.id, latest_version: v3.version.version });
    expect(v3.skill.description).toBe("Third.");
    expect(await storage.skills.getSkill(account, s.id)).toEqual(v3.skill);

    // Deleting the latest makes the previous one latest; the next upload still gets a greater number.
    const deleted = await storage.skills.deleteVersion(account, s.id, "latest");
    if (!deleted.ok) throw new Error("delete refused");
    expect(deleted.version.id).toBe(v3.version.id);
    expect(deleted.skill).toMatchObject({ latest_version_id: v2.version.id, description: "The notes skill." });
    expect(await storage.skills.getSkill(account, s.id)).toEqual(deleted.skill);
    const v4 = await storage.skills.createVersion(account, s.id, version("notes", { "SKILL.md": "v4" }));
    if (!v4.ok) throw new Error("version refused");
    expect(BigInt(v4.version.version)).toBe(BigInt(v3.version.version) + 1n);

    // A version that is not the latest goes without changing the latest.
    const older = await storage.skills.deleteVersion(account, s.id, Number(v1.version));
    expect(older).toMatchObject({ ok: true, version: { id: v1.id }, skill: { latest_version_id: v4.version.id } });
    expect(await storage.skills.versionFiles(v1.id)).toEqual([]);
  });

  it("refuses version writes with the same reasons", async () => {
    const { skill: s } = await storage.skills.createSkill(account, skill("alpha"));
    const vendor = await storage.skills.upsertVendorSkill({
      display_title: "Vendor",
      version: version("vendored", {}),
    });
    expect(await storage.skills.createVersion(account, s.id, version("beta", {}))).toEqual({
      ok: false,
      reason: "name_mismatch",
    });
    expect(await storage.skills.createVersion(other, s.id, version("alpha", {}))).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await storage.skills.createVersion(account, vendor.skill.id, version("vendored", { x: "1" }))).toEqual({
      ok: false,
      reason: "vendor",
    });
    expect(await storage.skills.deleteVersion(account, s.id, "latest")).toEqual({ ok: false, reason: "only_version" });
    expect(await storage.skills.deleteVersion(account, s.id, 12345)).toEqual({
      ok: false,
      reason: "version_not_found",
    });
    expect(await storage.skills.deleteVersion(other, s.id, "latest")).toEqual({
      ok: false,
      reason: "skill_not_found",
    });
    expect(await storage.skills.deleteVersion(account, vendor.skill.id, "latest")).toEqual({
      ok: false,
      reason: "vendor",
    });
    expect(await storage.skills.deleteSkill(account, vendor.skill.id)).toBe("vendor");
    expect(await storage.skills.deleteSkill(other, s.id)).toBe("not_found");
    expect(await storage.skills.deleteSkill(account, s.id)).toBe("deleted");
    expect(await storage.skills.deleteSkill(account, s.id)).toBe("not_found");
    expect(await storage.skills.getVersion(account, s.id, "latest")).toBeNull();
    expect(await storage.skills.listVersions(account, s.id, { limit: 10 })).toBeNull();
  });

  it("reads versions by number or latest and pages them newest first", async () => {
    const { skill: s, version: v1 } = await storage.skills.createSkill(account, skill("pager"));
    const ids = [v1.id];
    for (let i = 2; i <= 5; i++) {
      clock.advance(1000);
      const v = await storage.skills.createVersion(account, s.id, version("pager", { "SKILL.md": `v${i}` }));
      if (!v.ok) throw new Error("refused");
      ids.push(v.version.id);
    }
    expect((await storage.skills.getVersion(account, s.id, "latest"))?.id).toBe(ids[4]);
    expect(await storage.skills.getVersion(account, s.id, Number(v1.version))).toEqual(v1);
    expect(await storage.skills.getVersion(other, s.id, "latest")).toBeNull();
    const first = await storage.skills.listVersions(account, s.id, { limit: 2 });
    expect(first?.data.map((v) => v.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ has_more: true, next_page: ids[3], first_id: ids[4], last_id: ids[3] });
    const second = await storage.skills.listVersions(account, s.id, {
      limit: 2,
      cursor: { direction: "after", id: ids[3] as string },
    });
    expect(second?.data.map((v) => v.id)).toEqual([ids[2], ids[1]]);
    const last = await storage.skills.listVersions(account, s.id, {
      limit: 2,
      cursor: { direction: "after", id: ids[1] as string },
    });
    expect(last).toMatchObject({ has_more: false, next_page: null });
    expect(last?.data.map((v) => v.id)).toEqual([ids[0]]);
    const back = await storage.skills.listVersions(account, s.id, {
      limit: 2,
      cursor: { direction: "before", id: ids[1] as string },
    });
    expect(back?.data.map((v) => v.id)).toEqual([ids[3], ids[2]]);
    expect(back).toMatchObject({ has_more: true, next_page: null });
  });

  it("lists the account's and the vendor skills newest first, with source and prefix filters", async () => {
    const made: { id: string; name: string; title: string; source: string }[] = [];
    const names = ["alpha", "Beta-x", "beta-y", "gamma", "alphabet", "delta"];
    for (const [i, name] of names.entries()) {
      clock.advance(1000);
      const title = i % 2 === 0 ? `Tool ${name}` : `Kit ${name}`;
      if (i % 3 === 2) {
        const v = await storage.skills.upsertVendorSkill({ display_title: title, version: version(name, {}) });
        made.push({ id: v.skill.id, name, title, source: "vendor" });
      } else {
        const c = await storage.skills.createSkill(account, skill(name, title));
        made.push({ id: c.skill.id, name, title, source: "custom" });
      }
    }
    await storage.skills.createSkill(other, skill("alpha-other"));
    const newestFirst = [...made].reverse();
    const all = await storage.skills.listSkills(account, { page: { limit: 100 } });
    expect(all.data.map((s) => s.id)).toEqual(newestFirst.map((s) => s.id));

    // Page through the merge of both owners, forward then backward.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await storage.skills.listSkills(account, {
        page: { limit: 4, ...(cursor ? { cursor: { direction: "after" as const, id: cursor } } : {}) },
      });
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_page;
    } while (cursor);
    expect(seen).toEqual(newestFirst.map((s) => s.id));
    const before = await storage.skills.listSkills(account, {
      page: { limit: 2, cursor: { direction: "before", id: newestFirst[3]?.id as string } },
    });
    expect(before.data.map((s) => s.id)).toEqual([newestFirst[1]?.id, newestFirst[2]?.id]);

    const vendorOnly = await storage.skills.listSkills(account, { source: "vendor", page: { limit: 100 } });
    expect(vendorOnly.data.map((s) => s.id)).toEqual(newestFirst.filter((s) => s.source === "vendor").map((s) => s.id));
    const customOnly = await storage.skills.listSkills(account, { source: "custom", page: { limit: 100 } });
    expect(customOnly.data.map((s) => s.id)).toEqual(newestFirst.filter((s) => s.source === "custom").map((s) => s.id));

    const byName = await storage.skills.listSkills(account, { namePrefix: "BETA", page: { limit: 100 } });
    expect(byName.data.map((s) => s.name)).toEqual(["beta-y", "Beta-x"]);
    const byTitle = await storage.skills.listSkills(account, { titlePrefix: "tool a", page: { limit: 100 } });
    expect(byTitle.data.map((s) => s.name)).toEqual(["alphabet", "alpha"]);
    const both = await storage.skills.listSkills(account, {
      namePrefix: "alpha",
      titlePrefix: "TOOL ALPHAB",
      page: { limit: 100 },
    });
    expect(both.data.map((s) => s.name)).toEqual(["alphabet"]);
    const pagedFilter = await storage.skills.listSkills(account, { namePrefix: "a", page: { limit: 1 } });
    expect(pagedFilter).toMatchObject({ has_more: true, data: [{ name: "alphabet" }] });
    const next = await storage.skills.listSkills(account, {
      namePrefix: "a",
      page: { limit: 1, cursor: { direction: "after", id: pagedFilter.next_page as string } },
    });
    expect(next).toMatchObject({ has_more: false, data: [{ name: "alpha" }] });
    expect((await storage.skills.listSkills(account, { namePrefix: "zzz", page: { limit: 5 } })).data).toEqual([]);
  });

  it("upserts vendor skills by name: created, unchanged (retitled), updated", async () => {
    const created = await storage.skills.upsertVendorSkill({ display_title: "Docs", version: version("docs", {}) });
    expect(created).toMatchObject({ outcome: "created", skill: { source: "vendor", account_id: null, metadata: {} } });
    const same = await storage.skills.upsertVendorSkill({ display_title: "Docs", version: version("docs", {}) });
    expect(same).toEqual({ ...created, outcome: "unchanged" });
    clock.advance(5000);
    const retitled = await storage.skills.upsertVendorSkill({ display_title: "Docs 2", version: version("docs", {}) });
    expect(retitled).toMatchObject({
      outcome: "unchanged",
      skill: { display_title: "Docs 2", updated_at: clock.now().toISOString() },
      version: { id: created.version.id },
    });
    const updated = await storage.skills.upsertVendorSkill({
      display_title: "Docs 2",
      version: version("docs", { "SKILL.md": "new" }),
    });
    expect(updated.outcome).toBe("updated");
    expect(updated.skill.latest_version_id).toBe(updated.version.id);
    expect(updated.skill.id).toBe(created.skill.id);
    // Every account sees it.
    expect(await storage.skills.getSkill(other, created.skill.id)).toEqual(updated.skill);
  });

  it("upserts an account's skill by name, keeping the account's title, and imports many at once", async () => {
    const first = await storage.skills.upsertAccountSkill(account, skill("report", "My Report"));
    expect(first.outcome).toBe("created");
    const again = await storage.skills.upsertAccountSkill(account, skill("report", "Other title"));
    expect(again).toMatchObject({ outcome: "unchanged", skill: { display_title: "My Report" } });
    const changed = await storage.skills.upsertAccountSkill(
      account,
      skill("report", "Other title", { "SKILL.md": "changed" }),
    );
    expect(changed).toMatchObject({ outcome: "updated", skill: { id: first.skill.id, display_title: "My Report" } });
    const elsewhere = await storage.skills.upsertAccountSkill(other, skill("report"));
    expect(elsewhere.outcome).toBe("created");

    expect(await storage.skills.importSkills(account, [])).toEqual([]);
    const inputs = [
      skill("i1"),
      skill("i2", "Ärger Tool", { "SKILL.md": "# i2", "lib/x.py": "print(1)" }),
      skill("i3", "Third", {}),
    ];
    const ids = await storage.skills.importSkills(account, inputs);
    expect(ids).toHaveLength(3);
    expect([...ids].sort()).toEqual(ids);
    // The same records createSkill makes.
    for (const [i, id] of ids.entries()) {
      const input = inputs[i] as NewSkill;
      const record = await storage.skills.getSkill(account, id);
      expect(record).toEqual({
        id,
        account_id: account,
        source: "custom",
        name: input.version.name,
        description: input.version.description,
        display_title: input.display_title,
        latest_version_id: record?.latest_version_id,
        latest_version: String(clock.now().getTime() * 1000),
        metadata: input.metadata,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
      const latest = await storage.skills.getVersion(account, id, "latest");
      expect(latest).toEqual({
        id: record?.latest_version_id,
        skill_id: id,
        version: record?.latest_version,
        name: input.version.name,
        description: input.version.description,
        directory: input.version.directory,
        digest: input.version.digest,
        file_count: input.version.files.length,
        total_bytes: input.version.files.reduce((n, f) => n + f.content.byteLength, 0),
        created_at: clock.now().toISOString(),
      });
      expect(await storage.skills.versionFiles(latest?.id as string)).toEqual(input.version.files);
    }
    const unicode = await storage.skills.listSkills(account, { titlePrefix: "äRG", page: { limit: 10 } });
    expect(unicode.data.map((s) => s.id)).toEqual([ids[1]]);
  });

  it("serialises concurrent writes to one skill: every upload gets its own greater number", async () => {
    const { skill: s, version: v1 } = await storage.skills.createSkill(account, skill("busy"));
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        storage.skills.createVersion(account, s.id, version("busy", { "SKILL.md": `upload ${i}` })),
      ),
    );
    const numbers = results.map((r) => (r.ok ? BigInt(r.version.version) : 0n));
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.every((n) => n > BigInt(v1.version))).toBe(true);
    const latest = await storage.skills.getSkill(account, s.id);
    const max = numbers.reduce((a, b) => (a > b ? a : b));
    expect(latest?.latest_version).toBe(String(max));
    expect((await storage.skills.listVersions(account, s.id, { limit: 20 }))?.data).toHaveLength(7);
  });

  it("creates one vendor skill when several upserts of a name race", async () => {
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => storage.skills.upsertVendorSkill({ display_title: "Race", version: version("race", {}) })),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["created", "unchanged", "unchanged", "unchanged"]);
    expect(new Set(outcomes.map((o) => o.skill.id)).size).toBe(1);
    const accountRace = await Promise.all(
      [1, 2, 3].map(() => storage.skills.upsertAccountSkill(account, skill("mine"))),
    );
    expect(new Set(accountRace.map((o) => o.skill.id)).size).toBe(1);
  });
});
