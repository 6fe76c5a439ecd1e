/** The outbox as a test sees it: envelopes written since a point, each checked against its webhook schema. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { expect } from "vitest";
import type { TestServer } from "../servers/server.ts";

const addFormats = (formats as unknown as { default: (ajv: Ajv2020) => void }).default;
const spec = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../generated/openapi.json", import.meta.url)), "utf8"),
);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(spec, "spec.json");

/** The spec's `webhooks` section. */
export const specWebhooks = (): Record<string, unknown> => spec.webhooks;

/** The request-body schema of the spec's webhook for an event kind. */
export const webhookSchema = (kind: string) =>
  ajv.compile({ $ref: `spec.json#/webhooks/${kind}/post/requestBody/content/application~1json/schema` });

export interface Envelope {
  id: string;
  created_at: string;
  type: string;
  data: any;
}

/** The outbox rows (envelopes) written since the call, checked against the webhook schemas. */
export async function envelopesSince(s: TestServer, accountName = "default"): Promise<() => Promise<Envelope[]>> {
  const storage = s.service.deps.storage;
  const account = await storage.accounts.findAccountByName(accountName);
  if (!account) throw new Error(`no account named ${accountName}`);
  const before = (await storage.outbox.listEvents(account.id, { limit: 100_000 })).length;
  return async () =>
    (await storage.outbox.listEvents(account.id, { limit: 100_000 })).slice(before).map((e) => {
      expect(JSON.parse(e.payload)).toEqual(e.envelope);
      const validate = webhookSchema(e.envelope.data.type);
      if (!validate(e.envelope))
        throw new Error(`${e.payload} does not match its webhook schema: ${ajv.errorsText(validate.errors)}`);
      return e.envelope;
    });
}
