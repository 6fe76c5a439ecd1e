-- Archived session threads (client.beta.sessions.threads.archive): an archived thread stays readable
-- with its history, and its sub-agent is not run again.
ALTER TABLE session_threads ADD COLUMN archived_at text COLLATE "C";

-- A session's overrides of its agent's configuration (agent_with_overrides at create; tools and
-- mcp_servers updated while idle): JSON of {model?, system?, tools?, mcp_servers?, skills?}, applied
-- over the pinned agent version at every turn; NULL when the session runs the version as it is.
ALTER TABLE sessions ADD COLUMN agent_overrides text COLLATE "C";
