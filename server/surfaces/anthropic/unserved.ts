/**
 * The operations of `@anthropic-ai/sdk`'s Managed Agents client (1.12) that this server does not
 * serve: a request for one answers 404 `not_found_error` naming the SDK method and why. Each family
 * says whether it cannot apply to a self-hosted server or is not served yet, and why
 * (docs/anthropic-surface.md shows the same reasons). test/v1/sdkCoverage.test.ts walks every method
 * of the SDK's client and fails on one that is neither served nor listed here, on a row that
 * shadows a served operation, and on a reason the docs page does not show.
 */
export type UnservedKind = "cannot_apply" | "not_yet";

export interface UnservedFamily {
  /** The SDK's resource, e.g. `client.beta.tunnels`. */
  family: string;
  kind: UnservedKind;
  why: string;
  operations: [method: string, template: string, operation: string][];
}

export const UNSERVED_FAMILIES: readonly UnservedFamily[] = [
  {
    family: "client.beta.tunnels",
    kind: "cannot_apply",
    why: "Tunnels let Anthropic's hosted service reach MCP servers behind a firewall through a hostname it allocates. A self-hosted server runs inside the operator's network and reaches such servers directly (WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows private addresses), so there is nothing to tunnel to.",
    operations: [
      ["POST", "/v1/tunnels", "client.beta.tunnels.create"],
      ["GET", "/v1/tunnels", "client.beta.tunnels.list"],
      ["GET", "/v1/tunnels/{id}", "client.beta.tunnels.retrieve"],
      ["POST", "/v1/tunnels/{id}/archive", "client.beta.tunnels.archive"],
      ["POST", "/v1/tunnels/{id}/reveal_token", "client.beta.tunnels.revealToken"],
      ["POST", "/v1/tunnels/{id}/rotate_token", "client.beta.tunnels.rotateToken"],
      ["POST", "/v1/tunnels/{id}/certificates", "client.beta.tunnels.certificates.create"],
      ["GET", "/v1/tunnels/{id}/certificates", "client.beta.tunnels.certificates.list"],
      ["GET", "/v1/tunnels/{id}/certificates/{id}", "client.beta.tunnels.certificates.retrieve"],
      ["POST", "/v1/tunnels/{id}/certificates/{id}/archive", "client.beta.tunnels.certificates.archive"],
    ],
  },
  {
    family: "client.beta.userProfiles",
    kind: "cannot_apply",
    why: "User profiles are the end customers of a platform that resells Claude access, with trust grants and enforcement actions that Anthropic approves. A self-hosted server has no reseller program and no one to grant approvals: its accounts and tokens are the operator's (cloud-agents token create).",
    operations: [
      ["POST", "/v1/user_profiles", "client.beta.userProfiles.create"],
      ["GET", "/v1/user_profiles", "client.beta.userProfiles.list"],
      ["GET", "/v1/user_profiles/{id}", "client.beta.userProfiles.retrieve"],
      ["POST", "/v1/user_profiles/{id}", "client.beta.userProfiles.update"],
      ["DELETE", "/v1/user_profiles/{id}", "client.beta.userProfiles.delete"],
      ["POST", "/v1/user_profiles/{id}/enrollment_url", "client.beta.userProfiles.createEnrollmentURL"],
      ["POST", "/v1/user_profiles/{id}/action_urls", "client.beta.userProfiles.actionURLs.create"],
    ],
  },
];

const MATCHERS = UNSERVED_FAMILIES.flatMap((f) =>
  f.operations.map(([method, template, operation]) => ({
    method,
    template,
    operation,
    family: f,
    regex: new RegExp(`^${template.replace(/\{id\}/g, "[^/]+")}$`),
  })),
);

/** The SDK method of an unserved operation and why it is not served, or undefined. */
export function unservedOperation(
  method: string,
  path: string,
): { operation: string; kind: UnservedKind; why: string } | undefined {
  const m = MATCHERS.find((x) => x.method === method && x.regex.test(path));
  return m ? { operation: m.operation, kind: m.family.kind, why: m.family.why } : undefined;
}

/** Every unserved operation, for the README and the tests. */
export const UNSERVED_OPERATIONS: readonly (readonly [string, string, string])[] = MATCHERS.map(
  (m) => [m.method, m.template, m.operation] as const,
);
