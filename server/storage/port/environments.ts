import type { Metadata, Page, PageQuery } from "./common.ts";

export type EnvironmentNetworking =
  | { type: "unrestricted" }
  | {
      type: "limited";
      allowed_hosts: string[];
      /** The configured package registries may be reached too (absent in rows written before: false). */
      allow_package_managers?: boolean;
      /** The agent's MCP servers' hosts may be reached too (absent in rows written before: false). */
      allow_mcp_servers?: boolean;
    };

/** The packages of each manager, normalised (sandbox/packages/packageSpec.ts): sorted, no duplicates. */
export type EnvironmentPackages = Record<"apt" | "cargo" | "gem" | "go" | "npm" | "pip", string[]>;

/** A container on the server: its network policy and packages. */
export interface CloudEnvironmentConfig {
  type: "cloud";
  networking: EnvironmentNetworking;
  /** Absent in rows written before packages existed, and when none is given: no packages. */
  packages?: EnvironmentPackages;
}

/** The built-in tool calls of its sessions are run by the workers of its keys (port/work.ts). */
export interface SelfHostedEnvironmentConfig {
  type: "self_hosted";
}

export type EnvironmentConfig = CloudEnvironmentConfig | SelfHostedEnvironmentConfig;

export interface EnvironmentRecord {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  config: EnvironmentConfig;
  metadata: Metadata;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EnvironmentFields {
  name: string;
  description: string | null;
  config: EnvironmentConfig;
  metadata: Metadata;
}

/** Environments: where sessions run. Each change writes its `environment.*` event in its transaction. */
export interface EnvironmentStore {
  createEnvironment(accountId: string, input: EnvironmentFields): EnvironmentRecord;
  getEnvironment(accountId: string, environmentId: string): EnvironmentRecord | null;
  listEnvironments(accountId: string, options: { includeArchived: boolean; page: PageQuery }): Page<EnvironmentRecord>;
  /**
   * Applies the changes to an active environment (no write and no event when nothing changes);
   * null when not found, "archived" when archived.
   */
  updateEnvironment(
    accountId: string,
    environmentId: string,
    update: (current: EnvironmentRecord) => EnvironmentFields,
  ): EnvironmentRecord | null | "archived";
  /** Archives the environment (idempotent); null when not found. */
  archiveEnvironment(accountId: string, environmentId: string): EnvironmentRecord | null;
  deleteEnvironment(accountId: string, environmentId: string): boolean;
}
