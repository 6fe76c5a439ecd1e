/**
 * The package layers of environments (API.md, "Work beyond the host"; docs/packages.md): one
 * read-only folder per distinct package set, built once and shared by every session of every
 * replica that needs it.
 *
 * A build is a row (storage/port/packageLayers.ts), claimed under a lease that the builder renews
 * while it runs: a second session (of this server or another replica) that needs the same set
 * reads the row and waits; a builder that died leaves a lease that runs out, and the next waiter
 * takes the build over. The build runs in the sandbox as an unprivileged uid of its own, with the
 * layer read-write at /mnt/packages, a scratch home, and network only to each manager's registries
 * (managerScripts.ts); nothing of the host's is writable. It is built in a temporary folder, made
 * read-only (owned by the server, no write bit) and only then renamed into place: a failed or
 * interrupted build is never seen by a command.
 *
 * Replicas: on PostgreSQL the ready layer's archive is kept in its row, and a replica without
 * the folder unpacks it instead of building again (so "built once" holds across replicas); on
 * SQLite (one server per file) the folder under the data directory is the layer.
 */
import { randomBytes } from "node:crypto";
import { chmod, copyFile, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { PackagesConfig } from "../../config/sections.ts";
import type { Logger } from "../../logger.ts";
import type { Async } from "../../storage/port/index.ts";
import type { PackageLayerStore } from "../../storage/port/packageLayers.ts";
import type { Owner, SessionUids } from "../identity.ts";
import type { Sandbox } from "../port.ts";
import { chownTree } from "../workspace.ts";
import { packWorkspace, unpackWorkspace } from "../workspaceArchive.ts";
import { measureWorkspace } from "../workspaceQuota.ts";
import { LAYER_MOUNT, type LayerEnv, layerEnvOf } from "./layerMount.ts";
import { APT_LISTS_MOUNT, HOST_APT_LISTS, HOST_DPKG_STATUS, managerScript, registryHosts } from "./managerScripts.ts";
import { PACKAGE_MANAGERS, type PackageLists, packagesDigest } from "./packageSpec.ts";

/** A package set could not be installed: the message carries the manager's own words. */
export class PackageBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PackageBuildError";
  }
}

/** What a turn waited for: this server builds the layer, waits for another build, or unpacks another replica's. */
export type LayerAction = "build" | "wait" | "unpack";

export interface ReadyLayer {
  digest: string;
  /** The layer folder on this host. */
  host: string;
  env: LayerEnv;
  /** What the turn had to do; null when the layer was here already. */
  action: LayerAction | null;
  /** How long the turn waited. */
  waitedMs: number;
}

export interface PackageLayersOptions {
  store: Async<PackageLayerStore>;
  sandbox: Sandbox;
  /** `<dataDir>/packages`. */
  root: string;
  config: PackagesConfig;
  /** The sandbox's uids (the server is root): each build runs as one of its own; null otherwise. */
  uids: SessionUids | null;
  /** Keep each ready layer's archive in the database for the other replicas (PostgreSQL). */
  keepArchive: boolean;
  logger: Logger;
}

/** Where a build sees the operator's CA bundle (PACKAGES_CA_FILE). */
const BUILD_CA_MOUNT = "/mnt/build-ca.pem";

/** The variables that make each manager trust the CA bundle at `path`. */
function caEnv(path: string): Record<string, string> {
  return {
    NODE_EXTRA_CA_CERTS: path,
    PIP_CERT: path,
    REQUESTS_CA_BUNDLE: path,
    SSL_CERT_FILE: path,
    CARGO_HTTP_CAINFO: path,
    GIT_SSL_CAINFO: path,
  };
}

/** The file of a layer that records its package set and its search paths. */
const LAYER_FILE = ".layer.json";
/** The most of a manager's output a failure's message keeps (its end, where the error is). */
const MESSAGE_CHARS = 2000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** The end of a manager's output, without the lines of noise before the error. */
function trimmedOutput(output: string): string {
  const text = output.replace(/\r/g, "").trim();
  return text.length <= MESSAGE_CHARS ? text : `…${text.slice(-MESSAGE_CHARS)}`;
}

export class PackageLayers {
  /** Builds this process started (the tests and the bench count them). */
  builds = 0;
  /** Who this process is in the rows' `builder`. */
  readonly builder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  /** The search paths of the layers found here (read once per layer). */
  private readonly envs = new Map<string, LayerEnv>();

  constructor(private readonly options: PackageLayersOptions) {}

  /** The folder of a layer on this host (whether or not it is there). */
  folder(digest: string): string {
    return join(this.options.root, "layers", digest.replace(/^sha256:/, ""));
  }

  /** Removes what interrupted builds left in the temporary folder (at start-up). */
  async cleanTemporary(): Promise<void> {
    await rm(join(this.options.root, "tmp"), { recursive: true, force: true });
  }

