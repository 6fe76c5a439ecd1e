import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateToken, hashToken, SecretBox } from "../../server/crypto/secretBox.ts";

describe("SecretBox", () => {
  const box = new SecretBox(randomBytes(32));

  it("round-trips a secret and never stores it in clear", () => {
    const sealed = box.encrypt("s3cret-value", "vcred_1");
    expect(sealed).not.toContain("s3cret");
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(box.decrypt(sealed, "vcred_1")).toBe("s3cret-value");
    expect(box.encrypt("s3cret-value", "vcred_1")).not.toBe(sealed); // a fresh IV each time
  });

  it("refuses a ciphertext moved to another record, tampered with, or opened with another key", () => {
    const sealed = box.encrypt("value", "vcred_1");
    expect(() => box.decrypt(sealed, "vcred_2")).toThrow();
    const parts = sealed.split(":");
    const body = Buffer.from(parts[3] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() =>
      box.decrypt([parts[0], parts[1], parts[2], body.toString("base64url")].join(":"), "vcred_1"),
    ).toThrow();
    expect(() => new SecretBox(randomBytes(32)).decrypt(sealed, "vcred_1")).toThrow();
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });

  it("hashes tokens deterministically and generates distinct tokens", () => {
    const a = generateToken();
    expect(a).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(a);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});
