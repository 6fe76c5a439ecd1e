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
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions
         * @description `client.beta.sessions.list`: newest first (`order=asc`: oldest first), optionally in a `created_at` range.
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
         * @description `client.beta.sessions.events.list`: oldest first (`order=desc`: newest first), optionally in a `created_at` range.
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
            /** @description A cloud container (`BetaCloudConfig`). */
            config: {
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
            /** @description `BetaCloudConfigParams`: `{type: "cloud", networking?, packages?}`. `packages` (`BetaPackagesParams`) lists the packages of each manager, each a name optionally pinned in the manager's syntax; under `limited` networking `networking.allow_package_managers` must be true when any is given (400 naming the field). On update an omitted `packages` or `networking` keeps its value. */
            config?: {
                /**
                 * @description Always `cloud`.
                 * @constant
                 */
                type?: "cloud";
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
        /** @description Cumulative token counts as the model providers reported them (a session's include its threads'). Prompt-cache writes are not broken down by cache lifetime here, and no list cost is tracked, so `cache_creation` and `list_cost` are absent. */
        TokenUsage: {
            /** @description Input tokens. */
            input_tokens: number;
            /** @description Output tokens. */
            output_tokens: number;
            /** @description Tokens read from the prompt cache. */
            cache_read_input_tokens: number;
            /** @description Seconds spent running turns (as `stats.active_seconds`). */
            active_seconds: number;
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
            /** @description No budget limits here. */
            budget: null;
            /** @description Always empty here. */
            outcome_evaluations: Record<string, never>[];
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
            /** @description An agent id (latest version) or `{type: "agent", id, version?}`. */
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
            /** @description Events to start with (`user.message`). */
            initial_events?: Record<string, never>[];
            /** @description Memory stores to mount at `/mnt/memory/<name>/` (at most 8; an archived one is a 409), and `file` and `github_repository` resources (as `resources.add` takes them). */
            resources?: (components["schemas"]["SessionMemoryStoreResourceParam"] | components["schemas"]["ResourceAddParams"])[];
        };
        /** @description The body of `client.beta.sessions.update`. */
        SessionUpdateParams: {
            /** @description The title. */
            title?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
            /** @description Vaults. */
            vault_ids?: string[];
        };
        /** @description One event of a session (`BetaManagedAgentsSessionEvent`): `user.message`, `user.interrupt`, `agent.message`, `agent.tool_use`, `agent.tool_result`, `session.status_running`, `session.status_idle`, `session.error`, ... each with `processed_at`. Two more than the SDK types, with `packages {digest, action, duration_ms?}`: `session.status_preparing` (a turn waits for its environment's package layer) and `session.status_prepared` (the layer is ready, after `duration_ms`); a failed install is a `session.error` of type `packages_failed`. */
        SessionEvent: {
            /** @description The event id. */
            id: string;
            /** @description The event type (the SDK's names, e.g. `session.status_idle`, never ours such as `session.status_idled`). */
            type: string;
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
        } & (unknown & unknown & unknown);
        /** @description One page of a session's (or a thread's) events. */
        SessionEventList: {
            /** @description The events. */
            data: components["schemas"]["SessionEvent"][];
            next_page: components["schemas"]["NextPage"];
        };
        /** @description The body of `client.beta.sessions.events.send`. */
        EventSendParams: {
            /** @description `user.message` and `user.interrupt` events. */
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
        /** @description One page of memories, oldest first. */
        MemoryList: {
            /** @description The memories. */
            data: components["schemas"]["Memory"][];
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
            path: components["schemas"]["SdkMemoryPath"];
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
        /** @description `desc` (the default: newest first) or `asc` (oldest first). */
        ListOrder: "asc" | "desc";
        /** @description Only the objects created after this time (RFC 3339). */
        CreatedAtGt: string;
        /** @description Only the objects created before this time (RFC 3339). */
        CreatedAtLt: string;
        /** @description The session id (`sess_...`). */
        SessionId: string;
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
        /** @description Only the files of this scope (a session id lists that session's outputs). */
        ScopeId: string;
        /** @description The file id (`file_...`). */
        FileId: string;
        /** @description The memory store id (`memstore_...`). */
        MemoryStoreId: string;
        /** @description Only memories below this prefix, which starts and ends with `/` (`/notes/`) and matches whole segments. */
        PathPrefix: string;
        /** @description `0` (the default) lists every memory below the prefix. Rolling deeper memories up into `memory_prefix` items (`depth=1`) is not offered by this server: any other value is a 400. */
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
                /** @description Items per page, 1 to 100 (default 20). */
                limit?: components["parameters"]["Limit"];
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
                /** @description `0` (the default) lists every memory below the prefix. Rolling deeper memories up into `memory_prefix` items (`depth=1`) is not offered by this server: any other value is a 400. */
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
}
