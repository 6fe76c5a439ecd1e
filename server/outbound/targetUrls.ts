/**
 * Every URL the service will connect to on a tenant's behalf (agents' MCP servers, vault
 * credentials' MCP servers and OAuth token endpoints) is checked when it is created or changed,
 * by the same rules as webhook URLs (server/outbound/addressPolicy.ts): http(s), no user-info, and not a
 * loopback, private, link-local, unique-local or metadata address, by literal, by name or by what
 * the name resolves to. The setting is the one the run's connections obey: MCP_ALLOW_PRIVATE_TARGETS,
 * which is WEBHOOK_ALLOW_PRIVATE_TARGETS unless set on its own (so a URL accepted at create is one
 * a run may connect to). Connections are checked again when they are made.
 */

import type { RuntimesConfig } from "../config/sections.ts";
import { invalidRequest } from "../errors.ts";
import { checkTargetUrl } from "./addressPolicy.ts";

export interface TargetUrlConfig {
  runtimes: Pick<RuntimesConfig, "allowPrivateTargets">;
}

/** Throws a 400 naming `param` when `url` may not be a target. */
export async function checkOutboundUrl(config: TargetUrlConfig, url: string, param: string): Promise<void> {
  const problem = await checkTargetUrl(url, { allowPrivate: config.runtimes.allowPrivateTargets });
  if (problem) throw invalidRequest(`${param} ${problem}.`, param);
}
