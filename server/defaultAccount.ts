/** The account the first token (or CLOUD_AGENTS_BOOTSTRAP_TOKEN) belongs to, and the CLI's default. */
export const DEFAULT_ACCOUNT = "default";
