/* DO NOT EDIT: generated from openapi/ by `npm run generate`. */

export interface paths {
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Custom string key-value pairs; at most 16 keys, keys up to 64 characters, values up to 512 characters.
         * @example {
         *       "team": "platform"
         *     }
         */
        Metadata: {
            [key: string]: string;
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
        /** @description Which hosts may receive the secret. `unrestricted` by default. */
        CredentialNetworking: {
            /**
             * @description `unrestricted`, or `limited` to the hosts in `allowed_hosts`.
             * @example limited
             * @enum {string}
             */
            type: "unrestricted" | "limited";
            /**
             * @description The host names that may receive the secret (with `limited`).
             * @example [
             *       "api.github.com"
             *     ]
             */
            allowed_hosts?: string[];
        };
        /** @description A secret injected into the agent's environment (the value is not shown). */
        EnvironmentVariableAuth: {
            /**
             * @description Always `environment_variable`.
             * @example environment_variable
             * @constant
             */
            type: "environment_variable";
            /**
             * @description The environment variable name. One active credential per name per vault.
             * @example GITHUB_TOKEN
             */
            secret_name: string;
            networking: components["schemas"]["CredentialNetworking"];
            /**
             * @description `environment` sets the variable; `file` writes the value to `/run/secrets/<secret_name>`.
             * @example environment
             * @enum {string}
             */
            injection_location: "environment" | "file";
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
        /**
         * @description The forward cursor: pass it as `page` to get the records that follow this page. Null when no record follows (forward paging) or the page is empty.
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
         * @description Whether more records exist in the direction of travel: after the page when paging forward, before it when paging with `before_id`.
         * @example false
         */
        HasMore: boolean;
        /** @description One page of vaults, newest first. */
        VaultList: {
            /** @description The vaults on this page. */
            data: components["schemas"]["Vault"][];
            next_page: components["schemas"]["NextPage"];
            first_id: components["schemas"]["FirstId"];
            last_id: components["schemas"]["LastId"];
            has_more: components["schemas"]["HasMore"];
        };
        /** @description What went wrong. */
        ErrorObject: {
            /**
             * @description A stable error type: `invalid_request_error` (400), `TOKEN_INVALID` (401), `permission_error` (403),
             *     `not_found_error` (404), `conflict_error` (409), `request_too_large` (413),
             *     `rate_limit_error` (429) or `api_error` (500).
             * @example invalid_request_error
             * @enum {string}
             */
            type: "invalid_request_error" | "TOKEN_INVALID" | "permission_error" | "not_found_error" | "conflict_error" | "request_too_large" | "rate_limit_error" | "api_error";
            /**
             * @description A readable explanation meant for the developer.
             * @example display_name: must NOT have more than 255 characters
             */
            message: string;
            /**
             * @description The request field, query parameter or header that caused the error, when there is one.
             * @example display_name
             */
            param?: string;
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
         * @description A metadata patch. A string value sets the key; `null` deletes it; keys not named keep their value.
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
             * @description Always `static_bearer`.
             * @example static_bearer
             * @constant
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
             * @description Always `mcp_oauth`.
             * @example mcp_oauth
             * @constant
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
        /** @description A secret injected into the agent's environment. */
        EnvironmentVariableAuthInput: {
            /**
             * @description Always `environment_variable`.
             * @example environment_variable
             * @constant
             */
            type: "environment_variable";
            /**
             * @description The environment variable name; letters, digits and underscores, not starting with a digit.
             * @example GITHUB_TOKEN
             */
            secret_name: string;
            /**
             * @description The secret value. Encrypted at rest; never returned.
             * @example ghp_exampletoken
             */
            secret_value: string;
            networking?: components["schemas"]["CredentialNetworking"];
            /**
             * @description `environment` (default) sets the variable; `file` writes the value to `/run/secrets/<secret_name>`.
             * @default environment
             * @example environment
             * @enum {string}
             */
            injection_location: "environment" | "file";
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
        /** @description A partial update of a credential. `auth` replaces the whole auth configuration (to rotate a secret). */
        UpdateVaultCredentialRequest: {
            auth?: components["schemas"]["CredentialAuthInput"];
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
        /** @description The request body exceeds the size limit (request_too_large). */
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
        /** @description The request conflicts with the current state of the resource (conflict_error). */
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
    };
    requestBodies: never;
    headers: {
        /**
         * @description The id of this request (`req_` + ULID); also in the error envelope as `request_id`.
         * @example req_01JD3Q3ZC8N0T5F4V8Y9W2K6M1
         */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
            500: components["responses"]["InternalError"];
        };
    };
    createVault: {
        parameters: {
            query?: never;
            header?: never;
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
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    updateVault: {
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    archiveVault: {
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    createVaultCredential: {
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    updateVaultCredential: {
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
        };
    };
    archiveVaultCredential: {
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
            500: components["responses"]["InternalError"];
        };
    };
}
