/**
 * The session store's contract on every adapter: reference checks at creation, history and its
 * pages, the outbox events of each change (in the change's transaction), runs queued by messages,
 * threads and interrupts, archive and delete, and updates racing each other.
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { type Storage, StorageConflictError } from "../../server/storage/port/index.ts";
import type { NewSession } from "../../server/storage/port/sessions.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { adapters } from "./adapters.ts";
import { agentConfig, message, sessionFixtures, someoneWaitsOnALock } from "./sessionFixtures.ts";

const noPostgres = requirePostgres() !== null;

describe.each(adapters)("sessions on $name", (adapter) => {
  let storage: Storage;
  let clock: ManualClock;
  let account: string;
  let other: string;
  let agentId: string;
  let environmentId: string;
  let vaultId: string;

  const newSession = (overrides: Partial<NewSession> = {}): NewSession => ({
    agent: { id: agentId },
    environment_id: environmentId,
    title: "Research",
    metadata: { team: "core" },
    vault_ids: [vaultId],
    environment_variables: "A=1",
    initial_events: [],
    ...overrides,
  });

  async function created(overrides: Partial<NewSession> = {}, accountId = account) {
    const result = await storage.sessions.createSession(accountId, newSession(overrides));
    if (!result.ok) throw new Error(`createSession refused: ${result.reason}`);
    return result;
  }

  /** The outbox event kinds of the account, oldest first, with the resource each names. */
  async function outbox(accountId = account): Promise<string[]> {
    return (await storage.outbox.listEvents(accountId)).map((e) => `${e.envelope.data.type} ${e.envelope.data.id}`);
  }

  beforeEach(async () => {
    clock = new ManualClock("2026-11-21T12:00:00.000Z");
    storage = await adapter.open(clock);
    account = (await storage.accounts.ensureAccount("acme")).id;
    other = (await storage.accounts.ensureAccount("globex")).id;
    agentId = (await storage.agents.createAgent(account, agentConfig("writer"))).id;
    environmentId = (
      await storage.environments.createEnvironment(account, {
        name: "default",
        description: null,
        config: { type: "cloud", networking: { type: "unrestricted" } },
        metadata: {},
      })
    ).id;
    vaultId = (await storage.vaults.createVault(account, { display_name: "keys", metadata: {} })).id;
  });

  afterEach(async () => {
    await storage.close();
  });

  it("creates a session with its initial events: session.created, history, one queued run", async () => {
    const before = (await outbox()).length;
    const result = await created({ initial_events: [message("hello"), message("and more")] });
    expect(result.session).toMatchObject({
      account_id: account,
      agent_id: agentId,
      agent_version: 1,
      environment_id: environmentId,
      title: "Research",
      status: "idle",
      metadata: { team: "core" },
      vault_ids: [vaultId],
      environment_variables: "A=1",
      archived_at: null,
      created_at: "2026-11-21T12:00:00.000Z",
      updated_at: "2026-11-21T12:00:00.000Z",
    });
    expect(result.events.map((e) => [e.type, e.content?.[0]?.text, e.session_thread_id])).toEqual([
      ["user.message", "hello", null],
      ["user.message", "and more", null],
    ]);
    expect(await storage.sessions.getSession(account, result.session.id)).toEqual(result.session);
    expect(await storage.sessions.getSession(other, result.session.id)).toBeNull();
    expect((await outbox()).slice(before)).toEqual([`session.created ${result.session.id}`]);
    const history = await storage.sessions.listEvents(account, result.session.id, { page: { limit: 10 } });
    expect(history?.data).toEqual(result.events);

    // Both messages wait in one run, which a worker claims with both as input.
    const claimed = await storage.runs.claimRun("worker-1", 60_000);
    expect(claimed?.session_id).toBe(result.session.id);
    expect(claimed?.input.map((i) => i.event_id)).toEqual(result.events.map((e) => e.id));
    expect(await storage.runs.claimRun("worker-2", 60_000)).toBeNull();
  });

  it("refuses a session whose references are missing or archived, writing nothing", async () => {
    const refusal = async (overrides: Partial<NewSession>, accountId = account) =>
      storage.sessions.createSession(accountId, newSession(overrides));
    const start = await outbox();
    expect(await refusal({ agent: { id: "agent_01HZZZZZZZZZZZZZZZZZZZZZZZ" } })).toEqual({
      ok: false,
      reason: "agent_not_found",
    });
    expect(await refusal({ agent: { id: agentId, version: 2 } })).toEqual({
      ok: false,
      reason: "agent_version_not_found",
    });
    expect(await refusal({ environment_id: "env_01HZZZZZZZZZZZZZZZZZZZZZZZ" })).toEqual({
      ok: false,
      reason: "environment_not_found",
    });
    const secondVault = (await storage.vaults.createVault(account, { display_name: "more", metadata: {} })).id;
    expect(await refusal({ vault_ids: [vaultId, "vault_01HZZZZZZZZZZZZZZZZZZZZZZZ"] })).toEqual({
      ok: false,
      reason: "vault_not_found",
      index: 1,
    });
    await storage.vaults.archiveVault(account, secondVault);
    expect(await refusal({ vault_ids: [vaultId, secondVault] })).toEqual({
      ok: false,
      reason: "vault_archived",
      index: 1,
    });
    // Another account's resources are not found.
    expect(await refusal({}, other)).toEqual({ ok: false, reason: "agent_not_found" });
    // A bad thread in the initial events rolls the session back too.
    expect(
      await refusal({ initial_events: [message("hi"), { type: "user.interrupt", session_thread_id: "sthr_x" }] }),
    ).toEqual({ ok: false, reason: "thread_not_found", index: 1 });
    await storage.environments.archiveEnvironment(account, environmentId);
    expect(await refusal({})).toEqual({ ok: false, reason: "environment_archived" });
    await storage.agents.archiveAgent(account, agentId);
    expect(await refusal({})).toEqual({ ok: false, reason: "agent_archived" });
    const events = await outbox();
    expect(events.slice(start.length).every((e) => !e.startsWith("session."))).toBe(true);
    expect((await storage.sessions.listSessions(account, listAll())).data).toEqual([]);
    expect(await storage.runs.claimRun("worker-1", 60_000)).toBeNull();
  });

  const listAll = (overrides: Partial<Parameters<Storage["sessions"]["listSessions"]>[1]> = {}) => ({
    includeArchived: true,
    statuses: undefined,
    agentId: undefined,
    page: { limit: 100 },
    ...overrides,
  });

  it("lists sessions newest first, with archived, status and agent filters and keyset pages", async () => {
    const secondAgent = (await storage.agents.createAgent(account, agentConfig("reviewer"))).id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await created({ agent: { id: i % 2 === 0 ? agentId : secondAgent } })).session.id);
    }
    await created({}, account).then((s) => storage.sessions.deleteSession(account, s.session.id));
    await storage.sessions.archiveSession(account, ids[1] as string);
    const newest = [...ids].reverse();
    expect((await storage.sessions.listSessions(account, listAll())).data.map((s) => s.id)).toEqual(newest);
    expect(
      (await storage.sessions.listSessions(account, listAll({ includeArchived: false }))).data.map((s) => s.id),
    ).toEqual(newest.filter((id) => id !== ids[1]));
    expect(
      (await storage.sessions.listSessions(account, listAll({ agentId: secondAgent }))).data.map((s) => s.id),
    ).toEqual([ids[3], ids[1]]);
    expect((await storage.sessions.listSessions(account, listAll({ statuses: ["running"] }))).data).toEqual([]);
    expect(
      (await storage.sessions.listSessions(account, listAll({ statuses: ["idle", "running"] }))).data,
    ).toHaveLength(5);
    expect((await storage.sessions.listSessions(other, listAll())).data).toEqual([]);

    const first = await storage.sessions.listSessions(account, listAll({ page: { limit: 2 } }));
    expect(first).toMatchObject({ has_more: true, next_page: newest[1], first_id: newest[0], last_id: newest[1] });
    const second = await storage.sessions.listSessions(
      account,
      listAll({ page: { limit: 2, cursor: { direction: "after", id: first.next_page as string } } }),
    );
    expect(second.data.map((s) => s.id)).toEqual([newest[2], newest[3]]);
    const back = await storage.sessions.listSessions(
      account,
      listAll({ page: { limit: 2, cursor: { direction: "before", id: newest[3] as string } } }),
    );
    expect(back.data.map((s) => s.id)).toEqual([newest[1], newest[2]]);
    expect(back).toMatchObject({ has_more: true, next_page: null });
  });

  it("updates title and metadata: session.updated only on a change; refuses archived and unknown sessions", async () => {
    const { session } = await created();
    const start = (await outbox()).length;
    clock.advance(60_000);
    const same = await storage.sessions.updateSession(account, session.id, (c) => ({
      title: c.title,
      metadata: { ...c.metadata },
    }));
    expect(same).toEqual({ ok: true, session, changed: false });
    const changed = await storage.sessions.updateSession(account, session.id, (c) => ({
      title: "Renamed",
      metadata: { ...c.metadata, stage: "2" },
    }));
    expect(changed).toEqual({
      ok: true,
      changed: true,
      session: {
        ...session,
        title: "Renamed",
        metadata: { team: "core", stage: "2" },
        updated_at: "2026-11-21T12:01:00.000Z",
      },
    });
    expect(await storage.sessions.getSession(account, session.id)).toEqual(changed.ok && changed.session);
    expect((await outbox()).slice(start)).toEqual([`session.updated ${session.id}`]);
    expect(await storage.sessions.updateSession(other, session.id, (c) => c)).toEqual({
      ok: false,
      reason: "not_found",
    });
    // A throwing update aborts without a write.
    await expect(
      storage.sessions.updateSession(account, session.id, () => {
        throw new Error("metadata limit");
      }),
    ).rejects.toThrow("metadata limit");
    await storage.sessions.archiveSession(account, session.id);
    expect(await storage.sessions.updateSession(account, session.id, (c) => ({ ...c, title: "x" }))).toEqual({
      ok: false,
      reason: "archived",
    });
  });

  it("loses no update when many race on one session: each applies or ends in a conflict", async () => {
    const { session } = await created({ metadata: {} });
    const start = (await outbox()).length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        storage.sessions.updateSession(account, session.id, (c) => ({
          title: c.title,
          metadata: { ...c.metadata, [`k${i}`]: String(i) },
        })),
      ),
    );
    const applied = new Set<string>();
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === "fulfilled") {
        expect(outcome.value).toMatchObject({ ok: true, changed: true });
        applied.add(`k${i}`);
      } else {
        expect(outcome.reason).toBeInstanceOf(StorageConflictError);
      }
    }
    const final = await storage.sessions.getSession(account, session.id);
    expect(new Set(Object.keys(final?.metadata ?? {}))).toEqual(applied);
    expect((await outbox()).slice(start)).toHaveLength(applied.size);
  });

  it("appends user events in order, all or none, into the queued run; refuses archived and unknown sessions", async () => {
    const { session } = await created();
    const appended = await storage.sessions.appendEvents(account, session.id, [message("one"), message("two")]);
    if (!appended.ok) throw new Error(appended.reason);
    expect(appended.events.map((e) => e.content?.[0]?.text)).toEqual(["one", "two"]);
    expect(
      await storage.sessions.appendEvents(account, session.id, [
        message("three"),
        { type: "user.interrupt", session_thread_id: "sthr_01HZZZZZZZZZZZZZZZZZZZZZZZ" },
      ]),
    ).toEqual({ ok: false, reason: "thread_not_found", index: 1 });
    const more = await storage.sessions.appendEvents(account, session.id, [message("four")]);
    if (!more.ok) throw new Error(more.reason);
    const history = await storage.sessions.listEvents(account, session.id, { page: { limit: 10 } });
    expect(history?.data.map((e) => e.content?.[0]?.text)).toEqual(["one", "two", "four"]);
    // One run answers all three messages.
    const claimed = await storage.runs.claimRun("worker-1", 60_000);
    expect(claimed?.input.map((i) => i.content[0]?.text)).toEqual(["one", "two", "four"]);
    expect(await storage.runs.claimRun("worker-1", 60_000)).toBeNull();
    expect(await storage.sessions.appendEvents(other, session.id, [message("x")])).toEqual({
      ok: false,
      reason: "not_found",
    });
    await storage.sessions.archiveSession(account, session.id);
    expect(await storage.sessions.appendEvents(account, session.id, [message("x")])).toEqual({
      ok: false,
      reason: "archived",
    });
  });

  it("queues one run when messages to one session race", async () => {
    for (let round = 0; round < 4; round++) {
      const { session } = await created();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => storage.sessions.appendEvents(account, session.id, [message(`m${i}`)])),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      const claimed = await storage.runs.claimRun(`worker-${round}`, 60_000);
      expect(claimed?.input).toHaveLength(8);
      expect(await storage.runs.claimRun("worker-x", 60_000)).toBeNull();
    }
  });

  it("pages the history oldest first, per thread, and interrupts a thread (session.thread_terminated)", async () => {
    const { session } = await created({ initial_events: [message("go")] });
    const run = await storage.runs.claimRun("worker-1", 60_000);
    if (!run) throw new Error("no run");
    const sub = await storage.agents.createAgent(account, agentConfig("helper"));
    const thread = await storage.runs.startThread(run.id, "worker-1", { id: sub.id, version: 1 });
    if (!thread.ok) throw new Error(thread.reason);
    const threads = await storage.sessions.listThreads(account, session.id, { limit: 10 });
    expect(threads?.data).toHaveLength(1);
    const record = await storage.sessions.getThread(account, session.id, thread.thread_id);
    expect(record).toMatchObject({ id: thread.thread_id, session_id: session.id, agent_id: sub.id, status: "running" });
    expect(threads?.data[0]).toEqual(record);
    expect(await storage.sessions.getThread(other, session.id, thread.thread_id)).toBeNull();
    expect(await storage.sessions.getThread(account, session.id, "sthr_01HZZZZZZZZZZZZZZZZZZZZZZZ")).toBeNull();

    const start = (await outbox()).length;
    const interrupted = await storage.sessions.appendEvents(account, session.id, [
      { type: "user.interrupt", session_thread_id: thread.thread_id },
    ]);
    expect(interrupted).toMatchObject({
      ok: true,
      events: [{ type: "user.interrupt", session_thread_id: thread.thread_id }],
    });
    expect((await storage.sessions.getThread(account, session.id, thread.thread_id))?.status).toBe("terminated");
    expect((await outbox()).slice(start)).toEqual([`session.thread_terminated ${session.id}`]);
    // Interrupting it again records the event only.
    await storage.sessions.appendEvents(account, session.id, [
      { type: "user.interrupt", session_thread_id: thread.thread_id },
    ]);
    expect((await outbox()).slice(start)).toHaveLength(1);

    const all = await storage.sessions.listEvents(account, session.id, { page: { limit: 100 } });
    const types = all?.data.map((e) => e.type) ?? [];
    expect(types[0]).toBe("user.message");
    expect(types.filter((t) => t === "user.interrupt")).toHaveLength(2);
    const page1 = await storage.sessions.listEvents(account, session.id, { page: { limit: 2 } });
    const page2 = await storage.sessions.listEvents(account, session.id, {
      page: { limit: 100, cursor: { direction: "after", id: page1?.next_page as string } },
    });
    expect([...(page1?.data ?? []), ...(page2?.data ?? [])]).toEqual(all?.data);
    const ofThread = await storage.sessions.listEvents(account, session.id, {
      threadId: thread.thread_id,
      page: { limit: 100 },
    });
    expect(ofThread?.data.every((e) => e.session_thread_id === thread.thread_id)).toBe(true);
    expect(ofThread?.data.map((e) => e.type)).toEqual([
      "session.thread_created",
      "user.interrupt",
      "session.thread_terminated",
      "user.interrupt",
    ]);
    expect(
      await storage.sessions.listEvents(account, session.id, { threadId: "sthr_nope", page: { limit: 5 } }),
    ).toBeNull();
    expect(await storage.sessions.listEvents(other, session.id, { page: { limit: 5 } })).toBeNull();
    expect(await storage.sessions.listThreads(other, session.id, { limit: 5 })).toBeNull();
  });

  it("archives a running session: its runs fail, threads and session idle, then session.archived once", async () => {
    const { session } = await created({ initial_events: [message("go")] });
    const run = await storage.runs.claimRun("worker-1", 60_000);
    if (!run) throw new Error("no run");
    const sub = await storage.agents.createAgent(account, agentConfig("helper"));
    const thread = await storage.runs.startThread(run.id, "worker-1", { id: sub.id, version: 1 });
    if (!thread.ok) throw new Error(thread.reason);
    expect((await storage.sessions.getSession(account, session.id))?.status).toBe("running");
    const start = (await outbox()).length;
    clock.advance(1000);
    const archived = await storage.sessions.archiveSession(account, session.id);
    expect(archived).toMatchObject({
      status: "idle",
      archived_at: "2026-11-21T12:00:01.000Z",
      updated_at: "2026-11-21T12:00:01.000Z",
    });
    expect((await outbox()).slice(start)).toEqual([
      `session.thread_idled ${session.id}`,
      `session.status_idled ${session.id}`,
      `session.archived ${session.id}`,
    ]);
    expect(await storage.runs.isActive(run.id, "worker-1")).toBe(false);
    expect((await storage.sessions.getThread(account, session.id, thread.thread_id))?.status).toBe("idle");
    // Again: the same record, no event.
    expect(await storage.sessions.archiveSession(account, session.id)).toEqual(archived);
    expect((await outbox()).slice(start)).toHaveLength(3);
    expect(await storage.sessions.archiveSession(other, session.id)).toBeNull();
  });

  it("deletes a session with its history and runs (session.deleted)", async () => {
    const { session } = await created({ initial_events: [message("go")] });
    expect(await storage.sessions.deleteSession(other, session.id)).toBe(false);
    const start = (await outbox()).length;
    expect(await storage.sessions.deleteSession(account, session.id)).toBe(true);
    expect((await outbox()).slice(start)).toEqual([`session.deleted ${session.id}`]);
    expect(await storage.sessions.getSession(account, session.id)).toBeNull();
    expect(await storage.sessions.listEvents(account, session.id, { page: { limit: 5 } })).toBeNull();
    expect(await storage.runs.claimRun("worker-1", 60_000)).toBeNull();
    expect(await storage.sessions.deleteSession(account, session.id)).toBe(false);
    // Two deletes racing: one deletes, one finds nothing; one event.
    const { session: s2 } = await created();
    const both = await Promise.all([
      storage.sessions.deleteSession(account, s2.id),
      storage.sessions.deleteSession(account, s2.id),
    ]);
    expect(both.sort()).toEqual([false, true]);
    expect((await outbox()).filter((e) => e === `session.deleted ${s2.id}`)).toHaveLength(1);
  });

  it("commits a session's change and its event together inside a unit of work, or neither", async () => {
    const { session } = await created();
    const start = (await outbox()).length;
    await expect(
      storage.transaction(async (tx) => {
        await tx.sessions.updateSession(account, session.id, (c) => ({ ...c, title: "In a unit" }));
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await storage.sessions.getSession(account, session.id))?.title).toBe("Research");
    expect((await outbox()).slice(start)).toEqual([]);
    await storage.transaction(async (tx) => {
      await tx.sessions.updateSession(account, session.id, (c) => ({ ...c, title: "In a unit" }));
      await tx.sessions.appendEvents(account, session.id, [message("after rename")]);
    });
    expect((await storage.sessions.getSession(account, session.id))?.title).toBe("In a unit");
    expect((await outbox()).slice(start)).toEqual([`session.updated ${session.id}`]);
  });
});

