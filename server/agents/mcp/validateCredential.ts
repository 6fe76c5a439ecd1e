/**
 * Checks an MCP credential against its MCP server, as `client.beta.vaults.credentials.mcpOAuthValidate`
 * asks: the server is initialized and its tools listed with the credential's token (the same
 * client, transport and SSRF-guarded fetch as a turn's, server/agents/mcp/mcp.ts). A token the
 * server rejects (401) is refreshed once when the credential can be (an `mcp_oauth` credential with
 * a refresh token), and the probe repeated; the refreshed token is stored as a run would store it.
 * The verdict: `valid` when the probe succeeds, `invalid` when the server rejects the token and no
 * refresh saves it, `unknown` when the server cannot tell (unreachable, timeout, another error).
 * Captured HTTP bodies are cut to 1,024 characters with the credential's secrets scrubbed.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { credentialToValidate, type VaultDeps } from "../../domain/vaults.ts";
import { createTargetFetch, type FetchLike } from "../../outbound/targetFetch.ts";
import type { CredentialRecord } from "../../storage/port/vaults.ts";
import { Bearer, type CredentialDeps, CredentialError } from "./credentials.ts";

const CLIENT_INFO = { name: "cloud-agents-service", version: "0.1.0" };
const MAX_BODY_CHARS = 1024;

export interface CapturedResponse {
  status_code: number;
  content_type: string;
  body: string;
  body_truncated: boolean;
}

export interface CredentialValidation {
  type: "vault_credential_validation";
  credential_id: string;
  vault_id: string;
  status: "valid" | "invalid" | "unknown";
  has_refresh_token: boolean;
  mcp_probe: { method: string; http_response: CapturedResponse | null } | null;
  refresh: {
    status: "succeeded" | "failed" | "connect_error" | "no_refresh_token";
    http_response: CapturedResponse | null;
  } | null;
  validated_at: string;
}

interface Observed {
  /** The JSON-RPC method of the last MCP request, and the last error response of the MCP server. */
  method: string;
  mcpError: CapturedResponse | null;
  /** The token endpoint's answers during this validation. */
  tokenRequests: { error: CapturedResponse | null; connectError: boolean }[];
}

async function capture(response: Response, secrets: string[]): Promise<CapturedResponse> {
  let body = await response
    .clone()
    .text()
    .catch(() => "");
  for (const s of secrets) if (s.length >= 4) body = body.split(s).join("[redacted]");
  const truncated = body.length > MAX_BODY_CHARS;
  return {
    status_code: response.status,
    content_type: response.headers.get("content-type") ?? "",
    body: truncated ? body.slice(0, MAX_BODY_CHARS) : body,
    body_truncated: truncated,
  };
}

function rpcMethod(body: unknown): string | null {
  if (typeof body !== "string") return null;
  try {
    const message = JSON.parse(body) as { method?: unknown } | { method?: unknown }[];
    const first = Array.isArray(message) ? message[0] : message;
    return typeof first?.method === "string" ? first.method : null;
  } catch {
    return null;
  }
}

/** A fetch that records what the validation reports: the MCP method in flight and error answers. */
function observingFetch(base: FetchLike, tokenEndpoint: string | null, seen: Observed, secrets: string[]): FetchLike {
  return async (url, init) => {
    const href = typeof url === "string" ? url : url.href;
    const toTokenEndpoint = tokenEndpoint !== null && href === tokenEndpoint;
    if (!toTokenEndpoint) seen.method = rpcMethod(init?.body) ?? seen.method;
    let response: Response;
    try {
      response = await base(url, init);
    } catch (err) {
      if (toTokenEndpoint) seen.tokenRequests.push({ error: null, connectError: true });
      throw err;
    }
    if (toTokenEndpoint) {
      seen.tokenRequests.push({ error: response.ok ? null : await capture(response, secrets), connectError: false });
    } else if (!response.ok && (init?.method ?? "GET").toUpperCase() === "POST") {
      // POSTs only: a server may answer the optional GET of its event stream with 405, which is no failure.
      seen.mcpError = await capture(response, secrets);
    }
    return response;
  };
}

type ProbeResult = { ok: true } | { ok: false; rejected: boolean; credentialError: boolean };

