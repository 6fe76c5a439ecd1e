import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { whenNotBusy } from "../busy.ts";
import type { Clock } from "../clock.ts";
import type { WebhookConfig } from "../config.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import type { Logger } from "../logger.ts";
import { describeError } from "../logger.ts";
import { Loop, type WorkerHealth } from "../loop.ts";
import type { DeliveryOutcome, Metrics } from "../metrics.ts";
import type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimOptions,
  DeliveryTarget,
  EndpointHealth,
  SettleResult,
} from "../storage/port/deliveryQueue.ts";
import { type Storage, StorageBusyError } from "../storage/port/index.ts";
import { decide } from "./policy.ts";
import { type SendResult, WebhookSender } from "./sender.ts";
import { signatureHeaders } from "./signing.ts";

/** Claims lease up to this many times the attempt bounds (the rest wait in their endpoint's queue). */
const CLAIM_AHEAD = 2;

const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The User-Agent of every delivery. */
export const USER_AGENT = `CloudAgents-Webhook/${VERSION}`;

export interface DeliveryEngineDeps {
  /** The webhook store and the storage signals (a thread's own connection, or the server's). */
  storage: Pick<Storage, "deliveryQueue" | "on">;
  config: WebhookConfig;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  metrics: Pick<Metrics, "observeDeliveryAttempt">;
  /** The jitter's randomness (tests make it deterministic). */
  random?: () => number;
}

interface InFlight {
  lease: { id: string; lease_token: string };
  promise: Promise<void>;
}

/** A leased record waiting in its endpoint's queue, and until when it may start. */
interface Queued {
  delivery: ClaimedDelivery;
  /** Real-time ms (performance.now) after which the lease could expire during the attempt. */
  startBy: number;
}

/** A finished attempt waiting for the next settle, with what its log lines and metrics need. */
interface Finished {
  outcome: AttemptOutcome;
  decision: DeliveryOutcome;
  durationMs: number;
  error: string | null;
}

/** Why an endpoint's attempts were cut short ("disabled or deleted": seen on another server's change). */
export type EndpointAbortReason = "disabled" | "deleted" | "disabled or deleted";

/** What cutting an endpoint's attempts short did (see DeliveryEngine.abortEndpoint). */
export interface EndpointAbortReport {
  /** Attempts in flight that were aborted (their connections closed). */
  aborted: number;
  /** Leased records waiting for a slot that are not sent (their leases are given back). */
  released: number;
  /** Whether a decrypted signing secret of the endpoint is still cached (false: forgotten). */
  secretCached: boolean;
}

/** The abort reason of an endpoint's attempts: its message is the error the attempt records. */
class EndpointAborted extends Error {
  constructor(why: EndpointAbortReason) {
    super(`Aborted: the endpoint was ${why} during the attempt`);
  }
}

/** The abort reason of the attempts abandoned at shutdown (their leases are released, nothing recorded). */
const SHUTDOWN = "shutdown";

