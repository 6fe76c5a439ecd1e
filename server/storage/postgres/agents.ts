import type { AgentStore } from "../port/agents.ts";
import type { Async } from "../port/index.ts";
import { agents, agentToDelete, removeAgent } from "../shared/agents.ts";
import type { PgContext } from "./context.ts";
import { endSessionWork } from "./sessionState.ts";
import { drive, storeOf } from "./steps.ts";

/** Agents on PostgreSQL: the shared transitions (shared/agents.ts), and the end of a deleted agent's sessions. */
export function createAgentStore(ctx: PgContext): Async<AgentStore> {
  return {
    ...storeOf(ctx, agents),
    deleteAgent(accountId, agentId) {
      return ctx.tx(async (tx) => {
        const found = await drive(tx, agentToDelete(accountId, agentId));
        if (!found) return false;
        // Its sessions can no longer run: their queued and running turns end (threads idled,
        // session.status_idled for a session that was running), then they are terminated.
        for (const session of found.active) await endSessionWork(tx, accountId, session, "agent_deleted");
        await drive(tx, removeAgent(accountId, agentId, found.version));
        return true;
      });
    },
  };
}
