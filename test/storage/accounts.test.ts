/** Storage contract: accounts, tokens and service facts (meta), on every adapter. */
import { describe, expect, it } from "vitest";
import { adapters } from "./adapters.ts";
import { outcomes, useStorage } from "./suite.ts";

describe.each(adapters)("accounts on $name", (adapter) => {
  const s = useStorage(adapter);

  it("ensureAccount creates once and finds after; findAccountByName", async () => {
    const a = await s.storage.accounts.ensureAccount("acme");
    expect(a).toMatchObject({ name: "acme", created_at: "2026-11-21T12:00:00.000Z" });
    expect(a.id).toMatch(/^acct_/);
    expect(await s.storage.accounts.ensureAccount("acme")).toEqual(a);
    expect(await s.storage.accounts.findAccountByName("acme")).toEqual(a);
    expect(await s.storage.accounts.findAccountByName("nobody")).toBeNull();
  });

  it("ensureAccount called at once from many callers makes one account", async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => s.storage.accounts.ensureAccount("racing")));
    expect(new Set(all.map((a) => a.id)).size).toBe(1);
  });

  it("tokens: create, authenticate, list, count, revoke", async () => {
    const account = await s.storage.accounts.ensureAccount("tokens");
    const token = await s.storage.accounts.createToken(account.id, "hash-1", "ca_abc");
    expect(token).toEqual({
      id: token.id,
      account_id: account.id,
      account_name: "tokens",
      hint: "ca_abc",
      created_at: s.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    const before = await s.storage.accounts.countActiveTokens();
    expect(await s.storage.accounts.authenticate("hash-1")).toEqual({ accountId: account.id, tokenId: token.id });
    expect(await s.storage.accounts.authenticate("unknown")).toBeNull();
    const listed = (await s.storage.accounts.listTokens()).find((t) => t.id === token.id);
    expect(listed?.last_used_at).toBe(s.clock.now().toISOString());
    // Use is recorded at most once a minute.
    s.clock.advance(30_000);
    await s.storage.accounts.authenticate("hash-1");
    expect((await s.storage.accounts.listTokens()).find((t) => t.id === token.id)?.last_used_at).toBe(
      listed?.last_used_at,
    );
    s.clock.advance(31_000);
    await s.storage.accounts.authenticate("hash-1");
    expect((await s.storage.accounts.listTokens()).find((t) => t.id === token.id)?.last_used_at).toBe(
      s.clock.now().toISOString(),
    );
    expect(await s.storage.accounts.revokeToken(token.id)).toBe(true);
    expect(await s.storage.accounts.revokeToken(token.id)).toBe(false);
    expect(await s.storage.accounts.authenticate("hash-1")).toBeNull();
    expect(await s.storage.accounts.countActiveTokens()).toBe(before - 1);
    const revoked = (await s.storage.accounts.listTokens()).find((t) => t.id === token.id);
    expect(revoked?.revoked_at).toBe(s.clock.now().toISOString());
  });

  it("ensureToken is idempotent, also when raced, and does not un-revoke", async () => {
    const account = await s.storage.accounts.ensureAccount("ensure-token");
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => s.storage.accounts.ensureToken(account.id, "hash-e", "ca_e")),
    );
    expect(new Set(raced.map((t) => t.id)).size).toBe(1);
    const id = raced[0]?.id as string;
    await s.storage.accounts.revokeToken(id);
    const again = await s.storage.accounts.ensureToken(account.id, "hash-e", "ca_e");
    expect(again.id).toBe(id);
    expect(again.revoked_at).not.toBeNull();
  });

  it("listTokens is in id order", async () => {
    const tokens = await s.storage.accounts.listTokens();
    expect(tokens.map((t) => t.id)).toEqual(tokens.map((t) => t.id).sort());
  });

  it("a token hash is unique: a second create of the same hash is refused", async () => {
    const account = await s.storage.accounts.ensureAccount("dup-token");
    await s.storage.accounts.createToken(account.id, "hash-dup", "ca_d");
    await expect(s.storage.accounts.createToken(account.id, "hash-dup", "ca_d")).rejects.toThrow();
  });
});

describe.each(adapters)("meta on $name", (adapter) => {
  const s = useStorage(adapter);

  it("get and setIfAbsent: the first value stays", async () => {
    expect(await s.storage.meta.get("key_check")).toBeNull();
    expect(await s.storage.meta.setIfAbsent("key_check", "one")).toBe("one");
    expect(await s.storage.meta.setIfAbsent("key_check", "two")).toBe("one");
    expect(await s.storage.meta.get("key_check")).toBe("one");
  });

  it("setIfAbsent raced by many callers stores one value and returns it to all", async () => {
    const { values, errors } = await outcomes(
      Array.from({ length: 8 }, (_, i) => s.storage.meta.setIfAbsent("raced", `v${i}`)),
    );
    expect(errors).toEqual([]);
    expect(new Set(values).size).toBe(1);
    expect(await s.storage.meta.get("raced")).toBe(values[0]);
  });
});
