import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  signWebhook,
  signWebhookHeaders,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "../../client/webhooks.ts";
import { signatureHeader, signatureHeaders } from "../../server/domain/webhookSigning.ts";

const secret = "whsec_7Kq2ZbU4xN9mW1cR8tY3vH6pL0sD5fG2jA4eQ7iO9uE";
const body = JSON.stringify({
  id: "evt_01JD3R2A5B6C7D8E9F0G1H2J3K",
  created_at: "2026-11-21T12:40:01.120Z",
  type: "event",
  data: { id: "sess_01JD3R1T6Y3B8N2M5K7J9H4G2F", type: "session.status_idled" },
});
const now = new Date("2026-11-21T12:40:02.000Z");
const t = Math.floor(now.getTime() / 1000);

function failure(fn: () => unknown): WebhookVerificationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err;
    throw err;
  }
  throw new Error("expected a WebhookVerificationError");
}

describe("verifyWebhook", () => {
  it("returns the typed event for a valid delivery, from a string, a Buffer or a Uint8Array", () => {
    const header = signWebhook(body, secret, { timestamp: now });
    for (const raw of [body, Buffer.from(body), new Uint8Array(Buffer.from(body))]) {
      const event = verifyWebhook(raw, header, secret, { now });
      expect(event.id).toBe("evt_01JD3R2A5B6C7D8E9F0G1H2J3K");
      expect(event.data).toEqual({ id: "sess_01JD3R1T6Y3B8N2M5K7J9H4G2F", type: "session.status_idled" });
    }
    expectTypeOf(verifyWebhook).returns.toEqualTypeOf<WebhookEvent>();
    expectTypeOf<WebhookEvent["type"]>().toEqualTypeOf<"event">();
  });

  it("signs exactly like the service", () => {
    expect(signWebhook(body, secret, { timestamp: t })).toBe(signatureHeader(secret, t, body));
    const independent = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(signWebhook(body, secret, { timestamp: t })).toBe(`t=${t},v1=${independent}`);
  });

  it("accepts several v1 signatures when one matches (secret rotation)", () => {
    const good = signWebhook(body, secret, { timestamp: t }).split(",v1=")[1];
    const other = signWebhook(body, "whsec_old", { timestamp: t }).split(",v1=")[1];
    expect(verifyWebhook(body, `t=${t},v1=${other},v1=${good}`, secret, { now }).type).toBe("event");
    expect(verifyWebhook(body, `t=${t}, v1=zz, v1=${good}`, secret, { now }).type).toBe("event");
    expect(verifyWebhook(body, [`t=${t}`, `v1=${good}`], secret, { now }).type).toBe("event");
  });

  it("diagnoses a parsed body instead of the raw one", () => {
    const header = signWebhook(body, secret, { timestamp: t });
    const err = failure(() => verifyWebhook(JSON.parse(body) as never, header, secret, { now }));
    expect(err.code).toBe("not_raw_body");
    expect(err.message).toMatch(/raw request body/);
    expect(err.message).toMatch(/express\.raw/);
  });

  it("diagnoses a re-serialized (pretty-printed) body", () => {
    const header = signWebhook(body, secret, { timestamp: t });
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    const err = failure(() => verifyWebhook(pretty, header, secret, { now }));
    expect(err.code).toBe("signature_mismatch");
    expect(err.message).toMatch(/re-serialized/);
  });

  it("diagnoses a wrong secret, and a secret without its whsec_ prefix", () => {
    const header = signWebhook(body, secret, { timestamp: t });
    const wrong = failure(() => verifyWebhook(body, header, "whsec_someone-else", { now }));
    expect(wrong.code).toBe("signature_mismatch");
    expect(wrong.message).toMatch(/this endpoint's signing_secret/);
    const bare = failure(() => verifyWebhook(body, header, secret.slice("whsec_".length), { now }));
    expect(bare.message).toMatch(/including its whsec_ prefix/);
    expect(failure(() => verifyWebhook(body, header, "", { now })).code).toBe("invalid_secret");
  });

  it("diagnoses a stale or future timestamp, with a configurable tolerance", () => {
    const old = signWebhook(body, secret, { timestamp: t - 601 });
    const stale = failure(() => verifyWebhook(body, old, secret, { now }));
    expect(stale.code).toBe("timestamp_out_of_tolerance");
    expect(stale.message).toMatch(/601 s old, beyond the tolerance of 600 s/);
    expect(verifyWebhook(body, signWebhook(body, secret, { timestamp: t - 600 }), secret, { now }).type).toBe("event");
    expect(verifyWebhook(body, old, secret, { now, toleranceSeconds: 700 }).type).toBe("event");
    const future = failure(() =>
      verifyWebhook(body, signWebhook(body, secret, { timestamp: t + 900 }), secret, { now }),
    );
    expect(future.message).toMatch(/in the future/);
  });

  it("rejects a missing or malformed header and a tampered body", () => {
    expect(failure(() => verifyWebhook(body, undefined, secret, { now })).code).toBe("missing_signature");
    expect(failure(() => verifyWebhook(body, "", secret, { now })).code).toBe("missing_signature");
    expect(failure(() => verifyWebhook(body, "sha256=abc", secret, { now })).code).toBe("malformed_signature");
    expect(failure(() => verifyWebhook(body, `t=${t}`, secret, { now })).code).toBe("malformed_signature");
    const header = signWebhook(body, secret, { timestamp: t });
    const tampered = body.replace("status_idled", "status_run_started");
    expect(failure(() => verifyWebhook(tampered, header, secret, { now })).code).toBe("signature_mismatch");
    expect(failure(() => verifyWebhook(`${body}\n`, header, secret, { now })).code).toBe("signature_mismatch");
  });

  it("is an Error with a stable name", () => {
    const err = failure(() => verifyWebhook(body, undefined, secret, { now }));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("WebhookVerificationError");
  });
});

describe("verifyWebhook with standard_webhooks", () => {
  const standard = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const id = "evt_01JD3R2A5B6C7D8E9F0G1H2J3K";
  const headers = signWebhookHeaders(body, standard, { scheme: "standard_webhooks", id, timestamp: now });

  it("signs exactly like the service and like the standardwebhooks package", () => {
    expect(headers).toEqual({
      "webhook-id": id,
      "webhook-timestamp": String(t),
      ...signatureHeaders("standard_webhooks", [standard], id, t, body),
    });
    expect(headers["webhook-signature"]).toBe(new StandardWebhook(standard).sign(id, now, body));
  });

  it("verifies from a headers object or a fetch Headers, and from the value with id and timestamp options", () => {
    expect(verifyWebhook(body, headers, standard, { now }).id).toBe(id);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(Buffer.from(body), upper, standard, { now }).id).toBe(id);
    expect(verifyWebhook(body, new Headers(headers), standard, { now }).id).toBe(id);
    expect(
      verifyWebhook(body, headers["webhook-signature"], standard, { now, id, timestamp: headers["webhook-timestamp"] })
        .id,
    ).toBe(id);
  });

  it("accepts any of several signatures and any of several secrets (rotation)", () => {
    const old = "whsec_dGhpcyBpcyB0aGUgb2xkIHNlY3JldCBrZXkh";
    const both = signWebhookHeaders(body, [standard, old], { scheme: "standard_webhooks", id, timestamp: now });
    expect(String(both["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifyWebhook(body, both, old, { now }).id).toBe(id);
    expect(verifyWebhook(body, headers, [old, standard], { now }).id).toBe(id);
    expect(failure(() => verifyWebhook(body, headers, old, { now })).code).toBe("signature_mismatch");
  });

  it("diagnoses missing headers, a secret that is not base64, a wrong id and a stale timestamp", () => {
    const onlySignature = failure(() => verifyWebhook(body, headers["webhook-signature"], standard, { now }));
    expect(onlySignature.code).toBe("missing_signature");
    expect(onlySignature.message).toMatch(/webhook-id is missing: pass the request's headers/);
    const bad = failure(() => verifyWebhook(body, headers, "whsec_not-base64_url", { now }));
    expect(bad.code).toBe("invalid_secret");
    expect(bad.message).toMatch(/rotate its secret/);
    const otherId = failure(() => verifyWebhook(body, { ...headers, "webhook-id": "evt_other" }, standard, { now }));
    expect(otherId.code).toBe("signature_mismatch");
    expect(otherId.message).toMatch(/webhook-id and webhook-timestamp are this request's own headers/);
    const later = new Date(now.getTime() + 601_000);
    expect(failure(() => verifyWebhook(body, headers, standard, { now: later })).code).toBe(
      "timestamp_out_of_tolerance",
    );
    expect(
      failure(() => verifyWebhook(body, { ...headers, "webhook-timestamp": "soon" }, standard, { now })).code,
    ).toBe("malformed_signature");
  });

  it("reads the webhook_signature scheme from a headers object too, and signs with several secrets", () => {
    const rotated = signWebhook(body, [secret, "whsec_old"], { timestamp: t });
    expect(rotated).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(rotated).toBe(
      signatureHeaders("webhook_signature", [secret, "whsec_old"], id, t, body)["webhook-signature"],
    );
    expect(verifyWebhook(body, { "Webhook-Signature": rotated }, "whsec_old", { now }).type).toBe("event");
    expect(() => signWebhook(body, secret, { scheme: "standard_webhooks" })).toThrow(/options\.id/);
  });
});
