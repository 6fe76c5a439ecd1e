/**
 * A session's secrets at egress (docs/egress.md): each `environment_variable` credential of its
 * vaults becomes a variable whose value is a placeholder (`cas_placeholder_<…>`, the same for
 * one session and credential on every replica and turn, different for any other), and a
 * substitution the sandbox's proxy makes in requests to the credential's hosts; each repository
 * the session was given becomes a header grant for that repository alone. The secrets stay in
 * this process's memory.
 */
import type { SecretBox } from "../../crypto/secretBox.ts";
import { egressCredentials } from "../../domain/vaults.ts";
import { type EgressAuthority, egressAuthority } from "../../sandbox/egress/authority.ts";
import { type RepositoryAccess, repositoryGrant } from "../../sandbox/egress/repository.ts";
import type { EgressPlan, EgressSubstitution } from "../../sandbox/port.ts";
import type { Workspaces } from "../../sandbox/workspace.ts";
import type { Storage } from "../../storage/port/index.ts";

export interface EgressDeps {
  storage: Storage;
  secrets: SecretBox;
  workspaces: Workspaces;
  /** The operator's extra upstream CAs (SANDBOX_EGRESS_UPSTREAM_CA_FILE). */
  upstreamCa: string[];
}

/** The placeholder a session's commands see for a credential. */
export function egressPlaceholder(secrets: SecretBox, sessionId: string, credentialId: string): string {
  return `cas_placeholder_${secrets.derive(`egress:${sessionId}:${credentialId}`).slice(0, 32)}`;
}

/** The server's CA and bundle (made or loaded at the first session that needs them). */
export function serverAuthority(deps: EgressDeps): Promise<EgressAuthority> {
  return egressAuthority(
    { meta: deps.storage.meta, secrets: deps.secrets, folder: deps.workspaces.egressRoot, upstreamCa: deps.upstreamCa },
    deps.storage,
  );
}

/** An egress plan from its parts (the lead's clone of a repository resource uses it too). */
export function buildEgressPlan(
  authority: EgressAuthority,
  substitutions: EgressSubstitution[],
  repositories: RepositoryAccess[],
): EgressPlan {
  return {
    substitutions,
    headers: repositories.map(repositoryGrant),
    contextFor: (host) => authority.issuer.contextFor(host),
    upstreamCa: authority.upstreamCa,
    caBundlePath: authority.caBundlePath,
  };
}

/**
 * The variables and plan of a session: `env` holds one placeholder per credential (a credential
 * wins over a session variable of the same name); `plan` is null when the session has neither
 * credentials nor repositories (its commands then get no CA and only blind tunnels).
 */
export async function sessionEgress(
  deps: EgressDeps,
  session: { id: string; vault_ids: string[] },
  repositories: RepositoryAccess[],
): Promise<{ env: Record<string, string>; plan: EgressPlan | null }> {
  const credentials = await egressCredentials(deps, session.vault_ids);
  if (credentials.length === 0 && repositories.length === 0) return { env: {}, plan: null };
  const env: Record<string, string> = {};
  const substitutions = credentials.map((c) => {
    const placeholder = egressPlaceholder(deps.secrets, session.id, c.credential_id);
    env[c.secret_name] = placeholder;
    return { placeholder, secret: c.secret_value, hosts: c.hosts, header: c.header, body: c.body };
  });
  return { env, plan: buildEgressPlan(await serverAuthority(deps), substitutions, repositories) };
}
