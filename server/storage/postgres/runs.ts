import type { Async } from "../port/index.ts";
import type { RunStore } from "../port/runs.ts";
import type { AgentRunRow } from "../rows/runs.ts";
import type { SessionRow } from "../rows/sessions.ts";
import { CLAIMABLE, runTransitions } from "../shared/runs.ts";
import { all, one } from "../shared/steps.ts";
import type { PgContext } from "./context.ts";
import { storeOf } from "./steps.ts";

/** How many queued runs one claim looks at before it gives up for this pass (others hold the rest). */
const CLAIM_CANDIDATES = 16;

/**
 * Runs on PostgreSQL: the shared transitions (shared/runs.ts) over this adapter's claim and holds.
 * A claim takes a candidate's session row (`FOR NO KEY UPDATE SKIP LOCKED`: a session another
 * replica is claiming in, or a request is writing to, is left for the next candidate), then checks
 * again, under that lock and on a fresh snapshot, that the run is still claimable: two replicas
 * never start the same run, nor two runs of one session.
 */
export function createRunStore(ctx: PgContext): Async<RunStore> {
  return storeOf(
    ctx,
    runTransitions({
      *claim() {
        const candidates = yield* all<{ id: string; session_id: string }>(
          `SELECT r.id, r.session_id ${CLAIMABLE} ORDER BY r.id LIMIT ?`,
          [CLAIM_CANDIDATES],
        );
        for (const candidate of candidates) {
          const session = yield* one<SessionRow>("SELECT * FROM sessions WHERE id = ? FOR NO KEY UPDATE SKIP LOCKED", [
            candidate.session_id,
          ]);
          if (!session) continue;
          const run = yield* one<AgentRunRow>(`SELECT r.* ${CLAIMABLE} AND r.id = ? FOR NO KEY UPDATE SKIP LOCKED`, [
            candidate.id,
          ]);
          if (run) return { run, session };
        }
        return null;
      },
      *holdSession(of) {
        yield* all(
          "sessionId" in of
            ? "SELECT 1 FROM sessions WHERE id = ? FOR NO KEY UPDATE"
            : "SELECT 1 FROM sessions WHERE id = (SELECT session_id FROM runs WHERE id = ?) FOR NO KEY UPDATE",
          ["sessionId" in of ? of.sessionId : of.runId],
        );
      },
    }),
  );
}
