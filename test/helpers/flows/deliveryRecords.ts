/** The delivery records (`GET /webhook_events/{id}`) as the delivery tests read and wait for them. */
import { expect } from "vitest";
import { type TestServer, waitFor } from "../servers/server.ts";

/** A delivery record, which must exist. */
export async function deliveryRecord(server: TestServer, id: string): Promise<any> {
  const res = await server.request("GET", `/webhook_events/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits until the delivery record reaches `status` and returns it. */
export function waitForDeliveryStatus(
  server: TestServer,
  id: string,
  status: string,
  timeoutMs = 10_000,
): Promise<any> {
  return waitFor(
    async () => {
      const r = await deliveryRecord(server, id);
      return r.status === status ? r : null;
    },
    { timeoutMs, what: `${id} to be ${status}` },
  );
}