  /**
   * The ready layer of `lists`: here already, or built, waited for or unpacked now. `onWait` is
   * called once, before the turn starts waiting (it records `session.status_preparing`). Throws
   * PackageBuildError when the build failed.
   */
  async acquire(
    lists: PackageLists,
    signal: AbortSignal,
    onWait: (digest: string, action: LayerAction) => Promise<void>,
  ): Promise<ReadyLayer> {
    const digest = packagesDigest(lists);
    const dir = this.folder(digest);
    const here = await this.local(digest, dir);
    if (here) return { digest, host: dir, env: here, action: null, waitedMs: 0 };
    const started = Date.now();
    let action: LayerAction | null = null;
    const announce = async (next: LayerAction) => {
      if (action === null) await onWait(digest, next);
      action = next;
    };
    const { store, config } = this.options;
    const spec = JSON.stringify(lists);
    for (;;) {
      signal.throwIfAborted();
      const env = await this.local(digest, dir);
      if (env) return { digest, host: dir, env, action, waitedMs: Date.now() - started };
      const { record, claimed } = await store.claim(
        digest,
        spec,
        this.builder,
        this.leaseUntil(),
        !this.options.keepArchive,
      );
      if (claimed) {
        await announce("build");
        const built = await this.build(digest, lists, dir, signal);
        return { digest, host: dir, env: built, action, waitedMs: Date.now() - started };
      }
      if (record.state === "ready") {
        await announce("unpack");
        await this.unpack(digest, dir);
        continue;
      }
      // Another builds it (a failed row was taken over by the claim): wait on its row.
      await announce("wait");
      for (;;) {
        await sleep(config.waitPollMs, signal);
        const now = await store.get(digest);
        if (!now || now.state === "ready") break;
        if (now.state === "failed") throw new PackageBuildError(now.error ?? "The packages could not be installed.");
        if (now.lease_expires_at === null || now.lease_expires_at < new Date().toISOString()) break;
      }
    }
  }

  private leaseUntil(): string {
    return new Date(Date.now() + this.options.config.leaseMs).toISOString();
  }

  /** The layer's search paths when its folder is here (complete: folders appear by rename only). */
  private async local(digest: string, dir: string): Promise<LayerEnv | null> {
    const known = this.envs.get(digest);
    if (known) {
      if ((await lstat(dir).catch(() => null))?.isDirectory()) return known;
      this.envs.delete(digest);
      return null;
    }
    const text = await readFile(join(dir, LAYER_FILE), "utf8").catch(() => null);
    if (text === null) return null;
    const env = parseLayerEnv(text);
    this.envs.set(digest, env);
    return env;
  }

