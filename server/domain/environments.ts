import type { Schema } from "../api.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import { emptyPackages, hasPackages, normalizePackages, PackageSpecError } from "../sandbox/packages/packageSpec.ts";
import type { CloudEnvironmentConfig, EnvironmentConfig, EnvironmentRecord } from "../storage/port/environments.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import { applyMetadataPatch } from "./metadata.ts";

type Environment = Schema<"Environment">;

export interface EnvironmentDeps {
  storage: Storage;
}

export function environmentView(e: EnvironmentRecord): Environment {
  return {
    id: e.id,
    type: "environment",
    name: e.name,
    description: e.description,
    config: configView(e.config),
    metadata: e.metadata,
    archived_at: e.archived_at,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

const environmentNotFound = (id: string) => notFound(`No environment with id ${id.slice(0, 64)}.`);

/** The config as the API shows it: all six package lists, limited networking's two switches. */
export function configView(config: EnvironmentConfig): Schema<"EnvironmentConfig"> {
  if (config.type === "self_hosted") return { type: "self_hosted" };
  const n = config.networking;
  return {
    type: "cloud",
    networking:
      n.type === "limited"
        ? {
            type: "limited",
            allowed_hosts: n.allowed_hosts,
            allow_package_managers: n.allow_package_managers ?? false,
            allow_mcp_servers: n.allow_mcp_servers ?? false,
          }
        : { type: "unrestricted" },
    packages: { type: "packages", ...(config.packages ?? emptyPackages()) },
  };
}

/**
 * Fills in the defaults (networking unrestricted unless limited, no packages) and checks the
 * packages: each name strictly (packageSpec.ts), and under `limited` networking only with
 * `allow_package_managers` (the SDK's rule): 400 naming the field.
 */
export function normalizeConfig(config: Schema<"EnvironmentConfig"> | undefined): EnvironmentConfig {
  if (config?.type === "self_hosted") {
    // The workers' machines decide what their commands reach and have installed.
    for (const field of ["networking", "packages"] as const) {
      if (config[field] !== undefined) {
        throw invalidRequest(
          `config.${field}: a self_hosted environment takes no ${field}; its workers' machines decide.`,
          `config.${field}`,
        );
      }
    }
    return { type: "self_hosted" };
  }
  const networking = config?.networking ?? { type: "unrestricted" as const };
  let packages: CloudEnvironmentConfig["packages"];
  try {
    packages = normalizePackages(config?.packages);
  } catch (err) {
    if (err instanceof PackageSpecError) throw invalidRequest(err.message, err.param);
    throw err;
  }
  if (networking.type === "limited" && hasPackages(packages) && networking.allow_package_managers !== true) {
    throw invalidRequest(
      "config.networking.allow_package_managers: must be true when the environment has packages under limited networking.",
      "config.networking.allow_package_managers",
    );
  }
  return {
    type: "cloud",
    networking:
      networking.type === "limited"
        ? {
            type: "limited",
            allowed_hosts: networking.allowed_hosts,
            allow_package_managers: networking.allow_package_managers ?? false,
            allow_mcp_servers: networking.allow_mcp_servers ?? false,
          }
        : { type: "unrestricted" },
    ...(hasPackages(packages) ? { packages } : {}),
  };
}

export async function createEnvironment(
  deps: EnvironmentDeps,
  accountId: string,
  body: Schema<"CreateEnvironmentRequest">,
): Promise<Environment> {
  return environmentView(
    await deps.storage.environments.createEnvironment(accountId, {
      name: body.name,
      description: body.description ?? null,
      config: normalizeConfig(body.config),
      metadata: body.metadata ?? {},
    }),
  );
}

export async function getEnvironment(deps: EnvironmentDeps, accountId: string, id: string): Promise<Environment> {
  const record = await deps.storage.environments.getEnvironment(accountId, id);
  if (!record) throw environmentNotFound(id);
  return environmentView(record);
}

export async function listEnvironments(
  deps: EnvironmentDeps,
  accountId: string,
  options: { includeArchived: boolean; page: PageQuery },
): Promise<Page<Environment>> {
  const page = await deps.storage.environments.listEnvironments(accountId, options);
  return { ...page, data: page.data.map(environmentView) };
}

export async function updateEnvironment(
  deps: EnvironmentDeps,
  accountId: string,
  id: string,
  body: Schema<"UpdateEnvironmentRequest">,
): Promise<Environment> {
  const result = await deps.storage.environments.updateEnvironment(accountId, id, (current) => ({
    name: body.name ?? current.name,
    description: body.description !== undefined ? body.description : current.description,
    config: body.config !== undefined ? normalizeConfig(body.config) : current.config,
    metadata: applyMetadataPatch(current.metadata, body.metadata),
  }));
  if (result === null) throw environmentNotFound(id);
  if (result === "archived") throw conflict("The environment is archived and cannot be changed.");
  return environmentView(result);
}

export async function archiveEnvironment(deps: EnvironmentDeps, accountId: string, id: string): Promise<Environment> {
  const record = await deps.storage.environments.archiveEnvironment(accountId, id);
  if (!record) throw environmentNotFound(id);
  return environmentView(record);
}

export async function deleteEnvironment(
  deps: EnvironmentDeps,
  accountId: string,
  id: string,
): Promise<Schema<"DeletedEnvironment">> {
  if (!(await deps.storage.environments.deleteEnvironment(accountId, id))) throw environmentNotFound(id);
  return { id, type: "environment_deleted" };
}
