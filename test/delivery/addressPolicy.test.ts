import type { LookupAddress } from "node:dns";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookSender } from "../../server/delivery/sender.ts";
import { newId } from "../../server/ids.ts";
import {
  blockedAddressReason,
  checkTargetUrl,
  createGuardedLookup,
  DnsTimeoutError,
  dnsResolver,
} from "../../server/outbound/addressPolicy.ts";
import { type DnsServer, startDnsServer } from "../helpers/fakes/dnsServer.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { quietPeriod } from "../helpers/flows/waitFor.ts";
import { expectError, inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

describe("blocked addresses", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["169.254.10.10", "link-local"],
    ["169.254.169.254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fd00:ec2::254", "metadata"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["64:ff9b::10.0.0.1", "private address (embedded"],
    ["2002:a9fe:a9fe::1", "metadata address (embedded"],
    ["ff02::1", "multicast"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "64:ff9b::808:808"])(
    "allows the public address %s",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it("checks the addresses a host name resolves to, and accepts a name that does not resolve", async () => {
    const resolveTo =
      (...addresses: string[]) =>
      async (): Promise<LookupAddress[]> =>
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    expect(
      await checkTargetUrl("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo("10.0.0.7") }),
    ).toMatch(/^(?!.*10\.0\.0\.7).*resolves to a private address \(hooks\.example\.com\)/);
    expect(
      await checkTargetUrl("https://hooks.example.com/x", {
        allowPrivate: false,
        resolve: resolveTo("8.8.8.8", "::1"),
      }),
    ).toMatch(/loopback/);
    expect(
      await checkTargetUrl("https://hooks.example.com/x", { allowPrivate: false, resolve: resolveTo("8.8.8.8") }),
    ).toBeNull();
    const failing = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await checkTargetUrl("https://nowhere.invalid/x", { allowPrivate: false, resolve: failing })).toBeNull();
    expect(await checkTargetUrl("http://127.0.0.1/x", { allowPrivate: true })).toBeNull();
    expect(await checkTargetUrl("ftp://127.0.0.1/x", { allowPrivate: true })).toMatch(/http or https/);
  });

  it("connect-time lookup keeps only allowed addresses and fails when none is", async () => {
    const guardedLookup = createGuardedLookup();
    const lookup = (host: string, all: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) =>
        guardedLookup(host, { all }, (err, address) => resolve({ err, address })),
      );
    for (const all of [false, true]) {
      const { err } = await lookup("localhost", all);
      expect(err?.message).toMatch(/^Refused to connect: localhost resolves to a loopback address/);
    }
  });

  it("connect-time lookup filters a mixed answer down to the allowed addresses, in order", async () => {
    // The real guard over a resolver that answers for two reserved names (RFC 6761 .test) and
    // knows no other name.
    const answers: Record<string, LookupAddress[]> = {
      "mixed.test": [
        { address: "127.0.0.1", family: 4 },
        { address: "8.8.8.8", family: 4 },
        { address: "10.0.0.7", family: 4 },
        { address: "::1", family: 6 },
        { address: "2606:4700:4700::1111", family: 6 },
        { address: "::ffff:127.0.0.1", family: 6 },
      ],
      "private.test": [
        { address: "10.0.0.7", family: 4 },
        { address: "::1", family: 6 },
      ],
    };
    const guarded = createGuardedLookup(async (hostname) => {
      const answer = answers[hostname];
      if (!answer) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
      return answer;
    });
    const lookup = (host: string, all: boolean) =>
      new Promise<{ err: Error | null; address: unknown; family: unknown }>((resolve) =>
        guarded(host, { all }, (err, address, family) => resolve({ err, address, family })),
      );
    // The connection goes to an allowed address even when a blocked one comes first.
    expect(await lookup("mixed.test", false)).toEqual({ err: null, address: "8.8.8.8", family: 4 });
    expect(await lookup("mixed.test", true)).toEqual({
      err: null,
      address: [
        { address: "8.8.8.8", family: 4 },
        { address: "2606:4700:4700::1111", family: 6 },
      ],
      family: undefined,
    });
    for (const all of [false, true]) {
      const { err, address } = await lookup("private.test", all);
      expect(err?.message).toBe("Refused to connect: private.test resolves to a private address");
      expect(address).toBe("");
    }
    // Names that always mean this machine are refused without a lookup.
    const { err } = await lookup("localhost", true);
    expect(err?.message).toMatch(/^Refused to connect: localhost resolves to a loopback address/);
  });
});