  /** Copies the layer another replica built from its row (PostgreSQL). */
  private async unpack(digest: string, dir: string): Promise<void> {
    const archive = await this.options.store.archive(digest);
    if (!archive) return; // taken over meanwhile: the next claim decides
    const tmp = await this.temporary(digest);
    try {
      const layer = join(tmp, "layer");
      await unpackWorkspace(archive, layer);
      // The archive keeps the modes of what is inside; the layer's own folder is made 0700.
      await chmod(layer, 0o555);
      await this.place(layer, dir);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  private async temporary(digest: string): Promise<string> {
    const base = join(this.options.root, "tmp");
    // Searchable (not listable) by the build's uid, which bubblewrap binds the folders as.
    for (const d of [this.options.root, base]) {
      await mkdir(d, { recursive: true, mode: 0o711 });
      await chmod(d, 0o711);
    }
    const tmp = join(base, `${digest.slice(7, 23)}-${randomBytes(6).toString("hex")}`);
    await mkdir(tmp, { mode: 0o711 });
    return tmp;
  }

  /** Renames a complete layer into place (another one already there wins; this one is dropped). */
  private async place(layer: string, dir: string): Promise<void> {
    await mkdir(join(this.options.root, "layers"), { recursive: true, mode: 0o755 });
    try {
      await rename(layer, dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EEXIST" && code !== "ENOTEMPTY") throw err;
    }
  }

  /** Builds the layer under the claim, settles its row, and answers its search paths. */
  private async build(digest: string, lists: PackageLists, dir: string, signal: AbortSignal): Promise<LayerEnv> {
    const { store, config, logger, uids } = this.options;
    this.builds++;
    const started = Date.now();
    const tmp = await this.temporary(digest);
    const buildId = `pkgbuild_${randomBytes(8).toString("hex")}`;
    let owner: Owner | null = null;
    // The lease is renewed while the build runs; the row, not this timer, is what others trust.
    const renewal = setInterval(
      () => {
        store.renew(digest, this.builder, this.leaseUntil()).catch(() => undefined);
      },
      Math.max(250, Math.floor(config.leaseMs / 3)),
    );
    try {
      owner = uids ? await uids.claim(buildId) : null;
      const layer = join(tmp, "layer");
      const home = join(tmp, "home");
      await mkdir(layer, { mode: 0o755 });
      await mkdir(home, { mode: 0o700 });
      if (lists.apt.length > 0) {
        await mkdir(join(home, ".apt"), { mode: 0o700 });
        await copyFile(HOST_DPKG_STATUS, join(home, ".apt", "status")).catch(() => undefined);
      }
      if (owner) await chownTree(tmp, owner);
      for (const manager of PACKAGE_MANAGERS) {
        const packages = lists[manager];
        if (packages.length === 0) continue;
        const aptLists = manager === "apt" && !config.aptMirror;
        const result = await this.options.sandbox.exec({
          workspace: home,
          owner,
          command: managerScript(manager, packages, config),
          timeoutMs: config.buildTimeoutMs,
          env: config.caFile ? caEnv(BUILD_CA_MOUNT) : {},
          network: { type: "limited", allowed_hosts: registryHosts(manager, config) },
          mounts: [
            { host: layer, inside: LAYER_MOUNT, readOnly: false },
            ...(aptLists ? [{ host: HOST_APT_LISTS, inside: APT_LISTS_MOUNT, readOnly: true }] : []),
            ...(config.caFile ? [{ host: config.caFile, inside: BUILD_CA_MOUNT, readOnly: true }] : []),
          ],
          signal,
        });
        signal.throwIfAborted();
        if (result.failure !== null || result.exit_code !== 0) {
          const why = result.failure ?? `exit code ${result.exit_code}`;
          throw new PackageBuildError(
            `Installing the ${manager} packages (${packages.join(", ")}) failed (${why}): ${trimmedOutput(result.output)}`,
          );
        }
      }
      const bytes = await measureWorkspace(layer, config.layerMaxBytes + 1);
      if (bytes > config.layerMaxBytes) {
        throw new PackageBuildError(
          `The packages' layer is larger than PACKAGES_LAYER_MAX_BYTES (${config.layerMaxBytes} bytes).`,
        );
      }
      // Nothing of the build's uid runs any more (its sandbox is gone): the server owns the layer now.
      if (owner) await chownTree(layer, { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 });
      const env = await layerEnvOf(layer);
      await writeFile(join(layer, LAYER_FILE), JSON.stringify({ digest, packages: lists, env }), { mode: 0o444 });
      await readOnlyTree(layer);
      const archive = this.options.keepArchive ? await packWorkspace(layer) : null;
      if (archive && archive.byteLength > config.layerMaxBytes) {
        throw new PackageBuildError(
          `The packages' layer archive is larger than PACKAGES_LAYER_MAX_BYTES (${config.layerMaxBytes} bytes).`,
        );
      }
      await this.place(layer, dir);
      const buildMs = Date.now() - started;
      if (!(await store.complete(digest, this.builder, { build_ms: buildMs, archive }))) {
        logger.warn("a package layer's build outlived its lease; another server took it over", { digest });
      }
      logger.info("package layer built", { digest, build_ms: buildMs, bytes });
      this.envs.set(digest, env);
      return env;
    } catch (err) {
      if (signal.aborted) {
        // Cut short (shutdown, session gone): the lease is given up so the next waiter builds at once.
        await store.renew(digest, this.builder, new Date(0).toISOString()).catch(() => undefined);
        throw err;
      }
      const message =
        err instanceof PackageBuildError
          ? err.message
          : `The package layer could not be built: ${(err as Error).message}`;
      await store.fail(digest, this.builder, message).catch(() => undefined);
      logger.warn("package layer build failed", { digest, error: message.slice(0, 500) });
      throw err instanceof PackageBuildError ? err : new PackageBuildError(message);
    } finally {
      clearInterval(renewal);
      await rm(tmp, { recursive: true, force: true });
      if (owner && uids) await uids.release(buildId, owner.uid);
    }
  }
}

/** Every write bit of the tree removed (links are left as they are: chmod would follow them). */
async function readOnlyTree(dir: string): Promise<void> {
  const stack = [dir];
  const folders: string[] = [];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    folders.push(current);
    for (const e of await readdir(current, { withFileTypes: true })) {
      const p = join(current, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        const mode = (await lstat(p)).mode & 0o7777 & ~0o6222;
        await chmod(p, mode);
      }
    }
  }
  // Folders last, deepest first: a folder without its write bit can still be filled by root, but
  // the order keeps the walk independent of that.
  for (const f of folders.reverse()) await chmod(f, ((await lstat(f)).mode & 0o777 & ~0o222) | 0o555);
}

/** A layer's `.layer.json` search paths, each a path under the layer's mount. */
function parseLayerEnv(text: string): LayerEnv {
  const parsed = JSON.parse(text) as { env?: unknown };
  const out: LayerEnv = {};
  const env = parsed.env;
  if (!env || typeof env !== "object") return out;
  for (const [name, paths] of Object.entries(env as Record<string, unknown>)) {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(name) || !Array.isArray(paths)) continue;
    const ok = paths.filter(
      (p): p is string => typeof p === "string" && p.startsWith(`${LAYER_MOUNT}/`) && !/[\0:]/.test(p),
    );
    if (ok.length > 0) out[name] = ok;
  }
  return out;
}