/** Initializes the server and lists its tools with the given token. */
async function probe(
  fetch: FetchLike,
  url: string,
  token: () => Promise<string>,
  timeoutMs: number,
): Promise<ProbeResult> {
  const client = new Client(CLIENT_INFO);
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (u, init) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${await token()}`);
      return fetch(u, { ...init, headers });
    },
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await client.connect(transport, { signal, timeout: timeoutMs });
    await client.listTools({}, { signal, timeout: timeoutMs });
    return { ok: true };
  } catch (err) {
    return {
      ok: false,
      rejected: err instanceof StreamableHTTPError && (err.code === 401 || err.code === 403),
      credentialError: err instanceof CredentialError,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

interface OAuthView {
  refresh?: { token_endpoint?: string } | null;
}

/** Probes the credential's MCP server with its token (refreshing it once on a 401 when it can). */
export async function validateCredential(
  deps: CredentialDeps,
  accountId: string,
  credential: CredentialRecord,
): Promise<CredentialValidation> {
  const sealed = JSON.parse(deps.secrets.decrypt(credential.secret_sealed, credential.id)) as Record<string, unknown>;
  const secrets = ["token", "access_token", "refresh_token", "client_secret"]
    .map((k) => sealed[k])
    .filter((v): v is string => typeof v === "string");
  const pub = credential.auth_public as OAuthView;
  const endpoint = credential.auth_type === "mcp_oauth" ? (pub.refresh?.token_endpoint ?? null) : null;
  // Compared by their normalized form: the OAuth helper requests `new URL(token_endpoint)`.
  const tokenEndpoint = endpoint === null ? null : URL.canParse(endpoint) ? new URL(endpoint).href : endpoint;
  const hasRefreshToken = tokenEndpoint !== null && typeof sealed.refresh_token === "string";
  const seen: Observed = { method: "initialize", mcpError: null, tokenRequests: [] };
  const fetch = observingFetch(deps.fetch, tokenEndpoint, seen, secrets);
  const bearer = new Bearer({ ...deps, fetch }, accountId, credential);

  let current: string | null = null;
  const token = async () => {
    current ??= await bearer.token();
    return current;
  };
  let result = await probe(fetch, credential.target, token, deps.timeoutMs);
  let refreshAttempted = seen.tokenRequests.length > 0 || (!result.ok && result.credentialError);
  if (!result.ok && result.rejected) {
    if (bearer.refreshable && hasRefreshToken) {
      refreshAttempted = true;
      seen.mcpError = null;
      seen.method = "initialize";
      const rejected = current ?? "";
      try {
        current = await bearer.afterRejection(rejected);
        result = await probe(fetch, credential.target, token, deps.timeoutMs);
      } catch (err) {
        if (!(err instanceof CredentialError)) throw err;
        result = { ok: false, rejected: true, credentialError: true };
      }
    }
  }

  const lastToken = seen.tokenRequests.at(-1);
  let refresh: CredentialValidation["refresh"] = null;
  if (lastToken) {
    refresh = lastToken.connectError
      ? { status: "connect_error", http_response: null }
      : lastToken.error
        ? { status: "failed", http_response: lastToken.error }
        : { status: "succeeded", http_response: null };
  } else if (refreshAttempted || (!result.ok && result.rejected)) {
    refresh = { status: "no_refresh_token", http_response: null };
  }
  const refreshFailed = refresh !== null && refresh.status !== "succeeded";
  const status: CredentialValidation["status"] = result.ok
    ? "valid"
    : result.rejected || (result.credentialError && refreshFailed && refresh?.status !== "connect_error")
      ? "invalid"
      : "unknown";
  return {
    type: "vault_credential_validation",
    credential_id: credential.id,
    vault_id: credential.vault_id,
    status,
    has_refresh_token: hasRefreshToken,
    // No probe step failed when it succeeded, or when no token could be had to present.
    mcp_probe:
      result.ok || (result.credentialError && !seen.mcpError)
        ? null
        : { method: seen.method, http_response: seen.mcpError },
    refresh,
    validated_at: deps.clock.now().toISOString(),
  };
}

/** What validating a vault's credential needs from the service. */
export interface ValidationDeps extends Omit<CredentialDeps, "fetch" | "timeoutMs"> {
  config: VaultDeps["config"] & { runtimes: { allowPrivateTargets: boolean; mcpTimeoutMs: number } };
}

// One guarded fetch per setting for the process (its dispatcher keeps connections).
const fetches = new Map<boolean, FetchLike>();

/** `POST .../credentials/{id}/mcp_oauth_validate` (and `/validate` on /api/v1/cloud). */
export async function validateVaultCredential(
  deps: ValidationDeps,
  accountId: string,
  vaultId: string,
  credentialId: string,
): Promise<CredentialValidation> {
  const credential = await credentialToValidate(deps, accountId, vaultId, credentialId);
  const allowPrivate = deps.config.runtimes.allowPrivateTargets;
  let fetch = fetches.get(allowPrivate);
  if (!fetch) {
    fetch = createTargetFetch({ allowPrivate });
    fetches.set(allowPrivate, fetch);
  }
  return validateCredential({ ...deps, fetch, timeoutMs: deps.config.runtimes.mcpTimeoutMs }, accountId, credential);
}
