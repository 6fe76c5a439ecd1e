/**
 * The claim stage of a delivery: how much the engine leases per pass (claims run ahead of the
 * attempts), and the leased records waiting in their endpoint's queue until a slot frees.
 */
import { performance } from "node:perf_hooks";
import type { WebhookConfig } from "../../config/sections.ts";
import type { ClaimedDelivery, ClaimOptions, DeliveryTarget } from "../../storage/port/deliveryQueue.ts";

/** Claims lease up to this many times the attempt bounds (the rest wait in their endpoint's queue). */
const CLAIM_AHEAD = 2;

type Lease = { id: string; lease_token: string };

const leaseOf = (d: ClaimedDelivery): Lease => ({ id: d.id, lease_token: d.lease_token });

/**
 * The claim of one pass, and until when (real-time ms, performance.now) a record it leases may
 * wait for a slot: a record may wait while its lease outlasts the attempt's timeout with a second
 * to spare; a lease too short for a wait of a second or more is not claimed ahead at all.
 */
export function claimOptions(
  config: WebhookConfig,
  busy: number,
  holder: string,
  leaseToken: string,
  refresh: string[],
): { claim: ClaimOptions; startBy: number } {
  const waitMs = config.leaseMs - config.timeoutMs - 1000;
  const ahead = waitMs >= 1000 ? CLAIM_AHEAD : 1;
  return {
    claim: {
      limit: Math.max(0, config.concurrency * ahead - busy),
      endpointConcurrency: config.endpointConcurrency,
      claimAhead: ahead,
      leaseMs: config.leaseMs,
      leaseToken,
      holder,
      refresh,
    },
    // (Without claiming ahead, every record claimed has a free slot: it starts now.)
    startBy: ahead > 1 ? performance.now() + waitMs : Number.POSITIVE_INFINITY,
  };
}

/** Leased records waiting for a slot, per endpoint (oldest first), and the attempts running per endpoint. */
export class EndpointQueues {
  private readonly queues = new Map<string, { delivery: ClaimedDelivery; startBy: number }[]>();
  /** Records waiting in all queues. */
  size = 0;
  /** Attempts in flight per endpoint. */
  private readonly running = new Map<string, number>();
  /** Leases other servers hold per endpoint, as of the last claim. */
  othersLeases: Record<string, number> = {};
  /** Queued records whose lease is too close to expiring to be sent (or whose endpoint went): to release. */
  readonly stale: Lease[] = [];

  add(claimed: ClaimedDelivery[], startBy: number): void {
    for (const delivery of claimed) {
      let queue = this.queues.get(delivery.endpoint_id);
      if (!queue) {
        queue = [];
        this.queues.set(delivery.endpoint_id, queue);
      }
      queue.push({ delivery, startBy });
      this.size++;
    }
  }

  /** Endpoints with records waiting or in flight: their current target is read at every claim. */
  endpoints(): string[] {
    return [...new Set([...this.queues.keys(), ...this.running.keys()])];
  }

  has(endpointId: string): boolean {
    return this.queues.has(endpointId);
  }

  runningOn(endpointId: string): number {
    return this.running.get(endpointId) ?? 0;
  }

  /** Brings waiting records up to date with their endpoint (its URL, scheme or secrets may have changed). */
  retarget(endpointId: string, target: DeliveryTarget): void {
    for (const q of this.queues.get(endpointId) ?? []) Object.assign(q.delivery, target);
  }

  /** Drops the endpoint's waiting records (their leases to release); returns how many. */
  drop(endpointId: string): number {
    const queue = this.queues.get(endpointId) ?? [];
    this.queues.delete(endpointId);
    this.size -= queue.length;
    for (const q of queue) this.stale.push(leaseOf(q.delivery));
    return queue.length;
  }

  /** Every waiting record's lease, the queues emptied (a stop gives them back). */
  drain(): Lease[] {
    const leases = [...this.queues.values()].flat().map((q) => leaseOf(q.delivery));
    this.queues.clear();
    this.size = 0;
    return leases;
  }

  /**
   * Starts queued records while `canStart()` (the overall bound) and their endpoint has a slot
   * (`endpointConcurrency`, less the leases other servers hold on it), endpoints in turn.
   */
  dispatch(endpointConcurrency: number, canStart: () => boolean, start: (delivery: ClaimedDelivery) => void): void {
    let started = true;
    while (started && this.size > 0 && canStart()) {
      started = false;
      for (const [endpointId, queue] of this.queues) {
        if (!canStart()) return;
        const bound = endpointConcurrency - (this.othersLeases[endpointId] ?? 0);
        if (this.runningOn(endpointId) >= bound) continue;
        const next = queue.shift();
        if (queue.length === 0) this.queues.delete(endpointId);
        if (!next) continue;
        this.size--;
        if (performance.now() > next.startBy) {
          this.stale.push(leaseOf(next.delivery));
          continue;
        }
        this.running.set(endpointId, this.runningOn(endpointId) + 1);
        start(next.delivery);
        started = true;
      }
    }
  }

  /** An attempt of the endpoint ended; true when none is left in flight there. */
  ended(endpointId: string): boolean {
    const running = this.runningOn(endpointId) - 1;
    if (running > 0) this.running.set(endpointId, running);
    else this.running.delete(endpointId);
    return running <= 0;
  }
}
