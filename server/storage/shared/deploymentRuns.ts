/**
 * The deployment-run transition both adapters share with their session and run stores: a run is
 * settled by the end of the session it created.
 */
import type { DeploymentRunError } from "../port/deployments.ts";
import type { DeploymentRunRow } from "../rows/deployments.ts";
import { settleDream } from "./dreams.ts";
import { append, now, one, type Steps, signal } from "./steps.ts";

/**
 * Settles the deployment run that created this session, if it is still `running`: the end of the
 * session's first turn (`succeeded`, or `failed` with the turn's error), or the session's end
 * (deleted, or terminated with its agent). Emits deployment_run.succeeded / .failed. Run it in
 * the transaction of the change.
 */
function* settleDeploymentRun(
  sessionId: string,
  outcome: { status: "succeeded" } | { status: "failed"; error: DeploymentRunError },
): Steps<void> {
  const error = outcome.status === "failed" ? JSON.stringify(outcome.error) : null;
  // One statement: the run is settled once, whoever ends the session's first turn.
  const run = yield* one<Pick<DeploymentRunRow, "id" | "account_id" | "deployment_id">>(
    `UPDATE deployment_runs SET status = ?, error = ?, finished_at = ?
     WHERE session_id = ? AND status = 'running' RETURNING id, account_id, deployment_id`,
    [outcome.status, error, yield* now(), sessionId],
  );
  if (!run) return;
  yield* append(run.account_id, {
    id: run.id,
    type: outcome.status === "succeeded" ? "deployment_run.succeeded" : "deployment_run.failed",
    deployment_id: run.deployment_id,
    session_id: sessionId,
  });
  // A finished run may end an overlap: let the schedulers look again.
  yield* signal("deployments");
}

/**
 * The end of a session's first turn (or of the session) for what follows it: the deployment run
 * that created it and the dream that runs in it. Run it in the transaction of the change.
 */
export function* settleFirstTurn(
  sessionId: string,
  outcome: { status: "succeeded" } | { status: "failed"; error: DeploymentRunError },
): Steps<void> {
  yield* settleDeploymentRun(sessionId, outcome);
  yield* settleDream(sessionId, outcome);
}
