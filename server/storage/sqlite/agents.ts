import type { AgentStore } from "../port/agents.ts";
import { agents, agentToDelete, removeAgent } from "../shared/agents.ts";
import type { SqliteContext } from "./context.ts";
import { endSessionWork } from "./sessionState.ts";
import { drive, storeOf } from "./steps.ts";

/** Agents on SQLite: the shared transitions (shared/agents.ts), and the end of a deleted agent's sessions. */
export function createAgentStore(ctx: SqliteContext): AgentStore {
  return {
    ...storeOf(ctx, agents),
    deleteAgent(accountId, agentId) {
      return ctx.tx(() => {
        const found = drive(ctx, agentToDelete(accountId, agentId));
        if (!found) return false;
        // Its sessions can no longer run: their queued and running turns end (threads idled,
        // session.status_idled for a session that was running), then they are terminated.
        for (const session of found.active) endSessionWork(ctx, accountId, session, "agent_deleted");
        drive(ctx, removeAgent(accountId, agentId, found.version));
        return true;
      });
    },
  };
}
