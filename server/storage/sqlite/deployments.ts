import type { DeploymentStore, FireOutcome } from "../port/deployments.ts";
import type { SessionStore } from "../port/sessions.ts";
import { type DeploymentRow, type DeploymentRunRow, runSession, toDeployment } from "../rows/deployments.ts";
import { deployments, dueDeployments, fireOne, runnable, settleRun, takeRun } from "../shared/deployments.ts";
import type { SqliteContext } from "./context.ts";
import { drive, storeOf } from "./steps.ts";

/**
 * Deployments on SQLite: the shared transitions (shared/deployments.ts); a run's session is
 * created by the session store, in the run's transaction.
 */
export function createDeploymentStore(ctx: SqliteContext, sessions: SessionStore): DeploymentStore {
  const start = (row: DeploymentRow, taken: DeploymentRunRow) =>
    drive(ctx, settleRun(row, taken, sessions.createSession(row.account_id, runSession(toDeployment(row), taken.id))));
  return {
    ...storeOf(ctx, deployments),
    runDeployment(accountId, id) {
      return ctx.tx(() => {
        const row = drive(ctx, runnable(accountId, id));
        if (typeof row === "string") return { ok: false, reason: row } as const;
        const taken = drive(ctx, takeRun(row, { type: "manual" }));
        // A manual run has no fire time: nothing can have taken it.
        if (!taken) throw new Error(`manual run of ${id} was not recorded`);
        return { ok: true, run: start(row, taken) } as const;
      });
    },
    fireDue(now, limit, plan) {
      const outcomes: FireOutcome[] = [];
      for (const { id, next_run_at: dueAt } of drive(ctx, dueDeployments(now, limit))) {
        // One transaction per deployment: a deployment whose session cannot be created never
        // holds back the others.
        const outcome = ctx.tx(() => {
          const fired = drive(ctx, fireOne(id, dueAt, plan));
          return fired && "taken" in fired
            ? { deployment_id: id, due_at: dueAt, run: start(fired.row, fired.taken) }
            : fired;
        });
        if (outcome) outcomes.push(outcome);
      }
      return outcomes;
    },
  };
}
