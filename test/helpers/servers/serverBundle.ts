/**
 * Vitest globalSetup: builds the server once for the run when dist/ does not match the sources
 * (scripts/lib/serverBundle.ts: under a lock, so two runs never build at once), so that every
 * test that starts `cloud-agents` as a process runs `node dist/launcher.js` (~0.55 s of CPU to listen)
 * rather than server/main.ts through tsx (~2.8 s). In watch mode it checks again before each rerun.
 * CLOUD_AGENTS_FROM_SOURCE=1 skips it: the processes then run the sources.
 */
import type { TestProject } from "vitest/node";
import { ensureServerBundle } from "../../../scripts/lib/serverBundle.ts";

export default async function setup(project: TestProject): Promise<void> {
  await ensureServerBundle();
  project.onTestsRerun(() => ensureServerBundle({ again: true }));
}
