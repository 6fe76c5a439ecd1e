/**
 * Skills in the workspace (API.md, "Skills"): before a session's first turn each skill of its
 * agent (the pinned version, else the latest) is unpacked into the session's skills folder,
 * outside its workspace (`<data>/skill-mounts/<session>/<name>/`), and shown at
 * `/workspace/skills/<name>/`: read-only for the file tools, and by a read-only bind mount in the
 * sandbox. Nothing the session writes is on the unpacking's path: a `skills` link or file the
 * agent plants in its workspace changes nothing here (the sandbox renames it aside).
 * When the server is root the files belong to root with the session's group (read-only to it).
 * The system prompt lists them (name, description, path of SKILL.md); an agent without `read`
 * gets the SKILL.md texts instead.
 */
import { chmod, chown, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Owner } from "../../sandbox/identity.ts";
import { SKILLS_DIR } from "../../sandbox/workspace.ts";
import type { AgentSkillRef } from "../../storage/port/agents.ts";
import type { Storage } from "../../storage/port/index.ts";
import type { SkillFile } from "../../storage/port/skills.ts";

/** The SKILL.md texts inlined in the system prompt, at most. */
const INLINE_LIMIT_BYTES = 64 * 1024;

export interface LoadedSkill {
  name: string;
  description: string;
  /** SKILL.md's text (for inlining). */
  instructions: string;
  files: SkillFile[];
  directory: string;
}

/** The agent's skills as stored (deleted ones are left out). */
export async function loadSkills(storage: Storage, accountId: string, refs: AgentSkillRef[]): Promise<LoadedSkill[]> {
  const out: LoadedSkill[] = [];
  for (const ref of refs) {
    const selector = ref.version !== undefined && /^\d+$/.test(ref.version) ? Number(ref.version) : "latest";
    const version = await storage.skills.getVersion(accountId, ref.skill_id, selector);
    if (!version) continue;
    const files = await storage.skills.versionFiles(version.id);
    const skillMd = files.find((f) => f.path === `${version.directory}/SKILL.md`);
    out.push({
      name: version.name,
      description: version.description,
      instructions: skillMd ? Buffer.from(skillMd.content).toString("utf8") : "",
      files,
      directory: version.directory,
    });
  }
  return out;
}

/**
 * Unpacks each skill that is not in `folder` (the session's skills folder) yet, read-only for the
 * session (files 0640, folders 0750; with a session's `owner`, root's with the session's group).
 */
export async function unpackSkills(folder: string, skills: LoadedSkill[], owner: Owner | null): Promise<void> {
  if (skills.length === 0) return;
  const own = (path: string) => (owner ? chown(path, 0, owner.gid) : Promise.resolve());
  await mkdir(folder, { recursive: true, mode: 0o750 });
  await own(folder);
  for (const skill of skills) {
    const target = join(folder, skill.name);
    if (await stat(target).catch(() => null)) continue;
    const staging = join(folder, `.${skill.name}.unpacking`);
    await rm(staging, { recursive: true, force: true });
    const dirs = new Set<string>([staging]);
    for (const file of skill.files) {
      const rel = file.path.slice(skill.directory.length + 1);
      if (!rel || rel.split("/").some((p) => p === ".." || p === "")) continue;
      const path = join(staging, rel);
      await mkdir(dirname(path), { recursive: true });
      for (let d = dirname(path); d.startsWith(staging); d = dirname(d)) dirs.add(d);
      await writeFile(path, file.content, { mode: 0o640 });
      await own(path);
    }
    for (const d of dirs) {
      await own(d);
      await chmod(d, 0o750);
    }
    await rename(staging, target);
  }
}

/** The system prompt's skills section. */
export function skillsPrompt(skills: LoadedSkill[], canRead: boolean): string | null {
  if (skills.length === 0) return null;
  if (canRead) {
    const lines = skills.map((s) => `- ${s.name}: ${s.description} (read /workspace/${SKILLS_DIR}/${s.name}/SKILL.md)`);
    return `You have these skills. When one is relevant, read its SKILL.md first and follow it; its other files are beside it.\n${lines.join("\n")}`;
  }
  let budget = INLINE_LIMIT_BYTES;
  const parts: string[] = [];
  for (const s of skills) {
    const text = `## Skill: ${s.name}\n${s.description}\n\n${s.instructions}`;
    const bytes = Buffer.byteLength(text);
    if (bytes > budget) {
      parts.push(`## Skill: ${s.name}\n${s.description}\n(its instructions did not fit in the prompt)`);
      continue;
    }
    budget -= bytes;
    parts.push(text);
  }
  return `You have these skills:\n\n${parts.join("\n\n")}`;
}
