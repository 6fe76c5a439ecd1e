import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { performance } from "node:perf_hooks";
import type { WorkerHealth } from "../background/backgroundWorker.ts";
import { PeriodicLoop } from "../background/periodicLoop.ts";
import { whenNotBusy } from "../busy.ts";
import type { Clock } from "../clock.ts";
import type { WebhookConfig } from "../config/sections.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import type { Logger } from "../logger.ts";
import { describeError } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import type { ClaimedDelivery, ClaimOptions, SettleResult } from "../storage/port/deliveryQueue.ts";
import type { Storage } from "../storage/port/index.ts";
import { DeliveryPace, HOLD_SLEEP_MS } from "./pace.ts";
import { WebhookSender } from "./sender.ts";
import { claimOptions, EndpointQueues } from "./stages/claim.ts";
import { EndpointAborted, type EndpointAbortReason, type Finished, SHUTDOWN, sendAttempt } from "./stages/send.ts";
import { settleBatch } from "./stages/settle.ts";
import { SigningSecrets } from "./stages/sign.ts";

export type { EndpointAbortReason } from "./stages/send.ts";
export { USER_AGENT } from "./stages/sign.ts";

export interface DeliveryEngineDeps {
  /** The delivery queue and the storage signals (a worker thread's own connection, or the server's). */
  storage: Pick<Storage, "deliveryQueue" | "on">;
  config: WebhookConfig;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  metrics: Pick<Metrics, "observeDeliveryAttempt">;
  /** The jitter's randomness (tests make it deterministic). */
  random?: () => number;
  /**
   * The API's event-loop utilization (0..1), when the engine runs beside it on its own thread:
   * while the API is busy the engine takes a share of the machine, not all (pace.ts).
   */
  apiLoad?: () => number;
}

interface InFlight {
  lease: { id: string; lease_token: string };
  promise: Promise<void>;
}

/** The fanned-out events one settle gives their records while the API is busy (FAN_OUT_BATCH otherwise). */
const FAN_OUT_WHILE_BUSY = 32;
/** What cutting an endpoint's attempts short did (see DeliveryEngine.abortEndpoint). */
export interface EndpointAbortReport {
  /** Attempts in flight that were aborted (their connections closed). */
  aborted: number;
  /** Leased records waiting for a slot that are not sent (their leases are given back). */
  released: number;
  /** Whether a decrypted signing secret of the endpoint is still cached (false: forgotten). */
  secretCached: boolean;
}

/**
 * The delivery engine: a loop that claims due records with a lease (stages/claim.ts), and for
 * each one signs the stored envelope bytes (stages/sign.ts), POSTs them (stages/send.ts), and
 * records the attempt and its outcome (success, or failure with backoff, or dead), releasing the
 * lease (stages/settle.ts).
 *
 * Work is settled in batches: the attempts that finish within one turn of the event loop are
 * recorded together, and due records are claimed in the same transaction
 * (storage.deliveryQueue.settle), so a busy engine commits once per turn, not twice per delivery.
 * Claims run ahead of the attempts: up to twice the attempt bounds are leased (per endpoint only
 * while no other server holds leases on it), and a record waits in a queue of its endpoint until
 * a slot frees, so a finished attempt is followed by the next one at once instead of after the
 * next transaction (the slots of an endpoint would otherwise run in lockstep with the loop).
 *
 * Attempts in flight are bounded overall (`concurrency`, in this process) and per endpoint
 * (`endpointConcurrency`, less the leases other servers hold on it), so a slow receiver holds at
 * most its own share of slots and the others keep flowing. The loop wakes when deliverable
 * records are committed (the storage "deliveries" signal), when attempts finish, when the next
 * retry falls due, and at the poll interval otherwise.
 *
 * The attempts of an endpoint share an AbortController: disabling or deleting the endpoint
 * (abortEndpoint, called by the API once the change committed; or the next pass, when another
 * server made the change) closes their connections at once, drops the records waiting for a slot
 * and forgets the endpoint's decrypted secret. Such an attempt is recorded as aborted, not as a
 * failure of the receiver.
 */
