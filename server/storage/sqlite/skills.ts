import type { SkillStore } from "../port/skills.ts";
import type { SqliteContext } from "./context.ts";

export function createSkillStore(_ctx: SqliteContext): SkillStore {
  return {};
}
