import type { Schema } from "../api.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import { type ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { checkOutboundUrl, type TargetUrlConfig } from "../outbound/targetUrls.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import type { CredentialRecord, CredentialWriteResult, NewCredential, VaultRecord } from "../storage/port/vaults.ts";
import { applyMetadataPatch } from "./metadata.ts";

type Vault = Schema<"Vault">;
type Credential = Schema<"VaultCredential">;
type AuthInput = Schema<"CredentialAuthInput">;

/** Active credentials per vault; a vault holds at most this many. */
export const MAX_ACTIVE_CREDENTIALS = 100;

export interface VaultDeps {
  storage: Storage;
  secrets: SecretBox;
  /** Whether credentials' URLs may point to private addresses (targetUrls.ts). */
  config: TargetUrlConfig;
}

/** The URLs of a credential the service will connect to, checked like webhook URLs. */
async function checkAuthUrls(deps: VaultDeps, auth: AuthInput): Promise<void> {
  if ("mcp_server_url" in auth) await checkOutboundUrl(deps.config, auth.mcp_server_url, "auth.mcp_server_url");
  if (auth.type === "mcp_oauth" && auth.refresh) {
    await checkOutboundUrl(deps.config, auth.refresh.token_endpoint, "auth.refresh.token_endpoint");
  }
}