export class DeliveryEngine {
  readonly name = "webhook-delivery";
  private readonly loop: PeriodicLoop;
  private readonly sender: WebhookSender;
  private readonly secrets: SigningSecrets;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly queues = new EndpointQueues();
  private finished: Finished[] = [];
  private readonly workerId = randomBytes(6).toString("hex");
  private claims = 0;
  private stopping = false;
  /** Per endpoint with attempts in flight: aborts them (endpoint disabled or deleted, or the shutdown grace period ended). */
  private readonly endpointAborts = new Map<string, AbortController>();
  private unsubscribe: (() => void) | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private settleTimer: NodeJS.Timeout | null = null;
  /** Starts queued records when the pace's hold ends. */
  private dispatchTimer: NodeJS.Timeout | null = null;
  /** The last settle left fanned-out events without their records (more than one pass's worth). */
  private fanOutLeft = false;
  private lastSettleAt = 0;
  private wakeAt = Number.POSITIVE_INFINITY;
  private readonly pace: DeliveryPace | null;

  constructor(private readonly deps: DeliveryEngineDeps) {
    this.sender = new WebhookSender({
      timeoutMs: deps.config.timeoutMs,
      allowPrivateTargets: deps.config.allowPrivateTargets,
      maxFreeSocketsPerOrigin: deps.config.concurrency,
    });
    this.secrets = new SigningSecrets(deps.secrets);
    const share = deps.config.busyShare;
    this.pace = deps.apiLoad && share > 0 && share < 1 ? new DeliveryPace(deps.apiLoad, share) : null;
    this.loop = new PeriodicLoop({
      name: this.name,
      logger: deps.logger,
      intervalMs: deps.config.pollIntervalMs,
      pass: () => this.pass(),
    });
  }

  start(): void {
    this.stopping = false;
    this.unsubscribe = this.deps.storage.on("deliveries", () => this.notify());
    this.loop.start();
  }

  /** Wakes the loop now (records became due, an endpoint was enabled, a clock was moved). */
  notify(): void {
    if (!this.stopping) this.loop.notify();
  }

  health(): WorkerHealth {
    return this.loop.health();
  }

