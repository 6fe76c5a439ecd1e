/**
 * The bearer token a session's run presents to an MCP server: from the first active credential
 * for that server's URL in the session's vaults. A `static_bearer` credential gives its token; an
 * `mcp_oauth` one its access token, refreshed with its `refresh` configuration (the OAuth 2.0
 * refresh-token grant, RFC 6749 §6) when it has expired or the server rejected it. The new token
 * is sealed back; a failed refresh emits `vault_credential.refresh_failed`. Tokens live only in
 * memory here and in the MCP server's Authorization header: never in events, logs or errors.
 */
import { refreshAuthorization } from "@modelcontextprotocol/sdk/client/auth.js";
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthorizationServerMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Clock } from "../../clock.ts";
import type { SecretBox } from "../../crypto/secretBox.ts";
import type { Logger } from "../../logger.ts";
import { describeFailure, type FetchLike } from "../../outbound/targetFetch.ts";
import type { Storage } from "../../storage/port/index.ts";
import type { CredentialRecord } from "../../storage/port/vaults.ts";
import { truncate } from "../../text.ts";

/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_SKEW_MS = 30_000;

export interface CredentialDeps {
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  logger: Logger;
  /** The SSRF-guarded fetch (token endpoints are tenant-chosen URLs). */
  fetch: FetchLike;
  timeoutMs: number;
}

/** The credential cannot give a usable token; the message names it, never its secrets. */
export class CredentialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CredentialError";
  }
}

interface OAuthPublic {
  type: "mcp_oauth";
  mcp_server_url: string;
  expires_at: string | null;
  refresh: {
    client_id: string;
    token_endpoint: string;
    token_endpoint_auth: { type: "none" | "client_secret_basic" | "client_secret_post" };
    resource?: string;
    scope?: string;
  } | null;
}

interface OAuthSecrets {
  access_token: string;
  refresh_token?: string;
  client_secret?: string;
}

/** URLs compare by their normalized form (`HTTPS://Host/` and `https://host/` are one server). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The first active MCP credential for `url` in the vaults, in the session's vault order. */
export async function findCredential(
  storage: Storage,
  vaultIds: string[],
  url: string,
): Promise<CredentialRecord | null> {
  if (vaultIds.length === 0) return null;
  const byVault = await storage.vaults.activeCredentials(vaultIds);
  for (const vaultId of vaultIds) {
    for (const c of byVault.get(vaultId) ?? []) {
      if ((c.auth_type === "static_bearer" || c.auth_type === "mcp_oauth") && sameUrl(c.target, url)) return c;
    }
  }
  return null;
}

/** `application/x-www-form-urlencoded` encoding of a Basic credential part (RFC 6749 §2.3.1). */
const formEncode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");

/** The bearer token of one credential for the length of a run. */
export class Bearer {
  private refreshing: Promise<string> | null = null;

  constructor(
    private readonly deps: CredentialDeps,
    private readonly accountId: string,
    private credential: CredentialRecord,
  ) {}

  get credentialId(): string {
    return this.credential.id;
  }

  /** Whether a rejected token can be replaced (an `mcp_oauth` credential with a refresh configuration). */
  get refreshable(): boolean {
    return (
      this.credential.auth_type === "mcp_oauth" &&
      (this.credential.auth_public as unknown as OAuthPublic).refresh !== null
    );
  }

  /** The token to present now; an expired OAuth access token is refreshed first. */
  async token(): Promise<string> {
    await this.reload();
    const c = this.credential;
    if (c.auth_type === "static_bearer") return this.open<{ token: string }>().token;
    const pub = c.auth_public as unknown as OAuthPublic;
    const secrets = this.open<OAuthSecrets>();
    const expiresAt = pub.expires_at ? Date.parse(pub.expires_at) : null;
    if (expiresAt !== null && expiresAt - EXPIRY_SKEW_MS <= this.deps.clock.now().getTime()) {
      return this.refresh(secrets.access_token, "it has expired");
    }
    return secrets.access_token;
  }

  /**
   * A new token after the MCP server rejected `rejected` (401). Throws a CredentialError when the
   * credential cannot be refreshed or the refresh fails.
   */
  async afterRejection(rejected: string): Promise<string> {
    return this.refresh(rejected, "the MCP server rejected it");
  }

  private open<T>(): T {
    return JSON.parse(this.deps.secrets.decrypt(this.credential.secret_sealed, this.credential.id)) as T;
  }

