import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

/**
 * Encrypts secrets at rest with AES-256-GCM. The stored form is
 * `v1:<iv base64url>:<tag base64url>:<ciphertext base64url>`; `aad` binds a ciphertext to
 * the record it belongs to, so a ciphertext copied onto another row does not decrypt.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
  }

  encrypt(plaintext: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(aad, "utf8"));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `v1:${iv.toString("base64url")}:${tag.toString("base64url")}:${body.toString("base64url")}`;
  }

  /**
   * A value derived from the key and `label` (HMAC-SHA256, base64url): stable for one label on
   * every replica, unguessable without the key (the egress placeholders of a session's credentials).
   */
  derive(label: string): string {
    return createHmac("sha256", this.key).update(`derive:${label}`, "utf8").digest("base64url");
  }

  /** A copy of the key, for a worker thread of this process that opens the same secrets (never stored or logged). */
  exportKey(): Buffer {
    return Buffer.from(this.key);
  }

  decrypt(sealed: string, aad: string): string {
    const [version, iv, tag, body] = sealed.split(":");
    if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Malformed sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }
}

/** SHA-256 hex of a bearer token: tokens are stored and looked up by this hash only. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new personal access token: `cat_` + 32 random bytes, base64url. */
export function generateToken(): string {
  return `cat_${randomBytes(32).toString("base64url")}`;
}

/** The part of a token shown by `token list`. */
export function tokenHint(token: string): string {
  return `${token.slice(0, 8)}…`;
}
