/**
 * The vendor skill webhook-signature-verification ships verifiers for Node (verify-webhook.mjs),
 * Python (verify_webhook.py) and Go (verify_webhook.go). Each one verifies real deliveries of
 * both signing schemes, with either secret during a rotation, and refuses the old secret once it
 * has expired, a stranger's secret and a tampered body. Python and Go run as real processes
 * (`.ci/run` installs python3 and golang-go when missing; without them their cases skip, unless CI=true).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { type ReceivedRequest, type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { requireProgram } from "../helpers/servers/requires.ts";
import { inProcess, ROOT, type TestServer } from "../helpers/servers/server.ts";

const run = promisify(execFile);
// Go and Python are optional here (their verifiers skip, one line each, unless CI=true).
const noGo = requireProgram("go", "golang-go");
const noPython = requireProgram("python3", "python3");
const SCRIPTS = join(ROOT, "vendor-skills/webhook-signature-verification/scripts");

let server: TestServer;
let receiver: Receiver;
let work: string;
let goBinary: string;
const clock = new ManualClock(new Date());
let paths = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "cas-verifiers-"));
  goBinary = join(work, "verify_webhook");
  // Built once; every check below runs the binary.
  if (noGo === null)
    await run("go", ["build", "-o", goBinary, join(SCRIPTS, "verify_webhook.go")], { cwd: work, timeout: 120_000 });
  server = await inProcess({ clock, env: { WEBHOOK_POLL_INTERVAL_MS: "50" } });
  receiver = await startReceiver();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

type Verdict = "valid" | string;

/** The verifiers under test: each answers "valid" or the error code. */
const verifiers: Record<string, (req: ReceivedRequest, body: Buffer, secrets: string[]) => Promise<Verdict>> = {
  async node(req, body, secrets) {
    const mod = await import(join(SCRIPTS, "verify-webhook.mjs"));
    try {
      mod.verifyWebhook(body, req.headers, secrets);
      return "valid";
    } catch (err) {
      return (err as { code: string }).code;
    }
  },
  python: (req, body, secrets) => cli("python3", [join(SCRIPTS, "verify_webhook.py")], req, body, secrets),
  go: (req, body, secrets) => cli(goBinary, [], req, body, secrets),
};
if (noPython !== null) delete verifiers.python;
if (noGo !== null) delete verifiers.go;

let files = 0;
async function cli(cmd: string, args: string[], req: ReceivedRequest, body: Buffer, secrets: string[]) {
  const bodyFile = join(work, `body-${++files}.json`);
  writeFileSync(bodyFile, body);
  const headers = ["webhook-signature", "webhook-id", "webhook-timestamp"]
    .filter((h) => req.headers[h] !== undefined)
    .flatMap((h) => [cmdFlag(cmd, "header"), `${h}: ${req.headers[h]}`]);
  try {
    const { stdout } = await run(cmd, [
      ...args,
      cmdFlag(cmd, "secret"),
      secrets.join(","),
      cmdFlag(cmd, "body-file"),
      bodyFile,
      ...headers,
    ]);
    expect(stdout).toMatch(/^valid: evt_/);
    return "valid";
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? err);
    return /invalid \(([a-z_]+)\)/.exec(stderr)?.[1] ?? stderr;
  }
}
/** Python takes --flag, Go's flag package -flag. */
const cmdFlag = (cmd: string, name: string) => (cmd === goBinary ? `-${name}` : `--${name}`);

async function rotatedEndpoint(scheme: string) {
  const path = `/verifiers-${++paths}`;
  const created = await server.request("POST", "/webhook_endpoints", {
    body: { url: `${receiver.url}${path}`, events: ["agent.created"], signing_scheme: scheme },
  });
  expect(created.status).toBe(201);
  const rotated = await server.request("POST", `/webhook_endpoints/${created.body.id}/rotate_secret`, {
    body: { previous_secret_expires_in: 60 },
  });
  expect(rotated.status).toBe(200);
  return {
    id: created.body.id as string,
    path,
    old: created.body.signing_secret as string,
    fresh: rotated.body.signing_secret as string,
  };
}

async function deliver(ep: { id: string; path: string }): Promise<ReceivedRequest> {
  const before = receiver.on(ep.path).length;
  expect((await server.request("POST", `/webhook_endpoints/${ep.id}/test`)).status).toBe(202);
  const req = (await receiver.waitForRequests(before + 1, { path: ep.path }))[before];
  if (!req) throw new Error("no request");
  return req;
}

describe.each(["webhook_signature", "standard_webhooks"])("the vendor skill's verifiers, %s", (scheme) => {
  it.each(Object.keys(verifiers))(
    "%s: accepts either secret during a rotation, then only the new one; refuses strangers and tampering",
    async (name) => {
      const verify = verifiers[name];
      if (!verify) throw new Error(name);
      clock.set(new Date());
      const ep = await rotatedEndpoint(scheme);
      const during = await deliver(ep);
      expect(await verify(during, during.body, [ep.fresh])).toBe("valid");
      expect(await verify(during, during.body, [ep.old])).toBe("valid");
      const stranger = `whsec_${randomBytes(32).toString("base64")}`;
      expect(await verify(during, during.body, [stranger])).toBe("signature_mismatch");
      const tampered = Buffer.from(during.body.toString("utf8").replace("webhook.test", "webhook.tesT"));
      expect(await verify(during, tampered, [ep.fresh, ep.old])).toBe("signature_mismatch");

      clock.advance(61_000);
      const after = await deliver(ep);
      expect(await verify(after, after.body, [ep.fresh])).toBe("valid");
      expect(await verify(after, after.body, [ep.old])).toBe("signature_mismatch");
      // A receiver mid-switch lists both: still fine.
      expect(await verify(after, after.body, [ep.old, ep.fresh])).toBe("valid");
    },
    60_000,
  );
});