/**
 * PostgreSQL only: the optimistic update of a session against a competing transaction of another
 * connection, which SQLite's single writer cannot produce.
 */
describe.skipIf(noPostgres)("sessions on postgres: updates racing another connection", () => {
  let url: string;
  let storage: Storage;
  let admin: pg.Client;
  let account: string;
  let sessionId: string;

  beforeEach(async () => {
    url = await freshPostgresDatabase();
    storage = await createPostgresStorage({ url, clock: new ManualClock(), poolSize: 4 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const made = await sessionFixtures(storage);
    account = made.account;
    sessionId = (await made.session({ title: "Original", metadata: { a: "1" } })).session.id;
  });

  afterEach(async () => {
    await admin.end();
    await storage.close();
  });

  /** Waits until a statement of the storage's pool waits for a lock another connection holds. */
  const untilWaitingOnLock = () =>
    waitFor(() => someoneWaitsOnALock(admin), { what: "a statement waiting for the lock" });

  it("recomputes an update that lost to a commit made after it read: nothing of the winner is lost", async () => {
    await admin.query("BEGIN");
    await admin.query(`UPDATE sessions SET metadata = '{"a":"1","winner":"yes"}' WHERE id = $1`, [sessionId]);
    const seen: (string | undefined)[] = [];
    const loser = storage.sessions.updateSession(account, sessionId, (c) => {
      seen.push(c.metadata.winner);
      return { title: "Loser's title", metadata: { ...c.metadata, loser: "yes" } };
    });
    await untilWaitingOnLock();
    await admin.query("COMMIT");
    const result = await loser;
    // The first computation read the state before the winner; its write found the row changed.
    expect(seen).toEqual([undefined, "yes"]);
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      session: { title: "Loser's title", metadata: { a: "1", winner: "yes", loser: "yes" } },
    });
    expect((await storage.sessions.getSession(account, sessionId))?.metadata).toEqual({
      a: "1",
      winner: "yes",
      loser: "yes",
    });
  });

  it("ends an update whose guarded write never takes effect in StorageConflictError, writing nothing", async () => {
    // A trigger skips every write of this title: to the store, a race lost on every attempt.
    await admin.query(`CREATE FUNCTION skip_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`);
    await admin.query(
      `CREATE TRIGGER always_loses BEFORE UPDATE ON sessions FOR EACH ROW
       WHEN (NEW.title = 'contended') EXECUTE FUNCTION skip_write()`,
    );
    const before = (await storage.outbox.listEvents(account)).length;
    let attempts = 0;
    await expect(
      storage.sessions.updateSession(account, sessionId, (c) => {
        attempts++;
        return { ...c, title: "contended" };
      }),
    ).rejects.toBeInstanceOf(StorageConflictError);
    expect(attempts).toBeGreaterThan(1);
    expect((await storage.sessions.getSession(account, sessionId))?.title).toBe("Original");
    expect(await storage.outbox.listEvents(account)).toHaveLength(before);
  });
});
