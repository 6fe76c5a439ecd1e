import type { RouteModule } from "../appDeps.ts";
import { agentRoutes } from "./agents.ts";
import { deploymentRunRoutes } from "./deploymentRuns.ts";
import { deploymentRoutes } from "./deployments.ts";
import { dreamRoutes } from "./dreams.ts";
import { environmentKeyRoutes } from "./environmentKeys.ts";
import { environmentRoutes } from "./environments.ts";
import { environmentWorkRoutes } from "./environmentWork.ts";
import { fileRoutes } from "./files.ts";
import { memoryStoreRoutes } from "./memoryStores.ts";
import { sessionFileRoutes } from "./sessionFiles.ts";
import { sessionResourceRoutes } from "./sessionResources.ts";
import { sessionRoutes } from "./sessions.ts";
import { sessionThreadRoutes } from "./sessionThreads.ts";
import { skillRoutes } from "./skills.ts";
import { streamRoutes } from "./streams.ts";
import { vaultCredentialRoutes } from "./vaultCredentials.ts";
import { vaultRoutes } from "./vaults.ts";
import { webhookEndpointRoutes } from "./webhookEndpoints.ts";
import { webhookEventRoutes } from "./webhookEvents.ts";

/** Every API route file, one per tag, in mounting order. */
export const apiRoutes: RouteModule[] = [
  skillRoutes,
  vaultRoutes,
  vaultCredentialRoutes,
  memoryStoreRoutes,
  dreamRoutes,
  agentRoutes,
  environmentRoutes,
  environmentKeyRoutes,
  environmentWorkRoutes,
  sessionRoutes,
  sessionFileRoutes,
  sessionResourceRoutes,
  fileRoutes,
  sessionThreadRoutes,
  deploymentRoutes,
  deploymentRunRoutes,
  webhookEndpointRoutes,
  webhookEventRoutes,
  streamRoutes,
];
