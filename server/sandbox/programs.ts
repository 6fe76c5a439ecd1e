/** Finds the sandbox's programs on PATH (no shell, no child process). */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { SANDBOX_PROGRAMS } from "./port.ts";

export function findProgram(name: string, path = process.env.PATH ?? ""): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The programs of SANDBOX_PROGRAMS this machine lacks. */
export function missingPrograms(path?: string): string[] {
  return SANDBOX_PROGRAMS.filter((p) => findProgram(p, path) === null);
}