  /** Attempts in flight in this process. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Graceful stop: claims nothing more, lets attempts in flight finish for up to
   * `shutdownGraceMs` and records them, then abandons the rest and releases their leases so that
   * they are sent again at once by the next server (a duplicate at worst, never a loss).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearWake();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    if (this.dispatchTimer) clearTimeout(this.dispatchTimer);
    this.dispatchTimer = null;
    await this.loop.stop();
    const running = [...this.inFlight.values()];
    if (running.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running.map((f) => f.promise)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.deps.config.shutdownGraceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const abandoned = [...this.inFlight.values()];
    for (const controller of this.endpointAborts.values()) controller.abort(SHUTDOWN);
    this.endpointAborts.clear();
    await Promise.allSettled(abandoned.map((f) => f.promise));
    // Leased but never started: given back with the abandoned ones.
    const unstarted = this.queues.drain();
    // What finished is recorded; a lock held by another process is waited out.
    if (this.finished.length > 0) {
      try {
        await whenNotBusy(() => this.settle(null));
      } catch (err) {
        this.deps.logger.error("webhook-delivery: recording finished attempts failed", describeError(err));
      }
    }
    const release = [...abandoned.map((f) => f.lease), ...unstarted, ...this.queues.stale.splice(0)];
    if (release.length > 0) {
      try {
        await this.deps.storage.deliveryQueue.releaseLeases(release);
      } catch (err) {
        this.deps.logger.error("webhook-delivery: releasing leases failed", describeError(err));
      }
    }
    if (abandoned.length > 0) {
      this.deps.logger.info("webhook-delivery: released leases of unfinished attempts", { count: abandoned.length });
    }
    this.sender.close();
  }

  /**
   * One pass: record the attempts that finished and lease due records up to the claim bounds, in
   * one transaction, then start what the free slots allow.
   */
  private async pass(): Promise<boolean> {
    if (this.stopping) return false;
    // The API is busy: keep to delivery's share before claiming and settling more (pace.ts).
    for (let hold = this.holdMs(); hold > 0 && !this.stopping; hold = this.holdMs()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(hold, HOLD_SLEEP_MS)));
    }
    if (this.stopping) return false;
    const { config, storage } = this.deps;
    const { stale } = this.queues;
    if (stale.length > 0) await storage.deliveryQueue.releaseLeases(stale.splice(0));
    const { claim, startBy } = claimOptions(
      config,
      this.inFlight.size + this.queues.size,
      this.workerId,
      `${this.workerId}.${++this.claims}`,
      // Endpoints with records waiting or in flight: a change (or a disable or delete by another
      // server) reaches them before the next attempt.
      this.queues.endpoints(),
    );
    // While the API is busy, a settle fans out fewer events, so that it holds the write lock briefly.
    if (this.pace?.busy()) claim.fanOutLimit = FAN_OUT_WHILE_BUSY;
    const { claimed, more, othersLeases, targets, fanOutLeft } = await this.settle(claim);
    this.fanOutLeft = fanOutLeft;
    // Events still wait for their records: another pass (the pace above spaces them).
    if (fanOutLeft) this.notify();
    if (othersLeases) this.queues.othersLeases = othersLeases;
    this.retarget(targets);
    this.queues.add(claimed, startBy);
    this.dispatch();
    // Nothing more is due now: find out when something will be. (While due records wait for a
    // lease, each attempt that finishes wakes the loop.)
    if (claim.limit > 0 && !more) await this.scheduleWake();
    return false;
  }

  /**
   * Brings waiting records up to date with their endpoint (its URL, scheme or secrets may have
   * changed since the claim). An endpoint disabled or deleted meanwhile (by another server, or by
   * this one's API before it told the engine) gets nothing more: see abortEndpoint.
   */
  private retarget(targets: SettleResult["targets"]): void {
    for (const [endpointId, target] of Object.entries(targets)) {
      if (typeof target === "object") this.queues.retarget(endpointId, target);
      else if (this.queues.has(endpointId) || this.endpointAborts.has(endpointId)) {
        this.abortEndpoint(endpointId, target);
      }
    }
  }

  /**
   * Cuts an endpoint that was disabled or deleted off: its attempts in flight are aborted (their
   * connections closed at once; each is recorded as aborted), its records waiting for a slot are
   * not sent (their leases are given back: a disabled endpoint's records are held until it is
   * enabled), and its decrypted signing secrets are forgotten. Synchronous: once it returns,
   * nothing more is sent to the endpoint by this engine.
   */
  abortEndpoint(endpointId: string, why: EndpointAbortReason): EndpointAbortReport {
    const released = this.queues.drop(endpointId);
    const aborted = this.queues.runningOn(endpointId);
    this.endpointAborts.get(endpointId)?.abort(new EndpointAborted(why));
    this.endpointAborts.delete(endpointId);
    this.secrets.forget(endpointId);
    if (released > 0) this.notify();
    if (aborted + released > 0) {
      this.deps.logger.info(`webhook-delivery: endpoint ${why}: its deliveries in flight were cut short`, {
        endpoint_id: endpointId,
        aborted,
        released,
      });
    }
    return { aborted, released, secretCached: this.hasCachedSecret(endpointId) };
  }

  /** Whether a decrypted signing secret of the endpoint (current or previous) is cached. */
  hasCachedSecret(endpointId: string): boolean {
    return this.secrets.has(endpointId);
  }

  /**
   * Starts queued records while slots are free, overall and per endpoint, endpoints in turn. While
   * the pace holds delivery back (the API is busy and delivery used its share), nothing starts
   * until the hold ends.
   */
  private dispatch(): void {
    const { config } = this.deps;
    const hold = this.holdMs();
    if (hold > 0) {
      this.dispatchTimer ??= setTimeout(
        () => {
          this.dispatchTimer = null;
          if (!this.stopping) this.dispatch();
        },
        Math.min(hold, HOLD_SLEEP_MS),
      );
      return;
    }
    this.queues.dispatch(
      config.endpointConcurrency,
      () => this.inFlight.size < (this.pace ? this.pace.slots(config.concurrency) : config.concurrency),
      (delivery) => this.launch(delivery),
    );
  }

  /**
   * Records the finished attempts and claims (stages/settle.ts). On a locked database the
   * outcomes wait for the next pass.
   */
  private async settle(claim: ClaimOptions | null): Promise<Omit<SettleResult, "health">> {
    this.lastSettleAt = performance.now();
    const batch = this.finished;
    this.finished = [];
    try {
      const { result, unrecorded, claimSkipped } = await settleBatch(this.deps, batch, claim);
      this.finished.push(...unrecorded);
      // Claim in a pass of its own.
      if (claimSkipped) this.notify();
      return result;
    } catch (err) {
      this.finished = batch.concat(this.finished);
      throw err;
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    const endpointId = delivery.endpoint_id;
    let controller = this.endpointAborts.get(endpointId);
    if (!controller) {
      controller = new AbortController();
      // Every attempt in flight to the endpoint listens to it.
      setMaxListeners(this.deps.config.endpointConcurrency + 10, controller.signal);
      this.endpointAborts.set(endpointId, controller);
    }
    const { clock, config, random } = this.deps;
    const promise = sendAttempt(
      { clock, config, random, sender: this.sender, secrets: this.secrets },
      delivery,
      controller.signal,
    )
      .then(
        (finished) => {
          if (finished) this.finished.push(finished);
        },
        (err: unknown) => {
          // The lease expires and the record is tried again: log, never crash the loop.
          this.deps.logger.error("webhook-delivery: attempt failed to complete", {
            webhook_event_id: delivery.id,
            ...describeError(err),
          });
        },
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        if (this.queues.ended(endpointId)) this.endpointAborts.delete(endpointId);
        if (!this.stopping) this.dispatch();
        this.settleSoon();
      });
    this.inFlight.set(delivery.id, { lease: { id: delivery.id, lease_token: delivery.lease_token }, promise });
  }

  /**
   * Wakes the loop to settle finished attempts: at once, or no sooner than `settleIntervalMs`
   * after the previous settle, so that a busy engine commits at most that often.
   */
  private settleSoon(): void {
    if (this.settleTimer) return;
    const wait = this.lastSettleAt + this.deps.config.settleIntervalMs - performance.now();
    if (wait <= 0) {
      this.notify();
      return;
    }
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.notify();
    }, wait);
  }

  /**
   * How long the pace holds new work off (0: go on). Only a backlog is held: more records than
   * the slots the pace allows, or events still waiting for their records. A trickle (200 events a
   * second to one endpoint) costs the API little and is sent at once; held, its p99 from event to
   * receipt went from 13-26 ms to 160-235 ms (`npm run bench:delivery`, a busy machine whose API
   * loop crossed API_BUSY in bursts).
   */
  private holdMs(): number {
    const { pace } = this;
    if (!pace) return 0;
    const backlog = this.inFlight.size + this.queues.size;
    if (!this.fanOutLeft && backlog <= pace.slots(this.deps.config.concurrency)) return 0;
    return pace.holdMs();
  }

  /** Arms a timer for the next retry or lease expiry when it comes before the next poll. */
  private async scheduleWake(): Promise<void> {
    const next = await this.deps.storage.deliveryQueue.nextWakeAt();
    if (next === null) return;
    const delay = Date.parse(next) - this.deps.clock.now().getTime();
    if (delay >= this.deps.config.pollIntervalMs) return;
    const at = Date.now() + Math.max(0, delay);
    if (this.wakeTimer && at >= this.wakeAt) return;
    this.clearWake();
    this.wakeAt = at;
    // +1 ms: a record due at t is claimable once now >= t.
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.notify();
    }, Math.max(0, delay) + 1);
  }

  private clearWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.wakeAt = Number.POSITIVE_INFINITY;
  }
}
