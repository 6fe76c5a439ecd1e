/** Storage contract: the unit of work (`storage.transaction`) and post-commit signals, on every adapter. */
import { describe, expect, it } from "vitest";
import type { StorageSignal } from "../../server/storage/port/index.ts";
import { adapters } from "./adapters.ts";
import { useStorage } from "./suite.ts";

const agentConfig = {
  name: "uow",
  model: "claude-sonnet-4-5",
  system: null,
  description: null,
  tools: [],
  mcp_servers: [],
  skills: [],
  multiagent: null,
  metadata: {},
};

describe.each(adapters)("storage.transaction on $name", (adapter) => {
  const s = useStorage(adapter);
  const environment = {
    name: "uow",
    description: null,
    config: { type: "cloud" as const, networking: { type: "unrestricted" as const } },
    metadata: {},
  };

  it("commits every write made through tx together, and raises the signals after the commit", async () => {
    await s.newEvents();
    const seen: StorageSignal[] = [];
    const off = [s.storage.on("commit", () => seen.push("commit"))];
    const { agentId, environmentId } = await s.storage.transaction(async (tx) => {
      const agent = await tx.agents.createAgent(s.accountId, agentConfig);
      const env = await tx.environments.createEnvironment(s.accountId, environment);
      // Inside the unit of work its own writes are visible through tx.
      expect(await tx.agents.getAgent(s.accountId, agent.id)).not.toBeNull();
      expect(seen).toEqual([]);
      return { agentId: agent.id, environmentId: env.id };
    });
    for (const unsubscribe of off) unsubscribe();
    expect(seen).toEqual(["commit"]);
    expect(await s.storage.agents.getAgent(s.accountId, agentId)).not.toBeNull();
    expect(await s.storage.environments.getEnvironment(s.accountId, environmentId)).not.toBeNull();
    expect((await s.newEvents()).map((e) => e.type)).toEqual(["agent.created", "environment.created"]);
  });

  it("rolls back every write when the function throws: no rows, no events, no signals", async () => {
    await s.newEvents();
    const seen: StorageSignal[] = [];
    const off = s.storage.on("commit", () => seen.push("commit"));
    let agentId = "";
    await expect(
      s.storage.transaction(async (tx) => {
        agentId = (await tx.agents.createAgent(s.accountId, agentConfig)).id;
        await tx.environments.createEnvironment(s.accountId, environment);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    off();
    expect(seen).toEqual([]);
    expect(agentId).not.toBe("");
    expect(await s.storage.agents.getAgent(s.accountId, agentId)).toBeNull();
    expect(await s.newEvents()).toEqual([]);
  });

  it("a read-compute-write in a unit of work sees the state as of its own reads", async () => {
    const vault = await s.storage.vaults.createVault(s.accountId, { display_name: "count", metadata: { n: "0" } });
    const bump = () =>
      s.storage.transaction(async (tx) => {
        const updated = await tx.vaults.updateVault(s.accountId, vault.id, (current) => ({
          metadata: { n: String(Number(current.metadata.n) + 1) },
        }));
        return updated;
      });
    await Promise.all(Array.from({ length: 5 }, bump));
    expect((await s.storage.vaults.getVault(s.accountId, vault.id))?.metadata).toEqual({ n: "5" });
  });
});
