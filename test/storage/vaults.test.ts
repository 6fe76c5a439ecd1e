/** Storage contract: vaults and their credentials, on every adapter. */
import { describe, expect, it } from "vitest";
import { newId } from "../../server/ids.ts";
import type { NewCredential } from "../../server/storage/port/vaults.ts";
import { adapters } from "./adapters.ts";
import { outcomes, useStorage } from "./suite.ts";

const credential = (target: string, over: Partial<NewCredential> = {}): NewCredential => ({
  id: newId("vcred"),
  display_name: null,
  metadata: {},
  auth_type: "static_bearer",
  target,
  auth_public: { type: "static_bearer", mcp_server_url: target },
  secret_sealed: `sealed:${target}`,
  ...over,
});

describe.each(adapters)("vaults on $name", (adapter) => {
  const s = useStorage(adapter);
  const newVault = (name = "v") => s.storage.vaults.createVault(s.accountId, { display_name: name, metadata: {} });

  it("creates, reads, updates (no event) and lists vaults", async () => {
    await s.newEvents();
    const vault = await newVault("first");
    expect(vault).toEqual({
      id: vault.id,
      account_id: s.accountId,
      display_name: "first",
      metadata: {},
      archived_at: null,
      created_at: s.clock.now().toISOString(),
      updated_at: s.clock.now().toISOString(),
    });
    expect(await s.newEvents()).toEqual([
      { type: "vault.created", id: vault.id, data: { type: "vault.created", id: vault.id } },
    ]);
    s.clock.advance(1000);
    const updated = await s.storage.vaults.updateVault(s.accountId, vault.id, () => ({ metadata: { env: "prod" } }));
    expect(updated).toEqual({ ...vault, metadata: { env: "prod" }, updated_at: s.clock.now().toISOString() });
    expect(await s.storage.vaults.getVault(s.accountId, vault.id)).toEqual(updated);
    expect(await s.newEvents()).toEqual([]);
    expect(await s.storage.vaults.updateVault(s.accountId, "vault_missing", () => ({}))).toBeNull();
    const second = await newVault("second");
    const page = await s.storage.vaults.listVaults(s.accountId, { includeArchived: false, page: { limit: 1 } });
    expect(page).toMatchObject({ data: [{ id: second.id }], has_more: true, next_page: second.id });
  });

  it("concurrent vault updates are all applied (none lost)", async () => {
    const vault = await newVault();
    const { values, errors } = await outcomes(
      Array.from({ length: 6 }, (_, i) =>
        s.storage.vaults.updateVault(s.accountId, vault.id, (c) => ({ metadata: { ...c.metadata, [`k${i}`]: "v" } })),
      ),
    );
    expect(errors.every((e) => e === "StorageConflictError")).toBe(true);
    const final = await s.storage.vaults.getVault(s.accountId, vault.id);
    expect(Object.keys(final?.metadata ?? {}).length).toBe(values.length);
  });

  it("credentials: create (one active per target, a limit), get, list, update, archive, delete, with events", async () => {
    const vault = await newVault();
    await s.newEvents();
    const a = await s.storage.vaults.createCredential(s.accountId, vault.id, credential("https://a.example/mcp"), 2);
    expect(a).toMatchObject({ ok: true, credential: { vault_id: vault.id, target: "https://a.example/mcp" } });
    if (!a.ok) throw new Error("create failed");
    expect(await s.storage.vaults.getCredential(s.accountId, vault.id, a.credential.id)).toEqual(a.credential);
    expect(
      await s.storage.vaults.createCredential(s.accountId, vault.id, credential("https://a.example/mcp"), 2),
    ).toEqual({
      ok: false,
      reason: "duplicate_target",
    });
    const b = await s.storage.vaults.createCredential(s.accountId, vault.id, credential("env:TOKEN"), 2);
    expect(b.ok).toBe(true);
    expect(await s.storage.vaults.createCredential(s.accountId, vault.id, credential("env:OTHER"), 2)).toEqual({
      ok: false,
      reason: "too_many",
    });
    expect(await s.storage.vaults.createCredential(s.accountId, "vault_missing", credential("env:X"), 2)).toEqual({
      ok: false,
      reason: "vault_not_found",
    });
    const events = await s.newEvents();
    expect(events.map((e) => e.type)).toEqual(["vault_credential.created", "vault_credential.created"]);
    expect(events[0]?.data).toEqual({ type: "vault_credential.created", id: a.credential.id, vault_id: vault.id });

    // No change: no write, no event. A metadata change: vault_credential.updated.
    expect(await s.storage.vaults.updateCredential(s.accountId, vault.id, a.credential.id, () => ({}))).toEqual(a);
    s.clock.advance(1000);
    const renamed = await s.storage.vaults.updateCredential(s.accountId, vault.id, a.credential.id, () => ({
      display_name: "A",
    }));
    expect(renamed).toMatchObject({
      ok: true,
      credential: { display_name: "A", updated_at: s.clock.now().toISOString() },
    });
    // New auth onto a target another active credential has: refused.
    expect(
      await s.storage.vaults.updateCredential(s.accountId, vault.id, a.credential.id, () => ({
        auth: { auth_type: "static_bearer", target: "env:TOKEN", auth_public: {}, secret_sealed: "x" },
      })),
    ).toEqual({ ok: false, reason: "duplicate_target" });
    expect((await s.newEvents()).map((e) => e.type)).toEqual(["vault_credential.updated"]);

    const archived = await s.storage.vaults.archiveCredential(s.accountId, vault.id, a.credential.id);
    expect(archived?.archived_at).toBe(s.clock.now().toISOString());
    expect(await s.storage.vaults.archiveCredential(s.accountId, vault.id, a.credential.id)).toEqual(archived);
    expect(await s.storage.vaults.updateCredential(s.accountId, vault.id, a.credential.id, () => ({}))).toEqual({
      ok: false,
      reason: "archived",
    });
    // The archived credential frees its target and its place under the limit.
    expect(
      (await s.storage.vaults.createCredential(s.accountId, vault.id, credential("https://a.example/mcp"), 2)).ok,
    ).toBe(true);
    const listed = await s.storage.vaults.listCredentials(s.accountId, vault.id, {
      includeArchived: false,
      page: { limit: 10 },
    });
    expect(listed?.data).toHaveLength(2);
    const withArchived = await s.storage.vaults.listCredentials(s.accountId, vault.id, {
      includeArchived: true,
      page: { limit: 10 },
    });
    expect(withArchived?.data.map((c) => c.id)).toEqual(
      withArchived?.data
        .map((c) => c.id)
        .sort()
        .reverse(),
    );
    expect(withArchived?.data).toHaveLength(3);
    expect(
      await s.storage.vaults.listCredentials(s.accountId, "vault_missing", {
        includeArchived: true,
        page: { limit: 1 },
      }),
    ).toBeNull();
    const active = await s.storage.vaults.activeCredentials([vault.id, "vault_missing"]);
    expect(active.get(vault.id)?.map((c) => c.archived_at)).toEqual([null, null]);
    expect(active.get("vault_missing")).toEqual([]);

    await s.newEvents();
    expect(await s.storage.vaults.deleteCredential(s.accountId, vault.id, a.credential.id)).toBe(true);
    expect(await s.storage.vaults.deleteCredential(s.accountId, vault.id, a.credential.id)).toBe(false);
    expect((await s.newEvents()).map((e) => e.type)).toEqual(["vault_credential.deleted"]);
  });

  it("concurrent creates respect the active limit and one active credential per target", async () => {
    const vault = await newVault();
    const limited = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.storage.vaults.createCredential(s.accountId, vault.id, credential(`env:K${i}`), 3),
      ),
    );
    expect(limited.filter((r) => r.ok)).toHaveLength(3);
    expect(limited.filter((r) => !r.ok && r.reason === "too_many")).toHaveLength(5);
    const other = await newVault();
    const sameTarget = await outcomes(
      Array.from({ length: 6 }, () =>
        s.storage.vaults.createCredential(s.accountId, other.id, credential("https://same.example/mcp"), 10),
      ),
    );
    expect(sameTarget.errors).toEqual([]);
    expect(sameTarget.values.filter((r) => r.ok)).toHaveLength(1);
    expect(sameTarget.values.filter((r) => !r.ok && r.reason === "duplicate_target")).toHaveLength(5);
  });

  it("storeRefreshedToken is a compare-and-set on the sealed secret, and emits nothing", async () => {
    const vault = await newVault();
    const created = await s.storage.vaults.createCredential(
      s.accountId,
      vault.id,
      credential("https://o.example/mcp"),
      5,
    );
    if (!created.ok) throw new Error("create failed");
    const id = created.credential.id;
    await s.newEvents();
    const next = (n: number) => ({ auth_public: { type: "mcp_oauth", expires_at: `t${n}` }, secret_sealed: `s${n}` });
    const raced = await Promise.all([
      s.storage.vaults.storeRefreshedToken(s.accountId, id, "sealed:https://o.example/mcp", next(1)),
      s.storage.vaults.storeRefreshedToken(s.accountId, id, "sealed:https://o.example/mcp", next(2)),
    ]);
    expect(raced.sort()).toEqual(["changed", "ok"]);
    const stored = await s.storage.vaults.getCredential(s.accountId, vault.id, id);
    expect(["s1", "s2"]).toContain(stored?.secret_sealed);
    expect(stored?.auth_public).toEqual(stored?.secret_sealed === "s1" ? next(1).auth_public : next(2).auth_public);
    expect(await s.storage.vaults.storeRefreshedToken(s.accountId, id, stored?.secret_sealed as string, next(3))).toBe(
      "ok",
    );
    expect(await s.newEvents()).toEqual([]);
    await s.storage.vaults.recordRefreshFailure(s.accountId, vault.id, id);
    expect(await s.newEvents()).toEqual([
      {
        type: "vault_credential.refresh_failed",
        id,
        data: { type: "vault_credential.refresh_failed", id, vault_id: vault.id },
      },
    ]);
    await s.storage.vaults.archiveCredential(s.accountId, vault.id, id);
    expect(await s.storage.vaults.storeRefreshedToken(s.accountId, id, "s3", next(4))).toBe("gone");
    expect(await s.storage.vaults.storeRefreshedToken(s.accountId, "vcred_missing", "s3", next(4))).toBe("gone");
  });

  it("archiving a vault archives its credentials first (an event each), once; deleting deletes them", async () => {
    const vault = await newVault();
    const ids: string[] = [];
    for (const t of ["env:A", "env:B"]) {
      const r = await s.storage.vaults.createCredential(s.accountId, vault.id, credential(t), 5);
      if (r.ok) ids.push(r.credential.id);
    }
    await s.newEvents();
    s.clock.advance(1000);
    const archived = await Promise.all([
      s.storage.vaults.archiveVault(s.accountId, vault.id),
      s.storage.vaults.archiveVault(s.accountId, vault.id),
    ]);
    expect(archived.map((v) => v?.archived_at)).toEqual([s.clock.now().toISOString(), s.clock.now().toISOString()]);
    const sorted = [...ids].sort();
    expect((await s.newEvents()).map((e) => `${e.type} ${e.id}`)).toEqual([
      `vault_credential.archived ${sorted[0]}`,
      `vault_credential.archived ${sorted[1]}`,
      `vault.archived ${vault.id}`,
    ]);
    expect(await s.storage.vaults.updateVault(s.accountId, vault.id, () => ({ display_name: "x" }))).toBe("archived");
    expect(await s.storage.vaults.createCredential(s.accountId, vault.id, credential("env:C"), 5)).toEqual({
      ok: false,
      reason: "vault_archived",
    });
    expect(await s.storage.vaults.archiveVault(s.accountId, "vault_missing")).toBeNull();
    expect(await s.storage.vaults.deleteVault(s.accountId, vault.id)).toBe(true);
    expect(await s.storage.vaults.deleteVault(s.accountId, vault.id)).toBe(false);
    expect((await s.newEvents()).map((e) => `${e.type} ${e.id}`)).toEqual([
      `vault_credential.deleted ${sorted[0]}`,
      `vault_credential.deleted ${sorted[1]}`,
      `vault.deleted ${vault.id}`,
    ]);
    expect(await s.storage.vaults.getCredential(s.accountId, vault.id, ids[0] as string)).toBeNull();
  });
});
