import type { EndpointAbortReason, EndpointAbortReport } from "./engine.ts";

/** The part of the delivery engine (in-process, or its thread) the API drives. */
export interface EndpointAborter {
  abortEndpoint(
    endpointId: string,
    why: EndpointAbortReason,
  ): EndpointAbortReport | null | Promise<EndpointAbortReport | null>;
}

/**
 * The API's handle on the delivery engine, attached when the background workers start (after the
 * server listens). Disabling or deleting an endpoint goes through it once the change committed,
 * so that the call returns only when the endpoint's attempts in flight were cut short and its
 * decrypted secret forgotten (see DeliveryEngine.abortEndpoint).
 */
export class DeliveryControl {
  private engine: EndpointAborter | null = null;

  attach(engine: EndpointAborter | null): void {
    this.engine = engine;
  }

  /** Null without an engine (nothing can be in flight) or when the engine did not answer in time. */
  async abortEndpoint(endpointId: string, why: "disabled" | "deleted"): Promise<EndpointAbortReport | null> {
    return this.engine ? this.engine.abortEndpoint(endpointId, why) : null;
  }
}
