/**
 * Session resources (`sres_` ids, docs/files.md): `file` resources, mounted read-only at their
 * `mount_path` before the first command of each turn, and `github_repository` resources, stored
 * here with their token sealed (crypto/secretBox.ts) for the server's own use (the clone is done
 * outside the sandbox: `repositoryResourcesForClone`). The memory stores a session was created
 * with are listed after the last page (they stay in session_memory_stores). Every change needs
 * an idle session (409 while a turn runs), checked in the storage's transaction.
 */
import type { Schema } from "../api.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import { ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { repositoryUrlProblem } from "../sandbox/egress/repository.ts";
import { OUTPUTS_MOUNT, SKILLS_DIR, WORKSPACE_MOUNT } from "../sandbox/workspace.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import type {
  NewSessionResource,
  RepositoryCheckout,
  ResourceRefusal,
  SessionResourceRecord,
} from "../storage/port/sessionResources.ts";

type ResourceView = Schema<"SessionResource">;

export interface SessionResourceDeps {
  storage: Storage;
  secrets: SecretBox;
}

/** At most this many `file` resources a session (as the hosted service). */
export const MAX_FILE_RESOURCES = 999;

/** Where memory stores are mounted (agents/tools/toolPaths.ts's MEMORY_MOUNT). */
const MEMORY_MOUNT = "/mnt/memory";
/** Where a `file` resource given without `mount_path` is mounted: `<this>/<file id>`. */
export const DEFAULT_FILE_MOUNT = "/mnt/session/uploads";

/** The paths no resource may be mounted at, inside or over (the server's own mounts). */
const RESERVED = [`${WORKSPACE_MOUNT}/${SKILLS_DIR}`, MEMORY_MOUNT, OUTPUTS_MOUNT];

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
/** Two mount paths overlap when one is the other or holds it. */
export const overlaps = (a: string, b: string) => within(a, b) || within(b, a);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A mount path as given, checked: absolute, in NFC, without empty, `.` or `..` segments or
 * control characters, strictly inside `/workspace` or under `/mnt/`, and clear of the server's
 * mounts. A 400 naming `param` otherwise. A trailing `/` is dropped.
 */
export function checkMountPath(raw: string, param = "mount_path"): string {
  const bad = (why: string) => invalidRequest(`${param}: ${JSON.stringify(raw.slice(0, 200))} ${why}.`, param);
  if (!raw.startsWith("/")) throw bad("must be an absolute path");
  if (raw.normalize("NFC") !== raw) throw bad("must be in Unicode NFC form");
  if (CONTROL.test(raw)) throw bad("must not contain control characters");
  const path = raw.length > 1 && raw.endsWith("/") ? raw.slice(0, -1) : raw;
  const segments = path.slice(1).split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) throw bad("must not contain empty, . or .. segments");
  if (segments.some((s) => Buffer.byteLength(s) > 255)) throw bad("has a segment longer than 255 bytes");
  const inWorkspace = path.startsWith(`${WORKSPACE_MOUNT}/`);
  const underMnt = path.startsWith("/mnt/");
  if (!inWorkspace && !underMnt) throw bad(`must be inside ${WORKSPACE_MOUNT}/ or under /mnt/`);
  for (const reserved of RESERVED) {
    if (overlaps(path, reserved)) throw bad(`overlaps ${reserved}, which the server mounts itself`);
  }
  return path;
}

/** The refusal of the session's other resources: a mount path taken, or too many files. */
function checkAgainst(resource: NewSessionResource, param: string) {
  return (existing: SessionResourceRecord[]): string | null => {
    const clash = existing.find((r) => overlaps(r.mount_path, resource.mount_path));
    if (clash) return `${param}: ${resource.mount_path} overlaps ${clash.mount_path}, where ${clash.id} is mounted.`;
    if (resource.type === "file" && existing.filter((r) => r.type === "file").length >= MAX_FILE_RESOURCES) {
      return `A session holds at most ${MAX_FILE_RESOURCES} file resources.`;
    }
    return null;
  };
}

/** A `https://` repository URL without credentials in it. */
function checkRepositoryUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidRequest("url: must be an https:// URL of a git repository.", "url");
  }
  if (url.protocol !== "https:") throw invalidRequest("url: must be an https:// URL of a git repository.", "url");
  if (url.username || url.password) {
    throw invalidRequest("url: must not carry credentials; give the token as authorization_token.", "url");
  }
  if (url.search || url.hash) throw invalidRequest("url: must not have a query or a fragment.", "url");
  const problem = repositoryUrlProblem(url.toString());
  if (problem) throw invalidRequest(`url: ${problem}.`, "url");
  return url.toString();
}

