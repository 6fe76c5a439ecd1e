/**
 * Tests that need the sandbox's programs (bubblewrap, socat, ripgrep) skip with one line naming
 * the missing packages on a machine without them, and fail under CI=true (CI installs them).
 */

import { PACKAGE_OF } from "../../server/sandbox/port.ts";
import { missingPrograms } from "../../server/sandbox/programs.ts";

/** Why the sandbox tests cannot run here, or null when they can. Throws under CI. */
export function sandboxSkipReason(): string | null {
  const missing = missingPrograms();
  if (missing.length === 0) return null;
  const line = `needs ${missing.join(", ")}: apt-get install ${missing.map((m) => PACKAGE_OF[m] ?? m).join(" ")}`;
  if (process.env.CI === "true") throw new Error(`CI must run the sandbox tests: ${line}`);
  console.warn(`skipped: ${line}`);
  return line;
}
