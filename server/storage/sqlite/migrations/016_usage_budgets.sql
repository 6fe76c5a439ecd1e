-- Usage, stats and budgets (API.md, "Human in the loop, interrupts, usage and budgets"): the token
-- counts the model providers reported, summed per session (every thread included) and per thread;
-- the turns, tool calls and time spent running; and the session's token budget (NULL: none).

ALTER TABLE sessions ADD COLUMN input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN cache_read_input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tool_calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN active_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN budget_max_total_tokens INTEGER;

ALTER TABLE session_threads ADD COLUMN input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN cache_read_input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN turns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN tool_calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_threads ADD COLUMN active_ms INTEGER NOT NULL DEFAULT 0;

-- A deployment's budget, copied into the session of each of its runs.
ALTER TABLE deployments ADD COLUMN budget_max_total_tokens INTEGER;
