/* DO NOT EDIT: generated from openapi/v1/ by `npm run generate`. */

export interface paths {
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description `client.beta.agents.list`: newest first; archived ones only with `include_archived`.
         */
        get: operations["v1ListAgents"];
        put?: never;
        /**
         * Create an agent
         * @description `client.beta.agents.create`: the agent at version 1; `model` may be an id or `{id}`.
         */
        post: operations["v1CreateAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an agent
         * @description `client.beta.agents.retrieve`: the latest version, or `version`.
         */
        get: operations["v1RetrieveAgent"];
        put?: never;
        /**
         * Update an agent
         * @description `client.beta.agents.update`: a change makes a new version; `version`, when given, must be the latest.
         */
        post: operations["v1UpdateAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an agent
         * @description `client.beta.agents.archive`: it stays readable and takes no new sessions.
         */
        post: operations["v1ArchiveAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        /**
         * List an agent's versions
         * @description `client.beta.agents.versions.list`: newest first.
         */
        get: operations["v1ListAgentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List environments
         * @description `client.beta.environments.list`: newest first.
         */
        get: operations["v1ListEnvironments"];
        put?: never;
        /**
         * Create an environment
         * @description `client.beta.environments.create`: a cloud container.
         */
        post: operations["v1CreateEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an environment
         * @description `client.beta.environments.retrieve`.
         */
        get: operations["v1RetrieveEnvironment"];
        put?: never;
        /**
         * Update an environment
         * @description `client.beta.environments.update` (partial).
         */
        post: operations["v1UpdateEnvironment"];
        /**
         * Delete an environment
         * @description `client.beta.environments.delete`: refused (409) while a session or deployment uses it.
         */
        delete: operations["v1DeleteEnvironment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an environment
         * @description `client.beta.environments.archive`: it takes no new sessions.
         */
        post: operations["v1ArchiveEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * List work items
         * @description `client.beta.environments.work.list`: the environment's work items, newest first.
         */
        get: operations["v1ListWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/poll": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Poll for work
         * @description `client.beta.environments.work.poll`: hands the oldest queued item to this poll (no other poll gets it until `reclaim_older_than_ms` passes without an ack), waiting up to `block_ms` for one; 204 when there is none.
         */
        get: operations["v1PollWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/stats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Work queue statistics
         * @description `client.beta.environments.work.stats`: depth, items handed out and not acknowledged, the oldest queued item, workers polling.
         */
        get: operations["v1WorkStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/{work_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a work item
         * @description `client.beta.environments.work.retrieve`.
         */
        get: operations["v1RetrieveWork"];
        put?: never;
        /**
         * Update a work item
         * @description `client.beta.environments.work.update`: merges the metadata patch (at most 16 keys).
         */
        post: operations["v1UpdateWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/{work_id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge a work item
         * @description `client.beta.environments.work.ack`: `queued` → `starting`; the item leaves the queue and its lease starts (90 s, renewed by heartbeats). 409 when it is not queued.
         */
        post: operations["v1AckWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/{work_id}/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Heartbeat a work item
         * @description `client.beta.environments.work.heartbeat`: renews the lease of a `starting` or `active` item (it becomes `active`); a `stopping` item keeps its lease so the worker can finish; a lease that ran out (the item was queued again) is 412.
         */
        post: operations["v1HeartbeatWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/environments/{environment_id}/work/{work_id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a work item
         * @description `client.beta.environments.work.stop`: `stopping` (the worker is told by its next heartbeat), or `stopped` at once with `force`; 409 when it is stopped already.
         */
        post: operations["v1StopWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions
         * @description `client.beta.sessions.list`: newest first (`order=asc`: oldest first), optionally in a `created_at` range, in some `statuses[]`, of one agent (and version), deployment or memory store.
         */
        get: operations["v1ListSessions"];
        put?: never;
        /**
         * Create a session
         * @description `client.beta.sessions.create`: `agent` is an id (its latest version) or a reference; `initial_events` start its first run; `resources` mount memory stores (an archived one is a 409).
         */
        post: operations["v1CreateSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a session
         * @description `client.beta.sessions.retrieve`.
         */
        get: operations["v1RetrieveSession"];
        put?: never;
        /**
         * Update a session
         * @description `client.beta.sessions.update` (partial).
         */
        post: operations["v1UpdateSession"];
        /**
         * Delete a session
         * @description `client.beta.sessions.delete`: refused (409) while it runs.
         */
        delete: operations["v1DeleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a session
         * @description `client.beta.sessions.archive`.
         */
        post: operations["v1ArchiveSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's events
         * @description `client.beta.sessions.events.list`: oldest first (`order=desc`: newest first), optionally in a `created_at` range; up to 1000 a page (the SDK's session tool runner reads the history 1000 at a time).
         */
        get: operations["v1ListSessionEvents"];
        put?: never;
        /**
         * Send events to a session
         * @description `client.beta.sessions.events.send`: a `user.message` starts a run.
         */
        post: operations["v1SendSessionEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * Stream a session's events
         * @description `client.beta.sessions.events.stream`: Server-Sent Events, history then live.
         */
        get: operations["v1StreamSessionEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List session resources
         * @description `client.beta.sessions.resources.list`.
         */
        get: operations["v1ListSessionResources"];
        put?: never;
        /**
         * Add a session resource
         * @description `client.beta.sessions.resources.add`.
         */
        post: operations["v1AddSessionResource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/resources/{resource_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The session resource id (`sres_...`). */
                resource_id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        /**
         * Get a session resource
         * @description `client.beta.sessions.resources.retrieve`.
         */
        get: operations["v1RetrieveSessionResource"];
        put?: never;
        /**
         * Rotate a repository token
         * @description `client.beta.sessions.resources.update`: a new `authorization_token` (idle sessions only).
         */
        post: operations["v1UpdateSessionResource"];
        /**
         * Remove a session resource
         * @description `client.beta.sessions.resources.delete` (idle sessions only).
         */
        delete: operations["v1DeleteSessionResource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/threads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's threads
         * @description `client.beta.sessions.threads.list`.
         */
        get: operations["v1ListSessionThreads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/threads/{thread_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a thread
         * @description `client.beta.sessions.threads.retrieve`.
         */
        get: operations["v1RetrieveSessionThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/threads/{thread_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a thread
         * @description `client.beta.sessions.threads.archive`: a thread that is not running; its sub-agent is not run again (409 while it runs).
         */
        post: operations["v1ArchiveSessionThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/threads/{thread_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * List a thread's events
         * @description `client.beta.sessions.threads.events.list`: oldest first.
         */
        get: operations["v1ListThreadEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}/threads/{thread_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * Stream a thread's events
         * @description `client.beta.sessions.threads.events.stream`: Server-Sent Events.
         */
        get: operations["v1StreamThreadEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List vaults
         * @description `client.beta.vaults.list`: newest first.
         */
        get: operations["v1ListVaults"];
        put?: never;
        /**
         * Create a vault
         * @description `client.beta.vaults.create`.
         */
        post: operations["v1CreateVault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a vault
         * @description `client.beta.vaults.retrieve`.
         */
        get: operations["v1RetrieveVault"];
        put?: never;
        /**
         * Update a vault
         * @description `client.beta.vaults.update` (partial).
         */
        post: operations["v1UpdateVault"];
        /**
         * Delete a vault
         * @description `client.beta.vaults.delete`, with its credentials.
         */
        delete: operations["v1DeleteVault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a vault
         * @description `client.beta.vaults.archive`.
         */
        post: operations["v1ArchiveVault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        /**
         * List a vault's credentials
         * @description `client.beta.vaults.credentials.list`.
         */
        get: operations["v1ListCredentials"];
        put?: never;
        /**
         * Create a credential
         * @description `client.beta.vaults.credentials.create`: the secret is encrypted at rest and never returned.
         */
        post: operations["v1CreateCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}/credentials/{credential_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a credential
         * @description `client.beta.vaults.credentials.retrieve`.
         */
        get: operations["v1RetrieveCredential"];
        put?: never;
        /**
         * Update a credential
         * @description `client.beta.vaults.credentials.update` (partial).
         */
        post: operations["v1UpdateCredential"];
        /**
         * Delete a credential
         * @description `client.beta.vaults.credentials.delete`.
         */
        delete: operations["v1DeleteCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}/credentials/{credential_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a credential
         * @description `client.beta.vaults.credentials.archive`.
         */
        post: operations["v1ArchiveCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vaults/{vault_id}/credentials/{credential_id}/mcp_oauth_validate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a credential
         * @description `client.beta.vaults.credentials.mcpOAuthValidate`: probes an MCP credential (`mcp_oauth` or `static_bearer`) against its MCP server, refreshing a rejected OAuth token once (`BetaManagedAgentsCredentialValidation`).
         */
        post: operations["v1ValidateCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deployments
         * @description `client.beta.deployments.list`: newest first.
         */
        get: operations["v1ListDeployments"];
        put?: never;
        /**
         * Create a deployment
         * @description `client.beta.deployments.create`: active, fires per its schedule.
         */
        post: operations["v1CreateDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{deployment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a deployment
         * @description `client.beta.deployments.retrieve`.
         */
        get: operations["v1RetrieveDeployment"];
        put?: never;
        /**
         * Update a deployment
         * @description `client.beta.deployments.update` (partial).
         */
        post: operations["v1UpdateDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{deployment_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a deployment
         * @description `client.beta.deployments.archive`: it never fires again.
         */
        post: operations["v1ArchiveDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{deployment_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a deployment
         * @description `client.beta.deployments.pause`: it fires nothing until unpaused.
         */
        post: operations["v1PauseDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{deployment_id}/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpause a deployment
         * @description `client.beta.deployments.unpause`: it fires per its schedule again.
         */
        post: operations["v1UnpauseDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployments/{deployment_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a deployment now
         * @description `client.beta.deployments.run`: a manual run, whatever the schedule.
         */
        post: operations["v1RunDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployment_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deployment runs
         * @description `client.beta.deploymentRuns.list`: newest first, optionally of one `deployment_id`.
         */
        get: operations["v1ListDeploymentRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deployment_runs/{deployment_run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployment run id (`drun_...`). */
                deployment_run_id: components["parameters"]["DeploymentRunId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a deployment run
         * @description `client.beta.deploymentRuns.retrieve`.
         */
        get: operations["v1RetrieveDeploymentRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills
         * @description `client.beta.skills.list`: uploaded (`custom`) and shipped (`anthropic`) skills.
         */
        get: operations["v1ListSkills"];
        put?: never;
        /**
         * Create a skill
         * @description `client.beta.skills.create`: `files` under one folder holding SKILL.md.
         */
        post: operations["v1CreateSkill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/skills/{skill_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a skill
         * @description `client.beta.skills.retrieve`.
         */
        get: operations["v1RetrieveSkill"];
        put?: never;
        post?: never;
        /**
         * Delete a skill
         * @description `client.beta.skills.delete`: refused (409) while an agent uses it.
         */
        delete: operations["v1DeleteSkill"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/skills/{skill_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        /**
         * List skill versions
         * @description `client.beta.skills.versions.list`: newest first.
         */
        get: operations["v1ListSkillVersions"];
        put?: never;
        /**
         * Create a skill version
         * @description `client.beta.skills.versions.create`: the files of a new version (it becomes the latest); vendor skills are read-only (403).
         */
        post: operations["v1CreateSkillVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/skills/{skill_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
                /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a skill version
         * @description `client.beta.skills.versions.retrieve`.
         */
        get: operations["v1RetrieveSkillVersion"];
        put?: never;
        post?: never;
        /**
         * Delete a skill version
         * @description `client.beta.skills.versions.delete`: refused (409) for the skill's only version, and (403) for vendor skills.
         */
        delete: operations["v1DeleteSkillVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/skills/{skill_id}/versions/{version}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
                /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        /**
         * Download a skill version
         * @description `client.beta.skills.versions.download`: the version's files as a zip, under its top-level folder.
         */
        get: operations["v1DownloadSkillVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files
         * @description `client.beta.files.list`: newest first; `scope_id` keeps one session's outputs.
         */
        get: operations["v1ListFiles"];
        put?: never;
        /**
         * Upload a file
         * @description `client.beta.files.upload`: one `file` part, streamed to storage.
         */
        post: operations["v1UploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file id (`file_...`). */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Get a file's metadata
         * @description `client.beta.files.retrieveMetadata`.
         */
        get: operations["v1RetrieveFileMetadata"];
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description `client.beta.files.delete`: the file and its bytes.
         */
        delete: operations["v1DeleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file id (`file_...`). */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Download a file
         * @description `client.beta.files.download`: the bytes, streamed, with the file's `mime_type`.
         */
        get: operations["v1DownloadFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memory stores
         * @description `client.beta.memoryStores.list`: newest first.
         */
        get: operations["v1ListMemoryStores"];
        put?: never;
        /**
         * Create a memory store
         * @description `client.beta.memoryStores.create`.
         */
        post: operations["v1CreateMemoryStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a memory store
         * @description `client.beta.memoryStores.retrieve`.
         */
        get: operations["v1RetrieveMemoryStore"];
        put?: never;
        /**
         * Update a memory store
         * @description `client.beta.memoryStores.update` (partial; an archived store answers 409).
         */
        post: operations["v1UpdateMemoryStore"];
        /**
         * Delete a memory store
         * @description `client.beta.memoryStores.delete`, with its memories and all their versions.
         */
        delete: operations["v1DeleteMemoryStore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a memory store
         * @description `client.beta.memoryStores.archive`: read-only from then on, and no longer attachable to new sessions.
         */
        post: operations["v1ArchiveMemoryStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * List memories
         * @description `client.beta.memoryStores.memories.list`: oldest first, optionally below `path_prefix`.
         */
        get: operations["v1ListMemories"];
        put?: never;
        /**
         * Create a memory
         * @description `client.beta.memoryStores.memories.create`: 409 when the path is taken, 413 over 100 KiB, 409 at 2,000 memories.
         */
        post: operations["v1CreateMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory id (`mem_...`). */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a memory
         * @description `client.beta.memoryStores.memories.retrieve`.
         */
        get: operations["v1RetrieveMemory"];
        put?: never;
        /**
         * Update a memory
         * @description `client.beta.memoryStores.memories.update`: a new content, only while `precondition` holds (else 409, nothing written).
         */
        post: operations["v1UpdateMemory"];
        /**
         * Delete a memory
         * @description `client.beta.memoryStores.memories.delete`: only while `expected_content_sha256` holds, when given (else 409, nothing deleted).
         */
        delete: operations["v1DeleteMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/memory_versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * List memory versions
         * @description `client.beta.memoryStores.memoryVersions.list`: newest first, optionally of one memory.
         */
        get: operations["v1ListMemoryVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory version id (`memver_...`). */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a memory version
         * @description `client.beta.memoryStores.memoryVersions.retrieve`.
         */
        get: operations["v1RetrieveMemoryVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory version id (`memver_...`). */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redact a memory version
         * @description `client.beta.memoryStores.memoryVersions.redact`: its content is removed from the database; the record stays.
         */
        post: operations["v1RedactMemoryVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dreams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dreams
         * @description `client.beta.dreams.list`: newest first, without archived ones unless `include_archived`, optionally in some `statuses[]` and a `created_at` range.
         */
        get: operations["v1ListDreams"];
        put?: never;
        /**
         * Create a dream
         * @description `client.beta.dreams.create`: `pending`, started at once by the server's dream worker as a session of its own.
         */
        post: operations["v1CreateDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dreams/{dream_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        /**
         * Retrieve a dream
         * @description `client.beta.dreams.retrieve`: archived ones too.
         */
        get: operations["v1RetrieveDream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dreams/{dream_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a dream
         * @description \`client.beta.dreams.archive\`: a completed, failed or canceled dream leaves the default list; 400 while pending or running.
         */
        post: operations["v1ArchiveDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dreams/{dream_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a dream
         * @description \`client.beta.dreams.cancel\`: \`canceled\` at once and its session interrupted; 400 once completed or failed.
         */
        post: operations["v1CancelDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organizations/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description `client.beta.organization.webhooks.list`: the endpoints made on /v1 (those made on `/api/v1/cloud` are listed there), newest first unless `order=asc`.
         */
        get: operations["v1ListOrganizationWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description `client.beta.organization.webhooks.create`: deliveries in the SDK's payload, signed with the Standard Webhooks headers; the secret is shown once.
         */
        post: operations["v1CreateOrganizationWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organizations/webhooks/{webhook_endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description `client.beta.organization.webhooks.retrieve`.
         */
        get: operations["v1RetrieveOrganizationWebhook"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description `client.beta.organization.webhooks.update`: only the fields sent change; `state: disabled` holds deliveries, `enabled` sends them.
         */
        post: operations["v1UpdateOrganizationWebhook"];
        /**
         * Delete a webhook endpoint
         * @description `client.beta.organization.webhooks.delete`: its undelivered events are discarded.
         */
        delete: operations["v1DeleteOrganizationWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organizations/webhooks/{webhook_endpoint_id}/regenerate_signing_secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a signing secret
         * @description `client.beta.organization.webhooks.regenerateSigningSecret`: a new secret, shown once; the old one stops signing at once.
         */
        post: operations["v1RegenerateOrganizationWebhookSigningSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The principal the agent's runs act as. Always `{"type": "service_account"}` here: runs act as this server itself (its sandbox, its network, the credentials of the session's vaults); there is no cloud role to assume, so `aws_role` is refused on create and update (400). */
        ExecutionIdentity: {
            /**
             * @description Always `service_account`.
             * @constant
             */
            type: "service_account";
        };
        /** @description The model an agent runs on. */
        ModelConfig: {
            /** @description The model (`echo`, `claude-...`, `openai/...`). */
            id: string;
            /**
             * @description Always `standard` here.
             * @enum {string}
             */
            speed?: "standard" | "fast";
        };
        /** @description The agent's tools: toolsets (`agent_toolset_20260401`, `mcp_toolset`) and custom tools, as on `/api/v1/cloud`. */
        AgentToolList: {
            /** @description The tool kind. */
            type: string;
        }[];
        /** @description The configuration fields shared by an agent and a session's copy of it. */
        AgentConfig: {
            execution_identity: components["schemas"]["ExecutionIdentity"];
            /** @description The agent id. */
            id: string;
            /**
             * @description Always `agent`.
             * @constant
             */
            type: "agent";
            /** @description The agent's name. */
            name: string;
            model: components["schemas"]["ModelConfig"];
            /** @description The system prompt. */
            system: string | null;
            /** @description What the agent is for. */
            description: string | null;
            tools: components["schemas"]["AgentToolList"];
            /** @description The MCP servers the agent connects to. */
            mcp_servers: {
                /**
                 * @description Always `url`.
                 * @constant
                 */
                type: "url";
                /** @description The server's name. */
                name: string;
                /** @description Its URL. */
                url: string;
            }[];
            /** @description The skills attached to the agent. */
            skills: {
                /**
                 * @description The skill kind.
                 * @enum {string}
                 */
                type: "anthropic" | "custom";
                /** @description The skill id. */
                skill_id: string;
            }[];
            /** @description The sub-agents this agent coordinates, or null. */
            multiagent: Record<string, never> | null;
            /** @description The configuration version. */
            version: number;
        };
        /** @description String keys and values, at most 16 keys. */
        Metadata: {
            [key: string]: string;
        };
        /**
         * Format: date-time
         * @description RFC 3339 UTC, or null.
         */
        NullableTimestamp: string | null;
        /**
         * Format: date-time
         * @description RFC 3339 UTC.
         */
        Timestamp: string;
        /** @description An agent (`BetaManagedAgentsAgent`). */
        Agent: components["schemas"]["AgentConfig"] & {
            metadata: components["schemas"]["Metadata"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The cursor of the next page (pass it as `page`), or null on the last page. */
        NextPage: string | null;
        /** @description One page of agents (`PageCursor`). */
        AgentList: {
            /** @description The agents, newest first. */
            data: components["schemas"]["Agent"][];
            next_page: components["schemas"]["NextPage"];
        };
        /**
         * @description `queued` (waiting for a worker; offered to one poll at a time), `starting` (acknowledged, the lease taken), `active` (heartbeating), `stopping` (stop asked: the worker finishes and stops it), `stopped`.
         * @enum {string}
         */
        WorkState: "queued" | "starting" | "active" | "stopping" | "stopped";
        /** @description The lease as the server holds it (`BetaWorkLeaseState`). */
        WorkLeaseState: {
            /** @description The stored heartbeat, or null. */
            last_heartbeat: string | null;
            /**
             * @description Always false.
             * @constant
             */
            lease_extended: false;
            state: components["schemas"]["WorkState"];
            /** @description The lease's time to live. */
            ttl_seconds: number;
        };
        /** @description The error envelope of the Anthropic API; the SDK raises the error class of the status. */
        ErrorResponse: {
            /**
             * @description Always `error`.
             * @constant
             */
            type: "error";
            /** @description What went wrong. */
            error: {
                /**
                 * @description The error type, one per status.
                 * @enum {string}
                 */
                type: "invalid_request_error" | "authentication_error" | "permission_error" | "not_found_error" | "request_too_large" | "rate_limit_error" | "api_error" | "overloaded_error";
                /** @description A readable explanation. */
                message: string;
                /** @description Machine-readable detail when there is some: `error_code` names the cause (`heartbeat_precondition_failed`, with the lease's `current_state`). */
                details?: {
                    /** @description The cause. */
                    error_code: string;
                    current_state?: components["schemas"]["WorkLeaseState"];
                };
            };
            /** @description The request id (also the `request-id` header). */
            request_id: string | null;
        };
        /** @description `{"type": "service_account"}` (the default) or null for the default; `aws_role` is refused (400). */
        ExecutionIdentityParam: null | {
            /** @description `service_account` (`aws_role` is refused). */
            type: string;
        };
        /** @description A model id, or a model configuration whose `id` is used. */
        ModelParam: string | components["schemas"]["ModelConfig"];
        /** @description The body of `client.beta.agents.create`. */
        AgentCreateParams: {
            execution_identity?: components["schemas"]["ExecutionIdentityParam"];
            /** @description The agent's name. */
            name: string;
            model: components["schemas"]["ModelParam"];
            /** @description The system prompt. */
            system?: string | null;
            /** @description What the agent is for. */
            description?: string | null;
            /** @description Toolsets and custom tools. */
            tools?: Record<string, never>[];
            /** @description MCP servers. */
            mcp_servers?: Record<string, never>[];
            /** @description Skills. */
            skills?: Record<string, never>[];
            /** @description Sub-agents. */
            multiagent?: Record<string, never> | null;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A patch of the metadata; a `null` value deletes the key. */
        MetadataPatch: {
            [key: string]: string | null;
        } | null;
        /** @description The body of `client.beta.agents.update` (partial; `version` is the version the change is based on). */
        AgentUpdateParams: {
            execution_identity?: components["schemas"]["ExecutionIdentityParam"];
            /** @description The agent's name. */
            name?: string;
            model?: components["schemas"]["ModelParam"];
            /** @description The system prompt. */
            system?: string | null;
            /** @description What the agent is for. */
            description?: string | null;
            /** @description Toolsets and custom tools. */
            tools?: Record<string, never>[] | null;
            /** @description MCP servers. */
            mcp_servers?: Record<string, never>[] | null;
            /** @description Skills. */
            skills?: Record<string, never>[] | null;
            /** @description Sub-agents. */
            multiagent?: Record<string, never> | null;
            metadata?: components["schemas"]["MetadataPatch"];
            /** @description The version the change is based on. */
            version?: number;
        };
        /** @description `BetaPackages`: the packages installed for every session of the environment, one list per manager (a name, optionally pinned: `name=1.2-1` apt, `name@1.2.3` npm, `name==1.2` pip, ...), built once into a read-only layer shared by its sessions (docs/packages.md). */
        Packages: {
            /**
             * @description Always `packages`.
             * @constant
             */
            type: "packages";
            /** @description Debian packages. */
            apt: string[];
            /** @description Rust crates (`cargo install`). */
            cargo: string[];
            /** @description Ruby gems. */
            gem: string[];
            /** @description Go modules (`go install`). */
            go: string[];
            /** @description Node.js packages. */
            npm: string[];
            /** @description Python packages. */
            pip: string[];
        };
        /** @description A cloud container (`BetaCloudConfig`). */
        CloudConfig: {
            /**
             * @description Always `cloud`.
             * @constant
             */
            type: "cloud";
            /** @description `unrestricted`, or `limited` to `allowed_hosts` (`BetaLimitedNetwork`: with `allow_mcp_servers` and `allow_package_managers`). */
            networking: {
                /**
                 * @description The networking mode.
                 * @enum {string}
                 */
                type: "unrestricted" | "limited";
                /** @description `limited`: the hosts commands may reach. */
                allowed_hosts?: string[];
                /** @description `limited`: whether the hosts of the agent's MCP servers may be reached too. */
                allow_mcp_servers?: boolean;
                /** @description `limited`: whether the configured package registries may be reached too. */
                allow_package_managers?: boolean;
            };
            packages: components["schemas"]["Packages"];
        };
        /** @description `BetaSelfHostedConfig`: the environment's built-in tool calls are run by workers that hold one of its keys and poll its work queue (`client.beta.environments.work`); the model loop stays on the server. */
        SelfHostedConfig: {
            /**
             * @description Always `self_hosted`.
             * @constant
             */
            type: "self_hosted";
        };
        /** @description An environment (`BetaEnvironment`). */
        Environment: {
            /** @description The environment id. */
            id: string;
            /**
             * @description Always `environment`.
             * @constant
             */
            type: "environment";
            /** @description The environment's name. */
            name: string;
            /** @description What it is for. */
            description: string | null;
            /** @description `BetaCloudConfig` (a container on the server) or `BetaSelfHostedConfig` (tools run by the workers of the environment's keys). */
            config: components["schemas"]["CloudConfig"] | components["schemas"]["SelfHostedConfig"];
            metadata: components["schemas"]["Metadata"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of environments. */
        EnvironmentList: {
            /** @description The environments, newest first. */
            data: components["schemas"]["Environment"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The packages of one manager: at most 100 names of at most 214 characters, letters, digits and `.+_-@=:/~^`, never starting with `-`. */
        PackageListParam: string[] | null;
        /** @description The body of `client.beta.environments.create` and `.update`. */
        EnvironmentParams: {
            /** @description The environment's name. */
            name?: string;
            /** @description What it is for. */
            description?: string | null;
            /** @description `BetaCloudConfigParams`: `{type: "cloud", networking?, packages?}`, or `BetaSelfHostedConfigParams`: `{type: "self_hosted"}` (no networking or packages: the workers' machines decide; 400 naming the field when given). `packages` (`BetaPackagesParams`) lists the packages of each manager, each a name optionally pinned in the manager's syntax; under `limited` networking `networking.allow_package_managers` must be true when any is given (400 naming the field). On update an omitted `packages` or `networking` keeps its value. */
            config?: {
                /**
                 * @description `cloud` (the default) or `self_hosted`.
                 * @enum {string}
                 */
                type?: "cloud" | "self_hosted";
                /** @description `{type: "unrestricted"}` or `{type: "limited", allowed_hosts?, allow_mcp_servers?, allow_package_managers?}`. */
                networking?: Record<string, never> | null;
                /** @description `BetaPackagesParams`: `{type?: "packages", apt?, cargo?, gem?, go?, npm?, pip?}`, each a list of names (null: empty). */
                packages?: {
                    /**
                     * @description Always `packages`.
                     * @constant
                     */
                    type?: "packages";
                    apt?: components["schemas"]["PackageListParam"];
                    cargo?: components["schemas"]["PackageListParam"];
                    gem?: components["schemas"]["PackageListParam"];
                    go?: components["schemas"]["PackageListParam"];
                    npm?: components["schemas"]["PackageListParam"];
                    pip?: components["schemas"]["PackageListParam"];
                } | null;
            } | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description What a delete answers: `{id, type: "<kind>_deleted"}`. */
        Deleted: {
            /** @description The deleted object's id. */
            id: string;
            /**
             * @description The kind deleted.
             * @enum {string}
             */
            type: "environment_deleted" | "session_deleted" | "vault_deleted" | "vault_credential_deleted" | "skill_deleted";
        };
        /** @description A work item of a self-hosted environment (`BetaSelfHostedWork`): `data` names the session whose built-in tool calls a worker is to run (`type: "session"`). */
        SelfHostedWork: {
            /** @description The work id (`work_...`). */
            id: string;
            /**
             * @description Always `work`.
             * @constant
             */
            type: "work";
            acknowledged_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            /** @description What to do (`BetaSessionWorkData`). */
            data: {
                /** @description The session (`sess_...`). */
                id: string;
                /**
                 * @description Always `session`.
                 * @constant
                 */
                type: "session";
            };
            /** @description The environment. */
            environment_id: string;
            latest_heartbeat_at: components["schemas"]["NullableTimestamp"];
            metadata: components["schemas"]["Metadata"];
            /** @description Always null: the worker's environment key is its credential for the item's session too. */
            secret: null;
            started_at: components["schemas"]["NullableTimestamp"];
            state: components["schemas"]["WorkState"];
            stop_requested_at: components["schemas"]["NullableTimestamp"];
            stopped_at: components["schemas"]["NullableTimestamp"];
        };
        /** @description One page of an environment's work items, newest first. */
        SelfHostedWorkList: {
            /** @description The work items. */
            data: components["schemas"]["SelfHostedWork"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The work queue of an environment (`BetaSelfHostedWorkQueueStats`). */
        WorkQueueStats: {
            /**
             * @description Always `work_queue_stats`.
             * @constant
             */
            type: "work_queue_stats";
            /** @description Items waiting for a worker (queued). */
            depth: number;
            /** @description Items a poll handed out that are not acknowledged yet. */
            pending: number;
            oldest_queued_at: components["schemas"]["NullableTimestamp"];
            /** @description Workers (by `Anthropic-Worker-ID`) that polled in the last 30 seconds. */
            workers_polling: number | null;
        };
        /** @description The body of `client.beta.environments.work.update`. */
        WorkUpdateParams: {
            /** @description A patch of the metadata; a `null` value deletes the key. */
            metadata: {
                [key: string]: string | null;
            };
        };
        /** @description What a heartbeat answers (`BetaSelfHostedWorkHeartbeatResponse`). */
        WorkHeartbeat: {
            /**
             * @description Always `work_heartbeat`.
             * @constant
             */
            type: "work_heartbeat";
            /** @description The heartbeat now stored (echo it as `expected_last_heartbeat` next time), or an empty string when none is. */
            last_heartbeat: string;
            /** @description Whether the lease was extended. */
            lease_extended: boolean;
            state: components["schemas"]["WorkState"];
            /** @description The lease's time to live from now. */
            ttl_seconds: number;
        };
        /** @description The body of `client.beta.environments.work.stop`. */
        WorkStopParams: {
            /** @description Stop at once (`stopped`) instead of asking the worker to (`stopping`). */
            force?: boolean;
        };
        /** @description An amount in minor units (`BetaMonetaryAmount`): `"2500"` is $25.00. */
        MonetaryAmount: {
            /** @description The amount in cents. */
            amount: string;
            /**
             * @description The currency.
             * @enum {string}
             */
            currency: "USD";
        };
        /** @description A list-cost budget (`BetaManagedAgentsBudgetLimit`): the turn stops (`budget_reached`) once the session's `usage.list_cost` reaches `max_list_cost`. */
        BudgetLimit: {
            /**
             * @description Always `limit`.
             * @constant
             */
            type: "limit";
            max_list_cost: components["schemas"]["MonetaryAmount"];
        };
        /** @description An outcome's state (the SDK's `BetaManagedAgentsOutcomeEvaluationResource`), from its evaluation spans. */
        OutcomeEvaluation: {
            /** @constant */
            type: "outcome_evaluation";
            /** @description The outcome's `outc_` id. */
            outcome_id: string;
            /** @description What the agent should produce. */
            description: string;
            /**
             * @description `pending` before its turn runs, `running` while the agent works (again after `needs_revision`), `evaluating` while the grader scores; the rest are terminal.
             * @enum {string}
             */
            result: "pending" | "running" | "evaluating" | "satisfied" | "max_iterations_reached" | "failed" | "interrupted";
            /** @description The revision cycle it is on, from 0. */
            iteration: number;
            /** @description The grader's words on the latest evaluation; null before the first. */
            explanation: string | null;
            completed_at: components["schemas"]["NullableTimestamp"];
        };
        /** @description A memory store a session uses (`BetaManagedAgentsMemoryStoreResource`). */
        SessionMemoryStoreResource: {
            /**
             * @description Always `memory_store`.
             * @constant
             */
            type: "memory_store";
            /** @description The store. */
            memory_store_id: string;
            /**
             * @description How the session's agent may use it.
             * @enum {string}
             */
            access: "read_write" | "read_only";
            /** @description The store's name (null once the store is deleted). */
            name: string | null;
            /** @description The store's description (empty when none). */
            description: string;
            /** @description Where the agent's tools see it, `/mnt/memory/<name>`. */
            mount_path: string | null;
            /** @description Always null here. */
            instructions: null;
        };
        /** @description Timing of a session or a thread. */
        TimingStats: {
            /** @description Seconds spent running turns. */
            active_seconds: number;
            /** @description Seconds since creation (for a terminated or archived one, until its last update). */
            duration_seconds: number;
        };
        /** @description Cumulative token counts as the model providers reported them (a session's include its threads'). Prompt-cache writes are not broken down by cache lifetime here, so `cache_creation` is absent. A session's carries `list_cost`: its model requests at the operator's list prices (MODEL_PRICES), in cents, rounded down. */
        TokenUsage: {
            /** @description Input tokens. */
            input_tokens: number;
            /** @description Output tokens. */
            output_tokens: number;
            /** @description Tokens read from the prompt cache. */
            cache_read_input_tokens: number;
            /** @description Seconds spent running turns (as `stats.active_seconds`). */
            active_seconds: number;
            list_cost?: components["schemas"]["MonetaryAmount"];
            /** @description The session's built-in `web_search` and `web_fetch` calls. */
            server_tool_use?: {
                /** @description `web_search` calls. */
                web_search_requests: number;
                /** @description `web_fetch` calls. */
                web_fetch_requests: number;
            };
        };
        /** @description A session (`BetaManagedAgentsSession`); `agent` is the agent version it runs. */
        Session: {
            /** @description The session id. */
            id: string;
            /**
             * @description Always `session`.
             * @constant
             */
            type: "session";
            agent: components["schemas"]["AgentConfig"];
            /** @description The environment it runs in. */
            environment_id: string;
            /**
             * @description The session's status.
             * @enum {string}
             */
            status: "rescheduling" | "running" | "idle" | "terminated";
            /** @description The title. */
            title: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description The vaults whose credentials it uses. */
            vault_ids: string[];
            /** @description The deployment that started it, if any. */
            deployment_id?: string | null;
            /** @description The list-cost budget; null without one (a token-only budget set on `/api/v1/cloud` is not shown: the SDK has no shape for it). */
            budget: components["schemas"]["BudgetLimit"] | null;
            /** @description One entry per `user.define_outcome` sent to the session, oldest first. */
            outcome_evaluations: components["schemas"]["OutcomeEvaluation"][];
            /** @description The memory stores it uses (the only resources here), in the order given at create. */
            resources: components["schemas"]["SessionMemoryStoreResource"][];
            stats: components["schemas"]["TimingStats"];
            usage: components["schemas"]["TokenUsage"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of sessions (`BidirectionalPageCursor`). */
        SessionList: {
            /** @description The sessions. */
            data: components["schemas"]["Session"][];
            next_page: components["schemas"]["NextPage"];
            /** @description Always null (paging backward is not offered). */
            prev_page: string | null;
        };
        /** @description A memory store for a new session (`BetaManagedAgentsMemoryStoreResourceParam`). */
        SessionMemoryStoreResourceParam: {
            /**
             * @description Always `memory_store`.
             * @constant
             */
            type: "memory_store";
            /** @description An active memory store of the account. */
            memory_store_id: string;
            /**
             * @description `read_write` (the default) or `read_only`.
             * @enum {string|null}
             */
            access?: "read_write" | "read_only" | null;
            /** @description Per-attachment guidance is not offered here (only null). */
            instructions?: null;
        };
        /** @description `{type: "branch", name}` or `{type: "commit", sha}`. */
        Checkout: {
            /**
             * @description Branch or commit.
             * @enum {string}
             */
            type: "branch" | "commit";
            /** @description The branch. */
            name?: string;
            /** @description The commit. */
            sha?: string;
        };
        /** @description The body of `client.beta.sessions.resources.add`: `{type: "file", file_id, mount_path?}`, or a `github_repository` `{url, authorization_token, mount_path?, checkout?}` (cloned inside `/workspace`, by default at `/workspace/<repository name>`). Only while the session is idle (409 while a turn runs). Mount paths as on /api/v1/cloud (400 naming `mount_path`). */
        ResourceAddParams: {
            /**
             * @description Its kind.
             * @enum {string}
             */
            type: "file" | "github_repository";
            /** @description The file. */
            file_id?: string;
            /** @description Where the agent sees it. */
            mount_path?: string | null;
            /** @description The repository URL (https). */
            url?: string;
            /** @description Its token (never returned). */
            authorization_token?: string;
            /** @description What to check out. */
            checkout?: components["schemas"]["Checkout"] | null;
        };
        /** @description The body of `client.beta.sessions.create`. */
        SessionCreateParams: {
            /** @description An agent id (latest version), `{type: "agent", id, version?}`, or `{type: "agent_with_overrides", id, version?, model?, system?, tools?, mcp_servers?, skills?}` (the overrides apply to this session only). */
            agent: string | {
                /** @description The agent id. */
                id: string;
            };
            /** @description The environment to run in. */
            environment_id: string;
            /** @description The title. */
            title?: string | null;
            metadata?: components["schemas"]["Metadata"];
            /** @description Vaults. */
            vault_ids?: string[];
            /** @description Events to start with (`user.message`, `user.define_outcome`). */
            initial_events?: Record<string, never>[];
            budget?: components["schemas"]["BudgetLimit"];
            /** @description Memory stores to mount at `/mnt/memory/<name>/` (at most 8; an archived one is a 409), and `file` and `github_repository` resources (as `resources.add` takes them). */
            resources?: (components["schemas"]["SessionMemoryStoreResourceParam"] | components["schemas"]["ResourceAddParams"])[];
        };
        /** @description The body of `client.beta.sessions.update`. */
        SessionUpdateParams: {
            /** @description The `tools` and `mcp_servers` of the session's next turns, replacing the current ones; only while it is idle (409 otherwise). */
            agent?: {
                /** @description The tools. */
                tools?: Record<string, never>[];
                /** @description The MCP servers. */
                mcp_servers?: Record<string, never>[];
            };
            /** @description The title. */
            title?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
            /** @description Vaults. */
            vault_ids?: string[];
            /** @description A new list-cost budget, or null to remove it. */
            budget?: components["schemas"]["BudgetLimit"] | null;
        };
        /** @description The error of a `session.error`, as the SDK types it. Ours map to it: a model provider's failure is `model_rate_limited_error` (it answered 429), `model_overloaded_error` (529 or 503) or `model_request_failed_error`; an MCP server that could not be connected is `mcp_connection_failed_error` (`mcp_authentication_failed_error` when it refused the credential); too many tool rounds is `tool_use_limit_reached_error`; a repository that could not be cloned is `repository_clone_error`; anything else is `unknown_error` with our words. */
        SessionError: {
            /**
             * @description The SDK's error type.
             * @enum {string}
             */
            type: "unknown_error" | "model_overloaded_error" | "model_rate_limited_error" | "model_request_failed_error" | "mcp_connection_failed_error" | "mcp_authentication_failed_error" | "tool_use_limit_reached_error" | "repository_clone_error";
            /** @description A readable explanation. */
            message: string;
            /** @description `retrying` (the server retries after a back-off), `exhausted` (the turn is over) or `terminal` (the session cannot run again). */
            retry_status: {
                /**
                 * @description The retry status.
                 * @enum {string}
                 */
                type: "retrying" | "exhausted" | "terminal";
            };
            /** @description The MCP server concerned (MCP errors). */
            mcp_server_name?: string;
            /** @description The repository (repository errors; null when unknown). */
            repository_url?: string | null;
        };
        /** @description One event of a session (`BetaManagedAgentsSessionEvent`): `user.message`, `user.interrupt`, `agent.message`, `agent.tool_use`, `agent.tool_result`, `session.status_running`, `session.status_idle`, `session.error`, ... each with `processed_at`. A call of an MCP server's tool is `agent.mcp_tool_use` (with `mcp_server_name`) and its outcome `agent.mcp_tool_result` (`mcp_tool_use_id` is the call's `tool_use_id`, as `tool_use_id` is on `agent.tool_result`); a coordinator's hand-over to a sub-agent's thread is `agent.thread_message_sent` and the thread's answer `agent.thread_message_received`; `session.error` carries the SDK's error types with `retry_status` (a retried error is followed by `session.status_rescheduled`); `session.status_terminated` when the session's agent was deleted; a session stream's last message is `session.deleted` when the session is deleted. A sub-agent's `agent.tool_use`, `agent.mcp_tool_use` and `agent.custom_tool_use` carry its `session_thread_id` and are answered on the session like the primary agent's. Two more than the SDK types, with `packages {digest, action, duration_ms?}`: `session.status_preparing` (a turn waits for its environment's package layer) and `session.status_prepared` (the layer is ready, after `duration_ms`); a failed install is a `session.error` of type `packages_failed`. Outcomes: `user.define_outcome` (with its `outcome_id`), `span.outcome_evaluation_start` and `span.outcome_evaluation_end` (`result`, `explanation`, `usage`); `agent.thinking` carries the reasoning text in `thinking` besides the SDK's fields. And `session.status_waiting_for_worker` with `work {work_id, calls}`: a self-hosted environment's turn waits for a worker to run its built-in calls. */
        SessionEvent: {
            /** @description The event id. */
            id: string;
            /** @description The event type (the SDK's names, e.g. `session.status_idle`, never ours such as `session.status_idled`). */
            type: string;
            /** @description The MCP server of the tool (`agent.mcp_tool_use`). */
            mcp_server_name?: string;
            /** @description The `tool_use_id` of the call it answers (`agent.mcp_tool_result`). */
            mcp_tool_use_id?: string;
            /** @description The thread the message went to (`agent.thread_message_sent`). */
            to_session_thread_id?: string;
            /** @description The name of that thread's agent (`agent.thread_message_sent`). */
            to_agent_name?: string;
            /** @description The thread the message came from (`agent.thread_message_received`). */
            from_session_thread_id?: string;
            /** @description The name of that thread's agent (`agent.thread_message_received`). */
            from_agent_name?: string;
            error?: components["schemas"]["SessionError"];
            /** @description When the server recorded it. */
            processed_at: string | null;
            /** @description The thread concerned, if any. */
            session_thread_id?: string | null;
            /** @description The name of the thread's agent (on thread events). */
            agent_name?: string;
            /** @description Always null here. */
            stop_details?: null;
            /** @description Content blocks (messages). */
            content?: {
                /** @description The block kind. */
                type: string;
            }[];
            /** @description Why the session went idle (on `session.status_idle`). */
            stop_reason?: {
                /** @description The reason kind. */
                type: string;
            };
            /** @description On `session.status_preparing` and `session.status_prepared`: the package layer waited for. */
            packages?: {
                /** @description The digest of the normalised package set. */
                digest: string;
                /**
                 * @description What the server did: built it, waited for another build, or unpacked another replica's.
                 * @enum {string}
                 */
                action: "build" | "wait" | "unpack";
                /** @description `session.status_prepared`: how long the turn waited, in milliseconds. */
                duration_ms?: number;
            };
        } & (unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown);
        /** @description One page of a session's (or a thread's) events. */
        SessionEventList: {
            /** @description The events. */
            data: components["schemas"]["SessionEvent"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.sessions.events.send`. */
        EventSendParams: {
            /** @description `user.message`, `user.interrupt`, `user.define_outcome` and the answers to a waiting turn. */
            events: {
                /** @description The event type. */
                type: string;
            }[];
        };
        /** @description The events as recorded (`BetaManagedAgentsSendSessionEvents`). */
        SendEventsResponse: {
            /** @description The recorded events. */
            data: components["schemas"]["SessionEvent"][];
        };
        /** @description Server-Sent Events: one message per event, `event: <type>` and `data: <the event as JSON>` (the `SessionEvent` schema), history first, then live; `: ping` comments keep it open. */
        SessionEventStream: string;
        /** @description A session resource: `BetaManagedAgentsFileResource`, `...GitHubRepositoryResource` (never its token) or `...MemoryStoreResource`. */
        SessionResource: {
            /** @description The resource id (`sres_...`; absent on a memory store). */
            id?: string;
            /**
             * @description Its kind.
             * @enum {string}
             */
            type: "file" | "github_repository" | "memory_store";
            /** @description The file. */
            file_id?: string;
            /** @description The repository URL. */
            url?: string;
            /** @description What is checked out; null for the default branch. */
            checkout?: components["schemas"]["Checkout"] | null;
            /** @description Where the agent sees it. */
            mount_path?: string | null;
            /** @description The memory store. */
            memory_store_id?: string;
            /**
             * @description How the store may be used.
             * @enum {string|null}
             */
            access?: "read_write" | "read_only" | null;
            /** @description The store's name. */
            name?: string | null;
            /** @description The store's description. */
            description?: string;
            /** @description Always null here. */
            instructions?: null;
            created_at?: components["schemas"]["Timestamp"];
            updated_at?: components["schemas"]["Timestamp"];
        };
        /** @description One page of a session's resources (`PageCursor`), oldest first; memory stores on the last page. */
        SessionResourceList: {
            /** @description The resources. */
            data: components["schemas"]["SessionResource"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.sessions.resources.update`: a new token for a repository. */
        ResourceUpdateParams: {
            /** @description The new token. */
            authorization_token: string;
        };
        /** @description `BetaManagedAgentsDeleteSessionResource`. */
        DeletedSessionResource: {
            /** @description The removed resource. */
            id: string;
            /**
             * @description Always `session_resource_deleted`.
             * @constant
             */
            type: "session_resource_deleted";
        };
        /** @description A thread of a session (`BetaManagedAgentsSessionThread`). */
        Thread: {
            /** @description The thread id. */
            id: string;
            /**
             * @description Always `session_thread`.
             * @constant
             */
            type: "session_thread";
            /** @description Its session. */
            session_id: string;
            agent: components["schemas"]["AgentConfig"];
            /**
             * @description The thread's status.
             * @enum {string}
             */
            status: "running" | "idle" | "terminated";
            /** @description Always null (threads are children of the primary one). */
            parent_thread_id: string | null;
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            stats: components["schemas"]["TimingStats"];
            usage: components["schemas"]["TokenUsage"];
            /** @description Always null. */
            workflow_run_id: null;
        };
        /** @description One page of threads. */
        ThreadList: {
            /** @description The threads. */
            data: components["schemas"]["Thread"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description A vault (`BetaManagedAgentsVault`). */
        Vault: {
            /** @description The vault id. */
            id: string;
            /**
             * @description Always `vault`.
             * @constant
             */
            type: "vault";
            /** @description Its name. */
            display_name: string;
            metadata: components["schemas"]["Metadata"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of vaults. */
        VaultList: {
            /** @description The vaults. */
            data: components["schemas"]["Vault"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.vaults.create` and `.update`. */
        VaultParams: {
            /** @description Its name. */
            display_name?: string;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description Where the secret goes: `unrestricted`, or `limited` to `allowed_hosts` (exact names, IPv4 addresses or `*.` wildcards). */
        CredentialNetworking: {
            /**
             * @description The scope.
             * @enum {string}
             */
            type: "unrestricted" | "limited";
            /** @description The hosts (with `limited`). */
            allowed_hosts?: string[];
        };
        /** @description Where the placeholder is replaced by the secret (`BetaManagedAgentsInjectionLocationResponse`). */
        InjectionLocation: {
            /** @description In request header values. */
            header: boolean;
            /** @description In the request body. */
            body: boolean;
        };
        /** @description A credential of a vault (`BetaManagedAgentsCredential`); secrets are never returned. */
        Credential: {
            /** @description The credential id. */
            id: string;
            /**
             * @description Always `vault_credential`.
             * @constant
             */
            type: "vault_credential";
            /** @description Its vault. */
            vault_id: string;
            /** @description Its name. */
            display_name?: string | null;
            /**
             * @description How it authenticates (`static_bearer`, `mcp_oauth`, `environment_variable`), without secrets.
             *     An `environment_variable` credential (`BetaManagedAgentsEnvironmentVariableAuthResponse`)
             *     shows `secret_name`, `networking` and `injection_location`, never `secret_value`.
             */
            auth: {
                /**
                 * @description The kind.
                 * @enum {string}
                 */
                type: "static_bearer" | "mcp_oauth" | "environment_variable";
                /** @description Never returned. */
                token?: unknown;
                /** @description Never returned. */
                access_token?: unknown;
                /** @description Never returned. */
                value?: unknown;
                /** @description Never returned. */
                secret_value?: unknown;
                /** @description `environment_variable`: the variable's name. */
                secret_name?: string;
                networking?: components["schemas"]["CredentialNetworking"];
                injection_location?: components["schemas"]["InjectionLocation"];
            };
            metadata: components["schemas"]["Metadata"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of credentials. */
        CredentialList: {
            /** @description The credentials. */
            data: components["schemas"]["Credential"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.vaults.credentials.create` and `.update`. */
        CredentialParams: {
            /** @description Its name. */
            display_name?: string | null;
            /**
             * @description The credential's kind and secret. `environment_variable`
             *     (`BetaManagedAgentsEnvironmentVariableCreateParams` / `...UpdateParams`): `secret_name`
             *     (create only), `secret_value`, `networking` and `injection_location`, with the native
             *     surface's rules (EnvironmentVariableAuthInput / EnvironmentVariableAuthUpdate).
             */
            auth?: {
                /** @description The kind. */
                type: string;
            };
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description An HTTP error answer captured during a credential's validation, its body cut and scrubbed of the credential's secrets. */
        HttpResponseCapture: {
            /**
             * @description The HTTP status.
             * @example 401
             */
            status_code: number;
            /**
             * @description The `Content-Type` of the answer (empty when absent).
             * @example application/json
             */
            content_type: string;
            /**
             * @description The body, at most 1,024 characters, with the credential's tokens replaced by `[redacted]`.
             * @example {"error":"invalid_token"}
             */
            body: string;
            /**
             * @description Whether `body` was cut.
             * @example false
             */
            body_truncated: boolean;
        };
        /** @description The verdict of probing an MCP credential against its MCP server: the server is initialized and its tools listed with the credential's token; a token rejected with 401 is refreshed once when the credential has a refresh token, and the probe repeated (the new token is stored). */
        CredentialValidation: {
            /**
             * @description Always `vault_credential_validation`.
             * @example vault_credential_validation
             * @constant
             */
            type: "vault_credential_validation";
            /**
             * @description The credential probed.
             * @example vcred_01JD3Q7N3C8Y0S5U9W1X6Z2A4L
             */
            credential_id: string;
            /**
             * @description Its vault.
             * @example vault_01JD3Q7M2B7X9R4T8V0W5Y1Z3K
             */
            vault_id: string;
            /**
             * @description `valid`: the server accepted the token. `invalid`: it rejected it and no refresh saved it. `unknown`: the server could not tell (unreachable, timeout, another error).
             * @example valid
             * @enum {string}
             */
            status: "valid" | "invalid" | "unknown";
            /**
             * @description Whether the credential holds a refresh token and a refresh configuration.
             * @example true
             */
            has_refresh_token: boolean;
            /**
             * @description The MCP step that failed, or null when the probe succeeded (or no token could be had to present).
             * @example null
             */
            mcp_probe: null | {
                /**
                 * @description The MCP method that failed (`initialize`, `tools/list`, ...).
                 * @example initialize
                 */
                method: string;
                /** @description The server's HTTP error answer, or null when there was none (timeout, DNS or TLS failure). */
                http_response: null | components["schemas"]["HttpResponseCapture"];
            };
            /**
             * @description The refresh attempted, or null when none was needed.
             * @example null
             */
            refresh: null | {
                /**
                 * @description `succeeded`, `failed` (the token endpoint answered an error), `connect_error` (it could not be reached) or `no_refresh_token` (the server rejected the token and there is no refresh token).
                 * @example succeeded
                 * @enum {string}
                 */
                status: "succeeded" | "failed" | "connect_error" | "no_refresh_token";
                /** @description The token endpoint's error answer when `status` is `failed`, else null. */
                http_response: null | components["schemas"]["HttpResponseCapture"];
            };
            /**
             * Format: date-time
             * @description When the probe ran.
             * @example 2026-11-21T12:34:56.789Z
             */
            validated_at: string;
        };
        /** @description An agent and a version (`BetaManagedAgentsAgentReference`). */
        AgentReference: {
            /**
             * @description Always `agent`.
             * @constant
             */
            type: "agent";
            /** @description The agent id. */
            id: string;
            /** @description The version (0 only for an agent deleted since). */
            version: number;
        };
        /** @description A deployment (`BetaManagedAgentsDeployment`). */
        Deployment: {
            /** @description The deployment id. */
            id: string;
            /**
             * @description Always `deployment`.
             * @constant
             */
            type: "deployment";
            /** @description Its name. */
            name: string;
            /** @description A note. */
            description: string | null;
            agent: components["schemas"]["AgentReference"];
            /** @description The environment its sessions run in. */
            environment_id: string;
            /** @description The events each run starts with. */
            initial_events: Record<string, never>[];
            metadata: components["schemas"]["Metadata"];
            /** @description Why it is paused, or null. */
            paused_reason: Record<string, never> | null;
            /** @description Resources of its sessions. */
            resources: Record<string, never>[];
            /** @description Its schedule, or null. */
            schedule: Record<string, never> | null;
            /**
             * @description Its status.
             * @enum {string}
             */
            status: "active" | "paused";
            /** @description Vaults. */
            vault_ids: string[];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of deployments. */
        DeploymentList: {
            /** @description The deployments. */
            data: components["schemas"]["Deployment"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.deployments.create` and `.update`. */
        DeploymentParams: {
            /** @description Its name. */
            name?: string;
            /** @description An agent id or `{type: "agent", id, version?}`. */
            agent?: string | {
                /** @description The agent id. */
                id: string;
            };
            /** @description The environment. */
            environment_id?: string;
            /** @description Events each run starts with. */
            initial_events?: Record<string, never>[];
            /** @description The schedule. */
            schedule?: Record<string, never> | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description A run of a deployment (`BetaManagedAgentsDeploymentRun`). */
        DeploymentRun: {
            /** @description The run id. */
            id: string;
            /**
             * @description Always `deployment_run`.
             * @constant
             */
            type: "deployment_run";
            agent: components["schemas"]["AgentReference"];
            /** @description Its deployment. */
            deployment_id: string;
            /** @description The session it started. */
            session_id: string | null;
            /** @description Why it failed, or null. */
            error: {
                /** @description The error kind. */
                type?: string;
            } | null;
            /** @description What started it. */
            trigger_context: {
                /**
                 * @description `manual` or `schedule`.
                 * @enum {string}
                 */
                type: "manual" | "schedule";
            };
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of deployment runs. */
        DeploymentRunList: {
            /** @description The runs. */
            data: components["schemas"]["DeploymentRun"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description A skill (`BetaSkill`). */
        Skill: {
            /** @description The skill id. */
            id: string;
            /**
             * @description Always `skill`.
             * @constant
             */
            type: "skill";
            /** @description Its title. */
            display_name: string;
            /** @description Its latest version. */
            latest_version_id: string;
            /** @description Where it comes from. */
            source: {
                /**
                 * @description `custom` (uploaded) or `anthropic` (shipped with the server).
                 * @enum {string}
                 */
                type: "custom" | "anthropic";
            };
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of skills. */
        SkillList: {
            /** @description The skills. */
            data: components["schemas"]["Skill"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The multipart body of `client.beta.skills.create`. */
        SkillCreateParams: {
            /** @description The files, under one top-level folder holding SKILL.md. */
            files: string[];
            /** @description Its title. */
            display_name?: string;
        };
        /** @description A version of a skill (`BetaSkillVersion`). */
        SkillVersion: {
            /**
             * @description The version (epoch microseconds), as `latest_version_id` and the paths name it.
             * @example 1764650000123456
             */
            id: string;
            /**
             * @description Always `skill_version`.
             * @constant
             */
            type: "skill_version";
            /** @description The skill. */
            skill_id: string;
            /** @description The `name` of its SKILL.md front matter (the skill's slug). */
            name: string;
            /** @description The `description` of its SKILL.md front matter. */
            description: string;
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of versions, newest first. */
        SkillVersionList: {
            /** @description The versions. */
            data: components["schemas"]["SkillVersion"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The multipart body of `client.beta.skills.versions.create`. */
        SkillVersionCreateParams: {
            /** @description The files of the new version: SKILL.md (whose `name` must be the skill's) and the rest. */
            files: string[];
        };
        /** @description What deleting a version answers (`BetaDeletedSkillVersion`). */
        DeletedSkillVersion: {
            /** @description The deleted version. */
            id: string;
            /**
             * @description Always `skill_version_deleted`.
             * @constant
             */
            type: "skill_version_deleted";
        };
        /** @description The scope of a file (`BetaFileScope`). */
        FileScope: {
            /** @description The session id. */
            id: string;
            /**
             * @description Always `session`.
             * @constant
             */
            type: "session";
        };
        /** @description A file (`BetaFileMetadata`). */
        FileMetadata: {
            /** @description The file id. */
            id: string;
            /**
             * @description Always `file`.
             * @constant
             */
            type: "file";
            /** @description Its name (an output's path under `/mnt/session/outputs/`). */
            filename: string;
            /** @description Its media type. */
            mime_type: string;
            /** @description Its size. */
            size_bytes: number;
            created_at: components["schemas"]["Timestamp"];
            /** @description Whether it can be downloaded. */
            downloadable: boolean;
            expires_at: components["schemas"]["NullableTimestamp"];
            /** @description The session it is an output of, or null. */
            scope: components["schemas"]["FileScope"] | null;
        };
        /** @description One page of files (`PageCursor`), newest first. */
        FileList: {
            /** @description The files. */
            data: components["schemas"]["FileMetadata"][];
            next_page: components["schemas"]["NextPage"];
            /** @description Whether more follow. */
            has_more?: boolean;
            /** @description The first file of the page. */
            first_id?: string | null;
            /** @description The last file of the page. */
            last_id?: string | null;
        };
        /** @description The multipart body of `client.beta.files.upload`. */
        FileUploadParams: {
            /**
             * Format: binary
             * @description The bytes (at most `FILES_MAX_BYTES`, within `FILES_ACCOUNT_MAX_BYTES`; over either 413).
             */
            file: string;
            /** @description 3600 to 7776000. */
            expires_in_seconds?: string;
        };
        /** @description `BetaDeletedFile`. */
        DeletedFile: {
            /** @description The deleted file. */
            id: string;
            /**
             * @description Always `file_deleted`.
             * @constant
             */
            type: "file_deleted";
        };
        /** @description A memory store (`BetaManagedAgentsMemoryStore`). */
        MemoryStore: {
            /** @description The memory store id. */
            id: string;
            /**
             * @description Always `memory_store`.
             * @constant
             */
            type: "memory_store";
            /** @description Its name, unique in the account. */
            name: string;
            /** @description What it holds (empty when none). */
            description: string;
            metadata: components["schemas"]["Metadata"];
            archived_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of memory stores, newest first. */
        MemoryStoreList: {
            /** @description The memory stores. */
            data: components["schemas"]["MemoryStore"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.memoryStores.create`. */
        MemoryStoreCreateParams: {
            /** @description Letters, digits, `-` and `_`; unique in the account. */
            name: string;
            /** @description What it holds. */
            description?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description The body of `client.beta.memoryStores.update` (partial; `null` name keeps it, `null` description clears it). */
        MemoryStoreUpdateParams: {
            /** @description A new name. */
            name?: string | null;
            /** @description A new description. */
            description?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description What deleting a store answers (its memories and versions are deleted with it). */
        DeletedMemoryStore: {
            /** @description The deleted store's id. */
            id: string;
            /**
             * @description Always `memory_store_deleted`.
             * @constant
             */
            type: "memory_store_deleted";
        };
        /** @description The memory's path, starting with `/` (`/projects/foo/notes.md`); segments none empty, `.` or `..`, each at most 255 bytes of UTF-8; at most 1,024 characters. Any character but `/`, control characters, `\`, format characters (bidi controls, zero-width characters) and lone surrogates (400 naming `path`). Stored and compared in Unicode NFC. It is the path `/api/v1/cloud` shows without its leading `/`. */
        SdkMemoryPath: string;
        /** @description The SHA-256 of the content's UTF-8 bytes, 64 lowercase hex digits. */
        Sha256: string;
        /** @description A memory (`BetaManagedAgentsMemory`); `content` is null with `view=basic`. */
        Memory: {
            /** @description The memory id. */
            id: string;
            /**
             * @description Always `memory`.
             * @constant
             */
            type: "memory";
            /** @description Its store. */
            memory_store_id: string;
            /** @description The version holding its current content. */
            memory_version_id: string;
            path: components["schemas"]["SdkMemoryPath"];
            content_sha256: components["schemas"]["Sha256"];
            /** @description Its size in UTF-8 bytes. */
            content_size_bytes: number;
            /** @description Its text, or null with `view=basic`. */
            content?: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description Memories deeper than `depth=1` rolled up into their folder (`BetaManagedAgentsMemoryPrefix`). */
        MemoryPrefix: {
            /**
             * @description Always `memory_prefix`.
             * @constant
             */
            type: "memory_prefix";
            /** @description The folder, ending with `/` (`/projects/foo/`): pass it as `path_prefix` to list it. */
            path: string;
            next_page?: components["schemas"]["NextPage"];
        };
        /** @description One page of memories, oldest first; with `depth=1`, the direct children of `path_prefix` in path order: memories and `memory_prefix` folders. */
        MemoryList: {
            /** @description The memories (and, with `depth=1`, the folders of deeper ones). */
            data: (components["schemas"]["Memory"] | components["schemas"]["MemoryPrefix"])[];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.memories.create`. */
        MemoryCreateParams: {
            path: components["schemas"]["SdkMemoryPath"];
            /** @description The text, at most 100 KiB of UTF-8 (null: empty). */
            content: string | null;
        };
        /** @description The body of `client.beta.memories.update`: a new content, applied only while `precondition` holds (409 otherwise). Renaming (`path` other than the current one) is not offered here (400). */
        MemoryUpdateParams: {
            /** @description The new text (omitted or null: unchanged). */
            content?: string | null;
            /** @description The current path (renaming is refused). */
            path?: components["schemas"]["SdkMemoryPath"] | null;
            /** @description Apply only while the memory's content has this SHA-256. */
            precondition?: {
                /**
                 * @description Always `content_sha256`.
                 * @constant
                 */
                type: "content_sha256";
                content_sha256?: components["schemas"]["Sha256"];
            };
        };
        /** @description What deleting a memory answers (its versions stay until redacted or the store is deleted). */
        DeletedMemory: {
            /** @description The deleted memory's id. */
            id: string;
            /**
             * @description Always `memory_deleted`.
             * @constant
             */
            type: "memory_deleted";
        };
        /** @description Who made a change. */
        Actor: {
            /**
             * @description Always `api_actor`.
             * @constant
             */
            type: "api_actor";
            /** @description The token id. */
            api_key_id: string;
        } | {
            /**
             * @description Always `session_actor`.
             * @constant
             */
            type: "session_actor";
            /** @description The session id. */
            session_id: string;
        };
        /** @description One change of a memory (`BetaManagedAgentsMemoryVersion`); `content` is null with `view=basic`, for a delete and once redacted. */
        MemoryVersion: {
            /** @description The version id. */
            id: string;
            /**
             * @description Always `memory_version`.
             * @constant
             */
            type: "memory_version";
            /** @description Its memory. */
            memory_id: string;
            /** @description Its store. */
            memory_store_id: string;
            /**
             * @description What the change did.
             * @enum {string}
             */
            operation: "created" | "modified" | "deleted";
            /** @description The memory's path when the change was made; null once redacted. */
            path: components["schemas"]["SdkMemoryPath"] | null;
            /** @description The text it wrote, or null. */
            content: string | null;
            /** @description Its SHA-256, or null (a delete, or redacted). */
            content_sha256: string | null;
            /** @description Its size, or null (a delete, or redacted). */
            content_size_bytes: number | null;
            created_by: components["schemas"]["Actor"];
            redacted_at: components["schemas"]["NullableTimestamp"];
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description One page of versions, newest first. */
        MemoryVersionList: {
            /** @description The versions. */
            data: components["schemas"]["MemoryVersion"][];
            next_page: components["schemas"]["NextPage"];
        };
        /**
         * @description Where a dream is: `pending` (not started: no session, no output yet), `running` (its session reads the inputs and writes the output store), then one of the final `completed`, `failed` (see `error`) or `canceled`.
         * @example completed
         * @enum {string}
         */
        DreamStatus: "pending" | "running" | "completed" | "failed" | "canceled";
        /** @description Memory store input: The memory store the dream reorganizes. */
        DreamMemoryStoreInput: {
            /**
             * @description The memory store the dream reorganizes. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "memory_store";
            /**
             * @description The store (`memstore_...`), active and of this account.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
        };
        /** @description Sessions input: The sessions whose transcripts the dream reads. */
        DreamSessionsInput: {
            /**
             * @description The sessions whose transcripts the dream reads. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "sessions";
            /**
             * @description 1 to 100 sessions of this account, no duplicates (responses list them sorted).
             * @example [
             *       "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
             *     ]
             */
            session_ids: string[];
        };
        /** @description A source the dream reads: the memory store, or the sessions whose transcripts it reads. */
        DreamInput: components["schemas"]["DreamMemoryStoreInput"] | components["schemas"]["DreamSessionsInput"];
        /** @description The model that runs the dream (always an object in responses). */
        DreamModel: {
            /**
             * @description A model this server runs (as an agent's `model`).
             * @example claude-sonnet-4-5
             */
            id: string;
            /**
             * @description Always `standard`.
             * @enum {string}
             */
            speed: "standard";
        };
        /** @description Create new: Write to a new store copied from the input store. */
        DreamOutputCreateNew: {
            /**
             * @description Write to a new store copied from the input store. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "create_new";
        };
        /** @description Update existing: Write into the input store. */
        DreamOutputUpdateExisting: {
            /**
             * @description Write into the input store. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "update_existing";
            /**
             * @description The input store's id (it must be the `memory_store` input).
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
        };
        /** @description Where the dream writes: `create_new` (the default) a new store that starts as a copy of the input store, which stays unchanged; `update_existing` the input store itself (at most one such dream of a store at a time: another gets 409). */
        DreamOutputBehavior: components["schemas"]["DreamOutputCreateNew"] | components["schemas"]["DreamOutputUpdateExisting"];
        /** @description Why the dream failed: `inputs_unavailable` (its store or a session was deleted, or the store archived, before it started), `model_unavailable`, `session_deleted`, `run_interrupted` (its session was interrupted by hand), or its session's turn error (`provider_error`, ...). */
        DreamError: {
            /** @example provider_error */
            type: string;
            /** @example The model provider answered 500 three times. */
            message: string;
        };
        /** @description The tokens of the dream's session so far (zero while pending; they can still change after a cancel). */
        DreamUsage: {
            /** @example 5120 */
            input_tokens: number;
            /** @example 830 */
            output_tokens: number;
            /** @example 0 */
            cache_read_input_tokens: number;
            /** @example 0 */
            cache_creation_input_tokens: number;
        };
        /** @description A job that reads a memory store and past sessions and writes a reorganized store, run as a session of its own (`session_id`) whose agent works on the output store at `/mnt/memory/<name>/` with the file tools. */
        Dream: {
            /**
             * @description The dream id, `drm_` followed by a ULID.
             * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
             */
            id: string;
            /**
             * @description Always `dream`.
             * @constant
             */
            type: "dream";
            status: components["schemas"]["DreamStatus"];
            /** @description What the dream reads, as created (session ids sorted). */
            inputs: components["schemas"]["DreamInput"][];
            /** @description The guidance given at create; null when none. */
            instructions: string | null;
            model: components["schemas"]["DreamModel"];
            output_behavior: components["schemas"]["DreamOutputBehavior"];
            /** @description The store that holds the result, once the dream has one (empty while pending). */
            outputs: {
                /** @constant */
                type: "memory_store";
                /** @example memstore_01JD3R2B6D8F0H2K4N6Q8S0U2W */
                memory_store_id: string;
            }[];
            /**
             * @description The session that runs the dream (follow its events); null while pending.
             * @example sess_01JD3R2C7E9G1J3M5P7R9T1V3X
             */
            session_id: string | null;
            /** @description Why it failed; null unless `failed`. */
            error: components["schemas"]["DreamError"] | null;
            usage: components["schemas"]["DreamUsage"];
            /**
             * Format: date-time
             * @description When it was archived (hidden from lists by default).
             */
            archived_at: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When it reached `completed`, `failed` or `canceled`.
             */
            ended_at: string | null;
        };
        /** @description A dream to start. */
        CreateDreamRequest: {
            /** @description Exactly one `memory_store` entry and exactly one `sessions` entry. */
            inputs: components["schemas"]["DreamInput"][];
            /** @description The model that runs the dream, as an id or `{id, speed}` (`speed` only `standard`). */
            model: string | {
                id: string;
                /**
                 * @description Only `standard` (`fast` is refused).
                 * @enum {string|null}
                 */
                speed?: "standard" | "fast" | null;
            };
            /** @description Guidance on what to keep and how to organize it. */
            instructions?: string | null;
            output_behavior?: components["schemas"]["DreamOutputBehavior"];
        };
        /**
         * @description The event types delivered to the endpoint: this server's event kinds (their names are the SDK's where it has the same event: `session.created`, `session.status_idled`, `agent.updated`, `vault_credential.refresh_failed`, ...; the list is `GET /api/v1/cloud/webhook_event_types`). The SDK types only the Admin API's events here (`external_key.*`, `user_profile.*`), which a self-hosted server never emits, so a TypeScript caller casts the names.
         * @example [
         *       "session.status_idled",
         *       "agent.created"
         *     ]
         */
        WebhookEventTypes: string[];
        /** @description The fields of an endpoint made on /v1 (OrganizationWebhookEndpoint and NewOrganizationWebhookEndpoint). */
        OrganizationWebhookEndpointFields: {
            /**
             * @description The endpoint id (`wep_`), the same on `/api/v1/cloud/webhook_endpoints`.
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            created_at: components["schemas"]["Timestamp"];
            /** @description An empty string when none was given. */
            description: string;
            /** @description Why the server disabled the endpoint on its own (`gone`: the receiver answered 410; `failing`: failures without a success for WEBHOOK_AUTO_DISABLE_AFTER_MS). An empty string while enabled, or when it was disabled by hand. */
            disabled_reason: string;
            enabled_events: components["schemas"]["WebhookEventTypes"];
            /** @description An empty string when none was given. */
            name: string;
            /**
             * @description Whether deliveries are sent. A disabled endpoint's deliveries are held until it is enabled (the native semantics; the hosted service drops them).
             * @enum {string}
             */
            state: "enabled" | "disabled";
            updated_at: components["schemas"]["Timestamp"];
            /** @description The URL that receives the deliveries. */
            url: string;
        };
        /** @description An endpoint made on /v1 (the SDK's `BetaOrganizationWebhookEndpoint`). */
        OrganizationWebhookEndpoint: components["schemas"]["OrganizationWebhookEndpointFields"];
        /** @description A page of endpoints (the SDK's `Page`, followed with `after_id`/`before_id`). */
        OrganizationWebhookEndpointList: {
            data: components["schemas"]["OrganizationWebhookEndpoint"][];
            has_more: boolean;
            first_id: string | null;
            last_id: string | null;
        };
        OrganizationWebhookCreateParams: {
            enabled_events: components["schemas"]["WebhookEventTypes"];
            /** @description The http(s) URL (the rules of `/api/v1/cloud/webhook_endpoints`: no private targets unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true). */
            url: string;
            description?: string;
            name?: string;
        };
        /** @description A new endpoint with its signing secret (`whsec_`), shown only here and by regenerate_signing_secret. */
        NewOrganizationWebhookEndpoint: components["schemas"]["OrganizationWebhookEndpointFields"] & {
            /**
             * @description The Standard Webhooks key `client.beta.webhooks.unwrap` takes as `key`.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            signing_secret: string;
        };
        /** @description Only the fields sent change; an empty `enabled_events` leaves them as they are. */
        OrganizationWebhookUpdateParams: {
            enabled_events?: components["schemas"]["WebhookEventTypes"];
            url?: string;
            description?: string;
            name?: string;
            /** @enum {string} */
            state?: "enabled" | "disabled";
        };
        DeletedOrganizationWebhookEndpoint: {
            id: string;
            /** @constant */
            type: "webhook_endpoint_deleted";
        };
        OrganizationWebhookSigningSecret: {
            /** @description The new secret; the old one stops signing at once. */
            signing_secret: string;
        };
    };
    responses: {
        /** @description The request is malformed (`invalid_request_error`). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing, unknown or revoked key (`authentication_error`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body (or upload) is over the limit (`request_too_large`). */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key made more requests this minute than the server allows (`rate_limit_error`; `RATE_LIMIT_PER_MINUTE`, off by default). Retry after `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected error (`api_error`); the cause is logged under the request id. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The database stayed locked by another process for longer than the server waits (`overloaded_error`); nothing was changed. Retry after `Retry-After` seconds. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The object's state forbids the operation (status 409, `invalid_request_error`). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No such object in this account (`not_found_error`), or an operation of the SDK this server does not serve (the message names it). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The object may not be changed this way (`permission_error`), such as a skill shipped with the server. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The heartbeat's `expected_last_heartbeat` is not the stored one (status 412, `invalid_request_error` with `details.error_code: heartbeat_precondition_failed` and the lease's `current_state`): another worker holds the lease, or it ran out and the item was queued again. */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
        AnthropicBeta: string;
        /** @description Items per page, 1 to 100 (default 20). */
        Limit: number;
        /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
        Page: string;
        /** @description Include archived objects (hidden by default). */
        IncludeArchived: boolean;
        /** @description Only the objects created at or after this time (RFC 3339). */
        CreatedAtGte: string;
        /** @description Only the objects created at or before this time (RFC 3339). */
        CreatedAtLte: string;
        /** @description The agent id (`agent_...`). */
        AgentId: string;
        /** @description The environment id (`env_...`). */
        EnvironmentId: string;
        /** @description How long to wait for an item before answering 204, 1 to 999 milliseconds (default 0, no wait). */
        BlockMs: number;
        /** @description An item another poll was handed but nobody acknowledged is offered again after this many milliseconds (default 5000). */
        ReclaimOlderThanMs: number;
        /** @description The polling worker's id (counted in `workers_polling`; the first 128 characters are kept). */
        WorkerId: string;
        /** @description The work item id (`work_...`). */
        WorkId: string;
        /** @description The lease's wished time to live, 10 to 600 seconds (default 90). */
        DesiredTtlSeconds: number;
        /** @description The `last_heartbeat` the previous heartbeat answered, or `NO_HEARTBEAT` for the first one; any other value than the stored one is 412 (another worker holds the lease). Not compared once the item is `stopping` or `stopped`. Omitted: not compared. */
        ExpectedLastHeartbeat: string;
        /** @description `desc` (the default: newest first) or `asc` (oldest first). */
        ListOrder: "asc" | "desc";
        /** @description Only the objects created after this time (RFC 3339). */
        CreatedAtGt: string;
        /** @description Only the objects created before this time (RFC 3339). */
        CreatedAtLt: string;
        /** @description The session id (`sess_...`). */
        SessionId: string;
        /** @description Events per page, 1 to 1000 (default 20). */
        EventLimit: number;
        /** @description `asc` (the default: oldest first) or `desc` (newest first). */
        EventOrder: "asc" | "desc";
        /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
        AnthropicWorkspaceId: string;
        /** @description The session resource id (`sres_...`). */
        ResourceId: string;
        /** @description The thread id (`sthr_...`). */
        ThreadId: string;
        /** @description The vault id (`vault_...`). */
        VaultId: string;
        /** @description The credential id (`vcred_...`). */
        CredentialId: string;
        /** @description The deployment id (`dep_...`). */
        DeploymentId: string;
        /** @description The deployment run id (`drun_...`). */
        DeploymentRunId: string;
        /** @description The skill id (`skill_...`). */
        SkillId: string;
        /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
        SkillVersion: string;
        /** @description Only the files of this scope (a session id lists that session's outputs). */
        ScopeId: string;
        /** @description The file id (`file_...`). */
        FileId: string;
        /** @description The memory store id (`memstore_...`). */
        MemoryStoreId: string;
        /** @description Only memories below this prefix, which starts and ends with `/` (`/notes/`) and matches whole segments. */
        PathPrefix: string;
        /** @description `0` (the default) lists every memory below the prefix; `1` only its direct children, deeper memories rolled up into `memory_prefix` items (in path order). Other values are a 400. */
        Depth: number;
        /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
        View: "basic" | "full";
        /** @description The memory id (`mem_...`). */
        MemoryId: string;
        /** @description Delete only while the memory's content has this SHA-256 (else 409, nothing deleted). */
        ExpectedContentSha256: string;
        /** @description Only the versions of this memory. */
        MemoryIdFilter: string;
        /** @description The memory version id (`memver_...`). */
        MemoryVersionId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    v1ListAgents: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of agents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentCreateParams"];
            };
        };
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveAgent: {
        parameters: {
            query?: {
                /** @description A version to read. */
                version?: number;
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentUpdateParams"];
            };
        };
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived agent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListAgentVersions: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The agent id (`agent_...`). */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListEnvironments: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of environments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvironmentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnvironmentParams"];
            };
        };
        responses: {
            /** @description The environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnvironmentParams"];
            };
        };
        responses: {
            /** @description The environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListWork: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of work items. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWorkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1PollWork: {
        parameters: {
            query?: {
                /** @description How long to wait for an item before answering 204, 1 to 999 milliseconds (default 0, no wait). */
                block_ms?: components["parameters"]["BlockMs"];
                /** @description An item another poll was handed but nobody acknowledged is offered again after this many milliseconds (default 5000). */
                reclaim_older_than_ms?: components["parameters"]["ReclaimOlderThanMs"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The polling worker's id (counted in `workers_polling`; the first 128 characters are kept). */
                "Anthropic-Worker-ID"?: components["parameters"]["WorkerId"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item handed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWork"];
                };
            };
            /** @description No work. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1WorkStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkQueueStats"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveWork: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWork"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateWork: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkUpdateParams"];
            };
        };
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWork"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1AckWork: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWork"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1HeartbeatWork: {
        parameters: {
            query?: {
                /** @description The lease's wished time to live, 10 to 600 seconds (default 90). */
                desired_ttl_seconds?: components["parameters"]["DesiredTtlSeconds"];
                /** @description The `last_heartbeat` the previous heartbeat answered, or `NO_HEARTBEAT` for the first one; any other value than the stored one is 412 (another worker holds the lease). Not compared once the item is `stopping` or `stopped`. Omitted: not compared. */
                expected_last_heartbeat?: components["parameters"]["ExpectedLastHeartbeat"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lease. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkHeartbeat"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1StopWork: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The environment id (`env_...`). */
                environment_id: components["parameters"]["EnvironmentId"];
                /** @description The work item id (`work_...`). */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WorkStopParams"];
            };
        };
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SelfHostedWork"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSessions: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
                /** @description Only this agent's sessions. */
                agent_id?: string;
                /** @description Only sessions running this version of the agent `agent_id` names (it requires `agent_id`). */
                agent_version?: number;
                /** @description Only sessions started by runs of this deployment. */
                deployment_id?: string;
                /** @description Only sessions with this memory store attached. */
                memory_store_id?: string;
                /** @description Only sessions in these statuses, as the SDK sends them: `statuses[]=idle&statuses[]=running`. */
                statuses?: ("rescheduling" | "running" | "idle" | "terminated")[];
                /** @description `desc` (the default: newest first) or `asc` (oldest first). */
                order?: components["parameters"]["ListOrder"];
                /** @description Only the objects created after this time (RFC 3339). */
                "created_at[gt]"?: components["parameters"]["CreatedAtGt"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created before this time (RFC 3339). */
                "created_at[lt]"?: components["parameters"]["CreatedAtLt"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionCreateParams"];
            };
        };
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionUpdateParams"];
            };
        };
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSessionEvents: {
        parameters: {
            query?: {
                /** @description Events per page, 1 to 1000 (default 20). */
                limit?: components["parameters"]["EventLimit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description `asc` (the default: oldest first) or `desc` (newest first). */
                order?: components["parameters"]["EventOrder"];
                /** @description Only the objects created after this time (RFC 3339). */
                "created_at[gt]"?: components["parameters"]["CreatedAtGt"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created before this time (RFC 3339). */
                "created_at[lt]"?: components["parameters"]["CreatedAtLt"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1SendSessionEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventSendParams"];
            };
        };
        responses: {
            /** @description The recorded events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendEventsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1StreamSessionEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SessionEventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSessionResources: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResourceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1AddSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResourceAddParams"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The session resource id (`sres_...`). */
                resource_id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The session resource id (`sres_...`). */
                resource_id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResourceUpdateParams"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The session resource id (`sres_...`). */
                resource_id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSessionThreads: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of threads. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveSessionThread: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveSessionThread: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived thread. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListThreadEvents: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description `asc` (the default: oldest first) or `desc` (newest first). */
                order?: components["parameters"]["EventOrder"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1StreamThreadEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The session id (`sess_...`). */
                session_id: components["parameters"]["SessionId"];
                /** @description The thread id (`sthr_...`). */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SessionEventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListVaults: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of vaults. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateVault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VaultParams"];
            };
        };
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveVault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateVault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VaultParams"];
            };
        };
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteVault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveVault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListCredentials: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credentials. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CredentialList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CredentialParams"];
            };
        };
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CredentialParams"];
            };
        };
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ValidateCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The vault id (`vault_...`). */
                vault_id: components["parameters"]["VaultId"];
                /** @description The credential id (`vcred_...`). */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CredentialValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListDeployments: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deployments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeploymentParams"];
            };
        };
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeploymentParams"];
            };
        };
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1PauseDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UnpauseDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RunDeployment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment id (`dep_...`). */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListDeploymentRuns: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Only this deployment's runs. */
                deployment_id?: string;
                /** @description Only the objects created after this time (RFC 3339). */
                "created_at[gt]"?: components["parameters"]["CreatedAtGt"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created before this time (RFC 3339). */
                "created_at[lt]"?: components["parameters"]["CreatedAtLt"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentRunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveDeploymentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The deployment run id (`drun_...`). */
                deployment_run_id: components["parameters"]["DeploymentRunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSkills: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description `custom` or `anthropic`. */
                source?: "custom" | "anthropic";
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of skills. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SkillCreateParams"];
            };
        };
        responses: {
            /** @description The skill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListSkillVersions: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateSkillVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SkillVersionCreateParams"];
            };
        };
        responses: {
            /** @description The new version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveSkillVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
                /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteSkillVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
                /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSkillVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DownloadSkillVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The skill id (`skill_...`). */
                skill_id: components["parameters"]["SkillId"];
                /** @description The version: its `id` (the epoch-microseconds string a skill's `latest_version_id` and an agent's skill reference name), or `latest`. */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListFiles: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Only the files of this scope (a session id lists that session's outputs). */
                scope_id?: components["parameters"]["ScopeId"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UploadFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FileUploadParams"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileMetadata"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveFileMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The file id (`file_...`). */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileMetadata"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The file id (`file_...`). */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DownloadFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
                /** @description The SDK's workspace header; accepted and ignored (one workspace per account here). */
                "anthropic-workspace-id"?: components["parameters"]["AnthropicWorkspaceId"];
            };
            path: {
                /** @description The file id (`file_...`). */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListMemoryStores: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of memory stores. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStoreList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryStoreCreateParams"];
            };
        };
        responses: {
            /** @description The memory store. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory store. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryStoreUpdateParams"];
            };
        };
        responses: {
            /** @description The memory store. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedMemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived memory store. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListMemories: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Only memories below this prefix, which starts and ends with `/` (`/notes/`) and matches whole segments. */
                path_prefix?: components["parameters"]["PathPrefix"];
                /** @description `0` (the default) lists every memory below the prefix; `1` only its direct children, deeper memories rolled up into `memory_prefix` items (in path order). Other values are a 400. */
                depth?: components["parameters"]["Depth"];
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of memories. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateMemory: {
        parameters: {
            query?: {
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryCreateParams"];
            };
        };
        responses: {
            /** @description The memory (`content` null unless `view=full`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveMemory: {
        parameters: {
            query?: {
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory id (`mem_...`). */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory (with `content` unless `view=basic`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateMemory: {
        parameters: {
            query?: {
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory id (`mem_...`). */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemoryUpdateParams"];
            };
        };
        responses: {
            /** @description The memory. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteMemory: {
        parameters: {
            query?: {
                /** @description Delete only while the memory's content has this SHA-256 (else 409, nothing deleted). */
                expected_content_sha256?: components["parameters"]["ExpectedContentSha256"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory id (`mem_...`). */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedMemory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListMemoryVersions: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Only the versions of this memory. */
                memory_id?: components["parameters"]["MemoryIdFilter"];
                /** @description Only the objects created at or after this time (RFC 3339). */
                "created_at[gte]"?: components["parameters"]["CreatedAtGte"];
                /** @description Only the objects created at or before this time (RFC 3339). */
                "created_at[lte]"?: components["parameters"]["CreatedAtLte"];
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveMemoryVersion: {
        parameters: {
            query?: {
                /** @description `full` returns each memory (or version) with its `content`, `basic` with `content: null`. The default is `full` on retrieve and `basic` on list, create and update. A `full` list page holds at most 20 items. */
                view?: components["parameters"]["View"];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory version id (`memver_...`). */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RedactMemoryVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The memory store id (`memstore_...`). */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /** @description The memory version id (`memver_...`). */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redacted version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListDreams: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_page` cursor of the previous page; the SDK's auto-pagination passes it. */
                page?: components["parameters"]["Page"];
                /** @description Include archived objects (hidden by default). */
                include_archived?: components["parameters"]["IncludeArchived"];
                /** @description Only the objects created after this time (RFC 3339). */
                "created_at[gt]"?: components["parameters"]["CreatedAtGt"];
                /** @description Only the objects created before this time (RFC 3339). */
                "created_at[lt]"?: components["parameters"]["CreatedAtLt"];
                /** @description Only dreams in these statuses, as the SDK sends them: `statuses[]=pending&statuses[]=running`. */
                statuses?: components["schemas"]["DreamStatus"][];
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of dreams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dream"][];
                        next_page: components["schemas"]["NextPage"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateDream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDreamRequest"];
            };
        };
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveDream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ArchiveDream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CancelDream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The dream id (`drm_`). */
                dream_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1ListOrganizationWebhooks: {
        parameters: {
            query?: {
                /** @description Endpoints per page (1-100; default 20). */
                limit?: number;
                /** @description The page after this endpoint (the previous page's `last_id`). */
                after_id?: string;
                /** @description The page before this endpoint (the next page's `first_id`). */
                before_id?: string;
                /** @description By `created_at`: `desc` (default) or `asc`. */
                order?: "asc" | "desc";
            };
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationWebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1CreateOrganizationWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationWebhookCreateParams"];
            };
        };
        responses: {
            /** @description The endpoint with its signing secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewOrganizationWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RetrieveOrganizationWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1UpdateOrganizationWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationWebhookUpdateParams"];
            };
        };
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1DeleteOrganizationWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedOrganizationWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
    v1RegenerateOrganizationWebhookSigningSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The beta flags the SDK sends (`managed-agents-2026-04-01`); accepted and ignored. */
                "anthropic-beta"?: components["parameters"]["AnthropicBeta"];
            };
            path: {
                /** @description The endpoint id (`wep_`). */
                webhook_endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationWebhookSigningSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["Unavailable"];
        };
    };
}