describe("DNS lookups of the guard, against a real DNS server", () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      "private.example": { a: ["10.0.0.7"], aaaa: ["2606:4700:4700::1111"] },
      "internal.example": { a: ["10.0.0.8"], aaaa: ["fd12:3456::1"] },
      "public.example": { a: ["93.184.215.14"], aaaa: ["2606:4700:4700::1111"] },
      "hanging.example": "silent",
    });
  });
  afterAll(async () => {
    await dns.close();
  });

  /** Lookups still in progress in this process (c-ares queries, getaddrinfo calls). */
  const pendingLookups = () =>
    process.getActiveResourcesInfo().filter((r) => r === "QueryReqWrap" || r === "GetAddrInfoReqWrap");

  it("resolves A and AAAA records and judges every address", async () => {
    const resolve = dnsResolver([dns.address]);
    expect(await resolve("public.example", 2000)).toEqual([
      { address: "93.184.215.14", family: 4 },
      { address: "2606:4700:4700::1111", family: 6 },
    ]);
    expect(await checkTargetUrl("https://public.example/hook", { allowPrivate: false, resolve })).toBeNull();
    expect(await checkTargetUrl("https://private.example/hook", { allowPrivate: false, resolve })).toMatch(
      /resolves to a private address \(private\.example\)/,
    );
    await expect(resolve("unknown.example", 2000)).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("cancels a lookup at its cut-off: nothing of it outlives the cut-off", async () => {
    const resolve = dnsResolver([dns.address]);
    const before = dns.queries.length;
    const started = performance.now();
    await expect(resolve("hanging.example", 300)).rejects.toBeInstanceOf(DnsTimeoutError);
    const cutOff = performance.now();
    expect(cutOff - started).toBeGreaterThanOrEqual(290);
    expect(dns.queries.length).toBeGreaterThan(before);
    // Cancelled, not abandoned: no query of it is still pending, and none is sent afterwards.
    expect(pendingLookups()).toEqual([]);
    // The thing under test is an interval: an abandoned (not cancelled) lookup would send its
    // retry within about 450 ms of the cut-off (two tries of 150 ms, backing off); no condition can
    // show that a query is never sent, so the DNS server is watched for longer than that.
    await quietPeriod(700);
    expect(dns.queries.filter((q) => q.at > cutOff + 20)).toEqual([]);
    // At endpoint creation a name that does not resolve in time is accepted (every delivery checks again).
    expect(
      await checkTargetUrl("https://hanging.example/x", { allowPrivate: false, timeoutMs: 200, resolve }),
    ).toBeNull();
    expect(pendingLookups()).toEqual([]);
  });

  it("gives a delivery's lookup what is left of the attempt: a hanging DNS ends with the attempt", async () => {
    const sender = new WebhookSender({
      timeoutMs: 400,
      allowPrivateTargets: false,
      maxFreeSocketsPerOrigin: 1,
      resolve: dnsResolver([dns.address]),
    });
    try {
      const refused = await sender.send(
        "http://internal.example/hook",
        Buffer.from("{}"),
        {},
        new AbortController().signal,
      );
      expect(refused.error).toBe("Refused to connect: internal.example resolves to a private address");
      const started = performance.now();
      const hung = await sender.send(
        "http://hanging.example/hook",
        Buffer.from("{}"),
        {},
        new AbortController().signal,
      );
      expect(hung.status).toBeNull();
      expect(hung.error).toBe("Timed out after 400 ms");
      expect(performance.now() - started).toBeLessThan(2000);
      expect(pendingLookups()).toEqual([]);
    } finally {
      sender.close();
    }
  });
});

describe("with private targets refused (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)", () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    server = await inProcess({
      env: {
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "false",
        WEBHOOK_POLL_INTERVAL_MS: "50",
        WEBHOOK_RETRY_BASE_MS: "10",
        WEBHOOK_RETRY_FACTOR: "1",
      },
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost:8080/hook",
    "http://api.localhost/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:8.8.8.8]/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://10.0.0.1/hook",
    "http://192.168.0.10/hook",
    "http://[fd00::1]/hook",
    "http://[fe80::1]/hook",
    "http://0x7f.0.0.1/hook",
    "http://2130706433/hook",
    "http://0.0.0.0/hook",
  ])("refuses %s at create and at PUT", async (url) => {
    const err = expectError(
      await server.request("POST", "/webhook_endpoints", { body: { url, events: ["*"] } }),
      400,
      "invalid_request_error",
    );
    expect(err.param).toBe("url");
    expect(err.message).toMatch(/^url (points|resolves) to .* are refused\.$/);
    const ok = await server.request("POST", "/webhook_endpoints", {
      body: { url: "https://93.184.215.14/hook", events: ["*"] },
    });
    expect(ok.status).toBe(201);
    expectError(
      await server.request("PUT", `/webhook_endpoints/${ok.body.id}`, { body: { url, events: ["*"] } }),
      400,
      "invalid_request_error",
    );
  });

  it.each([
    ["an IP literal", "127.0.0.1"],
    ["a host name that resolves to loopback", "localhost"],
  ])("refuses at connect time a stored URL with %s, and the receiver gets nothing", async (_name, host) => {
    // An endpoint written straight to storage, as if the address had changed since it was checked.
    const storage = server.service.deps.storage;
    const account = await storage.accounts.findAccountByName("default");
    if (!account) throw new Error("no default account");
    const id = newId("wep");
    const port = new URL(receiver.url).port;
    await storage.webhooks.createEndpoint(
      account.id,
      {
        id,
        url: `http://${host}:${port}/private`,
        events: ["*"],
        description: null,
        metadata: {},
        signing_scheme: "webhook_signature",
        secret_sealed: server.service.deps.secrets.encrypt("whsec_test", id),
      },
      100,
    );
    const { body } = await server.request("POST", `/webhook_endpoints/${id}/test`);
    const rec = await waitFor(async () => {
      const r = await server.request("GET", `/webhook_events/${body.webhook_event_id}`);
      return r.body.attempt_count >= 1 ? r.body : null;
    });
    expect(rec.attempts[0]).toMatchObject({ response_status: null });
    expect(rec.attempts[0].error).toMatch(/^Refused to connect: .*loopback/);
    expect(receiver.on("/private")).toHaveLength(0);
  });
});
