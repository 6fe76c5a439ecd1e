/**
 * The SQLite adapter's asynchronous port over a real database file: calls run at once when no unit
 * of work is open, and `storage.transaction` is one transaction (commit, rollback, callers outside
 * wait in order, signals after the commit only, savepoints for the stores' own transactions).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import type { AgentConfig } from "../../server/storage/port/agents.ts";
import { type Storage, StorageBusyError, type StorageSignal } from "../../server/storage/port/index.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";

const config = (name: string): AgentConfig => ({
  name,
  model: "echo",
  system: null,
  description: null,
  tools: [],
  mcp_servers: [],
  skills: [],
  multiagent: null,
  metadata: {},
});

let dir: string;
let path: string;
let storage: Storage;
/** A second connection to the same file: what another process sees (committed rows only). */
let other: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cas-uow-"));
  path = join(dir, "db.sqlite");
  storage = createSqliteStorage({ path, clock: systemClock, busyTimeoutMs: 50 });
  other = new Database(path);
});

afterEach(async () => {
  other.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const committedAccounts = () =>
  (other.prepare("SELECT name FROM accounts ORDER BY name").all() as { name: string }[]).map((r) => r.name);

/** Counts the signals raised, by name. */
function countSignals(names: StorageSignal[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) {
    counts[name] = 0;
    storage.on(name, () => {
      counts[name] = (counts[name] ?? 0) + 1;
    });
  }
  return counts;
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("the SQLite adapter's asynchronous port", () => {
  it("runs a call at once when no unit of work is open (committed before the promise is awaited)", async () => {
    const created = storage.accounts.ensureAccount("at-once");
    // Nothing awaited yet: another connection already sees the row.
    expect(committedAccounts()).toEqual(["at-once"]);
    expect((await created).name).toBe("at-once");
  });

  it("a failing call returns a rejected promise, never throws at the call", async () => {
    const call = storage.agents.updateAgent("acct_missing", "agent_missing", 1, () => {
      throw new Error("not reached");
    });
    await expect(call).resolves.toEqual({ ok: false, reason: "not_found" });
    const failing = storage.agents.createAgent("acct_missing", config("orphan"));
    await expect(failing).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe("storage.transaction", () => {
  it("commits every write of the unit together and resolves with the function's value", async () => {
    const result = await storage.transaction(async (tx) => {
      const account = await tx.accounts.ensureAccount("together");
      const agent = await tx.agents.createAgent(account.id, config("first"));
      // Uncommitted until the function resolves: another connection sees nothing yet.
      expect(committedAccounts()).toEqual([]);
      return agent.id;
    });
    expect(committedAccounts()).toEqual(["together"]);
    const account = await storage.accounts.findAccountByName("together");
    expect((await storage.agents.getAgent(account?.id ?? "", result))?.config.name).toBe("first");
  });

  it("rolls every write back when the function throws, rejects with its error and raises no signal", async () => {
    const signals = countSignals(["commit"]);
    const failure = new Error("the second step failed");
    await expect(
      storage.transaction(async (tx) => {
        const account = await tx.accounts.ensureAccount("rolled-back");
        await tx.agents.createAgent(account.id, config("gone"));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(committedAccounts()).toEqual([]);
    expect(await storage.accounts.findAccountByName("rolled-back")).toBeNull();
    expect(signals).toEqual({ commit: 0 });
    // The connection is free again.
    await storage.accounts.ensureAccount("after");
    expect(committedAccounts()).toEqual(["after"]);
  });

  it("makes calls through the main storage, and other units, wait for it, in the order they came", async () => {
    const { opened, open } = gate();
    let settled = 0;
    const unit = storage.transaction(async (tx) => {
      await tx.accounts.ensureAccount("first-unit");
      await opened;
      return "unit-1";
    });
    // Queued in this order behind the open unit: each result shows what had run before it.
    const sawFirst = storage.accounts.findAccountByName("first-unit");
    const sawSecondEarly = storage.accounts.findAccountByName("second-unit");
    const second = storage.transaction(async (tx) => {
      const plainBefore = await tx.accounts.findAccountByName("plain-write");
      await tx.accounts.ensureAccount("second-unit");
      return plainBefore;
    });
    const write = storage.accounts.ensureAccount("plain-write");
    for (const p of [sawFirst, sawSecondEarly, second, write]) void p.then(() => settled++);
    // Several turns of the event loop: everything waits for the open unit.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(0);
    expect(committedAccounts()).toEqual([]);
    open();
    expect(await unit).toBe("unit-1");
    expect((await sawFirst)?.name).toBe("first-unit");
    expect(await sawSecondEarly).toBeNull();
    expect(await second).toBeNull();
    expect((await write).name).toBe("plain-write");
    expect(committedAccounts()).toEqual(["first-unit", "plain-write", "second-unit"]);
  });

  it("raises the signals its writes collected only after the commit, once", async () => {
    const signals = countSignals(["commit"]);
    const seenInside: Record<string, number>[] = [];
    await storage.transaction(async (tx) => {
      const account = await tx.accounts.ensureAccount("signals");
      await tx.agents.createAgent(account.id, config("one"));
      await tx.agents.createAgent(account.id, config("two"));
      seenInside.push({ ...signals });
    });
    expect(seenInside).toEqual([{ commit: 0 }]);
    expect(signals).toEqual({ commit: 1 });
  });

  it("nests a store's own transaction as a savepoint: a failed write inside leaves the unit's other writes", async () => {
    const agentId = await storage.transaction(async (tx) => {
      const account = await tx.accounts.ensureAccount("savepoint");
      const agent = await tx.agents.createAgent(account.id, config("kept"));
      // The update callback throws inside the store's transaction: only its savepoint is undone.
      await expect(
        tx.agents.updateAgent(account.id, agent.id, 1, () => {
          throw new Error("refused inside");
        }),
      ).rejects.toThrow("refused inside");
      return agent.id;
    });
    const account = await storage.accounts.findAccountByName("savepoint");
    const agent = await storage.agents.getAgent(account?.id ?? "", agentId);
    expect(agent?.version).toBe(1);
    expect(agent?.config.name).toBe("kept");
  });

  it("refuses a call through the main storage from inside the unit (it would wait for itself) and a late tx", async () => {
    let escaped: Storage["accounts"] | null = null;
    await expect(
      storage.transaction(async (tx) => {
        escaped = tx.accounts;
        await storage.accounts.ensureAccount("deadlock");
      }),
    ).rejects.toThrow(/through tx/);
    await expect(storage.transaction(() => storage.transaction(async () => 1))).rejects.toThrow(/cannot nest/);
    const late = escaped as Storage["accounts"] | null;
    await expect(late?.ensureAccount("late")).rejects.toThrow(/has ended/);
    expect(committedAccounts()).toEqual([]);
  });

  it("fails with StorageBusyError when another connection holds the write lock, and leaves the gate free", async () => {
    other.exec("BEGIN IMMEDIATE");
    try {
      await expect(storage.transaction(async (tx) => tx.accounts.ensureAccount("blocked"))).rejects.toBeInstanceOf(
        StorageBusyError,
      );
    } finally {
      other.exec("ROLLBACK");
    }
    expect(await storage.transaction(async (tx) => (await tx.accounts.ensureAccount("free")).name)).toBe("free");
  });
});
