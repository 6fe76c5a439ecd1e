import type { RouteModule } from "../app.ts";
import { skillRoutes } from "./skills.ts";
import { vaultCredentialRoutes } from "./vaultCredentials.ts";
import { vaultRoutes } from "./vaults.ts";

/** Every API route file, one per tag, in mounting order. */
export const apiRoutes: RouteModule[] = [skillRoutes, vaultRoutes, vaultCredentialRoutes];