  /** Reads the credential again: another run may have refreshed it. */
  private async reload(): Promise<void> {
    const fresh = await this.deps.storage.vaults.getCredential(
      this.accountId,
      this.credential.vault_id,
      this.credential.id,
    );
    if (!fresh || fresh.archived_at) {
      throw new CredentialError(`The credential ${this.credential.id} was archived or deleted during the run.`);
    }
    this.credential = fresh;
  }

  /** One refresh at a time per credential and run; concurrent callers share it. */
  private refresh(stale: string, why: string): Promise<string> {
    this.refreshing ??= this.doRefresh(stale, why).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(stale: string, why: string): Promise<string> {
    await this.reload();
    const c = this.credential;
    const label = `credential ${c.id} (vault ${c.vault_id})`;
    if (c.auth_type !== "mcp_oauth") {
      throw new CredentialError(`The MCP server rejected the token of ${label}; update the credential.`);
    }
    const current = this.open<OAuthSecrets>();
    // Another run refreshed it meanwhile: use that token.
    if (current.access_token !== stale) return current.access_token;
    const pub = c.auth_public as unknown as OAuthPublic;
    const refresh = pub.refresh;
    if (!refresh || !current.refresh_token) {
      await this.failed();
      throw new CredentialError(
        `The access token of ${label} cannot be used (${why}) and it has no refresh configuration.`,
      );
    }
    let tokens: Awaited<ReturnType<typeof refreshAuthorization>>;
    try {
      tokens = await refreshAuthorization(refresh.token_endpoint, {
        // Only the token endpoint is read; the rest of the metadata is not used by a refresh.
        metadata: { token_endpoint: refresh.token_endpoint } as AuthorizationServerMetadata,
        clientInformation: { client_id: refresh.client_id },
        refreshToken: current.refresh_token,
        ...(refresh.resource ? { resource: new URL(refresh.resource) } : {}),
        addClientAuthentication: (headers, params) => {
          const method = refresh.token_endpoint_auth.type;
          if (method === "client_secret_basic") {
            const basic = `${formEncode(refresh.client_id)}:${formEncode(current.client_secret ?? "")}`;
            headers.set("Authorization", `Basic ${Buffer.from(basic, "utf8").toString("base64")}`);
          } else {
            params.set("client_id", refresh.client_id);
            if (method === "client_secret_post") params.set("client_secret", current.client_secret ?? "");
          }
          if (refresh.scope) params.set("scope", refresh.scope);
        },
        fetchFn: (url, init) => this.deps.fetch(url, { ...init, signal: AbortSignal.timeout(this.deps.timeoutMs) }),
      });
    } catch (err) {
      await this.failed();
      // An OAuth error names its code (invalid_grant, invalid_client, ...) beside its description.
      const code = err instanceof OAuthError ? `${err.errorCode}: ` : "";
      const reason = truncate(`${code}${describeFailure(err)}`, 300);
      this.deps.logger.warn("refreshing an MCP credential failed", {
        credential_id: c.id,
        vault_id: c.vault_id,
        reason,
      });
      throw new CredentialError(`Refreshing the access token of ${label} failed (${why}): ${reason}`);
    }
    const secrets: OAuthSecrets = {
      access_token: tokens.access_token,
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
      ...(current.client_secret ? { client_secret: current.client_secret } : {}),
    };
    const expiresAt =
      tokens.expires_in !== undefined
        ? new Date(this.deps.clock.now().getTime() + tokens.expires_in * 1000).toISOString()
        : null;
    const stored = await this.deps.storage.vaults.storeRefreshedToken(this.accountId, c.id, c.secret_sealed, {
      auth_public: { ...pub, expires_at: expiresAt },
      secret_sealed: this.deps.secrets.encrypt(JSON.stringify(secrets), c.id),
    });
    if (stored === "gone") throw new CredentialError(`The ${label} was archived or deleted during the run.`);
    if (stored === "changed") {
      // Refreshed by another run at the same time: theirs is stored, and ours is valid too.
      this.deps.logger.info("an MCP credential was refreshed concurrently", { credential_id: c.id });
    } else {
      this.deps.logger.info("refreshed an MCP credential", { credential_id: c.id, vault_id: c.vault_id });
    }
    return tokens.access_token;
  }

  private async failed(): Promise<void> {
    await this.deps.storage.vaults.recordRefreshFailure(this.accountId, this.credential.vault_id, this.credential.id);
  }
}