function checkCheckout(raw: unknown): RepositoryCheckout | null {
  if (raw === undefined || raw === null) return null;
  const c = raw as { type?: unknown; name?: unknown; sha?: unknown };
  if (c.type === "branch" && typeof c.name === "string" && c.sha === undefined) {
    if (c.name.startsWith("-") || CONTROL.test(c.name) || c.name.includes("..")) {
      throw invalidRequest("checkout.name: not a branch name git accepts.", "checkout.name");
    }
    return { type: "branch", name: c.name };
  }
  if (c.type === "commit" && typeof c.sha === "string" && c.name === undefined) {
    return { type: "commit", sha: c.sha.toLowerCase() };
  }
  throw invalidRequest('checkout: must be {"type":"branch","name":...} or {"type":"commit","sha":...}.', "checkout");
}

/** The sealing context of a repository's token: bound to its resource. */
const tokenAad = (resourceId: string) => `session_resource:${resourceId}:authorization_token`;

export function resourceView(r: SessionResourceRecord): ResourceView {
  if (r.type === "file") {
    return {
      id: r.id,
      type: "file",
      file_id: r.file_id ?? "",
      mount_path: r.mount_path,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  }
  return {
    id: r.id,
    type: "github_repository",
    url: r.url ?? "",
    checkout: r.checkout,
    mount_path: r.mount_path,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function refusal(result: ResourceRefusal, sessionId: string, fileId?: string | null): Error {
  switch (result.reason) {
    case "session_not_found":
      return notFound(`No session with id ${sessionId.slice(0, 64)}.`);
    case "archived":
      return conflict(`Session ${sessionId} is archived; its resources cannot change.`);
    case "busy":
      return conflict(`Session ${sessionId} is running a turn; change its resources when it is idle.`);
    case "not_found":
      return notFound(`The session ${sessionId} has no resource of that id.`);
    case "file_not_found":
      return notFound(`No file with id ${(fileId ?? "").slice(0, 64)}.`, "file_id");
    case "not_repository":
      return invalidRequest(
        "authorization_token: only a github_repository resource has a token to rotate.",
        "authorization_token",
      );
    case "refused":
      return invalidRequest(result.message, result.message.startsWith("mount_path") ? "mount_path" : "resources");
  }
}

export type ResourceInput = Schema<"CreateSessionResourceRequest">;

/** The folder name git would give a clone of `url` (its last path segment without `.git`). */
function repositoryName(url: string): string {
  const last = new URL(url).pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  const name = last.replace(/\.git$/, "");
  return name === "" || name === "." || name === ".." ? "repository" : name;
}

/** A resource to add, checked (its token sealed); `param` prefixes the fields named in errors. */
export function newResource(secrets: SecretBox, input: ResourceInput): NewSessionResource {
  const id = newId("sres");
  if (input.type === "file") {
    if (input.file_id === undefined) throw invalidRequest("file_id: a file resource names its file.", "file_id");
    for (const field of ["url", "authorization_token", "checkout"] as const) {
      if (input[field] !== undefined) throw invalidRequest(`${field}: not a field of a file resource.`, field);
    }
    const mount = input.mount_path ?? `${DEFAULT_FILE_MOUNT}/${input.file_id}`;
    return {
      id,
      type: "file",
      file_id: input.file_id,
      url: null,
      checkout: null,
      token_sealed: null,
      mount_path: checkMountPath(mount),
    };
  }
  if (input.file_id !== undefined)
    throw invalidRequest("file_id: not a field of a github_repository resource.", "file_id");
  if (input.url === undefined) throw invalidRequest("url: a github_repository resource names its URL.", "url");
  if (input.authorization_token === undefined) {
    throw invalidRequest("authorization_token: a github_repository resource needs its token.", "authorization_token");
  }
  const url = checkRepositoryUrl(input.url);
  // Cloned inside the workspace: it lasts as the workspace does (saved with it for other replicas).
  const mount = checkMountPath(input.mount_path ?? `${WORKSPACE_MOUNT}/${repositoryName(url)}`);
  if (!mount.startsWith(`${WORKSPACE_MOUNT}/`)) {
    throw invalidRequest(
      `mount_path: a github_repository resource is cloned inside ${WORKSPACE_MOUNT}/, not at ${mount}.`,
      "mount_path",
    );
  }
  return {
    id,
    type: "github_repository",
    file_id: null,
    url,
    checkout: checkCheckout(input.checkout),
    token_sealed: secrets.encrypt(input.authorization_token, tokenAad(id)),
    mount_path: mount,
  };
}

/** Adds a resource given at session create, inside its unit of work (errors name `resources[index]`). */
export async function attachResource(
  tx: Pick<Storage, "sessionResources">,
  accountId: string,
  sessionId: string,
  resource: NewSessionResource,
  index: number,
): Promise<void> {
  const result = await tx.sessionResources.addResource(
    accountId,
    sessionId,
    resource,
    checkAgainst(resource, `resources[${index}].mount_path`),
  );
  if (result.ok) return;
  const err = refusal(result, sessionId, resource.file_id);
  if (err instanceof ApiError)
    throw new ApiError(
      err.type,
      err.message,
      `resources[${index}].${err.param === "file_id" ? "file_id" : "mount_path"}`,
    );
  throw err;
}

export async function addResource(
  deps: SessionResourceDeps,
  accountId: string,
  sessionId: string,
  input: ResourceInput,
): Promise<ResourceView> {
  const resource = newResource(deps.secrets, input);
  const result = await deps.storage.sessionResources.addResource(
    accountId,
    sessionId,
    resource,
    checkAgainst(resource, "mount_path"),
  );
  if (!result.ok) throw refusal(result, sessionId, resource.file_id);
  return resourceView(result.resource);
}

/** The memory stores of a session as resources (after the last page of its `sres_` resources). */
async function memoryStoreResources(deps: SessionResourceDeps, accountId: string, sessionId: string) {
  const attached = await deps.storage.memoryStores.sessionStores(accountId, sessionId);
  const stores = new Map(
    (
      await deps.storage.memoryStores.getStores(
        accountId,
        attached.map((a) => a.memory_store_id),
      )
    ).map((s) => [s.id, s]),
  );
  return attached.map((a) => {
    const store = stores.get(a.memory_store_id);
    return {
      type: "memory_store" as const,
      memory_store_id: a.memory_store_id,
      access: a.access,
      name: store?.name ?? null,
      description: store?.description ?? "",
      mount_path: store ? `${MEMORY_MOUNT}/${store.name}` : null,
    };
  });
}

export type MemoryStoreResourceView = Awaited<ReturnType<typeof memoryStoreResources>>[number];

export async function listResources(
  deps: SessionResourceDeps,
  accountId: string,
  sessionId: string,
  page: PageQuery,
): Promise<Page<ResourceView | MemoryStoreResourceView>> {
  const listed = await deps.storage.sessionResources.listResources(accountId, sessionId, page);
  if (!listed) throw notFound(`No session with id ${sessionId.slice(0, 64)}.`);
  const data: (ResourceView | MemoryStoreResourceView)[] = listed.data.map(resourceView);
  // The last page forward carries the memory stores (they have no id to page by).
  if (!listed.has_more && page.cursor?.direction !== "before") {
    data.push(...(await memoryStoreResources(deps, accountId, sessionId)));
  }
  return { ...listed, data };
}

export async function getResource(
  deps: SessionResourceDeps,
  accountId: string,
  sessionId: string,
  id: string,
): Promise<ResourceView> {
  const found = await deps.storage.sessionResources.getResource(accountId, sessionId, id);
  if (!found) {
    if (!(await deps.storage.sessions.getSession(accountId, sessionId)))
      throw refusal({ ok: false, reason: "session_not_found" }, sessionId);
    throw refusal({ ok: false, reason: "not_found" }, sessionId);
  }
  return resourceView(found);
}

/** Rotates a repository's token (idle sessions only). */
export async function rotateToken(
  deps: SessionResourceDeps,
  accountId: string,
  sessionId: string,
  id: string,
  token: string,
): Promise<ResourceView> {
  const result = await deps.storage.sessionResources.rotateToken(
    accountId,
    sessionId,
    id,
    deps.secrets.encrypt(token, tokenAad(id)),
  );
  if (!result.ok) throw refusal(result, sessionId);
  return resourceView(result.resource);
}

export async function deleteResource(
  deps: SessionResourceDeps,
  accountId: string,
  sessionId: string,
  id: string,
): Promise<Schema<"DeletedSessionResource">> {
  const result = await deps.storage.sessionResources.deleteResource(accountId, sessionId, id);
  if (!result.ok) throw refusal(result, sessionId);
  return { id, type: "session_resource_deleted" };
}

/** A `github_repository` resource with its token opened, for the server's own use (never a response). */
export interface RepositoryForClone {
  id: string;
  url: string;
  checkout: RepositoryCheckout | null;
  mount_path: string;
  /** The token in clear: for the host side of the clone only (a proxy or a credential helper outside the sandbox). */
  authorization_token: string;
  updated_at: string;
}

/**
 * The `github_repository` resources of a session, oldest first, each with its token decrypted:
 * what the server's clone (outside the sandbox) needs before the turn's first command.
 */
export async function repositoryResourcesForClone(
  deps: SessionResourceDeps,
  sessionId: string,
): Promise<RepositoryForClone[]> {
  const all = await deps.storage.sessionResources.sessionResources(sessionId);
  return all
    .filter((r) => r.type === "github_repository" && r.url !== null && r.token_sealed !== null)
    .map((r) => ({
      id: r.id,
      url: r.url as string,
      checkout: r.checkout,
      mount_path: r.mount_path,
      authorization_token: deps.secrets.decrypt(r.token_sealed as string, tokenAad(r.id)),
      updated_at: r.updated_at,
    }));
}
