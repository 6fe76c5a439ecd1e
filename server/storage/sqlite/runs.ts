import type { RunStore } from "../port/runs.ts";
import type { AgentRunRow } from "../rows/runs.ts";
import type { SessionRow } from "../rows/sessions.ts";
import { CLAIMABLE, runTransitions } from "../shared/runs.ts";
import { one } from "../shared/steps.ts";
import type { SqliteContext } from "./context.ts";
import { storeOf } from "./steps.ts";

/**
 * Runs on SQLite: the shared transitions (shared/runs.ts). The write lock serialises every
 * writer, so a claim takes the oldest claimable run as it finds it, and nothing needs a hold.
 */
export function createRunStore(ctx: SqliteContext): RunStore {
  return storeOf(
    ctx,
    runTransitions({
      *claim() {
        const run = yield* one<AgentRunRow>(`SELECT r.* ${CLAIMABLE} ORDER BY r.id LIMIT 1`);
        const session = run && (yield* one<SessionRow>("SELECT * FROM sessions WHERE id = ?", [run.session_id]));
        return run && session ? { run, session } : null;
      },
      *holdSession() {},
    }),
  );
}
