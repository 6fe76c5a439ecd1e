/**
 * The SDK's types (vitest typecheck): every operation is typed from the generated spec types,
 * lists paginate to their record type, and misuse does not compile.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  CloudAgentsApiError,
  type CloudAgentsClient,
  type CloudAgentsConnectionError,
  type CloudAgentsError,
  type CloudAgentsTimeoutError,
  createCloudAgentsClient,
  type ErrorEnvelope,
  type ErrorType,
  type ListItem,
  type ListPath,
  type paths,
  type Schemas,
} from "../../client/index.ts";
import { verifyWebhook, type WebhookEvent, type WebhookEventType, type WebhookPayload } from "../../client/webhooks.ts";

declare const client: CloudAgentsClient;

describe("calls", () => {
  it("type bodies, parameters and results from the spec", async () => {
    const created = await client.POST("/vaults", { body: { display_name: "Prod", metadata: { team: "a" } } });
    expectTypeOf(created.data).toEqualTypeOf<Schemas["Vault"] | undefined>();
    expectTypeOf(created.error).toEqualTypeOf<ErrorEnvelope | undefined>();
    expectTypeOf(created.response).toEqualTypeOf<Response>();
    if (created.error) expectTypeOf(created.error.error.type).toEqualTypeOf<ErrorType>();
    else expectTypeOf(created.data).toEqualTypeOf<Schemas["Vault"]>();

    const agent = await client.GET("/agents/{agent_id}", {
      params: { path: { agent_id: "agent_1" }, query: { version: 2 } },
    });
    expectTypeOf(agent.data).toEqualTypeOf<Schemas["Agent"] | undefined>();

    const endpoint = await client.POST("/webhook_endpoints", {
      body: { url: "https://hooks.example.com", events: ["session.status_idled"] },
      params: { header: { "Idempotency-Key": "k1" } },
    });
    expectTypeOf(endpoint.data).toEqualTypeOf<Schemas["WebhookEndpointWithSecret"] | undefined>();
    expectTypeOf<ErrorType>().toExtend<string>();
    expectTypeOf<"idempotency_error">().toExtend<ErrorType>();
  });

  it("refuses misuse", () => {
    // @ts-expect-error display_name must be a string
    void client.POST("/vaults", { body: { display_name: 42 } });
    // @ts-expect-error the body is required
    void client.POST("/vaults");
    // @ts-expect-error no such path
    void client.GET("/vaultz");
    // @ts-expect-error the path parameter is required
    void client.GET("/vaults/{vault_id}");
    // @ts-expect-error vault_id is a string
    void client.GET("/vaults/{vault_id}", { params: { path: { vault_id: 1 } } });
    // @ts-expect-error /vaults/{vault_id}/archive has no GET
    void client.GET("/vaults/{vault_id}/archive", { params: { path: { vault_id: "v" } } });
    // @ts-expect-error unknown event kind
    void client.POST("/webhook_endpoints", { body: { url: "https://h.example", events: ["session.exploded"] } });
    // @ts-expect-error the token is required
    createCloudAgentsClient({ baseUrl: "http://127.0.0.1:8080" });
    // @ts-expect-error timeoutMs is a number
    createCloudAgentsClient({ baseUrl: "http://127.0.0.1:8080", token: "t", timeoutMs: "30s" });
  });
});

describe("paginate", () => {
  it("is offered for every list and yields its record type", async () => {
    expectTypeOf<"/vaults">().toExtend<ListPath>();
    expectTypeOf<"/skills/{skill_id}/versions">().toExtend<ListPath>();
    expectTypeOf<"/webhook_events">().toExtend<ListPath>();
    expectTypeOf<ListItem<"/sessions/{session_id}/events">>().toEqualTypeOf<Schemas["SessionEvent"]>();
    for await (const skill of client.paginate("/skills", { params: { query: { limit: 100, source: "vendor" } } })) {
      expectTypeOf(skill).toEqualTypeOf<Schemas["Skill"]>();
    }
    for await (const credential of client.paginate("/vaults/{vault_id}/credentials", {
      params: { path: { vault_id: "vault_1" } },
    })) {
      expectTypeOf(credential).toEqualTypeOf<Schemas["VaultCredential"]>();
    }
    // Every GET whose 200 is a page is a list path, and nothing else is.
    type Lists = {
      [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { "application/json": infer B } } } } }
        ? B extends { has_more: boolean }
          ? P
          : never
        : never;
    }[keyof paths];
    expectTypeOf<ListPath>().toEqualTypeOf<Lists>();
  });

  it("refuses what is not a list, and a list without its path parameters", () => {
    // @ts-expect-error one vault is not a list
    void client.paginate("/vaults/{vault_id}", { params: { path: { vault_id: "v" } } });
    // @ts-expect-error POST-only path
    void client.paginate("/vaults/{vault_id}/archive");
    // @ts-expect-error vault_id is required
    void client.paginate("/vaults/{vault_id}/credentials");
    // @ts-expect-error limit is a number
    void client.paginate("/vaults", { params: { query: { limit: "10" } } });
  });
});

describe("errors and webhooks", () => {
  it("have a typed hierarchy", () => {
    expectTypeOf<CloudAgentsTimeoutError>().toExtend<CloudAgentsConnectionError>();
    expectTypeOf<CloudAgentsConnectionError>().toExtend<CloudAgentsError>();
    expectTypeOf<CloudAgentsApiError>().toExtend<CloudAgentsError>();
    expectTypeOf<CloudAgentsApiError["type"]>().toEqualTypeOf<ErrorType | undefined>();
    expectTypeOf<CloudAgentsTimeoutError["timeoutMs"]>().toEqualTypeOf<number>();
    expectTypeOf(CloudAgentsApiError.from).parameter(0).toExtend<{ response: Response }>();
  });

  it("type each delivery by its kind", () => {
    const event = verifyWebhook("{}", "t=1,v1=00", "whsec_x");
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    expectTypeOf(event.data.type).toEqualTypeOf<WebhookEventType>();
    if (event.data.type === "session.thread_created") {
      expectTypeOf(event.data.session_thread_id).toEqualTypeOf<string>();
    }
    expectTypeOf<WebhookPayload<"agent.updated">["data"]["version"]>().toEqualTypeOf<number>();
    // @ts-expect-error not an event kind
    expectTypeOf<WebhookPayload<"agent.exploded">>().toBeNever();
    // @ts-expect-error the secret is required
    verifyWebhook("{}", "t=1,v1=00");
  });
});

describe("streams", () => {
  it("yield session events and envelopes, narrowed by the types asked for", () => {
    expectTypeOf(client.streamSessionEvents("sess_1")).toEqualTypeOf<
      AsyncGenerator<Schemas["SessionEvent"], void, undefined>
    >();
    const statuses = client.streamSessionEvents("sess_1", { types: ["session.status_idled", "agent.message"] });
    expectTypeOf(statuses).toEqualTypeOf<
      AsyncGenerator<Schemas["SessionEventStatus"] | Schemas["SessionEventAgentMessage"], void, undefined>
    >();
    expectTypeOf(client.streamThreadEvents("sess_1", "sthr_1", { types: ["agent.message"] })).toEqualTypeOf<
      AsyncGenerator<Schemas["SessionEventAgentMessage"], void, undefined>
    >();
    const envelopes = client.streamEvents({ types: ["deployment_run.failed"] });
    type Yielded<G> = G extends AsyncGenerator<infer Y, void, undefined> ? Y : never;
    expectTypeOf<Yielded<typeof envelopes>["data"]>().toEqualTypeOf<Schemas["DeploymentRunFailedEventData"]>();
    expectTypeOf(client.streamEvents()).toEqualTypeOf<
      AsyncGenerator<Omit<Schemas["EventEnvelope"], "data"> & { data: Schemas["EventData"] }, void, undefined>
    >();
    // @ts-expect-error not a session event type
    void client.streamSessionEvents("sess_1", { types: ["agent.exploded"] });
    // @ts-expect-error not an event kind
    void client.streamEvents({ types: ["session.exploded"] });
    // @ts-expect-error the signal is an AbortSignal
    void client.streamEvents({ signal: 5 });
  });
});
