/**
 * The contract between the service's assembly and its parts: what the HTTP layer, the route files
 * and the background workers are given (built by server/service.ts, or a test). Types only.
 */
import type { Router } from "express";
import type { BackgroundWorker } from "./background/backgroundWorker.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config/sections.ts";
import type { SecretBox } from "./crypto/secretBox.ts";
import type { DeliveryControl } from "./delivery/control.ts";
import type { ResponseValidatorsBySurface } from "./http/validation/validateResponse.ts";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import type { PackageLayers } from "./sandbox/packages/packageLayers.ts";
import type { Sandbox } from "./sandbox/port.ts";
import type { Workspaces } from "./sandbox/workspace.ts";
import type { LoadedSpec } from "./spec.ts";
import type { Storage } from "./storage/port/index.ts";
import type { StreamHub } from "./streams/hub.ts";

/** Everything the HTTP layer and the background workers need, built by `service.ts` (or a test) and passed in. */
export interface AppDeps {
  config: Config;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  /** The Prometheus registry every component records into (GET /metrics). */
  metrics: Metrics;
  /** The background workers once started (empty before): `/readyz` and `/metrics` read their health. */
  workers: BackgroundWorker[];
  /** The delivery engine as the API drives it (disable and delete of an endpoint cut its attempts short). */
  delivery: DeliveryControl;
  /** The open live streams (server/streams/): the stream routes open them, shutdown ends them. */
  streams: StreamHub;
  /** The bundled OpenAPI document (generated/openapi.json) and its YAML text. */
  spec: LoadedSpec;
  /** Runs the built-in `bash` tool (server/sandbox/): bubblewrap, or off. */
  sandbox: Sandbox;
  /** The sessions' workspaces under the data folder. */
  workspaces: Workspaces;
  /** The environments' package layers under the data folder (sandbox/packages/). */
  packageLayers: PackageLayers;
  /** Validate every response against its surface's document too, with these validators (tests). */
  validateResponses?: ResponseValidatorsBySurface;
}

/** A route file: one per API tag. */
export interface RouteModule {
  /** Mounted under the API base path after authentication and validation. */
  router(deps: AppDeps): Router;
  /** Checks that must run before schema validation (for messages the interface fixes verbatim). */
  preValidation?(deps: AppDeps): Router;
}
