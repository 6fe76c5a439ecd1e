/**
 * Several PostgreSQL storages (replicas) on one database: they open together (one migrates, the
 * others wait under the advisory lock), and the commits of one wake the others through
 * LISTEN/NOTIFY once the adapter's maintenance (its LISTEN connection) runs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import type { Storage, StorageSignal } from "../../server/storage/port/index.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";

const noPostgres = requirePostgres() !== null;

const opened: Storage[] = [];

afterAll(async () => {
  for (const storage of opened) {
    for (const m of storage.maintenance()) await m.stop();
    await storage.close();
  }
});

describe.skipIf(noPostgres)("PostgreSQL replicas", () => {
  it("open together on a fresh database and wake each other's loops", async () => {
    const url = await freshPostgresDatabase();
    const clock = new ManualClock();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => createPostgresStorage({ url, clock, poolSize: 2 })));
    if (!a || !b || !c) throw new Error("not opened");
    opened.push(a, b, c);
    for (const storage of [a, b]) {
      const [listen] = storage.maintenance();
      expect(listen?.name).toBe("postgres-listen");
      listen?.start();
    }
    await waitFor(() => [a, b].every((s) => s.maintenance()[0]?.health().lastPassAt != null), {
      what: "both listening",
    });
    expect(c.maintenance()[0]?.health()).toMatchObject({ running: false, lastPassAt: null });
    const seen = { a: [] as StorageSignal[], b: [] as StorageSignal[] };
    for (const signal of ["deliveries", "commit", "runs"] as const) {
      a.on(signal, () => seen.a.push(signal));
      b.on(signal, () => seen.b.push(signal));
    }
    const account = await c.accounts.ensureAccount("replicas");
    // An enabled endpoint subscribed to every kind: the agent's event fans out to it, so the
    // commit raises "deliveries" too.
    await c.webhooks.createEndpoint(
      account.id,
      {
        id: "wep_replicas",
        url: "https://receiver.example/hook",
        events: ["*"],
        description: null,
        metadata: {},
        signing_scheme: "webhook_signature",
        secret_sealed: "sealed",
      },
      100,
    );
    await a.agents.createAgent(account.id, {
      name: "x",
      model: "m",
      system: null,
      description: null,
      tools: [],
      mcp_servers: [],
      skills: [],
      multiagent: null,
      metadata: {},
    });
    // A raised its own signals at its commit (its own notification does not raise them again);
    // B heard them through NOTIFY.
    expect(seen.a).toContain("commit");
    expect(seen.a.filter((s) => s === "deliveries")).toEqual(["deliveries"]);
    await waitFor(() => seen.b.includes("deliveries"), { what: "replica B's deliveries signal" });
    // C does not listen (its maintenance never started), yet its commits reach A and B.
    await c.agents.deleteAgent(account.id, "agent_missing");
    const commitsBefore = seen.a.filter((s) => s === "commit").length;
    await c.accounts.ensureAccount("replicas-2");
    await waitFor(() => seen.a.filter((s) => s === "commit").length > commitsBefore, {
      what: "replica A hearing C's commit",
    });
    expect(seen.a.filter((s) => s === "deliveries")).toHaveLength(1);
  });

  it("close stops the LISTEN connection and ends the pool (twice is fine)", async () => {
    const url = await freshPostgresDatabase();
    const storage = await createPostgresStorage({ url, clock: new ManualClock(), poolSize: 1 });
    const [listen] = storage.maintenance();
    listen?.start();
    await waitFor(() => listen?.health().lastPassAt != null, { what: "listening" });
    expect(listen?.health()).toMatchObject({ running: true, staleAfterMs: null, lastError: null });
    await listen?.stop();
    expect(listen?.health()).toMatchObject({ running: false });
    await Promise.all([storage.close(), storage.close()]);
    await expect(storage.meta.get("x")).rejects.toThrow();
  });
});
