import type { Router } from "express";
import type { AppDeps, RouteModule } from "../../appDeps.ts";

/**
 * One family of the Anthropic-compatible surface (`client.beta.<family>`): its routes, mounted
 * under `/v1` after authentication and validation against openapi/v1/. Adding a family is one
 * file exporting this and one line in ./families.ts.
 */
export interface AnthropicFamily extends RouteModule {
  /** The SDK's name for it, e.g. `agents` (`client.beta.agents`). */
  name: string;
  router(deps: AppDeps): Router;
}