export function credentialView(c: CredentialRecord): Credential {
  return {
    id: c.id,
    type: "vault_credential",
    vault_id: c.vault_id,
    display_name: c.display_name,
    metadata: c.metadata,
    auth: (c.auth_type === "environment_variable"
      ? { ...c.auth_public, injection_location: storedInjection(c.auth_public.injection_location) }
      : c.auth_public) as Credential["auth"],
    archived_at: c.archived_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

function vaultView(v: VaultRecord, credentials: CredentialRecord[]): Vault {
  return {
    id: v.id,
    type: "vault",
    display_name: v.display_name,
    metadata: v.metadata,
    credentials: credentials.map(credentialView),
    archived_at: v.archived_at,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

const vaultNotFound = (id: string) => notFound(`No vault with id ${id.slice(0, 64)}.`);
const credentialNotFound = (id: string) => notFound(`No credential with id ${id.slice(0, 64)} in this vault.`);

/** The 404 for a credential that was not found: its vault may be the missing one. */
async function missingCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<ApiError> {
  return (await deps.storage.vaults.getVault(accountId, vaultId))
    ? credentialNotFound(credentialId)
    : vaultNotFound(vaultId);
}

async function withCredentials(deps: VaultDeps, vaults: VaultRecord[]): Promise<Vault[]> {
  const creds = await deps.storage.vaults.activeCredentials(vaults.map((v) => v.id));
  return vaults.map((v) => vaultView(v, creds.get(v.id) ?? []));
}

export async function createVault(
  deps: VaultDeps,
  accountId: string,
  body: Schema<"CreateVaultRequest">,
): Promise<Vault> {
  const record = await deps.storage.vaults.createVault(accountId, {
    display_name: body.display_name,
    metadata: body.metadata ?? {},
  });
  return vaultView(record, []);
}

export async function getVault(deps: VaultDeps, accountId: string, vaultId: string): Promise<Vault> {
  const record = await deps.storage.vaults.getVault(accountId, vaultId);
  if (!record) throw vaultNotFound(vaultId);
  return (await withCredentials(deps, [record]))[0] as Vault;
}

export async function listVaults(
  deps: VaultDeps,
  accountId: string,
  options: { includeArchived: boolean; page: PageQuery },
): Promise<Page<Vault>> {
  const page = await deps.storage.vaults.listVaults(accountId, options);
  return { ...page, data: await withCredentials(deps, page.data) };
}

export async function updateVault(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  body: Schema<"UpdateVaultRequest">,
): Promise<Vault> {
  const result = await deps.storage.vaults.updateVault(accountId, vaultId, (current) => ({
    ...(body.display_name !== undefined ? { display_name: body.display_name } : {}),
    metadata: applyMetadataPatch(current.metadata, body.metadata),
  }));
  if (result === null) throw vaultNotFound(vaultId);
  if (result === "archived") throw conflict("The vault is archived and cannot be changed.");
  return (await withCredentials(deps, [result]))[0] as Vault;
}

export async function archiveVault(deps: VaultDeps, accountId: string, vaultId: string): Promise<Vault> {
  const record = await deps.storage.vaults.archiveVault(accountId, vaultId);
  if (!record) throw vaultNotFound(vaultId);
  return vaultView(record, []);
}

export async function deleteVault(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
): Promise<Schema<"DeletedVault">> {
  if (!(await deps.storage.vaults.deleteVault(accountId, vaultId))) throw vaultNotFound(vaultId);
  return { id: vaultId, type: "vault_deleted" };
}

/**
 * Splits an auth input into what may be shown (stored in clear) and the secret fields, which
 * are sealed with the service key, bound to the credential id.
 */
function sealAuth(
  deps: VaultDeps,
  credentialId: string,
  auth: AuthInput,
): Pick<NewCredential, "auth_type" | "target" | "auth_public" | "secret_sealed"> {
  const seal = (secrets: Record<string, string>) => deps.secrets.encrypt(JSON.stringify(secrets), credentialId);
  switch (auth.type) {
    case "static_bearer":
      return {
        auth_type: auth.type,
        target: auth.mcp_server_url,
        auth_public: { type: auth.type, mcp_server_url: auth.mcp_server_url },
        secret_sealed: seal({ token: auth.token }),
      };
    case "mcp_oauth": {
      const refresh = auth.refresh;
      const secrets: Record<string, string> = { access_token: auth.access_token };
      let refreshPublic: Record<string, unknown> | null = null;
      if (refresh) {
        const method = refresh.token_endpoint_auth.type;
        if (method !== "none" && !refresh.token_endpoint_auth.client_secret) {
          throw invalidRequest(
            `auth.refresh.token_endpoint_auth.client_secret is required with type ${method}.`,
            "auth.refresh.token_endpoint_auth.client_secret",
          );
        }
        if (method === "none" && refresh.token_endpoint_auth.client_secret) {
          throw invalidRequest(
            "auth.refresh.token_endpoint_auth.client_secret must be omitted with type none.",
            "auth.refresh.token_endpoint_auth.client_secret",
          );
        }
        secrets.refresh_token = refresh.refresh_token;
        if (refresh.token_endpoint_auth.client_secret)
          secrets.client_secret = refresh.token_endpoint_auth.client_secret;
        refreshPublic = {
          client_id: refresh.client_id,
          token_endpoint: refresh.token_endpoint,
          token_endpoint_auth: { type: method },
          ...(refresh.resource !== undefined ? { resource: refresh.resource } : {}),
          ...(refresh.scope !== undefined ? { scope: refresh.scope } : {}),
        };
      }
      return {
        auth_type: auth.type,
        target: auth.mcp_server_url,
        auth_public: {
          type: auth.type,
          mcp_server_url: auth.mcp_server_url,
          expires_at: auth.expires_at ? new Date(auth.expires_at).toISOString() : null,
          refresh: refreshPublic,
        },
        secret_sealed: seal(secrets),
      };
    }
    case "environment_variable": {
      const networking = checkNetworking(auth.networking ?? { type: "unrestricted" });
      const injection_location = checkInjection({
        header: auth.injection_location ? auth.injection_location.header === true : true,
        body: auth.injection_location?.body === true,
      });
      if (injection_location.header) checkHeaderSafe(auth.secret_value);
      return {
        auth_type: auth.type,
        target: `env:${auth.secret_name}`,
        auth_public: { type: auth.type, secret_name: auth.secret_name, networking, injection_location },
        secret_sealed: seal({ secret_value: auth.secret_value }),
      };
    }
  }
}

type CredentialNetworking = Schema<"CredentialNetworking">;

/** The SDK's limit on a credential's `allowed_hosts`. */
export const MAX_CREDENTIAL_HOSTS = 16;
/** A host name label (letters, digits, hyphens, not at either end). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Why an `allowed_hosts` entry is refused, or null: a bare host name, an IPv4 address, or `*.`
 * followed by a host name of at least two labels (no URLs, ports, paths, IPv6, or inner `*`).
 */
export function credentialHostProblem(entry: string): string | null {
  const host = entry.toLowerCase();
  if (IPV4.test(host)) return null;
  const name = host.startsWith("*.") ? host.slice(2) : host;
  if (name.includes("*")) return "may hold `*` only as a leading `*.` label";
  const labels = name.split(".");
  if (!labels.every((l) => LABEL.test(l))) return "must be a host name, an IPv4 address or `*.` and a host name";
  if (host.startsWith("*.") && labels.length < 2) return "must name a domain of two labels or more after `*.`";
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return "must be a host name or a whole IPv4 address";
  return null;
}

/** A credential's networking, checked: `limited` needs 1 to 16 valid hosts; `unrestricted` none. */
function checkNetworking(networking: CredentialNetworking): CredentialNetworking {
  if (networking.type === "unrestricted") {
    if (networking.allowed_hosts !== undefined) {
      throw invalidRequest(
        "auth.networking.allowed_hosts is only allowed with type limited.",
        "auth.networking.allowed_hosts",
      );
    }
    return { type: "unrestricted" };
  }
  const hosts = networking.allowed_hosts ?? [];
  if (hosts.length === 0 || hosts.length > MAX_CREDENTIAL_HOSTS) {
    throw invalidRequest(
      `auth.networking.allowed_hosts must list 1 to ${MAX_CREDENTIAL_HOSTS} hosts with type limited.`,
      "auth.networking.allowed_hosts",
    );
  }
  hosts.forEach((h, i) => {
    const problem = credentialHostProblem(h);
    if (problem) {
      throw invalidRequest(
        `auth.networking.allowed_hosts[${i}] ${JSON.stringify(h.slice(0, 64))} ${problem}.`,
        `auth.networking.allowed_hosts[${i}]`,
      );
    }
  });
  return { type: "limited", allowed_hosts: [...new Set(hosts.map((h) => h.toLowerCase()))] };
}

/** A secret that goes in header values holds no character a header cannot carry (CR, LF, NUL, ...). */
function checkHeaderSafe(secret: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(secret)) {
    throw invalidRequest(
      "auth.secret_value holds a control character, which a header value cannot carry; turn injection_location.header off or remove it.",
      "auth.secret_value",
    );
  }
}

function checkInjection(location: { header: boolean; body: boolean }): { header: boolean; body: boolean } {
  if (!location.header && !location.body) {
    throw invalidRequest("auth.injection_location must enable header, body or both.", "auth.injection_location");
  }
  return location;
}

type AuthUpdate = Schema<"CredentialAuthUpdate">;
type CredentialAuthParts = Pick<NewCredential, "auth_type" | "target" | "auth_public" | "secret_sealed">;

/**
 * An update's new auth of a credential as it is now. The type cannot change. An MCP
 * credential's auth is replaced as a whole; an environment variable's is merged: the name is
 * immutable, an absent secret keeps the sealed one, `networking` replaces the scope, and each
 * injection location left out keeps its setting.
 */
function updatedAuth(deps: VaultDeps, current: CredentialRecord, auth: AuthUpdate): CredentialAuthParts {
  if (auth.type !== current.auth_type) {
    throw invalidRequest(`auth.type must stay ${current.auth_type}: a credential's type cannot change.`, "auth.type");
  }
  if (auth.type !== "environment_variable") return sealAuth(deps, current.id, auth);
  const stored = current.auth_public as {
    secret_name: string;
    networking: CredentialNetworking;
    injection_location: { header: boolean; body: boolean } | string;
  };
  if (auth.secret_name !== undefined && auth.secret_name !== stored.secret_name) {
    throw invalidRequest(
      `auth.secret_name cannot change (it is ${stored.secret_name}); create another credential.`,
      "auth.secret_name",
    );
  }
  const was = storedInjection(stored.injection_location);
  const injection_location = checkInjection({
    header: auth.injection_location?.header ?? was.header,
    body: auth.injection_location?.body ?? was.body,
  });
  if (injection_location.header && auth.secret_value != null) checkHeaderSafe(auth.secret_value);
  const networking = auth.networking ? checkNetworking(auth.networking) : stored.networking;
  return {
    auth_type: current.auth_type,
    target: current.target,
    auth_public: { type: auth.type, secret_name: stored.secret_name, networking, injection_location },
    secret_sealed:
      auth.secret_value != null
        ? deps.secrets.encrypt(JSON.stringify({ secret_value: auth.secret_value }), current.id)
        : current.secret_sealed,
  };
}

/**
 * A stored injection location: `{header, body}`, or the word an earlier version of this type
 * stored (`environment` or `file`, which no command ever received): read as header only.
 */
export function storedInjection(value: unknown): { header: boolean; body: boolean } {
  if (value && typeof value === "object") {
    const v = value as { header?: unknown; body?: unknown };
    return { header: v.header === true, body: v.body === true };
  }
  return { header: true, body: false };
}

function credentialResult(result: CredentialWriteResult, vaultId: string, credentialId: string): Credential {
  if (result.ok) return credentialView(result.credential);
  switch (result.reason) {
    case "vault_not_found":
      throw vaultNotFound(vaultId);
    case "credential_not_found":
      throw credentialNotFound(credentialId);
    case "vault_archived":
      throw conflict("The vault is archived and takes no new credentials.");
    case "archived":
      throw conflict("The credential is archived and cannot be changed.");
    case "duplicate_target":
      throw conflict(
        "The vault already holds an active credential for this MCP server URL (or secret name); archive or update that one.",
        "auth",
      );
    case "too_many":
      throw conflict(`A vault holds at most ${MAX_ACTIVE_CREDENTIALS} active credentials.`);
  }
}

export async function createCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  body: Schema<"CreateVaultCredentialRequest">,
): Promise<Credential> {
  await checkAuthUrls(deps, body.auth);
  const id = newId("vcred");
  const result = await deps.storage.vaults.createCredential(
    accountId,
    vaultId,
    {
      id,
      display_name: body.display_name ?? null,
      metadata: body.metadata ?? {},
      ...sealAuth(deps, id, body.auth),
    },
    MAX_ACTIVE_CREDENTIALS,
  );
  return credentialResult(result, vaultId, id);
}

export async function getCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<Credential> {
  const record = await deps.storage.vaults.getCredential(accountId, vaultId, credentialId);
  if (!record) throw await missingCredential(deps, accountId, vaultId, credentialId);
  return credentialView(record);
}

/**
 * The credential `mcpOAuthValidate` probes: an active MCP credential (`mcp_oauth` or
 * `static_bearer`) of an active vault.
 */
export async function credentialToValidate(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<CredentialRecord> {
  const record = await deps.storage.vaults.getCredential(accountId, vaultId, credentialId);
  if (!record) throw await missingCredential(deps, accountId, vaultId, credentialId);
  if (record.auth_type !== "mcp_oauth" && record.auth_type !== "static_bearer") {
    throw invalidRequest(
      `The credential ${credentialId.slice(0, 64)} is an ${record.auth_type} credential: only MCP credentials (mcp_oauth, static_bearer) are validated against an MCP server.`,
    );
  }
  if (record.archived_at) throw conflict("The credential is archived: there is no token to validate.");
  return record;
}

export async function listCredentials(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  options: { includeArchived: boolean; page: PageQuery },
): Promise<Page<Credential>> {
  const page = await deps.storage.vaults.listCredentials(accountId, vaultId, options);
  if (!page) throw vaultNotFound(vaultId);
  return { ...page, data: page.data.map(credentialView) };
}

export async function updateCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
  body: Schema<"UpdateVaultCredentialRequest">,
): Promise<Credential> {
  const auth = body.auth;
  if (auth && auth.type !== "environment_variable") await checkAuthUrls(deps, auth);
  const result = await deps.storage.vaults.updateCredential(accountId, vaultId, credentialId, (current) => ({
    ...(body.display_name !== undefined ? { display_name: body.display_name } : {}),
    metadata: applyMetadataPatch(current.metadata, body.metadata),
    ...(auth ? { auth: updatedAuth(deps, current, auth) } : {}),
  }));
  if (!result.ok && result.reason === "credential_not_found")
    throw await missingCredential(deps, accountId, vaultId, credentialId);
  return credentialResult(result, vaultId, credentialId);
}

export async function archiveCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<Credential> {
  const record = await deps.storage.vaults.archiveCredential(accountId, vaultId, credentialId);
  if (!record) throw await missingCredential(deps, accountId, vaultId, credentialId);
  return credentialView(record);
}

export async function deleteCredential(
  deps: VaultDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<Schema<"DeletedVaultCredential">> {
  if (!(await deps.storage.vaults.deleteCredential(accountId, vaultId, credentialId))) {
    throw await missingCredential(deps, accountId, vaultId, credentialId);
  }
  return { id: credentialId, type: "vault_credential_deleted" };
}

/** An `environment_variable` credential opened for egress (its secret in memory only). */
export interface EgressCredential {
  credential_id: string;
  secret_name: string;
  secret_value: string;
  /** The `allowed_hosts`; null with `unrestricted`. */
  hosts: string[] | null;
  header: boolean;
  body: boolean;
}

/**
 * The active `environment_variable` credentials of a session's vaults, secrets opened, for the
 * sandbox's proxy. When two vaults hold the same name, the first vault in `vault_ids` wins.
 */
export async function egressCredentials(
  deps: { storage: Storage; secrets: SecretBox },
  vaultIds: string[],
): Promise<EgressCredential[]> {
  if (vaultIds.length === 0) return [];
  const byVault = await deps.storage.vaults.activeCredentials(vaultIds);
  const out = new Map<string, EgressCredential>();
  for (const vaultId of vaultIds) {
    for (const c of byVault.get(vaultId) ?? []) {
      if (c.auth_type !== "environment_variable") continue;
      const pub = c.auth_public as {
        secret_name: string;
        networking: CredentialNetworking;
        injection_location: unknown;
      };
      if (out.has(pub.secret_name)) continue;
      const { secret_value } = JSON.parse(deps.secrets.decrypt(c.secret_sealed, c.id)) as { secret_value: string };
      const where = storedInjection(pub.injection_location);
      out.set(pub.secret_name, {
        credential_id: c.id,
        secret_name: pub.secret_name,
        secret_value,
        hosts: pub.networking.type === "limited" ? (pub.networking.allowed_hosts ?? []) : null,
        header: where.header,
        body: where.body,
      });
    }
  }
  return [...out.values()];
}
