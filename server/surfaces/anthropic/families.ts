import { agentsFamily } from "./agents.ts";
import { deploymentsFamily } from "./deployments.ts";
import { dreamsFamily } from "./dreams.ts";
import { environmentsFamily } from "./environments.ts";
import { environmentWorkFamily } from "./environmentWork.ts";
import type { AnthropicFamily } from "./family.ts";
import { filesFamily } from "./files.ts";
import { memoryStoresFamily } from "./memoryStores.ts";
import { sessionResourcesFamily } from "./sessionResources.ts";
import { sessionsFamily } from "./sessions.ts";
import { skillsFamily } from "./skills.ts";
import { vaultsFamily } from "./vaults.ts";
import { webhooksFamily } from "./webhooks.ts";

/** Every served family of the /v1 surface (the others answer 404 naming the operation: ./unserved.ts). */
export const anthropicFamilies: AnthropicFamily[] = [
  agentsFamily,
  environmentsFamily,
  environmentWorkFamily,
  sessionsFamily,
  sessionResourcesFamily,
  vaultsFamily,
  deploymentsFamily,
  skillsFamily,
  memoryStoresFamily,
  filesFamily,
  webhooksFamily,
  dreamsFamily,
];