/**
 * The delivery engine: a loop that claims due records with a lease, and for each one signs the
 * stored envelope bytes, POSTs them, and records the attempt and its outcome (success, or
 * failure with backoff, or dead), releasing the lease.
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
  private readonly loop: Loop;
  private readonly sender: WebhookSender;
  private readonly inFlight = new Map<string, InFlight>();
  /** Leased records waiting for a slot, per endpoint (oldest first). */
  private readonly queues = new Map<string, Queued[]>();
  private queued = 0;
  /** Attempts in flight per endpoint. */
  private readonly running = new Map<string, number>();
  /** Leases other servers hold per endpoint, as of the last claim. */
  private othersLeases: Record<string, number> = {};
  /** Queued records whose lease is too close to expiring to be sent: released by the next pass. */
  private stale: { id: string; lease_token: string }[] = [];
  private finished: Finished[] = [];
  private readonly workerId = randomBytes(6).toString("hex");
  private claims = 0;
  private stopping = false;
  /** Per endpoint with attempts in flight: aborts them (endpoint disabled or deleted, or the shutdown grace period ended). */
  private readonly endpointAborts = new Map<string, AbortController>();
  private unsubscribe: (() => void) | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private settleTimer: NodeJS.Timeout | null = null;
  private lastSettleAt = 0;
  private wakeAt = Number.POSITIVE_INFINITY;
  private readonly secretCache = new Map<string, { sealed: string; secret: string }>();

  constructor(private readonly deps: DeliveryEngineDeps) {
    this.sender = new WebhookSender({
      timeoutMs: deps.config.timeoutMs,
      allowPrivateTargets: deps.config.allowPrivateTargets,
      maxFreeSocketsPerOrigin: deps.config.concurrency,
    });
    this.loop = new Loop({
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
    const unstarted = [...this.queues.values()].flat().map((q) => q.delivery);
    this.queues.clear();
    this.queued = 0;
    // What finished is recorded; a lock held by another process is waited out.
    if (this.finished.length > 0) {
      try {
        await whenNotBusy(() => this.settle(null));
      } catch (err) {
        this.deps.logger.error("webhook-delivery: recording finished attempts failed", describeError(err));
      }
    }
    const release = [
      ...abandoned.map((f) => f.lease),
      ...unstarted.map((d) => ({ id: d.id, lease_token: d.lease_token })),
      ...this.stale.splice(0),
    ];
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
    const { config, storage } = this.deps;
    if (this.stale.length > 0) await storage.deliveryQueue.releaseLeases(this.stale.splice(0));
    // A record may wait for a slot while its lease outlasts the attempt's timeout with a second to
    // spare; a lease too short for a wait of a second or more is not claimed ahead at all.
    const waitMs = config.leaseMs - config.timeoutMs - 1000;
    const ahead = waitMs >= 1000 ? CLAIM_AHEAD : 1;
    const limit = Math.max(0, config.concurrency * ahead - (this.inFlight.size + this.queued));
    const { claimed, more, othersLeases, targets } = await this.settle({
      limit,
      endpointConcurrency: config.endpointConcurrency,
      claimAhead: ahead,
      leaseMs: config.leaseMs,
      leaseToken: `${this.workerId}.${++this.claims}`,
      holder: this.workerId,
      // Endpoints with records waiting or in flight: a change (or a disable or delete by another
      // server) reaches them before the next attempt.
      refresh: [...new Set([...this.queues.keys(), ...this.running.keys()])],
    });
    if (othersLeases) this.othersLeases = othersLeases;
    this.retarget(targets);
    // (Without claiming ahead, every record claimed has a free slot: it starts now.)
    const startBy = ahead > 1 ? performance.now() + waitMs : Number.POSITIVE_INFINITY;
    for (const delivery of claimed) {
      let queue = this.queues.get(delivery.endpoint_id);
      if (!queue) {
        queue = [];
        this.queues.set(delivery.endpoint_id, queue);
      }
      queue.push({ delivery, startBy });
      this.queued++;
    }
    this.dispatch();
    // Nothing more is due now: find out when something will be. (While due records wait for a
    // lease, each attempt that finishes wakes the loop.)
    if (limit > 0 && !more) await this.scheduleWake();
    return false;
  }

  /**
   * Brings waiting records up to date with their endpoint (its URL, scheme or secrets may have
   * changed since the claim). An endpoint disabled or deleted meanwhile (by another server: this
   * one's API has called abortEndpoint already) gets nothing more: see abortEndpoint.
   */
  private retarget(targets: Record<string, DeliveryTarget | null>): void {
    for (const [endpointId, target] of Object.entries(targets)) {
      if (target === null) {
        if (this.queues.has(endpointId) || this.endpointAborts.has(endpointId)) {
          this.abortEndpoint(endpointId, "disabled or deleted");
        }
        continue;
      }
      for (const q of this.queues.get(endpointId) ?? []) Object.assign(q.delivery, target);
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
    const queue = this.queues.get(endpointId) ?? [];
    this.queues.delete(endpointId);
    this.queued -= queue.length;
    for (const q of queue) this.stale.push({ id: q.delivery.id, lease_token: q.delivery.lease_token });
    const aborted = this.running.get(endpointId) ?? 0;
    this.endpointAborts.get(endpointId)?.abort(new EndpointAborted(why));
    this.endpointAborts.delete(endpointId);
    this.secretCache.delete(endpointId);
    this.secretCache.delete(`${endpointId}:previous`);
    if (queue.length > 0) this.notify();
    if (aborted + queue.length > 0) {
      this.deps.logger.info(`webhook-delivery: endpoint ${why}: its deliveries in flight were cut short`, {
        endpoint_id: endpointId,
        aborted,
        released: queue.length,
      });
    }
    return { aborted, released: queue.length, secretCached: this.hasCachedSecret(endpointId) };
  }

  /** Whether a decrypted signing secret of the endpoint (current or previous) is cached. */
  hasCachedSecret(endpointId: string): boolean {
    return this.secretCache.has(endpointId) || this.secretCache.has(`${endpointId}:previous`);
  }

  /** Starts queued records while slots are free, overall and per endpoint, endpoints in turn. */
  private dispatch(): void {
    const { config } = this.deps;
    let started = true;
    while (started && this.queued > 0 && this.inFlight.size < config.concurrency) {
      started = false;
      for (const [endpointId, queue] of this.queues) {
        if (this.inFlight.size >= config.concurrency) return;
        const bound = config.endpointConcurrency - (this.othersLeases[endpointId] ?? 0);
        if ((this.running.get(endpointId) ?? 0) >= bound) continue;
        const next = queue.shift();
        if (queue.length === 0) this.queues.delete(endpointId);
        if (!next) continue;
        this.queued--;
        if (performance.now() > next.startBy) {
          this.stale.push({ id: next.delivery.id, lease_token: next.delivery.lease_token });
          continue;
        }
        this.launch(next.delivery);
        started = true;
      }
    }
  }

  /**
   * Records the finished attempts and claims (one transaction), then logs and counts what the
   * outcomes did. On a locked database the outcomes wait for the next pass; an outcome that
   * cannot be recorded at all is left out (its lease expires and it is sent again).
   */
  private async settle(claim: ClaimOptions | null): Promise<Omit<SettleResult, "health">> {
    const { storage, config, logger } = this.deps;
    this.lastSettleAt = performance.now();
    const batch = this.finished;
    this.finished = [];
    let result: SettleResult;
    try {
      result = await storage.deliveryQueue.settle(
        batch.map((f) => f.outcome),
        config,
        claim,
      );
    } catch (err) {
      if (err instanceof StorageBusyError || batch.length === 0) {
        this.finished = batch.concat(this.finished);
        throw err;
      }
      // One outcome that cannot be written must not hold back the others: one by one, then.
      logger.error("webhook-delivery: recording a batch of attempts failed; recording them one by one", {
        count: batch.length,
        ...describeError(err),
      });
      const recorded: Finished[] = [];
      const health: EndpointHealth[] = [];
      for (const f of batch) {
        try {
          health.push(await storage.deliveryQueue.recordAttempt(f.outcome, config));
          recorded.push(f);
        } catch (one) {
          if (one instanceof StorageBusyError) {
            this.finished.push(f);
            continue;
          }
          logger.error("webhook-delivery: an attempt could not be recorded; it will be sent again", {
            webhook_event_id: f.outcome.delivery_id,
            ...describeError(one),
          });
        }
      }
      this.report(recorded, health);
      // Claim in a pass of its own.
      this.notify();
      return { claimed: [], more: true, othersLeases: null, targets: {} };
    }
    this.report(batch, result.health);
    return result;
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
    const promise = this.attempt(delivery, controller.signal)
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
        const running = (this.running.get(endpointId) ?? 1) - 1;
        if (running > 0) this.running.set(endpointId, running);
        else {
          this.running.delete(endpointId);
          this.endpointAborts.delete(endpointId);
        }
        if (!this.stopping) this.dispatch();
        this.settleSoon();
      });
    this.running.set(delivery.endpoint_id, (this.running.get(delivery.endpoint_id) ?? 0) + 1);
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
   * Sends one attempt; resolves with its outcome (aborted when its endpoint was disabled or
   * deleted during it), or null when it was abandoned at shutdown.
   */
  private async attempt(delivery: ClaimedDelivery, signal: AbortSignal): Promise<Finished | null> {
    const { clock, config } = this.deps;
    const startedAt = clock.now();
    const body = Buffer.from(delivery.payload, "utf8");
    const secrets = this.signingSecrets(delivery, startedAt);
    let sent: SendResult;
    if (secrets === null) {
      sent = {
        status: null,
        error: "The endpoint's signing secret cannot be decrypted with the configured CLOUD_AGENTS_SECRET_KEY",
        retryAfter: undefined,
        durationMs: 0,
      };
    } else {
      const timestamp = Math.floor(startedAt.getTime() / 1000);
      sent = await this.sender.send(
        delivery.url,
        body,
        {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          "webhook-id": delivery.event_id,
          "webhook-event-type": delivery.event_type,
          ...signatureHeaders(delivery.signing_scheme, secrets, delivery.event_id, timestamp, body),
        },
        signal,
      );
    }
    // Abandoned at shutdown: stop() releases the lease; the attempt is not the receiver's fault.
    if (signal.aborted && signal.reason === SHUTDOWN) return null;
    const finished = (result: AttemptOutcome["result"], error: string | null, status: number | null): Finished => ({
      outcome: {
        delivery_id: delivery.id,
        endpoint_id: delivery.endpoint_id,
        lease_token: delivery.lease_token,
        started_at: startedAt.toISOString(),
        duration_ms: sent.durationMs,
        response_status: status,
        error,
        result,
        gone: status === 410,
      },
      decision: result.type,
      durationMs: sent.durationMs,
      error,
    });
    // Cut short because its endpoint was disabled or deleted: recorded as such (an exchange that
    // had completed is recorded as it went).
    if (sent.aborted) {
      return finished(
        { type: "aborted" },
        signal.reason instanceof EndpointAborted ? signal.reason.message : sent.error,
        null,
      );
    }
    const now = clock.now();
    const decision = decide(config, delivery.round_attempt, sent, now, this.deps.random);
    return finished(
      decision.type === "retry"
        ? { type: "retry", next_attempt_at: new Date(now.getTime() + decision.delayMs).toISOString() }
        : decision,
      sent.error,
      sent.status,
    );
  }

  /** The metrics and log lines of recorded attempts (`health[i]` is how the endpoint of `recorded[i]` moved). */
  private report(recorded: Finished[], health: EndpointHealth[]): void {
    const { logger, config, metrics } = this.deps;
    recorded.forEach((f, i) => {
      const endpointId = f.outcome.endpoint_id;
      metrics.observeDeliveryAttempt(f.decision, f.durationMs / 1000);
      if (f.decision === "dead") {
        logger.info("webhook-delivery: record is dead after its last attempt", {
          webhook_event_id: f.outcome.delivery_id,
          endpoint_id: endpointId,
          error: f.error,
        });
      }
      const moved = health[i];
      if (!moved) return;
      if (moved.degraded === "raised") {
        logger.warn("webhook endpoint degraded: consecutive failed deliveries exceed the threshold", {
          endpoint_id: endpointId,
          consecutive_fail: moved.consecutive_fail,
          threshold: config.degradedThreshold,
          last_error: f.error,
        });
      } else if (moved.degraded === "cleared") {
        logger.info("webhook endpoint recovered: a delivery succeeded", { endpoint_id: endpointId });
      }
      if (moved.disabled !== null) {
        logger.warn(
          moved.disabled === "gone"
            ? "webhook endpoint disabled: it answered 410 Gone"
            : "webhook endpoint disabled: its deliveries kept failing without a success",
          {
            endpoint_id: endpointId,
            disabled_reason: moved.disabled,
            consecutive_fail: moved.consecutive_fail,
          },
        );
      }
    });
  }
  /**
   * The secrets that sign an attempt, the current one first: during a rotation the previous one
   * too, until it expires (by the injected clock, at the attempt's start). Null when the current
   * secret cannot be decrypted; a previous one that cannot be is left out.
   */
  private signingSecrets(delivery: ClaimedDelivery, at: Date): string[] | null {
    const current = this.secretOf(delivery.endpoint_id, delivery.secret_sealed);
    if (current === null) return null;
    const previous = delivery.previous_secret;
    if (previous === null || Date.parse(previous.expires_at) <= at.getTime()) return [current];
    const old = this.secretOf(`${delivery.endpoint_id}:previous`, previous.sealed, delivery.endpoint_id);
    return old === null ? [current] : [current, old];
  }

  /** A sealed secret in clear, decrypted once per sealed value (it only changes with a rotation). */
  private secretOf(cacheKey: string, sealed: string, endpointId: string = cacheKey): string | null {
    const cached = this.secretCache.get(cacheKey);
    if (cached && cached.sealed === sealed) return cached.secret;
    try {
      const secret = this.deps.secrets.decrypt(sealed, endpointId);
      if (this.secretCache.size >= 10_000) this.secretCache.clear();
      this.secretCache.set(cacheKey, { sealed, secret });
      return secret;
    } catch {
      return null;
    }
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
