/** Skills storage: filled in by the skills work (issue 2, item 6). */
// biome-ignore lint/suspicious/noEmptyInterface: declared ahead of its methods
export interface SkillStore {}
