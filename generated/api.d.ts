/* DO NOT EDIT: generated from openapi/ by `npm run generate`. */

export interface paths {
    "/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills
         * @description Lists the skills the account can use, newest first: its own `custom` skills and the `vendor`
         *     skills that ship with the service. The objects never include the skill's files.
         *
         *     - `limit` is 1 to 100 (default 20); at most one of `page`, `after_id` and `before_id`;
         *       a cursor must be a `skill_` id. Anything else answers `400 invalid_request_error`.
         *     - `name` keeps the skills whose front-matter `name` starts with the given text, ignoring case;
         *       `display_title` does the same on the display title; `source` keeps `custom` or `vendor` skills.
         *     - No match answers `data: []`, `next_page`, `first_id` and `last_id` null, `has_more` false.
         */
        get: operations["listSkills"];
        put?: never;
        /**
         * Create a skill
         * @description Uploads a skill as `multipart/form-data`: one `files` part per file, each part's filename being
         *     its relative path under one top-level folder that holds `SKILL.md`, for example
         *     `curl -F 'files=@my-skill/SKILL.md;filename=my-skill/SKILL.md' -F 'files=@my-skill/scripts/run.sh;filename=my-skill/scripts/run.sh'`.
         *     The upload becomes the skill's first version. Optional fields: `display_title` (default: the
         *     front-matter `name`) and `metadata` (a JSON object text).
         *
         *     A path that is absolute, contains `..`, `.` or empty segments, backslashes or control
         *     characters, lies outside the single top-level folder or repeats; a missing `SKILL.md`; or front
         *     matter without a valid `name` and `description` answers `400` with a message naming the file
         *     and the rule. Files totalling more than 8 MiB answer `413 request_too_large`.
         */
        post: operations["createSkill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{skill_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        /**
         * Get a skill
         * @description Returns one of the account's skills, or a vendor skill. The object never includes the skill's files.
         */
        get: operations["getSkill"];
        put?: never;
        post?: never;
        /**
         * Delete a skill
         * @description Deletes a custom skill with all its versions and files. Vendor skills are read-only (`403 permission_error`).
         */
        delete: operations["deleteSkill"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{skill_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        /**
         * List skill versions
         * @description Lists the versions of a skill, newest first. `limit` is 1 to 100 (default 20); at most one of `page`, `after_id` and `before_id`, each a `skillver_` id.
         */
        get: operations["listSkillVersions"];
        put?: never;
        /**
         * Create a skill version
         * @description Uploads a new version of a custom skill: the complete set of files, as for `POST /skills`.
         *     The front-matter `name` must equal the skill's name. The new version becomes the skill's
         *     `latest_version`, and the skill takes its `description`. Vendor skills are read-only
         *     (`403 permission_error`).
         */
        post: operations["createSkillVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{skill_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
                /**
                 * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
                 * @example 1795264496789000
                 */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        /**
         * Get a skill version
         * @description Returns one version of a skill (`latest` for the newest). A version that is not a number of this skill answers `404`.
         */
        get: operations["getSkillVersion"];
        put?: never;
        post?: never;
        /**
         * Delete a skill version
         * @description Deletes one version of a custom skill. Deleting the latest version makes the previous one the skill's `latest_version`; the only version of a skill cannot be deleted (`409 conflict_error`: delete the skill instead). Vendor skills are read-only (`403 permission_error`).
         */
        delete: operations["deleteSkillVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{skill_id}/versions/{version}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
                /**
                 * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
                 * @example 1795264496789000
                 */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        /**
         * Download a skill version
         * @description Returns the files of one version as a zip archive, each under its relative path (`my-skill/SKILL.md`, ...), byte for byte as uploaded.
         */
        get: operations["getSkillVersionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List vaults
         * @description Lists the account's vaults, newest first. Archived vaults are hidden unless `include_archived=true`.
         */
        get: operations["listVaults"];
        put?: never;
        /**
         * Create a vault
         * @description Creates an empty vault. Credentials are added afterwards with `POST /vaults/{vault_id}/credentials`;
         *     a `credentials` field in this body is refused with the message
         *     `Field 'credentials' is not supported on vault create.`
         */
        post: operations["createVault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        /**
         * Get a vault
         * @description Returns a vault with its active credentials (without secrets). Archived vaults stay readable.
         */
        get: operations["getVault"];
        put?: never;
        /**
         * Update a vault
         * @description Changes the name or metadata of an active vault. Omitted fields keep their value; a metadata key set to null is removed.
         */
        post: operations["updateVault"];
        /**
         * Delete a vault
         * @description Deletes a vault and every credential in it, secrets included. This cannot be undone.
         */
        delete: operations["deleteVault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a vault
         * @description Archives a vault and its credentials. An archived vault stays readable but takes no new credentials and no updates. Archiving twice is harmless.
         */
        post: operations["archiveVault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        /**
         * List credentials
         * @description Lists a vault's credentials, newest first, without secrets. Archived credentials are hidden unless `include_archived=true`.
         */
        get: operations["listVaultCredentials"];
        put?: never;
        /**
         * Create a credential
         * @description Adds a credential to an active vault. Secret fields (`token`, `access_token`, `refresh_token`,
         *     `client_secret`, `secret_value`) are encrypted at rest with AES-256-GCM and never returned.
         *     A vault holds one active credential per `mcp_server_url` (and per `secret_name`): another is a 409.
         *     An `environment_variable` credential is never given to the sandbox: a session's commands see
         *     the variable with a placeholder (`cas_placeholder_...`), and the sandbox's proxy substitutes the
         *     secret in requests to the credential's hosts only (docs/egress.md).
         */
        post: operations["createVaultCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}/credentials/{credential_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        /**
         * Get a credential
         * @description Returns a credential without its secrets.
         */
        get: operations["getVaultCredential"];
        put?: never;
        /**
         * Update a credential
         * @description Changes the name or metadata of an active credential, or replaces its `auth` (to rotate a secret).
         */
        post: operations["updateVaultCredential"];
        /**
         * Delete a credential
         * @description Deletes a credential and its encrypted secrets. This cannot be undone.
         */
        delete: operations["deleteVaultCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}/credentials/{credential_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a credential
         * @description Archives a credential. It stays readable but is no longer used, and its `mcp_server_url` is free for a new credential.
         */
        post: operations["archiveVaultCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vaults/{vault_id}/credentials/{credential_id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a credential
         * @description Probes an MCP credential (`mcp_oauth` or `static_bearer`) against its MCP server, as a run
         *     would use it: the server is initialized and its tools listed with the credential's token. A
         *     token the server rejects (401) is refreshed once when the credential has a refresh token, and
         *     the probe repeated; the new token is stored. The answer says `valid`, `invalid` or `unknown`,
         *     with the failed step and the captured error answers (secrets scrubbed). Another kind of
         *     credential is a 400; an archived one a 409. The SDK's `mcpOAuthValidate` on `/v1`.
         */
        post: operations["validateVaultCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memory stores
         * @description Lists the account's memory stores, newest first. Archived stores are hidden unless `include_archived=true`.
         */
        get: operations["listMemoryStores"];
        put?: never;
        /**
         * Create a memory store
         * @description Creates an empty memory store (`memory_store.created`). The `name` is unique in the account,
         *     archived stores included: a taken name answers 409.
         */
        post: operations["createMemoryStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * Get a memory store
         * @description Returns a memory store. Archived stores stay readable.
         */
        get: operations["getMemoryStore"];
        put?: never;
        /**
         * Update a memory store
         * @description Changes the name, description or metadata of an active store. Omitted fields keep their value;
         *     a metadata key set to null is removed. A name another store of the account has answers 409.
         */
        post: operations["updateMemoryStore"];
        /**
         * Delete a memory store
         * @description Deletes a memory store with all its memories and all their versions (`memory_store.deleted`).
         *     This cannot be undone.
         */
        delete: operations["deleteMemoryStore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a memory store
         * @description Archives a store (`memory_store.archived`). An archived store stays readable, takes no changes
         *     and cannot be attached to a new session. Archiving twice is harmless.
         */
        post: operations["archiveMemoryStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * List memories
         * @description Lists the store's memories without their contents, oldest first. `path_prefix` keeps those
         *     whose path starts with it (case-sensitive).
         */
        get: operations["listMemories"];
        put?: never;
        /**
         * Create a memory
         * @description Writes a new memory at `path` and records its first version (author: the calling token). A path
         *     that exists in the store answers 409; content over 100 KiB (102,400 bytes of UTF-8) answers 413;
         *     a store holds at most 2,000 memories (409 beyond); an archived store answers 409.
         */
        post: operations["createMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory (`mem_...`).
                 * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
                 */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        /**
         * Get a memory
         * @description Returns a memory with its content and the SHA-256 to send back as the precondition of an update.
         */
        get: operations["getMemory"];
        put?: never;
        /**
         * Update a memory
         * @description Replaces the memory's content and records a version. With `content_sha256` the write applies
         *     only while the current content has that SHA-256; otherwise it answers 409 and changes nothing
         *     (read the memory again and retry). Content over 100 KiB answers 413; an archived store 409.
         */
        post: operations["updateMemory"];
        /**
         * Delete a memory
         * @description Deletes the memory and records a `deleted` version without content; its earlier versions stay
         *     listable until redacted or until the store is deleted. An archived store answers 409. With
         *     `expected_content_sha256` the memory is deleted only while its content has that SHA-256 (else
         *     409 naming `expected_content_sha256`, nothing deleted): a delete never discards a change made
         *     since you read it.
         */
        delete: operations["deleteMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/memory_versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        /**
         * List memory versions
         * @description Lists the versions of the store's memories without their contents, newest first; `memory_id`
         *     keeps those of one memory (also after it was deleted).
         */
        get: operations["listMemoryVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory version (`memver_...`).
                 * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
                 */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        /**
         * Get a memory version
         * @description Returns a version with its content (null for a delete and once redacted).
         */
        get: operations["getMemoryVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory version (`memver_...`).
                 * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
                 */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redact a memory version
         * @description Removes the version's content from the database (not only from responses): `content` and
         *     `content_sha256` become null, `size_bytes` 0, and `redacted_at` is set; the record stays.
         *     Redacting twice is harmless. The memory's current content is not changed: update or delete the
         *     memory too when the text must go everywhere.
         */
        post: operations["redactMemoryVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dreams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dreams
         * @description Lists the account's dreams, newest first, without archived ones unless `include_archived`,
         *     optionally only those in some `statuses[]`.
         */
        get: operations["listDreams"];
        put?: never;
        /**
         * Start a dream
         * @description Starts a dream: a job that reads a memory store and up to 100 past sessions and writes a
         *     reorganized store (a new one copied from the input by default; the input itself with
         *     `output_behavior: update_existing`). It is created `pending` and started at once by the
         *     server's dream worker, which runs it as a session of its own (`session_id`); poll it (or
         *     follow that session's events) until `completed`, `failed` or `canceled`.
         *     404 names an unknown store or session; 409 an archived store, or another `update_existing`
         *     dream of the store that is still pending or running.
         */
        post: operations["createDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dreams/{dream_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        /**
         * Get a dream
         * @description A dream, archived or not, with its status, output store and usage so far.
         */
        get: operations["getDream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dreams/{dream_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a dream
         * @description Hides a `completed`, `failed` or `canceled` dream from the default list; it stays readable by id. 400 while it is `pending` or `running` (cancel it first); archiving again changes nothing.
         */
        post: operations["archiveDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dreams/{dream_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a dream
         * @description Stops a `pending` or `running` dream: `canceled` at once, and its session (if it started) is interrupted. What it wrote stays in its output store. Canceling a canceled dream changes nothing; a `completed` or `failed` one is a 400.
         */
        post: operations["cancelDream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description Lists the account's agents at their latest version, newest first. Archived agents are hidden unless `include_archived=true`; deleted agents are gone.
         */
        get: operations["listAgents"];
        put?: never;
        /**
         * Create an agent
         * @description Creates an agent at version 1 and emits `agent.created`. The `model` must be served by this
         *     server (`echo` is built in); an unknown model answers 400. Sub-agents listed in `multiagent`
         *     must exist in the account (404 otherwise), be active (409 otherwise) and not be coordinators
         *     themselves (400). MCP server names must be unique, and every `mcp_toolset` tool must name one
         *     of them (400).
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        /**
         * Get an agent
         * @description Returns the agent at its latest version, or at `version`. Archived agents stay readable; deleted agents answer 404.
         */
        get: operations["getAgent"];
        put?: never;
        /**
         * Update an agent
         * @description Changes an active agent's configuration. `version` must be the current version: another value
         *     answers 409 (someone else changed the agent meanwhile; read it again). When something changed
         *     the version is incremented by one, the previous configuration stays readable with
         *     `?version=N`, and `agent.updated` is emitted; an update that changes nothing returns the agent
         *     unchanged and emits nothing. Existing sessions keep the version they started with.
         */
        post: operations["updateAgent"];
        /**
         * Delete an agent
         * @description Deletes an agent and every version of its configuration, and emits `agent.deleted` with the
         *     version it had. This cannot be undone: afterwards the agent answers 404. Its sessions stay
         *     readable but become `terminated` (they can no longer run): runs waiting to start are dropped,
         *     and a turn in progress is abandoned and ends with `session.thread_idled` for its running
         *     threads and `session.status_idled`, emitted before `agent.deleted`.
         */
        delete: operations["deleteAgent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{agent_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        /**
         * List an agent's versions
         * @description Lists every version of an agent's configuration, newest version first. The cursors of this list are version numbers.
         */
        get: operations["listAgentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{agent_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an agent
         * @description Archives an agent and emits `agent.archived` with its current version. An archived agent stays
         *     readable and its existing sessions keep working, but it takes no new sessions (409), no updates
         *     (409) and cannot become a sub-agent. Archiving again changes nothing and emits nothing.
         */
        post: operations["archiveAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List environments
         * @description Lists the account's environments, newest first. Archived environments are hidden unless `include_archived=true`.
         */
        get: operations["listEnvironments"];
        put?: never;
        /**
         * Create an environment
         * @description Creates an environment. Without `config` it is a cloud container with unrestricted networking.
         */
        post: operations["createEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Get an environment
         * @description Returns an environment. Archived environments stay readable.
         */
        get: operations["getEnvironment"];
        put?: never;
        /**
         * Update an environment
         * @description Changes an active environment. Omitted fields keep their value; `config` replaces the old configuration; a metadata key set to null is removed. Existing sessions see the change at their next run.
         */
        post: operations["updateEnvironment"];
        /**
         * Delete an environment
         * @description Deletes an environment. This cannot be undone. Sessions created in it keep their history.
         */
        delete: operations["deleteEnvironment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an environment
         * @description Archives an environment. It stays readable, but takes no new sessions (409) and no updates (409). Archiving again changes nothing.
         */
        post: operations["archiveEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * List an environment's keys
         * @description The environment's keys, newest first, revoked ones too; never their secrets.
         */
        get: operations["listEnvironmentKeys"];
        put?: never;
        /**
         * Create an environment key
         * @description Creates a key for the workers of a self-hosted environment (409 for a cloud or archived one). Its `secret` is shown in this answer only.
         */
        post: operations["createEnvironmentKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/keys/{key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the environment key (`envkey_...`).
                 * @example envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0
                 */
                key_id: components["parameters"]["EnvironmentKeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an environment key
         * @description Revokes the key at once: its next request is 401. Revoking again changes nothing.
         */
        post: operations["revokeEnvironmentKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * List work items
         * @description The environment's work items, newest first. With a token of the account or a key of the environment.
         */
        get: operations["listWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/poll": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Poll for work
         * @description Hands the oldest queued item to this poll (no other poll gets it until `reclaim_older_than_ms` passes without an acknowledgement), waiting up to `block_ms` for one; 204 when there is none.
         */
        get: operations["pollWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/stats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        /**
         * Work queue statistics
         * @description The queue's depth, the items handed out and not acknowledged, the oldest queued item and the workers polling.
         */
        get: operations["getWorkStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a work item
         * @description One work item of the environment.
         */
        get: operations["getWork"];
        put?: never;
        /**
         * Update a work item
         * @description Merges the metadata patch into the item's metadata (at most 16 keys).
         */
        post: operations["updateWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge a work item
         * @description `queued` → `starting`: the item leaves the queue and the worker holds its lease (90 seconds, renewed by heartbeats; when they stop, the item is queued again). 409 when it is not queued.
         */
        post: operations["ackWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Heartbeat a work item
         * @description Renews the lease of a `starting` or `active` item (it becomes `active`); a `stopping` item keeps its lease so that its worker finishes; 412 when `expected_last_heartbeat` is not the stored one, 409 when the item is queued.
         */
        post: operations["heartbeatWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand a work item back to the queue
         * @description A worker that stops before the item's session is done with it (`cloud-agents worker` on SIGTERM) hands its item back at once rather than letting its lease run out: a `starting` or `active` item is `queued` again, in its place in the queue (items are handed out oldest first; its lease is not counted as lost), and a `stopping` one is `stopped`. 409 when it is queued or stopped already. Served on this surface only (the official SDK's worker has no such call: it lets the lease run out).
         */
        post: operations["releaseWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        /**
         * Download the workspace of a work item's session
         * @description The session's workspace as the server holds it (what the last worker saved, and the files uploaded through the files API), as one archive (the format the server saves workspaces in: a zip with `manifest.json` and `files/<path>`; `skills/` is left out). A worker restores it when it takes the item, so that the session's turns find their files whichever worker runs them. `204` when the session has no workspace yet. Only for an item a worker holds (acked, lease running): 409 otherwise.
         */
        get: operations["downloadWorkWorkspace"];
        /**
         * Save the workspace of a work item's session
         * @description Replaces the session's workspace on the server with the archive (the format of the download; `skills/` is kept as it is), at most `SANDBOX_SNAPSHOT_MAX_BYTES` (413 over it); on PostgreSQL it is saved for every replica. A worker saves it at the end of each turn and when it hands its item back, so that the next worker, or the files API, sees what the session's commands did. The archive is unpacked without following any link it holds; a damaged one is a 400. Only for an item a worker holds (acked, lease running): 409 otherwise.
         */
        put: operations["uploadWorkWorkspace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{environment_id}/work/{work_id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a work item
         * @description `stopping` (its worker learns it from its next heartbeat), or `stopped` at once with `force`; 409 when it is stopped already.
         */
        post: operations["stopWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions
         * @description Lists the account's sessions, newest first, optionally only those in some statuses
         *     (`statuses[]=idle&statuses[]=running`), of one agent (`agent_id`, and `agent_version` with
         *     it), started by one deployment (`deployment_id`) or with one memory store attached
         *     (`memory_store_id`); the filters combine. Archived sessions are hidden unless
         *     `include_archived=true`.
         */
        get: operations["listSessions"];
        put?: never;
        /**
         * Create a session
         * @description Creates an `idle` session of an agent in an environment and emits `session.created`. `agent`
         *     is an agent id (its latest version) or `{type:"agent", id, version}`; the session keeps that
         *     version even when the agent is updated later. The agent and the environment must exist (404)
         *     and be active (409); so must every vault in `vault_ids`. `environment_variables` are
         *     validated name by name (400 naming the variable). `initial_events` are appended in the same
         *     transaction, exactly as if sent with `POST /sessions/{session_id}/events` right after.
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * Get a session
         * @description Returns a session with its current status. Archived sessions stay readable; deleted sessions answer 404.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Update a session
         * @description Changes the title or metadata of an active session and emits `session.updated`. An update that changes nothing emits nothing. An archived session answers 409.
         */
        post: operations["updateSession"];
        /**
         * Delete a session
         * @description Deletes a session with its history and threads, whatever its status, and emits `session.deleted`. A run in progress is abandoned. This cannot be undone; afterwards the session answers 404.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's files
         * @description Lists the files and folders directly in one folder of the session's workspace (`/workspace` to its tools). A session that has not run yet has an empty workspace.
         */
        get: operations["listSessionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/files/content": {
        parameters: {
            query: {
                /**
                 * @description A path in the session's workspace: relative (`reports/out.csv`) or under `/workspace`, at most 4,096 characters with each name at most 255 bytes of UTF-8. A path leaving the workspace (through `..` or a symbolic link the session made) or a name over 255 bytes is refused (400 naming `path`).
                 * @example reports/out.csv
                 */
                path: components["parameters"]["SessionFilePath"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * Download a session's file
         * @description Returns the bytes of one file of the session's workspace, as an attachment.
         */
        get: operations["getSessionFileContent"];
        /**
         * Upload a file to a session
         * @description Writes one file of the session's workspace (made with its folders, or replaced) from the raw request body, at most `MAX_UPLOAD_BYTES` (default 8 MiB; over it 413), before or between turns: 409 while a turn runs or when the session is archived; 409 under `skills/` (read-only); 409 when a folder stands where the file goes, or a file where one of its folders goes. The agent's tools see it under `/workspace`.
         */
        put: operations["uploadSessionFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a session
         * @description Archives a session and emits `session.archived`. It accepts no new events (409) and no updates
         *     (409), but its history stays readable with `GET /sessions/{session_id}/events`. An archived
         *     session runs nothing more: a turn in progress is abandoned (its output discarded) and turns
         *     waiting to start are dropped; a running session first idles (`session.thread_idled` for its
         *     running threads, then `session.status_idled`), so no status event follows `session.archived`.
         *     Archiving again changes nothing and emits nothing.
         */
        post: operations["archiveSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's resources
         * @description Lists the session's `sres_` resources oldest first, `limit` (1 to 100, default 20) at a time with `page`; the memory stores given at create follow on the last page.
         */
        get: operations["listSessionResources"];
        put?: never;
        /**
         * Add a resource to a session
         * @description Adds a `file` (mounted read-only at `mount_path` before the first command of each turn) or a `github_repository` (its token encrypted at rest, never returned) to an idle session: 409 while a turn runs or when it is archived, 404 for a file of no such id, 400 for a bad or overlapping `mount_path` or a 1000th file.
         */
        post: operations["addSessionResource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/resources/{resource_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session resource (`sres_...`).
                 * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                resource_id: components["parameters"]["SessionResourceId"];
            };
            cookie?: never;
        };
        /**
         * Get a session resource
         * @description Returns one resource of the session (never a repository's token).
         */
        get: operations["getSessionResource"];
        put?: never;
        /**
         * Rotate a repository's token
         * @description Replaces the `authorization_token` of a `github_repository` resource of an idle session (409 while a turn runs; 400 for a `file` resource, which has none).
         */
        post: operations["updateSessionResource"];
        /**
         * Remove a session resource
         * @description Removes the resource from an idle session (409 while a turn runs); its file stays in the account. The next turn no longer sees it.
         */
        delete: operations["deleteSessionResource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files
         * @description Lists the account's files, newest first; `scope_id` keeps the outputs of one session. `limit` is 1 to 100 (default 20); at most one of `page`, `after_id` and `before_id` (a `file_` id).
         */
        get: operations["listFiles"];
        put?: never;
        /**
         * Upload a file
         * @description Stores one file from a `multipart/form-data` body with one `file` part, streamed to storage (never held whole in memory). Over `FILES_MAX_BYTES` (default 500 MiB) or the account's `FILES_ACCOUNT_MAX_BYTES` (default 10 GiB, the total of its files) answers 413 and keeps nothing; a body that is not the multipart it declares, or without a `file` part, 400. Give it to a session as a `file` resource to mount it read-only.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the file (`file_...`).
                 * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Get a file's metadata
         * @description Returns the file's metadata (its bytes are at `/files/{file_id}/content`).
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description Deletes the file and its bytes. A session resource that mounts it is removed with it (the session's next turn no longer sees it).
         */
        delete: operations["deleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the file (`file_...`).
                 * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Download a file
         * @description Streams the file's bytes with its `mime_type` as `Content-Type` and its name in `Content-Disposition`. A file past its `expires_at` answers 404.
         */
        get: operations["getFileContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's events
         * @description Returns the session's history, oldest first: the user's events, the agent's messages, the
         *     MCP tool calls of a model agent (`agent.tool_use`, then its `agent.tool_result`), status
         *     changes (`session.status_run_started`, `session.status_idled`), thread changes and errors,
         *     including those of its threads (`session_thread_id` set). Tool calls are recorded as they
         *     happen, so a run interrupted by a restart resumes from them without calling a tool twice. After `session.status_idled` the
         *     latest output is safe to read. The history stays readable after the session is archived.
         */
        get: operations["listSessionEvents"];
        put?: never;
        /**
         * Send events to a session
         * @description Appends events to an active session, in order, and answers at once with 202 and the stored
         *     events; the agent works in the background. A `user.message` queues a run: the session becomes
         *     `running` (`session.status_run_started`), the agent's messages are appended, then the session
         *     is `idle` again (`session.status_idled`). Messages sent while a run is in progress are
         *     answered by the next run. A `user.interrupt` with `session_thread_id` terminates a thread of this
         *     session at once (`session.thread_terminated`; 404 for an unknown thread); without it, it stops the
         *     session's running turn (`session.status_idled` with `stop_reason` `interrupted`). A turn paused
         *     for the user (`stop_reason` `requires_action`) resumes once `user.custom_tool_result` /
         *     `user.tool_confirmation` answered every call it waits for; a `user.message` meanwhile answers
         *     409 naming the pending event ids, an answer naming no call of the session 404, a second answer 409. An archived session answers 409, and
         *     so does a `terminated` one (its agent was deleted). The events are stored all or none.
         */
        post: operations["sendSessionEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/threads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * List a session's threads
         * @description Lists the threads of a session (one per sub-agent of a coordinator agent that has run), newest first.
         */
        get: operations["listSessionThreads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/threads/{thread_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * Get a session thread
         * @description Returns one thread of a session with its status.
         */
        get: operations["getSessionThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/threads/{thread_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a session thread
         * @description Archives a thread that is not running: it stays readable with its history, and its sub-agent
         *     is not run again on the session's later turns (as after an interrupt of the thread). A running
         *     thread is refused (409: interrupt it first, or wait for `session.thread_idled`). Archiving again
         *     changes nothing.
         */
        post: operations["archiveSessionThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/threads/{thread_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * List a thread's events
         * @description Returns the history of one thread, oldest first (its creation, the sub-agent's messages, its runs ending, its termination). It stays readable after the session is archived.
         */
        get: operations["listSessionThreadEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * Stream a session's events
         * @description Follows a session live over Server-Sent Events (`text/event-stream`) instead of polling
         *     `GET /sessions/{session_id}/events`: first the session's history, oldest first, then every new
         *     event as it is committed, including those of its threads. Each event is one message:
         *
         *     ```
         *     id: sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
         *     event: agent.message
         *     data: {"id":"sevt_01JD3QA1B2C3D4E5F6G7H8J9K2","type":"agent.message",...}
         *
         *     ```
         *
         *     `data` is the event exactly as `GET /sessions/{session_id}/events` returns it. A `: ping`
         *     comment comes every 15 s (`STREAM_HEARTBEAT_MS`) so that proxies keep the connection open.
         *
         *     - **Resume.** A client that lost the connection reconnects with `Last-Event-ID` (the header
         *       browsers and the SDK send) or `after_id`: the stream continues right after that event, with
         *       no gap and no repeat, whether the missed events were committed before, during or after the
         *       reconnection.
         *     - **Filter.** `types[]` sends only events of those types.
         *     - **Live text.** `event_deltas[]=agent.message` adds `event_start` and `event_delta`
         *       messages (no `id:` line) while the model streams text: never stored, never replayed; the
         *       stored `agent.message` follows with the deltas' text concatenated. With several servers
         *       on one PostgreSQL database, only streams on the server running the turn get them.
         *     - **Limits.** An account holds at most `MAX_STREAMS_PER_ACCOUNT` open streams on a server
         *       (default 100; `429` beyond). A client that stops reading is disconnected once the server has
         *       waited `STREAM_DRAIN_TIMEOUT_MS` (default 30 s) for it to take what was already sent: the
         *       server never buffers events without bound. Reconnect with `Last-Event-ID` to continue.
         *     - **End.** The stream stays open until the client closes it; the server closes it at shutdown,
         *       when the session is deleted and when the token is revoked. Bad input (an unknown session, a bad `after_id`, an unknown
         *       type) is refused before the stream starts, in the error envelope.
         */
        get: operations["streamSessionEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/threads/{thread_id}/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        /**
         * Stream a thread's events
         * @description Like `GET /sessions/{session_id}/events/stream`, for one thread of the session: its history
         *     (its creation, the sub-agent's messages, its runs ending, its termination), oldest first, then
         *     its new events as they are committed, each one message `id:` / `event:` / `data:` with `data`
         *     exactly as `GET /sessions/{session_id}/threads/{thread_id}/events` returns it. `Last-Event-ID`
         *     or `after_id` resume after an event of the session, `types[]` filters, a `: ping` comment comes
         *     every 15 s, and the same limits apply. An unknown session or thread answers `404` before the
         *     stream starts.
         */
        get: operations["streamSessionThreadEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the account's events
         * @description Every event envelope of the account as it is committed, over Server-Sent Events
         *     (`text/event-stream`): the same envelopes, byte for byte, that webhook endpoints receive, without
         *     registering an endpoint or exposing a port (`cloud-agents listen` forwards them to a local URL).
         *     Each event is one message:
         *
         *     ```
         *     id: evt_01JD3QB2C3D4E5F6G7H8J9K0M1
         *     event: session.status_idled
         *     data: {"id":"evt_01JD3QB2C3D4E5F6G7H8J9K0M1","created_at":"...","type":"event","data":{...}}
         *
         *     ```
         *
         *     The stream starts with the events committed from the moment it opens. `Last-Event-ID` (or
         *     `after_id`) first sends every event committed after that one, then continues live, with no
         *     gap and no repeat; events are kept for `RETENTION_DAYS`. `types[]` sends only those kinds. A
         *     `: ping` comment comes every 15 s. The limits of `GET /sessions/{session_id}/events/stream`
         *     apply: at most `MAX_STREAMS_PER_ACCOUNT` open streams (`429`), and a client that stops reading
         *     is disconnected instead of buffered for.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deployments
         * @description Lists the account's deployments, newest first, optionally only those of one agent
         *     (`agent_id`) or in one status (`status`). Archived deployments are hidden unless
         *     `include_archived=true`.
         */
        get: operations["listDeployments"];
        put?: never;
        /**
         * Create a deployment
         * @description Creates a deployment and emits `deployment.created`. The new deployment is `active` and fires
         *     per its schedule at once: each fire creates a run and the run a session with the deployment's
         *     agent (its latest version at fire time, unless `agent` pins one), environment, vaults,
         *     environment variables and initial events. `schedule` is a 5-field cron expression with an IANA
         *     time zone, or the manual-only trigger (also when omitted); the response shows up to 5
         *     `upcoming_runs_at`. `environment_variables` is one string of `NAME=value` lines, validated line
         *     by line (400 naming the line) and returned normalized, sorted by name. The agent, the
         *     environment and every vault must exist (404) and be active (409). An account holds at most
         *     1,000 deployments that are not archived (409 beyond).
         */
        post: operations["createDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments/{deployment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        /**
         * Get a deployment
         * @description Returns a deployment with its schedule's `upcoming_runs_at` and `last_run_at`. Archived deployments stay readable; deleted ones answer 404.
         */
        get: operations["getDeployment"];
        put?: never;
        /**
         * Update a deployment
         * @description Changes any field of the create (omitted fields keep their value; `metadata` is a patch) and
         *     emits `deployment.updated` when something changed. A new `schedule` takes effect at once:
         *     the next fire time is computed from now and shown in `upcoming_runs_at`. Runs already
         *     started are not affected. The same rules as on create apply (400, 404, 409); an archived
         *     deployment answers 409.
         */
        post: operations["updateDeployment"];
        /**
         * Delete a deployment
         * @description Deletes a deployment and its runs and emits `deployment.deleted`. It never fires again; the
         *     sessions its runs created stay (delete them separately). This cannot be undone.
         */
        delete: operations["deleteDeployment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments/{deployment_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a deployment
         * @description Pauses an active deployment (`status: paused`, `paused_reason: {type:"manual"}`,
         *     `upcoming_runs_at` empty) and emits `deployment.paused`. Nothing fires while it is paused;
         *     manual runs still start. Pausing a paused deployment changes nothing and emits nothing. An
         *     archived deployment answers 409.
         */
        post: operations["pauseDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments/{deployment_id}/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpause a deployment
         * @description Resumes a paused deployment (whether paused by the user or by an error) and emits
         *     `deployment.unpaused`. The next fire time is computed from now: fire times that passed while it
         *     was paused are not back-filled. Unpausing an active deployment changes nothing and emits
         *     nothing. An archived deployment answers 409.
         */
        post: operations["unpauseDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments/{deployment_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a deployment
         * @description Archives a deployment and emits `deployment.archived`. It never fires again and takes no
         *     manual runs or updates (409), but it stays readable with its runs. Archived deployments do not
         *     count towards the limit of 1,000 per account. Archiving again changes nothing and emits nothing.
         */
        post: operations["archiveDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployments/{deployment_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a deployment now
         * @description Starts a run now, whatever the schedule, also while the deployment is paused (the overlap
         *     policy does not apply: manual runs always start). The run creates a session exactly as a
         *     scheduled fire does and emits `deployment_run.started`. When no session can be created (the
         *     agent, environment or a vault was archived or deleted) the run is recorded `failed` with its
         *     `error`, `deployment_run.failed` is emitted, the deployment is paused with
         *     `paused_reason.type: error`, and the failed run is returned. An archived deployment answers 409.
         */
        post: operations["runDeployment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployment_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deployment runs
         * @description Lists the account's deployment runs, newest first, optionally only those of one deployment
         *     (`deployment_id`), started one way (`trigger_type`), in one status (`status`), or with or
         *     without an error (`has_error`).
         */
        get: operations["listDeploymentRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deployment_runs/{deployment_run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment run (`drun_...`).
                 * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
                 */
                deployment_run_id: components["parameters"]["DeploymentRunId"];
            };
            cookie?: never;
        };
        /**
         * Get a deployment run
         * @description Returns one run with its status, the session it created and its error, if any.
         */
        get: operations["getDeploymentRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Lists every webhook endpoint of the account, enabled and disabled, newest first. Without parameters the response holds all of them: an account has at most 100 endpoints.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL that receives every event of the subscribed kinds by HTTP POST, signed with the
         *     endpoint's `signing_secret` (`whsec_` + 32 random bytes, standard base64). The response is the
         *     only one that shows the secret (besides a rotation's): store it.
         *
         *     Each delivery carries `Content-Type: application/json`, `Webhook-Id` (the envelope id),
         *     `Webhook-Event-Type`, `User-Agent: CloudAgents-Webhook/<version>` and the signature of the
         *     endpoint's `signing_scheme`: `Webhook-Signature: t=<unix seconds>,v1=<hex>` (`webhook_signature`,
         *     the default) or `webhook-timestamp` and `webhook-signature: v1,<base64>` (`standard_webhooks`).
         *     "Verifying webhook deliveries" in the introduction gives both recipes.
         *     A 2xx within the timeout (10 s by default) is a success; anything else fails (other statuses,
         *     redirects, which are never followed, timeouts, connection errors) and is retried after 1 min,
         *     10 min and 100 min (±10 %); after the 4th failed attempt the record is `dead`. An endpoint that
         *     answers `410 Gone` is disabled at once; one that fails without a success for 5 days is disabled too.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Returns one endpoint with its delivery health (`consecutive_fail`, `degraded`, last success and failure, `disabled_reason`) and its signing scheme. The signing secret is never returned.
         */
        get: operations["getWebhookEndpoint"];
        /**
         * Replace a webhook endpoint's configuration
         * @description Replaces the configuration: `url` and `events` are required; an omitted `description` becomes
         *     null, an omitted `metadata` becomes empty and an omitted `signing_scheme` becomes
         *     `webhook_signature`. The signing secret, the enabled state and the delivery health are kept.
         *     Records already created keep their endpoint and are sent to the new URL, signed per the new
         *     scheme. An endpoint created before secrets were standard base64 must rotate its secret before it
         *     can switch to `standard_webhooks` (409 otherwise).
         */
        put: operations["updateWebhookEndpoint"];
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Removes the endpoint. Its undelivered records (`pending`, held or `dead`) become `discarded` and
         *     are never sent; the records stay listable for auditing. Attempts in flight to it are cut short
         *     before this returns (their connections closed); each stays in its record's history with the
         *     error `Aborted: the endpoint was deleted during the attempt`.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this endpoint only, whatever it subscribes to, and sends it
         *     through the normal pipeline (signed, retried and recorded), to verify connectivity and signature
         *     checking. The event's `data.id` is the endpoint id. A disabled endpoint holds it until enabled.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a webhook endpoint
         * @description Resumes deliveries to the endpoint, records held while it was disabled first, and clears
         *     `disabled_reason`, whatever disabled it (by hand, `410 Gone` or sustained failure). The failure
         *     streak starts over: an endpoint disabled for failing is not disabled again by its first failure.
         *     Enabling an enabled endpoint is harmless.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a webhook endpoint
         * @description Pauses deliveries to the endpoint and keeps it. Events that occur meanwhile are still recorded
         *     for it and held (`pending`) until it is enabled. Attempts in flight to it are cut short before
         *     this returns: their connections are closed and nothing more is sent to it. Such an attempt stays
         *     in its record's history with the error `Aborted: the endpoint was disabled during the attempt`;
         *     it does not count as a failure of the endpoint, and the record is sent again, in full, once the
         *     endpoint is enabled.
         *     `disabled_reason` becomes `{"type":"manual"}` and a `webhook_endpoint.disabled` event goes to the
         *     account's other endpoints subscribed to it. Disabling a disabled endpoint is harmless (no event).
         */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Replaces the endpoint's signing secret with a new one (`whsec_` + 32 random bytes, standard
         *     base64), shown in this response only. The previous secret keeps signing for
         *     `previous_secret_expires_in` seconds (default one day): until then every delivery carries two
         *     signatures, the new one first (`Webhook-Signature: t=<t>,v1=<new>,v1=<old>`, or
         *     `webhook-signature: v1,<new> v1,<old>` with `standard_webhooks`), so receivers can switch to the
         *     new secret without rejecting a delivery. When it expires only the new secret signs. Rotating
         *     again during an overlap makes the current secret the previous one; the older one stops at once.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_endpoints/{endpoint_id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-queue an endpoint's dead deliveries
         * @description Replays the dead-letter queue of one endpoint after an outage: every `dead` record of the
         *     endpoint whose event occurred in the window (`since` inclusive, `until` exclusive, by
         *     `created_at`) becomes `pending`, due at once, with a fresh round of attempts and the same
         *     envelope (same id, same bytes). They are sent oldest first. Records of a disabled endpoint are
         *     held until it is enabled. Records in any other status are left alone.
         */
        post: operations["recoverWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery records
         * @description Lists the account's delivery records (one per event and endpoint), newest first, with their
         *     status and timestamps, for auditing. Filter by `endpoint_id`, `status` (`status=dead` is the
         *     dead-letter queue) and `event_type`.
         */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events/{webhook_event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the delivery record (`whev_...`).
                 * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
                 */
                webhook_event_id: components["parameters"]["WebhookEventId"];
            };
            cookie?: never;
        };
        /**
         * Get a delivery record
         * @description Returns one delivery record with the envelope it sends (`payload`) and every attempt (status, duration, error).
         */
        get: operations["getWebhookEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_events/{webhook_event_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the delivery record (`whev_...`).
                 * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
                 */
                webhook_event_id: components["parameters"]["WebhookEventId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a dead delivery record
         * @description Re-queues a `dead` record: it becomes `pending`, due at once, with a fresh round of 4 attempts and
         *     the same envelope (same id, same bytes). A record that is not `dead` answers 409.
         */
        post: operations["retryWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook_event_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the event types
         * @description The catalog of every kind of event the service pushes, read from the `webhooks` section of this
         *     description: its name (what endpoints subscribe to), when it is emitted, and the JSON Schema of
         *     its `data`, so receivers can generate types or validate payloads. The list is short and not paged.
         */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "session.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.created
         * @description A session was created with `POST /sessions` (or by a deployment run).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.updated
         * @description A session's title or metadata changed (`POST /sessions/{session_id}` that changes something).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.updated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.archived
         * @description A session was archived: it accepts no new events; its history stays readable.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.deleted
         * @description A session was permanently deleted, with its history and threads.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.status_run_started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.status_run_started
         * @description The agent started a run: the session is `running`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.status_run_started` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionStatusRunStartedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.status_idled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.status_idled
         * @description A turn completed (or ended with an error event, was interrupted, or paused for the user) and the session is `idle`: its latest output is safe to read. `stop_reason` says which.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.status_idled` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionStatusIdledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.status_rescheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.status_rescheduled
         * @description The run hit an error it retries (a model provider's rate limit, overload or server error) and waits out the back-off: the session is `rescheduling`, and a `session.error` with `retry_status` `retrying` says why. The session is `running` again (`session.status_run_started`) when the retry starts; a `user.interrupt` meanwhile stops the retry and idles the session. A run taken over after a server stopped is rescheduled too.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.status_rescheduled` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionStatusRescheduledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.status_terminated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.status_terminated
         * @description The session can never run again: its agent was deleted. Its history stays readable.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.status_terminated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionStatusTerminatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.thread_created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.thread_created
         * @description A session thread was created: a sub-agent of a coordinator agent runs in it for the first time.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.thread_created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionThreadCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.thread_idled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.thread_idled
         * @description A session thread finished a run and is `idle`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.thread_idled` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionThreadIdledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.thread_terminated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.thread_terminated
         * @description A session thread was terminated by a `user.interrupt`; it never runs again.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `session.thread_terminated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveSessionThreadTerminatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.created
         * @description An agent was created with `POST /agents`; `version` is 1.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `agent.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveAgentCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.updated
         * @description An agent's configuration changed; `version` is the new version (incremented by one).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `agent.updated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveAgentUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.archived
         * @description An agent was archived: it takes no new sessions; `version` is its current version.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `agent.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveAgentArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.deleted
         * @description An agent was deleted; its configuration is unrecoverable. `version` is the version it had.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `agent.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveAgentDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.created
         * @description A deployment was created with `POST /deployments`; it is `active` and fires per its schedule.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.updated
         * @description A deployment's configuration changed with `POST /deployments/{deployment_id}`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.updated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.paused
         * @description A deployment was paused: by `POST /deployments/{deployment_id}/pause`, or by the service because a run could not start (see `paused_reason`).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.paused` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentPausedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.unpaused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.unpaused
         * @description A paused deployment was resumed with `POST /deployments/{deployment_id}/unpause`; its next fire time is computed from now.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.unpaused` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentUnpausedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.archived
         * @description A deployment was archived; it never fires again but stays readable.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment.deleted
         * @description A deployment was deleted with its runs; the sessions its runs created stay.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment_run.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment_run.started
         * @description A deployment run started: its session was created (scheduled fire or manual run).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment_run.started` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentRunStartedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment_run.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment_run.succeeded
         * @description A deployment run succeeded: the first turn of its session ended and the session went idle.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment_run.succeeded` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentRunSucceededEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment_run.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deployment_run.failed
         * @description A deployment run failed: no session could be created (`session_id` null), or the first turn of its session errored.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `deployment_run.failed` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveDeploymentRunFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "environment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * environment.created
         * @description An environment was created with `POST /environments`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `environment.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveEnvironmentCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "environment.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * environment.updated
         * @description An environment's name, description, config or metadata changed with `POST /environments/{environment_id}` (an update that changes nothing emits no event).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `environment.updated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveEnvironmentUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "environment.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * environment.archived
         * @description An environment was archived with `POST /environments/{environment_id}/archive`. It stays readable; archiving it again emits no event.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `environment.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveEnvironmentArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "environment.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * environment.deleted
         * @description An environment was deleted with `DELETE /environments/{environment_id}`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `environment.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveEnvironmentDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault.created
         * @description A vault was created with `POST /vaults`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault.archived
         * @description A vault was archived with `POST /vaults/{vault_id}/archive`, together with its active credentials (each of which emits `vault_credential.archived` first). Archiving it again emits no event.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault.deleted
         * @description A vault was deleted with `DELETE /vaults/{vault_id}`, together with its credentials (each of which emits `vault_credential.deleted` first).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault_credential.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault_credential.created
         * @description A credential was added to a vault with `POST /vaults/{vault_id}/credentials`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault_credential.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCredentialCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault_credential.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault_credential.updated
         * @description A credential's display name, metadata or auth changed with `POST /vaults/{vault_id}/credentials/{credential_id}` (an update that changes nothing emits no event).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault_credential.updated` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCredentialUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault_credential.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault_credential.archived
         * @description A credential was archived, with `POST /vaults/{vault_id}/credentials/{credential_id}/archive` or together with its vault. Archiving it again emits no event.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault_credential.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCredentialArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault_credential.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault_credential.deleted
         * @description A credential was deleted, with `DELETE /vaults/{vault_id}/credentials/{credential_id}` or together with its vault.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault_credential.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCredentialDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vault_credential.refresh_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * vault_credential.refresh_failed
         * @description Refreshing the access token of an `mcp_oauth` credential with its `refresh` configuration failed, so the credential could not be used; update its `auth`. Declared for subscriptions now: this version does not refresh credentials yet, so it does not emit this kind.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `vault_credential.refresh_failed` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveVaultCredentialRefreshFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory_store.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * memory_store.created
         * @description A memory store was created with `POST /memory_stores`.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `memory_store.created` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveMemoryStoreCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory_store.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * memory_store.archived
         * @description A memory store was archived with `POST /memory_stores/{memory_store_id}/archive`. Archiving it again emits no event.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `memory_store.archived` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveMemoryStoreArchivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memory_store.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * memory_store.deleted
         * @description A memory store was deleted with `DELETE /memory_stores/{memory_store_id}`, together with its memories and their versions.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `memory_store.deleted` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveMemoryStoreDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.degraded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.degraded
         * @description An endpoint became degraded: its `consecutive_fail` exceeded the degradation threshold (`WEBHOOK_DEGRADED_THRESHOLD`, 20 by default). It stays `degraded: true` until a delivery to it succeeds (`webhook_endpoint.recovered`).
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `webhook_endpoint.degraded` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveWebhookEndpointDegradedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.recovered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.recovered
         * @description A delivery to a degraded endpoint succeeded: it is no longer degraded and its `consecutive_fail` is back to 0.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `webhook_endpoint.recovered` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveWebhookEndpointRecoveredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.disabled
         * @description An endpoint was disabled: it answered `410 Gone` (`gone`), it kept failing without a success for `WEBHOOK_AUTO_DISABLE_AFTER_S` (`failing`, 5 days by default), or `POST /webhook_endpoints/{endpoint_id}/disable` was called (`manual`). Events for it are held until it is enabled. Sent to the account's other endpoints subscribed to it, never to the disabled endpoint itself.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `webhook_endpoint.disabled` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveWebhookEndpointDisabledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description A test event sent by `POST /webhook_endpoints/{id}/test` to check connectivity and signature verification. Only the tested endpoint receives it.
         *
         *     Sent by HTTP POST to every enabled endpoint subscribed to `webhook.test` (or `*`), signed per the endpoint's
         *     `signing_scheme` (the `Webhook-Signature` header by default, or the Standard Webhooks headers). Delivery is at-least-once: deduplicate on the envelope `id`.
         */
        post: operations["receiveWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Custom string key-value pairs; at most 16 keys, keys up to 64 characters, values up to 512 characters. Characters are Unicode code points, as JSON Schema counts them (an emoji is one), wherever metadata is sent (JSON bodies and the `metadata` field of skill uploads alike).
         * @example {
         *       "team": "platform"
         *     }
         */
        Metadata: {
            [key: string]: string;
        };
        /** @description A skill: domain expertise packaged as a folder with a `SKILL.md`, attachable to agents. The object never includes the skill's files; download them with `GET /skills/{skill_id}/versions/{version}/content`. */
        Skill: {
            /**
             * @description The skill id, `skill_` followed by a ULID.
             * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `skill`.
             * @example skill
             * @constant
             */
            type: "skill";
            /**
             * @description A human-readable title, 1 to 255 characters. Defaults to the front-matter `name` of the first upload.
             * @example Verify Cloud Agents webhooks
             */
            display_title: string;
            /**
             * @description The `name` in the `SKILL.md` front matter of the latest version: lowercase letters, digits and hyphens, at most 64 characters. The `name` filter of the list matches its prefix.
             * @example verify-webhooks
             */
            name: string;
            /**
             * @description The `description` in the `SKILL.md` front matter of the latest version, at most 1024 characters.
             * @example Verify the Webhook-Signature header of Cloud Agents webhook deliveries in a receiver.
             */
            description: string;
            /**
             * @description `custom` for skills uploaded by the account; `vendor` for the skills that ship with the service, which every account sees and none may change.
             * @example custom
             * @enum {string}
             */
            source: "custom" | "vendor";
            /**
             * @description The newest version of the skill, a string of epoch microseconds.
             * @example 1795264496789000
             */
            latest_version: string;
            metadata: components["schemas"]["Metadata"];
            /**
             * Format: date-time
             * @description When the skill was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the skill last changed (a version added or deleted).
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /**
         * @description The forward cursor: pass it as `page` to get the records that follow this page. Set exactly when `has_more` is true while paging forward (no cursor, `page` or `after_id`); null otherwise, including every page requested with `before_id`.
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        NextPage: string | null;
        /**
         * @description The id of the first record on the page; pass it as `before_id` to page backward. Null when the page is empty.
         * @example vault_01JD3Q5E8C1QK4ZB2N7V0G6H9X
         */
        FirstId: string | null;
        /**
         * @description The id of the last record on the page. Null when the page is empty.
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        LastId: string | null;
        /**
         * @description Whether more records exist in the direction of travel: after the page when paging forward (follow `next_page`), before it when paging with `before_id` (continue with `before_id` = `first_id`).
         * @example false
         */
        HasMore: boolean;
        /** @description One page of skills, newest first. */
        SkillList: {
            /** @description The skills on this page, without their content. */
            data: components["schemas"]["Skill"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /**
         * @description The state of a work item: `queued` (waiting for a worker; a poll hands it to one worker at a time), `starting` (acknowledged: the worker holds its lease), `active` (heartbeating), `stopping` (a stop was asked: the worker finishes and stops it), `stopped`.
         * @example active
         * @enum {string}
         */
        WorkState: "queued" | "starting" | "active" | "stopping" | "stopped";
        /** @description A work item's lease as the server holds it (in a refused heartbeat's `details.current_state`). */
        WorkLeaseState: {
            /**
             * @description The stored heartbeat, or null when there is none.
             * @example null
             */
            last_heartbeat: string | null;
            /**
             * @description Always false.
             * @example false
             * @constant
             */
            lease_extended: false;
            state: components["schemas"]["WorkState"];
            /**
             * @description What is left of the lease, in seconds.
             * @example 0
             */
            ttl_seconds: number;
        };
        /** @description What went wrong. */
        ErrorObject: {
            /**
             * @description A stable error type: `invalid_request_error` (400), `TOKEN_INVALID` (401), `permission_error` (403),
             *     `not_found_error` (404), `conflict_error` (409), `precondition_failed_error` (412), `request_too_large` (413),
             *     `idempotency_error` (422), `rate_limit_error` (429) or `api_error` (500).
             * @example invalid_request_error
             * @enum {string}
             */
            type: "invalid_request_error" | "TOKEN_INVALID" | "permission_error" | "not_found_error" | "conflict_error" | "precondition_failed_error" | "request_too_large" | "idempotency_error" | "rate_limit_error" | "api_error";
            /**
             * @description A readable explanation meant for the developer.
             * @example display_name: must NOT have more than 255 characters
             */
            message: string;
            /**
             * @description The request field, query parameter or header that caused the error, when there is one. Nested fields are written with dots and array indexes in brackets, e.g. `metadata.team` or `mcp_servers[0].url`.
             * @example display_name
             */
            param?: string;
            /** @description Machine-readable detail, when there is some: `error_code` names the cause (`heartbeat_precondition_failed`, with the lease's `current_state`). */
            details?: {
                /**
                 * @description The cause.
                 * @example heartbeat_precondition_failed
                 */
                error_code: string;
                current_state?: components["schemas"]["WorkLeaseState"];
            };
        };
        /** @description The envelope of every error response. */
        ErrorEnvelope: {
            /**
             * @description Always `error`.
             * @example error
             * @constant
             */
            type: "error";
            error: components["schemas"]["ErrorObject"];
            /**
             * @description The id of the request, also sent as the `Request-Id` header. Quote it when reporting a problem.
             * @example req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            request_id: string;
        };
        /**
         * @description The files of the skill: one `files` part per file, each part's filename being the file's relative path under one top-level folder that holds `SKILL.md` (`my-skill/SKILL.md`, `my-skill/scripts/run.sh`). Paths use `/`, and must not be absolute, contain `..`, `.` or empty segments, backslashes or control characters, or repeat (ignoring case). `SKILL.md` starts with YAML front matter between `---` lines holding `name` (lowercase letters, digits and hyphens, at most 64 characters) and `description` (at most 1024 characters). At most 1000 files, totalling at most 8 MiB (the server's `MAX_UPLOAD_BYTES`).
         * @example [
         *       "my-skill/SKILL.md",
         *       "my-skill/scripts/run.sh"
         *     ]
         */
        SkillFiles: string[] | string;
        /** @description The multipart form of a skill upload. At least one file is required, sent as `files` parts (or `files[]` parts). */
        CreateSkillRequest: {
            files?: components["schemas"]["SkillFiles"];
            /** @description The same as `files`, for clients that send array fields as `files[]` parts. Use one of the two names. */
            "files[]"?: components["schemas"]["SkillFiles"];
            /**
             * @description A human-readable title, 1 to 255 characters. Defaults to the front-matter `name`.
             * @example Verify Cloud Agents webhooks
             */
            display_title?: string;
            /**
             * @description Custom metadata as a JSON object text: string values, at most 16 keys, keys up to 64 characters, values up to 512 characters.
             * @example {"team":"platform"}
             */
            metadata?: string;
        };
        /** @description The confirmation of a skill delete. */
        DeletedSkill: {
            /**
             * @description The id of the deleted skill.
             * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `skill_deleted`.
             * @example skill_deleted
             * @constant
             */
            type: "skill_deleted";
        };
        /** @description One immutable version of a skill's files. The object never includes the files themselves. */
        SkillVersion: {
            /**
             * @description The version id, `skillver_` followed by a ULID.
             * @example skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `skill_version`.
             * @example skill_version
             * @constant
             */
            type: "skill_version";
            /**
             * @description The id of the skill this version belongs to.
             * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            skill_id: string;
            /**
             * @description The version, a string of epoch microseconds, strictly increasing within a skill.
             * @example 1795264496789000
             */
            version: string;
            /**
             * @description The `name` in the front matter of this version's `SKILL.md`.
             * @example verify-webhooks
             */
            name: string;
            /**
             * @description The `description` in the front matter of this version's `SKILL.md`.
             * @example Verify the Webhook-Signature header of Cloud Agents webhook deliveries in a receiver.
             */
            description: string;
            /**
             * @description The top-level folder that holds the files of this version (the folder that contains `SKILL.md`).
             * @example verify-webhooks
             */
            directory: string;
            /**
             * Format: date-time
             * @description When the version was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description One page of a skill's versions, newest first. */
        SkillVersionList: {
            /** @description The versions on this page. */
            data: components["schemas"]["SkillVersion"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The multipart form of a new skill version: the complete set of files. The front-matter `name` of its `SKILL.md` must equal the skill's name. At least one file is required, sent as `files` parts (or `files[]` parts). */
        CreateSkillVersionRequest: {
            files?: components["schemas"]["SkillFiles"];
            /** @description The same as `files`, for clients that send array fields as `files[]` parts. Use one of the two names. */
            "files[]"?: components["schemas"]["SkillFiles"];
        };
        /** @description The confirmation of a skill version delete. */
        DeletedSkillVersion: {
            /**
             * @description The id of the deleted version.
             * @example skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `skill_version_deleted`.
             * @example skill_version_deleted
             * @constant
             */
            type: "skill_version_deleted";
            /**
             * @description The id of the skill the version belonged to.
             * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            skill_id: string;
            /**
             * @description The deleted version.
             * @example 1795264496789000
             */
            version: string;
        };
        /**
         * Format: uri
         * @description The URL of the MCP server the credential is for (http or https). One active credential per URL per vault.
         * @example https://mcp.example.com/sse
         */
        McpServerUrl: string;
        /** @description A static bearer token sent to an MCP server (the token is not shown). */
        StaticBearerAuth: {
            /**
             * @description Always `static_bearer`.
             * @example static_bearer
             * @constant
             */
            type: "static_bearer";
            mcp_server_url: components["schemas"]["McpServerUrl"];
        };
        /** @description How the access token is refreshed (secrets not shown). */
        OAuthRefresh: {
            /**
             * @description The OAuth client id.
             * @example cloud-agents
             */
            client_id: string;
            /**
             * @description The token endpoint of the authorization server.
             * @example https://auth.example.com/oauth/token
             */
            token_endpoint: string;
            /** @description How the client authenticates at the token endpoint. */
            token_endpoint_auth: {
                /**
                 * @description The client authentication method.
                 * @example client_secret_basic
                 * @enum {string}
                 */
                type: "none" | "client_secret_basic" | "client_secret_post";
            };
            /**
             * @description The resource indicator sent with refresh requests.
             * @example https://mcp.example.com
             */
            resource?: string;
            /**
             * @description The scope requested on refresh.
             * @example repo read:org
             */
            scope?: string;
        };
        /** @description OAuth tokens for an MCP server (the tokens are not shown). */
        McpOAuthAuth: {
            /**
             * @description Always `mcp_oauth`.
             * @example mcp_oauth
             * @constant
             */
            type: "mcp_oauth";
            mcp_server_url: components["schemas"]["McpServerUrl"];
            /**
             * Format: date-time
             * @description When the access token expires, if known.
             * @example 2026-12-21T12:00:00.000Z
             */
            expires_at: string | null;
            /** @description How the access token is refreshed, without the refresh token and client secret; null when it is not. */
            refresh: components["schemas"]["OAuthRefresh"] | null;
        };
        /**
         * @description The hosts whose requests get the secret substituted for its placeholder. `unrestricted` (the
         *     default): any host the session's environment lets commands reach; `limited`: only the hosts in
         *     `allowed_hosts`, each a bare host name (`api.example.com`), an IPv4 address or a `*.` wildcard
         *     (`*.example.com`: any subdomain, not `example.com` itself). No URLs, ports, paths or IPv6.
         */
        CredentialNetworking: {
            /**
             * @description `unrestricted`, or `limited` to the hosts in `allowed_hosts`.
             * @example limited
             * @enum {string}
             */
            type: "unrestricted" | "limited";
            /**
             * @description The hosts that may receive the secret (with `limited`; 1 to 16 entries).
             * @example [
             *       "api.example.com"
             *     ]
             */
            allowed_hosts?: string[];
        };
        /** @description Where in an outbound request the secret is substituted for its placeholder. */
        InjectionLocation: {
            /**
             * @description Whether the placeholder is substituted in request header values.
             * @example true
             */
            header: boolean;
            /**
             * @description Whether the placeholder is substituted in the request body.
             * @example false
             */
            body: boolean;
        };
        /**
         * @description A secret used at egress (the value is not shown): commands see the variable `secret_name` with
         *     a placeholder value, and the sandbox's proxy puts the secret in its place in requests to the
         *     credential's hosts only.
         */
        EnvironmentVariableAuth: {
            /**
             * @description Always `environment_variable`.
             * @example environment_variable
             * @constant
             */
            type: "environment_variable";
            /**
             * @description The environment variable name. One active credential per name per vault.
             * @example API_KEY
             */
            secret_name: string;
            networking: components["schemas"]["CredentialNetworking"];
            injection_location: components["schemas"]["InjectionLocation"];
        };
        /** @description How the credential authenticates, without its secret fields. */
        CredentialAuth: components["schemas"]["StaticBearerAuth"] | components["schemas"]["McpOAuthAuth"] | components["schemas"]["EnvironmentVariableAuth"];
        /** @description A credential stored in a vault. Its secret fields are encrypted at rest and never returned. */
        VaultCredential: {
            /**
             * @description The credential id, `vcred_` followed by a ULID.
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential`.
             * @example vault_credential
             * @constant
             */
            type: "vault_credential";
            /**
             * @description The vault that holds the credential.
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
            /**
             * @description A human-readable name, or null.
             * @example GitHub MCP
             */
            display_name: string | null;
            metadata: components["schemas"]["Metadata"];
            auth: components["schemas"]["CredentialAuth"];
            /**
             * Format: date-time
             * @description When the credential was archived; null while it is active.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the credential was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the credential was last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description A container that stores credentials for MCP servers. */
        Vault: {
            /**
             * @description The vault id, `vault_` followed by a ULID.
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `vault`.
             * @example vault
             * @constant
             */
            type: "vault";
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Production MCP servers
             */
            display_name: string;
            metadata: components["schemas"]["Metadata"];
            /** @description The vault's active credentials, without their secrets. Always empty in the create response. */
            credentials: components["schemas"]["VaultCredential"][];
            /**
             * Format: date-time
             * @description When the vault was archived; null while it is active.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the vault was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the vault was last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of vaults, newest first. */
        VaultList: {
            /** @description The vaults on this page. */
            data: components["schemas"]["Vault"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The body of a vault create. Credentials are added afterwards, one by one. */
        CreateVaultRequest: {
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Production MCP servers
             */
            display_name: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * @description A metadata patch. A string value sets the key; `null` deletes it; keys not named keep their value. The limit of 16 keys applies to the metadata after the patch, so one patch may delete up to 16 keys and set up to 16 others (at most 32 entries).
         * @example {
         *       "team": "platform",
         *       "obsolete": null
         *     }
         */
        MetadataPatch: {
            [key: string]: string | null;
        };
        /** @description A partial update of a vault; omitted fields keep their value. */
        UpdateVaultRequest: {
            /**
             * @description A new name, 1 to 255 characters.
             * @example Staging MCP servers
             */
            display_name?: string;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of a vault delete. */
        DeletedVault: {
            /**
             * @description The id of the deleted vault.
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `vault_deleted`.
             * @example vault_deleted
             * @constant
             */
            type: "vault_deleted";
        };
        /** @description One page of credentials, newest first. */
        VaultCredentialList: {
            /** @description The credentials on this page. */
            data: components["schemas"]["VaultCredential"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description A static bearer token for an MCP server. */
        StaticBearerAuthInput: {
            /**
             * @description Always `static_bearer`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "static_bearer";
            mcp_server_url: components["schemas"]["McpServerUrl"];
            /**
             * @description The bearer token. Encrypted at rest; never returned.
             * @example ghp_exampletoken
             */
            token: string;
        };
        /** @description How to refresh the access token. */
        OAuthRefreshInput: {
            /**
             * @description The OAuth client id.
             * @example cloud-agents
             */
            client_id: string;
            /**
             * @description The refresh token. Encrypted at rest; never returned.
             * @example rt.examplerefreshtoken
             */
            refresh_token: string;
            /**
             * Format: uri
             * @description The token endpoint of the authorization server.
             * @example https://auth.example.com/oauth/token
             */
            token_endpoint: string;
            /** @description How the client authenticates at the token endpoint; `client_secret` is required unless the type is `none`. */
            token_endpoint_auth: {
                /**
                 * @description The client authentication method.
                 * @example client_secret_basic
                 * @enum {string}
                 */
                type: "none" | "client_secret_basic" | "client_secret_post";
                /**
                 * @description The client secret. Encrypted at rest; never returned.
                 * @example cs.exampleclientsecret
                 */
                client_secret?: string;
            };
            /**
             * @description The resource indicator sent with refresh requests.
             * @example https://mcp.example.com
             */
            resource?: string;
            /**
             * @description The scope requested on refresh.
             * @example repo read:org
             */
            scope?: string;
        };
        /** @description OAuth tokens for an MCP server. */
        McpOAuthAuthInput: {
            /**
             * @description Always `mcp_oauth`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "mcp_oauth";
            mcp_server_url: components["schemas"]["McpServerUrl"];
            /**
             * @description The OAuth access token. Encrypted at rest; never returned.
             * @example ya29.exampleaccesstoken
             */
            access_token: string;
            /**
             * Format: date-time
             * @description When the access token expires.
             * @example 2026-12-21T12:00:00.000Z
             */
            expires_at?: string;
            refresh?: components["schemas"]["OAuthRefreshInput"];
        };
        /**
         * @description Where in an outbound request the secret may be substituted for its placeholder. On create, a
         *     location left out is off, and leaving the whole object out means `{header: true}`; on update, a
         *     location left out keeps its setting. At least one location must be on.
         */
        InjectionLocationInput: {
            /**
             * @description Substitute when the placeholder appears in a request header value.
             * @example true
             */
            header?: boolean;
            /**
             * @description Substitute when the placeholder appears in the request body.
             * @example false
             */
            body?: boolean;
        };
        /**
         * @description A secret used at egress: commands see the variable `secret_name` holding a placeholder, never
         *     the secret; the sandbox's proxy substitutes the secret for the placeholder in requests to the
         *     hosts `networking` names, in the places `injection_location` names.
         */
        EnvironmentVariableAuthInput: {
            /**
             * @description Always `environment_variable`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "environment_variable";
            /**
             * @description The environment variable name; letters, digits and underscores, not starting with a digit. Immutable after create.
             * @example API_KEY
             */
            secret_name: string;
            /**
             * @description The secret value. Encrypted at rest; never returned, never given to the sandbox.
             * @example sk_live_example
             */
            secret_value: string;
            networking?: components["schemas"]["CredentialNetworking"];
            injection_location?: components["schemas"]["InjectionLocationInput"];
        };
        /** @description How the credential authenticates, with its secret fields (write-only). */
        CredentialAuthInput: components["schemas"]["StaticBearerAuthInput"] | components["schemas"]["McpOAuthAuthInput"] | components["schemas"]["EnvironmentVariableAuthInput"];
        /** @description The body of a credential create. */
        CreateVaultCredentialRequest: {
            auth: components["schemas"]["CredentialAuthInput"];
            /**
             * @description A human-readable name.
             * @example GitHub MCP
             */
            display_name?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * @description Changes an environment variable credential. `secret_name` cannot change (when sent, it must be
         *     the current one); `secret_value` rotates the secret; `networking` replaces the stored scope as a
         *     whole; `injection_location` changes the locations it names and keeps the others. Null or absent
         *     fields keep their current value.
         */
        EnvironmentVariableAuthUpdate: {
            /**
             * @description Always `environment_variable` (the credential's type cannot change). (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "environment_variable";
            /**
             * @description The current name (immutable); another name is a 400.
             * @example API_KEY
             */
            secret_name?: string;
            /**
             * @description A new secret to replace the stored one.
             * @example sk_live_rotated
             */
            secret_value?: string | null;
            /** @description The new networking scope, replacing the stored one; null keeps it. */
            networking?: components["schemas"]["CredentialNetworking"] | null;
            injection_location?: components["schemas"]["InjectionLocationInput"];
        };
        /**
         * @description New auth settings of a credential; the `type` must be the credential's own. An MCP credential's
         *     `auth` replaces the whole configuration (to rotate a secret); an environment variable's is
         *     partial (EnvironmentVariableAuthUpdate).
         */
        CredentialAuthUpdate: components["schemas"]["StaticBearerAuthInput"] | components["schemas"]["McpOAuthAuthInput"] | components["schemas"]["EnvironmentVariableAuthUpdate"];
        /** @description A partial update of a credential. `auth` changes the auth settings (CredentialAuthUpdate). */
        UpdateVaultCredentialRequest: {
            auth?: components["schemas"]["CredentialAuthUpdate"];
            /**
             * @description A new name; null clears it.
             * @example GitHub MCP (rotated)
             */
            display_name?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of a credential delete. */
        DeletedVaultCredential: {
            /**
             * @description The id of the deleted credential.
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential_deleted`.
             * @example vault_credential_deleted
             * @constant
             */
            type: "vault_credential_deleted";
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
        /**
         * @description The store's name, unique in the account: 1 to 64 letters, digits, `-` and `_`. Sessions see the store's memories under `/mnt/memory/<name>/`.
         * @example customer-notes
         */
        MemoryStoreName: string;
        /** @description A named store of memories (text files by path) that outlives sessions. */
        MemoryStore: {
            /**
             * @description The memory store id, `memstore_` followed by a ULID.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `memory_store`.
             * @example memory_store
             * @constant
             */
            type: "memory_store";
            name: components["schemas"]["MemoryStoreName"];
            /**
             * @description What the store holds; null when none is set.
             * @example What the support agent learned about each customer.
             */
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            /**
             * Format: date-time
             * @description When the store was archived; null while it is active. An archived store is read-only and cannot be attached to a new session.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the store was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the store's name, description, metadata or state last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of memory stores, newest first. */
        MemoryStoreList: {
            /** @description The memory stores on this page. */
            data: components["schemas"]["MemoryStore"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The body of a memory store create. */
        CreateMemoryStoreRequest: {
            name: components["schemas"]["MemoryStoreName"];
            /**
             * @description What the store holds, at most 1,024 characters.
             * @example What the support agent learned about each customer.
             */
            description?: string | null;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A partial update of a memory store; omitted fields keep their value. */
        UpdateMemoryStoreRequest: {
            name?: components["schemas"]["MemoryStoreName"];
            /**
             * @description A new description, at most 1,024 characters; null removes it.
             * @example Customer facts, one file per customer.
             */
            description?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of a memory store delete. */
        DeletedMemoryStore: {
            /**
             * @description The id of the deleted memory store.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `memory_store_deleted`.
             * @example memory_store_deleted
             * @constant
             */
            type: "memory_store_deleted";
        };
        /**
         * @description The memory's path in its store, like a relative file path: segments separated by `/`, none of them empty, `.` or `..`, each at most 255 bytes of UTF-8 (a file name's limit once mounted); at most 1,024 characters. Any character but `/`, control characters, `\`, format characters (bidi controls such as U+202E, zero-width spaces and joiners) and lone surrogates, which are refused with 400 naming `path`. Stored and compared in Unicode NFC: `café.md` typed composed or decomposed is one memory, answered composed.
         * @example customers/acme.md
         */
        MemoryPath: string;
        /**
         * @description The SHA-256 of the content's UTF-8 bytes, 64 lowercase hex digits.
         * @example 6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4
         */
        MemorySha256: string;
        /** @description A memory as lists show it: without its content. */
        MemorySummary: {
            /**
             * @description The memory id, `mem_` followed by a ULID.
             * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
             */
            id: string;
            /**
             * @description Always `memory`.
             * @example memory
             * @constant
             */
            type: "memory";
            /**
             * @description The store the memory belongs to.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
            path: components["schemas"]["MemoryPath"];
            content_sha256: components["schemas"]["MemorySha256"];
            /**
             * @description The content's size in UTF-8 bytes.
             * @example 56
             */
            size_bytes: number;
            /**
             * Format: date-time
             * @description When the memory was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the memory's content last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of memories without their contents, oldest first. */
        MemoryList: {
            /** @description The memories on this page. */
            data: components["schemas"]["MemorySummary"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The body of a memory create. A path that already exists in the store is refused with 409. */
        CreateMemoryRequest: {
            path: components["schemas"]["MemoryPath"];
            /**
             * @description The memory's text, at most 100 KiB (102,400 bytes) of UTF-8; more is refused with 413.
             * @example Acme prefers email over phone.
             */
            content: string;
        };
        /** @description A memory: a text file of a memory store, with its content. */
        Memory: {
            /**
             * @description The memory id, `mem_` followed by a ULID.
             * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
             */
            id: string;
            /**
             * @description Always `memory`.
             * @example memory
             * @constant
             */
            type: "memory";
            /**
             * @description The store the memory belongs to.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
            path: components["schemas"]["MemoryPath"];
            /**
             * @description The memory's text, at most 100 KiB (102,400 bytes) of UTF-8.
             * @example Acme prefers email over phone. Contract renews in March.
             */
            content: string;
            content_sha256: components["schemas"]["MemorySha256"];
            /**
             * @description The content's size in UTF-8 bytes.
             * @example 56
             */
            size_bytes: number;
            /**
             * Format: date-time
             * @description When the memory was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the memory's content last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description A new content for a memory, a new path (a rename: the memory keeps its id), or both. With `content_sha256` the update applies only while the memory's current content has that SHA-256 (else 409, nothing written): read, change, write back with the hash you read, and no concurrent update is lost. A path another memory of the store has is refused with 409. */
        UpdateMemoryRequest: {
            /**
             * @description The new text, at most 100 KiB (102,400 bytes) of UTF-8; more is refused with 413. Omitted, the content stays.
             * @example Acme prefers email over phone. Contract renews in March.
             */
            content?: string;
            path?: components["schemas"]["MemoryPath"];
            content_sha256?: components["schemas"]["MemorySha256"];
        };
        /** @description The confirmation of a memory delete. The delete is recorded as a version without content. */
        DeletedMemory: {
            /**
             * @description The id of the deleted memory.
             * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
             */
            id: string;
            /**
             * @description Always `memory_deleted`.
             * @example memory_deleted
             * @constant
             */
            type: "memory_deleted";
        };
        /** @description Who made a change - an API token (a call of this API) or a session (its agent's tools). */
        MemoryVersionAuthor: {
            /**
             * @description `api_token` for a change made through the API, `session` for one a session's agent made.
             * @example api_token
             * @enum {string}
             */
            type: "api_token" | "session";
            /**
             * @description The token id (`tok_...`) or the session id (`sess_...`).
             * @example tok_01JD3Q1A2B3C4D5E6F7G8H9J0K
             */
            id: string;
        };
        /** @description A version as lists show it: without its content. */
        MemoryVersionSummary: {
            /**
             * @description The version id, `memver_` followed by a ULID.
             * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
             */
            id: string;
            /**
             * @description Always `memory_version`.
             * @example memory_version
             * @constant
             */
            type: "memory_version";
            /**
             * @description The memory the change was made to (it may since have been deleted).
             * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
             */
            memory_id: string;
            /**
             * @description The memory's store.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
            path: components["schemas"]["MemoryPath"];
            /**
             * @description What the change did to the memory.
             * @example created
             * @enum {string}
             */
            operation: "created" | "updated" | "deleted";
            /**
             * @description The SHA-256 of the content after the change; null for a delete and once redacted.
             * @example 6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4
             */
            content_sha256: string | null;
            /**
             * @description The content's size in UTF-8 bytes (0 for a delete and once redacted).
             * @example 30
             */
            size_bytes: number;
            author: components["schemas"]["MemoryVersionAuthor"];
            /**
             * Format: date-time
             * @description When the version's content was redacted (removed from the database); null if never.
             * @example null
             */
            redacted_at: string | null;
            /**
             * Format: date-time
             * @description When the change was made.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description One page of memory versions without their contents, newest first. */
        MemoryVersionList: {
            /** @description The versions on this page. */
            data: components["schemas"]["MemoryVersionSummary"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description A version of a memory: the content one change left (null for a delete, or once redacted). */
        MemoryVersion: {
            /**
             * @description The version id, `memver_` followed by a ULID.
             * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
             */
            id: string;
            /**
             * @description Always `memory_version`.
             * @example memory_version
             * @constant
             */
            type: "memory_version";
            /**
             * @description The memory the change was made to (it may since have been deleted).
             * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
             */
            memory_id: string;
            /**
             * @description The memory's store.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
            path: components["schemas"]["MemoryPath"];
            /**
             * @description What the change did to the memory.
             * @example created
             * @enum {string}
             */
            operation: "created" | "updated" | "deleted";
            /**
             * @description The content after the change; null for a delete and once the version is redacted.
             * @example Acme prefers email over phone.
             */
            content: string | null;
            /**
             * @description The SHA-256 of the content after the change; null for a delete and once redacted.
             * @example 6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4
             */
            content_sha256: string | null;
            /**
             * @description The content's size in UTF-8 bytes (0 for a delete and once redacted).
             * @example 30
             */
            size_bytes: number;
            author: components["schemas"]["MemoryVersionAuthor"];
            /**
             * Format: date-time
             * @description When the version's content was redacted (removed from the database); null if never.
             * @example null
             */
            redacted_at: string | null;
            /**
             * Format: date-time
             * @description When the change was made.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
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
        /** @description One page of dreams, newest first. */
        DreamList: {
            /** @description The dreams on this page. */
            data: components["schemas"]["Dream"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
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
        /** @description A tool defined by the client; the agent calls it with input matching `input_schema`. */
        AgentCustomTool: {
            /**
             * @description Always `custom`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "custom";
            /**
             * @description The tool name, unique among the agent's custom tools (letters, digits, `_` and `-`, at most 64).
             * @example lookup_ticket
             */
            name: string;
            /**
             * @description What the tool does, shown to the model.
             * @example Looks a ticket up by its number.
             */
            description?: string;
            /**
             * @description A JSON Schema object describing the tool's input.
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "number": {
             *           "type": "integer"
             *         }
             *       }
             *     }
             */
            input_schema: {
                [key: string]: unknown;
            };
        };
        /**
         * @description `always_allow` runs the tool when the model calls it. `always_ask` (wait for the user's `user.tool_confirmation`) is part of the interface but not served by this server yet: an agent that sets it is refused with 400 naming `tools`, so that no tool meant to be confirmed ever runs unasked.
         * @example always_allow
         * @enum {string}
         */
        PermissionPolicy: "always_allow" | "always_ask";
        /** @description What applies to every tool of a toolset unless `configs` says otherwise. */
        ToolConfigDefault: {
            /**
             * @description Whether the toolset's tools are offered to the model (default true).
             * @example true
             */
            enabled?: boolean;
            permission_policy?: components["schemas"]["PermissionPolicy"];
        };
        /** @description The setting of one tool of a toolset, by name. */
        ToolConfig: {
            /**
             * @description The tool's name: for `agent_toolset_20260401` one of `bash`, `read`, `write`, `edit`, `glob`, `grep`, `web_fetch`, `web_search` (on by default only where the operator configured a search backend, WEB_SEARCH_URL; enabling it by name without one is a 400).
             * @example bash
             */
            name: string;
            /**
             * @description Whether this tool is offered to the model (default `default_config.enabled`).
             * @example false
             */
            enabled?: boolean;
            permission_policy?: components["schemas"]["PermissionPolicy"];
            /**
             * @description `web_search` and `web_fetch` only: the domains (and their subdomains) the tool may reach; its other results are left out, other fetches refused. Not with `blocked_domains`.
             * @example [
             *       "docs.python.org"
             *     ]
             */
            allowed_domains?: string[];
            /**
             * @description `web_search` and `web_fetch` only: the domains (and their subdomains) the tool may not reach. Not with `allowed_domains`.
             * @example [
             *       "pinterest.com"
             *     ]
             */
            blocked_domains?: string[];
            /**
             * @description `web_fetch` only: the most tokens of page text it returns (about four characters a token; at most its 50 KiB).
             * @example 4000
             */
            max_content_tokens?: number | null;
        };
        /** @description Every tool of one of the agent's MCP servers. */
        AgentMcpToolset: {
            /**
             * @description Always `mcp_toolset`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "mcp_toolset";
            /**
             * @description The `name` of one of the agent's `mcp_servers`.
             * @example github
             */
            mcp_server_name: string;
            default_config?: components["schemas"]["ToolConfigDefault"];
            /**
             * @description Permission policies (and whether offered) of single tools of the server, by the server's tool name.
             * @example [
             *       {
             *         "name": "delete_repository",
             *         "permission_policy": "always_allow"
             *       }
             *     ]
             */
            configs?: components["schemas"]["ToolConfig"][];
        };
        /** @description The built-in toolset (`bash`, `read`, `write`, `edit`, `glob`, `grep`, `web_fetch`): the agent runs commands and edits files in its session's workspace, in the server's sandbox. Unknown tool names in `configs` and enabling `bash` on a server without a sandbox are refused (400 naming `tools`). */
        AgentBuiltinToolset: {
            /**
             * @description Always `agent_toolset_20260401`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "agent_toolset_20260401";
            default_config?: components["schemas"]["ToolConfigDefault"];
            /**
             * @description Settings of single tools, overriding `default_config`.
             * @example [
             *       {
             *         "name": "web_fetch",
             *         "enabled": false
             *       }
             *     ]
             */
            configs?: components["schemas"]["ToolConfig"][];
        };
        /** @description A tool the agent may call. */
        AgentTool: components["schemas"]["AgentCustomTool"] | components["schemas"]["AgentMcpToolset"] | components["schemas"]["AgentBuiltinToolset"];
        /** @description An MCP server the agent connects to, by URL. Names are unique within an agent. */
        AgentMcpServer: {
            /**
             * @description Always `url`.
             * @example url
             * @constant
             */
            type: "url";
            /**
             * @description The server's name within the agent (letters, digits, `_` and `-`, at most 64).
             * @example github
             */
            name: string;
            /**
             * Format: uri
             * @description The http or https URL of the MCP server.
             * @example https://mcp.example.com/github
             */
            url: string;
        };
        /** @description A skill attached to the agent, at a pinned version or at its latest version. */
        AgentSkill: {
            /**
             * @description Always `skill`.
             * @example skill
             * @constant
             */
            type: "skill";
            /**
             * @description The id of the skill (`skill_...`).
             * @example skill_01JD3Q7A4C9E2G6J8K0N3P5R7T
             */
            skill_id: string;
            /**
             * @description A version of the skill (epoch microseconds); omitted means its latest version.
             * @example 1763728496789000
             */
            version?: string;
        };
        /** @description An agent reference that may pin a version. */
        AgentReferenceObject: {
            /**
             * @description Always `agent`.
             * @example agent
             * @constant
             */
            type: "agent";
            /**
             * @description The agent id.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description A version of the agent; omitted means its latest version.
             * @example 2
             */
            version?: number;
        };
        /** @description An agent, by id (its latest version) or as an object that may pin a version. */
        AgentReference: string | components["schemas"]["AgentReferenceObject"];
        /** @description Makes the agent a coordinator: on every turn each listed sub-agent runs in its own session thread. A reference without `version` runs the sub-agent's latest version at each turn. */
        AgentMultiagent: {
            /**
             * @description Always `coordinator`.
             * @example coordinator
             * @constant
             */
            type: "coordinator";
            /**
             * @description The sub-agents, 1 to 20, each listed once. They must exist in the account, be active and not be coordinators themselves.
             * @example [
             *       "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
             *       {
             *         "type": "agent",
             *         "id": "agent_01JD3Q6P5D8Y1S6V9W2X4Z7B0C",
             *         "version": 2
             *       }
             *     ]
             */
            agents: components["schemas"]["AgentReference"][];
        };
        /** @description An agent: a model with a system prompt, tools, MCP servers, skills and optionally sub-agents it coordinates. Every configuration change makes a new version; each version stays readable with `GET /agents/{agent_id}?version=N`. */
        Agent: {
            /**
             * @description The agent id, `agent_` followed by a ULID.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent`.
             * @example agent
             * @constant
             */
            type: "agent";
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Support triage
             */
            name: string;
            /**
             * @description The model that runs the agent; it selects the runtime. `echo` is the built-in deterministic runtime: it answers every user message with `Echo: <text>`. `claude-*` (e.g. `claude-sonnet-4-5`) runs on the Anthropic Messages API, `openai/<model>` (e.g. `openai/gpt-4o-mini`, `openai/llama3.2`) on an OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM), when the operator configured that provider.
             * @example echo
             */
            model: string;
            /**
             * @description The system prompt; null when none is set.
             * @example You triage support tickets and answer politely.
             */
            system: string | null;
            /**
             * @description What the agent is for; null when none is set.
             * @example First-line triage of incoming support tickets.
             */
            description: string | null;
            /** @description The tools the agent may call. */
            tools: components["schemas"]["AgentTool"][];
            /** @description The MCP servers the agent connects to. Their credentials come from the vaults of a session. */
            mcp_servers: components["schemas"]["AgentMcpServer"][];
            /** @description The skills attached to the agent. */
            skills: components["schemas"]["AgentSkill"][];
            /** @description The sub-agents this agent coordinates, or null for a single agent. */
            multiagent: components["schemas"]["AgentMultiagent"] | null;
            metadata: components["schemas"]["Metadata"];
            /**
             * @description The configuration version shown: 1 on creation, incremented by one by every update that changes something.
             * @example 1
             */
            version: number;
            /**
             * Format: date-time
             * @description When the agent was archived; null while it is active. An archived agent takes no new sessions.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the agent was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the version shown was made (or, for the latest version, when the agent was last changed).
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of agents, newest first. */
        AgentList: {
            /** @description The agents on this page, each at its latest version. */
            data: components["schemas"]["Agent"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The body of an agent create. The new agent has version 1. */
        CreateAgentRequest: {
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Support triage
             */
            name: string;
            /**
             * @description The model that runs the agent: `echo` (built in), `claude-*` (needs `ANTHROPIC_API_KEY` on the server) or `openai/<model>` (needs `OPENAI_API_KEY` or `OPENAI_BASE_URL`). A model whose runtime this server has not configured is refused with 400 naming `model`.
             * @example echo
             */
            model: string;
            /**
             * @description The system prompt, at most 100,000 characters.
             * @example You triage support tickets and answer politely.
             */
            system?: string | null;
            /**
             * @description What the agent is for, at most 2,048 characters.
             * @example First-line triage of incoming support tickets.
             */
            description?: string | null;
            /** @description The tools the agent may call, at most 64. */
            tools?: components["schemas"]["AgentTool"][];
            /** @description The MCP servers the agent connects to, at most 20, with unique names. */
            mcp_servers?: components["schemas"]["AgentMcpServer"][];
            /** @description The skills attached to the agent, at most 20, each once. */
            skills?: components["schemas"]["AgentSkill"][];
            /** @description Sub-agents this agent coordinates; null or omitted for a single agent. */
            multiagent?: components["schemas"]["AgentMultiagent"] | null;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A partial update of an agent. `version` must be the agent's current version (optimistic concurrency). Omitted fields keep their value; arrays replace the old value; `null` clears `system`, `description` and `multiagent`; `metadata` is a patch. An update that changes nothing keeps the version and emits no event. */
        UpdateAgentRequest: {
            /**
             * @description The agent's current version. Another value answers 409.
             * @example 1
             */
            version: number;
            /**
             * @description A new name, 1 to 255 characters.
             * @example Support triage (EU)
             */
            name?: string;
            /**
             * @description A new model, served by this server (`echo`, `claude-*` or `openai/<model>`, as on create).
             * @example echo
             */
            model?: string;
            /**
             * @description A new system prompt; null removes it.
             * @example You triage support tickets in English and German.
             */
            system?: string | null;
            /**
             * @description A new description; null removes it.
             * @example null
             */
            description?: string | null;
            /** @description The new list of tools (replaces the old one). */
            tools?: components["schemas"]["AgentTool"][];
            /** @description The new list of MCP servers (replaces the old one). */
            mcp_servers?: components["schemas"]["AgentMcpServer"][];
            /** @description The new list of skills (replaces the old one). */
            skills?: components["schemas"]["AgentSkill"][];
            /** @description The new sub-agent configuration; null makes the agent a single agent. */
            multiagent?: components["schemas"]["AgentMultiagent"] | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of an agent delete. */
        DeletedAgent: {
            /**
             * @description The id of the deleted agent.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent_deleted`.
             * @example agent_deleted
             * @constant
             */
            type: "agent_deleted";
        };
        /** @description One page of an agent's versions, newest version first. The cursors of this list are version numbers: pass `next_page` as `page` to continue. */
        AgentVersionList: {
            /** @description The agent as it was at each version on this page. */
            data: components["schemas"]["Agent"][];
            /**
             * @description The forward cursor (a version number): pass it as `page` to get the older versions. Null when no version follows this page.
             * @example 3
             */
            next_page: string | null;
            /**
             * @description The version of the first record on the page; pass it as `before_version` to page backward. Null when the page is empty.
             * @example 5
             */
            first_version: number | null;
            /**
             * @description The version of the last record on the page. Null when the page is empty.
             * @example 4
             */
            last_version: number | null;
            has_more: components["schemas"]["HasMore"];
        };
        /** @description Any host may be reached. */
        EnvironmentNetworkingUnrestricted: {
            /**
             * @description Always `unrestricted`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "unrestricted";
        };
        /** @description Only the listed hosts may be reached (and, when allowed, the configured package registries and the agent's MCP servers). */
        EnvironmentNetworkingLimited: {
            /**
             * @description Always `limited`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "limited";
            /**
             * @description The host names that may be reached, 1 to 100; `*.` allows every subdomain.
             * @example [
             *       "api.github.com",
             *       "*.example.com"
             *     ]
             */
            allowed_hosts: string[];
            /**
             * @description Whether commands may also reach the package registries the operator configured (PACKAGES_NPM_REGISTRY, PACKAGES_PIP_INDEX_URL, PACKAGES_APT_MIRROR, ...). Must be true when the environment has packages. False when omitted; a response always has it.
             * @example false
             */
            allow_package_managers?: boolean;
            /**
             * @description Whether commands may also reach the hosts of the agent's MCP servers. False when omitted; a response always has it.
             * @example false
             */
            allow_mcp_servers?: boolean;
        };
        /** @description Which hosts the environment may reach. `unrestricted` when omitted. */
        EnvironmentNetworking: components["schemas"]["EnvironmentNetworkingUnrestricted"] | components["schemas"]["EnvironmentNetworkingLimited"];
        /**
         * @description The packages of one manager, at most 100, each a name optionally pinned in the manager's syntax.
         * @example [
         *       "requests==2.32.3"
         *     ]
         */
        PackageList: string[];
        /**
         * @description Packages installed for every session of the environment (the SDK's `BetaPackages`), one list per package manager. Each entry is a package name, optionally pinned in the manager's own syntax (`apt`: `name=1.2-1`; `npm`: `name@1.2.3`; `pip`: `name==1.2`; `cargo`: `name@1.2`; `gem`: `name:1.2`; `go`: `module/path@v1.2.3`): letters, digits and `.+_-@=:/~^` only (no shell metacharacter, no space), never starting with `-`, at most 214 characters, at most 100 per manager. The first session that needs a package set builds a read-only layer for it, once for every session and replica (docs/packages.md); under `limited` networking `allow_package_managers` must be true. Omitted lists are empty; a response always has all six.
         * @example {
         *       "type": "packages",
         *       "apt": [
         *         "jq"
         *       ],
         *       "cargo": [],
         *       "gem": [],
         *       "go": [],
         *       "npm": [
         *         "left-pad@1.3.0"
         *       ],
         *       "pip": [
         *         "pandas==2.2.2"
         *       ]
         *     }
         */
        EnvironmentPackages: {
            /**
             * @description Always `packages`.
             * @example packages
             * @constant
             */
            type?: "packages";
            apt?: components["schemas"]["PackageList"];
            cargo?: components["schemas"]["PackageList"];
            gem?: components["schemas"]["PackageList"];
            go?: components["schemas"]["PackageList"];
            npm?: components["schemas"]["PackageList"];
            pip?: components["schemas"]["PackageList"];
        };
        /**
         * @description The environment's configuration. Defaults to a cloud container with unrestricted networking and no packages. `self_hosted`: the built-in tool calls of its sessions are run by workers holding one of its keys (docs/self-hosted.md); networking and packages are then the workers' machines' (400 when given).
         * @example {
         *       "type": "cloud",
         *       "networking": {
         *         "type": "limited",
         *         "allowed_hosts": [
         *           "api.github.com"
         *         ]
         *       }
         *     }
         */
        EnvironmentConfig: {
            /**
             * @description `cloud` (a container on the server) or `self_hosted` (the workers of its keys run the tools).
             * @example cloud
             * @enum {string}
             */
            type: "cloud" | "self_hosted";
            networking?: components["schemas"]["EnvironmentNetworking"];
            packages?: components["schemas"]["EnvironmentPackages"];
        };
        /** @description Where sessions run, a cloud container configuration with its network policy. */
        Environment: {
            /**
             * @description The environment id, `env_` followed by a ULID.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment`.
             * @example environment
             * @constant
             */
            type: "environment";
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Production sandbox
             */
            name: string;
            /**
             * @description What the environment is for; null when none is set.
             * @example Locked-down sandbox for customer-facing agents.
             */
            description: string | null;
            config: components["schemas"]["EnvironmentConfig"];
            metadata: components["schemas"]["Metadata"];
            /**
             * Format: date-time
             * @description When the environment was archived; null while it is active. An archived environment takes no new sessions.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the environment was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the environment was last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of environments, newest first. */
        EnvironmentList: {
            /** @description The environments on this page. */
            data: components["schemas"]["Environment"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The body of an environment create. */
        CreateEnvironmentRequest: {
            /**
             * @description A human-readable name, 1 to 255 characters.
             * @example Production sandbox
             */
            name: string;
            /**
             * @description What the environment is for, at most 2,048 characters.
             * @example Locked-down sandbox for customer-facing agents.
             */
            description?: string | null;
            config?: components["schemas"]["EnvironmentConfig"];
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A partial update of an environment; omitted fields keep their value, `config` replaces the old one, `metadata` is a patch. */
        UpdateEnvironmentRequest: {
            /**
             * @description A new name, 1 to 255 characters.
             * @example Staging sandbox
             */
            name?: string;
            /**
             * @description A new description; null removes it.
             * @example null
             */
            description?: string | null;
            config?: components["schemas"]["EnvironmentConfig"];
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of an environment delete. */
        DeletedEnvironment: {
            /**
             * @description The id of the deleted environment.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment_deleted`.
             * @example environment_deleted
             * @constant
             */
            type: "environment_deleted";
        };
        /**
         * @description A key of a self-hosted environment, the credential of its workers. It authenticates the environment's work operations, and the reads and `user.tool_result` posts of the sessions its workers hold; nothing else (403). Stored as a SHA-256 hash; its secret is shown once, at create.
         * @example {
         *       "id": "envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0",
         *       "type": "environment_key",
         *       "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
         *       "name": "build-farm-1",
         *       "hint": "cak_env_3fQx…",
         *       "created_at": "2026-11-21T12:34:56.789Z",
         *       "last_used_at": null,
         *       "revoked_at": null
         *     }
         */
        EnvironmentKey: {
            /**
             * @description The key id, `envkey_` followed by a ULID.
             * @example envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0
             */
            id: string;
            /**
             * @description Always `environment_key`.
             * @example environment_key
             * @constant
             */
            type: "environment_key";
            /**
             * @description The environment it belongs to.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            /**
             * @description A label for the key (which machine holds it); null when none was given.
             * @example build-farm-1
             */
            name: string | null;
            /**
             * @description The first characters of the secret, to recognise it.
             * @example cak_env_3fQx
             */
            hint: string;
            /**
             * Format: date-time
             * @description When the key was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it last authenticated a request (updated at most once a minute); null when never.
             * @example null
             */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description When it was revoked; a revoked key authenticates nothing (401).
             * @example null
             */
            revoked_at: string | null;
        };
        /**
         * @description The keys of an environment, newest first (revoked ones too), without their secrets.
         * @example {
         *       "data": [
         *         {
         *           "id": "envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0",
         *           "type": "environment_key",
         *           "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
         *           "name": "build-farm-1",
         *           "hint": "cak_env_3fQx…",
         *           "created_at": "2026-11-21T12:34:56.789Z",
         *           "last_used_at": null,
         *           "revoked_at": null
         *         }
         *       ]
         *     }
         */
        EnvironmentKeyList: {
            /** @description The keys. */
            data: components["schemas"]["EnvironmentKey"][];
        };
        /** @description The body of an environment key's create (optional). */
        CreateEnvironmentKeyRequest: {
            /**
             * @description A label for the key, 1 to 255 characters.
             * @example build-farm-1
             */
            name?: string | null;
        };
        /**
         * @description A key just created, with its secret. The secret is shown this once; the server keeps only its hash.
         * @example {
         *       "id": "envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0",
         *       "type": "environment_key",
         *       "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
         *       "name": "build-farm-1",
         *       "hint": "cak_env_3fQx…",
         *       "created_at": "2026-11-21T12:34:56.789Z",
         *       "last_used_at": null,
         *       "revoked_at": null,
         *       "secret": "cak_env_3fQxV0sd9bN2LxK7a1TqWmC4eZ8rY6uP5oI3hG2jF1k"
         *     }
         */
        CreatedEnvironmentKey: {
            /**
             * @description The key id, `envkey_` followed by a ULID.
             * @example envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0
             */
            id: string;
            /**
             * @description Always `environment_key`.
             * @example environment_key
             * @constant
             */
            type: "environment_key";
            /**
             * @description The environment it belongs to.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            /**
             * @description The key's label.
             * @example build-farm-1
             */
            name: string | null;
            /**
             * @description The first characters of the secret.
             * @example cak_env_3fQx
             */
            hint: string;
            /**
             * Format: date-time
             * @description When the key was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * @description Always null for a new key.
             * @example null
             */
            last_used_at: null;
            /**
             * @description Always null for a new key.
             * @example null
             */
            revoked_at: null;
            /**
             * @description The key itself, sent by workers as `Authorization: Bearer <secret>` (or `x-api-key` on /v1). Shown only here.
             * @example cak_env_3fQxV0sd9bN2LxK7a1TqWmC4eZ8rY6uP5oI3hG2jF1k
             */
            secret: string;
        };
        /**
         * @description A work item of a self-hosted environment: a session whose built-in tool calls a worker holding one of the environment's keys is to run. One live item per session at a time; it is queued when the session's turn records such a call and no worker holds the session, leased to the worker that acknowledges it, queued again when its heartbeats stop, and stopped when the session is interrupted, archived or deleted.
         * @example {
         *       "id": "work_01JD3QB7M2N8P4R6T0V2X4Z6A8",
         *       "type": "work",
         *       "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
         *       "data": {
         *         "type": "session",
         *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
         *       },
         *       "state": "active",
         *       "metadata": {},
         *       "secret": null,
         *       "created_at": "2026-11-21T12:34:56.789Z",
         *       "acknowledged_at": "2026-11-21T12:34:57.012Z",
         *       "started_at": "2026-11-21T12:34:57.100Z",
         *       "latest_heartbeat_at": "2026-11-21T12:35:27.100Z",
         *       "stop_requested_at": null,
         *       "stopped_at": null
         *     }
         */
        Work: {
            /**
             * @description The work item id, `work_` followed by a ULID.
             * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
             */
            id: string;
            /**
             * @description Always `work`.
             * @example work
             * @constant
             */
            type: "work";
            /**
             * @description The environment the item belongs to.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            /** @description What to do; `type` is `session` (its `id` is the session's). */
            data: {
                /**
                 * @description Always `session`.
                 * @example session
                 * @constant
                 */
                type: "session";
                /**
                 * @description The session whose built-in tool calls the worker runs.
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                id: string;
            };
            state: components["schemas"]["WorkState"];
            metadata: components["schemas"]["Metadata"];
            /**
             * @description Always null; the worker's environment key is its credential for the item's session too.
             * @example null
             */
            secret: null;
            /**
             * Format: date-time
             * @description When the item was queued.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When a worker acknowledged it (null while queued).
             * @example 2026-11-21T12:34:57.012Z
             */
            acknowledged_at: string | null;
            /**
             * Format: date-time
             * @description When its first heartbeat made it active.
             * @example 2026-11-21T12:34:57.100Z
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @description The last heartbeat of the worker that holds it (null until the first, and again when it is queued again).
             * @example 2026-11-21T12:35:27.100Z
             */
            latest_heartbeat_at: string | null;
            /**
             * Format: date-time
             * @description When a stop was asked.
             * @example null
             */
            stop_requested_at: string | null;
            /**
             * Format: date-time
             * @description When it stopped.
             * @example null
             */
            stopped_at: string | null;
        };
        /**
         * @description One page of an environment's work items, newest first.
         * @example {
         *       "data": [
         *         {
         *           "id": "work_01JD3QB7M2N8P4R6T0V2X4Z6A8",
         *           "type": "work",
         *           "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
         *           "data": {
         *             "type": "session",
         *             "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
         *           },
         *           "state": "active",
         *           "metadata": {},
         *           "secret": null,
         *           "created_at": "2026-11-21T12:34:56.789Z",
         *           "acknowledged_at": "2026-11-21T12:34:57.012Z",
         *           "started_at": "2026-11-21T12:34:57.100Z",
         *           "latest_heartbeat_at": "2026-11-21T12:35:27.100Z",
         *           "stop_requested_at": null,
         *           "stopped_at": null
         *         }
         *       ],
         *       "next_page": null,
         *       "first_id": "work_01JD3QB7M2N8P4R6T0V2X4Z6A8",
         *       "last_id": "work_01JD3QB7M2N8P4R6T0V2X4Z6A8",
         *       "has_more": false
         *     }
         */
        WorkList: {
            /** @description The work items on this page. */
            data: components["schemas"]["Work"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /**
         * @description The work queue of an environment, for operators.
         * @example {
         *       "type": "work_queue_stats",
         *       "depth": 2,
         *       "pending": 1,
         *       "oldest_queued_at": "2026-11-21T12:34:56.789Z",
         *       "workers_polling": 2
         *     }
         */
        WorkQueueStats: {
            /**
             * @description Always `work_queue_stats`.
             * @example work_queue_stats
             * @constant
             */
            type: "work_queue_stats";
            /**
             * @description Items waiting for a worker (`queued`, handed out or not).
             * @example 2
             */
            depth: number;
            /**
             * @description Of those, the items a poll handed out that are not acknowledged yet.
             * @example 1
             */
            pending: number;
            /**
             * Format: date-time
             * @description When the oldest queued item was queued; null when none is.
             * @example 2026-11-21T12:34:56.789Z
             */
            oldest_queued_at: string | null;
            /**
             * @description Workers (told apart by `Anthropic-Worker-ID`) that polled in the last 30 seconds.
             * @example 2
             */
            workers_polling: number | null;
        };
        /** @description The body of a work item's update. */
        UpdateWorkRequest: {
            metadata: components["schemas"]["MetadataPatch"];
        };
        /**
         * @description What a heartbeat answers.
         * @example {
         *       "type": "work_heartbeat",
         *       "last_heartbeat": "2026-11-21T12:35:27.100Z",
         *       "lease_extended": true,
         *       "state": "active",
         *       "ttl_seconds": 90
         *     }
         */
        WorkHeartbeat: {
            /**
             * @description Always `work_heartbeat`.
             * @example work_heartbeat
             * @constant
             */
            type: "work_heartbeat";
            /**
             * @description The heartbeat now stored (send it as `expected_last_heartbeat` next time), or an empty string when there is none.
             * @example 2026-11-21T12:35:27.100Z
             */
            last_heartbeat: string;
            /**
             * @description Whether the lease was extended (false once the item is stopped).
             * @example true
             */
            lease_extended: boolean;
            state: components["schemas"]["WorkState"];
            /**
             * @description The lease's time to live from now, in seconds.
             * @example 90
             */
            ttl_seconds: number;
        };
        /** @description A session's workspace as a worker saved it on the server. */
        WorkWorkspace: {
            /**
             * @description Always `work_workspace`.
             * @example work_workspace
             * @constant
             */
            type: "work_workspace";
            /**
             * @description The session whose workspace it is.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * @description The archive's size.
             * @example 2048
             */
            size_bytes: number;
            /**
             * Format: date-time
             * @description When it was saved.
             * @example 2026-12-02T05:00:00.000Z
             */
            saved_at: string;
        };
        /** @description The body of a work item's stop (optional). */
        StopWorkRequest: {
            /**
             * @description Stop at once (`stopped`) instead of asking the worker to (`stopping`).
             * @default false
             * @example true
             */
            force: boolean;
        };
        /**
         * @description `idle`: no run in progress, the latest output is safe to read. `running`: the agent is working on a turn. `rescheduling`: a run was interrupted (server restart) and waits to be run again. `terminated`: the session can no longer run because its agent was deleted; its history stays readable.
         * @example idle
         * @enum {string}
         */
        SessionStatus: "idle" | "running" | "rescheduling" | "terminated";
        /** @description The agent and the exact version a session or thread runs. */
        AgentVersionReference: {
            /**
             * @description Always `agent`.
             * @example agent
             * @constant
             */
            type: "agent";
            /**
             * @description The agent id.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description The agent version.
             * @example 1
             */
            version: number;
        };
        /** @description What the session runs differently from its agent version (`agent_with_overrides` at create, `agent` on update); each field present replaces the agent's. */
        AgentOverrides: {
            /**
             * @description The model.
             * @example echo
             */
            model?: string;
            /**
             * @description The system prompt.
             * @example Answer in French.
             */
            system?: string | null;
            /** @description The tools. */
            tools?: components["schemas"]["AgentTool"][];
            /** @description The MCP servers. */
            mcp_servers?: components["schemas"]["AgentMcpServer"][];
            /** @description The skills. */
            skills?: components["schemas"]["AgentSkill"][];
        };
        /**
         * @description Environment variables of the session, name to value. Names match `[A-Za-z_][A-Za-z0-9_]*`; the reserved names `PATH`, `HOME`, `USER`, `SHELL`, `PWD`, `HOSTNAME` and the prefixes `CLOUD_AGENTS_`, `LD_`, `DYLD_` are refused (in any letter case), as are two names that differ only in letter case; values are single-line; all `NAME=value` lines together are at most 32 KiB. Responses list the variables sorted by name.
         * @example {
         *       "LOG_FORMAT": "json",
         *       "TZ": "Europe/Berlin"
         *     }
         */
        EnvironmentVariables: {
            [key: string]: string;
        };
        /**
         * @description Token counts as the model provider reported them (the echo runtime reports its own: one token per word). On a session or thread they are the sums over its model requests.
         * @example {
         *       "input_tokens": 1200,
         *       "output_tokens": 310,
         *       "cache_read_input_tokens": 0,
         *       "cache_creation_input_tokens": 0
         *     }
         */
        ModelUsage: {
            /**
             * @description Input tokens that were not read from or written to the prompt cache.
             * @example 1200
             */
            input_tokens: number;
            /**
             * @description Tokens the model generated.
             * @example 310
             */
            output_tokens: number;
            /**
             * @description Input tokens read from the provider's prompt cache.
             * @example 0
             */
            cache_read_input_tokens: number;
            /**
             * @description Input tokens written to the provider's prompt cache.
             * @example 0
             */
            cache_creation_input_tokens: number;
        };
        /**
         * @description An amount of money in the minor units of its currency, as an integer decimal string with no leading zeros (`"2500"` is $25.00), as the Anthropic API writes it: no float rounding.
         * @example {
         *       "amount": "2500",
         *       "currency": "USD"
         *     }
         */
        MonetaryAmount: {
            /**
             * @description The amount in cents.
             * @example 2500
             */
            amount: string;
            /**
             * @description The currency (ISO 4217); `USD` is the only one.
             * @example USD
             * @enum {string}
             */
            currency: "USD";
        };
        /**
         * @description What a session (or one of its threads) did so far.
         * @example {
         *       "turns": 2,
         *       "tool_calls": 3,
         *       "active_seconds": 4.217
         *     }
         */
        UsageStats: {
            /**
             * @description Turns that ended (completed, failed, or stopped by the budget).
             * @example 2
             */
            turns: number;
            /**
             * @description Tool calls the agent made (`agent.tool_use` events).
             * @example 3
             */
            tool_calls: number;
            /**
             * @description Time spent running turns, in seconds (millisecond precision).
             * @example 4.217
             */
            active_seconds: number;
        };
        /**
         * @description A session's budget: a token limit, a list-cost limit, or both. Checked before each model request (the grader's of outcomes too): once the session's total tokens (the four counts of `usage` added up, its threads' included) reach `max_total_tokens`, or its `list_cost` (its requests priced at the operator's list prices, MODEL_PRICES) reaches `max_list_cost`, the turn ends with `stop_reason {type: budget_reached}` and new `user.message` events are refused (409) until the budget is raised (or removed) by an update. A `max_list_cost` needs the agent's model (and the operator's grader model, if any) to have a list price (400 otherwise).
         * @example {
         *       "max_total_tokens": 200000,
         *       "max_list_cost": {
         *         "amount": "500",
         *         "currency": "USD"
         *       }
         *     }
         */
        SessionBudget: {
            /**
             * @description The most tokens the session may use.
             * @example 200000
             */
            max_total_tokens?: number;
            max_list_cost?: components["schemas"]["MonetaryAmount"];
        };
        /** @description A conversation between a user and an agent, run in an environment. */
        Session: {
            /**
             * @description The session id, `sess_` followed by a ULID.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session`.
             * @example session
             * @constant
             */
            type: "session";
            /**
             * @description A human-readable title; null when none is set.
             * @example Ticket 4711
             */
            title: string | null;
            agent: components["schemas"]["AgentVersionReference"];
            /** @description What the session runs differently from its agent version; null when nothing. */
            agent_overrides?: components["schemas"]["AgentOverrides"] | null;
            /**
             * @description The environment the session runs in.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            status: components["schemas"]["SessionStatus"];
            metadata: components["schemas"]["Metadata"];
            /**
             * @description The vaults whose credentials the session's MCP servers use.
             * @example [
             *       "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
             *     ]
             */
            vault_ids: string[];
            environment_variables: components["schemas"]["EnvironmentVariables"];
            usage: components["schemas"]["ModelUsage"];
            /** @description The list cost of the session's model requests (its threads' and the outcome grader's included) at the operator's list prices (MODEL_PRICES), rounded down to the cent; requests of a model without a price count nothing. */
            list_cost: components["schemas"]["MonetaryAmount"];
            /** @description The built-in tools the server ran for the session that the Anthropic API counts apart. */
            server_tool_use: {
                /**
                 * @description `web_search` calls.
                 * @example 2
                 */
                web_search_requests: number;
                /**
                 * @description `web_fetch` calls.
                 * @example 1
                 */
                web_fetch_requests: number;
            };
            stats: components["schemas"]["UsageStats"];
            /** @description The session's budget (tokens, list cost); null when it has none. */
            budget: components["schemas"]["SessionBudget"] | null;
            /**
             * Format: date-time
             * @description When the session was archived; null while it is active. An archived session takes no new events.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the session was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the session (its title, metadata, status or archive state) last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of sessions, newest first. */
        SessionList: {
            /** @description The sessions on this page. */
            data: components["schemas"]["Session"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The tools this session offers instead of its agent's, at most 64. */
        SessionAgentTools: components["schemas"]["AgentTool"][];
        /** @description The MCP servers this session connects to instead of its agent's, at most 20, with unique names. */
        SessionAgentMcpServers: components["schemas"]["AgentMcpServer"][];
        /** @description An agent (its latest version, or the pinned `version`) with some of its configuration replaced for this session only: each field given replaces the agent's (tools, MCP servers and skills as whole lists). The agent itself does not change. Checked as an agent create would be. */
        AgentWithOverrides: {
            /**
             * @description Always `agent_with_overrides`.
             * @example agent_with_overrides
             * @constant
             */
            type: "agent_with_overrides";
            /**
             * @description The agent id.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description A version of the agent; omitted means its latest version.
             * @example 2
             */
            version?: number;
            /**
             * @description The model this session runs instead of the agent's.
             * @example echo
             */
            model?: string;
            /**
             * @description The system prompt this session uses instead of the agent's.
             * @example Answer in French.
             */
            system?: string | null;
            tools?: components["schemas"]["SessionAgentTools"];
            mcp_servers?: components["schemas"]["SessionAgentMcpServers"];
            /** @description The skills this session uses instead of the agent's. */
            skills?: components["schemas"]["AgentSkill"][];
        };
        /** @description The agent a session runs: an id (its latest version), `{type: "agent", id, version?}`, or `{type: "agent_with_overrides", id, version?, model?, system?, tools?, mcp_servers?, skills?}`. */
        SessionAgentReference: string | components["schemas"]["AgentReferenceObject"] | components["schemas"]["AgentWithOverrides"];
        /** @description A memory store attached to the session. */
        SessionResourceInput: {
            /**
             * @description Always `memory_store`.
             * @example memory_store
             * @constant
             */
            type: "memory_store";
            /**
             * @description An active memory store of the account (`memstore_...`); an archived one is refused with 409.
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id: string;
            /**
             * @description Whether the session's agent may change the store's memories (`read_write`, the default) or only read them.
             * @default read_write
             * @example read_write
             * @enum {string}
             */
            access: "read_write" | "read_only";
        };
        /** @description What to check out: `{"type":"branch","name":"main"}` or `{"type":"commit","sha":"<40 hex>"}`. */
        RepositoryCheckout: {
            /**
             * @description A branch by name, or a commit by its SHA.
             * @example branch
             * @enum {string}
             */
            type: "branch" | "commit";
            /**
             * @description The branch (with `type` `branch`).
             * @example main
             */
            name?: string;
            /**
             * @description The commit (with `type` `commit`).
             * @example 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567
             */
            sha?: string;
        };
        /** @description A resource to add to an idle session (409 while a turn runs): `{"type":"file","file_id","mount_path"}` (at most 999 a session; the file must be the account's) or `{"type":"github_repository","url", "authorization_token","mount_path","checkout"}`. `mount_path` must be absolute, inside `/workspace` or under `/mnt/`, without `.` or `..` segments, and must not be or overlap `/workspace/skills`, `/mnt/memory`, `/mnt/session/outputs` or another resource's mount path (400 naming `mount_path`). A `file` without `mount_path` is mounted at `/mnt/session/uploads/<file_id>`. A `github_repository` is cloned inside `/workspace` (so it lasts with the workspace, on every replica), by default at `/workspace/<repository name>`, before the first command of the next turn. */
        CreateSessionResourceRequest: {
            /**
             * @description What kind of resource it is.
             * @example file
             * @enum {string}
             */
            type: "file" | "github_repository";
            /**
             * @description The file (`file`).
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            file_id?: string;
            /**
             * @description The repository's `https://` URL (`github_repository`).
             * @example https://github.com/example/app.git
             */
            url?: string;
            /**
             * @description The token git presents for it (`github_repository`); encrypted at rest, never returned.
             * @example ghp_exampletoken
             */
            authorization_token?: string;
            /**
             * @description What to check out (`github_repository`); null or absent for the default branch.
             * @example {
             *       "type": "branch",
             *       "name": "main"
             *     }
             */
            checkout?: components["schemas"]["RepositoryCheckout"] | null;
            /**
             * @description Where the agent sees it (see above).
             * @example /workspace/data/in.csv
             */
            mount_path?: string;
        };
        /** @description A block of text sent by the user. */
        TextBlockInput: {
            /**
             * @description Always `text`.
             * @example text
             * @constant
             */
            type: "text";
            /**
             * @description The text, 1 to 100,000 characters.
             * @example Hello, can you help me with ticket 4711?
             */
            text: string;
        };
        /** @description A message from the user. It starts a run of the agent. */
        UserMessageInput: {
            /**
             * @description Always `user.message`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.message";
            /** @description The message content, 1 to 50 text blocks. */
            content: components["schemas"]["TextBlockInput"][];
        };
        /** @description Without `session_thread_id`: stops the session's running turn at once (the model request or tool command in flight is aborted, what was recorded stays, and `session.status_idled` carries `stop_reason {type: "interrupted"}`); on a session with no running turn it changes nothing (a turn waiting for answers keeps waiting). With it: terminates that session thread: its run in progress is abandoned (its output is discarded), it never runs again, and later turns of the coordinator skip it. Interrupting a terminated thread changes nothing. */
        UserInterruptInput: {
            /**
             * @description Always `user.interrupt`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.interrupt";
            /**
             * @description The thread to terminate (`sthr_...`), a thread of this session; absent to stop the session's turn.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id?: string;
        };
        /** @description Answers an `agent.custom_tool_use` the turn waits for. When every call of the model's reply has its answer, the turn continues (`session.status_run_started`). An id that names no call of the session → 404; a call answered already (or whose turn no longer waits) → 409. */
        UserCustomToolResultInput: {
            /**
             * @description Always `user.custom_tool_result`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.custom_tool_result";
            /**
             * @description The `id` of the `agent.custom_tool_use` event answered (`sevt_...`).
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            custom_tool_use_id: string;
            /** @description The result, 1 to 50 text blocks. */
            content: components["schemas"]["TextBlockInput"][];
            /**
             * @description True when the tool failed; the model reads the content as an error.
             * @default false
             * @example false
             */
            is_error: boolean;
        };
        /** @description The result of a built-in tool call (`agent.tool_use`) of a self-hosted environment's session, posted by the worker that ran it (with the environment key). The turn waits for it like for a custom tool's answer; when every call of the model's reply has its answer, the turn continues. An id that names no call of the session → 404; a call answered already (or whose turn no longer waits) → 409. */
        UserToolResultInput: {
            /**
             * @description Always `user.tool_result`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.tool_result";
            /**
             * @description The `id` of the `agent.tool_use` event answered (`sevt_...`).
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            tool_use_id: string;
            /** @description The result, 1 to 50 text blocks. */
            content: components["schemas"]["TextBlockInput"][];
            /**
             * @description True when the tool failed; the model reads the content as an error.
             * @default false
             * @example false
             */
            is_error: boolean;
        };
        /** @description Allows or denies an `agent.tool_use` whose tool asks first (`permission_policy: always_ask`). `allow` makes the call; `deny` gives the model an error result with `deny_message`. Nothing runs before the allow. An id that names no call of the session → 404; a call confirmed already (or whose turn no longer waits) → 409. */
        UserToolConfirmationInput: {
            /**
             * @description Always `user.tool_confirmation`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.tool_confirmation";
            /**
             * @description The `id` of the `agent.tool_use` event (`sevt_...`); its `tool_use_id` (the model's) is accepted too.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            tool_use_id: string;
            /**
             * @description Allow or deny the call.
             * @example allow
             * @enum {string}
             */
            result: "allow" | "deny";
            /**
             * @description With `deny`, what the model is told.
             * @example Not in production, please.
             */
            deny_message?: string;
        };
        /**
         * @description How the grader judges the outcome: the rubric as text (plain text or Markdown), or a file of the account (uploaded with the Files API, at most 262,144 characters of UTF-8 text), which is read when the event is accepted and recorded as text.
         * @example {
         *       "type": "text",
         *       "content": "The report names every failing test and the fix for each."
         *     }
         */
        OutcomeRubricInput: {
            /**
             * @description Always `text`.
             * @example text
             * @constant
             */
            type: "text";
            /**
             * @description The rubric, plain text or Markdown.
             * @example The report names every failing test and the fix for each.
             */
            content: string;
        } | {
            /**
             * @description Always `file`.
             * @example file
             * @constant
             */
            type: "file";
            /**
             * @description The file (`file_...`) that holds the rubric.
             * @example file_01JD3QB8D4F6H8K0M2P4R6T8V0
             */
            file_id: string;
        };
        /** @description An outcome for the agent to work toward (it starts a run, as a message does): the agent gets the `description` as its task; when it ends its turn a grader (a separate model request with the rubric: the agent's model, unless the operator names another with `OUTCOME_GRADER_MODEL`) judges the work. A `needs_revision` verdict goes back to the agent as feedback and it works again, up to `max_iterations` evaluations; each evaluation is recorded as `span.outcome_evaluation_start` and `span.outcome_evaluation_end`, and its model requests count against the session's budget. */
        UserDefineOutcomeInput: {
            /**
             * @description Always `user.define_outcome`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "user.define_outcome";
            /**
             * @description What the agent should produce (its task).
             * @example Write a report of the failing tests in report.md.
             */
            description: string;
            rubric: components["schemas"]["OutcomeRubricInput"];
            /**
             * @description How many evaluations at most (3 to 20; null or absent is 3).
             * @example 3
             */
            max_iterations?: number | null;
        };
        /** @description An event sent by the user to a session. */
        SessionEventInput: components["schemas"]["UserMessageInput"] | components["schemas"]["UserInterruptInput"] | components["schemas"]["UserCustomToolResultInput"] | components["schemas"]["UserToolResultInput"] | components["schemas"]["UserToolConfirmationInput"] | components["schemas"]["UserDefineOutcomeInput"];
        /** @description The body of a session create. The new session is `idle`; `initial_events` start its first run. */
        CreateSessionRequest: {
            /** @description A token budget for the session (see `Session.budget`); null or absent for none. */
            budget?: components["schemas"]["SessionBudget"] | null;
            agent: components["schemas"]["SessionAgentReference"];
            /**
             * @description The environment to run in (`env_...`); it must be active.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            /**
             * @description A human-readable title, at most 255 characters.
             * @example Ticket 4711
             */
            title?: string | null;
            metadata?: components["schemas"]["Metadata"];
            /**
             * @description Active vaults whose credentials the session's MCP servers use, at most 20.
             * @example [
             *       "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
             *     ]
             */
            vault_ids?: string[];
            /**
             * @description What the session works on: memory stores (at most 8, each store once; each an active store of the account, archived: 409), and `file` and `github_repository` resources as `POST /sessions/{session_id}/resources` takes them (at most 999 files; a bad mount path 400).
             * @example [
             *       {
             *         "type": "memory_store",
             *         "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
             *         "access": "read_write"
             *       }
             *     ]
             */
            resources?: (components["schemas"]["SessionResourceInput"] | components["schemas"]["CreateSessionResourceRequest"])[];
            environment_variables?: components["schemas"]["EnvironmentVariables"];
            /** @description Events appended right after creation, in the same transaction, at most 50. */
            initial_events?: components["schemas"]["SessionEventInput"][];
        };
        /** @description The agent configuration a session changes for its next turns, only while it is idle (409 otherwise): each field given replaces the current list. The agent itself does not change. */
        SessionAgentUpdate: {
            tools?: components["schemas"]["SessionAgentTools"];
            mcp_servers?: components["schemas"]["SessionAgentMcpServers"];
        };
        /** @description A partial update of a session: omitted fields keep their value, `metadata` is a patch. An update that changes nothing emits no `session.updated` event. */
        UpdateSessionRequest: {
            /** @description A new token budget; null removes it. Raising it lets a session stopped by `budget_reached` take messages again. */
            budget?: components["schemas"]["SessionBudget"] | null;
            agent?: components["schemas"]["SessionAgentUpdate"];
            /**
             * @description A new title; null removes it.
             * @example Ticket 4711 (escalated)
             */
            title?: string | null;
            metadata?: components["schemas"]["MetadataPatch"];
        };
        /** @description The confirmation of a session delete. */
        DeletedSession: {
            /**
             * @description The id of the deleted session.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session_deleted`.
             * @example session_deleted
             * @constant
             */
            type: "session_deleted";
        };
        /** @description A file or folder of a session's workspace. */
        SessionFile: {
            /**
             * @description The path relative to the workspace (`/workspace`).
             * @example reports/out.csv
             */
            path: string;
            /**
             * @description Whether it is a file or a folder.
             * @example file
             * @enum {string}
             */
            type: "file" | "directory";
            /**
             * @description The file's size (0 for a folder).
             * @example 1024
             */
            size_bytes: number;
            /**
             * Format: date-time
             * @description When it last changed.
             * @example 2026-11-27T03:00:00.000Z
             */
            modified_at: string;
        };
        /** @description The entries of one folder of a session's workspace, sorted by path. */
        SessionFileList: {
            /**
             * @description The files and folders directly in the folder.
             * @example [
             *       {
             *         "path": "reports/out.csv",
             *         "type": "file",
             *         "size_bytes": 1024,
             *         "modified_at": "2026-11-27T03:00:00.000Z"
             *       }
             *     ]
             */
            data: components["schemas"]["SessionFile"][];
        };
        /** @description A resource of a session: a `file` mounted read-only at `mount_path`, a `github_repository` checked out at `mount_path` (its token is held by the server and never returned), or a `memory_store` given at create (listed, not addressable by id). */
        SessionResource: {
            /**
             * @description The resource's id (`sres_...`); absent on a memory store.
             * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id?: string;
            /**
             * @description What kind of resource it is.
             * @example file
             * @enum {string}
             */
            type: "file" | "github_repository" | "memory_store";
            /**
             * @description The file (`file` resources).
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            file_id?: string;
            /**
             * @description The repository's HTTPS URL (`github_repository` resources).
             * @example https://github.com/example/app.git
             */
            url?: string;
            /**
             * @description What is checked out (`github_repository`); null for the default branch.
             * @example {
             *       "type": "branch",
             *       "name": "main"
             *     }
             */
            checkout?: components["schemas"]["RepositoryCheckout"] | null;
            /**
             * @description The store (`memory_store` resources).
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            memory_store_id?: string;
            /**
             * @description How the agent may use the store (`memory_store` resources).
             * @example read_write
             * @enum {string}
             */
            access?: "read_write" | "read_only";
            /**
             * @description The memory store's name (`memory_store` resources; null once the store is deleted).
             * @example notes
             */
            name?: string | null;
            /**
             * @description The memory store's description (`memory_store` resources).
             * @example What the agent learnt.
             */
            description?: string;
            /**
             * @description Where the agent's commands and tools see it (null for a deleted memory store).
             * @example /workspace/data/in.csv
             */
            mount_path?: string | null;
            /**
             * Format: date-time
             * @description When it was added.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When it last changed (a token rotation).
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at?: string;
        };
        /** @description One page of a session's resources, oldest first; the memory stores given at create follow the last page's `sres_` resources. */
        SessionResourceList: {
            /** @description The resources of this page. */
            data: components["schemas"]["SessionResource"][];
            /**
             * @description The cursor of the next page (`page=`), null on the last one.
             * @example null
             */
            next_page: string | null;
            /**
             * @description The id of the first `sres_` resource of the page.
             * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            first_id: string | null;
            /**
             * @description The id of the last `sres_` resource of the page.
             * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            last_id: string | null;
            /**
             * @description Whether more resources follow.
             * @example false
             */
            has_more: boolean;
        };
        /** @description A new token for a `github_repository` resource of an idle session (409 while a turn runs). */
        UpdateSessionResourceRequest: {
            /**
             * @description The new token; the old one is forgotten.
             * @example ghp_rotatedtoken
             */
            authorization_token: string;
        };
        /** @description The confirmation of a session resource's removal. */
        DeletedSessionResource: {
            /**
             * @description The id of the removed resource.
             * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session_resource_deleted`.
             * @example session_resource_deleted
             * @constant
             */
            type: "session_resource_deleted";
        };
        /** @description What a file belongs to. Outputs of a session have the scope of that session. */
        FileScope: {
            /**
             * @description Always `session`.
             * @example session
             * @constant
             */
            type: "session";
            /**
             * @description The session's id.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
        };
        /** @description A file of the account: uploaded, or collected from a session's `/mnt/session/outputs/`. Its bytes are downloaded from `/files/{file_id}/content`. */
        File: {
            /**
             * @description The file's id (`file_` and a ULID).
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `file`.
             * @example file
             * @constant
             */
            type: "file";
            /**
             * @description The name it was uploaded with (its last path component), or for an output its path under `/mnt/session/outputs/`.
             * @example data.csv
             */
            filename: string;
            /**
             * @description The media type the upload declared (else guessed from the name; `application/octet-stream` when unknown).
             * @example text/csv
             */
            mime_type: string;
            /**
             * @description The size of the file in bytes.
             * @example 1024
             */
            size_bytes: number;
            /**
             * @description Whether its bytes can be downloaded (always true here while it has not expired).
             * @example true
             */
            downloadable: boolean;
            /**
             * @description The session whose output it is; null for an uploaded file.
             * @example null
             */
            scope: components["schemas"]["FileScope"] | null;
            /**
             * Format: date-time
             * @description When it was stored.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When its bytes stop being downloadable (upload with `expires_in_seconds`); null when never.
             * @example null
             */
            expires_at: string | null;
        };
        /** @description One page of files, newest first. */
        FileList: {
            /** @description The files of this page. */
            data: components["schemas"]["File"][];
            /**
             * @description The cursor of the next page (`page=`), null on the last one.
             * @example null
             */
            next_page: string | null;
            /**
             * @description The id of the first file of the page.
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            first_id: string | null;
            /**
             * @description The id of the last file of the page.
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            last_id: string | null;
            /**
             * @description Whether more files follow (or precede, paging with `before_id`).
             * @example false
             */
            has_more: boolean;
        };
        /** @description The multipart form of a file upload: one `file` part. */
        UploadFileRequest: {
            /**
             * Format: binary
             * @description The file's bytes, at most `FILES_MAX_BYTES` (default 500 MiB), within the account's `FILES_ACCOUNT_MAX_BYTES` (default 10 GiB); over either 413. Its part's `filename` (last path component kept) and `Content-Type` become the file's `filename` and `mime_type`.
             * @example a,b
             */
            file: string;
            /**
             * @description Seconds from upload until its bytes stop being downloadable, 3600 to 7776000 (ninety days).
             * @example 86400
             */
            expires_in_seconds?: string;
        };
        /** @description The confirmation of a file delete. */
        DeletedFile: {
            /**
             * @description The id of the deleted file.
             * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `file_deleted`.
             * @example file_deleted
             * @constant
             */
            type: "file_deleted";
        };
        /** @description A block of text. */
        TextBlock: {
            /**
             * @description Always `text`.
             * @example text
             * @constant
             */
            type: "text";
            /**
             * @description The text.
             * @example Hello, can you help me with ticket 4711?
             */
            text: string;
        };
        /** @description A message the user sent. */
        SessionEventUserMessage: {
            /**
             * @description Always `user.message`.
             * @example user.message
             * @constant
             */
            type: "user.message";
            /**
             * @description Always null; user messages go to the session's primary thread.
             * @example null
             */
            session_thread_id: null;
            /** @description The message content. */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The user stopped the session's turn (`session_thread_id` null) or terminated a session thread. */
        SessionEventUserInterrupt: {
            /**
             * @description Always `user.interrupt`.
             * @example user.interrupt
             * @constant
             */
            type: "user.interrupt";
            /**
             * @description The thread the user terminated; null when the session's own turn was interrupted.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id: string | null;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description A message from the agent, in the primary thread or in a sub-agent's thread. */
        SessionEventAgentMessage: {
            /**
             * @description Always `agent.message`.
             * @example agent.message
             * @constant
             */
            type: "agent.message";
            /**
             * @description The sub-agent thread that produced the message; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /** @description The message content. */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The agent called a tool: one of its MCP servers' (with `mcp_server_name`) or a built-in tool of `agent_toolset_20260401` (without it). Recorded before the call is made; its outcome follows as an `agent.tool_result` with the same `tool_use_id`. The input is what the model sent; credentials never appear here (the MCP server receives them in its Authorization header). */
        SessionEventToolUse: {
            /**
             * @description Always `agent.tool_use`.
             * @example agent.tool_use
             * @constant
             */
            type: "agent.tool_use";
            /**
             * @description The sub-agent thread that made the call; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The model's id for this call; the matching `agent.tool_result` carries it too.
             * @example call_7QnS2kX9
             */
            tool_use_id: string;
            /**
             * @description The tool's name on its MCP server.
             * @example lookup_ticket
             */
            name: string;
            /**
             * @description The `name` of the agent's MCP server that serves the tool; absent for built-in tools.
             * @example tickets
             */
            mcp_server_name?: string;
            /**
             * @description What the agent's permission policy said of the call when it was recorded: `allow` (it runs at once) or `ask` (`always_ask`: it waits for the user's `user.tool_confirmation`). A worker of a self-hosted environment runs an `ask` call only after an `allow` confirmation (as the official SDK's worker does). Absent on events recorded before this field existed.
             * @example allow
             * @enum {string}
             */
            evaluated_permission?: "allow" | "ask";
            /**
             * @description The arguments the model passed (a JSON object).
             * @example {
             *       "number": 4711
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The outcome of an `agent.tool_use`: the text the MCP server returned, or why the call failed (`is_error: true`; the model sees the same text and may try something else). */
        SessionEventToolResult: {
            /**
             * @description Always `agent.tool_result`.
             * @example agent.tool_result
             * @constant
             */
            type: "agent.tool_result";
            /**
             * @description The sub-agent thread that made the call; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The `tool_use_id` of the call this answers.
             * @example call_7QnS2kX9
             */
            tool_use_id: string;
            /** @description The tool's output as text blocks (non-text MCP content is described in words). */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description The `name` of the MCP server whose tool answered, as on the `agent.tool_use`; absent for built-in tools (and on results recorded before this field existed).
             * @example tickets
             */
            mcp_server_name?: string;
            /**
             * @description True when the tool reported an error or could not be called.
             * @example false
             */
            is_error: boolean;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The agent (or a sub-agent in its thread) called one of its custom tools. The turn pauses (`session.status_idled` with `stop_reason` `requires_action` naming this event) until the client answers with a `user.custom_tool_result` whose `custom_tool_use_id` is this event's `id`; when every call of the model's reply has its answer the turn continues. */
        SessionEventCustomToolUse: {
            /**
             * @description Always `agent.custom_tool_use`.
             * @example agent.custom_tool_use
             * @constant
             */
            type: "agent.custom_tool_use";
            /**
             * @description The sub-agent thread that called the tool; null for the session's own agent. A sub-agent's call is answered like the session's own (by this event's `id`, on the session).
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The custom tool's name.
             * @example lookup_ticket
             */
            name: string;
            /**
             * @description The arguments the model passed (a JSON object).
             * @example {
             *       "number": 4711
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The client's answer to an `agent.custom_tool_use`, as the model sees it. */
        SessionEventCustomToolResult: {
            /**
             * @description Always `user.custom_tool_result`.
             * @example user.custom_tool_result
             * @constant
             */
            type: "user.custom_tool_result";
            /**
             * @description The thread of the answered call (a sub-agent's), set by the server; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The `id` of the `agent.custom_tool_use` event answered.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            custom_tool_use_id: string;
            /** @description The result as text blocks. */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description True when the client reported a failure.
             * @example false
             */
            is_error: boolean;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description A worker's result of a self-hosted session's built-in tool call (`agent.tool_use`), as the model sees it. */
        SessionEventUserToolResult: {
            /**
             * @description Always `user.tool_result`.
             * @example user.tool_result
             * @constant
             */
            type: "user.tool_result";
            /**
             * @description The thread of the answered call (a sub-agent's), set by the server; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The `id` of the `agent.tool_use` event answered.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            tool_use_id: string;
            /** @description The result as text blocks. */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description True when the tool failed on the worker.
             * @example false
             */
            is_error: boolean;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The user's answer to an `agent.tool_use` whose tool asks first (`permission_policy` `always_ask`). */
        SessionEventToolConfirmation: {
            /**
             * @description Always `user.tool_confirmation`.
             * @example user.tool_confirmation
             * @constant
             */
            type: "user.tool_confirmation";
            /**
             * @description The thread of the confirmed call (a sub-agent's), set by the server; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The `id` of the `agent.tool_use` event confirmed.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            tool_use_id: string;
            /**
             * @description `allow`: the call is made. `deny`: it is not; the model gets an error result with `deny_message`.
             * @example deny
             * @enum {string}
             */
            result: "allow" | "deny";
            /**
             * @description What the model is told with a denial; null otherwise.
             * @example Do not delete files.
             */
            deny_message: string | null;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /**
         * @description Why the session went idle, on every `session.status_idled` event and in its webhook data. `end_turn`: the agent answered. `requires_action`: the turn is paused until the user answers the calls of `event_ids` (`agent.custom_tool_use` events to answer with `user.custom_tool_result`, `agent.tool_use` events to confirm with `user.tool_confirmation`); the last answer resumes it. `interrupted`: a `user.interrupt` (or archiving the session, or deleting its agent) stopped the turn. `budget_reached`: the session's token budget was used up. `error`: the turn ended with a `session.error` event.
         * @example {
         *       "type": "requires_action",
         *       "event_ids": [
         *         "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0"
         *       ]
         *     }
         */
        StopReason: {
            /**
             * @description The reason.
             * @example requires_action
             * @enum {string}
             */
            type: "end_turn" | "requires_action" | "interrupted" | "budget_reached" | "error";
            /**
             * @description `requires_action` only: the events (`sevt_...`) the turn waits for, in the order the model called them.
             * @example [
             *       "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0"
             *     ]
             */
            event_ids?: string[];
        };
        /** @description The session's status changed: a run started (`session.status_run_started`, and again when a rescheduled run retries), a turn completed and the session is idle (`session.status_idled`; the latest output is safe to read), the run waits out the back-off of an error it retries (`session.status_rescheduled`, after a `session.error` whose `retry_status` is `retrying`; the session is `rescheduling`, and a `user.interrupt` stops the retry), or the session can never run again (`session.status_terminated`: its agent was deleted). The same kinds are pushed to webhook endpoints. */
        SessionEventStatus: {
            /**
             * @description The status change.
             * @example session.status_idled
             * @enum {string}
             */
            type: "session.status_run_started" | "session.status_idled" | "session.status_rescheduled" | "session.status_terminated";
            /** @description `session.status_idled` only (always there): why the session went idle. */
            stop_reason?: components["schemas"]["StopReason"];
            /**
             * @description Always null; the status is the session's.
             * @example null
             */
            session_thread_id: null;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The session waits for its environment's packages (docs/packages.md): `session.status_preparing` when a turn starts waiting for the package layer (this server builds it, waits for the replica that does, or unpacks the one another replica built), `session.status_prepared` when the layer is ready, with the time the turn waited. A turn whose layer was ready on this server already records neither. A failed build ends the turn with `session.error` (`packages_failed`) instead. */
        SessionEventPackages: {
            /**
             * @description The start or the end of the wait.
             * @example session.status_prepared
             * @enum {string}
             */
            type: "session.status_preparing" | "session.status_prepared";
            /** @description The package layer waited for. */
            packages: {
                /**
                 * @description The digest of the normalised package set (`sha256:` and 64 hex digits); equal sets share a layer.
                 * @example sha256:5f2b0e3c8d1a9b7c6e5d4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c
                 */
                digest: string;
                /**
                 * @description `build`: this server builds the layer; `wait`: another server (or another session of this one) builds it; `unpack`: it was built by another replica and is copied from the database.
                 * @example build
                 * @enum {string}
                 */
                action: "build" | "wait" | "unpack";
                /**
                 * @description `session.status_prepared` only: how long the turn waited for the layer, in milliseconds.
                 * @example 41250
                 */
                duration_ms?: number;
            };
            /**
             * @description The thread whose turn waited (a sub-agent's); null for the session's own turn.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The session's turn waits for a worker of its self-hosted environment (docs/self-hosted.md): its built-in calls of this round are queued on the environment's work item `work.work_id` for a worker to run. Recorded when the turn pauses for them; the `session.status_idled` that follows names the calls (`requires_action`), and the turn goes on when a worker has answered each with `user.tool_result` (or the server has, after `SANDBOX_MAX_TIMEOUT_MS` without an answer). */
        SessionEventWaitingForWorker: {
            /**
             * @description Always `session.status_waiting_for_worker`.
             * @example session.status_waiting_for_worker
             * @constant
             */
            type: "session.status_waiting_for_worker";
            /** @description The work item and the calls it holds. */
            work: {
                /**
                 * @description The environment's work item of the session (`work_` id).
                 * @example work_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                work_id: string;
                /**
                 * @description How many built-in calls of this round wait for a worker.
                 * @example 2
                 */
                calls: number;
            };
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * @description The sub-agent thread whose calls wait; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description A session thread was created, finished a run (idled) or was terminated. The same kinds are pushed to webhook endpoints. */
        SessionEventThread: {
            /**
             * @description The thread change.
             * @example session.thread_created
             * @enum {string}
             */
            type: "session.thread_created" | "session.thread_idled" | "session.thread_terminated";
            /**
             * @description The thread concerned.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id: string;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description A message between the session's agent (a coordinator) and one of its sub-agents' threads, recorded on the session's own history (`session_thread_id` null): `agent.thread_message_sent` when the coordinator hands the turn's user messages to the thread (`to_session_thread_id`), and `agent.thread_message_received` when the thread's part of the turn ends with its answer (`from_session_thread_id`). */
        SessionEventThreadMessage: {
            /**
             * @description Which way the message went.
             * @example agent.thread_message_received
             * @enum {string}
             */
            type: "agent.thread_message_sent" | "agent.thread_message_received";
            /**
             * @description Always null; these events are the session's own agent's.
             * @example null
             */
            session_thread_id: null;
            /**
             * @description `agent.thread_message_sent` only: the thread the message went to.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            to_session_thread_id?: string;
            /**
             * @description `agent.thread_message_received` only: the thread the message came from.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            from_session_thread_id?: string;
            /** @description The message as text blocks. */
            content: components["schemas"]["TextBlock"][];
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        } & unknown;
        /** @description A run (or a sub-agent's part of it) ended with an error instead of an answer. A run ended by an error is still followed by `session.status_idled`. */
        SessionEventError: {
            /**
             * @description Always `session.error`.
             * @example session.error
             * @constant
             */
            type: "session.error";
            /**
             * @description The thread concerned; null for the session's own run.
             * @example null
             */
            session_thread_id: string | null;
            /** @description What went wrong. */
            error: {
                /**
                 * @description `run_interrupted`: the server stopped during the run and it was not retried. `runtime_error`: the agent runtime failed. `agent_unavailable`: the agent, a sub-agent or its model can no longer be run. `provider_error`: the model provider refused or failed the request (retryable errors are retried with backoff first). `mcp_error`: one of the agent's MCP servers could not be reached or authenticated (for instance its credential's refresh failed). `tool_rounds_exceeded`: the model kept calling tools for more than `RUN_MAX_TOOL_ROUNDS` rounds. `workspace_too_large`: the session's workspace was larger than `SANDBOX_SNAPSHOT_MAX_BYTES` when it was saved at the end of the turn. `sandbox_error`: the session's workspace could not be prepared or restored. `packages_failed`: the environment's packages could not be installed; the message carries the package manager's own words. `resource_failed`: a session resource could not be mounted (a repository's clone failed); the message names the resource and carries git's own words.
                 * @example run_interrupted
                 * @enum {string}
                 */
                type: "run_interrupted" | "runtime_error" | "agent_unavailable" | "provider_error" | "mcp_error" | "tool_rounds_exceeded" | "workspace_too_large" | "sandbox_error" | "packages_failed" | "resource_failed";
                /**
                 * @description A readable explanation.
                 * @example The server stopped while this run was in progress; it was not retried after 2 attempts.
                 */
                message: string;
                /**
                 * @description What happens next. `retrying`: the server retries on its own after a back-off (the session is `rescheduling`; an error of the same kind may follow, then the final one). `exhausted`: the turn is over (the session idles; the next `user.message` starts a new one). `terminal`: the session can never run again. Absent on errors recorded before this field existed.
                 * @example {
                 *       "type": "exhausted"
                 *     }
                 */
                retry_status?: {
                    /**
                     * @description The retry status.
                     * @example exhausted
                     * @enum {string}
                     */
                    type: "retrying" | "exhausted" | "terminal";
                };
                /**
                 * @description `provider_error` only: the HTTP status the model provider answered, when it answered (429: rate limited; 529 or 503: overloaded).
                 * @example 429
                 */
                provider_status?: number;
                /**
                 * @description `mcp_error` only: the agent's MCP server concerned.
                 * @example tickets
                 */
                mcp_server_name?: string;
            };
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /**
         * @description A model request of the agent started (recorded before the request is sent).
         * @example {
         *       "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0",
         *       "type": "span.model_request_start",
         *       "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
         *       "session_thread_id": null,
         *       "model": "claude-sonnet-4-5",
         *       "created_at": "2026-11-21T12:34:56.789Z"
         *     }
         */
        SessionEventModelRequestStart: {
            /**
             * @description Always `span.model_request_start`.
             * @example span.model_request_start
             * @constant
             */
            type: "span.model_request_start";
            /**
             * @description The sub-agent thread that made the request; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The model asked, as the provider names it.
             * @example claude-sonnet-4-5
             */
            model: string;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /**
         * @description A model request of the agent ended, with the tokens the provider reported for it (its `usage`, read from the end of the streamed reply). The session's and thread's `usage` are the sums of these.
         * @example {
         *       "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K1",
         *       "type": "span.model_request_end",
         *       "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
         *       "session_thread_id": null,
         *       "model": "claude-sonnet-4-5",
         *       "duration_ms": 1834,
         *       "model_usage": {
         *         "input_tokens": 1200,
         *         "output_tokens": 310,
         *         "cache_read_input_tokens": 0,
         *         "cache_creation_input_tokens": 0
         *       },
         *       "created_at": "2026-11-21T12:34:58.623Z"
         *     }
         */
        SessionEventModelRequestEnd: {
            /**
             * @description Always `span.model_request_end`.
             * @example span.model_request_end
             * @constant
             */
            type: "span.model_request_end";
            /**
             * @description The sub-agent thread that made the request; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The model asked, as the provider names it.
             * @example claude-sonnet-4-5
             */
            model: string;
            /**
             * @description How long the request took, retries included, in milliseconds.
             * @example 1834
             */
            duration_ms: number;
            model_usage: components["schemas"]["ModelUsage"];
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K1
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:58.623Z
             */
            created_at: string;
        };
        /** @description The model's reasoning before it answered: the extended thinking of an Anthropic model, or the reasoning summary an OpenAI-compatible server returned (`reasoning_content` or `reasoning`). Recorded only when the provider returns it. */
        SessionEventAgentThinking: {
            /**
             * @description Always `agent.thinking`.
             * @example agent.thinking
             * @constant
             */
            type: "agent.thinking";
            /**
             * @description The sub-agent thread whose model thought; null for the session's own agent.
             * @example null
             */
            session_thread_id: string | null;
            /**
             * @description The reasoning text as the provider returned it.
             * @example The user wants the sum; the add tool gives it exactly.
             */
            thinking: string;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description An outcome the user defined (`user.define_outcome`), with the `outcome_id` its evaluations name; a file rubric is recorded as its text. */
        SessionEventDefineOutcome: {
            /**
             * @description Always `user.define_outcome`.
             * @example user.define_outcome
             * @constant
             */
            type: "user.define_outcome";
            /**
             * @description Always null (outcomes belong to the session's own agent).
             * @example null
             */
            session_thread_id: null;
            /**
             * @description The outcome's id, `outc_` followed by a ULID.
             * @example outc_01JD3QB8D4F6H8K0M2P4R6T8V0
             */
            outcome_id: string;
            /**
             * @description What the agent should produce.
             * @example Write a report of the failing tests in report.md.
             */
            description: string;
            /** @description The rubric the grader applies, as text. */
            rubric: {
                /**
                 * @description Always `text`.
                 * @example text
                 * @constant
                 */
                type: "text";
                /**
                 * @description The rubric.
                 * @example The report names every failing test and the fix for each.
                 */
                content: string;
            };
            /**
             * @description How many evaluations at most.
             * @example 3
             */
            max_iterations: number;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description The grader started judging the agent's work on an outcome (one evaluation). */
        SessionEventOutcomeEvaluationStart: {
            /**
             * @description Always `span.outcome_evaluation_start`.
             * @example span.outcome_evaluation_start
             * @constant
             */
            type: "span.outcome_evaluation_start";
            /**
             * @description Always null.
             * @example null
             */
            session_thread_id: null;
            /**
             * @description The outcome judged.
             * @example outc_01JD3QB8D4F6H8K0M2P4R6T8V0
             */
            outcome_id: string;
            /**
             * @description The evaluation's number, from 0 (the first).
             * @example 0
             */
            iteration: number;
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description An evaluation ended with its verdict: `satisfied` (the turn ends), `needs_revision` (the explanation goes back to the agent, which works again), `max_iterations_reached` (the last evaluation allowed still found the work lacking), `failed` (the grader found the rubric does not apply, or its verdict could not be read) or `interrupted` (a `user.interrupt` came during the evaluation). `usage` sums the grader's model requests of this evaluation (each also recorded as a `span.model_request_end`, which is what the session's usage and budget count). */
        SessionEventOutcomeEvaluationEnd: {
            /**
             * @description Always `span.outcome_evaluation_end`.
             * @example span.outcome_evaluation_end
             * @constant
             */
            type: "span.outcome_evaluation_end";
            /**
             * @description Always null.
             * @example null
             */
            session_thread_id: null;
            /**
             * @description The outcome judged.
             * @example outc_01JD3QB8D4F6H8K0M2P4R6T8V0
             */
            outcome_id: string;
            /**
             * @description The evaluation's number, as on its start.
             * @example 0
             */
            iteration: number;
            /**
             * @description The id of its `span.outcome_evaluation_start` event.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            outcome_evaluation_start_id: string;
            /**
             * @description The verdict.
             * @example needs_revision
             * @enum {string}
             */
            result: "satisfied" | "needs_revision" | "max_iterations_reached" | "failed" | "interrupted";
            /**
             * @description The grader's reasons (for `needs_revision`, what is missing; the feedback the agent gets).
             * @example The report does not name the fix for test_login.
             */
            explanation: string;
            usage: components["schemas"]["ModelUsage"];
            /**
             * @description The event id, `sevt_` followed by a ULID.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description The session the event belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
        };
        /** @description An event of a session's history. */
        SessionEvent: components["schemas"]["SessionEventUserMessage"] | components["schemas"]["SessionEventUserInterrupt"] | components["schemas"]["SessionEventAgentMessage"] | components["schemas"]["SessionEventToolUse"] | components["schemas"]["SessionEventToolResult"] | components["schemas"]["SessionEventCustomToolUse"] | components["schemas"]["SessionEventCustomToolResult"] | components["schemas"]["SessionEventUserToolResult"] | components["schemas"]["SessionEventToolConfirmation"] | components["schemas"]["SessionEventStatus"] | components["schemas"]["SessionEventPackages"] | components["schemas"]["SessionEventWaitingForWorker"] | components["schemas"]["SessionEventThread"] | components["schemas"]["SessionEventThreadMessage"] | components["schemas"]["SessionEventError"] | components["schemas"]["SessionEventModelRequestStart"] | components["schemas"]["SessionEventModelRequestEnd"] | components["schemas"]["SessionEventAgentThinking"] | components["schemas"]["SessionEventDefineOutcome"] | components["schemas"]["SessionEventOutcomeEvaluationStart"] | components["schemas"]["SessionEventOutcomeEvaluationEnd"];
        /** @description One page of a session's (or a thread's) history, oldest first. */
        SessionEventList: {
            /** @description The events on this page, oldest first. */
            data: components["schemas"]["SessionEvent"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description Events to append to a session, in order. */
        SendSessionEventsRequest: {
            /** @description 1 to 50 events, applied in order. */
            events: components["schemas"]["SessionEventInput"][];
        };
        /** @description The events as stored, in order. The run they start proceeds in the background. */
        SendSessionEventsResponse: {
            /** @description The stored events, each with its id and time. */
            data: components["schemas"]["SessionEvent"][];
        };
        /** @description A thread of a session in which a sub-agent of a coordinator agent runs. It is created on the first turn that runs the sub-agent, is `running` during each of its runs and `idle` after; `terminated` is final. An archived thread (`archived_at` set) stays readable and is not run again. */
        SessionThread: {
            usage: components["schemas"]["ModelUsage"];
            stats: components["schemas"]["UsageStats"];
            /**
             * @description The thread id, `sthr_` followed by a ULID.
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            id: string;
            /**
             * @description Always `session_thread`.
             * @example session_thread
             * @constant
             */
            type: "session_thread";
            /**
             * @description The session the thread belongs to.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string;
            agent: components["schemas"]["AgentVersionReference"];
            /**
             * @description `running` during a run, `idle` between runs, `terminated` for good.
             * @example idle
             * @enum {string}
             */
            status: "running" | "idle" | "terminated";
            /**
             * Format: date-time
             * @description When the thread was archived (`POST .../threads/{thread_id}/archive`); null when not archived.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the thread was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the thread's status or agent version last changed.
             * @example 2026-11-21T12:34:57.123Z
             */
            updated_at: string;
        };
        /** @description One page of a session's threads, newest first. */
        SessionThreadList: {
            /** @description The threads on this page. */
            data: components["schemas"]["SessionThread"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /**
         * @description The type of a session event, as in its `type` field and the `event:` line of a stream message.
         * @example agent.message
         * @enum {string}
         */
        SessionEventType: "user.message" | "user.interrupt" | "user.custom_tool_result" | "user.tool_result" | "user.tool_confirmation" | "agent.message" | "agent.tool_use" | "agent.tool_result" | "agent.custom_tool_use" | "agent.thread_message_sent" | "agent.thread_message_received" | "session.status_run_started" | "session.status_idled" | "session.status_rescheduled" | "session.status_terminated" | "session.status_preparing" | "session.status_prepared" | "session.status_waiting_for_worker" | "session.thread_created" | "session.thread_idled" | "session.thread_terminated" | "session.error" | "span.model_request_start" | "span.model_request_end" | "agent.thinking" | "user.define_outcome" | "span.outcome_evaluation_start" | "span.outcome_evaluation_end";
        /** @description One message of a session's or thread's event stream. On the wire it is three lines and a blank line: `id: <event id>`, `event: <event type>`, `data: <the event as one line of JSON>`. */
        SessionEventStreamMessage: {
            /**
             * @description The event id (`id:` line). A client that reconnects sends the last one it received as `Last-Event-ID` and the stream resumes right after it.
             * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
             */
            id: string;
            event: components["schemas"]["SessionEventType"];
            data: components["schemas"]["SessionEvent"];
        };
        /**
         * @description A live delta of a stream opened with `event_deltas[]` (never stored, never replayed, no `id:` line). `event_start` opens an event being produced (`data.event.type`: `agent.message`); `event_delta` carries a piece of its text. The stored event follows once it is complete.
         * @example {
         *       "event": "event_delta",
         *       "data": {
         *         "type": "event_delta",
         *         "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
         *         "session_thread_id": null,
         *         "event": {
         *           "type": "agent.message"
         *         },
         *         "delta": {
         *           "type": "text",
         *           "text": "Ticket 4711 "
         *         }
         *       }
         *     }
         */
        SessionEventDeltaMessage: {
            /**
             * @description The `event:` line.
             * @example event_delta
             * @enum {string}
             */
            event: "event_start" | "event_delta";
            /** @description The message's data line. */
            data: {
                /**
                 * @description The same as the `event:` line.
                 * @example event_delta
                 * @enum {string}
                 */
                type: "event_start" | "event_delta";
                /**
                 * @description The session.
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: string;
                /**
                 * @description The sub-agent thread producing the event; null for the session's own agent.
                 * @example null
                 */
                session_thread_id: string | null;
                /** @description The event being produced. */
                event: {
                    /**
                     * @description Its type.
                     * @example agent.message
                     * @enum {string}
                     */
                    type: "agent.message";
                };
                /** @description For `event_delta`, the piece of text. */
                delta?: {
                    /**
                     * @description Always `text`.
                     * @example text
                     * @constant
                     */
                    type: "text";
                    /**
                     * @description The next piece of the message's text.
                     * @example Ticket 4711
                     */
                    text: string;
                };
            };
        };
        /** @description A `text/event-stream` body (Server-Sent Events): the messages of the events in the order they were committed, one per event, separated by blank lines, and a `: ping` comment line at every heartbeat. The stream does not end on its own: the client closes it (or the server, at shutdown, when the session is deleted, or when the client reads too slowly). */
        SessionEventStream: (components["schemas"]["SessionEventStreamMessage"] | components["schemas"]["SessionEventDeltaMessage"])[];
        /**
         * @description The kind of an event, as in the envelope's `data.type` and the `Webhook-Event-Type` header.
         * @example session.status_idled
         * @enum {string}
         */
        WebhookEventType: "session.created" | "session.updated" | "session.archived" | "session.deleted" | "session.status_run_started" | "session.status_idled" | "session.status_rescheduled" | "session.status_terminated" | "session.thread_created" | "session.thread_idled" | "session.thread_terminated" | "agent.created" | "agent.updated" | "agent.archived" | "agent.deleted" | "deployment.created" | "deployment.updated" | "deployment.paused" | "deployment.unpaused" | "deployment.archived" | "deployment.deleted" | "deployment_run.started" | "deployment_run.succeeded" | "deployment_run.failed" | "environment.created" | "environment.updated" | "environment.archived" | "environment.deleted" | "vault.created" | "vault.archived" | "vault.deleted" | "vault_credential.created" | "vault_credential.updated" | "vault_credential.archived" | "vault_credential.deleted" | "vault_credential.refresh_failed" | "memory_store.created" | "memory_store.archived" | "memory_store.deleted" | "webhook_endpoint.degraded" | "webhook_endpoint.recovered" | "webhook_endpoint.disabled" | "webhook.test";
        /** @description The fields every event envelope shares: its id, when it occurred and `type: event`. Each webhook adds its own `data` (see the kinds under Events); `EventEnvelope` is the envelope of any kind. */
        EventEnvelopeBase: {
            /**
             * @description The unique event id, `evt_` followed by a ULID. It is the deduplication key: the same for every endpoint and every retry of the event.
             * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event occurred (RFC 3339 UTC with milliseconds).
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * @description Always `event`.
             * @example event
             * @constant
             */
            type: "event";
        };
        /** @description The data of a `session.created` event. A session was created with `POST /sessions` (or by a deployment run). */
        SessionCreatedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.created`.
             * @example session.created
             * @constant
             */
            type: "session.created";
        };
        /** @description The data of a `session.updated` event. A session's title or metadata changed (`POST /sessions/{session_id}` that changes something). */
        SessionUpdatedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.updated`.
             * @example session.updated
             * @constant
             */
            type: "session.updated";
        };
        /** @description The data of a `session.archived` event. A session was archived: it accepts no new events; its history stays readable. */
        SessionArchivedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.archived`.
             * @example session.archived
             * @constant
             */
            type: "session.archived";
        };
        /** @description The data of a `session.deleted` event. A session was permanently deleted, with its history and threads. */
        SessionDeletedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.deleted`.
             * @example session.deleted
             * @constant
             */
            type: "session.deleted";
        };
        /** @description The data of a `session.status_run_started` event. The agent started a run: the session is `running`. */
        SessionStatusRunStartedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.status_run_started`.
             * @example session.status_run_started
             * @constant
             */
            type: "session.status_run_started";
        };
        /** @description The data of a `session.status_idled` event. A turn completed (or ended with an error event) and the session is `idle`: its latest output is safe to read. */
        SessionStatusIdledEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.status_idled`.
             * @example session.status_idled
             * @constant
             */
            type: "session.status_idled";
            /** @description Why the session went idle. On every event this version records; events recorded before stop reasons existed (kept and delivered as they were written) have none, and ended their turn. */
            stop_reason?: components["schemas"]["StopReason"];
        };
        /** @description The data of a `session.status_rescheduled` event. The run hit an error it retries (a model provider's rate limit, overload or server error) and waits out the back-off: the session is `rescheduling`, and a `session.error` with `retry_status` `retrying` says why. The session is `running` again (`session.status_run_started`) when the retry starts; a `user.interrupt` meanwhile stops the retry and idles the session. A run taken over after a server stopped is rescheduled too. */
        SessionStatusRescheduledEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.status_rescheduled`.
             * @example session.status_rescheduled
             * @constant
             */
            type: "session.status_rescheduled";
        };
        /** @description The data of a `session.status_terminated` event. The session can never run again: its agent was deleted. Its history stays readable. */
        SessionStatusTerminatedEventData: {
            /**
             * @description The session id (`sess_...`).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.status_terminated`.
             * @example session.status_terminated
             * @constant
             */
            type: "session.status_terminated";
        };
        /** @description The data of a `session.thread_created` event. A session thread was created: a sub-agent of a coordinator agent runs in it for the first time. */
        SessionThreadCreatedEventData: {
            /**
             * @description The session id (`sess_...`) of the thread's session.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.thread_created`.
             * @example session.thread_created
             * @constant
             */
            type: "session.thread_created";
            /**
             * @description The thread concerned (`sthr_...`).
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id: string;
        };
        /** @description The data of a `session.thread_idled` event. A session thread finished a run and is `idle`. */
        SessionThreadIdledEventData: {
            /**
             * @description The session id (`sess_...`) of the thread's session.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.thread_idled`.
             * @example session.thread_idled
             * @constant
             */
            type: "session.thread_idled";
            /**
             * @description The thread concerned (`sthr_...`).
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id: string;
        };
        /** @description The data of a `session.thread_terminated` event. A session thread was terminated by a `user.interrupt`; it never runs again. */
        SessionThreadTerminatedEventData: {
            /**
             * @description The session id (`sess_...`) of the thread's session.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            id: string;
            /**
             * @description Always `session.thread_terminated`.
             * @example session.thread_terminated
             * @constant
             */
            type: "session.thread_terminated";
            /**
             * @description The thread concerned (`sthr_...`).
             * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
             */
            session_thread_id: string;
        };
        /** @description The data of an `agent.created` event. An agent was created with `POST /agents`; `version` is 1. */
        AgentCreatedEventData: {
            /**
             * @description The agent id (`agent_...`).
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent.created`.
             * @example agent.created
             * @constant
             */
            type: "agent.created";
            /**
             * @description The agent version (always 1).
             * @example 1
             */
            version: number;
        };
        /** @description The data of an `agent.updated` event. An agent's configuration changed; `version` is the new version (incremented by one). */
        AgentUpdatedEventData: {
            /**
             * @description The agent id (`agent_...`).
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent.updated`.
             * @example agent.updated
             * @constant
             */
            type: "agent.updated";
            /**
             * @description The agent version after the update.
             * @example 3
             */
            version: number;
        };
        /** @description The data of an `agent.archived` event. An agent was archived: it takes no new sessions; `version` is its current version. */
        AgentArchivedEventData: {
            /**
             * @description The agent id (`agent_...`).
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent.archived`.
             * @example agent.archived
             * @constant
             */
            type: "agent.archived";
            /**
             * @description The agent version.
             * @example 2
             */
            version: number;
        };
        /** @description The data of an `agent.deleted` event. An agent was deleted; its configuration is unrecoverable. `version` is the version it had. */
        AgentDeletedEventData: {
            /**
             * @description The agent id (`agent_...`).
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description Always `agent.deleted`.
             * @example agent.deleted
             * @constant
             */
            type: "agent.deleted";
            /**
             * @description The agent version.
             * @example 2
             */
            version: number;
        };
        /** @description The data of a `deployment.created` event. A deployment was created with `POST /deployments`; it is `active` and fires per its schedule. */
        DeploymentCreatedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.created`.
             * @example deployment.created
             * @constant
             */
            type: "deployment.created";
        };
        /** @description The data of a `deployment.updated` event. A deployment's configuration changed with `POST /deployments/{deployment_id}`. */
        DeploymentUpdatedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.updated`.
             * @example deployment.updated
             * @constant
             */
            type: "deployment.updated";
        };
        /** @description The data of a `deployment.paused` event. A deployment was paused: by `POST /deployments/{deployment_id}/pause`, or by the service because a run could not start (see `paused_reason`). */
        DeploymentPausedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.paused`.
             * @example deployment.paused
             * @constant
             */
            type: "deployment.paused";
        };
        /** @description The data of a `deployment.unpaused` event. A paused deployment was resumed with `POST /deployments/{deployment_id}/unpause`; its next fire time is computed from now. */
        DeploymentUnpausedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.unpaused`.
             * @example deployment.unpaused
             * @constant
             */
            type: "deployment.unpaused";
        };
        /** @description The data of a `deployment.archived` event. A deployment was archived; it never fires again but stays readable. */
        DeploymentArchivedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.archived`.
             * @example deployment.archived
             * @constant
             */
            type: "deployment.archived";
        };
        /** @description The data of a `deployment.deleted` event. A deployment was deleted with its runs; the sessions its runs created stay. */
        DeploymentDeletedEventData: {
            /**
             * @description The deployment id (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment.deleted`.
             * @example deployment.deleted
             * @constant
             */
            type: "deployment.deleted";
        };
        /** @description The data of a `deployment_run.started` event. A deployment run started: its session was created (scheduled fire or manual run). */
        DeploymentRunStartedEventData: {
            /**
             * @description The run id (`drun_...`).
             * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            /**
             * @description Always `deployment_run.started`.
             * @example deployment_run.started
             * @constant
             */
            type: "deployment_run.started";
            /**
             * @description The deployment the run belongs to (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            deployment_id: string;
            /**
             * @description The session the run created; null when none was created.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string | null;
        };
        /** @description The data of a `deployment_run.succeeded` event. A deployment run succeeded: the first turn of its session ended and the session went idle. */
        DeploymentRunSucceededEventData: {
            /**
             * @description The run id (`drun_...`).
             * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            /**
             * @description Always `deployment_run.succeeded`.
             * @example deployment_run.succeeded
             * @constant
             */
            type: "deployment_run.succeeded";
            /**
             * @description The deployment the run belongs to (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            deployment_id: string;
            /**
             * @description The session the run created; null when none was created.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string | null;
        };
        /** @description The data of a `deployment_run.failed` event. A deployment run failed: no session could be created (`session_id` null), or the first turn of its session errored. */
        DeploymentRunFailedEventData: {
            /**
             * @description The run id (`drun_...`).
             * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            /**
             * @description Always `deployment_run.failed`.
             * @example deployment_run.failed
             * @constant
             */
            type: "deployment_run.failed";
            /**
             * @description The deployment the run belongs to (`dep_...`).
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            deployment_id: string;
            /**
             * @description The session the run created; null when none was created.
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string | null;
        };
        /** @description The data of a `environment.created` event. An environment was created with `POST /environments`. */
        EnvironmentCreatedEventData: {
            /**
             * @description The environment id (`env_...`).
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment.created`.
             * @example environment.created
             * @constant
             */
            type: "environment.created";
        };
        /** @description The data of a `environment.updated` event. An environment's name, description, config or metadata changed with `POST /environments/{environment_id}` (an update that changes nothing emits no event). */
        EnvironmentUpdatedEventData: {
            /**
             * @description The environment id (`env_...`).
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment.updated`.
             * @example environment.updated
             * @constant
             */
            type: "environment.updated";
        };
        /** @description The data of a `environment.archived` event. An environment was archived with `POST /environments/{environment_id}/archive`. It stays readable; archiving it again emits no event. */
        EnvironmentArchivedEventData: {
            /**
             * @description The environment id (`env_...`).
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment.archived`.
             * @example environment.archived
             * @constant
             */
            type: "environment.archived";
        };
        /** @description The data of a `environment.deleted` event. An environment was deleted with `DELETE /environments/{environment_id}`. */
        EnvironmentDeletedEventData: {
            /**
             * @description The environment id (`env_...`).
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            id: string;
            /**
             * @description Always `environment.deleted`.
             * @example environment.deleted
             * @constant
             */
            type: "environment.deleted";
        };
        /** @description The data of a `vault.created` event. A vault was created with `POST /vaults`. */
        VaultCreatedEventData: {
            /**
             * @description The vault id (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `vault.created`.
             * @example vault.created
             * @constant
             */
            type: "vault.created";
        };
        /** @description The data of a `vault.archived` event. A vault was archived with `POST /vaults/{vault_id}/archive`, together with its active credentials (each of which emits `vault_credential.archived` first). Archiving it again emits no event. */
        VaultArchivedEventData: {
            /**
             * @description The vault id (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `vault.archived`.
             * @example vault.archived
             * @constant
             */
            type: "vault.archived";
        };
        /** @description The data of a `vault.deleted` event. A vault was deleted with `DELETE /vaults/{vault_id}`, together with its credentials (each of which emits `vault_credential.deleted` first). */
        VaultDeletedEventData: {
            /**
             * @description The vault id (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `vault.deleted`.
             * @example vault.deleted
             * @constant
             */
            type: "vault.deleted";
        };
        /** @description The data of a `vault_credential.created` event. A credential was added to a vault with `POST /vaults/{vault_id}/credentials`. */
        VaultCredentialCreatedEventData: {
            /**
             * @description The credential id (`vcred_...`).
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential.created`.
             * @example vault_credential.created
             * @constant
             */
            type: "vault_credential.created";
            /**
             * @description The vault that holds the credential (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
        };
        /** @description The data of a `vault_credential.updated` event. A credential's display name, metadata or auth changed with `POST /vaults/{vault_id}/credentials/{credential_id}` (an update that changes nothing emits no event). */
        VaultCredentialUpdatedEventData: {
            /**
             * @description The credential id (`vcred_...`).
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential.updated`.
             * @example vault_credential.updated
             * @constant
             */
            type: "vault_credential.updated";
            /**
             * @description The vault that holds the credential (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
        };
        /** @description The data of a `vault_credential.archived` event. A credential was archived, with `POST /vaults/{vault_id}/credentials/{credential_id}/archive` or together with its vault. Archiving it again emits no event. */
        VaultCredentialArchivedEventData: {
            /**
             * @description The credential id (`vcred_...`).
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential.archived`.
             * @example vault_credential.archived
             * @constant
             */
            type: "vault_credential.archived";
            /**
             * @description The vault that holds the credential (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
        };
        /** @description The data of a `vault_credential.deleted` event. A credential was deleted, with `DELETE /vaults/{vault_id}/credentials/{credential_id}` or together with its vault. */
        VaultCredentialDeletedEventData: {
            /**
             * @description The credential id (`vcred_...`).
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential.deleted`.
             * @example vault_credential.deleted
             * @constant
             */
            type: "vault_credential.deleted";
            /**
             * @description The vault that holds the credential (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
        };
        /** @description The data of a `vault_credential.refresh_failed` event. Refreshing the access token of an `mcp_oauth` credential with its `refresh` configuration failed, so the credential could not be used; update its `auth`. Emitted when a session's run needed the credential for an MCP server: its access token had expired (or the server rejected it) and the token endpoint refused the refresh, could not be reached, or the credential has no `refresh`. */
        VaultCredentialRefreshFailedEventData: {
            /**
             * @description The credential id (`vcred_...`).
             * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
             */
            id: string;
            /**
             * @description Always `vault_credential.refresh_failed`.
             * @example vault_credential.refresh_failed
             * @constant
             */
            type: "vault_credential.refresh_failed";
            /**
             * @description The vault that holds the credential (`vault_...`).
             * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
             */
            vault_id: string;
        };
        /** @description The data of a `memory_store.created` event. A memory store was created with `POST /memory_stores`. */
        MemoryStoreCreatedEventData: {
            /**
             * @description The memory store id (`memstore_...`).
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `memory_store.created`.
             * @example memory_store.created
             * @constant
             */
            type: "memory_store.created";
        };
        /** @description The data of a `memory_store.archived` event. A memory store was archived with `POST /memory_stores/{memory_store_id}/archive`. Archiving it again emits no event. */
        MemoryStoreArchivedEventData: {
            /**
             * @description The memory store id (`memstore_...`).
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `memory_store.archived`.
             * @example memory_store.archived
             * @constant
             */
            type: "memory_store.archived";
        };
        /** @description The data of a `memory_store.deleted` event. A memory store was deleted with `DELETE /memory_stores/{memory_store_id}`, together with its memories and their versions. */
        MemoryStoreDeletedEventData: {
            /**
             * @description The memory store id (`memstore_...`).
             * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
             */
            id: string;
            /**
             * @description Always `memory_store.deleted`.
             * @example memory_store.deleted
             * @constant
             */
            type: "memory_store.deleted";
        };
        /** @description The data of a `webhook_endpoint.degraded` event. An endpoint became degraded: its `consecutive_fail` exceeded the degradation threshold (`WEBHOOK_DEGRADED_THRESHOLD`, 20 by default). It stays `degraded: true` until a delivery to it succeeds (`webhook_endpoint.recovered`). */
        WebhookEndpointDegradedEventData: {
            /**
             * @description The webhook endpoint id (`wep_...`).
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            /**
             * @description Always `webhook_endpoint.degraded`.
             * @example webhook_endpoint.degraded
             * @constant
             */
            type: "webhook_endpoint.degraded";
            /**
             * @description The endpoint's failed delivery attempts since its last successful one.
             * @example 21
             */
            consecutive_fail: number;
        };
        /** @description The data of a `webhook_endpoint.recovered` event. A delivery to a degraded endpoint succeeded: it is no longer degraded and its `consecutive_fail` is back to 0. */
        WebhookEndpointRecoveredEventData: {
            /**
             * @description The webhook endpoint id (`wep_...`).
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            /**
             * @description Always `webhook_endpoint.recovered`.
             * @example webhook_endpoint.recovered
             * @constant
             */
            type: "webhook_endpoint.recovered";
        };
        /** @description Why an endpoint is disabled: `gone` when it answered `410 Gone` (disabled at once), `failing` when its deliveries kept failing without a success for `WEBHOOK_AUTO_DISABLE_AFTER_S` (5 days by default), `manual` after `POST /webhook_endpoints/{endpoint_id}/disable`. */
        WebhookEndpointDisabledReason: {
            /**
             * @description The cause.
             * @example gone
             * @enum {string}
             */
            type: "gone" | "failing" | "manual";
        };
        /** @description The data of a `webhook_endpoint.disabled` event. An endpoint was disabled: it answered `410 Gone` (`gone`), it kept failing without a success for `WEBHOOK_AUTO_DISABLE_AFTER_S` (`failing`, 5 days by default), or `POST /webhook_endpoints/{endpoint_id}/disable` was called (`manual`). Events for it are held until it is enabled. Sent to the account's other endpoints subscribed to it, never to the disabled endpoint itself. */
        WebhookEndpointDisabledEventData: {
            /**
             * @description The webhook endpoint id (`wep_...`).
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            /**
             * @description Always `webhook_endpoint.disabled`.
             * @example webhook_endpoint.disabled
             * @constant
             */
            type: "webhook_endpoint.disabled";
            /**
             * @description The endpoint's failed delivery attempts since its last successful one.
             * @example 21
             */
            consecutive_fail: number;
            disabled_reason: components["schemas"]["WebhookEndpointDisabledReason"];
        };
        /** @description The data of a `webhook.test` event. A test event sent by `POST /webhook_endpoints/{id}/test` to check connectivity and signature verification. Only the tested endpoint receives it. */
        WebhookTestEventData: {
            /**
             * @description The id of the tested webhook endpoint (`wep_...`).
             * @example wep_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            /**
             * @description Always `webhook.test`.
             * @example webhook.test
             * @constant
             */
            type: "webhook.test";
        };
        /** @description The data of an event: the resource id, the event kind in `type`, and the kind's fields (`version` for agent events, `session_thread_id` for thread events, `deployment_id` and `session_id` for deployment run events, `vault_id` for credential events, `consecutive_fail` and `disabled_reason` for webhook endpoint events). */
        EventData: components["schemas"]["SessionCreatedEventData"] | components["schemas"]["SessionUpdatedEventData"] | components["schemas"]["SessionArchivedEventData"] | components["schemas"]["SessionDeletedEventData"] | components["schemas"]["SessionStatusRunStartedEventData"] | components["schemas"]["SessionStatusIdledEventData"] | components["schemas"]["SessionStatusRescheduledEventData"] | components["schemas"]["SessionStatusTerminatedEventData"] | components["schemas"]["SessionThreadCreatedEventData"] | components["schemas"]["SessionThreadIdledEventData"] | components["schemas"]["SessionThreadTerminatedEventData"] | components["schemas"]["AgentCreatedEventData"] | components["schemas"]["AgentUpdatedEventData"] | components["schemas"]["AgentArchivedEventData"] | components["schemas"]["AgentDeletedEventData"] | components["schemas"]["DeploymentCreatedEventData"] | components["schemas"]["DeploymentUpdatedEventData"] | components["schemas"]["DeploymentPausedEventData"] | components["schemas"]["DeploymentUnpausedEventData"] | components["schemas"]["DeploymentArchivedEventData"] | components["schemas"]["DeploymentDeletedEventData"] | components["schemas"]["DeploymentRunStartedEventData"] | components["schemas"]["DeploymentRunSucceededEventData"] | components["schemas"]["DeploymentRunFailedEventData"] | components["schemas"]["EnvironmentCreatedEventData"] | components["schemas"]["EnvironmentUpdatedEventData"] | components["schemas"]["EnvironmentArchivedEventData"] | components["schemas"]["EnvironmentDeletedEventData"] | components["schemas"]["VaultCreatedEventData"] | components["schemas"]["VaultArchivedEventData"] | components["schemas"]["VaultDeletedEventData"] | components["schemas"]["VaultCredentialCreatedEventData"] | components["schemas"]["VaultCredentialUpdatedEventData"] | components["schemas"]["VaultCredentialArchivedEventData"] | components["schemas"]["VaultCredentialDeletedEventData"] | components["schemas"]["VaultCredentialRefreshFailedEventData"] | components["schemas"]["MemoryStoreCreatedEventData"] | components["schemas"]["MemoryStoreArchivedEventData"] | components["schemas"]["MemoryStoreDeletedEventData"] | components["schemas"]["WebhookEndpointDegradedEventData"] | components["schemas"]["WebhookEndpointRecoveredEventData"] | components["schemas"]["WebhookEndpointDisabledEventData"] | components["schemas"]["WebhookTestEventData"];
        /** @description The envelope of every event the service pushes to webhook endpoints, whatever its kind: `data.type` names the kind. The envelope `id` is the deduplication key: it is the same for every endpoint and every retry of the event. */
        EventEnvelope: components["schemas"]["EventEnvelopeBase"] & {
            data: components["schemas"]["EventData"];
        };
        /** @description One message of the account's event stream. On the wire it is three lines and a blank line: `id: <envelope id>`, `event: <event kind>`, `data: <the envelope as one line of JSON>`, exactly the bytes a webhook delivery of the event carries as its body. */
        EventStreamMessage: {
            /**
             * @description The envelope id (`id:` line), the same id webhook deliveries carry in `Webhook-Id`. A client that reconnects sends the last one it received as `Last-Event-ID`.
             * @example evt_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            event: components["schemas"]["WebhookEventType"];
            data: components["schemas"]["EventEnvelope"];
        };
        /** @description A `text/event-stream` body (Server-Sent Events): the account's event envelopes in the order they were committed, one message per event, separated by blank lines, and a `: ping` comment line at every heartbeat. The stream does not end on its own: the client closes it (or the server, at shutdown or when the client reads too slowly). */
        EventStream: components["schemas"]["EventStreamMessage"][];
        /**
         * @description `active` (fires per its schedule) or `paused` (fires nothing; manual runs still start). An archived deployment (`archived_at` set) never fires, whatever its status.
         * @example active
         * @enum {string}
         */
        DeploymentStatus: "active" | "paused";
        /** @description The agent a deployment (or one of its runs) runs. */
        DeploymentAgent: {
            /**
             * @description Always `agent`.
             * @example agent
             * @constant
             */
            type: "agent";
            /**
             * @description The agent id.
             * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
             */
            id: string;
            /**
             * @description On a deployment, the pinned version (null: each run uses the agent's latest version at its fire time); on a run, the version it ran (null when the agent could not be read).
             * @example null
             */
            version: number | null;
        };
        /** @description The user messages sent to the new session of every run, 1 to 50; they start the session's first turn. */
        DeploymentInitialEvents: components["schemas"]["UserMessageInput"][];
        /**
         * @description Up to 5 future fire times, soonest first, computed by the same function that fires the runs; empty for manual, paused and archived deployments.
         * @example [
         *       "2026-11-23T08:00:00.000Z",
         *       "2026-11-24T08:00:00.000Z"
         *     ]
         */
        UpcomingRunsAt: string[];
        /**
         * Format: date-time
         * @description When the deployment last started a run (scheduled or manual); null before its first run.
         * @example 2026-11-20T08:00:00.000Z
         */
        LastRunAt: string | null;
        /** @description A cron schedule as stored, with its upcoming fire times. */
        CronSchedule: {
            /**
             * @description Always `cron`.
             * @example cron
             * @constant
             */
            type: "cron";
            /**
             * @description The 5-field cron expression.
             * @example 0 9 * * 1-5
             */
            expression: string;
            /**
             * @description The IANA time zone the expression is evaluated in.
             * @example Europe/Berlin
             */
            timezone: string;
            upcoming_runs_at: components["schemas"]["UpcomingRunsAt"];
            last_run_at: components["schemas"]["LastRunAt"];
        };
        /** @description The manual-only trigger; `upcoming_runs_at` is always empty. */
        ManualSchedule: {
            /**
             * @description Always `manual`.
             * @example manual
             * @constant
             */
            type: "manual";
            upcoming_runs_at: components["schemas"]["UpcomingRunsAt"];
            last_run_at: components["schemas"]["LastRunAt"];
        };
        /** @description The deployment's schedule with `upcoming_runs_at` (up to 5 future fire times) and `last_run_at`. */
        DeploymentSchedule: components["schemas"]["CronSchedule"] | components["schemas"]["ManualSchedule"];
        /**
         * @description Environment variables copied into the session of every run, as `NAME=value` lines separated by `\n` (a trailing `\r` is dropped, blank lines are skipped; the value is everything after the first `=`). Names match `[A-Za-z_][A-Za-z0-9_]*`; the reserved names `PATH`, `HOME`, `USER`, `SHELL`, `PWD`, `HOSTNAME` and the prefixes `CLOUD_AGENTS_`, `LD_`, `DYLD_` are refused (in any letter case), as are duplicate names (letter case ignored); values are single-line; the normalized text is at most 32 KiB. Responses hold one normalized string sorted by name, one `NAME=value` entry per line, joined with `\n`.
         * @example REPORT_CHANNEL=#eng-digest
         *     REPO=acme/api
         */
        DeploymentEnvironmentVariables: string;
        /**
         * @description Resources to make available to the runs' sessions (for example repositories or files), kept as given: up to 50 JSON objects, each with a `type`. The service stores and returns them; the built-in runtime does not read them.
         * @example [
         *       {
         *         "type": "github_repository",
         *         "url": "https://github.com/acme/api"
         *       }
         *     ]
         */
        DeploymentResources: ({
            /**
             * @description The kind of resource.
             * @example github_repository
             */
            type: string;
        } & {
            [key: string]: unknown;
        })[];
        /**
         * @description What a scheduled fire does while the previous run of the deployment is still `running`: `skip` (the default) records a `skipped` run and creates no session; `allow` starts another run. Manual runs always start.
         * @default skip
         * @example skip
         * @enum {string}
         */
        OverlapPolicy: "skip" | "allow";
        /**
         * @description After downtime, the latest fire time missed within this many seconds fires once when the server is back; older misses are never back-filled. 0 (the default) back-fills nothing.
         * @default 0
         * @example 3600
         */
        CatchupWindowSeconds: number;
        /**
         * @description Why a run failed: `agent_unavailable` (the agent or its pinned version was archived or deleted), `environment_unavailable`, `vault_unavailable` (a vault was archived or deleted); or, once its session ran, the session's error: `runtime_error`, `run_interrupted`, `provider_error`, `mcp_error`, `tool_rounds_exceeded`, `workspace_too_large`, `sandbox_error`, `packages_failed`, `resource_failed`, `session_deleted`, `session_archived` (the session was archived before its first turn ended).
         * @example agent_unavailable
         * @enum {string}
         */
        DeploymentRunErrorType: "agent_unavailable" | "environment_unavailable" | "vault_unavailable" | "runtime_error" | "run_interrupted" | "provider_error" | "mcp_error" | "tool_rounds_exceeded" | "workspace_too_large" | "sandbox_error" | "packages_failed" | "resource_failed" | "session_deleted" | "session_archived";
        /** @description Why the deployment is paused: `{type:"manual"}` after `POST /deployments/{deployment_id}/pause`, or `{type:"error", error:{type}}` when a run could not start for a cause that will not go away by itself (its agent or environment was archived or deleted); null while active. */
        DeploymentPausedReason: null | {
            /**
             * @description Always `manual`.
             * @example manual
             * @constant
             */
            type: "manual";
        } | {
            /**
             * @description Always `error`.
             * @example error
             * @constant
             */
            type: "error";
            /** @description The error that paused the deployment. */
            error: {
                type: components["schemas"]["DeploymentRunErrorType"];
            };
        };
        /** @description A binding of an agent to a cron schedule (or the manual-only trigger), an environment and the initial events of every run. Each run creates a session. */
        Deployment: {
            /** @description The token budget copied into the session of each run; null for none. */
            budget: components["schemas"]["SessionBudget"] | null;
            /**
             * @description The deployment id, `dep_` followed by a ULID.
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment`.
             * @example deployment
             * @constant
             */
            type: "deployment";
            /**
             * @description The deployment's name.
             * @example weekday-pr-digest
             */
            name: string;
            /**
             * @description A note for humans; null when none is set.
             * @example Summarizes yesterday's merged pull requests every weekday morning.
             */
            description: string | null;
            agent: components["schemas"]["DeploymentAgent"];
            /**
             * @description The environment the runs' sessions run in.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            initial_events: components["schemas"]["DeploymentInitialEvents"];
            schedule: components["schemas"]["DeploymentSchedule"];
            environment_variables: components["schemas"]["DeploymentEnvironmentVariables"];
            resources: components["schemas"]["DeploymentResources"];
            /**
             * @description The vaults every run's session uses.
             * @example [
             *       "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
             *     ]
             */
            vault_ids: string[];
            metadata: components["schemas"]["Metadata"];
            overlap_policy: components["schemas"]["OverlapPolicy"];
            catchup_window_seconds: components["schemas"]["CatchupWindowSeconds"];
            status: components["schemas"]["DeploymentStatus"];
            paused_reason: components["schemas"]["DeploymentPausedReason"];
            /**
             * Format: date-time
             * @description When the deployment was archived; null while it is not. An archived deployment never fires.
             * @example null
             */
            archived_at: string | null;
            /**
             * Format: date-time
             * @description When the deployment was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the deployment's configuration or status last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of deployments, newest first. */
        DeploymentList: {
            /** @description The deployments on this page. */
            data: components["schemas"]["Deployment"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description A cron schedule: a 5-field expression (minute, hour, day of month, month, day of week) evaluated in an IANA time zone. Fields take numbers, `*`, ranges `a-b`, lists `a,b` and steps `*\/n` or `a-b/n`; day of week is 0-7 (0 and 7 are Sunday). When both day of month and day of week are restricted, a day matches when either matches (classic cron). Names, macros (`@daily`), a seconds field and Quartz extensions are refused, as is an expression that can never fire. Daylight saving: a local time that occurs twice fires once, at its first occurrence; a local time that does not exist fires once, at the first instant after the gap. */
        CronScheduleInput: {
            /**
             * @description Always `cron`.
             * @example cron
             * @constant
             */
            type: "cron";
            /**
             * @description The 5-field cron expression.
             * @example 0 9 * * 1-5
             */
            expression: string;
            /**
             * @description An IANA time zone name such as `Europe/Berlin` (default `UTC`). Offsets such as `+02:00` are refused.
             * @default UTC
             * @example Europe/Berlin
             */
            timezone: string;
        };
        /** @description The manual-only trigger. The deployment never fires on its own; start runs with `POST /deployments/{deployment_id}/run`. */
        ManualScheduleInput: {
            /**
             * @description Always `manual`.
             * @example manual
             * @constant
             */
            type: "manual";
        };
        /** @description A cron schedule, or the manual-only trigger. */
        DeploymentScheduleInput: components["schemas"]["CronScheduleInput"] | components["schemas"]["ManualScheduleInput"];
        /** @description The body of a deployment create. The new deployment is `active` and fires per its schedule at once. */
        CreateDeploymentRequest: {
            /** @description A token budget copied into the session of each run (see `Session.budget`); null for none. */
            budget?: components["schemas"]["SessionBudget"] | null;
            /**
             * @description A name, 1 to 255 characters.
             * @example weekday-pr-digest
             */
            name: string;
            /**
             * @description A note for humans, at most 1024 characters.
             * @example Summarizes yesterday's merged pull requests every weekday morning.
             */
            description?: string | null;
            agent: components["schemas"]["AgentReference"];
            /**
             * @description The environment the runs' sessions run in (`env_...`); it must be active.
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id: string;
            initial_events: components["schemas"]["DeploymentInitialEvents"];
            schedule?: components["schemas"]["DeploymentScheduleInput"];
            environment_variables?: components["schemas"]["DeploymentEnvironmentVariables"];
            resources?: components["schemas"]["DeploymentResources"];
            /**
             * @description Active vaults every run's session uses, at most 20.
             * @example [
             *       "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
             *     ]
             */
            vault_ids?: string[];
            metadata?: components["schemas"]["Metadata"];
            overlap_policy?: components["schemas"]["OverlapPolicy"];
            catchup_window_seconds?: components["schemas"]["CatchupWindowSeconds"];
        };
        /** @description A partial update: every field of the create may be given; omitted fields keep their value. `metadata` is a patch (a string upserts a key, null deletes it). */
        UpdateDeploymentRequest: {
            /** @description A token budget copied into the session of each run (see `Session.budget`); null for none. */
            budget?: components["schemas"]["SessionBudget"] | null;
            /**
             * @description A new name, 1 to 255 characters.
             * @example weekday-pr-digest
             */
            name?: string;
            /**
             * @description A new note; null clears it.
             * @example Runs at 08:00 from now on.
             */
            description?: string | null;
            agent?: components["schemas"]["AgentReference"];
            /**
             * @description Another active environment (`env_...`).
             * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
             */
            environment_id?: string;
            initial_events?: components["schemas"]["DeploymentInitialEvents"];
            schedule?: components["schemas"]["DeploymentScheduleInput"];
            environment_variables?: components["schemas"]["DeploymentEnvironmentVariables"];
            resources?: components["schemas"]["DeploymentResources"];
            /**
             * @description The active vaults every run's session uses, at most 20 (replaces the list).
             * @example []
             */
            vault_ids?: string[];
            metadata?: components["schemas"]["MetadataPatch"];
            overlap_policy?: components["schemas"]["OverlapPolicy"];
            catchup_window_seconds?: components["schemas"]["CatchupWindowSeconds"];
        };
        /** @description The confirmation of a deployment delete. */
        DeletedDeployment: {
            /**
             * @description The id of the deleted deployment.
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            id: string;
            /**
             * @description Always `deployment_deleted`.
             * @example deployment_deleted
             * @constant
             */
            type: "deployment_deleted";
        };
        /**
         * @description `running` from the creation of the run's session until the session's first turn ends, then `succeeded` (the session went idle) or `failed` (the turn errored, or no session could be created); `skipped` when a scheduled fire met a running run under the `skip` overlap policy.
         * @example succeeded
         * @enum {string}
         */
        DeploymentRunStatus: "running" | "succeeded" | "failed" | "skipped";
        /** @description Why the run failed. */
        DeploymentRunError: {
            type: components["schemas"]["DeploymentRunErrorType"];
            /**
             * @description A readable explanation.
             * @example The agent agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K is archived and takes no new sessions.
             */
            message: string;
        };
        /** @description What started the run. */
        DeploymentRunTrigger: {
            /**
             * @description Always `schedule`.
             * @example schedule
             * @constant
             */
            type: "schedule";
            /**
             * Format: date-time
             * @description The fire time the run belongs to; one run at most per deployment and fire time.
             * @example 2026-11-23T08:00:00.000Z
             */
            scheduled_at: string;
        } | {
            /**
             * @description Always `manual`.
             * @example manual
             * @constant
             */
            type: "manual";
        };
        /** @description One run of a deployment. A run that starts creates a session. */
        DeploymentRun: {
            /**
             * @description The run id, `drun_` followed by a ULID.
             * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
             */
            id: string;
            /**
             * @description Always `deployment_run`.
             * @example deployment_run
             * @constant
             */
            type: "deployment_run";
            /**
             * @description The deployment the run belongs to.
             * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
             */
            deployment_id: string;
            agent: components["schemas"]["DeploymentAgent"];
            /**
             * @description The session the run created; null when none was created (skipped, or it could not start).
             * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
             */
            session_id: string | null;
            status: components["schemas"]["DeploymentRunStatus"];
            /** @description Why the run failed; null unless `failed`. */
            error: null | components["schemas"]["DeploymentRunError"];
            trigger_context: components["schemas"]["DeploymentRunTrigger"];
            /**
             * Format: date-time
             * @description When the run was created (for a scheduled run, when it fired).
             * @example 2026-11-23T08:00:00.012Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the run ended (succeeded, failed or skipped); null while `running`.
             * @example 2026-11-23T08:00:01.337Z
             */
            finished_at: string | null;
        };
        /**
         * @description What started the run: the deployment's schedule, or a manual `POST /deployments/{deployment_id}/run`.
         * @example schedule
         * @enum {string}
         */
        DeploymentRunTriggerType: "schedule" | "manual";
        /** @description One page of deployment runs, newest first. */
        DeploymentRunList: {
            /** @description The runs on this page. */
            data: components["schemas"]["DeploymentRun"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /**
         * @description An event kind an endpoint subscribes to, or `*` for every kind. `webhook.test` events are sent to the tested endpoint whatever it subscribes to.
         * @example session.status_idled
         * @enum {string}
         */
        WebhookEventSelector: "*" | "session.created" | "session.updated" | "session.archived" | "session.deleted" | "session.status_run_started" | "session.status_idled" | "session.status_rescheduled" | "session.status_terminated" | "session.thread_created" | "session.thread_idled" | "session.thread_terminated" | "agent.created" | "agent.updated" | "agent.archived" | "agent.deleted" | "deployment.created" | "deployment.updated" | "deployment.paused" | "deployment.unpaused" | "deployment.archived" | "deployment.deleted" | "deployment_run.started" | "deployment_run.succeeded" | "deployment_run.failed" | "environment.created" | "environment.updated" | "environment.archived" | "environment.deleted" | "vault.created" | "vault.archived" | "vault.deleted" | "vault_credential.created" | "vault_credential.updated" | "vault_credential.archived" | "vault_credential.deleted" | "vault_credential.refresh_failed" | "memory_store.created" | "memory_store.archived" | "memory_store.deleted" | "webhook_endpoint.degraded" | "webhook_endpoint.recovered" | "webhook_endpoint.disabled";
        /**
         * @description How deliveries to the endpoint are signed. `webhook_signature` (the default): `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` keyed with the UTF-8 bytes of the whole `signing_secret` over `<t>.<raw body>` (the layout Stripe's libraries verify). `standard_webhooks`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256>` keyed with the base64-decoded part of the secret after `whsec_` over `<webhook-id>.<webhook-timestamp>.<raw body>`, so the `standardwebhooks` and `svix` libraries verify deliveries unchanged. See "Verifying webhook deliveries" in the introduction.
         * @example webhook_signature
         * @enum {string}
         */
        WebhookSigningScheme: "webhook_signature" | "standard_webhooks";
        /** @description A registered URL that receives signed event pushes. The signing secret is shown only when the endpoint is created. */
        WebhookEndpoint: {
            /**
             * @description The endpoint id, `wep_` followed by a ULID.
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            /**
             * @description Always `webhook_endpoint`.
             * @example webhook_endpoint
             * @constant
             */
            type: "webhook_endpoint";
            /**
             * @description The URL that receives the events.
             * @example https://hooks.example.com/cloud-agents
             */
            url: string;
            /**
             * @description The subscribed event kinds, or `["*"]` for every kind.
             * @example [
             *       "session.status_idled",
             *       "session.archived"
             *     ]
             */
            events: components["schemas"]["WebhookEventSelector"][];
            /**
             * @description A note for humans; null when none was given.
             * @example Notify the ops channel when a session goes idle.
             */
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            signing_scheme: components["schemas"]["WebhookSigningScheme"];
            /**
             * @description The API the endpoint was made on, which decides its deliveries' payload: `cloud` (this API), the envelope documented under webhooks; `anthropic` (`/v1/organizations/webhooks`, the Anthropic SDK's `client.beta.organization.webhooks`), the same envelope with `organization_id` and `workspace_id` added to `data`, as `client.beta.webhooks.unwrap` types it (docs/anthropic-surface.md).
             * @example cloud
             * @enum {string}
             */
            surface: "cloud" | "anthropic";
            /**
             * @description The short label of an endpoint made on `/v1`; null for one made here.
             * @example null
             */
            name: string | null;
            /**
             * Format: date-time
             * @description After `POST /webhook_endpoints/{endpoint_id}/rotate_secret`: until when the previous secret still signs every delivery next to the current one. Null when only the current secret signs.
             * @example null
             */
            previous_secret_expires_at: string | null;
            /**
             * @description True when enabled; false when disabled (events are still recorded for it, and held until it is enabled).
             * @example true
             */
            active: boolean;
            /** @description Why the endpoint is disabled; null while it is enabled. */
            disabled_reason: null | components["schemas"]["WebhookEndpointDisabledReason"];
            /**
             * @description Failed delivery attempts since the last successful one.
             * @example 0
             */
            consecutive_fail: number;
            /**
             * @description True once `consecutive_fail` exceeds the degradation threshold (20 by default); a successful delivery clears it.
             * @example false
             */
            degraded: boolean;
            /**
             * Format: date-time
             * @description When a delivery to this endpoint last succeeded; null if never.
             * @example 2026-11-21T12:40:01.250Z
             */
            last_success_at: string | null;
            /**
             * Format: date-time
             * @description When a delivery attempt to this endpoint last failed; null if never.
             * @example null
             */
            last_failure_at: string | null;
            /**
             * Format: date-time
             * @description When the endpoint was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the endpoint's configuration, enabled state or signing secret last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
        };
        /** @description One page of webhook endpoints, newest first. */
        WebhookEndpointList: {
            /** @description The endpoints on this page. */
            data: components["schemas"]["WebhookEndpoint"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description The configuration of a webhook endpoint, for create and for `PUT` (which replaces it: omitted optional fields are reset to their defaults). */
        WebhookEndpointRequest: {
            /**
             * @description The http or https URL that receives the events, at most 2048 characters, without user-info. Loopback, private, link-local, unique-local and cloud metadata addresses are refused (here and again at delivery, after DNS resolution) unless the operator sets `WEBHOOK_ALLOW_PRIVATE_TARGETS=true`.
             * @example https://hooks.example.com/cloud-agents
             */
            url: string;
            /**
             * @description The event kinds to receive, or `["*"]` for every kind. `*` cannot be combined with other kinds.
             * @example [
             *       "session.status_idled",
             *       "session.archived"
             *     ]
             */
            events: components["schemas"]["WebhookEventSelector"][];
            /**
             * @description A note for humans, at most 1024 characters.
             * @example Notify the ops channel when a session goes idle.
             */
            description?: string | null;
            metadata?: components["schemas"]["Metadata"];
            signing_scheme?: components["schemas"]["WebhookSigningScheme"];
        };
        /** @description A webhook endpoint with its signing secret, as created or just rotated. Only these two responses show the secret, so store it now. */
        WebhookEndpointWithSecret: {
            /**
             * @description The endpoint id, `wep_` followed by a ULID.
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            id: string;
            /**
             * @description Always `webhook_endpoint`.
             * @example webhook_endpoint
             * @constant
             */
            type: "webhook_endpoint";
            /**
             * @description The URL that receives the events.
             * @example https://hooks.example.com/cloud-agents
             */
            url: string;
            /**
             * @description The subscribed event kinds, or `["*"]` for every kind.
             * @example [
             *       "session.status_idled",
             *       "session.archived"
             *     ]
             */
            events: components["schemas"]["WebhookEventSelector"][];
            /**
             * @description A note for humans; null when none was given.
             * @example Notify the ops channel when a session goes idle.
             */
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            signing_scheme: components["schemas"]["WebhookSigningScheme"];
            /**
             * @description The API the endpoint was made on, which decides its deliveries' payload: `cloud` (this API), the envelope documented under webhooks; `anthropic` (`/v1/organizations/webhooks`, the Anthropic SDK's `client.beta.organization.webhooks`), the same envelope with `organization_id` and `workspace_id` added to `data`, as `client.beta.webhooks.unwrap` types it (docs/anthropic-surface.md).
             * @example cloud
             * @enum {string}
             */
            surface: "cloud" | "anthropic";
            /**
             * @description The short label of an endpoint made on `/v1`; null for one made here.
             * @example null
             */
            name: string | null;
            /**
             * Format: date-time
             * @description After `POST /webhook_endpoints/{endpoint_id}/rotate_secret`: until when the previous secret still signs every delivery next to the current one. Null when only the current secret signs.
             * @example null
             */
            previous_secret_expires_at: string | null;
            /**
             * @description True when enabled; false when disabled (events are still recorded for it, and held until it is enabled).
             * @example true
             */
            active: boolean;
            /** @description Why the endpoint is disabled; null while it is enabled. */
            disabled_reason: null | components["schemas"]["WebhookEndpointDisabledReason"];
            /**
             * @description Failed delivery attempts since the last successful one.
             * @example 0
             */
            consecutive_fail: number;
            /**
             * @description True once `consecutive_fail` exceeds the degradation threshold (20 by default); a successful delivery clears it.
             * @example false
             */
            degraded: boolean;
            /**
             * Format: date-time
             * @description When a delivery to this endpoint last succeeded; null if never.
             * @example 2026-11-21T12:40:01.250Z
             */
            last_success_at: string | null;
            /**
             * Format: date-time
             * @description When a delivery attempt to this endpoint last failed; null if never.
             * @example null
             */
            last_failure_at: string | null;
            /**
             * Format: date-time
             * @description When the endpoint was created.
             * @example 2026-11-21T12:34:56.789Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the endpoint's configuration, enabled state or signing secret last changed.
             * @example 2026-11-21T12:34:56.789Z
             */
            updated_at: string;
            /**
             * @description The secret that signs every delivery to this endpoint: `whsec_` followed by 32 random bytes in standard base64. With `webhook_signature` the HMAC key is the UTF-8 bytes of this whole string; with `standard_webhooks` it is the base64-decoded part after `whsec_`. Returned only when the endpoint is created and when its secret is rotated, never by later reads.
             * @example whsec_toRH2g/qGOn/dSb4x0cMrgURX8xXXdl02SBWIsoRAEs=
             */
            signing_secret: string;
        };
        /** @description The test event that was queued for the endpoint, and its delivery record. */
        WebhookTestResult: {
            /**
             * @description The id of the `webhook.test` event (the envelope `id` and the `Webhook-Id` header).
             * @example evt_01JD3R2A5B6C7D8E9F0G1H2J3K
             */
            event_id: string;
            /**
             * @description The delivery record of the test event for this endpoint; follow it with `GET /webhook_events/{webhook_event_id}`.
             * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
             */
            webhook_event_id: string;
        };
        /** @description How long the secret being replaced keeps signing deliveries, next to the new one. */
        RotateWebhookSecretRequest: {
            /**
             * @description Seconds during which every delivery is signed with both the new and the previous secret (0 to 604800, one week; default 86400, one day). 0 stops the previous secret at once.
             * @default 86400
             * @example 86400
             */
            previous_secret_expires_in: number;
        };
        /** @description The window of delivery records to re-queue, by the time their event occurred (`created_at`). */
        RecoverWebhookEndpointRequest: {
            /**
             * Format: date-time
             * @description The start of the window (inclusive), RFC 3339.
             * @example 2026-11-21T00:00:00.000Z
             */
            since: string;
            /**
             * Format: date-time
             * @description The end of the window (exclusive), RFC 3339; defaults to now. Must be after `since`.
             * @example 2026-11-22T00:00:00.000Z
             */
            until?: string;
        };
        /** @description The outcome of a recovery. */
        WebhookRecoverResult: {
            /**
             * @description How many `dead` records of the endpoint were queued again (now `pending`, due at once, with a fresh round of attempts).
             * @example 42
             */
            requeued: number;
        };
        /**
         * @description The delivery status of a record:
         *     `pending` (waiting for its first attempt or a retry, or held while the endpoint is disabled),
         *     `succeeded` (a 2xx arrived), `dead` (all 4 attempts failed: the dead-letter queue; retry it with
         *     `POST /webhook_events/{webhook_event_id}/retry`) or `discarded` (its endpoint was deleted first).
         * @example succeeded
         * @enum {string}
         */
        WebhookEventStatus: "pending" | "succeeded" | "dead" | "discarded";
        /** @description The delivery record of one event for one endpoint: its status and timestamps, for auditing. */
        WebhookEvent: {
            /**
             * @description The record id, `whev_` followed by a ULID.
             * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
             */
            id: string;
            /**
             * @description Always `webhook_event`.
             * @example webhook_event
             * @constant
             */
            type: "webhook_event";
            /**
             * @description The event delivered (the envelope `id`).
             * @example evt_01JD3R2A5B6C7D8E9F0G1H2J3K
             */
            event_id: string;
            event_type: components["schemas"]["WebhookEventType"];
            /**
             * @description The endpoint the record delivers to (it may have been deleted since).
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            endpoint_id: string;
            status: components["schemas"]["WebhookEventStatus"];
            /**
             * @description Delivery attempts made so far, manual retries included.
             * @example 1
             */
            attempt_count: number;
            /**
             * Format: date-time
             * @description When the next attempt is due while `pending` (a held record of a disabled endpoint is sent as soon as the endpoint is enabled); null once the record is `succeeded`, `dead` or `discarded`.
             * @example null
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the last attempt started; null before the first.
             * @example 2026-11-21T12:40:01.130Z
             */
            last_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the receiver acknowledged the event with a 2xx; null until then.
             * @example 2026-11-21T12:40:01.152Z
             */
            delivered_at: string | null;
            /**
             * @description The HTTP status of the last attempt; null before the first attempt or when no response arrived (timeout, connection error).
             * @example 200
             */
            last_response_status: number | null;
            /**
             * @description Why the last attempt failed (truncated); null when it succeeded or before the first attempt.
             * @example null
             */
            last_error: string | null;
            /**
             * Format: date-time
             * @description The time of the event it announces: the record is created from the event, with it (a test event) or by the delivery engine's next pass (webhooks.md, How an event becomes deliveries).
             * @example 2026-11-21T12:40:01.120Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed.
             * @example 2026-11-21T12:40:01.152Z
             */
            updated_at: string;
        };
        /** @description One page of delivery records, newest first. */
        WebhookEventList: {
            /** @description The delivery records on this page. */
            data: components["schemas"]["WebhookEvent"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description One delivery attempt. */
        WebhookEventAttempt: {
            /**
             * @description The attempt number, from 1.
             * @example 1
             */
            number: number;
            /**
             * Format: date-time
             * @description When the attempt started.
             * @example 2026-11-21T12:40:01.130Z
             */
            started_at: string;
            /**
             * @description How long the attempt took, in milliseconds.
             * @example 22
             */
            duration_ms: number;
            /**
             * @description The HTTP status the receiver answered; null when no response arrived.
             * @example 200
             */
            response_status: number | null;
            /**
             * @description Why the attempt failed (truncated); null when it succeeded.
             * @example null
             */
            error: string | null;
        };
        /** @description The delivery record of one event for one endpoint, with the envelope it sends and every attempt. */
        WebhookEventDetail: {
            /**
             * @description The record id, `whev_` followed by a ULID.
             * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
             */
            id: string;
            /**
             * @description Always `webhook_event`.
             * @example webhook_event
             * @constant
             */
            type: "webhook_event";
            /**
             * @description The event delivered (the envelope `id`).
             * @example evt_01JD3R2A5B6C7D8E9F0G1H2J3K
             */
            event_id: string;
            event_type: components["schemas"]["WebhookEventType"];
            /**
             * @description The endpoint the record delivers to (it may have been deleted since).
             * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
             */
            endpoint_id: string;
            status: components["schemas"]["WebhookEventStatus"];
            /**
             * @description Delivery attempts made so far, manual retries included.
             * @example 1
             */
            attempt_count: number;
            /**
             * Format: date-time
             * @description When the next attempt is due while `pending` (a held record of a disabled endpoint is sent as soon as the endpoint is enabled); null once the record is `succeeded`, `dead` or `discarded`.
             * @example null
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the last attempt started; null before the first.
             * @example 2026-11-21T12:40:01.130Z
             */
            last_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the receiver acknowledged the event with a 2xx; null until then.
             * @example 2026-11-21T12:40:01.152Z
             */
            delivered_at: string | null;
            /**
             * @description The HTTP status of the last attempt; null before the first attempt or when no response arrived (timeout, connection error).
             * @example 200
             */
            last_response_status: number | null;
            /**
             * @description Why the last attempt failed (truncated); null when it succeeded or before the first attempt.
             * @example null
             */
            last_error: string | null;
            /**
             * Format: date-time
             * @description The time of the event it announces: the record is created from the event, with it (a test event) or by the delivery engine's next pass (webhooks.md, How an event becomes deliveries).
             * @example 2026-11-21T12:40:01.120Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed.
             * @example 2026-11-21T12:40:01.152Z
             */
            updated_at: string;
            payload: components["schemas"]["EventEnvelope"];
            /** @description Every attempt, oldest first. */
            attempts: components["schemas"]["WebhookEventAttempt"][];
        };
        /** @description One kind of event the service pushes, from the `webhooks` section of this description. */
        WebhookEventTypeInfo: {
            name: components["schemas"]["WebhookEventType"];
            /**
             * @description When the event is emitted.
             * @example A session's turn completed and the session is idle; its latest output is safe to read.
             */
            description: string;
            /**
             * @description The JSON Schema (draft 2020-12, self-contained) of the event's `data` object: the resource `id`, the kind in `type`, and the kind's own fields.
             * @example {
             *       "$schema": "https://json-schema.org/draft/2020-12/schema",
             *       "type": "object",
             *       "required": [
             *         "id",
             *         "type"
             *       ],
             *       "additionalProperties": false,
             *       "properties": {
             *         "id": {
             *           "type": "string",
             *           "pattern": "^sess_[0-9A-HJKMNP-TV-Z]{26}$"
             *         },
             *         "type": {
             *           "type": "string",
             *           "const": "session.status_idled"
             *         }
             *       }
             *     }
             */
            schema: {
                [key: string]: unknown;
            };
        };
        /** @description Every kind of event the service pushes, in the order of the `webhooks` section. */
        WebhookEventTypeList: {
            /** @description The event kinds, each with its description and the JSON Schema of its `data`. */
            data: components["schemas"]["WebhookEventTypeInfo"][];
        };
    };
    responses: {
        /** @description The request is malformed or fails validation (invalid_request_error). `param` names the offending field, parameter or header. */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "invalid_request_error",
                 *         "message": "limit: must be <= 100",
                 *         "param": "limit"
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The bearer token is missing, malformed, unknown or revoked (TOKEN_INVALID). */
        Unauthorized: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "TOKEN_INVALID",
                 *         "message": "A valid bearer token is required: send Authorization: Bearer <token>."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body exceeds the size limit (request_too_large). A declared `Content-Length` over the limit is refused before the body is read, and the connection is closed. */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "request_too_large",
                 *         "message": "The request body exceeds the limit of 1048576 bytes."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token made more requests this minute than the server allows (`RATE_LIMIT_PER_MINUTE`; off by default). Retry after the number of seconds in `Retry-After`. While the limit is on, every API response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`. */
        TooManyRequests: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "rate_limit_error",
                 *         "message": "Too many requests: this token may make 600 requests per minute. Retry after 12 s."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description An unexpected error; the cause is logged under the request id (api_error). */
        InternalError: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "api_error",
                 *         "message": "An unexpected error occurred. Quote the request id when reporting it."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The database is locked by another process (for example the operator CLI) for longer than the server waits for it (`SQLITE_BUSY_WAIT_MS`, default 5 s); nothing was changed (api_error). Retry after the `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "api_error",
                 *         "message": "The database is locked by another process (waited 5003 ms). Nothing was changed; retry the request."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request conflicts with the current state of the resource, or a request with the same `Idempotency-Key` is still running (conflict_error). */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "conflict_error",
                 *         "message": "The vault is archived and takes no new credentials."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The `Idempotency-Key` was already used, within the last 24 hours, for a request with another path or body (idempotency_error). Use a new key for a new request. */
        IdempotencyError: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "idempotency_error",
                 *         "message": "Idempotency-Key \"3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71\" was already used for a request with another body: use a new key for a new request.",
                 *         "param": "Idempotency-Key"
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No such resource in this account (not_found_error). Another account's id answers the same way. */
        NotFound: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "not_found_error",
                 *         "message": "No vault with id vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token may not perform this operation on this resource (permission_error). */
        Forbidden: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "permission_error",
                 *         "message": "Vendor skills are read-only."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The heartbeat's `expected_last_heartbeat` is not the stored one (precondition_failed_error, with `details.error_code: heartbeat_precondition_failed` and the lease's `current_state`): another worker holds the lease, or it ran out and the item was queued again. */
        PreconditionFailed: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "precondition_failed_error",
                 *         "message": "The lease of work_01JD3QB7M2N8P4R6T0V2X4Z6A8 is not held with this heartbeat.",
                 *         "details": {
                 *           "error_code": "heartbeat_precondition_failed",
                 *           "current_state": {
                 *             "last_heartbeat": null,
                 *             "lease_extended": false,
                 *             "state": "queued",
                 *             "ttl_seconds": 0
                 *           }
                 *         }
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The account already holds `MAX_STREAMS_PER_ACCOUNT` open streams on this server (default 100): close one before opening another (rate_limit_error). The token's request rate limit, when the operator sets one, answers the same way with `Retry-After`. */
        TooManyStreams: {
            headers: {
                "Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "error",
                 *       "error": {
                 *         "type": "rate_limit_error",
                 *         "message": "This account already has 100 open streams (MAX_STREAMS_PER_ACCOUNT): close one before opening another."
                 *       },
                 *       "request_id": "req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /**
         * @description How many records to return, from 1 to 100.
         * @example 20
         */
        Limit: number;
        /**
         * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        Page: string;
        /**
         * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        AfterId: string;
        /**
         * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        BeforeId: string;
        /**
         * @description Only skills whose `name` starts with this text, ignoring case.
         * @example verify
         */
        SkillNamePrefix: string;
        /**
         * @description Only skills whose `display_title` starts with this text, ignoring case.
         * @example Verify
         */
        SkillDisplayTitlePrefix: string;
        /**
         * @description Only skills of this source: `custom` (uploaded by the account) or `vendor` (shipped with the service).
         * @example custom
         */
        SkillSource: "custom" | "vendor";
        /**
         * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
         *     same value on every retry of it: the first completed response (status and body) is kept for
         *     24 hours per account and key, and a retry with the same key, path and body gets it again with
         *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
         *     The same key with another path or body answers 422 `idempotency_error`; while the first request
         *     with the key is still running, 409 `conflict_error`. Requests refused before they run
         *     (authentication, validation) are not kept, so a corrected request may reuse the key.
         *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
         * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
         */
        IdempotencyKey: string;
        /**
         * @description The id of the skill (`skill_...`).
         * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        SkillId: string;
        /**
         * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
         * @example 1795264496789000
         */
        SkillVersion: string;
        /**
         * @description Include archived records in the list.
         * @example false
         */
        IncludeArchived: boolean;
        /**
         * @description The id of the vault (`vault_...`).
         * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        VaultId: string;
        /**
         * @description The id of the credential (`vcred_...`).
         * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
         */
        CredentialId: string;
        /**
         * @description The id of the memory store (`memstore_...`).
         * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
         */
        MemoryStoreId: string;
        /**
         * @description Only memories whose `path` starts with this text (case-sensitive), such as `notes/`; `/` may be sent unencoded.
         * @example notes/
         */
        MemoryPathPrefix: string;
        /**
         * @description The id of the memory (`mem_...`).
         * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
         */
        MemoryId: string;
        /**
         * @description Delete only while the memory's current content has this SHA-256 (64 lowercase hex characters, the `content_sha256` you read); else 409 and nothing is deleted. Omit it to delete unconditionally.
         * @example 3f0c5e8a0e2b7c1d4f6a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e
         */
        ExpectedContentSha256: components["schemas"]["MemorySha256"];
        /**
         * @description Only the versions of this memory (`mem_...`), also after the memory was deleted.
         * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
         */
        MemoryIdFilter: string;
        /**
         * @description The id of the memory version (`memver_...`).
         * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
         */
        MemoryVersionId: string;
        /**
         * @description Only dreams in one of these statuses. Repeat the parameter with brackets: `statuses[]=pending&statuses[]=running`.
         * @example [
         *       "running"
         *     ]
         */
        DreamStatuses: components["schemas"]["DreamStatus"][];
        /**
         * @description The id of the dream (`drm_...`).
         * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
         */
        DreamId: string;
        /**
         * @description The id of the agent (`agent_...`).
         * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
         */
        AgentId: string;
        /**
         * @description Return the agent as it was at this version (default the latest). An unknown version answers 404.
         * @example 1
         */
        AgentVersion: number;
        /**
         * @description A forward cursor: the `next_page` of the previous response (a version number). Same meaning as `after_version`. At most one of `page`, `after_version` and `before_version` may be given.
         * @example 3
         */
        AgentVersionPage: string;
        /**
         * @description Return the versions after this one in list order (older ones). At most one of `page`, `after_version` and `before_version` may be given.
         * @example 3
         */
        AfterVersion: number;
        /**
         * @description Return the versions just before this one in list order (newer ones), still in list order. At most one of `page`, `after_version` and `before_version` may be given.
         * @example 5
         */
        BeforeVersion: number;
        /**
         * @description The id of the environment (`env_...`).
         * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
         */
        EnvironmentId: string;
        /**
         * @description The id of the environment key (`envkey_...`).
         * @example envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0
         */
        EnvironmentKeyId: string;
        /**
         * @description How long to wait for an item before answering 204, 1 to 999 milliseconds; without it the poll does not wait.
         * @example 999
         */
        BlockMs: number;
        /**
         * @description An item a poll handed out but nobody acknowledged is offered again after this many milliseconds (default 5000).
         * @example 5000
         */
        ReclaimOlderThanMs: number;
        /**
         * @description The polling worker's id, counted in the queue's `workers_polling` (its first 128 characters are kept).
         * @example build-farm-1-6f1c
         */
        WorkerIdHeader: string;
        /**
         * @description The id of the work item (`work_...`).
         * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
         */
        WorkId: string;
        /**
         * @description The lease's wished time to live, 10 to 600 seconds (default 90).
         * @example 90
         */
        DesiredTtlSeconds: number;
        /**
         * @description The `last_heartbeat` the previous heartbeat answered, or `NO_HEARTBEAT` for the first: any other value than the stored one is 412 (another worker holds the lease, or it ran out). Not compared once the item is `stopping` or `stopped`, nor when omitted.
         * @example NO_HEARTBEAT
         */
        ExpectedLastHeartbeat: string;
        /**
         * @description Only sessions in one of these statuses. Repeat the parameter with brackets: `statuses[]=idle&statuses[]=running`.
         * @example [
         *       "idle",
         *       "running"
         *     ]
         */
        SessionStatuses: components["schemas"]["SessionStatus"][];
        /**
         * @description Only sessions of this agent (`agent_...`).
         * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
         */
        AgentIdFilter: string;
        /**
         * @description Only sessions that run this version of the agent named by `agent_id` (which it requires).
         * @example 2
         */
        AgentVersionFilter: number;
        /**
         * @description Only sessions started by runs of this deployment (`dep_...`).
         * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
         */
        SessionDeploymentIdFilter: string;
        /**
         * @description Only sessions that have this memory store (`memstore_...`) attached.
         * @example memstore_01JD3QB1C2D3E4F5G6H7J8K9M0
         */
        MemoryStoreIdFilter: string;
        /**
         * @description The id of the session (`sess_...`).
         * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
         */
        SessionId: string;
        /**
         * @description A folder of the session's workspace (default its root), relative or under `/workspace`.
         * @example reports
         */
        SessionFolderPath: string;
        /**
         * @description A path in the session's workspace: relative (`reports/out.csv`) or under `/workspace`, at most 4,096 characters with each name at most 255 bytes of UTF-8. A path leaving the workspace (through `..` or a symbolic link the session made) or a name over 255 bytes is refused (400 naming `path`).
         * @example reports/out.csv
         */
        SessionFilePath: string;
        /**
         * @description The id of the session resource (`sres_...`).
         * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
         */
        SessionResourceId: string;
        /**
         * @description Only the files of this scope: a session id (`sess_...`) lists the outputs that session left under `/mnt/session/outputs/`.
         * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
         */
        FileScopeId: string;
        /**
         * @description The id of the file (`file_...`).
         * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
         */
        FileId: string;
        /**
         * @description The id of the session thread (`sthr_...`).
         * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
         */
        ThreadId: string;
        /**
         * @description Resume after this event of the session (`sevt_...`): only the events committed after it are sent, history and live, with no gap and no repeat. Without it the stream starts with the first event. An id that is not an event of this session answers `400`.
         * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
         */
        SessionEventStreamAfterId: string;
        /**
         * @description Only events of these types (the stream's resume point still moves past the others). Repeat the parameter with brackets: `types[]=agent.message&types[]=session.status_idled`.
         * @example [
         *       "agent.message",
         *       "session.status_idled"
         *     ]
         */
        SessionEventTypes: components["schemas"]["SessionEventType"][];
        /**
         * @description Live deltas of these event types while they are produced: `event_deltas[]=agent.message` adds an `event_start` message when the model starts streaming text and an `event_delta` message with each piece of it. Deltas are never stored and never replayed (a reconnection with `Last-Event-ID` resumes the stored events only); the stored `agent.message` follows as usual, and its text is the text of the deltas after the last `event_start` before it (a request the server retries after a provider error streams its text again, after a new `event_start`). With several servers on one PostgreSQL database, deltas reach the streams open on the server that runs the turn.
         * @example [
         *       "agent.message"
         *     ]
         */
        SessionEventDeltas: "agent.message"[];
        /**
         * @description Resume after this event: the id of the last message received (the `id:` line). Browsers' `EventSource` and the SDK send it when they reconnect. It takes precedence over `after_id`. An id that is malformed, or that is not an event of this stream, answers `400` naming `Last-Event-ID`.
         * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
         */
        LastEventId: string;
        /**
         * @description Resume after this event envelope of the account (`evt_...`): every event committed after it is sent first, then the stream goes on live. Without it the stream starts with the events committed from now on. Events are kept for `RETENTION_DAYS`: an id that is not (or no longer) an event of this account answers `400`.
         * @example evt_01JD3QB2C3D4E5F6G7H8J9K0M1
         */
        EventStreamAfterId: string;
        /**
         * @description Only events of these kinds. Repeat the parameter with brackets: `types[]=session.status_idled&types[]=deployment_run.failed`.
         * @example [
         *       "session.status_idled",
         *       "deployment_run.failed"
         *     ]
         */
        EventTypes: components["schemas"]["WebhookEventType"][];
        /**
         * @description Only deployments of this agent (`agent_...`).
         * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
         */
        DeploymentAgentIdFilter: string;
        /**
         * @description Only deployments in this status.
         * @example paused
         */
        DeploymentStatusFilter: components["schemas"]["DeploymentStatus"];
        /**
         * @description The id of the deployment (`dep_...`).
         * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
         */
        DeploymentId: string;
        /**
         * @description Only runs of this deployment (`dep_...`).
         * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
         */
        DeploymentIdFilter: string;
        /**
         * @description Only runs started this way.
         * @example manual
         */
        DeploymentRunTriggerTypeFilter: components["schemas"]["DeploymentRunTriggerType"];
        /**
         * @description Only runs in this status.
         * @example failed
         */
        DeploymentRunStatusFilter: components["schemas"]["DeploymentRunStatus"];
        /**
         * @description `true`: only runs with an error; `false`: only runs without one.
         * @example true
         */
        DeploymentRunHasErrorFilter: boolean;
        /**
         * @description The id of the deployment run (`drun_...`).
         * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
         */
        DeploymentRunId: string;
        /**
         * @description How many endpoints to return, from 1 to 100. The default, 100, is also the most endpoints an account can have, so a request without parameters returns all of them.
         * @example 100
         */
        WebhookEndpointLimit: number;
        /**
         * @description The id of the webhook endpoint (`wep_...`).
         * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
         */
        WebhookEndpointId: string;
        /**
         * @description Only the records of this endpoint (`wep_...`, also one since deleted). A malformed id answers 400.
         * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
         */
        WebhookEventEndpointFilter: string;
        /**
         * @description Only the records in this delivery status; `dead` lists the dead-letter queue.
         * @example dead
         */
        WebhookEventStatusFilter: components["schemas"]["WebhookEventStatus"];
        /**
         * @description Only the records of events of this kind.
         * @example session.status_idled
         */
        WebhookEventTypeFilter: components["schemas"]["WebhookEventType"];
        /**
         * @description The id of the delivery record (`whev_...`).
         * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
         */
        WebhookEventId: string;
        /**
         * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
         *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
         *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
         * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
         */
        WebhookIdHeader: string;
        /**
         * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
         * @example agent.created
         */
        WebhookEventTypeHeader: string;
        /**
         * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
         *     endpoint's `signing_scheme`:
         *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
         *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
         *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
         *
         *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
         *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
         *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
         *     `verifyWebhook` does this).
         */
        WebhookSignatureHeader: string;
        /**
         * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
         *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
         * @example 1795264496
         */
        WebhookTimestampHeader: string;
        /**
         * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
         * @example CloudAgents-Webhook/0.1.0
         */
        WebhookUserAgentHeader: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The id of this request (`req_` + ULID); also in the error envelope as `request_id`.
         * @example req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        RequestId: string;
        /**
         * @description Seconds to wait before the next request is accepted.
         * @example 12
         */
        RetryAfter: number;
        /**
         * @description Requests this token may make per one-minute window.
         * @example 600
         */
        RateLimitLimit: number;
        /**
         * @description Requests left in the current window.
         * @example 0
         */
        RateLimitRemaining: number;
        /**
         * @description Seconds until the current window ends and the count starts again.
         * @example 12
         */
        RateLimitReset: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSkills: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only skills whose `name` starts with this text, ignoring case.
                 * @example verify
                 */
                name?: components["parameters"]["SkillNamePrefix"];
                /**
                 * @description Only skills whose `display_title` starts with this text, ignoring case.
                 * @example Verify
                 */
                display_title?: components["parameters"]["SkillDisplayTitlePrefix"];
                /**
                 * @description Only skills of this source: `custom` (uploaded by the account) or `vendor` (shipped with the service).
                 * @example custom
                 */
                source?: components["parameters"]["SkillSource"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of skills. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSkill: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         "release-notes/SKILL.md",
                 *         "release-notes/templates/notes.md"
                 *       ],
                 *       "display_title": "Release notes writer",
                 *       "metadata": "{\"team\":\"platform\"}"
                 *     }
                 */
                "multipart/form-data": components["schemas"]["CreateSkillRequest"];
            };
        };
        responses: {
            /** @description The new skill (without its content); the upload is its first version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skill. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The skill was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSkill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSkillVersions: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *           "type": "skill_version",
                     *           "skill_id": "skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                     *           "version": "1795264496789000",
                     *           "name": "release-notes",
                     *           "description": "Write release notes from a list of merged pull requests, grouped by area.",
                     *           "directory": "release-notes",
                     *           "created_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *       "last_id": "skillver_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["SkillVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSkillVersion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         "release-notes/SKILL.md",
                 *         "release-notes/templates/notes.md"
                 *       ]
                 *     }
                 */
                "multipart/form-data": components["schemas"]["CreateSkillVersionRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSkillVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
                /**
                 * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
                 * @example 1795264496789000
                 */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSkillVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
                /**
                 * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
                 * @example 1795264496789000
                 */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSkillVersionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the skill (`skill_...`).
                 * @example skill_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                skill_id: components["parameters"]["SkillId"];
                /**
                 * @description The version (a string of epoch microseconds, as in `latest_version`), or `latest` for the newest one.
                 * @example 1795264496789000
                 */
                version: components["parameters"]["SkillVersion"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files of the version as a zip archive. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description `attachment; filename="<directory>-<version>.zip"`.
                     * @example attachment; filename="release-notes-1795264496789000.zip"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listVaults: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of vaults. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                     *           "type": "vault",
                     *           "display_name": "Production MCP servers",
                     *           "metadata": {},
                     *           "credentials": [],
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                     *       "last_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["VaultList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createVault: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Production MCP servers",
                 *       "metadata": {
                 *         "team": "platform"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateVaultRequest"];
            };
        };
        responses: {
            /** @description The new vault, with `credentials` empty and `archived_at` null. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getVault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateVault: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Staging MCP servers",
                 *       "metadata": {
                 *         "team": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateVaultRequest"];
            };
        };
        responses: {
            /** @description The updated vault. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteVault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedVault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveVault: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived vault. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listVaultCredentials: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of credentials. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *           "type": "vault_credential",
                     *           "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                     *           "display_name": "GitHub MCP",
                     *           "metadata": {},
                     *           "auth": {
                     *             "type": "static_bearer",
                     *             "mcp_server_url": "https://mcp.example.com/sse"
                     *           },
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:35:10.120Z",
                     *           "updated_at": "2026-11-21T12:35:10.120Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *       "last_id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["VaultCredentialList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createVaultCredential: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVaultCredentialRequest"];
            };
        };
        responses: {
            /** @description The new credential, without secrets. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getVaultCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateVaultCredential: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "auth": {
                 *         "type": "static_bearer",
                 *         "mcp_server_url": "https://mcp.example.com/sse",
                 *         "token": "ghp_rotatedtoken"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateVaultCredentialRequest"];
            };
        };
        responses: {
            /** @description The updated credential, without secrets. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteVaultCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedVaultCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveVaultCredential: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived credential. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    validateVaultCredential: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the vault (`vault_...`).
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                vault_id: components["parameters"]["VaultId"];
                /**
                 * @description The id of the credential (`vcred_...`).
                 * @example vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y
                 */
                credential_id: components["parameters"]["CredentialId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemoryStores: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of memory stores. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                     *           "type": "memory_store",
                     *           "name": "customer-notes",
                     *           "description": "What the support agent learned about each customer.",
                     *           "metadata": {},
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                     *       "last_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["MemoryStoreList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "customer-notes",
                 *       "description": "What the support agent learned about each customer.",
                 *       "metadata": {
                 *         "team": "support"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateMemoryStoreRequest"];
            };
        };
        responses: {
            /** @description The new memory store. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMemoryStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory store. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Customer facts, one file per customer.",
                 *       "metadata": {
                 *         "team": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMemoryStoreRequest"];
            };
        };
        responses: {
            /** @description The updated memory store. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMemoryStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory store was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedMemoryStore"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveMemoryStore: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived memory store. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemories: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only memories whose `path` starts with this text (case-sensitive), such as `notes/`; `/` may be sent unencoded.
                 * @example notes/
                 */
                path_prefix?: components["parameters"]["MemoryPathPrefix"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of memories. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4",
                     *           "type": "memory",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                     *           "path": "customers/acme.md",
                     *           "content_sha256": "6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4",
                     *           "size_bytes": 56,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4",
                     *       "last_id": "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["MemoryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMemory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "path": "customers/acme.md",
                 *       "content": "Acme prefers email over phone."
                 *     }
                 */
                "application/json": components["schemas"]["CreateMemoryRequest"];
            };
        };
        responses: {
            /** @description The new memory, with its content. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory (`mem_...`).
                 * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
                 */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Memory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMemory: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory (`mem_...`).
                 * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
                 */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "Acme prefers email over phone. Contract renews in March.",
                 *       "content_sha256": "6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMemoryRequest"];
            };
        };
        responses: {
            /** @description The updated memory. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteMemory: {
        parameters: {
            query?: {
                /**
                 * @description Delete only while the memory's current content has this SHA-256 (64 lowercase hex characters, the `content_sha256` you read); else 409 and nothing is deleted. Omit it to delete unconditionally.
                 * @example 3f0c5e8a0e2b7c1d4f6a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e
                 */
                expected_content_sha256?: components["parameters"]["ExpectedContentSha256"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory (`mem_...`).
                 * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
                 */
                memory_id: components["parameters"]["MemoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4",
                     *       "type": "memory_deleted"
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedMemory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMemoryVersions: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only the versions of this memory (`mem_...`), also after the memory was deleted.
                 * @example mem_01JD3QM7P2R5T8W0Y3B6E9H1K4
                 */
                memory_id?: components["parameters"]["MemoryIdFilter"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of memory versions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B",
                     *           "type": "memory_version",
                     *           "memory_id": "mem_01JD3QM7P2R5T8W0Y3B6E9H1K4",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                     *           "path": "customers/acme.md",
                     *           "operation": "created",
                     *           "content_sha256": "6f1ed002ab5595859014ebf0951522d9e4f6c2b3c6b8b3c6f4e0d9a5c1b2a3d4",
                     *           "size_bytes": 30,
                     *           "author": {
                     *             "type": "api_token",
                     *             "id": "tok_01JD3Q1A2B3C4D5E6F7G8H9J0K"
                     *           },
                     *           "redacted_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B",
                     *       "last_id": "memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["MemoryVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMemoryVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory version (`memver_...`).
                 * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
                 */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The memory version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    redactMemoryVersion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the memory store (`memstore_...`).
                 * @example memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1
                 */
                memory_store_id: components["parameters"]["MemoryStoreId"];
                /**
                 * @description The id of the memory version (`memver_...`).
                 * @example memver_01JD3QMA4C7F0J3M6Q9T2W5Z8B
                 */
                memory_version_id: components["parameters"]["MemoryVersionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The redacted version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDreams: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
                /**
                 * @description Only dreams in one of these statuses. Repeat the parameter with brackets: `statuses[]=pending&statuses[]=running`.
                 * @example [
                 *       "running"
                 *     ]
                 */
                statuses?: components["parameters"]["DreamStatuses"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of dreams. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *           "type": "dream",
                     *           "status": "pending",
                     *           "inputs": [
                     *             {
                     *               "type": "memory_store",
                     *               "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                     *             },
                     *             {
                     *               "type": "sessions",
                     *               "session_ids": [
                     *                 "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                     *               ]
                     *             }
                     *           ],
                     *           "instructions": "Keep one file per customer; drop what later sessions contradict.",
                     *           "model": {
                     *             "id": "claude-sonnet-4-5",
                     *             "speed": "standard"
                     *           },
                     *           "output_behavior": {
                     *             "type": "create_new"
                     *           },
                     *           "outputs": [],
                     *           "session_id": null,
                     *           "error": null,
                     *           "usage": {
                     *             "input_tokens": 0,
                     *             "output_tokens": 0,
                     *             "cache_read_input_tokens": 0,
                     *             "cache_creation_input_tokens": 0
                     *           },
                     *           "archived_at": null,
                     *           "created_at": "2026-12-02T09:00:00.000Z",
                     *           "ended_at": null
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "last_id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["DreamList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDream: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "type": "memory_store",
                 *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                 *         },
                 *         {
                 *           "type": "sessions",
                 *           "session_ids": [
                 *             "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                 *           ]
                 *         }
                 *       ],
                 *       "model": "claude-sonnet-4-5",
                 *       "instructions": "Keep one file per customer; drop what later sessions contradict."
                 *     }
                 */
                "application/json": components["schemas"]["CreateDreamRequest"];
            };
        };
        responses: {
            /** @description The dream, `pending`. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "type": "dream",
                     *       "status": "pending",
                     *       "inputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                     *         },
                     *         {
                     *           "type": "sessions",
                     *           "session_ids": [
                     *             "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                     *           ]
                     *         }
                     *       ],
                     *       "instructions": "Keep one file per customer; drop what later sessions contradict.",
                     *       "model": {
                     *         "id": "claude-sonnet-4-5",
                     *         "speed": "standard"
                     *       },
                     *       "output_behavior": {
                     *         "type": "create_new"
                     *       },
                     *       "outputs": [],
                     *       "session_id": null,
                     *       "error": null,
                     *       "usage": {
                     *         "input_tokens": 0,
                     *         "output_tokens": 0,
                     *         "cache_read_input_tokens": 0,
                     *         "cache_creation_input_tokens": 0
                     *       },
                     *       "archived_at": null,
                     *       "created_at": "2026-12-02T09:00:00.000Z",
                     *       "ended_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "type": "dream",
                     *       "status": "completed",
                     *       "inputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                     *         },
                     *         {
                     *           "type": "sessions",
                     *           "session_ids": [
                     *             "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                     *           ]
                     *         }
                     *       ],
                     *       "instructions": null,
                     *       "model": {
                     *         "id": "claude-sonnet-4-5",
                     *         "speed": "standard"
                     *       },
                     *       "output_behavior": {
                     *         "type": "create_new"
                     *       },
                     *       "outputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3R2B6D8F0H2K4N6Q8S0U2W"
                     *         }
                     *       ],
                     *       "session_id": "sess_01JD3R2C7E9G1J3M5P7R9T1V3X",
                     *       "error": null,
                     *       "usage": {
                     *         "input_tokens": 5120,
                     *         "output_tokens": 830,
                     *         "cache_read_input_tokens": 0,
                     *         "cache_creation_input_tokens": 0
                     *       },
                     *       "archived_at": null,
                     *       "created_at": "2026-12-02T09:00:00.000Z",
                     *       "ended_at": "2026-12-02T09:00:41.200Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveDream: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "type": "dream",
                     *       "status": "canceled",
                     *       "inputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                     *         },
                     *         {
                     *           "type": "sessions",
                     *           "session_ids": [
                     *             "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                     *           ]
                     *         }
                     *       ],
                     *       "instructions": null,
                     *       "model": {
                     *         "id": "claude-sonnet-4-5",
                     *         "speed": "standard"
                     *       },
                     *       "output_behavior": {
                     *         "type": "create_new"
                     *       },
                     *       "outputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3R2B6D8F0H2K4N6Q8S0U2W"
                     *         }
                     *       ],
                     *       "session_id": "sess_01JD3R2C7E9G1J3M5P7R9T1V3X",
                     *       "error": null,
                     *       "usage": {
                     *         "input_tokens": 2048,
                     *         "output_tokens": 120,
                     *         "cache_read_input_tokens": 0,
                     *         "cache_creation_input_tokens": 0
                     *       },
                     *       "archived_at": "2026-12-02T09:05:00.000Z",
                     *       "created_at": "2026-12-02T09:00:00.000Z",
                     *       "ended_at": "2026-12-02T09:00:12.400Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelDream: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the dream (`drm_...`).
                 * @example drm_01JD3R2A5C7E9G1J3M5P7R9T1V
                 */
                dream_id: components["parameters"]["DreamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dream. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "drm_01JD3R2A5C7E9G1J3M5P7R9T1V",
                     *       "type": "dream",
                     *       "status": "canceled",
                     *       "inputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1"
                     *         },
                     *         {
                     *           "type": "sessions",
                     *           "session_ids": [
                     *             "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                     *           ]
                     *         }
                     *       ],
                     *       "instructions": null,
                     *       "model": {
                     *         "id": "claude-sonnet-4-5",
                     *         "speed": "standard"
                     *       },
                     *       "output_behavior": {
                     *         "type": "create_new"
                     *       },
                     *       "outputs": [
                     *         {
                     *           "type": "memory_store",
                     *           "memory_store_id": "memstore_01JD3R2B6D8F0H2K4N6Q8S0U2W"
                     *         }
                     *       ],
                     *       "session_id": "sess_01JD3R2C7E9G1J3M5P7R9T1V3X",
                     *       "error": null,
                     *       "usage": {
                     *         "input_tokens": 2048,
                     *         "output_tokens": 120,
                     *         "cache_read_input_tokens": 0,
                     *         "cache_creation_input_tokens": 0
                     *       },
                     *       "archived_at": null,
                     *       "created_at": "2026-12-02T09:00:00.000Z",
                     *       "ended_at": "2026-12-02T09:00:12.400Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Dream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of agents. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *           "type": "agent",
                     *           "name": "Support triage",
                     *           "model": "echo",
                     *           "system": null,
                     *           "description": null,
                     *           "tools": [],
                     *           "mcp_servers": [],
                     *           "skills": [],
                     *           "multiagent": null,
                     *           "metadata": {},
                     *           "version": 1,
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *       "last_id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAgent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentRequest"];
            };
        };
        responses: {
            /** @description The new agent, at version 1. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAgent: {
        parameters: {
            query?: {
                /**
                 * @description Return the agent as it was at this version (default the latest). An unknown version answers 404.
                 * @example 1
                 */
                version?: components["parameters"]["AgentVersion"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": 1,
                 *       "name": "Support triage (EU)"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateAgentRequest"];
            };
        };
        responses: {
            /** @description The agent at its (possibly new) latest version. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedAgent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAgentVersions: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response (a version number). Same meaning as `after_version`. At most one of `page`, `after_version` and `before_version` may be given.
                 * @example 3
                 */
                page?: components["parameters"]["AgentVersionPage"];
                /**
                 * @description Return the versions after this one in list order (older ones). At most one of `page`, `after_version` and `before_version` may be given.
                 * @example 3
                 */
                after_version?: components["parameters"]["AfterVersion"];
                /**
                 * @description Return the versions just before this one in list order (newer ones), still in list order. At most one of `page`, `after_version` and `before_version` may be given.
                 * @example 5
                 */
                before_version?: components["parameters"]["BeforeVersion"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *           "type": "agent",
                     *           "name": "Support triage (EU)",
                     *           "model": "echo",
                     *           "system": null,
                     *           "description": null,
                     *           "tools": [],
                     *           "mcp_servers": [],
                     *           "skills": [],
                     *           "multiagent": null,
                     *           "metadata": {},
                     *           "version": 2,
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:40:00.000Z"
                     *         },
                     *         {
                     *           "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *           "type": "agent",
                     *           "name": "Support triage",
                     *           "model": "echo",
                     *           "system": null,
                     *           "description": null,
                     *           "tools": [],
                     *           "mcp_servers": [],
                     *           "skills": [],
                     *           "multiagent": null,
                     *           "metadata": {},
                     *           "version": 1,
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_version": 2,
                     *       "last_version": 1,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["AgentVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveAgent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived agent. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEnvironments: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of environments. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                     *           "type": "environment",
                     *           "name": "Production sandbox",
                     *           "description": null,
                     *           "config": {
                     *             "type": "cloud",
                     *             "networking": {
                     *               "type": "unrestricted"
                     *             }
                     *           },
                     *           "metadata": {},
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                     *       "last_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["EnvironmentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Production sandbox",
                 *       "description": "Locked-down sandbox for customer-facing agents.",
                 *       "config": {
                 *         "type": "cloud",
                 *         "networking": {
                 *           "type": "limited",
                 *           "allowed_hosts": [
                 *             "api.github.com"
                 *           ]
                 *         }
                 *       },
                 *       "metadata": {
                 *         "team": "platform"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateEnvironmentRequest"];
            };
        };
        responses: {
            /** @description The new environment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The environment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Staging sandbox",
                 *       "config": {
                 *         "type": "cloud",
                 *         "networking": {
                 *           "type": "unrestricted"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateEnvironmentRequest"];
            };
        };
        responses: {
            /** @description The updated environment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The environment was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedEnvironment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveEnvironment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived environment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEnvironmentKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvironmentKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createEnvironmentKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "build-farm-1"
                 *     }
                 */
                "application/json": components["schemas"]["CreateEnvironmentKeyRequest"];
            };
        };
        responses: {
            /** @description The key, with its secret. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedEnvironmentKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeEnvironmentKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the environment key (`envkey_...`).
                 * @example envkey_01JD3QC2D4F6H8J0K2M4N6P8Q0
                 */
                key_id: components["parameters"]["EnvironmentKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvironmentKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWork: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of work items. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pollWork: {
        parameters: {
            query?: {
                /**
                 * @description How long to wait for an item before answering 204, 1 to 999 milliseconds; without it the poll does not wait.
                 * @example 999
                 */
                block_ms?: components["parameters"]["BlockMs"];
                /**
                 * @description An item a poll handed out but nobody acknowledged is offered again after this many milliseconds (default 5000).
                 * @example 5000
                 */
                reclaim_older_than_ms?: components["parameters"]["ReclaimOlderThanMs"];
            };
            header?: {
                /**
                 * @description The polling worker's id, counted in the queue's `workers_polling` (its first 128 characters are kept).
                 * @example build-farm-1-6f1c
                 */
                "Anthropic-Worker-ID"?: components["parameters"]["WorkerIdHeader"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item handed out. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            /** @description No work. */
            204: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWorkStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWork: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "metadata": {
                 *         "host": "build-farm-1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWorkRequest"];
            };
        };
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ackWork: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    heartbeatWork: {
        parameters: {
            query?: {
                /**
                 * @description The lease's wished time to live, 10 to 600 seconds (default 90).
                 * @example 90
                 */
                desired_ttl_seconds?: components["parameters"]["DesiredTtlSeconds"];
                /**
                 * @description The `last_heartbeat` the previous heartbeat answered, or `NO_HEARTBEAT` for the first: any other value than the stored one is 412 (another worker holds the lease, or it ran out). Not compared once the item is `stopping` or `stopped`, nor when omitted.
                 * @example NO_HEARTBEAT
                 */
                expected_last_heartbeat?: components["parameters"]["ExpectedLastHeartbeat"];
            };
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lease. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    releaseWork: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadWorkWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description The session has no workspace yet. */
            204: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadWorkWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        /** @description The archive's bytes. */
        requestBody: {
            content: {
                /** @example workspace.zip */
                "application/zip": unknown;
            };
        };
        responses: {
            /** @description What was saved. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "work_workspace",
                     *       "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "size_bytes": 2048,
                     *       "saved_at": "2026-12-02T05:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WorkWorkspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    stopWork: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the environment (`env_...`).
                 * @example env_01JD3Q5E8C1QK4ZB2N7V0G6H9X
                 */
                environment_id: components["parameters"]["EnvironmentId"];
                /**
                 * @description The id of the work item (`work_...`).
                 * @example work_01JD3QB7M2N8P4R6T0V2X4Z6A8
                 */
                work_id: components["parameters"]["WorkId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "force": true
                 *     }
                 */
                "application/json": components["schemas"]["StopWorkRequest"];
            };
        };
        responses: {
            /** @description The work item. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Work"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
                /**
                 * @description Only sessions in one of these statuses. Repeat the parameter with brackets: `statuses[]=idle&statuses[]=running`.
                 * @example [
                 *       "idle",
                 *       "running"
                 *     ]
                 */
                statuses?: components["parameters"]["SessionStatuses"];
                /**
                 * @description Only sessions of this agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id?: components["parameters"]["AgentIdFilter"];
                /**
                 * @description Only sessions that run this version of the agent named by `agent_id` (which it requires).
                 * @example 2
                 */
                agent_version?: components["parameters"]["AgentVersionFilter"];
                /**
                 * @description Only sessions started by runs of this deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id?: components["parameters"]["SessionDeploymentIdFilter"];
                /**
                 * @description Only sessions that have this memory store (`memstore_...`) attached.
                 * @example memstore_01JD3QB1C2D3E4F5G6H7J8K9M0
                 */
                memory_store_id?: components["parameters"]["MemoryStoreIdFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sessions. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "type": "session",
                     *           "title": "Ticket 4711",
                     *           "agent": {
                     *             "type": "agent",
                     *             "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *             "version": 1
                     *           },
                     *           "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                     *           "status": "idle",
                     *           "metadata": {},
                     *           "vault_ids": [],
                     *           "environment_variables": {},
                     *           "usage": {
                     *             "input_tokens": 1200,
                     *             "output_tokens": 310,
                     *             "cache_read_input_tokens": 0,
                     *             "cache_creation_input_tokens": 0
                     *           },
                     *           "list_cost": {
                     *             "amount": "0",
                     *             "currency": "USD"
                     *           },
                     *           "server_tool_use": {
                     *             "web_search_requests": 0,
                     *             "web_fetch_requests": 0
                     *           },
                     *           "stats": {
                     *             "turns": 1,
                     *             "tool_calls": 0,
                     *             "active_seconds": 2.5
                     *           },
                     *           "budget": null,
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "last_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "agent": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                 *       "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                 *       "title": "Ticket 4711",
                 *       "metadata": {
                 *         "ticket": "4711"
                 *       },
                 *       "environment_variables": {
                 *         "LOG_FORMAT": "json",
                 *         "TZ": "Europe/Berlin"
                 *       },
                 *       "initial_events": [
                 *         {
                 *           "type": "user.message",
                 *           "content": [
                 *             {
                 *               "type": "text",
                 *               "text": "Hello"
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateSessionRequest"];
            };
        };
        responses: {
            /** @description The new session, `idle`. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Ticket 4711 (escalated)",
                 *       "metadata": {
                 *         "priority": "high"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSessionRequest"];
            };
        };
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessionFiles: {
        parameters: {
            query?: {
                /**
                 * @description A folder of the session's workspace (default its root), relative or under `/workspace`.
                 * @example reports
                 */
                path?: components["parameters"]["SessionFolderPath"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder's entries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "path": "data",
                     *           "type": "directory",
                     *           "size_bytes": 0,
                     *           "modified_at": "2026-11-27T03:00:00.000Z"
                     *         },
                     *         {
                     *           "path": "report.md",
                     *           "type": "file",
                     *           "size_bytes": 2048,
                     *           "modified_at": "2026-11-27T03:01:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SessionFileList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionFileContent: {
        parameters: {
            query: {
                /**
                 * @description A path in the session's workspace: relative (`reports/out.csv`) or under `/workspace`, at most 4,096 characters with each name at most 255 bytes of UTF-8. A path leaving the workspace (through `..` or a symbolic link the session made) or a name over 255 bytes is refused (400 naming `path`).
                 * @example reports/out.csv
                 */
                path: components["parameters"]["SessionFilePath"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description `attachment; filename="<name>"`.
                     * @example attachment; filename="out.csv"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSessionFile: {
        parameters: {
            query: {
                /**
                 * @description A path in the session's workspace: relative (`reports/out.csv`) or under `/workspace`, at most 4,096 characters with each name at most 255 bytes of UTF-8. A path leaving the workspace (through `..` or a symbolic link the session made) or a name over 255 bytes is refused (400 naming `path`).
                 * @example reports/out.csv
                 */
                path: components["parameters"]["SessionFilePath"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /** @description The file's bytes. */
        requestBody: {
            content: {
                /** @example a,b */
                "application/octet-stream": unknown;
            };
        };
        responses: {
            /** @description The file as listed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "path": "data/in.csv",
                     *       "type": "file",
                     *       "size_bytes": 3,
                     *       "modified_at": "2026-11-27T03:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived session. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessionResources: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of resources. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "next_page": null,
                     *       "first_id": null,
                     *       "last_id": null,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["SessionResourceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "file",
                 *       "file_id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *       "mount_path": "/workspace/data/in.csv"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSessionResourceRequest"];
            };
        };
        responses: {
            /** @description The added resource. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "file",
                     *       "file_id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "mount_path": "/workspace/data/in.csv",
                     *       "created_at": "2026-11-21T12:34:56.789Z",
                     *       "updated_at": "2026-11-21T12:34:56.789Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionResource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session resource (`sres_...`).
                 * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                resource_id: components["parameters"]["SessionResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resource. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "file",
                     *       "file_id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "mount_path": "/workspace/data/in.csv",
                     *       "created_at": "2026-11-21T12:34:56.789Z",
                     *       "updated_at": "2026-11-21T12:34:56.789Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSessionResource: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session resource (`sres_...`).
                 * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                resource_id: components["parameters"]["SessionResourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "authorization_token": "ghp_rotatedtoken"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSessionResourceRequest"];
            };
        };
        responses: {
            /** @description The resource. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "github_repository",
                     *       "url": "https://github.com/example/app.git",
                     *       "checkout": {
                     *         "type": "branch",
                     *         "name": "main"
                     *       },
                     *       "mount_path": "/workspace/app",
                     *       "created_at": "2026-11-21T12:34:56.789Z",
                     *       "updated_at": "2026-11-21T12:40:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSessionResource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session resource (`sres_...`).
                 * @example sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                resource_id: components["parameters"]["SessionResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is removed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sres_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "session_resource_deleted"
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedSessionResource"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFiles: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only the files of this scope: a session id (`sess_...`) lists the outputs that session left under `/mnt/session/outputs/`.
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                scope_id?: components["parameters"]["FileScopeId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of files. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "next_page": null,
                     *       "first_id": null,
                     *       "last_id": null,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["FileList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file": "a,b"
                 *     }
                 */
                "multipart/form-data": components["schemas"]["UploadFileRequest"];
            };
        };
        responses: {
            /** @description The stored file. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "file",
                     *       "filename": "data.csv",
                     *       "mime_type": "text/csv",
                     *       "size_bytes": 3,
                     *       "downloadable": true,
                     *       "scope": null,
                     *       "created_at": "2026-11-21T12:34:56.789Z",
                     *       "expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["File"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the file (`file_...`).
                 * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "file",
                     *       "filename": "data.csv",
                     *       "mime_type": "text/csv",
                     *       "size_bytes": 3,
                     *       "downloadable": true,
                     *       "scope": null,
                     *       "created_at": "2026-11-21T12:34:56.789Z",
                     *       "expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["File"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the file (`file_...`).
                 * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "file_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *       "type": "file_deleted"
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the file (`file_...`).
                 * @example file_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                file_id: components["parameters"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    /**
                     * @description `attachment; filename="<name>"`.
                     * @example attachment; filename="data.csv"
                     */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessionEvents: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, oldest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendSessionEvents: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendSessionEventsRequest"];
            };
        };
        responses: {
            /** @description The events are stored; the run they start proceeds in the background. */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *           "type": "user.message",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": null,
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Hello"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SendSessionEventsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessionThreads: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of threads. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "type": "session_thread",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "agent": {
                     *             "type": "agent",
                     *             "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *             "version": 1
                     *           },
                     *           "status": "idle",
                     *           "archived_at": null,
                     *           "usage": {
                     *             "input_tokens": 800,
                     *             "output_tokens": 120,
                     *             "cache_read_input_tokens": 0,
                     *             "cache_creation_input_tokens": 0
                     *           },
                     *           "stats": {
                     *             "turns": 1,
                     *             "tool_calls": 2,
                     *             "active_seconds": 1.25
                     *           },
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:57.123Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *       "last_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["SessionThreadList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSessionThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionThread"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveSessionThread: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived thread. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionThread"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSessionThreadEvents: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, oldest first. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K4",
                     *           "type": "session.thread_created",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "created_at": "2026-11-21T12:34:56.801Z"
                     *         },
                     *         {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K5",
                     *           "type": "agent.message",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Echo: Hello"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T12:34:56.805Z"
                     *         },
                     *         {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K6",
                     *           "type": "session.thread_idled",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "created_at": "2026-11-21T12:34:56.805Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K4",
                     *       "last_id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K6",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["SessionEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamSessionEvents: {
        parameters: {
            query?: {
                /**
                 * @description Resume after this event of the session (`sevt_...`): only the events committed after it are sent, history and live, with no gap and no repeat. Without it the stream starts with the first event. An id that is not an event of this session answers `400`.
                 * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
                 */
                after_id?: components["parameters"]["SessionEventStreamAfterId"];
                /**
                 * @description Only events of these types (the stream's resume point still moves past the others). Repeat the parameter with brackets: `types[]=agent.message&types[]=session.status_idled`.
                 * @example [
                 *       "agent.message",
                 *       "session.status_idled"
                 *     ]
                 */
                types?: components["parameters"]["SessionEventTypes"];
                /**
                 * @description Live deltas of these event types while they are produced: `event_deltas[]=agent.message` adds an `event_start` message when the model starts streaming text and an `event_delta` message with each piece of it. Deltas are never stored and never replayed (a reconnection with `Last-Event-ID` resumes the stored events only); the stored `agent.message` follows as usual, and its text is the text of the deltas after the last `event_start` before it (a request the server retries after a provider error streams its text again, after a new `event_start`). With several servers on one PostgreSQL database, deltas reach the streams open on the server that runs the turn.
                 * @example [
                 *       "agent.message"
                 *     ]
                 */
                event_deltas?: components["parameters"]["SessionEventDeltas"];
            };
            header?: {
                /**
                 * @description Resume after this event: the id of the last message received (the `id:` line). Browsers' `EventSource` and the SDK send it when they reconnect. It takes precedence over `after_id`. An id that is malformed, or that is not an event of this stream, answers `400` naming `Last-Event-ID`.
                 * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
                 */
                "Last-Event-ID"?: components["parameters"]["LastEventId"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of the session's events, history first, then live. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *         "event": "user.message",
                     *         "data": {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *           "type": "user.message",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": null,
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Hello"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       },
                     *       {
                     *         "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K2",
                     *         "event": "agent.message",
                     *         "data": {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K2",
                     *           "type": "agent.message",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": null,
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Echo: Hello"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T12:34:56.812Z"
                     *         }
                     *       },
                     *       {
                     *         "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K3",
                     *         "event": "session.status_idled",
                     *         "data": {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K3",
                     *           "type": "session.status_idled",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": null,
                     *           "created_at": "2026-11-21T12:34:56.812Z"
                     *         }
                     *       }
                     *     ]
                     */
                    "text/event-stream": components["schemas"]["SessionEventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyStreams"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamSessionThreadEvents: {
        parameters: {
            query?: {
                /**
                 * @description Resume after this event of the session (`sevt_...`): only the events committed after it are sent, history and live, with no gap and no repeat. Without it the stream starts with the first event. An id that is not an event of this session answers `400`.
                 * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
                 */
                after_id?: components["parameters"]["SessionEventStreamAfterId"];
                /**
                 * @description Only events of these types (the stream's resume point still moves past the others). Repeat the parameter with brackets: `types[]=agent.message&types[]=session.status_idled`.
                 * @example [
                 *       "agent.message",
                 *       "session.status_idled"
                 *     ]
                 */
                types?: components["parameters"]["SessionEventTypes"];
            };
            header?: {
                /**
                 * @description Resume after this event: the id of the last message received (the `id:` line). Browsers' `EventSource` and the SDK send it when they reconnect. It takes precedence over `after_id`. An id that is malformed, or that is not an event of this stream, answers `400` naming `Last-Event-ID`.
                 * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
                 */
                "Last-Event-ID"?: components["parameters"]["LastEventId"];
            };
            path: {
                /**
                 * @description The id of the session (`sess_...`).
                 * @example sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y
                 */
                session_id: components["parameters"]["SessionId"];
                /**
                 * @description The id of the session thread (`sthr_...`).
                 * @example sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z
                 */
                thread_id: components["parameters"]["ThreadId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of the thread's events, history first, then live. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K4",
                     *         "event": "session.thread_created",
                     *         "data": {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K4",
                     *           "type": "session.thread_created",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "created_at": "2026-11-21T12:34:56.801Z"
                     *         }
                     *       },
                     *       {
                     *         "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K5",
                     *         "event": "agent.message",
                     *         "data": {
                     *           "id": "sevt_01JD3QA1B2C3D4E5F6G7H8J9K5",
                     *           "type": "agent.message",
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z",
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Echo: Hello"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-21T12:34:56.805Z"
                     *         }
                     *       }
                     *     ]
                     */
                    "text/event-stream": components["schemas"]["SessionEventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyStreams"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description Resume after this event envelope of the account (`evt_...`): every event committed after it is sent first, then the stream goes on live. Without it the stream starts with the events committed from now on. Events are kept for `RETENTION_DAYS`: an id that is not (or no longer) an event of this account answers `400`.
                 * @example evt_01JD3QB2C3D4E5F6G7H8J9K0M1
                 */
                after_id?: components["parameters"]["EventStreamAfterId"];
                /**
                 * @description Only events of these kinds. Repeat the parameter with brackets: `types[]=session.status_idled&types[]=deployment_run.failed`.
                 * @example [
                 *       "session.status_idled",
                 *       "deployment_run.failed"
                 *     ]
                 */
                types?: components["parameters"]["EventTypes"];
            };
            header?: {
                /**
                 * @description Resume after this event: the id of the last message received (the `id:` line). Browsers' `EventSource` and the SDK send it when they reconnect. It takes precedence over `after_id`. An id that is malformed, or that is not an event of this stream, answers `400` naming `Last-Event-ID`.
                 * @example sevt_01JD3QA1B2C3D4E5F6G7H8J9K2
                 */
                "Last-Event-ID"?: components["parameters"]["LastEventId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of the account's event envelopes, as they are committed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "evt_01JD3QB2C3D4E5F6G7H8J9K0M1",
                     *         "event": "session.status_idled",
                     *         "data": {
                     *           "id": "evt_01JD3QB2C3D4E5F6G7H8J9K0M1",
                     *           "created_at": "2026-11-21T12:34:56.812Z",
                     *           "type": "event",
                     *           "data": {
                     *             "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *             "type": "session.status_idled",
                     *             "stop_reason": {
                     *               "type": "end_turn"
                     *             }
                     *           }
                     *         }
                     *       }
                     *     ]
                     */
                    "text/event-stream": components["schemas"]["EventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyStreams"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDeployments: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Include archived records in the list.
                 * @example false
                 */
                include_archived?: components["parameters"]["IncludeArchived"];
                /**
                 * @description Only deployments of this agent (`agent_...`).
                 * @example agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K
                 */
                agent_id?: components["parameters"]["DeploymentAgentIdFilter"];
                /**
                 * @description Only deployments in this status.
                 * @example paused
                 */
                status?: components["parameters"]["DeploymentStatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deployments. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *           "type": "deployment",
                     *           "name": "nightly-triage",
                     *           "description": null,
                     *           "agent": {
                     *             "type": "agent",
                     *             "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *             "version": 2
                     *           },
                     *           "environment_id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                     *           "initial_events": [
                     *             {
                     *               "type": "user.message",
                     *               "content": [
                     *                 {
                     *                   "type": "text",
                     *                   "text": "Triage the issues opened since yesterday."
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "schedule": {
                     *             "type": "cron",
                     *             "expression": "30 1 * * *",
                     *             "timezone": "UTC",
                     *             "upcoming_runs_at": [
                     *               "2026-11-24T01:30:00.000Z",
                     *               "2026-11-25T01:30:00.000Z"
                     *             ],
                     *             "last_run_at": "2026-11-23T01:30:00.000Z"
                     *           },
                     *           "environment_variables": "",
                     *           "resources": [],
                     *           "vault_ids": [],
                     *           "metadata": {},
                     *           "overlap_policy": "skip",
                     *           "catchup_window_seconds": 3600,
                     *           "budget": null,
                     *           "status": "active",
                     *           "paused_reason": null,
                     *           "archived_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *       "last_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["DeploymentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeploymentRequest"];
            };
        };
        responses: {
            /** @description The new deployment, `active`. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeployment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schedule": {
                 *         "type": "cron",
                 *         "expression": "0 8 * * 1-5",
                 *         "timezone": "Europe/Berlin"
                 *       },
                 *       "metadata": {
                 *         "owner": "alice"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDeploymentRequest"];
            };
        };
        responses: {
            /** @description The updated deployment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteDeployment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedDeployment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pauseDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paused deployment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unpauseDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active deployment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived deployment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    runDeployment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id: components["parameters"]["DeploymentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run, `running` with its `session_id` or `failed` with its `error`. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
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
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDeploymentRuns: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only runs of this deployment (`dep_...`).
                 * @example dep_01JD3QA1B2C3D4E5F6G7H8J9K0
                 */
                deployment_id?: components["parameters"]["DeploymentIdFilter"];
                /**
                 * @description Only runs started this way.
                 * @example manual
                 */
                trigger_type?: components["parameters"]["DeploymentRunTriggerTypeFilter"];
                /**
                 * @description Only runs in this status.
                 * @example failed
                 */
                status?: components["parameters"]["DeploymentRunStatusFilter"];
                /**
                 * @description `true`: only runs with an error; `false`: only runs without one.
                 * @example true
                 */
                has_error?: components["parameters"]["DeploymentRunHasErrorFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                     *           "type": "deployment_run",
                     *           "deployment_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                     *           "agent": {
                     *             "type": "agent",
                     *             "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                     *             "version": 3
                     *           },
                     *           "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                     *           "status": "succeeded",
                     *           "error": null,
                     *           "trigger_context": {
                     *             "type": "schedule",
                     *             "scheduled_at": "2026-11-23T08:00:00.000Z"
                     *           },
                     *           "created_at": "2026-11-23T08:00:00.012Z",
                     *           "finished_at": "2026-11-23T08:00:01.337Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                     *       "last_id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["DeploymentRunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeploymentRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the deployment run (`drun_...`).
                 * @example drun_01JD3QB2C3D4E5F6G7H8J9K0M1
                 */
                deployment_run_id: components["parameters"]["DeploymentRunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /**
                 * @description How many endpoints to return, from 1 to 100. The default, 100, is also the most endpoints an account can have, so a request without parameters returns all of them.
                 * @example 100
                 */
                limit?: components["parameters"]["WebhookEndpointLimit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhook endpoints. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                     *           "type": "webhook_endpoint",
                     *           "url": "https://hooks.example.com/cloud-agents",
                     *           "events": [
                     *             "*"
                     *           ],
                     *           "description": null,
                     *           "metadata": {},
                     *           "signing_scheme": "webhook_signature",
                     *           "surface": "cloud",
                     *           "name": null,
                     *           "previous_secret_expires_at": null,
                     *           "active": true,
                     *           "disabled_reason": null,
                     *           "consecutive_fail": 0,
                     *           "degraded": false,
                     *           "last_success_at": "2026-11-21T12:40:01.152Z",
                     *           "last_failure_at": null,
                     *           "created_at": "2026-11-21T12:34:56.789Z",
                     *           "updated_at": "2026-11-21T12:34:56.789Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                     *       "last_id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/cloud-agents",
                 *       "events": [
                 *         "session.status_idled",
                 *         "session.archived"
                 *       ],
                 *       "description": "Notify the ops channel when a session goes idle.",
                 *       "metadata": {
                 *         "team": "platform"
                 *       },
                 *       "signing_scheme": "webhook_signature"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The new endpoint, with its `signing_secret` (shown only in this response). */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/cloud-agents",
                 *       "events": [
                 *         "session.status_idled",
                 *         "session.archived"
                 *       ],
                 *       "description": "Notify the ops channel when a session goes idle.",
                 *       "metadata": {
                 *         "team": "platform"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The full updated endpoint. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. */
            204: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event was queued. */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "event_id": "evt_01JD3R2A5B6C7D8E9F0G1H2J3K",
                     *       "webhook_event_id": "whev_01JD3R2A5C0QW4E7R9T2Y5V8M1"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with `active` true. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with `active` false. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "previous_secret_expires_in": 86400
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The endpoint with its new `signing_secret` (shown only in this response). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recoverWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the webhook endpoint (`wep_...`).
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id: components["parameters"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-21T00:00:00.000Z",
                 *       "until": "2026-11-22T00:00:00.000Z"
                 *     }
                 */
                "application/json": components["schemas"]["RecoverWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The dead records in the window were queued again. */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "requeued": 42
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecoverResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEvents: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, from 1 to 100.
                 * @example 20
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description A forward cursor: the `next_page` of the previous response. Same meaning as `after_id`. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Return the records after this id, in list order. At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                after_id?: components["parameters"]["AfterId"];
                /**
                 * @description Return the records just before this id, in list order (still returned in list order). At most one of `page`, `after_id` and `before_id` may be given.
                 * @example vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
                 */
                before_id?: components["parameters"]["BeforeId"];
                /**
                 * @description Only the records of this endpoint (`wep_...`, also one since deleted). A malformed id answers 400.
                 * @example wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D
                 */
                endpoint_id?: components["parameters"]["WebhookEventEndpointFilter"];
                /**
                 * @description Only the records in this delivery status; `dead` lists the dead-letter queue.
                 * @example dead
                 */
                status?: components["parameters"]["WebhookEventStatusFilter"];
                /**
                 * @description Only the records of events of this kind.
                 * @example session.status_idled
                 */
                event_type?: components["parameters"]["WebhookEventTypeFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of delivery records. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "whev_01JD3R2A5C0QW4E7R9T2Y5V8M1",
                     *           "type": "webhook_event",
                     *           "event_id": "evt_01JD3R2A5B6C7D8E9F0G1H2J3K",
                     *           "event_type": "session.status_idled",
                     *           "endpoint_id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                     *           "status": "succeeded",
                     *           "attempt_count": 1,
                     *           "next_attempt_at": null,
                     *           "last_attempt_at": "2026-11-21T12:40:01.130Z",
                     *           "delivered_at": "2026-11-21T12:40:01.152Z",
                     *           "last_response_status": 200,
                     *           "last_error": null,
                     *           "created_at": "2026-11-21T12:40:01.120Z",
                     *           "updated_at": "2026-11-21T12:40:01.152Z"
                     *         }
                     *       ],
                     *       "next_page": null,
                     *       "first_id": "whev_01JD3R2A5C0QW4E7R9T2Y5V8M1",
                     *       "last_id": "whev_01JD3R2A5C0QW4E7R9T2Y5V8M1",
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The id of the delivery record (`whev_...`).
                 * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
                 */
                webhook_event_id: components["parameters"]["WebhookEventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery record. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry of this request safe. Send a value unique to the logical request (a UUID), and the
                 *     same value on every retry of it: the first completed response (status and body) is kept for
                 *     24 hours per account and key, and a retry with the same key, path and body gets it again with
                 *     the header `Idempotent-Replayed: true`, without creating anything twice or emitting an event twice.
                 *     The same key with another path or body answers 422 `idempotency_error`; while the first request
                 *     with the key is still running, 409 `conflict_error`. Requests refused before they run
                 *     (authentication, validation) are not kept, so a corrected request may reuse the key.
                 *     1–255 printable ASCII characters. The TypeScript SDK sends one with every POST.
                 * @example 3f0c9b1e-7c2a-4d0b-9a55-1e6f2d8c4b71
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The id of the delivery record (`whev_...`).
                 * @example whev_01JD3R2A5C0QW4E7R9T2Y5V8M1
                 */
                webhook_event_id: components["parameters"]["WebhookEventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The re-queued record. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every event type. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "name": "session.status_idled",
                     *           "description": "A turn completed (or ended with an error event) and the session is `idle`; its latest output is safe to read.",
                     *           "schema": {
                     *             "$schema": "https://json-schema.org/draft/2020-12/schema",
                     *             "type": "object",
                     *             "required": [
                     *               "id",
                     *               "type"
                     *             ],
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "id": {
                     *                 "type": "string",
                     *                 "pattern": "^sess_[0-9A-HJKMNP-TV-Z]{26}$",
                     *                 "description": "The session id (`sess_...`)."
                     *               },
                     *               "type": {
                     *                 "type": "string",
                     *                 "const": "session.status_idled",
                     *                 "description": "Always `session.status_idled`."
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEventTypeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveSessionCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.created"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.updated"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionUpdatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.archived"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.deleted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionStatusRunStartedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.status_run_started"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionStatusRunStartedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionStatusIdledEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.status_idled",
                 *         "stop_reason": {
                 *           "type": "end_turn"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionStatusIdledEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionStatusRescheduledEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.status_rescheduled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionStatusRescheduledEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionStatusTerminatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.status_terminated"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionStatusTerminatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionThreadCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.thread_created",
                 *         "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionThreadCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionThreadIdledEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.thread_idled",
                 *         "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionThreadIdledEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSessionThreadTerminatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y",
                 *         "type": "session.thread_terminated",
                 *         "session_thread_id": "sthr_01JD3Q9C7F2J5K8N0Q3S6V9X1Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["SessionThreadTerminatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveAgentCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                 *         "type": "agent.created",
                 *         "version": 1
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["AgentCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveAgentUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                 *         "type": "agent.updated",
                 *         "version": 3
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["AgentUpdatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveAgentArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                 *         "type": "agent.archived",
                 *         "version": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["AgentArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveAgentDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "agent_01JD3Q6M2B7X9R4T8V0W5Y1Z3K",
                 *         "type": "agent.deleted",
                 *         "version": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["AgentDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.created"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.updated"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentUpdatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentPausedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.paused"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentPausedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentUnpausedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.unpaused"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentUnpausedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.archived"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "type": "deployment.deleted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentRunStartedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                 *         "type": "deployment_run.started",
                 *         "deployment_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentRunStartedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentRunSucceededEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                 *         "type": "deployment_run.succeeded",
                 *         "deployment_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "session_id": "sess_01JD3Q8B6E1H4K7M9P2R5T8W0Y"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentRunSucceededEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveDeploymentRunFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "drun_01JD3QB2C3D4E5F6G7H8J9K0M1",
                 *         "type": "deployment_run.failed",
                 *         "deployment_id": "dep_01JD3QA1B2C3D4E5F6G7H8J9K0",
                 *         "session_id": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["DeploymentRunFailedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveEnvironmentCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                 *         "type": "environment.created"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["EnvironmentCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveEnvironmentUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                 *         "type": "environment.updated"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["EnvironmentUpdatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveEnvironmentArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                 *         "type": "environment.archived"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["EnvironmentArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveEnvironmentDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "env_01JD3Q5E8C1QK4ZB2N7V0G6H9X",
                 *         "type": "environment.deleted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["EnvironmentDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                 *         "type": "vault.created"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                 *         "type": "vault.archived"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1",
                 *         "type": "vault.deleted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCredentialCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                 *         "type": "vault_credential.created",
                 *         "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCredentialCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCredentialUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                 *         "type": "vault_credential.updated",
                 *         "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCredentialUpdatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCredentialArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                 *         "type": "vault_credential.archived",
                 *         "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCredentialArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCredentialDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                 *         "type": "vault_credential.deleted",
                 *         "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCredentialDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveVaultCredentialRefreshFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "vcred_01JD3Q4B7T2M8X0P5R6S9V1W3Y",
                 *         "type": "vault_credential.refresh_failed",
                 *         "vault_id": "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["VaultCredentialRefreshFailedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveMemoryStoreCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                 *         "type": "memory_store.created"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["MemoryStoreCreatedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveMemoryStoreArchivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                 *         "type": "memory_store.archived"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["MemoryStoreArchivedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveMemoryStoreDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "memstore_01JD3QM3K8N0T5F4V8Y9W2K6M1",
                 *         "type": "memory_store.deleted"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["MemoryStoreDeletedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWebhookEndpointDegradedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                 *         "type": "webhook_endpoint.degraded",
                 *         "consecutive_fail": 21
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["WebhookEndpointDegradedEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWebhookEndpointRecoveredEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                 *         "type": "webhook_endpoint.recovered"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["WebhookEndpointRecoveredEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWebhookEndpointDisabledEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "wep_01JD3R0M3Q7Y2C5T8V1X4Z6B9D",
                 *         "type": "webhook_endpoint.disabled",
                 *         "consecutive_fail": 21,
                 *         "disabled_reason": {
                 *           "type": "gone"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["WebhookEndpointDisabledEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWebhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (the envelope's `id`), the same on every attempt to deliver it: the key to
                 *     deduplicate on, since delivery is at-least-once. With `signing_scheme: standard_webhooks` it is
                 *     also part of the signed content (`<webhook-id>.<webhook-timestamp>.<body>`).
                 * @example evt_01JD3QC3D4E5F6G7H8J9K0M1N2
                 */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /**
                 * @description The event's type (the envelope's `data.type`), so a receiver can route a delivery before parsing its body.
                 * @example agent.created
                 */
                "webhook-event-type": components["parameters"]["WebhookEventTypeHeader"];
                /**
                 * @description The HMAC-SHA256 signature(s) of the raw body, keyed with the endpoint's signing secret, in the
                 *     endpoint's `signing_scheme`:
                 *     - `webhook_signature` (the default): `t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">`.
                 *     - `standard_webhooks`: `v1,<base64 HMAC of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed
                 *       with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks format).
                 *
                 *     During a secret rotation there is one `v1` value per secret still valid, the new secret's
                 *     first (comma-separated for `webhook_signature`, space-separated for `standard_webhooks`); accept
                 *     the delivery when any of them verifies. Reject timestamps more than five minutes old (the SDK's
                 *     `verifyWebhook` does this).
                 */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /**
                 * @description Sent with `signing_scheme: standard_webhooks` only: the attempt's time in Unix seconds, part of
                 *     the signed content. (With `webhook_signature` the time is the `t=` of `webhook-signature`.)
                 * @example 1795264496
                 */
                "webhook-timestamp"?: components["parameters"]["WebhookTimestampHeader"];
                /**
                 * @description `CloudAgents-Webhook/<version>`, the version of the server that sent the delivery.
                 * @example CloudAgents-Webhook/0.1.0
                 */
                "user-agent": components["parameters"]["WebhookUserAgentHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3QC3D4E5F6G7H8J9K0M1N2",
                 *       "created_at": "2026-11-21T12:34:56.789Z",
                 *       "type": "event",
                 *       "data": {
                 *         "id": "wep_01JD3QB2C3D4E5F6G7H8J9K0M1",
                 *         "type": "webhook.test"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EventEnvelopeBase"] & {
                    data: components["schemas"]["WebhookTestEventData"];
                };
            };
        };
        responses: {
            /** @description The receiver acknowledges the event. Any 2xx counts as a success; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
