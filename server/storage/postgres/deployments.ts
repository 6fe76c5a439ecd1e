import type { DeploymentStore, FireOutcome } from "../port/deployments.ts";
import type { Async } from "../port/index.ts";
import type { SessionStore } from "../port/sessions.ts";
import { type DeploymentRow, type DeploymentRunRow, runSession, toDeployment } from "../rows/deployments.ts";
import { deployments, dueDeployments, fireOne, runnable, settleRun, takeRun } from "../shared/deployments.ts";
import type { PgContext } from "./context.ts";
import { drive, storeOf } from "./steps.ts";

/**
 * Deployments on PostgreSQL: the shared transitions (shared/deployments.ts); a run's session is
 * created in the run's transaction, through the session store over that transaction
 * (`sessionsOver`).
 */
export function createDeploymentStore(
  ctx: PgContext,
  sessionsOver: (tx: PgContext) => Async<SessionStore>,
): Async<DeploymentStore> {
  const start = async (tx: PgContext, row: DeploymentRow, taken: DeploymentRunRow) =>
    drive(
      tx,
      settleRun(
        row,
        taken,
        await sessionsOver(tx).createSession(row.account_id, runSession(toDeployment(row), taken.id)),
      ),
    );
  return {
    ...storeOf(ctx, deployments),
    runDeployment(accountId, id) {
      return ctx.tx(async (tx) => {
        const row = await drive(tx, runnable(accountId, id));
        if (typeof row === "string") return { ok: false, reason: row } as const;
        const taken = await drive(tx, takeRun(row, { type: "manual" }));
        // A manual run has no fire time: nothing can have taken it.
        if (!taken) throw new Error(`manual run of ${id} was not recorded`);
        return { ok: true, run: await start(tx, row, taken) } as const;
      });
    },
    async fireDue(now, limit, plan) {
      const outcomes: FireOutcome[] = [];
      for (const { id, next_run_at: dueAt } of await drive(ctx, dueDeployments(now, limit))) {
        // One transaction per deployment: a deployment whose session cannot be created never
        // holds back the others.
        const outcome = await ctx.tx(async (tx) => {
          const fired = await drive(tx, fireOne(id, dueAt, plan));
          return fired && "taken" in fired
            ? { deployment_id: id, due_at: dueAt, run: await start(tx, fired.row, fired.taken) }
            : fired;
        });
        if (outcome) outcomes.push(outcome);
      }
      return outcomes;
    },
  };
}
