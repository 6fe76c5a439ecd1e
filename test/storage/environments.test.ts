/** Storage contract: environments, on every adapter. */
import { describe, expect, it } from "vitest";
import type { EnvironmentFields } from "../../server/storage/port/environments.ts";
import { adapters } from "./adapters.ts";
import { outcomes, useStorage } from "./suite.ts";

const fields = (over: Partial<EnvironmentFields> = {}): EnvironmentFields => ({
  name: "prod",
  description: null,
  config: { type: "cloud", networking: { type: "unrestricted" } },
  metadata: {},
  ...over,
});

describe.each(adapters)("environments on $name", (adapter) => {
  const s = useStorage(adapter);

  it("creates with environment.created and reads it back", async () => {
    await s.newEvents();
    const env = await s.storage.environments.createEnvironment(s.accountId, fields({ metadata: { team: "a" } }));
    expect(env).toEqual({
      id: env.id,
      account_id: s.accountId,
      name: "prod",
      description: null,
      config: { type: "cloud", networking: { type: "unrestricted" } },
      metadata: { team: "a" },
      archived_at: null,
      created_at: s.clock.now().toISOString(),
      updated_at: s.clock.now().toISOString(),
    });
    expect(await s.newEvents()).toEqual([
      { type: "environment.created", id: env.id, data: { type: "environment.created", id: env.id } },
    ]);
    expect(await s.storage.environments.getEnvironment(s.accountId, env.id)).toEqual(env);
    expect(await s.storage.environments.getEnvironment("acct_other", env.id)).toBeNull();
  });

  it("updates only on change (environment.updated), refuses archived, null when missing", async () => {
    const env = await s.storage.environments.createEnvironment(s.accountId, fields());
    await s.newEvents();
    expect(await s.storage.environments.updateEnvironment(s.accountId, env.id, (c) => ({ ...c }))).toEqual(env);
    expect(await s.newEvents()).toEqual([]);
    s.clock.advance(1000);
    const updated = await s.storage.environments.updateEnvironment(s.accountId, env.id, (c) => ({
      ...c,
      description: "the real one",
      config: { type: "cloud", networking: { type: "limited", allowed_hosts: ["example.com"] } },
    }));
    expect(updated).toMatchObject({
      description: "the real one",
      config: { networking: { type: "limited", allowed_hosts: ["example.com"] } },
      updated_at: s.clock.now().toISOString(),
    });
    expect(await s.storage.environments.getEnvironment(s.accountId, env.id)).toEqual(updated);
    expect((await s.newEvents()).map((e) => e.type)).toEqual(["environment.updated"]);
    expect(await s.storage.environments.updateEnvironment(s.accountId, "env_missing", (c) => c)).toBeNull();
    await s.storage.environments.archiveEnvironment(s.accountId, env.id);
    expect(await s.storage.environments.updateEnvironment(s.accountId, env.id, (c) => ({ ...c, name: "x" }))).toBe(
      "archived",
    );
  });

  it("concurrent updates each apply to what the previous one committed: no update is lost", async () => {
    const env = await s.storage.environments.createEnvironment(s.accountId, fields());
    await s.newEvents();
    const { values, errors } = await outcomes(
      Array.from({ length: 6 }, (_, i) =>
        s.storage.environments.updateEnvironment(s.accountId, env.id, (c) => ({
          ...c,
          metadata: { ...c.metadata, [`k${i}`]: "v" },
        })),
      ),
    );
    // A writer that kept losing gives up with a conflict (409), never with another error.
    expect(errors.every((e) => e === "StorageConflictError")).toBe(true);
    expect(values.length).toBeGreaterThanOrEqual(1);
    const final = await s.storage.environments.getEnvironment(s.accountId, env.id);
    expect(Object.keys(final?.metadata ?? {}).length).toBe(values.length);
    expect((await s.newEvents()).filter((e) => e.type === "environment.updated")).toHaveLength(values.length);
  });

  it("archives once, deletes once, and lists newest first", async () => {
    const a = await s.storage.environments.createEnvironment(s.accountId, fields({ name: "a" }));
    const b = await s.storage.environments.createEnvironment(s.accountId, fields({ name: "b" }));
    await s.newEvents();
    s.clock.advance(1000);
    const archived = await Promise.all([
      s.storage.environments.archiveEnvironment(s.accountId, a.id),
      s.storage.environments.archiveEnvironment(s.accountId, a.id),
    ]);
    expect(archived.map((e) => e?.archived_at)).toEqual([s.clock.now().toISOString(), s.clock.now().toISOString()]);
    expect((await s.newEvents()).map((e) => e.type)).toEqual(["environment.archived"]);
    expect(await s.storage.environments.archiveEnvironment(s.accountId, "env_missing")).toBeNull();
    const active = await s.storage.environments.listEnvironments(s.accountId, {
      includeArchived: false,
      page: { limit: 1 },
    });
    expect(active.data.map((e) => e.id)).toEqual([b.id]);
    const all = await s.storage.environments.listEnvironments(s.accountId, {
      includeArchived: true,
      page: { limit: 2 },
    });
    expect(all.data.map((e) => e.id)).toEqual([b.id, a.id]);
    const deleted = await Promise.all([
      s.storage.environments.deleteEnvironment(s.accountId, a.id),
      s.storage.environments.deleteEnvironment(s.accountId, a.id),
    ]);
    expect(deleted.sort()).toEqual([false, true]);
    expect(await s.newEvents()).toEqual([
      { type: "environment.deleted", id: a.id, data: { type: "environment.deleted", id: a.id } },
    ]);
    expect(await s.storage.environments.deleteEnvironment("acct_other", b.id)).toBe(false);
  });
});
