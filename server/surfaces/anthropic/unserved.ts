/**
 * The operations of `@anthropic-ai/sdk`'s Managed Agents client (1.12) that this server does not
 * serve (yet): a request for one answers 404 `not_found_error` naming the SDK method. When a family
 * is served, its rows leave this table (test/v1 checks that no row shadows a served operation).
 */
const UNSERVED: [method: string, template: string, operation: string][] = [
  ["POST", "/v1/sessions/{id}/threads/{id}/archive", "client.beta.sessions.threads.archive"],
  ["POST", "/v1/vaults/{id}/credentials/{id}/mcp_oauth_validate", "client.beta.vaults.credentials.mcpOAuthValidate"],
  ["POST", "/v1/skills/{id}/versions", "client.beta.skills.versions.create"],
  ["GET", "/v1/skills/{id}/versions", "client.beta.skills.versions.list"],
  ["GET", "/v1/skills/{id}/versions/{id}", "client.beta.skills.versions.retrieve"],
  ["DELETE", "/v1/skills/{id}/versions/{id}", "client.beta.skills.versions.delete"],
  ["GET", "/v1/skills/{id}/versions/{id}/content", "client.beta.skills.versions.download"],
  ["GET", "/v1/environments/{id}/work", "client.beta.environments.work.list"],
  ["GET", "/v1/environments/{id}/work/poll", "client.beta.environments.work.poll"],
  ["GET", "/v1/environments/{id}/work/stats", "client.beta.environments.work.stats"],
  ["GET", "/v1/environments/{id}/work/{id}", "client.beta.environments.work.retrieve"],
  ["POST", "/v1/environments/{id}/work/{id}", "client.beta.environments.work.update"],
  ["POST", "/v1/environments/{id}/work/{id}/ack", "client.beta.environments.work.ack"],
  ["POST", "/v1/environments/{id}/work/{id}/heartbeat", "client.beta.environments.work.heartbeat"],
  ["POST", "/v1/environments/{id}/work/{id}/stop", "client.beta.environments.work.stop"],
];

const MATCHERS = UNSERVED.map(([method, template, operation]) => ({
  method,
  template,
  operation,
  regex: new RegExp(`^${template.replace(/\{id\}/g, "[^/]+")}$`),
}));

/** The SDK method of an unserved operation, or undefined. Literal segments win (`work/poll` over `work/{id}`). */
export function unservedOperation(method: string, path: string): string | undefined {
  return MATCHERS.find((m) => m.method === method && m.regex.test(path))?.operation;
}

/** The table, for the README and the tests. */
export const UNSERVED_OPERATIONS: readonly (readonly [string, string, string])[] = UNSERVED;
